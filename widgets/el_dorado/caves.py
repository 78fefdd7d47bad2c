"""동굴 토큰: every kind with how many there are (잠정값 where no source confirms it), what it does, and the
odds of the first token a cave gives, from the engine's own chance outcomes."""
from html import escape

import ipywidgets as w

from rules import el_dorado as E
from rules.el_dorado import components as C
from widgets.common import odds_text

EFFECTS = {"draw": "카드 1장을 더 뽑아 손에 듭니다 (바로 쓸 수 있음)",
           "remove": "손의 카드 1장을 게임에서 제거합니다",
           "replace": "손의 카드를 4장까지 내려놓고 그만큼 뽑습니다 (내려놓은 카드의 효과는 없음)",
           "keep_item": "방금 효과를 쓴 1회용 카드 대신 이 토큰을 제거합니다 (카드는 버린 카드 더미로)",
           "pass_occupied": "이번 차례에 다른 말이 있는 칸으로 가거나 지나갈 수 있습니다 (산은 안 됨)",
           "native": "원주민 카드처럼 요구치를 무시하고 옆 칸으로 (말이 있는 칸·산은 안 됨)",
           "change_symbol": "다음에 쓰는 카드의 기호를 바꿉니다 (예: 인도자를 노 3으로)"}


def token_effect(token: str) -> str:
    """What a cave token does, in full."""
    effect = EFFECTS.get(token)
    if effect is None:
        symbol, power = C.TOKEN_POWER[token]
        effect = (f"{C.SYMBOL_NAMES[symbol]} {power} 카드처럼 한 번 씁니다"
                  + (" (구매할 때 금화로도)" if symbol == "coin" else ""))
    return effect


def first_token_odds() -> list:
    """(token, probability) of the first token drawn from a fresh cave, as the engine gives them."""
    s = E.scenario(players=3, caves=True, pawns=[["0,0"], ["-2,-1"], ["-1,-2"]], hands=[{"explorer": 1}, {}, {}])
    s = s.apply(E.Move(0, "0,1", "explorer")).apply(E.Explore(0, s.board.caves.index("0,2")))
    return [(o.token, p) for o, p in s.chance_outcomes()]


def token_table() -> w.HTML:
    provisional = C.DATA["cave_tokens"]["status"] == "unverified"
    mark = (' <span style="background:#f1c40f;padding:0 3px;border-radius:3px;font-size:80%" '
            'title="잠정값: 종류별 수는 확인되지 않음">잠정값</span>') if provisional else ""
    rows = []
    for token, p in first_token_odds():
        effect = token_effect(token)
        rows.append(f"<tr><td>{escape(C.token_name(token))}</td><td style='text-align:center'>{C.TOKEN_COUNTS[token]}</td>"
                    f"<td><small>{escape(effect)}</small></td><td><small>{odds_text(p)}</small></td></tr>")
    return w.HTML(f"<div><b>동굴 토큰 {sum(C.TOKEN_COUNTS.values())}개</b>{mark}</div>"
                  "<div style='max-width:100%;overflow-x:hidden'><table style='font-size:90%'><tr><th>토큰</th><th>수</th>"
                  "<th>효과</th><th>첫 토큰일 확률</th></tr>" + "".join(rows) + "</table></div>",
                  layout=w.Layout(max_width="100%"))
