"""아틀란다이스 (Atlandice): the whole game as an executable rules engine."""
from rules.atlandice import components
from rules.atlandice.actions import (
    Donate, EndDonation, GiveDie, MoveHeritage, MoveSubmarine, RevealBoard, Reroll, RollDie, SetDie,
    TakeDie, TakeHeritage,
)
from rules.atlandice.components import PLAYER_COUNTS, board_from_values
from rules.atlandice.setup import new_game, random_options, scenario
from rules.atlandice.readings import READINGS
from rules.atlandice.state import PHASE_NAMES, State

NAME = "아틀란다이스"

__all__ = [
    "NAME", "PLAYER_COUNTS", "components", "board_from_values", "new_game", "random_options", "scenario",
    "State", "READINGS", "PHASE_NAMES",
    "Donate", "EndDonation", "GiveDie", "MoveHeritage", "MoveSubmarine", "RevealBoard", "Reroll", "RollDie",
    "SetDie", "TakeDie", "TakeHeritage",
]
