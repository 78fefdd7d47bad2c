"""Exact odds a player can work out at the table: what the next draw from their own deck will be.

A player knows every card they own (the starter set plus what they bought, minus what left the
game), so the face-down deck is whatever of those is not in hand, in play or on the discard pile.
"""
from fractions import Fraction
from math import comb

from rules.core import multiset as ms
from rules.el_dorado.state import State


def known_deck(state: State, player: int) -> dict:
    """The cards of `player`'s face-down deck, as that player can deduce them (order unknown)."""
    return dict(state.decks[player])


def next_draw_odds(state: State, player: int = None) -> dict:
    """{card: probability} of `player`'s next draw; when the deck is empty the discard pile is
    shuffled into a new deck first (rulebook 3단계). {} if there is nothing to draw."""
    player = state.turn if player is None else player
    pile = known_deck(state, player) or state.discards[player]
    total = ms.size(pile)
    return {c: Fraction(n, total) for c, n in sorted(pile.items())} if total else {}


def chance_of_drawing(state: State, card: str, draws: int, player: int = None) -> Fraction:
    """Chance that `draws` cards drawn now hold at least one `card`: from the deck first, then (if it
    runs out) from the shuffled discard pile."""
    player = state.turn if player is None else player
    deck, discard = known_deck(state, player), state.discards[player]
    miss = _miss(deck, card, min(draws, ms.size(deck)))
    if draws > ms.size(deck):
        miss *= _miss(discard, card, min(draws - ms.size(deck), ms.size(discard)))
    return 1 - miss


def _miss(pile: dict, card: str, k: int) -> Fraction:
    """Hypergeometric chance that k cards from `pile` hold no `card`."""
    total, hits = ms.size(pile), pile.get(card, 0)
    return Fraction(comb(total - hits, k), comb(total, k)) if k else Fraction(1)
