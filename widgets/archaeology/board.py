"""A whole table drawn from what a seat may see (State.public_view): hands, market, chambers, piles.

Table screens draw only from a view, so a hidden card can reach the screen only if the engine's
view says that seat may see it."""
from html import escape

import ipywidgets as w

from rules.archaeology import components as C
from rules.archaeology.state import PHASE_NAMES
from widgets.archaeology.cards import pile

ROMAN = "ⅠⅡⅢⅣⅤ"   # chamber numbers as printed on the ruin tiles


def board_html(state, show_chambers=None, seat=None, reveal_all=True, names=None) -> str:
    """HTML of the table as `seat` sees it; reveal_all (the default, for teaching pages) shows every
    hand. Chambers are face down unless the ruin shows them (파묻힌 폐허) or show_chambers is set."""
    view = state.public_view(seat=seat, reveal_all=reveal_all)
    if reveal_all and not show_chambers and not C.ruin(state.ruin)["face_up"]:
        view["chambers"] = [sum(r.values()) for r in state.chambers]   # face-down rooms stay face down
    return view_html(view, names)


def view_html(view: dict, names=None) -> str:
    """HTML of a public_view: a number where the view holds a count, card pictures where it holds cards."""
    def who(p):
        return escape(names[p]) if names else f"플레이어 {p + 1}"

    tile = C.ruin(view["ruin"])
    deck = view["deck"] if isinstance(view["deck"], int) else sum(view["deck"].values())
    rows = [f"<div><b>{escape(tile['name'])}</b> · 발굴지 {deck}장 · "
            f"단계: {PHASE_NAMES[view['phase']]} · 차례: {who(view['turn'])}</div>"]
    rooms = "".join(
        f'<div style="margin:2px 6px"><small>{ROMAN[i]}번 방 ({_size(r)}장)</small>'
        f'{_cards(r, 46) if _size(r) else "<br><small>(빈 방)</small>"}</div>'
        for i, r in enumerate(view["chambers"]))
    rows.append(f'<div style="display:flex;flex-wrap:wrap">{rooms}</div>')
    rows.append(f"<div><small>시장</small>{pile(view['market'], 50)}</div>")
    if _size(view["pile"]):
        rows.append(f"<div><small>파묻힌 폐허 보물 더미: {_size(view['pile'])}장 (뒷면)</small></div>")
    rows.append(f"<div><small>버린 카드 더미</small>{pile(view['discard'], 50)}</div>")
    for p, hand in enumerate(view["hands"]):
        tents = view["tents"][p]
        tent = "⛺" * tents if tents else "천막 없음"
        # an empty hand: the line's "패 0장" says it, with no "(없음)" trailing the score
        rows.append(f"<div><small>{who(p)} · 패 {_size(hand)}장 · {tent} · 점수 {view['scores'][p]}</small>"
                    f"{_cards(hand, 50) if _size(hand) else ''}</div>")
    for p, rooms_seen in view["seen"].items():
        for room, cards in sorted(rooms_seen.items()):
            rows.append(f"<div><small>{who(int(p))}만 아는 것: 신전 {ROMAN[int(room)]}번 방을 엿본 내용"
                        f"</small>{pile(cards, 50)}</div>")
    return "".join(rows)


def _size(cards) -> int:
    return cards if isinstance(cards, int) else sum(cards.values())


def _cards(cards, width) -> str:
    """Card pictures, or one face-down card with the count when the view holds only a count."""
    if isinstance(cards, int):
        return pile({"back": cards}, width, face_down=True) if cards else pile({}, width)
    return pile(cards, width)


def board(state, **options) -> w.HTML:
    return w.HTML(board_html(state, **options), layout=w.Layout(max_width="100%"))


def steps(state, actions) -> w.VBox:
    """A worked example kept short: the table before, the moves as a numbered list, the table after."""
    after, moves = state, []
    for action in actions:
        moves.append(f"<li>{escape(action.describe())}</li>")
        after = after.apply(action)
    return w.VBox([w.HTML("<b>처음</b>"), board(state), w.HTML(f"<b>진행</b><ol>{''.join(moves)}</ol>"),
                   w.HTML("<b>그 뒤</b>"), board(after)], layout=w.Layout(max_width="100%"))
