"""구성품 browser: every card used at a player count and variants, drawn as cards, counted by the engine."""
from html import escape
from types import SimpleNamespace

import ipywidgets as w

from rules.core import IllegalAction
from rules.archaeology import components as C
from widgets.archaeology.cards import LIST, card
from widgets.archaeology.options import chosen_variants, player_picker, variant_boxes
from widgets.common import cards_html, error, info, row


def card_browser(num_players: int = 4, variants=()) -> w.VBox:
    """Pick 플레이어 수 and 응용 규칙; see every card in play with its copies and values."""
    players = player_picker(num_players)
    boxes = variant_boxes(variants)
    message = w.HTML()
    view = w.HTML(layout=w.Layout(max_width="100%"))

    def refresh(_=None):
        n, chosen = players.value, chosen_variants(boxes)
        try:
            # The ruin does not change the cards in play; any valid one lets the engine check the rest.
            C.check_options(n, C.RUINS[0], chosen)
        except IllegalAction as exc:
            message.value = error(str(exc))   # the previous table stays on screen
            return
        message.value = ""
        view.value = cards_in_play_html(n, chosen)

    players.observe(refresh, "value")
    for box in boxes.values():
        box.observe(refresh, "value")
    refresh()
    ui = w.VBox([row(players, *boxes.values()), message, view], layout=w.Layout(max_width="100%"))
    ui.parts = SimpleNamespace(players=players, variants=boxes, message=message, view=view)
    return ui


def cards_in_play_html(num_players: int, variants=()) -> str:
    cards = C.game_cards(num_players, variants)
    used = [t for t in C.TREASURES if t in cards]
    removed = [t for t in C.TREASURES if t not in cards]
    treasures = sum(cards[t] for t in used)
    storm_note = f' <a href="{LIST}">잠정값</a>' if C.sandstorms_unverified(num_players, variants) else ""
    parts = [f"<div><b>{num_players}인 게임</b> · 보물 카드 {treasures}장 (지도 {cards['map']}장 포함) · "
             f"도둑 {cards['thief']}장 · 모래 폭풍 {cards['sandstorm']}장{storm_note} · "
             f"천막 {cards['tent']}장 · 모두 {sum(cards.values())}장</div>",
             "<div><small>보물 카드 (오른쪽 위 검은 원 = 게임에 쓰는 장수)</small></div>",
             cards_html(card(t, cards[t], width=108) for t in used)]
    if removed:
        names = ", ".join(C.name(t) for t in removed)
        parts.append(f"<div><small>상자에 남기는 보물: {escape(names)}</small></div>"
                     + cards_html(f'<span style="opacity:.35">{card(t, 0, width=60)}</span>' for t in removed))
    parts.append("<div><small>특수 카드</small></div>")
    parts.append(cards_html(card(t, cards[t], width=108) for t in C.SPECIALS))
    left = {t: C.COPIES[t] - cards[t] for t in C.SPECIALS if C.COPIES[t] > cards[t]}
    if left:
        parts.append(info("쓰지 않는 특수 카드는 상자에: "
                          + ", ".join(f"{C.name(t)} {n}장" for t, n in left.items())))
    parts.append(_value_table(used))
    return "".join(parts)


def _value_table(types) -> str:
    """The numbers printed on the cards, readable on a phone (the SVG text is small)."""
    mark = ' <small style="background:#f1c40f;padding:0 3px">잠정값</small>'
    rows = []
    for t in types:
        trade = f"{C.TRADE[t]}{mark if C.is_unverified(t, 'trade') else ''}"
        sale = " · ".join(f"{n}장 {v}" for n, v in enumerate(C.SALE[t], start=1))
        rows.append(f"<tr><td>{escape(C.name(t))}</td><td>{C.COPIES[t]}</td><td>{trade}</td>"
                    f"<td>{sale}{mark if C.is_unverified(t, 'sale') else ''}</td></tr>")
    return ('<div style="overflow-x:auto;max-width:100%"><table style="font-size:90%">'
            "<tr><th>보물</th><th>희소성</th><th>교환 가치</th><th>판매 가치 (묶음 크기: 점수)</th></tr>"
            + "".join(rows) + "</table></div>")
