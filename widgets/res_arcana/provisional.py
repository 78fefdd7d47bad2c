"""잠정값 목록: every 레즈 아르카나 value no source confirms, read from the engine's data file and
written in the book's words (card names, power text), never as the file's raw entries."""
from html import escape

import ipywidgets as w

from rules.res_arcana import components as C
from rules.res_arcana.texts import ess_text, power_text
from widgets.res_arcana.cards import card_row, is_provisional

SOURCE_NAMES = {"seed": "규칙서", "ref": "참고 자료", "ref_single": "참고 자료 한 곳", "ours": "이 책"}


def value_text(value) -> str:
    """A data value as a reader sees it: names for component ids, power text for powers."""
    if isinstance(value, str):
        return C.name(value) if value in C.ALL else value
    if isinstance(value, dict) and set(value) <= set(C.ESSENCES):
        return ess_text(value)
    if isinstance(value, dict):        # the starter sets: {number: [mage, [cards]]}
        return " · ".join(f"{k}번: {value_text(v)}" for k, v in value.items())
    if isinstance(value, list) and value and all(isinstance(x, dict) and "effect" in x for x in value):
        return " / ".join(power_text(x) for x in value)
    if isinstance(value, list):
        return ", ".join(value_text(x) for x in value)
    return str(value)


def unverified_table() -> w.HTML:
    """One row per 잠정값 (what, value, where it came from), the unofficial names apart, then the marked cards."""
    rows = C.unverified()
    names = [r for r in rows if r[0].endswith("한국어 이름")]
    values = [r for r in rows if r not in names]

    def table(items):
        body = "".join(f"<tr><td>{escape(what)}</td><td><small>{escape(value_text(value))}</small></td>"
                       f"<td><small>{escape(note)}</small></td></tr>" for what, value, note in items)
        return ('<div style="overflow-x:auto;max-width:100%"><table style="font-size:90%"><tr><th>무엇</th>'
                f"<th>지금 쓰는 값</th><th>근거</th></tr>{body}</table></div>")

    sources = "".join(f"<li><b>{escape(SOURCE_NAMES.get(key, key))}</b>: {escape(text)}</li>"
                      for key, text in C.DATA["sources"].items())
    marked = [c for c in C.ALL if is_provisional(c)]
    return w.HTML(
        f"<div><b>잠정값 {len(values)}개</b> + <b>비공식 이름 {len(names)}개</b> · 고칠 곳: 구성품 자료 파일</div>"
        f"<h4>값</h4>{table(values)}"
        f"<details><summary><b>비공식 이름 {len(names)}개</b> (규칙서에 한국어 이름이 없는 구성품)</summary>{table(names)}</details>"
        f"<details><summary>출처</summary><ul>{sources}</ul></details>"
        f"<div><small>잠정값 표시가 붙은 카드 ({len(marked)}장)</small></div>" + card_row(marked),
        layout=w.Layout(max_width="100%"))
