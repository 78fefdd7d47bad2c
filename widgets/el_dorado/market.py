"""The purchase calculator: a hand, the cards sold out of the market, and which hand cards go to the
purchase; the engine adds the coins (yellow and white cards their number, every other card ½) and
says what can be bought, what cannot and why (the price, or the rule that the cards above the market
board can be bought only while a slot on it is empty). A purchase is then made by the engine."""
from html import escape

import ipywidgets as w

from rules import el_dorado as E
from rules.core import IllegalAction
from rules.core.korean import attach
from rules.el_dorado import components as C
from widgets.common import button, error, info, row, wide
from widgets.el_dorado.board import market_html
from widgets.el_dorado.hand import HandPicker


def coins_text(halves: int) -> str:
    """Half coins as the table says them: 7 -> '3½', 1 -> '½'."""
    whole, half = divmod(halves, 2)
    return (str(whole) if whole or not half else "") + ("½" if half else "")


class Purchase:
    def __init__(self, hand=None, sold_out=()):
        self.sold_out = list(sold_out)
        self.cards = HandPicker(hand if hand is not None else
                                {"traveler": 1, "photographer": 1, "explorer": 1, "sailor": 1},
                                most=8, on_change=self.update)
        self.gone = w.Dropdown(options=[(C.name(c), c) for c in C.MARKET_CARDS], description="다 팔린 카드",
                               style={"description_width": "initial"}, layout=wide())
        self.spend = w.VBox(layout=w.Layout(max_width="100%"))
        self.message, self.result = w.HTML(), w.HTML(layout=w.Layout(max_width="100%"))
        self.buttons = w.VBox(layout=w.Layout(max_width="100%"))
        market = w.VBox([row(self.gone, button("다 팔린 것으로", self.sell_out, "warning"),
                             button("시장 처음대로", self.reset_market))], layout=w.Layout(max_width="100%"))
        self.widget = w.VBox([w.HTML("<b>손에 든 카드</b>"), self.cards.widget, w.HTML("<b>시장</b>"), market,
                              w.HTML("<b>구매에 낼 카드</b>"), self.spend, self.message, self.result, self.buttons],
                             layout=w.Layout(max_width="100%"))
        self.update()

    def sell_out(self):
        c = self.gone.value
        if c in self.sold_out:
            self.message.value = error(f"{C.name(c)} 카드는 이미 다 팔린 것으로 되어 있습니다.")
            return
        self.sold_out.append(c)
        self.message.value = ""
        self.update()

    def reset_market(self):
        self.sold_out = []
        self.message.value = ""
        self.update()

    def position(self) -> E.State:
        """Player 1 to move with this hand; the sold-out stacks gone (a slot on the board left empty)."""
        hand = self.cards.counts
        stacks = {c: n - hand.get(c, 0) for c, n in C.MARKET_COPIES.items()
                  if c not in self.sold_out and n > hand.get(c, 0)}
        slots = [None if c in self.sold_out or c not in stacks else c for c in C.START_MARKET]
        return E.scenario(players=3, hands=[dict(self.cards.counts), {}, {}], stacks=stacks, slots=slots)

    def update(self):
        hand = self.cards.counts
        boxes = []
        for c, n in sorted(hand.items(), key=lambda x: C.CARDS.index(x[0])):
            for i in range(n):
                box = w.Checkbox(value=True, description=f"{C.name(c)}" + (f" ({i + 1})" if n > 1 else ""),
                                 indent=False, layout=wide())
                box.card = c
                box.observe(lambda _: self.compute(), "value")
                boxes.append(box)
        self.spend.children = boxes or [w.HTML("<small>(패가 비어 있습니다)</small>")]
        self.compute()

    def compute(self):
        try:
            s = self.position()
        except IllegalAction as exc:
            self.message.value = error(str(exc))
            self.result.value, self.buttons.children = "", []
            return
        lines = []
        for box in self.spend.children:
            if isinstance(box, w.Checkbox) and box.value:
                before = s.coins
                s = s.apply(E.Spend(box.card))
                lines.append(f"{C.name(box.card)} +{coins_text(s.coins - before)}")
        self.state = s
        total = coins_text(s.coins)
        buys = sorted((a for a in s.legal_actions() if isinstance(a, E.Buy)), key=lambda a: (C.COST[a.card], a.card))
        refused = []
        for c in C.MARKET_CARDS:
            if E.Buy(c) in buys or c in self.sold_out:
                continue
            try:
                s.apply(E.Buy(c))
            except IllegalAction as exc:
                refused.append(f"{C.name(c)}({C.COST[c]}): {exc.args[0]}")
        self.result.value = (
            f"<div><b>낸 금화: {total}개</b> <small>({escape(' · '.join(lines)) or '낸 카드 없음'})</small></div>"
            + (f"<div>살 수 있는 카드: {', '.join(f'{C.name(a.card)}({C.COST[a.card]})' for a in buys)}</div>"
               if buys else info("이 금화로 살 수 있는 카드가 없습니다."))
            + "<details><summary><small>살 수 없는 카드와 그 까닭</small></summary><small>"
            + "<br>".join(escape(r) for r in refused) + "</small></details>"
            + "<div><small>남는 금화는 버려집니다. 산 카드는 손이 아니라 버린 카드 더미로 갑니다.</small></div>"
            + market_html(s.slots, s.stacks))
        self.buttons.children = [row(*[button(f"{C.name(a.card)} 사기", lambda a=a: self.buy(a), "success")
                                       for a in buys])] if buys else []

    def buy(self, action):
        after = self.state.apply(action)
        moved = action.card not in self.state.slots
        self.message.value = info(
            f"{attach(C.name(action.card), '을')} 샀습니다: 버린 카드 더미로 갑니다."
            + (" 시장판 위쪽 더미라 남은 카드를 시장판의 빈칸으로 옮겼습니다." if moved else "")
            + f" 남은 금화 {coins_text(self.state.coins - 2 * C.COST[action.card])}개는 버려집니다.")
        self.result.value = ("<div><b>산 뒤의 시장</b></div>" + market_html(after.slots, after.stacks)
                             + f"<div><small>버린 카드 더미: {', '.join(C.name(c) for c in after.discards[0])}</small></div>")
        self.buttons.children = [row(button("다시 계산하기", self.compute, "primary"))]


def purchase(**options) -> w.VBox:
    return Purchase(**options).widget
