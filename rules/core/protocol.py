"""The engine protocol of DESIGN.md: markers for who moves, the error for illegal moves, actions."""
from dataclasses import dataclass

CHANCE = -1     # current_player() when the next step is a random outcome
TERMINAL = -2   # current_player() when the game is over


class IllegalAction(ValueError):
    """An action the rules forbid. The message is Korean and names the rule."""

    def __init__(self, message: str, rule: str):
        super().__init__(f"{message} (규칙: {rule})")
        self.rule = rule


@dataclass(frozen=True)
class Action:
    """Base of every action and chance outcome: str() is short notation, describe() is Korean."""

    kind = "action"

    def describe(self) -> str:
        raise NotImplementedError
