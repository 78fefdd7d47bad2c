"""테이블 (아키올로지): the café staff's copy of a real game on the shared table screen
(widgets/common/table.py), with what the real table dealt (hands, market) entered at setup and the
variants chosen there."""
from html import escape

import ipywidgets as w

from rules import archaeology as A
from rules.archaeology import components as C
from widgets.archaeology.game import ArchaeologyScreen
from widgets.archaeology.options import chosen_variants, parse_cards, variant_boxes
from widgets.common import LABEL, row, table

MAX_SEATS = max(C.PLAYER_COUNTS)


class Table(ArchaeologyScreen, table.Table):
    OUTCOME = "카드"
    CHANCE_HINT = "테이블에서 나온 카드를 고르세요"
    SETTINGS_TITLE = "게임 설정 (인원 · 유적 · 응용 규칙 · 자리)"

    def __init__(self, players=4, ruin="pyramid", seed=1, variants=()):
        self.variants = variant_boxes(variants)
        # What the real table dealt, where known; cleared once the game starts (hands are private).
        self.dealt = [w.Text(placeholder="패 4장 (비우면 엔진이 나눔)", description=f"{p + 1}번 자리 패", style=LABEL,
                             layout=w.Layout(width="300px", max_width="95%")) for p in range(MAX_SEATS)]
        self.market_text = w.Text(placeholder="예: 질그릇 파편 2, 동전 1, 부적 1, 양피지 두루마리 1", description="시장 5장",
                                  style=LABEL, layout=w.Layout(width="300px", max_width="95%"))
        super().__init__(players, seed, ruin=ruin)

    def table_rows(self) -> list:
        return [row(w.HTML("<small><b>응용 규칙</b></small>"), *self.variants.values())]

    def seat_rows(self, n: int) -> list:
        return [row(name, hand) for name, hand in zip(self.names[:n], self.dealt[:n])] + [
            w.HTML("<small>실제로 나눈 패와 시장을 알면 적으세요 (예: 항아리 2, 동전 1, 파라오 가면 1). 패는 본인이 "
                   "직접 적고, 게임을 시작하면 지워집니다.</small>"), self.market_text]

    def start_state(self) -> A.State:
        n = self.players.value
        hands = [parse_cards(t.value, f"{self.seat_name(p)}의 패") for p, t in enumerate(self.dealt[:n])]
        return A.new_game(num_players=n, seed=self.seed.value, ruin=self.ruin.value,
                          variants=chosen_variants(self.variants), sand_order=self.sand_order(),
                          hands=hands, market=parse_cards(self.market_text.value, "시장"))

    def started(self):
        for hand in self.dealt:   # a typed hand must not stay readable on the table's screen
            hand.value = ""

    def summary(self, state) -> str:
        tile = C.ruin(state.ruin)["name"]
        rules = ", ".join(C.VARIANTS[v] for v in state.variants) or "기본 규칙"
        seats = " · ".join(escape(self.seat_name(p)) for p in range(state.num_players))
        return f"{state.num_players}인 · {escape(tile)} · {escape(rules)} — {seats}"


def table(players=4, ruin="pyramid", seed=1, variants=()) -> w.VBox:
    """A game set up for the chosen table, kept move by move while the table plays."""
    return Table(players, ruin, seed, variants).widget
