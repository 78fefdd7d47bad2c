"""테이블 for any game: the café staff's copy of a real game. Everyone at the table is a person and the
real dice, deck or bag decide every chance step, so a chance step is either told to the engine ("이렇게
나왔다고 하기") or, for practice, drawn by the engine with the odds it states.

The screen faces the table: it shows public information only. What only one player may know (a card
drawn, their hand) is entered with the screen handed to that player ("화면을 보는 사람"); the view
returns to the table as soon as the move passes to someone else. The staff's full view stays behind
its own switch. A game whose decisions hide nothing (HIDDEN_DECISIONS = False) is played at the table
screen without handing it over.

On the café server the table also keeps its game on the server after every move, offered under
"이어서 하기" after a reload or a restart (table_saves.py), and when that server serves its network the
staff's switch asks for the staff PIN, checked here in the kernel (staff_pin.py)."""
import uuid
from html import escape

import ipywidgets as w

from widgets.common import table_saves
from widgets.common.game_view import GameView
from widgets.common.staff_pin import StaffPin
from widgets.common.ui import LABEL, button, error, info, odds_text, row, wide


class Table(GameView):
    OUTCOME = "결과"          # what a chance step turns up at this game's table (a word ending in a vowel)
    CHANCE_HINT = "테이블에서 나온 결과를 고르세요"
    HIDDEN_DECISIONS = True   # a decision is made over a hand the table must not see
    SETTINGS_TITLE = "게임 설정 (인원 · 자리)"

    def __init__(self, players, seed, **options):
        super().__init__(players, seed, **options)
        seats = max(self.ENGINE.PLAYER_COUNTS)
        # Names typed for every possible seat are kept when the player count changes.
        self.names = [w.Text(placeholder=f"플레이어 {p + 1}", description=f"{p + 1}번 자리",
                             layout=w.Layout(width="210px", max_width="100%")) for p in range(seats)]
        self.seats = w.VBox(layout=w.Layout(max_width="100%"))
        self.players.observe(lambda _: self.show_seats(), "value")
        self.show_seats()
        for name in self.names:
            name.observe(lambda _: self.render(), "value")
        self.show_hands = w.Checkbox(value=False, description="직원용: 모든 패 보기", indent=False,
                                     layout=wide())
        self.staff_pin = StaffPin.from_env()   # None: no PIN asked (the book, a café on this computer only)
        self.pin_granted = False
        self.pin_box = w.Password(placeholder="직원 PIN", layout=w.Layout(width="140px"))
        self.pin_row = row(w.HTML("<small>직원용 보기는 직원 PIN을 넣어야 켜집니다.</small>"), self.pin_box,
                           button("확인", self.unlock, "primary"))
        self.pin_row.layout.display = "none"
        self.show_hands.observe(self.staff_view, "value")
        self.looking = w.Dropdown(description="화면을 보는 사람", style=LABEL, layout=wide())
        self.looking.observe(lambda _: self.render(), "value")
        start = button("이 설정으로 게임 시작", self.start, "primary")
        tools = row(button("한 수 되돌리기", self.undo, "warning"), self.looking, self.show_hands)
        setup = w.VBox([row(self.players, *self.controls, self.seed), *self.table_rows(), self.seats, start],
                       layout=w.Layout(max_width="100%"))
        self.saves = table_saves.folder(self.ENGINE.__name__.rsplit(".", 1)[-1])   # None outside the café
        self.save_id = None
        self.resume_pick = w.Dropdown(description="저장된 게임", style=LABEL,
                                      layout=w.Layout(width="auto", max_width="calc(100% - 8px)"))
        panels = [setup] + ([self.resume_panel()] if self.saves else [])
        self.settings = w.Accordion(panels, selected_index=0, layout=w.Layout(max_width="100%"))
        self.settings.set_title(0, self.SETTINGS_TITLE)
        if self.saves:
            self.settings.set_title(1, "이어서 하기 (서버에 저장된 게임)")
            self.settings.observe(lambda _: self.list_saves(), "selected_index")
        pin = [self.pin_row] if self.staff_pin else []
        # The board sits right above the moves: a choice names what the board shows, on one phone screen.
        self.widget = w.VBox([self.settings, self.step_info, self.table, self.actions, self.message, tools, *pin,
                              self.log_html], layout=w.Layout(max_width="100%"))
        self.new_game()

    # --- what a game may add -------------------------------------------------------------------
    def table_rows(self) -> list:
        """Setup rows only the café table has (variants, ...), below 인원 and the game's controls."""
        return []

    def seat_rows(self, n: int) -> list:
        """One row per seat; a game may add what the real table dealt to that seat."""
        return [row(name) for name in self.names[:n]]

    def started(self):
        """Called once a game starts from the settings: wipe anything typed that is private."""

    def summary(self, state) -> str:
        """A line above the board: the player count, the game's options, the seats."""
        seats = " · ".join(escape(self.seat_name(p)) for p in range(state.num_players))
        return f"{state.num_players}인 — {seats}"

    # --- seats and viewer ----------------------------------------------------------------------
    def show_seats(self):
        self.seats.children = self.seat_rows(self.players.value)

    def seat_name(self, player: int) -> str:
        return self.names[player].value.strip() or f"플레이어 {player + 1}"

    def viewer(self) -> tuple:
        return self.looking.value, self.show_hands.value

    def new_game(self):
        if super().new_game():
            self.save_id = uuid.uuid4().hex[:12]   # a new game is kept apart from the one before
            self.render()

    def start(self):
        """A new game from the settings; the settings fold away to leave the table on screen."""
        self.new_game()
        if len(self.history) == 1:
            self.settings.selected_index = None
            self.started()

    def board(self, state) -> str:
        return f"<div><small>{self.summary(state)}</small></div>" + super().board(state)

    # --- the staff's full view ---------------------------------------------------------------------
    def staff_view(self, change):
        """Every switch of the staff view passes here, a click in the browser or a message forged to look
        like one: with a PIN set, it turns on only through unlock()."""
        if change.new and self.staff_pin and not self.pin_granted:
            self.show_hands.value = False        # (this change comes back here and redraws)
            self.pin_row.layout.display = None
            self.message.value = info("직원 PIN을 넣고 '확인'을 누르세요.")
            return
        self.pin_granted = False                 # the next time it is turned on, the PIN is asked again
        self.render()

    def unlock(self):
        opened, why = self.staff_pin.check(self.pin_box.value)
        self.pin_box.value = ""
        if not opened:
            self.message.value = error(why)
            return
        self.pin_row.layout.display = "none"
        self.pin_granted = True
        self.show_hands.value = True
        self.message.value = info("직원용 보기를 켰습니다. 손님에게 화면을 보여 주기 전에 끄세요.")

    # --- the game kept on the café server --------------------------------------------------------
    def resume_panel(self) -> w.VBox:
        return w.VBox([w.HTML("<small>수를 둘 때마다 게임이 서버에 저장됩니다. 창을 닫았거나 서버가 다시 시작된 뒤에는 "
                              "이 테이블의 게임(저장한 시각과 자리 이름)을 고르면 마지막 수부터 이어집니다.</small>"),
                       row(self.resume_pick, button("이 게임 이어서 하기", self.resume, "primary"))],
                      layout=w.Layout(max_width="100%"))

    def list_saves(self):
        self.resume_pick.options = table_saves.recent(self.saves) or [("저장된 게임이 아직 없습니다", None)]
        self.resume_pick.index = 0   # the newest, named on screen; a menu left blank looks empty

    def keep(self):
        """Save the game once it has a move (an untouched new game is not worth a line in the menu)."""
        if self.saves and len(self.history) > 1:
            table_saves.write(self.saves, self.save_id, {
                "players": self.state.num_players, "names": self.seat_names(), "typed": [n.value for n in self.names],
                "seed": self.seed.value, "start": self.history[0].to_json(),
                "moves": [[str(action), note] for _before, action, note in self.entries]})

    def resume(self):
        save_id = self.resume_pick.value
        try:
            if save_id is None:
                raise ValueError("이어서 할 게임을 고르세요")
            data = table_saves.read(self.saves, save_id)
            history, entries = table_saves.replay(self.ENGINE.State, data)
        except ValueError as exc:
            self.message.value = error(str(exc))
            return
        self.history, self.entries, self.save_id = history, entries, save_id   # first: a name typed below redraws
        self.players.value = history[0].num_players
        for box, typed in zip(self.names, data["typed"]):
            box.value = typed
        self.seed.value = data["seed"]
        self.settings.selected_index = None
        self.message.value = info("저장된 게임을 이어서 합니다.")
        self.render()

    def hand_over(self, player: int) -> w.HBox:
        return row(button(f"{self.seat_name(player)}에게 화면 넘기기", lambda: self.look(player), "info"))

    def look(self, player):
        self.looking.value = player

    # --- chance and decisions --------------------------------------------------------------------
    def chance_rows(self, state) -> list:
        """The outcomes as the viewer may tell them apart, each with its exact odds; the staff picks
        what the table saw. An outcome only one player knows is entered with the screen handed to them."""
        seat_, reveal_all = self.viewer()
        groups = state.public_outcomes(seat_, reveal_all, self.seat_names())
        pick = w.Dropdown(options=[(f"{text} · {odds_text(p)}", outcomes) for text, p, outcomes in groups],
                          description=f"나온 {self.outcome_word(state)}", style=LABEL,
                          layout=w.Layout(width="auto", max_width="calc(100% - 8px)"))  # margins: no sideways scroll
        word = self.outcome_word(state)
        told = button(f"이 {word}가 나왔다고 하기", lambda: self.tell(pick.value), "primary")
        drawn = button("진행 (엔진이 뽑기)", self.chance)
        rows = [w.HTML(f"<small><b>나온 {word}</b>: 실제 테이블에서 나온 {word}를 고르세요. "
                       "연습할 때는 엔진이 확률대로 정하게 할 수 있습니다.</small>"), row(pick, told), row(drawn)]
        owner = self.chance_actor(state)
        if owner is not None and any(len(outcomes) > 1 for _, _, outcomes in groups):
            rows.append(self.hand_over(owner))
        return rows

    def outcome_word(self, state) -> str:
        """What this chance step turns up (a game with more than one kind of chance step tells them apart)."""
        return self.OUTCOME

    def tell(self, outcomes):
        if len(outcomes) == 1:
            return self.play(outcomes[0])
        who = self.seat_name(self.chance_actor(self.state))
        self.message.value = info(f"무엇이 나왔는지는 {who}만 압니다. 화면을 {who}에게 넘긴 뒤 고르세요 "
                                  "(또는 '진행 (엔진이 뽑기)').")
        self.render()

    def action_rows(self, s) -> list:
        seat_, reveal_all = self.viewer()
        player = s.current_player()
        if self.HIDDEN_DECISIONS and player >= 0 and not reveal_all and seat_ != player:
            return [w.HTML(f"<small>{escape(self.seat_name(player))}의 결정입니다. 화면을 넘겨 본인이 고르게 하세요."
                           "</small>"), self.hand_over(player)]
        return super().action_rows(s)

    def render(self):
        if not self.history:
            return
        n = self.state.num_players
        options = [("테이블 (공개 정보만)", None)] + [(self.seat_name(p), p) for p in range(n)]
        if list(self.looking.options) != options:
            chosen = self.looking.value
            self.looking.options = options
            self.looking.index = chosen + 1 if chosen is not None and chosen < n else 0
        if self.looking.value is not None and self.looking.value != self.actor(self.state):
            self.looking.value = None   # the move has passed on: this hand goes back into hiding
            return                      # (the change redraws the screen)
        super().render()
        self.keep()
