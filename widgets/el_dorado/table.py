"""테이블 (엘도라도): the café staff's copy of a real game on the shared table screen
(widgets/common/table.py), with what the real table dealt entered at setup: the starting hands (each
by its own player, wiped once the game starts) and the blockade tiles on the path. Cards drawn and
cave tokens are told at each chance step; the market is set up the same way every game."""
from html import escape

import ipywidgets as w

from rules import IllegalAction, el_dorado as E
from rules.el_dorado import components as C
from widgets.common import row, table
from widgets.el_dorado.cards import parse_cards
from widgets.el_dorado.game import ElDoradoScreen

MAX_SEATS = max(C.PLAYER_COUNTS)


class Table(ElDoradoScreen, table.Table):
    SETTINGS_TITLE = "게임 설정 (인원 · 길 · 동굴 · 자리)"

    def __init__(self, players=4, path="first", seed=1, caves=False):
        # What the real table dealt, where known; cleared once the game starts (hands are private).
        self.dealt = [w.Text(placeholder="처음 패 4장 (비우면 엔진이 나눔)",
                             layout=w.Layout(width="260px", max_width="95%")) for _ in range(MAX_SEATS)]
        self.blockade_numbers = w.Text(placeholder="장애물 번호, 출발 쪽부터 (비우면 엔진이 놓음)",
                                       layout=w.Layout(width="300px", max_width="95%"))
        super().__init__(players, seed, path=path, caves=caves)

    def table_rows(self) -> list:
        return [row(self.blockade_numbers),
                w.HTML("<small>길에 실제로 놓은 장애물 타일의 번호를 출발 타일에서 가까운 것부터 적으세요 (예: 3, 1, 5, 2). "
                       "장애물 번호는 동점일 때 승패를 가립니다.</small>")]

    def seat_rows(self, n: int) -> list:
        return [row(name, hand) for name, hand in zip(self.names[:n], self.dealt[:n])] + [
            w.HTML("<small>실제로 나눈 처음 패를 알면 적으세요 (예: 탐험가 2, 여행자 2). 패는 본인이 직접 적고, "
                   "게임을 시작하면 지워집니다. 1번 자리가 모자 토큰을 받고 1번 시작 칸에서 시작합니다.</small>")]

    def start_state(self) -> E.State:
        n = self.players.value
        hands = [parse_cards(t.value, f"{self.seat_name(p)}의 패", C.STARTERS) for p, t in enumerate(self.dealt[:n])]
        return E.new_game(num_players=n, seed=self.seed.value, path=self.path.value, caves=self.caves.value,
                          hands=hands, blockades=self.placed())

    def placed(self):
        """The blockade numbers typed, or None to let the engine place them."""
        text = self.blockade_numbers.value.replace("，", ",").replace(",", " ").split()
        if not text:
            return None
        if not all(x.isdigit() for x in text):
            raise IllegalAction(f"장애물 번호는 숫자로 적습니다 (적은 것: {self.blockade_numbers.value})", "길 만들기")
        return [int(x) for x in text]

    def started(self):
        for hand in self.dealt:   # a typed hand must not stay readable on the table's screen
            hand.value = ""

    def summary(self, state) -> str:
        name = next((label for label, key in self.path.options if key == self.path.value), "")
        seats = " · ".join(escape(self.seat_name(p)) for p in range(state.num_players))
        caves = "동굴 토큰" if state.caves_variant else "기본 규칙"
        placed = ", ".join(str(n) for n in state.blockades if n is not None) or "없음"
        return f"{state.num_players}인 · {escape(name)} · {caves} · 남은 장애물 {placed} (출발 쪽부터) — {seats}"


def table(players=4, path="first", seed=1, caves=False) -> w.VBox:
    """A game set up for the chosen table, kept move by move while the table plays."""
    return Table(players, path, seed, caves).widget
