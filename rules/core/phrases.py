"""How an action is written, as data: its notation, its Korean sentence and the rule that allows it.

Each game lists its actions once, in one table {action class: Phrase} (`PHRASES` in
rules/<game>/actions.py, installed with `phrase_table`). `str(action)` and `action.describe()` are
read from it, and so is the guided game: which section of the chapter allows a move and what kind of
decision it is. A sentence names each field as the game's words (`Action.word`), and "{card:을}" adds
the particle that fits the word (rules.core.korean).
"""
import string
from dataclasses import dataclass

from rules.core.korean import _FORMS, attach


@dataclass(frozen=True)
class Rule:
    """A section of a game's chapter: the page (its file name without .md), the section's label, its
    title as the page shows it, and in a sentence or two what it lets a player do."""
    page: str
    anchor: str
    title: str
    teach: str = ""

    def href(self) -> str:
        """The link from another page of the same chapter, to the section itself, not the page top."""
        return f"{self.page}.html#{self.anchor}"


@dataclass(frozen=True)
class Phrase:
    notation: str       # str(action): "draw:{card}", each field as Action.note writes it
    says: str           # describe(): "발굴지에서 {card} 카드가 나왔습니다", each field as Action.word writes it
    rule: Rule = None   # the section that allows the action (None for a chance outcome told by its own rule)


class _Words(string.Formatter):
    """str.format where a particle as the format spec ("{mage:을}") attaches the particle that fits."""

    def format_field(self, value, spec):
        return attach(value, spec) if spec in _FORMS else format(value, spec)


WORDS = _Words()


def phrase_table(table: dict) -> dict:
    """Give each action class its phrase (Action.__str__ and describe read it); returns the table."""
    for cls, phrase in table.items():
        cls.phrase = phrase
    return table
