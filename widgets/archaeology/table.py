"""테이블: the café staff's copy of a real game. Everyone at the table is a person and the physical deck
decides every draw, so a chance step is either told to the engine ("이 카드가 나왔다고 하기") or, for
practice, drawn by the engine with the odds it states."""
from html import escape

import ipywidgets as w

from rules import archaeology as A
from rules.archaeology import components as C
from widgets.archaeology.board import board_html
from widgets.archaeology.play import GameView, _layout, _row
from widgets.common import odds_text

MAX_SEATS = max(C.PLAYER_COUNTS)


class Table(GameView):
    CHANCE_HINT = "테이블에서 나온 카드를 고르세요"

    def __init__(self, players=4, ruin="pyramid", seed=1, variants=()):
        super().__init__(players, ruin, seed)
        self.variants = [w.Checkbox(value=v in variants, description=name, indent=False,
                                    layout=w.Layout(width="auto")) for v, name in C.VARIANTS.items()]
        # Names typed for every possible seat are kept when the player count changes.
        self.names = [w.Text(placeholder=f"플레이어 {p + 1}", description=f"{p + 1}번 자리",
                             layout=w.Layout(width="210px", max_width="100%")) for p in range(MAX_SEATS)]
        self.seats = w.Box(layout=_layout(display="flex", flex_flow="row wrap"))
        self.players.observe(lambda _: self.show_seats(), "value")
        self.show_seats()
        for name in self.names:
            name.observe(lambda _: self.render(), "value")
        self.show_hands = w.Checkbox(value=True, description="모든 패 보기", indent=False,
                                     layout=w.Layout(width="auto"))
        self.show_hands.observe(lambda _: self.render(), "value")
        start = self._button("이 설정으로 게임 시작", self.start, "primary")
        tools = _row([self._button("한 수 되돌리기", self.undo, "warning"), self.show_hands])
        setup = w.VBox([_row([self.players, self.ruin, self.seed]),
                        _row([w.HTML("<small><b>응용 규칙</b></small>")] + self.variants),
                        self.seats, start], layout=_layout())
        self.settings = w.Accordion([setup], selected_index=0, layout=_layout())
        self.settings.set_title(0, "게임 설정 (인원 · 유적 · 응용 규칙 · 자리)")
        self.widget = w.VBox([self.settings, self.step_info, self.actions, tools, self.message, self.table,
                              self.log_html], layout=_layout())
        self.new_game()

    def show_seats(self):
        self.seats.children = self.names[:self.players.value]

    def seat_name(self, player: int) -> str:
        return self.names[player].value.strip() or f"플레이어 {player + 1}"

    def start_state(self) -> A.State:
        chosen = tuple(v for v, box in zip(C.VARIANTS, self.variants) if box.value)
        return A.new_game(num_players=self.players.value, seed=self.seed.value, ruin=self.ruin.value,
                          variants=chosen)

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
        told = self._button("이 카드가 나왔다고 하기", lambda: self.play(pick.value), "primary")
        drawn = self._button("진행 (엔진이 뽑기)", self.chance)
        return [w.HTML("<small><b>나온 카드</b>: 실제 테이블에서 나온 카드를 고르세요. 연습할 때는 엔진이 "
                       "확률대로 뽑게 할 수 있습니다.</small>"), _row([pick, told]), _row([drawn])]

    def render(self):
        if self.history:
            super().render()


def table(players=4, ruin="pyramid", seed=1, variants=()) -> w.VBox:
    """A game set up for the chosen table, kept move by move while the table plays."""
    return Table(players, ruin, seed, variants).widget

