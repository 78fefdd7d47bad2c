"""Opponents for 한 판 해 보기 and the benchmark, and the advice of the guided game.

`weigh(state)` values every legal action of the player to move in points (how far ahead of the others the
move leaves them, rules.atlandice.outlook), looking through the rest of the visit the move starts: the
heritage taken, the submarine's extra, the ability (a re-roll weighed by its exact odds) and a scoring or
the clock it sets off. Everything in this game lies open but the order of the boards under each top
board, which nothing here reads. `sensible_bot` plays the best-weighed action; `greedy_bot` is the older
bot it is measured against (tests/benchmark.py).
"""
from rules.atlandice import components as C
from rules.atlandice.actions import Donate, EndDonation, GiveDie, MoveSubmarine, TakeDie, TakeHeritage
from rules.atlandice.weighing import weigh  # noqa: F401  (the guided game reads it here)
from rules.core.advice import policy


def greedy_bot(state, rng):
    """Chases majorities: visits the area with the most heritage to take (the submarine's extra
    counts), takes the type where one more puts it ahead, gives the virtual player the poorest
    die and a type an opponent leads, sends the submarine to the richest district, donates only
    heritage of types it can neither win nor lose; the 여관 and 도서관 choices are random."""
    actions = state.legal_actions()
    me = state.current_player()
    first = actions[0]
    if isinstance(first, (TakeDie, GiveDie)):
        takes = [a for a in actions if isinstance(a, TakeDie)]
        if takes:
            return max(takes, key=lambda a: (_haul(state, a.area), -a.area))
        return min(actions, key=lambda a: (_haul(state, a.area), a.area))
    if isinstance(first, TakeHeritage):
        if state.beneficiary == state.virtual():
            return max(actions, key=lambda a: (_block(state, me, a.heritage), a.heritage))
        return max(actions, key=lambda a: (_gain(state, me, a.heritage), a.heritage))
    if isinstance(first, MoveSubmarine):
        return max(actions, key=lambda a: (sum(state.heritage_at(a.district).values()), -a.district))
    if isinstance(first, (Donate, EndDonation)):
        for a in actions:
            if isinstance(a, Donate) and _spare(state, me, a.first) and _spare(state, me, a.second):
                return a
        return EndDonation()
    return rng.choice(actions)


def _haul(state, area: int) -> int:
    there = sum(state.heritage_at(area).values())
    return min(there, 2 if area == state.submarine else 1)


def _mine(state, me: int, heritage: str) -> int:
    return state.holdings[me][C.HERITAGE.index(heritage)]


def _others_best(state, me: int, heritage: str) -> int:
    i = C.HERITAGE.index(heritage)
    return max(h[i] for s, h in enumerate(state.holdings) if s != me)


def _opponents_best(state, me: int, heritage: str) -> int:
    """The most any other human player holds (not the virtual player)."""
    i = C.HERITAGE.index(heritage)
    return max(state.holdings[s][i] for s in range(state.num_players) if s != me)


def _block(state, me: int, heritage: str) -> int:
    """How far an opponent leads me in `heritage` (the virtual player's heritage best goes there)."""
    return _opponents_best(state, me, heritage) - _mine(state, me, heritage)


def _gain(state, me: int, heritage: str) -> float:
    """How much one more of `heritage` helps: taking the lead > tying it > catching up."""
    mine, best = _mine(state, me, heritage), _others_best(state, me, heritage)
    if mine == best:
        return 3
    if mine + 1 == best:
        return 2
    return 1 if mine > best else 1 / (1 + best - mine)


def _spare(state, me: int, heritage: str) -> bool:
    """A type where one fewer changes nothing: far ahead or hopelessly behind."""
    mine, best = _mine(state, me, heritage), _others_best(state, me, heritage)
    return mine - 2 > best or mine + 3 < best


sensible_bot = policy(weigh)
