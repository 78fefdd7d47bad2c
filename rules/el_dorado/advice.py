"""The sensible bot's judgement of 엘도라도, in spaces towards El Dorado (UNIT): every legal action of the
player to move valued from what that player may see (their hand, deck and discard pile, the market,
the map, the pawns and blockades, the cave tokens shown), with a one-sentence reason in the game's terms.

- A step is worth how much nearer El Dorado the card takes the pawn, counting the spaces its power
  carries it on after this one (route.carry), less a little of the card's worth (the weaker card
  goes first). Entering El Dorado is worth most; a blockade is worth its tie-break.
- Cards that draw are played before anything else: more cards, more ways forward.
- Buying waits until no step forward is left. A market card is worth how much better than the
  deck's average card it is, on the road ahead, times how often it will still come into the hand
  before the race ends; nothing is bought that the deck would not be better for.
- Step 2: a hand card weaker than the deck's average is discarded, so a better one may be drawn.
- No card leaves the game (a basecamp, 과학자, 탐험 일지, the removal token) if it is the last one owned
  that can enter El Dorado: a deck without the finish's symbol never gets there, and its pawn parks on
  the way in, blocking the others.
"""
from fractions import Fraction

from rules.core import multiset as ms
from rules.core.advice import Weighed
from rules.core.korean import attach
from rules.el_dorado import components as C
from rules.el_dorado.actions import Break, Buy, Discard, Done, EndTurn, Explore, Move, Pick, Play, Spend, UseToken
from rules.el_dorado.route import carry, effort, road_ahead, steps_to_finish
from rules.el_dorado.state import DISCARD, DRAWS, ELDORADO

UNIT = "칸"
ARRIVAL = 6.0          # a pawn in El Dorado, beyond the spaces it gained
BLOCKADE = 0.8         # a blockade taken: the first tie-break
DRAW_FIRST = 5.0       # a draw effect, before any step
TOKEN = 1.0            # a cave token taken
MIN_DECK = 8           # a deck is thinned no further than the 8 cards it starts with
FOLLOW = 0.5           # the share of the next card's progress a step is credited with
STIR = 3               # every this many turns a pawn with no way forward steps aside
BOUGHT = 1.0           # any card bought: one more card to pay a rubble space or a purchase with
NEED = 4.0             # a card that pays a space on the road no card owned can
STRANDED = 10.0       # a basecamp paid with the last card that could enter El Dorado: never worth it
PACE = 3.0             # spaces of effort a turn covers, for how many turns a race has left
PURPLE_WORTH = {"cartographer": 1.8, "compass": 2.4, "scientist": 1.5, "travel_log": 2.0, "native": 2.5,
                "transmitter": 2.0}
KINDS = {"machete": "마체테", "paddle": "노", "coin": "금화"}


def worth(card: str, road: dict = None) -> float:
    """A card in the hand, in spaces: its power where the road needs its symbol (a white card pays any),
    coins half (they buy), a purple card what its effect is usually worth."""
    if card in PURPLE_WORTH:
        return PURPLE_WORTH[card]
    power, symbols = C.POWER[card], C.symbols(card)
    if len(symbols) > 1:
        return power * 1.1
    share = 1.0 if road is None else min(1.2, 0.4 + 1.5 * road.get(symbols[0], 0))
    if symbols == ("coin",):        # a coin card buys as well as it walks villages
        share = max(share, 0.6)
    return power * share


