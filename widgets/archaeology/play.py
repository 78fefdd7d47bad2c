"""한 판 해 보기: a whole game on one screen, some seats played by greedy bots, with undo and a move log.

GameView is the shared game loop; the café table page (widgets/archaeology/table.py) builds on it too."""
import random
from html import escape

import ipywidgets as w

from rules import archaeology as A
from rules.archaeology import bots, components as C
from rules.core import CHANCE, IllegalAction, TERMINAL, play_out, sample_chance
from widgets.archaeology.board import view_html
from widgets.archaeology.options import player_picker, set_seats
from widgets.archaeology.scoring import scores_table, seat
from widgets.common import LABEL, button, error, info, row, wide

KIND_NAMES = {"thief": "도둑 대상", "tent": "천막", "bury": "모래 폭풍 손실", "trade": "시장 물물교환",
              "explore": "유적 탐험", "sell": "박물관 판매", "peek": "신전 엿보기", "end": "턴 종료"}
MAX_BUTTONS = 6       # a larger group of actions becomes a dropdown with one 실행 button
MAX_AUTO_STEPS = 5000
LOG_LINES = 15


class GameView:
    """A game as a list of immutable states (the history; undo drops the last one), the legal moves of
    the player to move as buttons, and a log. Subclasses say who sits in each seat, who is looking
    at the screen (viewer) and add controls. The board, the log and every menu are drawn from what
    the viewer may see (State.public_view / describe_action), so nothing hidden reaches the screen."""

    CHANCE_HINT = "'진행'을 누르세요"

    def __init__(self, players=3, ruin="pyramid", seed=4):
        self.players = player_picker(players, "인원")
        self.ruin = w.Dropdown(options=[("무작위", None)] + [(C.ruin(r)["name"], r) for r in C.RUINS],
                               value=ruin, description="유적", layout=wide())
        self.seed = w.BoundedIntText(value=seed, min=0, max=10**6, description="번호",
                                     layout=w.Layout(width="150px"))
        # The rulebook's start player: who most recently walked on sand (READINGS['start_player']).
        self.first = w.Dropdown(description="가장 최근 모래를 밟은 사람", style=LABEL, layout=wide())
        set_seats(self.first, players)
        self.players.observe(lambda change: set_seats(self.first, change["new"]), "value")
        self.step_info, self.table, self.message, self.log_html = w.HTML(), w.HTML(), w.HTML(), w.HTML()
        self.actions = w.VBox(layout=w.Layout(max_width="100%"))
        self.history, self.entries = [], []   # entries: (state before, action, note) per move

    # --- seats and viewer (overridden) ------------------------------------------------------
    def seat_name(self, player: int) -> str:
        return seat(player)

    def seat_names(self) -> list:
        return [self.seat_name(p) for p in range(self.state.num_players)]

    def viewer(self) -> tuple:
        """(seat, reveal_all): whose eyes the screen is for; (None, False) is the whole table."""
        return None, True

    def sand_order(self) -> list:
        """From the chosen last sand walker on, clockwise (ties of 운 좋은 초심자 go in this order)."""
        n, first = self.players.value, self.first.value
        return [(first + i) % n for i in range(n)]

    def start_state(self) -> A.State:
        return A.new_game(num_players=self.players.value, seed=self.seed.value, ruin=self.ruin.value,
                          sand_order=self.sand_order())

    def board(self, state) -> str:
        seat_, reveal_all = self.viewer()
        return view_html(state.public_view(seat_, reveal_all), self.seat_names())

    def chance_rows(self, state) -> list:
        return []

    # --- moves ---------------------------------------------------------------------------
    @property
    def state(self) -> A.State:
        return self.history[-1]

    def rng(self) -> random.Random:
        """Seeded per move number, so undoing and redoing a move gives the same card."""
        return random.Random(f"{self.seed.value}:{len(self.history)}")

    def new_game(self) -> bool:
        try:
            start = self.start_state()
        except IllegalAction as exc:
            self.message.value = error(str(exc))
            return False
        self.history, self.entries = [start], []
        self.message.value = ""
        return True

    def step(self, action, note=""):
        before = self.state
        self.history.append(before.apply(action))
        self.entries.append((before, action, note))

    def play(self, action):
        try:
            self.step(action)
            self.message.value = ""
        except IllegalAction as exc:
            self.message.value = error(str(exc))
        self.render()

    def chance(self):
        if self.state.current_player() == CHANCE:
            return self.play(sample_chance(self.state, self.rng()))
        self.message.value = info("지금은 우연(카드 뽑기)이 아니라 플레이어가 결정할 차례입니다.")
        self.render()

    def undo(self):
        if len(self.history) > 1:
            self.history.pop()
            self.entries.pop()
            self.message.value = ""
        else:
            self.message.value = info("처음 상태라 되돌릴 수가 없습니다.")
        self.render()

    def log_lines(self) -> list:
        """The move log as the viewer may read it: a chance card is told in the drawer's name."""
        seat_, reveal_all = self.viewer()
        names = self.seat_names()
        lines = []
        for before, action, note in self.entries:
            player = before.current_player()
            who = names[before.turn if player == CHANCE else player]
            lines.append(f"{who}: {before.describe_action(action, seat_, reveal_all, names)}{note}")
        return lines

    # --- drawing -------------------------------------------------------------------------
    def render(self):
        s = self.state
        player = s.current_player()
        if player == TERMINAL:
            head = "게임이 끝났습니다."
        elif player == CHANCE:
            head = f"{A.PHASE_NAMES[s.phase]}: 카드가 무작위로 정해집니다 → {self.CHANCE_HINT}."
        else:
            head = f"{self.seat_name(player)}의 {A.PHASE_NAMES[s.phase]} 단계"
        self.step_info.value = (f"<div style='font-size:1.05em'><b>{len(self.history) - 1}수째 · "
                                f"{escape(head)}</b></div>")
        self.actions.children = self.action_rows(s)
        self.table.value = self.board(s)
        shown = self.log_lines()[-LOG_LINES:]
        self.log_html.value = ("<details open><summary><b>기록</b> (최근 수가 아래)</summary><small>"
                               + "<br>".join(escape(x) for x in shown) + "</small></details>") if shown else ""

    def action_rows(self, s) -> list:
        if s.is_terminal():
            return [w.HTML(final_html(s, self.seat_name))]
        if s.current_player() == CHANCE:
            return self.chance_rows(s)
        groups = {}
        for action in s.legal_actions():
            groups.setdefault(action.kind, []).append(action)
        rows = []
        for kind, actions in groups.items():
            label = w.HTML(f"<small><b>{KIND_NAMES.get(kind, kind)}</b></small>")
            if len(actions) <= MAX_BUTTONS:
                rows.append(row(label, *[button(a.describe(), lambda a=a: self.play(a)) for a in actions]))
            else:
                pick = w.Dropdown(options=[(a.describe(), a) for a in actions], layout=wide())
                rows.append(row(label, pick, button("실행", lambda pick=pick: self.play(pick.value), "primary")))
        return rows


