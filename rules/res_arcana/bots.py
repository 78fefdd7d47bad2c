"""Simple opponents for the play-through widget and the benchmark: policies(state, rng) -> action."""
from rules.res_arcana import components as C
from rules.res_arcana.actions import (
    Accept, ClaimMonument, ClaimPlace, Discard, Ignore, Pass, Place, React, Use,
)


def greedy_bot(state, rng):
    """Claims places and monuments first, then places artifacts (points first), uses powers,
    discards for gold, and passes when nothing else is left; reacts to every life loss.

    Inside a step (paying, choosing essences, targets) it picks at random.
    """
    actions = state.legal_actions()

    def value(a):
        if isinstance(a, ClaimPlace):
            return 8
        if isinstance(a, ClaimMonument):
            return 7 if a.monument == "deck" else 7 + C.VP[a.monument]
        if isinstance(a, Place):
            return 5 + C.VP[a.card]
        if isinstance(a, (React, Ignore)):
            return 6
        if isinstance(a, Accept):
            return 1
        if isinstance(a, Use):
            return 4
        if isinstance(a, Discard):
            return 2 if a.gold else 1.5
        if isinstance(a, Pass):
            return 0
        return 3
    return max(actions, key=lambda a: (value(a), rng.random()))