class _View:
    """What weigh() works from, made once per position: the player's own cards and the road ahead."""

    def __init__(self, state):
        self.state = s = state
        self.me = me = s.turn
        self.board = b = s.board
        self.steps = steps_to_finish(b)
        self.closed = frozenset(i for i, n in enumerate(s.blockades) if n is not None)
        self.others = frozenset(h for pawns in s.pawns for h in pawns if h != ELDORADO)
        on_map = [h for h in s.pawns[me] if h != ELDORADO]
        self.road, hardest = road_ahead(s, on_map)
        owned = {}
        for zone in (s.hands[me], s.decks[me], s.discards[me], s.plays[me]):
            for c, n in zone.items():
                ms.add(owned, c, n)
        self.owned = owned
        # what the road asks that no card the player owns can pay: the first thing to buy
        self.needs = {sym: req for sym, req in hardest.items() if not any(_pays(c, sym, req) for c in owned)}
        pile = s.decks[me] or s.discards[me]        # what a draw now turns up (its order unknown)
        self.pile = pile
        self.average = (sum(worth(c, self.road) * n for c, n in sorted(pile.items())) / ms.size(pile)) if pile else 0.0
        self.left = sum(effort(b, h) for h in on_map)
        self.purchase = self._purchase()

    def strands(self, cards) -> bool:
        """Whether removing `cards` from the game leaves the player no card to enter El Dorado with (the
        finish spaces ask one symbol: a deck without it never gets there, and blocks the way in)."""
        finish = C.FINISH[self.board.finish_side]
        symbol, req = C.SYMBOL_OF[finish["terrain"]], finish["req"]
        left = dict(self.owned)
        for c in cards:
            ms.remove(left, c)
        return not any(_pays(c, symbol, req) for c in left)

    def thin(self) -> bool:
        """Whether removing a card still leaves a deck that pays its way (and the purchases) to El Dorado."""
        return ms.size(self.owned) > MIN_DECK

    # --- the market ---------------------------------------------------------------------------
    def turns_left(self) -> float:
        return self.left / PACE

    def draws_left(self) -> float:
        """How often a card bought now still comes into the hand: after the deck runs out, once per
        round of the whole deck, until the race ends."""
        size = ms.size(self.owned) + 1
        wait = ms.size(self.state.decks[self.me]) / C.HAND_SIZE
        return max(0.0, (self.turns_left() - wait) / (size / C.HAND_SIZE))

    def buy_value(self, card: str) -> float:
        value = (worth(card, self.road) - self.average) * self.draws_left()
        return value + BOUGHT + (NEED if self.fills(card) else 0.0)

    def fills(self, card: str):
        """The (symbol, requirement) of the road ahead that `card` pays and nothing owned does, or None."""
        return next(((sym, req) for sym, req in self.needs.items() if _pays(card, sym, req)), None)

    def buy_reason(self, card: str) -> str:
        name = C.name(card)
        need = self.fills(card)
        if need:
            sym, req = need
            return (f"앞길에 {KINDS[sym]} {req} 칸이 있는데 가진 카드로는 못 갑니다: "
                    f"{attach(name, '이')} 그 칸에 들어갈 수 있습니다")
        if card in PURPLE_WORTH:
            what = "보라색 효과가"
        elif len(C.symbols(card)) > 1:
            what = attach(f"아무 기호로나 쓰는 탐험치 {C.POWER[card]}", "이")
        else:
            what = attach(f"{KINDS[C.symbols(card)[0]]} {C.POWER[card]}", "이")
        draws = self.draws_left()
        again = (f"게임이 끝나기 전에 약 {draws:.0f}번 더 손에 들어옵니다" if draws >= 0.5 else
                 "남은 차례가 적어 다시 손에 들어오기는 어렵지만 금화와 자갈밭 값으로 낼 카드가 늘어납니다")
        return f"{attach(name, '은')} 덱의 평균 카드보다 좋고 ({what} 앞길에 쓸모 있습니다), {again}"

    def coins(self) -> int:
        """Half coins the hand and coin tokens can still pay, and those paid already."""
        s = self.state
        return (s.coins + sum(_coin(c) * n for c, n in s.hands[self.me].items())
                + sum(2 * C.TOKEN_POWER[t][1] * n for t, n in s.held[self.me].items() if t.startswith("coin")))

    def _purchase(self):
        """(card, value) of the best card the player can still buy this turn, or None."""
        s = self.state
        if s.bought or s.phase == DISCARD:
            return None
        halves = self.coins()
        options = [(self.buy_value(c), c) for c in s.available() if 2 * C.COST[c] <= halves]
        value, card = max(options, default=(0.0, None))
        return (card, value) if card and value > 0.3 else None

    def spend_plan(self) -> list:
        """The payments to put down, dearest first, until the chosen card is paid (coin tokens first)."""
        card, _ = self.purchase
        s = self.state
        need = 2 * C.COST[card] - s.coins
        pays = sorted([f"tok:{t}" for t, n in s.held[self.me].items() if t.startswith("coin") for _ in range(n)],
                      key=lambda p: (-int(p[-1]), p))
        pays += sorted((c for c, n in s.hands[self.me].items() for _ in range(n)),
                       key=lambda c: (-_coin(c), worth(c, self.road), c))
        plan = []
        for p in pays:
            if need <= 0:
                break
            plan.append(p)
            need -= 2 * int(p[-1]) if p.startswith("tok:") else _coin(p)
        return plan

    # --- steps ----------------------------------------------------------------------------------
    def step(self, a) -> Weighed:
        s, b = self.state, self.board
        here = s.pawns[self.me][a.pawn]
        occupied = frozenset() if s.pass_occupied else self.others - {here}
        closed = self.closed
        if isinstance(a, Break):
            closed = closed - {a.seam}
            terrain, req = C.BLOCKADES[s.blockades[a.seam]]
            start = here
        else:
            terrain, req = b.terrain[a.to], b.req[a.to]
            start = a.to
        symbol = C.SYMBOL_OF.get(terrain)
        power, cost, how = self._payment(a.pay, symbol, terrain)
        if a.pay.startswith("cards:") or a.pay in ("native", "tok:native") or symbol is None:
            reached, end = effort(b, start, occupied), start
        else:
            reached, end = carry(s, start, symbol, power - req, closed, occupied)
        if not isinstance(a, Break) and a.to in b.finish:
            reached, end = 0.0, a.to
        elif end != here:
            reached -= FOLLOW * self._follow(a.pay, end, closed, occupied, reached)
        gain = effort(b, here, occupied) - reached
        before, after = self.steps.get(here, 0), self.steps.get(end, 0) if end not in b.finish else 0
        if isinstance(a, Break):
            # the way beyond was counted as open: breaking is what makes that progress possible
            seam = b.blockade_seams[a.seam]
            unlock = effort(b, here, occupied) - min(effort(b, h, occupied) for h in seam["near"] + seam["far"])
            value = BLOCKADE + max(0.0, gain, unlock) - cost
            more = f", 남은 힘으로 건너편까지 엘도라도까지 {before}칸 → {after}칸" if gain > 0 else ""
            return Weighed(a, value, f"{how} 장애물({C.TERRAIN_NAMES[terrain]} {req})을 넘으면 그 장애물을 가져가 "
                                     f"동점일 때 앞섭니다{more}")
        where = b.describe_hex(a.to)
        if a.to in b.finish:
            return Weighed(a, gain + ARRIVAL - cost, f"{how} {where} 칸에 들어가면 엘도라도에 도착합니다")
        value = gain - cost
        if gain <= 0:
            return Weighed(a, value, f"{how} {where} 칸에 가도 엘도라도에 가까워지지 않습니다 "
                                     f"(엘도라도까지 {before}칸 → {self.steps.get(a.to, 0)}칸)")
        on = "고 남은 힘으로 더 가면" if end != a.to else "면"
        if after >= before:     # as many spaces, but onto the easier way (or past a pawn in the way)
            return Weighed(a, value, f"{how} {where} 칸에 들어가{on} 엘도라도까지 {before}칸 그대로지만 더 쉬운 길에 섭니다")
        return Weighed(a, value, f"{how} {where} 칸에 들어가{on} 엘도라도까지 {before}칸 → {after}칸입니다")

    def _follow(self, pay: str, start: str, closed, occupied, reached: float) -> float:
        """How much nearer the best other card in the hand then takes the pawn from where this one
        stops: a card that sets up the next one's terrain is worth more."""
        hand = self.state.hands[self.me]
        best = 0.0
        for c in hand:
            if (c == pay and hand[c] == 1) or not C.POWER[c]:
                continue
            for symbol in C.symbols(c):
                best = max(best, reached - carry(self.state, start, symbol, C.POWER[c], closed, occupied)[0])
        return best

    def _payment(self, pay: str, symbol, terrain: str) -> tuple:
        """(power, what it costs the hand in spaces, the payment in words) of a way to pay a space."""
        s = self.state
        if pay == "":
            return s.active[2], 0.0, f"내고 있는 카드의 남은 탐험치 {attach(s.active[2], '으로')}"
        if pay == "native":
            return 0, 1.0, "원주민으로 요구치 없이"
        if pay.startswith("tok:"):
            token = pay[4:]
            return C.TOKEN_POWER.get(token, (None, 0))[1], 0.3, "동굴 토큰 " + attach(f"'{C.token_name(token)}'", "으로")
        if pay.startswith("cards:"):
            cards = pay[6:].split("+")
            cost = sum(0.1 + 0.1 * worth(c, self.road) for c in cards)
            if terrain == "basecamp" and self.strands(cards):
                cost += STRANDED
            elif terrain == "basecamp" and self.thin():   # removed: a card weaker than the average goes gladly
                cost += sum(worth(c, self.road) - self.average for c in cards) * min(1.0, self.draws_left() / 3)
            elif terrain == "basecamp":                 # a small deck may lose the only card for the last spaces
                cost += len(cards)
            return 0, cost, f"카드 {len(cards)}장({', '.join(C.name(c) for c in cards)})을 내고"
        cost = 0.15 * worth(pay, self.road)
        if "coin" in C.symbols(pay):        # a coin card used to walk buys nothing after
            cost += 0.3 * C.POWER[pay]
        return C.POWER[pay], cost, attach(f"{C.name(pay)}({KINDS.get(symbol, '')} {C.POWER[pay]})", "으로")


