"""구성품 browser: all 78 components drawn from the engine's data, searchable by Korean or English name and
filtered by kind, cost, essence, dragon/creature, name source and 잠정값."""
from html import escape
from types import SimpleNamespace

import ipywidgets as w

from rules.res_arcana import components as C
from widgets.common import info, quiet_name, row, wide
from widgets.res_arcana.cards import KIND_NAMES, MARK, TYPE_NAMES, card_row, is_provisional, official_name

# "" means no filter: a Dropdown whose value is None shows a blank box
KINDS = [("모든 종류", "")] + [(KIND_NAMES[k], k) for k in ("mage", "item", "monument", "place", "artifact")]
ESSENCE_FILTER = [("모든 정수", "")] + [(C.ess(e), e) for e in C.ESSENCES]
COST_FILTER = [("모든 비용", ""), ("비용 0", (0, 0)), ("1~3개", (1, 3)), ("4~6개", (4, 6)), ("7개 이상", (7, 99))]
BEAST_FILTER = [("용족·생물 상관없이", ""), ("용족", "dragon"), ("생물", "creature"), ("둘 다 아닌 것", "none")]
NAME_FILTER = [("이름 출처 상관없이", ""), ("규칙서의 이름", "seed"), ("비공식 번역 이름", "ours")]


UNOFFICIAL_TAG = ' <small style="color:#5f5f5f">(비공식)</small>'


def uses_essence(c: str, e: str) -> bool:
    """Does the essence appear anywhere on the card: cost, collect, powers?"""
    if e in C.COST[c]:
        return True
    text = repr(C.COLLECT.get(c, [])) + repr([(p["cost"], p["effect"]) for p in C.POWERS.get(c, [])])
    return f"'{e}'" in text or (e != "G" and "'ELCD'" in text)


def matches(c: str, query="", kind="", essence="", cost="", beast="", names="", provisional=False) -> bool:
    q = query.strip().lower()
    if q and q not in C.name(c).lower() and q not in C.EN[c].lower() and q not in c:
        return False
    if kind and C.KIND[c] != kind:
        return False
    if essence and not uses_essence(c, essence):
        return False
    if cost and not cost[0] <= C.cost_total(c) <= cost[1]:
        return False
    if beast == "none" and C.TYPES[c]:
        return False
    if beast in TYPE_NAMES and beast not in C.TYPES[c]:
        return False
    if names and official_name(c) != (names == "seed"):
        return False
    return not provisional or is_provisional(c)


def card_browser(query="", kind="") -> w.VBox:
    search = w.Text(value=query, placeholder="이름 (한국어·영어)", description="찾기", layout=w.Layout(width="260px",
                                                                                              max_width="95%"))
    kinds = quiet_name(w.Dropdown(options=KINDS, value=kind, layout=wide()), "종류")
    essence = quiet_name(w.Dropdown(options=ESSENCE_FILTER, layout=wide()), "정수")
    cost = quiet_name(w.Dropdown(options=COST_FILTER, layout=wide()), "비용")
    beast = quiet_name(w.Dropdown(options=BEAST_FILTER, layout=wide()), "용족·생물")
    names = quiet_name(w.Dropdown(options=NAME_FILTER, layout=wide()), "이름 출처")
    provisional = w.Checkbox(value=False, description="잠정값이 있는 것만", indent=False, layout=wide())
    message, view = w.HTML(), w.HTML(layout=w.Layout(max_width="100%"))

    def refresh(_=None):
        found = [c for c in C.ALL if matches(c, search.value, kinds.value, essence.value, cost.value, beast.value,
                                            names.value, provisional.value)]
        if not found:
            message.value = info("조건에 맞는 구성품이 없습니다. 찾는 말을 줄이거나 거르기를 풀어 보세요.")
            view.value = ""
            return
        message.value = ""
        view.value = browser_html(found)

    for control in (search, kinds, essence, cost, beast, names, provisional):
        control.observe(refresh, "value")
    refresh()
    ui = w.VBox([row(search, kinds, essence), row(cost, beast, names, provisional), message, view],
                layout=w.Layout(max_width="100%"))
    ui.parts = SimpleNamespace(search=search, kinds=kinds, essence=essence, cost=cost, beast=beast, names=names,
                               provisional=provisional, message=message, view=view)
    return ui


def browser_html(found) -> str:
    rows = "".join(
        f"<tr><td>{escape(C.name(c))}{'' if official_name(c) else UNOFFICIAL_TAG}</td>"
        f"<td>{escape(C.EN[c])}</td><td>{KIND_NAMES[C.KIND[c]]}</td>"
        f"<td>{escape(C.cost_text(C.COST[c])) if C.COST[c] else '-'}</td><td>{C.VP[c]}{'+' if c in C.VP_ON else ''}</td>"
        f"<td>{MARK if is_provisional(c) else ''}</td></tr>" for c in found)
    return (f"<div><b>{len(found)}개</b> · 이름 옆 (비공식)은 규칙서에 한국어 이름이 없어 우리가 옮긴 이름입니다.</div>"
            + card_row(found)
            + '<details><summary>표로 보기</summary><div style="overflow-x:auto;max-width:100%"><table style="font-size:90%">'
            "<tr><th>한국어</th><th>영어</th><th>종류</th><th>비용</th><th>승점</th><th></th></tr>"
            + rows + "</table></div></details>")
