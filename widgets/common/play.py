"""한 판 해 보기 for any game: each seat is a bot or a person; chance and bots can run on their own."""
from importlib import import_module

import ipywidgets as w

from rules.core import CHANCE, TERMINAL, sample_chance
from widgets.common.game_view import GameView, seat
from widgets.common.ui import button, row, wide

MAX_AUTO_STEPS = 5000


class Play(GameView):
    """Practice on one screen. The screen is the eyes of the person to move (or the first person at the
    table); '봇의 패도 보기' shows everything, for learning."""

    def __init__(self, players, seed, humans=(0,), warmup=0, **options):
        super().__init__(players, seed, **options)
        self.seats = row()
        self.seat_boxes = [w.Checkbox(value=p not in humans, description=f"플레이어 {p + 1} 봇",
                                      indent=False, layout=wide()) for p in range(max(self.ENGINE.PLAYER_COUNTS))]
        self.players.observe(lambda _: self.make_seats(), "value")
        self.make_seats()
        new = button("새 게임", self.new_game, "primary")
        self.show_all = w.Checkbox(value=False, description="봇의 패도 보기 (연습용)", indent=False, layout=wide())
        self.show_all.observe(lambda _: self.render(), "value")
        self.runners = [button("진행 (우연)", self.chance), button("봇 차례 자동 진행", self.auto, "info")]
        tools = row(*self.runners, button("한 수 되돌리기", self.undo, "warning"), self.show_all)
        # The board sits right above the moves: a choice names what the board shows, on one phone screen.
        self.widget = w.VBox([row(self.players, *self.controls, self.seed, new), self.seats, self.step_info,
                              self.table, *self.teacher_rows(), self.actions, self.message, tools, self.log_html],
                             layout=w.Layout(max_width="100%"))
        self.new_game(warmup)

    def teacher_rows(self) -> list:
        """Rows between the board and the moves (the guided game's teacher)."""
        return []

    def make_seats(self):
        """Shows a box per seat of the chosen count; every possible seat keeps its box, since the game
        on screen goes on with its own player count until '새 게임'."""
        self.seats.children = self.seat_boxes[:self.players.value]

    def is_bot(self, player: int) -> bool:
        return self.seat_boxes[player].value

    def seat_name(self, player: int) -> str:
        return seat(player) + (" (봇)" if self.is_bot(player) else "")

    def viewer(self) -> tuple:
        """The person to move, else the first person at the table; with no person, everything."""
        people = [p for p in range(self.state.num_players) if not self.is_bot(p)]
        mover = self.state.current_player()
        seat_ = mover if mover in people else (people[0] if people else None)
        return seat_, self.show_all.value or seat_ is None

    def new_game(self, warmup=0):
        if not super().new_game():
            return
        for _ in range(warmup):   # a few moves already played, so the first picture shows a game under way
            if self.state.is_terminal():
                break
            self.step(self.choose(self.state), note=" (미리 둔 수)")
        self.auto(render=False)
        self.render()

    def choose(self, state):
        if state.current_player() == CHANCE:
            return sample_chance(state, self.rng())
        bots = import_module(f"{self.ENGINE.__name__}.bots")
        return getattr(bots, "sensible_bot", bots.greedy_bot)(state, self.rng())

    def auto(self, render=True):
        """Resolve chance steps and bot seats until a person must decide or the game ends."""
        for _ in range(MAX_AUTO_STEPS):
            player = self.state.current_player()
            if player == TERMINAL or (player != CHANCE and not self.is_bot(player)):
                break
            self.step(self.choose(self.state))
        if render:
            self.render()

    def action_rows(self, s) -> list:
        player = s.current_player()
        if player >= 0 and self.is_bot(player):
            return [w.HTML("<small>봇의 차례입니다: '봇 차례 자동 진행'을 누르세요.</small>")]
        return super().action_rows(s)