def _pays(card: str, symbol: str, req: int) -> bool:
    return card == "native" or bool(C.POWER[card]) and C.POWER[card] >= req and symbol in C.symbols(card)


def _coin(card: str) -> int:
    return C.coin_halves(card)


def weigh(state) -> list:
    """Every legal action of the player to move, valued in spaces towards El Dorado, with the reason."""
    view = _View(state)
    actions = state.legal_actions()
    out = []
    moving = False
    for a in actions:
        if isinstance(a, (Move, Break)):
            w = view.step(a)
            moving = moving or w.value > 0.2
            out.append(w)
        else:
            out.append(None)
    if not moving and state.turns % STIR == 0:
        _stir(view, actions, out)
    plan = view.spend_plan() if view.purchase else []
    for i, a in enumerate(actions):
        if out[i] is None:
            out[i] = _other(view, a, moving, plan)
    return out


def _stir(view, actions, out):
    """Pawns that wait for each other never finish: every STIR-th turn with no step forward, the step
    that loses least (a space or so at most) is taken, so that a pawn in the way steps aside."""
    steps = [i for i, a in enumerate(actions) if isinstance(a, Move) and out[i].value > -1.5 and a.pay != ""]
    if steps:
        i = max(steps, key=lambda i: out[i].value)
        out[i] = Weighed(actions[i], 0.05, "앞으로 갈 칸이 모두 막혀 있어 한 칸 비켜 갑니다: 말끼리 길을 막고 기다리면 "
                                           "아무도 나아가지 못합니다")


