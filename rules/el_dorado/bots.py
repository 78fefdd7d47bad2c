"""Opponents for 한 판 해 보기 and the benchmark, and the advice of the guided game: `greedy_bot`, the
simple baseline, and `sensible_bot`, which plays the best of `weigh(state)` (rules/el_dorado/advice.py:
every legal action valued in spaces towards El Dorado, from what the player to move may see).
"""
from rules.core import multiset as ms
from rules.core.advice import policy
from rules.el_dorado import components as C
from rules.el_dorado.actions import Break, Buy, Done, EndTurn, Explore, Move, Pick, Play, Spend, UseToken
from rules.el_dorado.advice import weigh  # noqa: F401 (the guided game reads it here)
from rules.el_dorado.route import cost_to_finish
from rules.el_dorado.state import DRAWS

_WEAK = ("explorer", "sailor", "traveler")      # starter cards: the first to go
_WANTED = ("pioneer", "millionaire", "captain", "trailblazer", "journalist", "adventurer", "native",
           "cartographer", "scout", "photographer", "jack_of_all_trades")


def _pay_cost(state, pay: str) -> float:
    """How much of the hand a payment uses up (continuing on a card in play is free)."""
    if pay == "":
        return 0
    if pay.startswith("tok:"):
        return 0.5
    if pay.startswith("cards:"):
        return sum(1 + (C.POWER.get(c) or 0) + (3 if c not in _WEAK else 0) for c in pay[6:].split("+"))
    return 1 + (C.POWER.get(pay) or 3)


def greedy_bot(state, rng):
    """Moves every step that brings a pawn closer to the finish, paying as cheaply as it can; then
    spends what is left on the dearest card it can buy. It draws with purple cards first, explores
    every cave it may, removes starter cards when asked, and never discards by choice. When no step
    leads forward it sometimes steps aside at random, so that pawns blocking each other get free."""
    actions = state.legal_actions()
    if state.todo:                                         # a pick: 과학자, 탐험 일지, 카드 교체
        if state.todo[0][0] == "trash":
            for a in actions:
                if isinstance(a, Pick) and a.card in _WEAK:
                    return a
        return Done()
    if state.phase == "discard":                           # step 2: keep the unused cards
        return Done()
    # One pass sorts the actions by what the bot does with them (in their order, the first of a kind wins).
    explore = draw = token = None
    moves, transmits, spends, buys = [], [], [], []
    for a in actions:
        kind = type(a)
        if kind is Move or kind is Break:
            moves.append(a)
        elif kind is Spend:
            spends.append(a)
        elif kind is Play:
            if a.card == "transmitter":
                transmits.append(a)
            elif draw is None and a.card in DRAWS:
                draw = a
        elif kind is Explore:
            explore = explore or a
        elif kind is UseToken:
            if token is None and a.token in ("draw", "keep_item"):
                token = a
        elif kind is Buy:
            buys.append(a)
    first = explore or draw or token
    if first is not None:
        return first
    if transmits:
        return max(transmits, key=lambda a: (C.COST[a.target], a.target))
    move = _best_move(state, moves)
    if move is not None:
        return move
    sideways = [a for a in moves if type(a) is Move and not a.pay.startswith("cards:")]
    if sideways and rng.random() < 0.2:
        return rng.choice(sideways)          # now and then step aside: a blocked pawn must not wait forever
    if spends:                      # no step forward left: everything goes to the purchase
        return max(spends, key=lambda a: (_coin(a.pay), a.pay))
    if buys:
        needed = _needed(state)
        useful = [a for a in buys if any(_pays(a.card, s, r) for s, r in needed)]
        if useful:
            return max(useful, key=lambda a: (C.COST[a.card], a.card))
        buys = [a for a in buys if a.card in _WANTED]
        if buys:
            return max(buys, key=lambda a: (C.COST[a.card], -_WANTED.index(a.card)))
    return EndTurn()


def _coin(pay: str) -> int:
    if pay.startswith("tok:"):
        return 2 * C.TOKEN_POWER[pay[4:]][1]
    return C.coin_halves(pay)


def _pays(card, symbol, req):
    return bool(C.POWER[card]) and C.POWER[card] >= req and symbol in C.symbols(card)


def _needed(state):
    """(symbol, requirement) of the next steps forward that no card the player owns can pay."""
    b = state.board
    dist = cost_to_finish(b)
    t = state.turn
    owned = {}
    for zone in (state.hands[t], state.decks[t], state.discards[t], state.plays[t]):
        for c, n in zone.items():
            ms.add(owned, c, n)
    out = []
    for h in state.pawns[t]:
        if h == "E":
            continue
        for n in b.neighbours[h]:
            if b.terrain[n] in C.SYMBOL_OF and dist.get(n, 99) < dist.get(h, 99):
                need = (C.SYMBOL_OF[b.terrain[n]], b.req[n])
                if not any(_pays(c, *need) for c in owned):
                    out.append(need)
    return out


def _best_move(state, actions):
    """The Move or Break that gains most on the way to the finish, the cheapest payment among equals."""
    b = state.board
    dist = cost_to_finish(b)
    here = [dist.get(h, 99) for h in state.pawns[state.turn]]
    best, best_key = None, None
    for a in actions:
        if type(a) is Move:
            gain = dist.get(a.to, 99) - here[a.pawn]
        else:
            seam = b.blockade_seams[a.seam]
            beyond = min(dist.get(h, 99) for h in seam["near"] + seam["far"])
            gain = -0.5 if beyond < here[a.pawn] else 0
        if gain >= 0:
            continue
        key = (gain, _pay_cost(state, a.pay))
        # ties go to the first notation in sort order (made only for a tie: notation costs time)
        if best_key is None or key < best_key or key == best_key and str(a) < str(best):
            best, best_key = a, key
    return best


sensible_bot = policy(weigh)
