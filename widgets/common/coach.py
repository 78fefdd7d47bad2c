"""처음 한 판: 같이 두기. The play screen with a teacher at the person's seat, built from three engine facts:
the rule section each action kind belongs to (rules.core.phrases), a bot that says why it prefers a move
(the game's bots.weigh, rules.core.advice) and a record of what this player was already taught.

At each of the person's decisions the teacher says what kind of decision it is and which rule governs it
(a link to that section), shows the bots' suggested move with its reason, and after a move the suggestion
would not make, what that move gave up, without blocking it. The first turns are explained in full;
later ones only when something new appears (a rule not met yet, by any player or by chance).
"""
from html import escape
from importlib import import_module

import ipywidgets as w

from rules.core import CHANCE
from rules.core.advice import best
from widgets.common.play import Play
from widgets.common.ui import button, row

FULL_LESSONS = 3     # the person's first decisions are explained in full


def rule_of(action):
    """The section of the chapter an action belongs to (a game may refine it per outcome)."""
    rule = getattr(action, "rule", None)
    return rule() if callable(rule) else getattr(action.phrase, "rule", None)


def _link(rule) -> str:
    return f'<a href="{escape(rule.href())}">규칙: {escape(rule.title)} →</a>'


class Guided(Play):
    """Seat 1 is the person; every other seat is the game's best bot. A game says in INTRO how a turn
    goes, for the first lesson."""

    INTRO = ""

    def __init__(self, players, seed, **options):
        self.bots = import_module(f"{self.ENGINE.__name__}.bots")
        self.taught, self.lessons, self.last_note, self.shown = set(), 0, "", (None, "")
        self.coach = w.HTML(layout=w.Layout(max_width="100%"))
        self.follow = button("추천대로 두기", self.play_advice, "success")
        super().__init__(players, seed, humans=(0,), **options)
        # The teacher sits at seat 1 and the others are bots that move on their own: no seat switches,
        # no buttons to run chance or the bots.
        for part in (self.seats, *self.runners):
            part.layout.display = "none"

    def teacher_rows(self) -> list:
        return [self.coach, row(self.follow)]

    # --- moves ------------------------------------------------------------------------------------
    def is_bot(self, player: int) -> bool:
        return player != 0

    def choose(self, state):
        if state.current_player() == CHANCE:
            return super().choose(state)
        return self.bots.sensible_bot(state, self.rng())

    def advice(self):
        return best(self.bots.weigh(self.state)) if self.persons_turn() else None

    def persons_turn(self) -> bool:
        return self.state.current_player() == 0

    def play(self, action):
        advised = self.advice()
        self.last_note = self.compare(action, advised) if advised else ""
        super().play(action)

    def after_move(self):
        self.auto(render=False)

    def undo(self):
        """Back to the person's previous decision: the bots' replies to it go too."""
        if len(self.history) == 1:
            return super().undo()
        self.history.pop()
        self.entries.pop()
        while len(self.history) > 1 and not self.persons_turn():
            self.history.pop()
            self.entries.pop()
        self.last_note = self.message.value = ""
        self.auto()            # at the very start the bots may move first again

    def play_advice(self):
        advised = self.advice()
        if advised:
            self.play(advised.action)

    def new_game(self, warmup=0):
        self.taught, self.lessons, self.last_note, self.shown = set(), 0, "", (None, "")
        super().new_game(0)

    # --- what the teacher says --------------------------------------------------------------------
    def compare(self, chosen, advised) -> str:
        if chosen == advised.action:
            return ""
        weighed = {w_.action: w_ for w_ in self.bots.weigh(self.state)}
        mine = weighed.get(chosen)
        if mine is None:
            return ""
        unit = getattr(self.bots, "UNIT", "점")
        gap = advised.value - mine.value
        verdict = (f"봇은 고른 수를 추천보다 약 {gap:.1f}{unit} 낮게 봅니다" if gap >= 0.05
                   else "봇은 두 수를 거의 같게 봅니다")
        return (f"<div>🤔 고른 수: {escape(self.say(chosen))} — {escape(mine.reason)}<br>"
                f"추천했던 수: <b>{escape(self.say(advised.action))}</b> — {escape(advised.reason)}<br>"
                f"{verdict}. 막지는 않으니 게임은 그대로 이어집니다.</div>")

    def new_rules(self) -> list:
        """Rules met since the person's last decision (bots' moves, chance) that they were not taught."""
        seen = []
        for before, action, _ in self.entries:
            rule = rule_of(action)
            if rule and rule.anchor not in self.taught and rule not in seen:
                seen.append(rule)
        return seen

    def lesson(self) -> str:
        """What the teacher says at this position: made once per position, so that a redraw (a switch
        flipped) shows the same lesson and does not count it as taught twice."""
        if self.shown[0] is not self.state:
            inner = self._lesson()
            self.shown = (self.state, '<div class="kr-coach" style="border-left:4px solid #2e7d32;background:#eef7ee;'
                                      f'padding:6px 10px;border-radius:4px">{inner}</div>' if inner else "")
        return self.shown[1]

    def _lesson(self) -> str:
        if self.state.is_terminal():
            return "<div>🎓 게임이 끝났습니다. 점수와 동점 규칙은 아래 결과에 있습니다.</div>"
        if not self.persons_turn():
            return ""
        full = self.lessons < FULL_LESSONS
        parts = [self.last_note] if self.last_note else []
        if not self.lessons and self.INTRO:
            parts.append(f"<div>👋 나는 <b>플레이어 1</b>입니다. {escape(self.INTRO)}</div>")
        rules = []
        for action in self.state.legal_actions():
            rule = rule_of(action)
            if rule and rule not in rules:
                rules.append(rule)
        met = [r for r in self.new_rules() if r not in rules]
        for rule in met:
            parts.append(f"<div>📣 새로 나온 규칙: <b>{escape(rule.title)}</b> — {escape(rule.teach)} {_link(rule)}</div>")
        fresh = [r for r in rules if full or r.anchor not in self.taught]
        if fresh:
            parts.append(f"<div>🧭 지금 할 결정: {escape(self.state.phase_name())}</div><ul>"
                         + "".join(f"<li><b>{escape(r.title)}</b> — {escape(r.teach)} {_link(r)}</li>" for r in fresh)
                         + "</ul>")
        advised = self.advice()
        parts.append(f"<div>💡 추천: <b>{escape(self.say(advised.action))}</b> — {escape(advised.reason)}</div>")
        self.taught.update(r.anchor for r in rules + met)
        self.lessons += 1
        return "".join(parts)

    def render(self):
        super().render()
        self.coach.value = self.lesson()
        self.follow.layout.display = None if self.persons_turn() else "none"