class Play(GameView):
    """Practice on one screen: each seat is a greedy bot or a person; bots and chance can run on their own."""

    def __init__(self, players=3, ruin="pyramid", seed=4, humans=(0,), warmup=10):
        super().__init__(players, ruin, seed)
        self.seats = row()
        self.seat_boxes = [w.Checkbox(value=p not in humans, description=f"플레이어 {p + 1} 봇",
                                      indent=False, layout=wide()) for p in range(max(C.PLAYER_COUNTS))]
        self.players.observe(lambda _: self.make_seats(), "value")
        self.make_seats()
        new = button("새 게임", self.new_game, "primary")
        self.show_all = w.Checkbox(value=False, description="봇의 패도 보기 (연습용)", indent=False, layout=wide())
        self.show_all.observe(lambda _: self.render(), "value")
        tools = row(button("진행 (우연)", self.chance), button("봇 차례 자동 진행", self.auto, "info"),
                    button("한 수 되돌리기", self.undo, "warning"), self.show_all)
        self.widget = w.VBox([row(self.players, self.ruin, self.seed, self.first, new), self.seats,
                              self.step_info,
                              self.actions, tools, self.message, self.table, self.log_html],
                             layout=w.Layout(max_width="100%"))
        self.new_game(warmup)

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
        return bots.greedy_bot(state, self.rng())

    def auto(self, render=True):
        """Resolve chance nodes and bot seats until a human must decide or the game ends."""
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


def final_html(state, seat_name=seat) -> str:
    """Scores, cards sold and winners of a finished game, from the engine."""
    names = escape(", ".join(seat_name(p) for p in state.winners()))
    return scores_table(state, seat_name) + f"<div><b>승리: {names}</b></div>"


def play_game(players=3, ruin="pyramid", seed=4) -> w.VBox:
    """A playable game: player 1 is human, the other seats are greedy bots (changeable)."""
    return Play(players, ruin, seed).widget


def bot_game_summary(players=4, ruin=None, seed=7) -> w.HTML:
    """한 판 요약: a whole game of greedy bots played when the page is built."""
    start = A.new_game(num_players=players, seed=seed, ruin=ruin)
    counts = {"steps": 0, "turns": 0}

    def count(state, action):
        counts["steps"] += 1
        counts["turns"] += isinstance(action, A.EndTurn)

    end = play_out(start, bots.greedy_bot, seed=seed, on_step=count)
    return w.HTML(f"<div><b>{players}인 · {C.ruin(start.ruin)['name']} · 번호 {seed}</b> — "
                  f"{counts['turns']}턴, {counts['steps']}수 만에 끝남</div>" + final_html(end),
                  layout=w.Layout(max_width="100%"))
