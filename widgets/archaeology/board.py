"""A whole table drawn from a State: hands, market, ruin chambers, dig deck and discard pile."""
from html import escape

import ipywidgets as w

from rules.archaeology import components as C
from rules.archaeology.state import PHASE_NAMES
from widgets.archaeology.cards import pile

ROMAN = "ⅠⅡⅢⅣⅤ"   # chamber numbers as printed on the ruin tiles


def board_html(state, show_hands=True, show_chambers=None) -> str:
    """HTML of the table. Chambers are face down unless the ruin shows them (파묻힌 폐허) or asked."""
    tile = C.ruin(state.ruin)
    face_up = tile["face_up"] if show_chambers is None else show_chambers
    scores = state.scores()
    rows = [f"<div><b>{escape(tile['name'])}</b> · 발굴지 {sum(state.deck.values())}장 · "
            f"단계: {PHASE_NAMES[state.phase]} · 차례: 플레이어 {state.turn + 1}</div>"]
    rooms = "".join(
        f'<div style="margin:2px 6px"><small>{ROMAN[i]}번 방 ({sum(r.values())}장)</small>'
        f'{pile(r, 46, face_down=not face_up) if r else "<br><small>(빈 방)</small>"}</div>'
        for i, r in enumerate(state.chambers))
    rows.append(f'<div style="display:flex;flex-wrap:wrap">{rooms}</div>')
    rows.append(f"<div><small>시장</small>{pile(state.market, 50)}</div>")
    if state.pile:
        rows.append(f"<div><small>파묻힌 폐허 보물 더미: {sum(state.pile.values())}장</small></div>")
    rows.append(f"<div><small>버린 카드 더미</small>{pile(state.discard, 40)}</div>")
    if show_hands:
        for p, hand in enumerate(state.hands):
            tent = "⛺" * state.tents[p] if state.tents[p] else "천막 없음"
            rows.append(f"<div><small>플레이어 {p + 1} · {tent} · 점수 {scores[p]}</small>{pile(hand, 50)}</div>")
    return "".join(rows)


def board(state, **options) -> w.HTML:
    return w.HTML(board_html(state, **options), layout=w.Layout(max_width="100%"))


def steps(state, actions) -> w.VBox:
    """A worked example: each action's Korean description followed by the table after it."""
    items = [w.HTML("<b>처음 상황</b>"), board(state)]
    for action in actions:
        state = state.apply(action)
        items += [w.HTML(f"<b>▶ {escape(action.describe())}</b>"), board(state)]
    return w.VBox(items, layout=w.Layout(max_width="100%"))
