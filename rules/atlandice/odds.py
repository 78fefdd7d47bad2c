"""Exact odds a player can work out at the table: which areas the roll opens, the re-roll bonus."""
from fractions import Fraction

from rules.atlandice import components as C
from rules.atlandice.state import State


def face_area_chance(state: State) -> dict:
    """{area: chance that one die lands there}: 1/6 per district in play, the rest at the market."""
    chance = {a: Fraction(0) for a in C.AREAS}
    for face in range(1, 7):
        chance[state.area_of(face)] += Fraction(1, 6)
    return chance


def open_chance(state: State, dice=None) -> dict:
    """{area: chance that at least one of `dice` dice (default: every die in play) lands there}."""
    k = C.dice_in_play(state.num_players) if dice is None else dice
    return {a: 1 - (1 - p) ** k for a, p in face_area_chance(state).items()}


def bonus_chance(state: State, area: int) -> Fraction:
    """Chance that visiting `area` now gives one more heritage through its ability's re-roll
    (보석 가게: an odd face; 대장간: a 6), counting the board or market it comes from."""
    ability = C.ABILITY[area]
    if ability == "jeweler":
        left = sum(state.pools[area - 1]) - (2 if state.submarine == area else 1)
        return Fraction(1, 2) if left > 0 else Fraction(0)
    if ability == "forge":
        if state.forge_source == "market":
            return Fraction(1, 6) if any(state.market) else Fraction(0)
        left = sum(state.pools[area - 1]) - (2 if state.submarine == area else 1)
        return Fraction(1, 6) if left > 0 else Fraction(0)
    return Fraction(0)