def _other(view, a, moving: bool, plan: list) -> Weighed:
    s = view.state
    if isinstance(a, Play):
        if a.card == "transmitter":
            value = view.buy_value(a.target)
            return Weighed(a, value, f"송신기로 {attach(C.name(a.target), '을')} 값없이 가져옵니다: "
                                     + (view.buy_reason(a.target) if value > 0 else "덱을 좋게 하지는 못합니다"))
        drawn, trash = DRAWS[a.card]
        if not view.pile:
            return Weighed(a, -0.5, f"더미와 버린 카드가 모두 비어 {attach(C.name(a.card), '으로')} 뽑을 카드가 없습니다")
        return Weighed(a, DRAW_FIRST + drawn, f"{attach(C.name(a.card), '으로')} 카드 {drawn}장을 먼저 뽑으면 이동에 쓸 카드가 "
                                              "늘어납니다: 뽑기는 언제 해도 같으니 먼저 합니다")
    if isinstance(a, UseToken):
        return _token(view, a)
    if isinstance(a, Explore):
        gain = TOKEN
        if s.active:       # exploring stops the card in play: its power left is lost
            here = s.pawns[view.me][s.active[3]]
            others = view.others - {here}
            lost = effort(view.board, here, others) - carry(s, here, s.active[1], s.active[2], view.closed, others)[0]
            gain -= lost
        return Weighed(a, gain, "동굴 토큰 1개를 카드 없이 얻습니다" + (" (내고 있는 카드의 남은 탐험치는 사라집니다)"
                                                                if s.active else ""))
    if isinstance(a, Spend):
        if moving or not view.purchase:
            return Weighed(a, -0.5, "구매를 시작하면 더는 말을 옮길 수 없습니다: 이동이 먼저입니다" if moving else
                           "지금 살 만한 카드가 없습니다")
        card, value = view.purchase
        coins = Fraction(view.coins(), 2)
        if plan and a.pay == plan[0]:
            return Weighed(a, value, f"금화 {_coins(coins)}개로 {attach(C.name(card), '을')} 살 수 있습니다: "
                                     + view.buy_reason(card))
        return Weighed(a, -0.2, f"{C.name(card)} 값을 치르는 데 이 카드는 필요 없습니다")
    if isinstance(a, Buy):
        value = view.buy_value(a.card)
        return Weighed(a, value, view.buy_reason(a.card) if value > 0 else
                       f"{attach(C.name(a.card), '은')} 덱의 평균 카드보다 나은 것이 없어 사 봐야 덱이 좋아지지 않습니다")
    if isinstance(a, EndTurn):
        return Weighed(a, 0.0, "더 갈 칸도 살 만한 카드도 없으면 카드 사용을 마칩니다")
    if isinstance(a, Discard):
        return _discard(view, a)
    if isinstance(a, Pick):
        return _pick(view, a)
    if isinstance(a, Done):
        return Weighed(a, 0.0, "남은 카드는 들고 있다가 다음 차례에 씁니다" if s.phase == DISCARD and not s.todo
                       else "더 고를 카드가 없으면 고르기를 마칩니다")
    return Weighed(a, 0.0, a.describe())


