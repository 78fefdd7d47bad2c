"""테이블: the café staff's copy of a real game. Everyone at the table is a person and the physical deck
decides every draw, so a chance step is either told to the engine ("이 카드가 나왔다고 하기") or, for
practice, drawn by the engine with the odds it states.

The screen faces the table: it shows public information only. A hidden card (a treasure dug, a
stolen card, a 묘실 pick) and a player's decision over their hand are entered with the screen
handed to that player ("화면을 보는 사람"); the view returns to the table as soon as the move passes
to someone else. The staff's full view stays behind its own switch."""
from html import escape

import ipywidgets as w

from rules import CHANCE, TERMINAL, archaeology as A
from rules.archaeology import components as C
from widgets.archaeology.options import chosen_variants, parse_cards, variant_boxes
from widgets.archaeology.play import GameView
from widgets.common import LABEL, button, info, odds_text, row, wide

MAX_SEATS = max(C.PLAYER_COUNTS)


class Table(GameView):
    CHANCE_HINT = "테이블에서 나온 카드를 고르세요"

    def __init__(self, players=4, ruin="pyramid", seed=1, variants=()):
        super().__init__(players, ruin, seed)
        self.variants = variant_boxes(variants)
        # Names typed for every possible seat are kept when the player count changes.
        self.names = [w.Text(placeholder=f"플레이어 {p + 1}", description=f"{p + 1}번 자리",
                             layout=w.Layout(width="210px", max_width="100%")) for p in range(MAX_SEATS)]
        # What the real table dealt, where known; cleared once the game starts (hands are private).
        self.dealt = [w.Text(placeholder="패 4장 (비우면 엔진이 나눔)", layout=w.Layout(width="260px", max_width="95%"))
                      for _ in range(MAX_SEATS)]
        self.market_text = w.Text(placeholder="예: 질그릇 파편 2, 동전 1, 부적 1, 양피지 두루마리 1", description="시장 5장",
                                  style=LABEL, layout=w.Layout(width="300px", max_width="95%"))
        self.seats = w.VBox(layout=w.Layout(max_width="100%"))
        self.players.observe(lambda _: self.show_seats(), "value")
        self.show_seats()
        for name in self.names:
            name.observe(lambda _: self.render(), "value")
        self.show_hands = w.Checkbox(value=False, description="직원용: 모든 패 보기", indent=False,
                                     layout=wide())
        self.show_hands.observe(lambda _: self.render(), "value")
        self.looking = w.Dropdown(description="화면을 보는 사람", style=LABEL, layout=wide())
        self.looking.observe(lambda _: self.render(), "value")
        start = button("이 설정으로 게임 시작", self.start, "primary")
        tools = row(button("한 수 되돌리기", self.undo, "warning"), self.looking, self.show_hands)
        setup = w.VBox([row(self.players, self.ruin, self.seed, self.first),
                        row(w.HTML("<small><b>응용 규칙</b></small>"), *self.variants.values()),
                        self.seats, start], layout=w.Layout(max_width="100%"))
        self.settings = w.Accordion([setup], selected_index=0, layout=w.Layout(max_width="100%"))
        self.settings.set_title(0, "게임 설정 (인원 · 유적 · 응용 규칙 · 자리)")
        self.widget = w.VBox([self.settings, self.step_info, self.actions, tools, self.message, self.table,
                              self.log_html], layout=w.Layout(max_width="100%"))
        self.new_game()

    def show_seats(self):
        n = self.players.value
        self.seats.children = [row(name, hand) for name, hand in zip(self.names[:n], self.dealt[:n])] + [
            w.HTML("<small>실제로 나눈 패와 시장을 알면 적으세요 (예: 항아리 2, 동전 1, 파라오 가면 1). 패는 본인이 "
                   "직접 적고, 게임을 시작하면 지워집니다.</small>"), self.market_text]

    def seat_name(self, player: int) -> str:
        return self.names[player].value.strip() or f"플레이어 {player + 1}"

    def viewer(self) -> tuple:
        return self.looking.value, self.show_hands.value

    def start_state(self) -> A.State:
        n = self.players.value
        hands = [parse_cards(t.value, f"{self.seat_name(p)}의 패") for p, t in enumerate(self.dealt[:n])]
        return A.new_game(num_players=n, seed=self.seed.value, ruin=self.ruin.value,
                          variants=chosen_variants(self.variants), sand_order=self.sand_order(),
                          hands=hands, market=parse_cards(self.market_text.value, "시장"))

    def new_game(self):
        if super().new_game():
            self.render()

    def start(self):
        """A new game from the settings; the settings fold away to leave the table on screen."""
        self.new_game()
        if len(self.history) == 1:
            self.settings.selected_index = None
            for hand in self.dealt:   # a typed hand must not stay readable on the table's screen
                hand.value = ""

    def board(self, state) -> str:
        tile = C.ruin(state.ruin)["name"]
        rules = ", ".join(C.VARIANTS[v] for v in state.variants) or "기본 규칙"
        seats = " · ".join(escape(self.seat_name(p)) for p in range(state.num_players))
        head = f"<div><small>{state.num_players}인 · {escape(tile)} · {escape(rules)} — {seats}</small></div>"
        return head + super().board(state)

    def actor(self, state):
        """Who acts now: the player to decide, or at a chance step the player whose turn it is."""
        player = state.current_player()
        return state.turn if player == CHANCE else (None if player == TERMINAL else player)

    def hand_over(self, player: int) -> w.HBox:
        return row(button(f"{self.seat_name(player)}에게 화면 넘기기", lambda: self.look(player), "info"))

    def look(self, player):
        self.looking.value = player

    def chance_rows(self, state) -> list:
        """The outcomes as the viewer may tell them apart, each with its exact odds; the staff picks
        what the table saw. An outcome only one player knows is entered with the screen handed to them."""
        seat_, reveal_all = self.viewer()
        groups = state.public_outcomes(seat_, reveal_all, self.seat_names())
        pick = w.Dropdown(options=[(f"{text} · {odds_text(p)}", outcomes) for text, p, outcomes in groups],
                          layout=w.Layout(width="auto", max_width="calc(100% - 8px)"))  # margins: no sideways scroll
        told = button("이 카드가 나왔다고 하기", lambda: self.tell(pick.value), "primary")
        drawn = button("진행 (엔진이 뽑기)", self.chance)
        rows = [w.HTML("<small><b>나온 카드</b>: 실제 테이블에서 나온 카드를 고르세요. 연습할 때는 엔진이 "
                       "확률대로 뽑게 할 수 있습니다.</small>"), row(pick, told), row(drawn)]
        if any(len(outcomes) > 1 for _, _, outcomes in groups):
            rows.append(self.hand_over(state.turn))
        return rows

    def tell(self, outcomes):
        if len(outcomes) == 1:
            return self.play(outcomes[0])
        who = self.seat_name(self.state.turn)
        self.message.value = info(f"무엇이 나왔는지는 {who}만 압니다. 화면을 {who}에게 넘긴 뒤 카드를 고르세요 "
                                  "(또는 '진행 (엔진이 뽑기)').")
        self.render()

    def action_rows(self, s) -> list:
        seat_, reveal_all = self.viewer()
        player = s.current_player()
        if player >= 0 and not reveal_all and seat_ != player:   # a decision over a hidden hand
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


def table(players=4, ruin="pyramid", seed=1, variants=()) -> w.VBox:
    """A game set up for the chosen table, kept move by move while the table plays."""
    return Table(players, ruin, seed, variants).widget

