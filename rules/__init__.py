"""Executable rules of the four games (standard library only: they also run in the browser).

GAMES names every game; generic tests, the benchmark and the book iterate over it, so a game joins
them by registering here. Each module follows the protocol of DESIGN.md (new_game, State,
READINGS, public_view, ...)."""
from importlib import import_module

from rules.core import CHANCE, TERMINAL, IllegalAction

GAMES = {   # id -> Korean name, in the order the book lists them
    "archaeology": "아키올로지",
    "atlandice": "아틀란다이스",
    "res_arcana": "레즈 아르카나",
    "el_dorado": "엘도라도",
}


def game(game_id: str):
    """The engine module of a registered game (imported on first use)."""
    if game_id not in GAMES:
        raise IllegalAction(f"알 수 없는 게임입니다: {game_id}", "게임 목록")
    return import_module(f"rules.{game_id}")


__all__ = ["CHANCE", "TERMINAL", "IllegalAction", "GAMES", "game"]
