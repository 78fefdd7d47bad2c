"""테이블: the café staff's copy of a real game. Everyone at the table is a person and the physical deck
decides every draw, so a chance step is either told to the engine ("이 카드가 나왔다고 하기") or, for
practice, drawn by the engine with the odds it states."""
from html import escape

import ipywidgets as w

from rules import archaeology as A
from rules.archaeology import components as C
from widgets.archaeology.board import board_html
from widgets.archaeology.options import chosen_variants, variant_boxes
from widgets.archaeology.play import GameView
from widgets.common import button, odds_text, row, wide

MAX_SEATS = max(C.PLAYER_COUNTS)


class Table(GameView):
    CHANCE_HINT = "테이블에서 나온 카드를 고르세요"

    def __init__(self, players=4, ruin="pyramid", seed=1, variants=()):
        super().__init__(players, ruin, seed)
        self.variants = variant_boxes(variants)
        # Names typed for every possible seat are kept when the player count changes.
        self.names = [w.Text(placeholder=f"플레이어 {p + 1}", description=f"{p + 1}번 자리",
                             layout=w.Layout(width="210px", max_width="100%")) for p in range(MAX_SEATS)]
        self.seats = row()
        self.players.observe(lambda _: self.show_seats(), "value")
        self.show_seats()
        for name in self.names:
            name.observe(lambda _: self.render(), "value")
        self.show_hands = w.Checkbox(value=True, description="모든 패 보기", indent=False,
                                     layout=wide())
        self.show_hands.observe(lambda _: self.render(), "value")
        start = button("이 설정으로 게임 시작", self.start, "primary")
        tools = row(button("한 수 되돌리기", self.undo, "warning"), self.show_hands)
        setup = w.VBox([row(self.players, self.ruin, self.seed),
                        row(w.HTML("<small><b>응용 규칙</b></small>"), *self.variants.values()),
                        self.seats, start], layout=w.Layout(max_width="100%"))
        self.settings = w.Accordion([setup], selected_index=0, layout=w.Layout(max_width="100%"))
        self.settings.set_title(0, "게임 설정 (인원 · 유적 · 응용 규칙 · 자리)")
        self.widget = w.VBox([self.settings, self.step_info, self.actions, tools, self.message, self.table,
                              self.log_html], layout=w.Layout(max_width="100%"))
        self.new_game()

    def show_seats(self):
        self.seats.children = self.names[:self.players.value]

    def seat_name(self, player: int) -> str:
        return self.names[player].value.strip() or f"플레이어 {player + 1}"

    def start_state(self) -> A.State:
        return A.new_game(num_players=self.players.value, seed=self.seed.value, ruin=self.ruin.value,
                          variants=chosen_variants(self.variants))

    def new_game(self):
        if super().new_game():
            self.render()

    def start(self):
        """A new game from the settings; the settings fold away to leave the table on screen."""
        self.new_game()
        if len(self.history) == 1:
            self.settings.selected_index = None

    def board(self, state) -> str:
        tile = C.ruin(state.ruin)["name"]
        rules = ", ".join(C.VARIANTS[v] for v in state.variants) or "기본 규칙"
        seats = " · ".join(escape(self.seat_name(p)) for p in range(state.num_players))
        head = f"<div><small>{state.num_players}인 · {escape(tile)} · {escape(rules)} — {seats}</small></div>"
        return head + board_html(state, show_hands=self.show_hands.value)

    def chance_rows(self, state) -> list:
        """The outcomes the engine lists, each with its exact odds; the staff picks what the table saw."""
        pick = w.Dropdown(options=[(f"{o.describe()} · {odds_text(p)}", o) for o, p in state.chance_outcomes()],
                          layout=w.Layout(width="auto", max_width="calc(100% - 8px)"))  # margins: no sideways scroll
        told = button("이 카드가 나왔다고 하기", lambda: self.play(pick.value), "primary")
        drawn = button("진행 (엔진이 뽑기)", self.chance)
        return [w.HTML("<small><b>나온 카드</b>: 실제 테이블에서 나온 카드를 고르세요. 연습할 때는 엔진이 "
                       "확률대로 뽑게 할 수 있습니다.</small>"), row(pick, told), row(drawn)]

    def render(self):
        if self.history:
            super().render()


def table(players=4, ruin="pyramid", seed=1, variants=()) -> w.VBox:
    """A game set up for the chosen table, kept move by move while the table plays."""
    return Table(players, ruin, seed, variants).widget

