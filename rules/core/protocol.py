"""The engine protocol of DESIGN.md: markers for who moves, the error for illegal moves, actions."""
from dataclasses import dataclass, fields

from rules.core.phrases import WORDS

CHANCE = -1     # current_player() when the next step is a random outcome
TERMINAL = -2   # current_player() when the game is over


@dataclass(frozen=True)
class Reading:
    """A place where the rulebook is unclear: the reading the engine takes and the other one it allows.

    str() is the engine's reading, so a page can print a reading as a sentence."""
    chosen: str          # what the engine does
    other: str           # the reading the text also allows (the engine does not do this)
    text: str = ""       # the rulebook's own words, where it says anything

    def __str__(self):
        return self.chosen


class IllegalAction(ValueError):
    """An action the rules forbid. The message is Korean and names the rule."""

    def __init__(self, message: str, rule: str):
        super().__init__(f"{message} (규칙: {rule})")
        self.rule = rule


@dataclass(frozen=True)
class Action:
    """Base of every action and chance outcome: str() is short notation, describe() is Korean, both
    written from the class's Phrase in its game's table (rules.core.phrases)."""

    kind = "action"
    phrase = None

    def note(self, field: str, value) -> str:
        """A field as the notation writes it (a game overrides this for its card keys, tuples ...)."""
        return str(value)

    def word(self, field: str, value) -> str:
        """A field as a Korean sentence names it (a card's name, a room's number ...)."""
        return str(value)

    def _fields(self, write) -> dict:
        return {f.name: write(f.name, getattr(self, f.name)) for f in fields(self)}

    def __str__(self):
        return self.phrase.notation.format(**self._fields(self.note))

    def describe(self) -> str:
        return WORDS.format(self.phrase.says, **self._fields(self.word))
