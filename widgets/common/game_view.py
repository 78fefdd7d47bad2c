"""The game loop every game's 한 판 해 보기 and café table share: a history of immutable states, the legal
moves of the player to move as buttons, undo and a move log, all drawn from what the viewer may see.

A game plugs in by subclassing (see widgets/<game>/game.py): ENGINE, KIND_NAMES, draw() and, where its
setup needs more than 인원 and 번호, setup_controls() and start_state()."""
import random
from html import escape

import ipywidgets as w

from rules.core import CHANCE, IllegalAction, TERMINAL, sample_chance
from rules.core.korean import attach
from widgets.common.ui import LABEL, button, error, info, row, wide

MAX_BUTTONS = 6       # a larger group of actions becomes a dropdown with one 실행 button
LOG_LINES = 15


def player_picker(counts, value, description="인원") -> w.Dropdown:
    return w.Dropdown(options=[(f"{n}인", n) for n in counts], value=value, description=description,
                      style=LABEL, layout=wide())


def seat(player: int) -> str:
    return f"플레이어 {player + 1}"


def winners_line(state, seat_name) -> str:
    """'승리: …' under a finished game's results, the winners named by the engine."""
    names = escape(", ".join(seat_name(p) for p in state.winners())) or "없음"
    return f"<div><b>승리: {names}</b></div>"


def without_subject(text: str, name: str) -> str:
    """`text` without its opening subject when that is `name` (a sentence the engine writes for a table
    menu, "플레이어 1이 카드 1장을 뽑았습니다"): the log already puts who acts in front of every line."""
    for form in ("이", "은"):       # 이/가 and 은/는, as the name takes them
        lead = attach(name, form) + " "
        if text.startswith(lead):
            return text[len(lead):]
    return text


def set_seats(menu: w.Dropdown, num_players: int, value=None):
    """Offer players 1..n in `menu`, keeping its pick (or `value`) while that seat still exists."""
    old = menu.value if value is None else value
    menu.options = [(seat(p), p) for p in range(num_players)]
    menu.value = old if old is not None and old < num_players else 0


