"""엘도라도 (The Quest for El Dorado): the whole game as an executable rules engine."""
from rules.el_dorado import components
from rules.el_dorado.actions import (
    Break, Buy, Discard, Done, Draw, EndTurn, Explore, Move, Pick, Play, Spend, Token, UseToken,
)
from rules.el_dorado.board import Board, board, published, random_path
from rules.el_dorado.planner import reachable, reachable_by_drawing
from rules.el_dorado.setup import new_game, random_options, scenario
from rules.el_dorado.readings import READINGS
from rules.el_dorado.state import PHASE_NAMES, State

NAME = "엘도라도"
PLAYER_COUNTS = components.PLAYER_COUNTS

__all__ = [
    "NAME", "PLAYER_COUNTS", "components", "new_game", "random_options", "scenario", "State", "READINGS",
    "PHASE_NAMES", "Board", "board", "published", "random_path", "reachable", "reachable_by_drawing",
    "Break", "Buy", "Discard", "Done", "Draw", "EndTurn", "Explore", "Move", "Pick", "Play", "Spend", "Token",
    "UseToken",
]
