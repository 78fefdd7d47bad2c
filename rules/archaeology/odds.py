"""Exact odds a player can work out at the table: the next dig, a mine bust, a sphinx haul."""
from fractions import Fraction
from itertools import combinations

from rules.core import multiset as ms
from rules.archaeology import components as C
from rules.archaeology.state import MINE, MINE_REVEAL, State, trade_value


def public_dig_odds(state: State) -> dict:
    """Odds of the next dig card from what everyone can see (the rulebook's TIP).

    Thieves and sandstorms are discarded face up, so counting the discard pile tells how many
    are still in the dig deck; the rest of the deck is treasure (maps included).
    Returns {'thief': p, 'sandstorm': p, 'treasure': p} as exact fractions, or {} if empty.
    """
    size = ms.size(state.deck)
    if not size:
        return {}
    in_game = C.game_cards(state.num_players, state.variants)
    odds = {c: Fraction(in_game[c] - state.discard.get(c, 0), size) for c in ("thief", "sandstorm")}
    odds["treasure"] = 1 - odds["thief"] - odds["sandstorm"]
    return odds


def _mine_cards(state: State) -> tuple:
    """(the mine room's face-down cards, the cards revealed so far this exploration)."""
    if state.phase not in (MINE, MINE_REVEAL):
        return state.chambers[0], {}
    return state.chambers[state.chamber], state.revealed


def mine_bust_kinds(state: State) -> set:
    """The treasure kinds whose trade values mine_bust_chance reads: the revealed ones and the room's."""
    room, shown = _mine_cards(state)
    return {c for c, n in {**room, **shown}.items() if n}


def mine_bust_chance(state: State) -> Fraction:
    """Chance that revealing one more mine card pushes the revealed trade value above the limit."""
    room, shown = _mine_cards(state)
    left = C.MINE_LIMIT - trade_value(shown)
    total = ms.size(room)
    if not total:
        return Fraction(0)
    return Fraction(sum(n for c, n in room.items() if C.TRADE[c] > left), total)


def sphinx_expected_haul(room: dict, named) -> Fraction:
    """Expected number of cards taken when naming `named` and revealing 5 of `room`."""
    total = ms.size(room)
    if not total:
        return Fraction(0)
    shown = min(C.SPHINX_REVEAL, total)
    return Fraction(shown * sum(room.get(c, 0) for c in set(named)), total)


def best_sphinx_names(room: dict, kinds) -> list:
    """Pairs of treasure types ranked by expected haul (most cards first)."""
    pairs = [(sphinx_expected_haul(room, pair), pair) for pair in combinations(kinds, C.SPHINX_NAMES)]
    return sorted(pairs, key=lambda item: (-item[0], item[1]))
