"""The part of the protocol every engine's State shares: the cached legal actions, apply's
check-copy-do order, the JSON form and equality through it, and reading an action from its notation.
It also groups chance outcomes as a seat can tell them apart (public_outcomes).
An engine's State supplies current_player(), chance_outcomes(), describe_action(), _decisions(),
_why_illegal(action), _copy(), FIELDS, PHASE_NAMES and one _do_<ActionClass>(action) per action."""
import json

from rules.core.protocol import CHANCE, TERMINAL, IllegalAction


class GameState:
    __slots__ = ()   # engines keep their fields in slots, `_legal` (the cached legal actions, or None) among them
    PHASE_NAMES = {}
    FIELDS = ()      # the attributes that make up the whole state, in its JSON form

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

    def to_json(self) -> str:
        return json.dumps(self._json_data(), ensure_ascii=False, sort_keys=True)

    def _json_data(self) -> dict:
        return {f: getattr(self, f) for f in self.FIELDS}

    @classmethod
    def from_json(cls, text: str):
        data = json.loads(text)
        s = cls.__new__(cls)
        for f in cls.FIELDS:
            setattr(s, f, data[f])
        s._legal = None
        s._restore(data)
        return s

    def _restore(self, data: dict):
        """After from_json: turn JSON lists back into the tuples and objects the engine keeps."""

    def public_outcomes(self, seat=None, reveal_all=False, names=None) -> list:
        """The chance outcomes as `seat` may tell them apart: [(text, probability, outcomes)].

        Outcomes whose text reads the same to this seat (a card another player draws, seen by the
        others) form one entry, so a menu shown to the table names no hidden card."""
        groups = {}
        for outcome, p in self.chance_outcomes():
            text = self.describe_action(outcome, seat, reveal_all, names)
            total, outcomes = groups.get(text, (0, []))
            groups[text] = (total + p, outcomes + [outcome])
        return [(text, p, outcomes) for text, (p, outcomes) in groups.items()]

    def phase_name(self) -> str:
        return self.PHASE_NAMES[self.phase]

    def turn_label(self) -> str:
        """Where the game is, counted as the rulebook counts it ("3라운드", "플레이어 2의 4번째 차례");
        '' where the game has no such count to show."""
        return ""

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
