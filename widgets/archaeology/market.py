"""시장 물물교환: choose cards to give and to take; the engine says whether the trade is allowed."""
from html import escape
from types import SimpleNamespace

import ipywidgets as w

from rules.core import IllegalAction
from rules.archaeology import components as C
from rules.archaeology import scenario, trade_value
from widgets.archaeology.cards import card, card_text, in_order, pile, trade_note
from widgets.common import button, error, info, row, wide
from widgets.common.svg import tappable

HAND = {"coin": 2, "pot": 2, "talisman": 1, "parchment": 1}
MARKET = {"mask": 1, "cup": 1, "coin": 1, "pot": 2}


def market_table(hand=None, market=None):
    """Player 1's 기타 행동 with this hand and market (a 2-player game, cards left in the dig deck)."""
    return scenario(players=2, hands=[dict(HAND if hand is None else hand), {"pot": 1}],
                    market=dict(MARKET if market is None else market), deck={"map": 2})


def _picker(kind: str, most: int, value: int, verb: str) -> w.VBox:
    """A card picture above a 0..most count menu named for the card ("동전 내놓기"): a screen reader and
    a finger both know which card the count is for."""
    menu = w.Dropdown(options=[(f"{n}장", n) for n in range(most + 1)], value=min(value, most),
                      description=f"{C.name(kind)} {verb}", style={"description_width": "initial"},
                      layout=w.Layout(width="auto", max_width="100%"))
    menu.kind = kind
    return w.VBox([w.HTML(tappable(card(kind, most, width=64), card_text(kind, most))), menu],
                  layout=w.Layout(align_items="center", margin="0 6px 6px 0"))


def trade_checker(hand=None, market=None, give=None, take=None) -> w.VBox:
    """The table's own hand and market (entered by tapping card names), then 내놓을 카드 and 가져올 카드:
    the engine says whether the trade is allowed, and 교환하기 makes it."""
    start = {"hand": dict(HAND if hand is None else hand), "market": dict(MARKET if market is None else market)}
    entered = {z: dict(c) for z, c in start.items()}
    current = {"state": market_table(entered["hand"], entered["market"])}
    give_row, take_row = row(), row()
    check = w.Button(description="교환 가능?", button_style="info", layout=wide())
    trade = w.Button(description="교환하기", button_style="success", layout=wide())
    reset = w.Button(description="처음으로", layout=wide())
    answer = w.HTML(layout=w.Layout(max_width="100%"))
    after = w.HTML(layout=w.Layout(max_width="100%"))
    message, shown = w.HTML(), w.HTML(layout=w.Layout(max_width="100%"))
    zone = w.ToggleButtons(options=[("내 패에 넣기", "hand"), ("시장에 넣기", "market")], value="hand",
                           description="누른 카드를", style={"description_width": "initial"})

    def build(give_counts, take_counts):
        state = current["state"]
        hand_now, market_now = state.hands[state.turn], state.market
        give_row.children = [_picker(k, n, give_counts.get(k, 0), "내놓기") for k, n in in_order(hand_now)]
        take_row.children = [_picker(k, n, take_counts.get(k, 0), "가져오기") for k, n in in_order(market_now)]
        shown.value = (f"<small>우리 테이블: 내 패 {sum(entered['hand'].values())}장, "
                       f"시장 {sum(entered['market'].values())}장</small>")

    def restart(counts):
        """A new question from the entered hand and market; an impossible entry changes nothing."""
        try:
            state = market_table(counts["hand"], counts["market"])
        except IllegalAction as exc:
            message.value = error(str(exc))
            return
        entered.update({z: dict(c) for z, c in counts.items()})
        current["state"] = state
        message.value = answer.value = ""
        build({}, {})
        show_after()

    def add(kind):
        counts = {z: dict(c) for z, c in entered.items()}
        counts[zone.value][kind] = counts[zone.value].get(kind, 0) + 1
        restart(counts)

    def empty(which):
        restart({**entered, which: {}})

    def chosen(box) -> dict:
        return {p.children[1].kind: p.children[1].value for p in box.children if p.children[1].value}

    def on_check(_=None):
        give_now, take_now = chosen(give_row), chosen(take_row)
        try:
            current["state"].check_trade(give_now, take_now)
        except IllegalAction as exc:
            answer.value = "<b>❌ 아니요</b>" + error(str(exc))
            return False
        answer.value = "<b>⭕ 예</b>" + info(success_text(give_now, take_now), False)
        return True

    def on_trade(_):
        give_now, take_now = chosen(give_row), chosen(take_row)
        try:
            new = current["state"].trade(give_now, take_now)
        except IllegalAction as exc:
            answer.value = "<b>❌ 교환하지 못했습니다</b>" + error(str(exc))
            return
        current["state"] = new
        answer.value = info("교환했습니다. " + success_text(give_now, take_now), False)
        build({}, {})
        show_after()

    def show_after():
        state = current["state"]
        after.value = (f"<div><small>지금 내 패 (교환 가치 합 {trade_value(state.hands[state.turn])})</small>"
                       f"{pile(state.hands[state.turn], 50)}</div>"
                       f"<div><small>지금 시장</small>{pile(state.market, 50)}</div>")

    check.on_click(on_check)
    trade.on_click(on_trade)
    reset.on_click(lambda _: restart(start))
    adders = {k: button(f"{C.name(k)} +1", lambda k=k: add(k)) for k in C.TREASURES}
    table = w.VBox([w.HTML("<b>우리 테이블의 패와 시장</b> <small>(카드 이름을 누를 때마다 1장씩 넣습니다)</small>"),
                    zone, row(*adders.values()),
                    row(button("내 패 비우기", lambda: empty("hand")), button("시장 비우기", lambda: empty("market"))),
                    shown, message], layout=w.Layout(max_width="100%"))
    build(give if give is not None else {"coin": 2}, take if take is not None else {"mask": 1})
    on_check()       # the snapshot opens with an answered question
    show_after()
    ui = w.VBox([table, w.HTML("<b>내놓을 카드</b> <small>(내 패에서 장수 고르기)</small>"), give_row,
                 w.HTML("<b>가져올 카드</b> <small>(시장에서 장수 고르기)</small>"), take_row,
                 row(check, trade, reset), answer, after], layout=w.Layout(max_width="100%"))
    ui.parts = SimpleNamespace(give=give_row, take=take_row, check=check, trade=trade, reset=reset,
                               answer=answer, after=after, state=lambda: current["state"], zone=zone,
                               adders=adders, message=message)
    return ui


def success_text(give: dict, take: dict) -> str:
    """The totals of a trade the engine accepted, and the change nobody gets back."""
    gv, tv = trade_value(give), trade_value(take)
    diff = f"차액 {gv - tv}만큼은 돌려받지 못합니다." if gv > tv else "차액 없음."
    return (escape(f"내놓는 카드 ({_names(give)}) 합 {gv} ≥ 가져올 카드 ({_names(take)}) 합 {tv}. {diff}")
            + trade_note(set(give) | set(take)))


def _names(cards: dict) -> str:
    return ", ".join(f"{C.name(k)} {n}장" for k, n in cards.items() if n)
