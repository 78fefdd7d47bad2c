"""The state of a game of 아키올로지 and its rules: whose move, what is legal, what an action does."""
from fractions import Fraction
from itertools import combinations
from math import comb

from rules.core import CHANCE, TERMINAL, GameState, IllegalAction
from rules.core import multiset as ms
from rules.core.korean import attach
from rules.archaeology import components as C
from rules.archaeology.actions import (
    Bury, CancelTrade, ChooseVictim, CloseTrade, Draw, EndTurn, Explore, Keep, MineContinue,
    MineStop, Offer, Peek, Refill, Reveal, Sell, SphinxReveal, Steal, Take, UseTent,
)

# Phases. Chance phases are resolved by an outcome, the others by a player's decision.
DIG, STEAL, REFILL, MINE_REVEAL, SPHINX = "dig", "steal", "refill", "mine_reveal", "sphinx"
THIEF, TENT, BURY, ACTIONS, TRADE, TOMB, MINE, OVER = (
    "thief", "tent", "bury", "actions", "trade", "tomb", "mine", "over")
CHANCE_PHASES = frozenset({DIG, STEAL, REFILL, MINE_REVEAL, SPHINX})
PHASE_NAMES = {
    DIG: "보물 발굴", STEAL: "도둑의 강탈", REFILL: "파묻힌 폐허 보충", MINE_REVEAL: "광산 공개",
    SPHINX: "스핑크스 공개", THIEF: "도둑 대상 지목", TENT: "천막 사용 선언", BURY: "모래 폭풍 손실",
    ACTIONS: "기타 행동", TRADE: "시장 물물교환", TOMB: "묘실 선택", MINE: "광산 계속 여부", OVER: "게임 종료",
}


_FIELDS = ("num_players", "ruin", "variants", "deck", "hands", "market", "discard", "museum",
           "chambers", "pile", "box", "tents", "turn", "phase", "queue", "sheltered", "to_bury",
           "victim", "offer", "taken", "dug", "acted", "explored", "sold", "peeks", "chamber",
           "revealed", "named", "refill_next", "passes", "compulsory", "seen", "last_bust",
           "start_player")


def trade_value(cards: dict) -> int:
    return sum(C.TRADE[c] * n for c, n in cards.items())


