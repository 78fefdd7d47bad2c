"""응용 규칙: what a variant changes in the cards of a game, and who starts under 운 좋은 초심자."""
from html import escape
from types import SimpleNamespace

import ipywidgets as w

from rules import archaeology as A
from rules.archaeology import components as C
from rules.core import IllegalAction
from widgets.archaeology.cards import LIST, pile
from widgets.archaeology.options import chosen_variants, player_picker, variant_boxes
from widgets.common import button, error, info, row


def makeup_html(players: int, variants) -> str:
    """Cards in play without and with the variants, side by side; changed rows highlighted."""
    base, changed = C.game_cards(players), C.game_cards(players, variants)
    rows = []
    for t in C.TREASURES + C.SPECIALS:
        a, b = base.get(t, 0), changed.get(t, 0)
        mark = ' style="background:#fff3cd;font-weight:bold"' if a != b else ""
        if t == "sandstorm":
            a, b = _sandstorm_cell(players, ()), _sandstorm_cell(players, variants)
        rows.append(f"<tr{mark}><td>{C.name(t)}</td><td>{a or '–'}</td><td>{b or '–'}</td></tr>")
    uses = (C.tent_uses(), C.tent_uses(variants))
    mark = ' style="background:#fff3cd;font-weight:bold"' if uses[0] != uses[1] else ""
    rows.append(f"<tr{mark}><td>천막 1장의 사용 횟수</td><td>{uses[0]}회</td><td>{uses[1]}회</td></tr>")
    totals = (sum(base.values()), sum(changed.values()))
    rows.append(f"<tr><td><b>합계</b></td><td>{totals[0]}장</td><td>{totals[1]}장</td></tr>")
    return ("<table><tr><th>카드</th><th>기본</th><th>응용 규칙 적용</th></tr>" + "".join(rows) + "</table>")


def _sandstorm_cell(players: int, variants) -> str:
    """The sandstorm count, with the 잠정값 mark where no source confirms it for this player count."""
    n = C.sandstorms(players, variants)
    return f'{n} <a href="{LIST}">잠정값</a>' if C.sandstorms_unverified(players, variants) else str(n)


def lucky_html(players: int, variants, seed: int, sand_order=None) -> str:
    """A dealt game with 운 좋은 초심자: each hand's trade total and the start player the engine picks.

    sand_order: players from the one who most recently walked on sand (the tie-break); default 1, 2, ...
    """
    state = A.new_game(num_players=players, seed=seed, variants=tuple(variants) + ("lucky",),
                       sand_order=sand_order)
    order = " → ".join(str(p + 1) for p in (sand_order or range(players)))
    rows = "".join(
        f"<div><small>{'⭐ ' if p == state.start_player else ''}플레이어 {p + 1} · 교환 가치 합계 "
        f"<b>{A.trade_value(hand)}</b></small>{pile(hand, 50)}</div>" for p, hand in enumerate(state.hands))
    return rows + info(f"선 플레이어: 플레이어 {state.start_player + 1} (교환 가치 합계가 가장 낮은 사람. "
                       f"동점이면 모래를 가장 최근에 밟은 사람 먼저: {order})")


def variant_compare(players: int = 3, variants=("long",), seed: int = 1) -> w.VBox:
    """Player count and variant checkboxes in, the engine's card counts (and lucky start player) out."""
    count = player_picker(players, "인원")
    boxes = variant_boxes(variants)
    message, table, lucky = w.HTML(), w.HTML(), w.HTML()
    state = {"seed": seed}

    def update(_=None):
        chosen = chosen_variants(boxes)
        try:
            C.check_options(count.value, C.RUINS[0], chosen)   # any ruin: it does not change the cards
        except IllegalAction as exc:
            message.value = error(str(exc))   # the previous comparison stays on screen
            return
        message.value = ""
        names = ", ".join(C.VARIANTS[k] for k in chosen) or "없음"
        table.value = f"<div><small>{count.value}인 · 적용: {escape(names)}</small></div>" + makeup_html(
            count.value, chosen)
        lucky.value = (f"<b>운 좋은 초심자: 선 플레이어 정하기</b> <small>(나눈 번호 {state['seed']})</small>"
                       + lucky_html(count.value, [k for k in chosen if k != "lucky"], state["seed"])
                       if "lucky" in chosen else "")

    def deal_again():
        state["seed"] += 1
        update()

    count.observe(update, "value")
    for b in boxes.values():
        b.observe(update, "value")
    update()
    ui = w.VBox([row(count, *boxes.values(), button("다시 나누기", deal_again)), message, table, lucky],
                layout=w.Layout(max_width="100%"))
    ui.parts = SimpleNamespace(players=count, variants=boxes, message=message, table=table, lucky=lucky)
    return ui