class GameView:
    """A game as a list of immutable states (the history; undo drops the last one) and the entries
    (state before, action, note) that led there. Subclasses say who sits in each seat and who is
    looking at the screen (viewer); the board, the log and every menu come from State.public_view /
    describe_action for that viewer, so nothing hidden reaches the screen."""

    ENGINE = None          # the rules.<game> module
    KIND_NAMES = {}        # action.kind -> the Korean label of its group of buttons
    CHANCE_HINT = "'진행'을 누르세요"

    def __init__(self, players, seed, **options):
        self.players = player_picker(self.ENGINE.PLAYER_COUNTS, players)
        self.seed = w.BoundedIntText(value=seed, min=0, max=10**6, description="번호",
                                     layout=w.Layout(width="150px"))
        self.controls = self.setup_controls(**options)
        self.step_info, self.table, self.message, self.log_html = w.HTML(), w.HTML(), w.HTML(), w.HTML()
        self.actions = w.VBox(layout=w.Layout(max_width="100%"))
        # Named for the browser tests, which check that each move names what the board shows.
        self.table.add_class("kr-board")
        self.actions.add_class("kr-moves")
        self.history, self.entries = [], []

    # --- what a game says (overridden in widgets/<game>/game.py) -------------------------------
    def setup_controls(self, **options) -> list:
        """Game options beside 인원 and 번호 (e.g. 유적, the map), with the initial values the page
        asked for; start_state() reads them back."""
        return []

    def start_state(self):
        return self.ENGINE.new_game(num_players=self.players.value, seed=self.seed.value)

    def say(self, action) -> str:
        """A move as its button says it; a game whose board labels things differently from the engine's
        sentence (엘도라도's spaces by their letter on the map) says it in the board's words."""
        return action.describe()

    def draw(self, view: dict, names: list) -> str:
        """The board as HTML, drawn only from a public_view()."""
        raise NotImplementedError

    def final_html(self, state) -> str:
        """Scores and winners of a finished game (a game may add its own tie-break columns)."""
        scores, winners = state.scores(), state.winners()
        rows = "".join(f"<tr><td>{'🏆 ' if p in winners else ''}{escape(self.seat_name(p))}</td>"
                       f"<td style='text-align:right'>{score}</td></tr>" for p, score in enumerate(scores))
        return f"<table><tr><th>플레이어</th><th>점수</th></tr>{rows}</table>" + winners_line(state, self.seat_name)

    # --- seats and viewer (overridden by Play and Table) ---------------------------------------
    def seat_name(self, player: int) -> str:
        return seat(player)

    def seat_names(self) -> list:
        return [self.seat_name(p) for p in range(self.state.num_players)]

    def viewer(self) -> tuple:
        """(seat, reveal_all): whose eyes the screen is for; (None, False) is the whole table."""
        return None, True

    def board(self, state) -> str:
        seat_, reveal_all = self.viewer()
        return self.draw(state.public_view(seat_, reveal_all), self.seat_names())

    def chance_rows(self, state) -> list:
        return []

    # --- moves -----------------------------------------------------------------------------------
    @property
    def state(self):
        return self.history[-1]

    def rng(self) -> random.Random:
        """Seeded per move number, so undoing and redoing a move gives the same outcome."""
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
            self.after_move()
        except IllegalAction as exc:
            self.message.value = error(str(exc))
        self.render()

    def after_move(self):
        """What follows a move before the screen is drawn again (the guided game runs the bots)."""

    def chance(self):
        if self.state.current_player() == CHANCE:
            return self.play(sample_chance(self.state, self.rng()))
        self.message.value = info("지금은 우연이 정할 차례가 아니라 플레이어가 결정할 차례입니다.")
        self.render()

    def undo(self):
        if len(self.history) > 1:
            self.history.pop()
            self.entries.pop()
            self.message.value = ""
        else:
            self.message.value = info("처음 상태라 되돌릴 수가 없습니다.")
        self.render()

    def chance_actor(self, state):
        """The player a chance step belongs to (who draws the card), or None for a roll of the whole table."""
        return None

    def actor(self, state):
        """Who acts now: the player to decide, or at a chance step the player it belongs to."""
        player = state.current_player()
        return self.chance_actor(state) if player == CHANCE else (None if player == TERMINAL else player)

    def log_lines(self) -> list:
        """The move log as the viewer may read it; a chance outcome is told in its player's name, or 🎲."""
        seat_, reveal_all = self.viewer()
        names = self.seat_names()
        lines = []
        for before, action, note in self.entries:
            who = self.actor(before)
            text = self.log_text(before, action, seat_, reveal_all, names)
            if who is None:
                lines.append(f"🎲: {text}{note}")
            else:
                lines.append(f"{names[who]}: {without_subject(text, names[who])}{note}")
        return lines

    def log_text(self, before, action, seat_, reveal_all, names) -> str:
        """A played move as the log tells it to the viewer; a game whose buttons speak the board's words
        (엘도라도) tells it in those words too."""
        return before.describe_action(action, seat_, reveal_all, names)

    # --- drawing ---------------------------------------------------------------------------------
    def render(self):
        s = self.state
        player = s.current_player()
        phase = s.phase_name()
        if player == TERMINAL:
            head = "게임이 끝났습니다."
        elif player == CHANCE:
            head = f"{phase}: 무작위로 정해집니다 → {self.CHANCE_HINT}."
        else:
            head = f"{self.seat_name(player)}의 차례 · {phase}"
        if s.turn_label() and player != TERMINAL:
            head = f"{s.turn_label()} · {head}"
        # The board and the moves go out before the status line: a screen showing the new status already
        # shows its position. The number of moves played is an engine count, not a turn of the rulebook:
        # it is kept out of the text, as an attribute that tests and tools read.
        self.table.value = self.board(s)
        self.actions.children = self.action_rows(s)
        self.step_info.value = (f"<div class='kr-status' data-moves='{len(self.history) - 1}' "
                                f"style='font-size:1.05em'><b>{escape(head)}</b></div>")
        shown = self.log_lines()[-LOG_LINES:]
        self.log_html.value = ("<details open><summary><b>기록</b> (최근 수가 아래)</summary><small>"
                               + "<br>".join(escape(x) for x in shown) + "</small></details>") if shown else ""

    def action_rows(self, s) -> list:
        if s.is_terminal():
            return [w.HTML(self.final_html(s))]
        if s.current_player() == CHANCE:
            return self.chance_rows(s)
        groups = {}
        for action in s.legal_actions():
            groups.setdefault(action.kind, []).append(action)
        rows = []
        for kind, actions in groups.items():
            label = w.HTML(f"<small><b>{escape(self.KIND_NAMES.get(kind, kind))}</b></small>")
            if len(actions) <= MAX_BUTTONS:
                rows.append(row(label, *[button(self.say(a), lambda a=a: self.play(a)) for a in actions]))
            else:
                pick = w.Dropdown(options=[(self.say(a), a) for a in actions], layout=wide(),
                                  description=self.KIND_NAMES.get(kind, kind), style=LABEL)
                rows.append(row(pick, button("실행", lambda pick=pick: self.play(pick.value), "primary")))
        return rows