class State(GameState):
    """An immutable game state: apply() returns a new State and never changes this one."""

    __slots__ = _FIELDS + ("_legal",)
    PHASE_NAMES = PHASE_NAMES
    FIELDS = _FIELDS

    # --- protocol ------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.phase in CHANCE_PHASES:
            return CHANCE
        return self.queue[0] if self.phase in (TENT, BURY) else self.turn

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def chance_outcomes(self) -> list:
        """[(outcome, probability)] of the chance node, exact fractions summing to 1."""
        if self.phase == DIG:
            return _uniform_draw(self.deck, Draw)
        if self.phase == STEAL:
            return _uniform_draw(self.hands[self.victim], Steal)
        if self.phase == REFILL:
            return _uniform_draw(self.pile, lambda card: Refill(card, self.refill_next))
        if self.phase == MINE_REVEAL:
            return _uniform_draw(self.chambers[self.chamber], Reveal)
        if self.phase == SPHINX:
            room = self.chambers[self.chamber]
            k = min(C.SPHINX_REVEAL, ms.size(room))
            total = comb(ms.size(room), k)
            return [(SphinxReveal(cards), Fraction(_ways(room, cards), total))
                    for cards in ms.sub_multisets(room, k)]
        return []

    def scores(self) -> list:
        return [sum(C.sale_value(c, n) for c, n in sales) for sales in self.museum]

    def cards_sold(self) -> list:
        return [sum(n for _, n in sales) for sales in self.museum]

    def winners(self) -> list:
        """Highest score; a tie goes to whoever sold fewer cards; a tie on both is shared."""
        ranking = [(s, -n) for s, n in zip(self.scores(), self.cards_sold())]
        best = max(ranking)
        return [p for p, r in enumerate(ranking) if r == best]

    def _restore(self, data):
        self.variants = tuple(self.variants)
        self.museum = [[tuple(sale) for sale in sales] for sales in self.museum]
        self.named = tuple(self.named)

    def __repr__(self):
        return f"<아키올로지 {self.num_players}인 {C.ruin(self.ruin)['name']} {PHASE_NAMES[self.phase]}>"

    # --- what each seat may see --------------------------------------------------------------
    def public_view(self, seat=None, reveal_all=False) -> dict:
        """What `seat` may see (None: the whole table; reveal_all: the staff's private view).

        Hands, face-down chambers and the dig deck appear as card counts, never by card; a seat
        sees its own hand, the chamber it is choosing from in the 묘실 and what it peeked at in
        the 신전. Everything else on the table (market, discard, museum, trades, mine and sphinx
        reveals, 파묻힌 폐허's face-up rooms) is public. JSON-able.
        """
        def mine(p):
            return reveal_all or p == seat

        face_up = reveal_all or C.ruin(self.ruin)["face_up"]
        looking = self.phase == TOMB and mine(self.turn)
        return {
            "num_players": self.num_players, "ruin": self.ruin, "variants": list(self.variants),
            "turn": self.turn, "phase": self.phase, "current_player": self.current_player(),
            "seat": seat, "reveal_all": reveal_all,
            "deck": dict(self.deck) if reveal_all else ms.size(self.deck),
            "hands": [dict(h) if mine(p) else ms.size(h) for p, h in enumerate(self.hands)],
            "chambers": [dict(r) if face_up or (looking and i == self.chamber) else ms.size(r)
                         for i, r in enumerate(self.chambers)],
            "pile": dict(self.pile) if reveal_all else ms.size(self.pile),
            "market": dict(self.market), "discard": dict(self.discard), "offer": dict(self.offer),
            "taken": dict(self.taken), "revealed": dict(self.revealed), "named": list(self.named),
            "museum": [[list(sale) for sale in sales] for sales in self.museum],
            "scores": self.scores(), "tents": list(self.tents),
            "seen": {str(p): {room: dict(cards) for room, cards in self.seen[p].items()}
                     for p in range(self.num_players) if mine(p) and self.seen[p]},
            "chamber": self.chamber, "victim": self.victim, "queue": list(self.queue),
            "to_bury": self.to_bury, "passes": self.passes, "compulsory": self.compulsory,
            "explored": self.explored, "peeks": self.peeks,
        }

    def describe_action(self, action, seat=None, reveal_all=False, names=None) -> str:
        """Korean text of `action`, about to be applied here, as `seat` may read it.

        A treasure dug is known to the digger only, a stolen card to the thief and the victim,
        the cards kept from the 묘실 to the explorer; thieves and sandstorms are turned face up.
        """
        def who(p):
            return names[p] if names else f"플레이어 {p + 1}"

        knows = reveal_all or seat == self.turn
        if isinstance(action, Draw) and action.card not in C.SPECIALS and not knows:
            return "발굴지에서 보물 카드를 뽑았습니다 (뽑은 사람만 봄)"
        if isinstance(action, Steal):
            if knows or seat == self.victim:
                return f"도둑이 {who(self.victim)}의 패에서 {C.name(action.card)} 카드를 훔쳤습니다"
            return f"도둑이 {who(self.victim)}의 패에서 1장을 훔쳤습니다"
        if isinstance(action, ChooseVictim):
            return f"도둑으로 {who(action.player)}의 패에서 1장을 훔칩니다"
        if isinstance(action, Keep) and not knows:
            return f"묘실 {self.chamber + 1}번 방에서 {ms.size(dict(action.cards))}장을 골라 가져갑니다"
        return action.describe()

    # --- helpers for widgets, tests and the book ------------------------------------------
    def zones(self) -> dict:
        """Every place a card can be, as {zone: {type: count}}; the totals never change."""
        standing = sum(1 for t in self.tents if t > 0)     # a tent card stays until used up
        z = {"deck": self.deck, "market": self.market, "discard": self.discard, "box": self.box,
             "pile": self.pile, "offer": self.offer, "taken": self.taken, "revealed": self.revealed,
             "tents": {"tent": standing} if standing else {}}
        for p, hand in enumerate(self.hands):
            z[f"hand{p}"] = hand
        for p, sales in enumerate(self.museum):
            sold = {}
            for c, n in sales:
                ms.add(sold, c, n)
            z[f"museum{p}"] = sold
        for i, room in enumerate(self.chambers):
            z[f"chamber{i}"] = room
        return z

    def inventory(self) -> dict:
        """Every card summed over every zone, the box included: the same all game long."""
        return self.total_cards()

    def total_cards(self) -> dict:
        total = {}
        for zone in self.zones().values():
            for c, n in zone.items():
                ms.add(total, c, n)
        return total

    def maps_needed(self) -> int:
        return C.ruin(self.ruin)["maps"]

    def check_trade(self, give: dict, take: dict):
        """Raise IllegalAction saying why, unless giving `give` for `take` is a legal trade now."""
        rule = "시장 물물교환"
        if self.phase != ACTIONS:
            raise IllegalAction(f"지금은 {PHASE_NAMES[self.phase]} 단계라 교환할 수 없습니다", rule)
        give = {c: n for c, n in give.items() if n}
        take = {c: n for c, n in take.items() if n}
        if not give or not take:
            raise IllegalAction("내놓을 카드와 가져올 카드를 1장 이상씩 골라야 합니다", rule)
        hand = self.hands[self.turn]
        for c, n in give.items():
            if hand.get(c, 0) < n:
                raise IllegalAction(f"패에 {attach(C.name(c), '이')} {hand.get(c, 0)}장뿐입니다", rule)
        for c, n in take.items():
            if self.market.get(c, 0) < n:
                raise IllegalAction(f"시장에 {attach(C.name(c), '이')} {self.market.get(c, 0)}장뿐입니다", rule)
        gv, tv = trade_value(give), trade_value(take)
        if gv < tv:
            raise IllegalAction(f"내놓는 카드의 교환 가치 합({gv})이 가져올 카드의 합({tv})보다 작습니다", rule)

    def trade(self, give: dict, take: dict) -> "State":
        """A whole market trade (offer every given card, take every wanted one, close)."""
        self.check_trade(give, take)
        state = self
        for c, n in sorted(give.items()):
            for _ in range(n):
                state = state.apply(Offer(c))
        for c, n in sorted(take.items(), key=lambda item: -C.TRADE[item[0]]):
            for _ in range(n):
                state = state.apply(Take(c))
        return state.apply(CloseTrade())

    # --- legal actions ---------------------------------------------------------------------
    def _decisions(self) -> list:
        hand = self.hands[self.turn]
        if self.phase == THIEF:
            return [ChooseVictim(p) for p in self._victims()]
        if self.phase == TENT:
            return [UseTent(True), UseTent(False)]
        if self.phase == BURY:
            return [Bury(c) for c in sorted(self.hands[self.queue[0]])]
        if self.phase == TRADE:
            room = trade_value(self.offer) - trade_value(self.taken)
            acts = [Offer(c) for c in sorted(hand)]
            acts += [Take(c) for c in sorted(self.market) if C.TRADE[c] <= room]
            if self.taken:
                acts.append(CloseTrade())
            return acts + [CancelTrade()]
        if self.phase == TOMB:
            room = self.chambers[self.chamber]
            return [Keep(k) for k in ms.sub_multisets(room, min(C.TOMB_KEEP, ms.size(room)))]
        if self.phase == MINE:
            return [MineContinue(), MineStop()]
        if self.phase != ACTIONS:
            return []
        acts = [Offer(c) for c in sorted(hand)] if self.market else []
        acts += self._explorations()
        acts += [Sell(c, n) for c in sorted(hand) for n in range(1, min(hand[c], C.max_set(c)) + 1)]
        if self.peeks:
            acts += [Peek(i) for i, room in enumerate(self.chambers) if room]
        if self._may_end_turn():
            acts.append(EndTurn())
        return acts

    def _victims(self) -> list:
        return [p for p in range(self.num_players) if p != self.turn and self.hands[p]]

    def _explorations(self) -> list:
        if self.explored or self.hands[self.turn].get("map", 0) < self.maps_needed():
            return []
        rooms = [i for i, room in enumerate(self.chambers) if room]
        if self.ruin != "sphinx":
            return [Explore(i) for i in rooms]
        kinds = C.chamber_treasures(self.num_players, self.variants)
        return [Explore(i, pair) for i in rooms for pair in combinations(kinds, C.SPHINX_NAMES)]

    def _may_end_turn(self) -> bool:
        return not self.compulsory or self.sold or not self.hands[self.turn]

    def _why_illegal(self, action) -> tuple:
        """(Korean message, rule) for an action that is not legal here."""
        phase = PHASE_NAMES[self.phase]
        if self.phase == OVER:
            return "게임이 이미 끝났습니다", "게임 종료"
        if self.phase in CHANCE_PHASES:
            return f"지금은 {phase}: 카드가 무작위로 정해질 차례입니다 ({action})", phase
        if action.kind == "chance":
            return f"지금은 {phase} 단계로, 플레이어가 결정할 차례입니다", phase
        hand = self.hands[self.current_player()]
        if isinstance(action, Explore) and self.phase == ACTIONS:
            return self._why_not_explore(action)
        if isinstance(action, Sell) and self.phase == ACTIONS:
            have = hand.get(action.card, 0)
            if action.card not in C.SALE or action.count < 1:
                return "판매할 보물과 1장 이상의 수량을 정해야 합니다", "박물관 판매"
            if action.count > have:
                return f"패에 {attach(C.name(action.card), '이')} {have}장뿐입니다", "박물관 판매"
            return (f"{attach(C.name(action.card), '은')} 한 묶음에 최대 {C.max_set(action.card)}장까지 팔 수 있습니다",
                    "박물관 판매: 최대치를 초과하는 수량으로 묶어 판매할 수 없음")
        if isinstance(action, Take) and self.phase == TRADE:
            if not self.market.get(action.card):
                return f"시장에 {attach(C.name(action.card), '이')} 없습니다", "시장 물물교환"
            room = trade_value(self.offer) - trade_value(self.taken)
            return (f"내놓은 카드로 남은 교환 가치는 {room}인데 {C.name(action.card)}의 교환 가치는 "
                    f"{C.TRADE[action.card]}입니다", "시장 물물교환: 교환 가치가 같거나 낮은 카드만")
        if isinstance(action, EndTurn) and self.phase == ACTIONS:
            return ("모든 플레이어가 연달아 턴을 생략했으므로 이번 턴에는 박물관 판매를 반드시 해야 합니다",
                    "게임 종료: 박물관 판매 의무")
        if isinstance(action, (Bury, Offer, Sell)):
            return f"패에 {attach(C.name(action.card) if action.card in C.NAMES else action.card, '이')} 없습니다", phase
        if isinstance(action, ChooseVictim) and self.phase == THIEF:
            return "도둑은 패가 있는 다른 플레이어만 지목할 수 있습니다", "보물 발굴 (2) 도둑"
        if isinstance(action, Peek):
            return "신전에서는 박물관 판매를 할 때마다 방 1칸만 확인할 수 있습니다", "유적 타일 2. 신전"
        if isinstance(action, Keep) and self.phase == TOMB:
            return "묘실에서는 그 방의 카드 중 2장(1장뿐이면 1장)을 골라야 합니다", "유적 타일 3. 묘실"
        return f"지금은 {phase} 단계라 할 수 없는 행동입니다: {action.describe()}", phase

    def _why_not_explore(self, action) -> tuple:
        rule = "기타 행동 (2) 유적 탐험"
        if self.explored:
            return "유적 탐험은 턴당 1회만 할 수 있습니다", rule
        have, need = self.hands[self.turn].get("map", 0), self.maps_needed()
        if have < need:
            return f"{C.ruin(self.ruin)['name']} 탐험에는 지도 {need}장이 필요한데 {have}장뿐입니다", rule
        if not 0 <= action.chamber < len(self.chambers):
            return f"{C.ruin(self.ruin)['name']}에는 {len(self.chambers)}개의 방이 있습니다", "유적 타일"
        if not self.chambers[action.chamber]:
            return f"{action.chamber + 1}번 방은 이미 비었습니다", rule
        if self.ruin == "sphinx":
            return ("스핑크스에서는 방에 있을 수 있는 서로 다른 보물 2종(지도 제외)을 선언해야 합니다",
                    "유적 타일 5. 스핑크스")
        return "이 유적에서는 보물 종류를 선언하지 않습니다", "유적 타일"

    # --- effects (one method per action class) -------------------------------------------
    def _do_Draw(self, a):
        ms.remove(self.deck, a.card)
        self.dug = True
        if a.card == "thief":
            ms.add(self.discard, "thief")
            if self._victims():
                self.phase = THIEF
            else:
                self._to_actions()   # nobody holds a card: the thief does nothing
        elif a.card == "sandstorm":
            ms.add(self.discard, "sandstorm")
            if self.ruin == "buried" and self.pile:
                self.phase, self.refill_next = REFILL, 0
            else:
                self._start_tents()
        else:
            ms.add(self.hands[self.turn], a.card)
            self._to_actions()

    def _do_ChooseVictim(self, a):
        self.victim, self.phase = a.player, STEAL

    def _do_Steal(self, a):
        ms.remove(self.hands[self.victim], a.card)
        ms.add(self.hands[self.turn], a.card)
        self.victim = None
        self._to_actions()

    def _do_Refill(self, a):
        ms.remove(self.pile, a.card)
        ms.add(self.chambers[self.refill_next], a.card)
        self.refill_next += 1
        if self.refill_next == len(self.chambers) or not self.pile:
            self._start_tents()

    def _do_UseTent(self, a):
        p = self.queue.pop(0)
        if a.use:
            self.tents[p] -= 1
            if not self.tents[p]:
                ms.add(self.box, "tent")   # a used-up tent leaves the game
            self.sheltered.append(p)
        if not self.queue:
            self._start_burying()

    def _do_Bury(self, a):
        ms.remove(self.hands[self.queue[0]], a.card)
        ms.add(self.market, a.card)
        self.to_bury -= 1
        if not self.to_bury:
            self.queue.pop(0)
            self._next_burier()

    def _do_Offer(self, a):
        ms.remove(self.hands[self.turn], a.card)
        ms.add(self.offer, a.card)
        self.phase = TRADE

    def _do_Take(self, a):
        ms.remove(self.market, a.card)
        ms.add(self.taken, a.card)

    def _do_CloseTrade(self, a):
        _move_all(self.offer, self.market)
        _move_all(self.taken, self.hands[self.turn])
        self.acted = True
        self._to_actions()

    def _do_CancelTrade(self, a):
        _move_all(self.offer, self.hands[self.turn])
        _move_all(self.taken, self.market)
        self._to_actions()

    def _do_Explore(self, a):
        hand = self.hands[self.turn]
        ms.remove(hand, "map", self.maps_needed())
        ms.add(self.discard, "map", self.maps_needed())
        self.explored = self.acted = True
        self.chamber, self.last_bust = a.chamber, False
        if self.ruin == "tomb":
            self.phase = TOMB
        elif self.ruin == "mine":
            self.phase = MINE_REVEAL
        elif self.ruin == "sphinx":
            self.named, self.phase = tuple(a.named), SPHINX
        else:
            _move_all(self.chambers[a.chamber], hand)
            self._to_actions()

    def _do_Keep(self, a):
        for c, n in a.cards:
            ms.remove(self.chambers[self.chamber], c, n)
            ms.add(self.hands[self.turn], c, n)
        self._to_actions()

    def _do_Reveal(self, a):
        ms.remove(self.chambers[self.chamber], a.card)
        ms.add(self.revealed, a.card)
        if trade_value(self.revealed) > C.MINE_LIMIT:
            self.last_bust = True
            _move_all(self.revealed, self.chambers[self.chamber])
            self._to_actions()
        elif not self.chambers[self.chamber]:
            self._do_MineStop(a)
        else:
            self.phase = MINE

    def _do_MineContinue(self, a):
        self.phase = MINE_REVEAL

    def _do_MineStop(self, a):
        _move_all(self.revealed, self.hands[self.turn])
        self._to_actions()

    def _do_SphinxReveal(self, a):
        for c, n in a.cards:
            if c in self.named:
                ms.remove(self.chambers[self.chamber], c, n)
                ms.add(self.hands[self.turn], c, n)
        self.named = ()
        self._to_actions()

    def _do_Sell(self, a):
        ms.remove(self.hands[self.turn], a.card, a.count)
        self.museum[self.turn].append((a.card, a.count))
        self.sold = self.acted = True
        if self.ruin == "temple":
            self.peeks += 1
        self._to_actions()

    def _do_Peek(self, a):
        self.peeks -= 1
        self.seen[self.turn][str(a.chamber)] = ms.frozen(self.chambers[a.chamber])

    def _do_EndTurn(self, a):
        if not (self.dug or self.acted):
            self.passes += 1
            if self.passes >= self.num_players:
                self.compulsory = True  # from the first passer on, who is the next to play
        else:
            self.passes = 0
        self._start_turn((self.turn + 1) % self.num_players)

    # --- phase changes ----------------------------------------------------------------------
    def _start_turn(self, player: int):
        self.turn = player
        self.dug = self.acted = self.explored = self.sold = False
        self.peeks = 0
        self.phase = DIG if self.deck else ACTIONS
        if self.phase == ACTIONS:
            self._to_actions()

    def _to_actions(self):
        self.chamber = None
        everyone_empty = not any(self.hands)
        self.phase = OVER if not self.deck and everyone_empty else ACTIONS

    def storm_order(self) -> list:
        """Who answers a sandstorm, in order: from the drawer's left, the drawer last."""
        n = self.num_players
        return [(self.turn + 1 + i) % n for i in range(n)]

    def _start_tents(self):
        self.sheltered = []
        self.queue = [p for p in self.storm_order() if self.tents[p] > 0]
        self.phase = TENT
        if not self.queue:
            self._start_burying()

    def _start_burying(self):
        self.queue = [p for p in self.storm_order() if p not in self.sheltered]
        self.phase = BURY
        self._next_burier()

    def _next_burier(self):
        while self.queue and ms.size(self.hands[self.queue[0]]) // 2 == 0:
            self.queue.pop(0)       # floor(hand/2) = 0: nothing to lose
        if self.queue:
            self.to_bury = ms.size(self.hands[self.queue[0]]) // 2
            return
        self.to_bury, self.sheltered = 0, []
        if self.deck:
            self.phase = DIG        # the drawer digs again
        else:
            self._to_actions()

    def _copy(self) -> "State":
        new = State.__new__(State)
        for f in _FIELDS:
            setattr(new, f, getattr(self, f))
        new.deck, new.market, new.discard, new.box = (
            dict(self.deck), dict(self.market), dict(self.discard), dict(self.box))
        new.pile, new.offer, new.taken, new.revealed = (
            dict(self.pile), dict(self.offer), dict(self.taken), dict(self.revealed))
        new.hands = [dict(h) for h in self.hands]
        new.chambers = [dict(r) for r in self.chambers]
        new.museum = [list(m) for m in self.museum]
        new.seen = [dict(s) for s in self.seen]
        new.tents, new.queue, new.sheltered = list(self.tents), list(self.queue), list(self.sheltered)
        new._legal = None
        return new


def _uniform_draw(cards: dict, outcome) -> list:
    """One card from a face-down pile: each type in proportion to its copies."""
    total = ms.size(cards)
    return [(outcome(c), Fraction(n, total)) for c, n in sorted(cards.items())]


def _ways(room: dict, cards: tuple) -> int:
    """Ways to reveal exactly `cards` from `room` (multivariate hypergeometric numerator)."""
    ways = 1
    for c, n in cards:
        ways *= comb(room[c], n)
    return ways


def _move_all(src: dict, dst: dict) -> None:
    for c, n in src.items():
        ms.add(dst, c, n)
    src.clear()
