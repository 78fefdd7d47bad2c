"""A position of 아틀란다이스 to play on from, move by move (the engine's legal moves as buttons, dice
rolled by the engine or chosen): the base of the visit simulator, the ability and 2-player pages and
the clock page. It continues the position by applying actions, never by rebuilding it."""
import ipywidgets as w

from widgets.atlandice.game import AtlandiceScreen
from widgets.common import button, error, row
from widgets.common.game_view import GameView


class Sandbox(AtlandiceScreen, GameView):
    """`positions`: {menu label: () -> State}. The first is shown; the menu (if several) starts another."""

    def __init__(self, positions: dict, controls=(), note=""):
        self.positions = positions
        super().__init__(3, 0)
        self.pick = w.Dropdown(options=list(positions), description="상황",
                               layout=w.Layout(width="auto", max_width="100%"))
        self.pick.observe(lambda _: self.restart(), "value")
        self.faces = w.Dropdown(options=[(f"{f}", f) for f in range(1, 7)], description="눈",
                                layout=w.Layout(width="110px"))
        self.tools = row(button("진행 (우연)", self.chance), self.faces, button("이 눈으로", self.choose_face),
                         button("한 수 되돌리기", self.undo, "warning"), button("처음으로", self.restart))
        head = ([self.pick] if len(positions) > 1 else []) + list(controls)
        self.widget = w.VBox(head + [w.HTML(note), self.step_info, self.actions, self.tools, self.message, self.table,
                                     self.log_html], layout=w.Layout(max_width="100%"))
        self.restart()

    def setup_controls(self, **options) -> list:
        return []

    def start_state(self):
        return self.positions[self.pick.value]()

    def viewer(self) -> tuple:
        return None, False

    def restart(self):
        if self.new_game():
            self.render()
        else:
            self.actions.children = ()
            self.table.value = ""

    def choose_face(self):
        """A chance step with the face chosen: 'what if this die showed …'."""
        s = self.state
        chosen = [o for o, _ in s.chance_outcomes() if getattr(o, "face", None) == self.faces.value]
        if not chosen:
            self.message.value = error("지금은 주사위를 굴릴 차례가 아닙니다")
            return self.render()
        self.play(chosen[0])
