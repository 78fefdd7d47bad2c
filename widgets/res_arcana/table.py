"""테이블 (레즈 아르카나): the café staff's copy of a real game on the shared table screen
(widgets/common/table.py). Hands, decks, the mage options and the monument deck are hidden, so a draw
or a choice over a hand is made with the screen handed to its player. The game can start from the cards
the table really dealt (widgets/res_arcana/deal_inputs.py), or from the engine's own shuffle."""
from html import escape

import ipywidgets as w

from rules import res_arcana as R
from widgets.common import table
from widgets.res_arcana.deal_inputs import DealInputs
from widgets.res_arcana.game import VARIANT_CHOICES, ResArcanaScreen


class Table(ResArcanaScreen, table.Table):
    OUTCOME = "카드"
    CHANCE_HINT = "테이블에서 나온 카드를 고르세요"
    SETTINGS_TITLE = "게임 설정 (인원 · 규칙 · 선 플레이어 · 나눈 카드 · 자리)"

    def __init__(self, players=2, seed=1, variants=()):
        self.dealt = False
        super().__init__(players, seed, variants=variants)

    def setup_controls(self, variants=()) -> list:
        controls = super().setup_controls(variants)
        self.deal_inputs = DealInputs(self.seat_name)
        self.deal_inputs.set_variants(self.variant.value)
        self.variant.observe(lambda change: self.deal_inputs.set_variants(change["new"]), "value")
        return controls

    def table_rows(self) -> list:
        return [self.deal_inputs.real, self.deal_inputs.box]

    def seat_rows(self, n: int) -> list:
        rows = [part for p in range(n) for part in self.deal_inputs.seats[p].widgets(self.names[p])]
        self.deal_inputs.show()
        return rows

    def start_state(self) -> R.State:
        self.dealt = False
        if not self.deal_inputs.real.value:
            return super().start_state()
        state = R.dealt_game(self.players.value, variants=self.variant.value, first_player=self.first.value,
                             **self.deal_inputs.deal(self.players.value))
        self.dealt = True
        return state

    def started(self):
        """The seats' typed cards are private: wiped once the game they dealt has started (kept after an
        error, so nobody types them again)."""
        if self.dealt:
            self.deal_inputs.wipe()

    def summary(self, state) -> str:
        rules = next(label for label, v in VARIANT_CHOICES if v == tuple(state.variants))
        seats = " · ".join(escape(self.seat_name(p)) for p in range(state.num_players))
        return f"{state.num_players}인 · {escape(rules)} — {seats}"


def table(players=2, seed=1, variants=()) -> w.VBox:
    """A game set up for the chosen table, kept move by move while the table plays."""
    return Table(players, seed, variants).widget
