"""The deck-cycle simulator: one player's deck, hand and discard pile through turns. Each button is an
engine action (cards played, a card removed as at a basecamp, the turn ended, the cards drawn back up
to 4 with the reshuffle when the deck runs out); before each draw the exact odds of the next hand
come from what the player can know (rules/el_dorado/odds.py)."""
import random
from html import escape

import ipywidgets as w

from rules import el_dorado as E
from rules.core import CHANCE, IllegalAction, sample_chance
from rules.el_dorado import components as C, odds
from widgets.common import button, error, info, odds_bars, row, wide
from widgets.el_dorado.cards import cards_text, pile, parse_cards

COLOURS = {"green": "#3f8f3f", "blue": "#2f78c4", "yellow": "#d9a520", "white": "#999", "purple": "#7b4fa0"}
REMOVALS = C.TOKEN_COUNTS["remove"]   # 카드 제거 tokens lent to the player: each removes a card as a basecamp does


class DeckCycle:
    def __init__(self, bought="", seed=1):
        self.bought = w.Text(value=bought, placeholder="예: 개척자 1, 측량사 1", description="산 카드",
                             layout=w.Layout(width="300px", max_width="95%"))
        self.pick = w.Dropdown(description="카드", layout=wide())
        self.message, self.picture, self.odds_html = w.HTML(), w.HTML(layout=w.Layout(max_width="100%")), w.HTML()
        self.seed = seed
        self.widget = w.VBox([
            row(self.bought, button("새 덱으로 시작", self.start, "primary")),
            row(button("손의 카드를 모두 쓰고 차례 마치기", self.play_all, "info"),
                button("카드를 들고 차례 마치기", self.keep_all)),
            row(self.pick, button("이 카드를 게임에서 제거 (베이스캠프)", self.remove, "warning")),
            row(button("다음 1장 뽑기", self.draw_one), button("4장까지 모두 뽑기", self.draw_all, "success")),
            self.message, self.odds_html, self.picture], layout=w.Layout(max_width="100%"))
        self.start()

    def start(self):
        try:
            extra = parse_cards(self.bought.value, "산 카드", C.MARKET_CARDS) or {}
        except IllegalAction as exc:
            self.message.value = error(str(exc))
            return
        if any(n > C.MARKET_COPIES[c] for c, n in extra.items()):
            self.message.value = error("시장 카드는 종류마다 3장뿐입니다.")
            return
        deck = dict(C.STARTER_DECK)
        for c, n in extra.items():
            deck[c] = deck.get(c, 0) + n
        self.rng = random.Random(self.seed)
        self.total = sum(deck.values())
        # two other seats with nothing to do, so that the turn comes back at once
        stacks = {c: n - extra.get(c, 0) for c, n in C.MARKET_COPIES.items() if n > extra.get(c, 0)}
        slots = [c if c in stacks else None for c in C.START_MARKET]
        self.state = E.scenario(players=3, hands=[{}, {}, {}], decks=[deck, {}, {}], stacks=stacks, slots=slots,
                                tokens=[{"remove": REMOVALS}, {}, {}])
        self.state = self.state.apply(E.EndTurn())       # the first hand: 4 cards drawn from the shuffled deck
        self.turns = 0
        self.message.value = ""
        self.render()

    def act(self, action):
        try:
            self.state = self.state.apply(action)
        except IllegalAction as exc:
            self.message.value = error(str(exc))
            return False
        return True

    def play_all(self):
        if not self.ready():
            return
        for c in sorted(self.state.hands[0]):
            for _ in range(self.state.hands[0][c]):
                self.act(E.Spend(c))                      # played: to the play area, then the discard pile
        self.act(E.EndTurn())
        self.after_turn()

    def keep_all(self):
        if not self.ready():
            return
        self.act(E.EndTurn())
        if self.state.current_player() == 0 and self.state.phase == "discard":
            self.act(E.Done())
        self.after_turn()

    def remove(self):
        if not self.ready():
            return
        if self.pick.value is None:
            self.message.value = error("손에 제거할 카드가 없습니다.")
            return
        if not self.state.held[0].get("remove"):
            self.message.value = error(f"이 시뮬레이터에서는 카드를 {REMOVALS}장까지 제거할 수 있습니다. "
                                       "'새 덱으로 시작'으로 다시 시작하세요.")
            return
        if self.act(E.UseToken("remove", self.pick.value)):
            self.message.value = info(f"{C.name(self.pick.value)} 카드를 상자에 넣었습니다: 이 덱에서 영영 빠집니다.")
        self.render()

    def ready(self) -> bool:
        if self.state.current_player() == CHANCE:
            self.message.value = error("먼저 카드를 뽑으세요 (손에 4장이 될 때까지).")
            self.render()
            return False
        return True

    def after_turn(self):
        self.pass_others()
        self.turns += 1
        self.message.value = ""
        self.render()

    def draw_one(self):
        s = self.state
        if s.current_player() != CHANCE or s.turn != 0:
            self.message.value = error("지금은 뽑을 차례가 아닙니다: 먼저 차례를 마치세요.")
            return self.render()
        self.state = s.apply(sample_chance(s, self.rng))
        self.pass_others()
        self.message.value = ""
        self.render()

    def draw_all(self):
        if self.state.current_player() != CHANCE or self.state.turn != 0:
            self.message.value = error("지금은 뽑을 차례가 아닙니다: 먼저 차례를 마치세요.")
            return self.render()
        while self.state.current_player() == CHANCE and self.state.turn == 0:
            self.state = self.state.apply(sample_chance(self.state, self.rng))
        self.pass_others()
        self.message.value = ""
        self.render()

    def pass_others(self):
        """The two empty seats end their turns, so that the simulated player is to move again."""
        while self.state.turn != 0 and self.state.current_player() >= 0:
            self.state = self.state.apply(E.EndTurn())

    def render(self):
        s = self.state
        hand = s.hands[0]
        chosen = self.pick.value
        self.pick.options = [(C.name(c), c) for c in sorted(hand, key=C.CARDS.index)]
        self.pick.value = chosen if chosen in hand else (self.pick.options[0][1] if hand else None)
        drawing = s.current_player() == CHANCE and s.turn == 0
        left = s.todo[0][1] if drawing else 0
        deck_n, discard_n = sum(s.decks[0].values()), sum(s.discards[0].values())
        owned = sum(sum(z[0].values()) for z in (s.decks, s.hands, s.discards, s.plays))
        head = (f"<div><b>{self.turns}차례 뒤</b> · 더미 {deck_n}장 · 버린 카드 {discard_n}장 · "
                f"게임에서 제거 {self.total - owned}장</div>")
        if drawing:
            note = (" 더미에 남은 카드보다 많이 뽑으면 더미를 다 뽑은 뒤 버린 카드 더미를 섞어 새 더미를 만듭니다."
                    if left > deck_n else "")
            rows = [(C.name(c), odds.chance_of_drawing(s, c, left), COLOURS[C.COLOUR[c]])
                    for c in sorted(self.owned(s), key=C.CARDS.index)]
            nxt = odds.next_draw_odds(s)
            self.odds_html.value = (
                f"<div><b>앞으로 {left}장을 뽑습니다.</b>{escape(note)}</div>"
                f"<div><small>뽑을 {left}장 가운데 1장 이상 나올 확률</small></div>" + odds_bars(rows)
                + "<div><small>바로 다음 1장: " + escape(", ".join(f"{C.name(c)} {p.numerator}/{p.denominator}"
                                                                 for c, p in nxt.items())) + "</small></div>")
        else:
            self.odds_html.value = "<div><small>차례를 마치면 뽑을 카드의 확률이 나옵니다.</small></div>"
        self.picture.value = (head + f"<div><small>손</small>{pile(hand, 50)}</div>"
                              f"<div><small>더미 (순서는 모름: {escape(cards_text(s.decks[0]))})</small></div>"
                              f"<div><small>버린 카드</small>{pile(s.discards[0], 42)}</div>")

    def owned(self, s) -> set:
        return set(s.decks[0]) | set(s.discards[0])


def deck_cycle(**options) -> w.VBox:
    return DeckCycle(**options).widget
