"""The part of the protocol every engine's State shares: the cached legal actions, apply's
check-copy-do order, equality through the JSON form, and reading an action from its notation.
An engine's State supplies current_player(), chance_outcomes(), _decisions(), _why_illegal(action),
_copy(), to_json(), PHASE_NAMES and one _do_<ActionClass>(action) per action."""
from rules.core.protocol import CHANCE, TERMINAL, IllegalAction


class GameState:
    __slots__ = ()   # engines keep their fields in slots, `_legal` (the cached legal actions, or None) among them
    PHASE_NAMES = {}

    def legal_actions(self) -> list:
        if self._legal is None:
            player = self.current_player()
            if player == CHANCE:
                self._legal = [o for o, _ in self.chance_outcomes()]
            elif player == TERMINAL:
                self._legal = []
            else:
                self._legal = self._decisions()
        return list(self._legal)

    def apply(self, action):
        """A new state with `action` done; an illegal action raises IllegalAction and self is unchanged."""
        if action not in (self._legal if self._legal is not None else self.legal_actions()):
            raise IllegalAction(*self._why_illegal(action))
        new = self._copy()
        new._do(action)
        return new

    def _do(self, action):
        """Carry out a legal action on this fresh copy (an engine adds what follows every action)."""
        getattr(self, "_do_" + type(action).__name__)(action)

    def phase_name(self) -> str:
        return self.PHASE_NAMES[self.phase]

    def action_from_str(self, text: str):
        """The legal action whose notation (str(action)) is `text`."""
        for action in self.legal_actions():
            if str(action) == text:
                return action
        raise IllegalAction(f"지금 할 수 없는 행동입니다: {text}", self.phase_name())

    def __eq__(self, other):
        return isinstance(other, type(self)) and self.to_json() == other.to_json()

    def __hash__(self):
        return hash(self.to_json())