def _coins(coins: Fraction) -> str:
    return str(coins) if coins.denominator == 1 else f"{coins.numerator // 2}½" if coins.numerator > 1 else "½"


def _better_odds(view, card: str) -> Fraction:
    """Chance that a card drawn now is worth more than `card` (the pile as the player knows it)."""
    size = ms.size(view.pile)
    mine = worth(card, view.road)
    return Fraction(sum(n for c, n in view.pile.items() if worth(c, view.road) > mine), size) if size else Fraction(0)


def _odds(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p)


def _first_step(view, card: str) -> bool:
    """Whether `card` can pay a first step next turn from where the player's pawns stand (a free space
    next to one, or a blockade there): what a hand kept for the next turn is for."""
    s, b = view.state, view.board
    if card in C.PURPLE:        # 원주민 steps anywhere; the others draw (or fetch) another card
        return True
    for h in s.pawns[view.me]:
        if h == ELDORADO:
            continue
        for n, seam, terrain, req in b.exits(h):
            if seam is not None and s.blockades[seam] is not None:
                terrain, req = C.BLOCKADES[s.blockades[seam]]
            elif n in view.others or terrain == "start":
                continue
            if terrain in ("rubble", "basecamp") or _pays(card, C.SYMBOL_OF[terrain], req):
                return True
    return False


def _discard(view, a) -> Weighed:
    gain = view.average - worth(a.card, view.road)
    odds = _odds(_better_odds(view, a.card))
    hand = view.state.hands[view.me]
    if view.pile and not any(_first_step(view, c) for c in hand):
        # a hand that cannot make a single step from here, kept turn after turn, never lets the deck's
        # other cards in: the pawn waits for good (and may block the way of others)
        return Weighed(a, max(gain, 0.1), f"손에 든 카드로는 지금 말 옆의 어느 칸으로도 갈 수 없습니다: "
                                          f"{attach(C.name(a.card), '을')} 버리고 새로 뽑습니다 (더 좋은 카드가 나올 확률 {odds})")
    if gain > 0:
        return Weighed(a, gain, f"{attach(C.name(a.card), '은')} 더미의 평균 카드보다 약합니다: 버리고 새로 뽑으면 "
                                f"더 좋은 카드가 나올 확률 {odds}")
    return Weighed(a, gain, f"{attach(C.name(a.card), '은')} 더미의 평균 카드보다 좋아 들고 있는 편이 낫습니다 "
                            f"(더 좋은 카드를 뽑을 확률 {odds})")


def _pick(view, a) -> Weighed:
    s = view.state
    head = s.todo[0][0]
    mine = worth(a.card, view.road)
    if head == "trash":     # removed from the game: every later hand is drawn from a better deck
        total = ms.size(view.owned)
        average = sum(worth(c, view.road) * n for c, n in sorted(view.owned.items())) / total if total else 0.0
        gain = average - mine if view.thin() and not view.strands([a.card]) else -1.0
        verb = "게임에서 빼면 앞으로의 손이 좋아집니다" if gain > 0 else "덱의 평균보다 좋아 빼지 않는 편이 낫습니다"
        return Weighed(a, gain, f"{attach(C.name(a.card), '은')} {verb}")
    gain = view.average - mine
    return Weighed(a, gain, f"{attach(C.name(a.card), '을')} 바꾸면 더 좋은 카드가 나올 확률 "
                            f"{_odds(_better_odds(view, a.card))}")


def _token(view, a) -> Weighed:
    t = a.token
    if t == "draw":
        if not view.pile:
            return Weighed(a, -0.5, "뽑을 카드가 없습니다")
        return Weighed(a, DRAW_FIRST + 1, "카드 1장을 먼저 뽑으면 이동에 쓸 카드가 늘어납니다")
    if t == "keep_item":
        return Weighed(a, 1.5, "방금 쓴 1회용 카드를 상자 대신 낸 카드로 되살립니다")
    if t == "remove":
        gain = view.average - worth(a.card, view.road) if view.thin() and not view.strands([a.card]) else -1.0
        return Weighed(a, gain - 0.3, f"{attach(C.name(a.card), '을')} 게임에서 빼면 "
                       + ("덱이 좋아집니다" if gain > 0.3 else "덱이 좋아지지 않습니다"))
    return Weighed(a, -0.3, f"지금은 '{C.token_name(t)}' 토큰이 필요하지 않아 아껴 둡니다")
