"""테이블 (레즈 아르카나): the café staff's copy of a real game on the shared table screen
(widgets/common/table.py). Hands, decks, the mage options and the monument deck are hidden, so a draw
or a choice over a hand is made with the screen handed to its player."""
from html import escape

import ipywidgets as w

from widgets.common import table
from widgets.res_arcana.game import VARIANT_CHOICES, ResArcanaScreen


class Table(ResArcanaScreen, table.Table):
    OUTCOME = "카드"
    CHANCE_HINT = "테이블에서 나온 카드를 고르세요"
    SETTINGS_TITLE = "게임 설정 (인원 · 규칙 · 선 플레이어 · 자리)"

    def __init__(self, players=2, seed=1, variants=()):
        super().__init__(players, seed, variants=variants)

    def summary(self, state) -> str:
        rules = next(label for label, v in VARIANT_CHOICES if v == tuple(state.variants))
        seats = " · ".join(escape(self.seat_name(p)) for p in range(state.num_players))
        return f"{state.num_players}인 · {escape(rules)} — {seats}"


def table(players=2, seed=1, variants=()) -> w.VBox:
    """A game set up for the chosen table, kept move by move while the table plays."""
    return Table(players, seed, variants).widget
