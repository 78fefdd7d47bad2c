"""A bot that can say why: every legal action weighed in the game's own terms, the best one advised.

Each game's bots.py offers `weigh(state) -> [Weighed]` (one per legal action of the player to move,
from what that player may see) and builds its playing bot and its advice from it with the helpers
here. The guided game (widgets/common/coach.py) shows the advice and, when a person picks another
move, what that move gives up.
"""
from dataclasses import dataclass

from rules.core.protocol import Action


@dataclass(frozen=True)
class Weighed:
    action: Action
    value: float        # the bot's estimate, in the game's unit (points, spaces ...); higher is better
    reason: str         # one Korean sentence in the game's terms: "부적 5장을 한 번에 팔면 40점입니다"


def best(weighed: list) -> Weighed:
    """The highest value; ties go to the action listed first (the engine's order), so play is seeded."""
    top = weighed[0]
    for w in weighed[1:]:
        if w.value > top.value:
            top = w
    return top


def policy(weigh):
    """A bot (state, rng) -> action that plays the best-weighed action."""
    def bot(state, rng):
        return best(weigh(state)).action
    return bot
