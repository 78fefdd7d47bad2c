"""Exact odds a player can work out at the table: the next card of their deck, a blind monument."""
from fractions import Fraction

from rules.res_arcana import components as C
from rules.res_arcana.state import State


def next_draw_odds(state: State, p: int) -> dict:
    """{card: probability} of player p's next draw, as p knows it (a known top card is certain).

    An empty deck is reshuffled from the discard pile first; nothing left: {}.
    """
    if state.top[p]:
        return {state.top[p][0]: Fraction(1)}
    pile = state.deck[p] or state.discard[p]
    return {c: Fraction(1, len(pile)) for c in sorted(pile)}


def blind_monument_odds(state: State, seat=None) -> dict:
    """{monument: probability} of the monument deck's top card, from what `seat` may see.

    The deck holds every monument that is neither face up nor owned; a seat that looked at the
    top (신탁소, 예언자, 매) knows it.
    """
    if seat is not None and seat in state.mon_known and state.mon_top:
        return {state.mon_top[0]: Fraction(1)}
    seen = set(state.mon_up) | {c for play in state.play for c in play}
    unseen = [m for m in C.MONUMENTS if m not in seen]
    return {m: Fraction(1, len(unseen)) for m in unseen} if unseen else {}
