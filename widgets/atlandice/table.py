"""테이블 (아틀란다이스): the café staff's copy of a real game on the shared table screen
(widgets/common/table.py). Every heritage, die and the clock lie open on the real table and no decision
hides anything, so the table plays on one screen (HIDDEN_DECISIONS = False). The boards under each top
board are unknown to everyone, the engine included: when one comes up the staff tells which (a chance step)."""
from html import escape

import ipywidgets as w

from rules import IllegalAction
from rules import atlandice as A
from rules.atlandice import components as C
from rules.atlandice.state import REVEAL, ROLL
from widgets.atlandice.game import AtlandiceScreen
from widgets.atlandice.setup_view import parse_faces
from widgets.common import LABEL, button, error, row, table


class Table(AtlandiceScreen, table.Table):
    OUTCOME = "주사위"
    HIDDEN_DECISIONS = False
    SETTINGS_TITLE = "게임 설정 (인원 · 대장간 읽기 · 자리)"

    def __init__(self, players=3, seed=1, forge_source="market", virtual_vp=False):
        self.faces = w.Text(placeholder="예: 1 2 6 6 3 5 4", description="굴린 눈",
                            layout=w.Layout(width="230px", max_width="95%"))
        # What the real table shows at setup: each stack's top board (its clock hands) and the first player.
        self.tops = {d: w.Dropdown(options=[("엔진이 섞음", None)] + [(f"바늘 {h}개", h) for h in
                                                                sorted(set(C.BOARD.hands[b] for b in C.board_ids(d)))],
                                   index=0, description=f"{d} {C.area_name(d)}", style=LABEL,
                                   layout=w.Layout(width="auto", max_width="100%")) for d in C.DISTRICTS}
        self.first = w.Dropdown(description="선 플레이어", style=LABEL, layout=w.Layout(width="auto", max_width="100%"))
        super().__init__(players, seed, forge_source=forge_source, virtual_vp=virtual_vp)

    def table_rows(self) -> list:
        return [w.HTML("<small><b>실물 더미의 맨 위 보드</b>: 보이는 시곗바늘 아이콘 수를 고르면 엔진도 그 보드를 맨 위에 "
                       "놓습니다. 게임 중에 새 보드가 드러나면 그때 화면에서 고릅니다.</small>"), row(*self.tops.values())]

    def seat_rows(self, n: int) -> list:
        chosen = self.first.value if self.first.value is not None and self.first.value < n else None
        self.first.options = [("엔진이 무작위로", None)] + [(f"{p + 1}번 자리", p) for p in range(n)]
        self.first.index = 0 if chosen is None else chosen + 1   # index, not value: None would mean no choice
        return super().seat_rows(n) + [row(self.first)]

    def start_state(self) -> A.State:
        stacks = {}
        for d, box in self.tops.items():
            top = box.value
            if top is not None:
                ids = list(C.board_ids(d))
                board = next(b for b in ids if C.BOARD.hands[b] == top)
                stacks[d] = [board] + [b for b in ids if b != board]
        n = self.players.value
        return A.new_game(num_players=n, seed=self.seed.value, forge_source=self.forge.value,
                          virtual_vp=self.virtual_vp.value and n == 2, stacks=stacks, first=self.first.value)

    def chance_rows(self, state) -> list:
        rows = super().chance_rows(state)
        if state.phase == ROLL:     # the whole roll at once, as the first player rolls every die together
            rows.append(row(self.faces, button("굴린 눈 모두 입력", self.tell_faces, "primary")))
        return rows

    def outcome_word(self, state) -> str:
        return "보드" if state.phase == REVEAL else self.OUTCOME

    def tell_faces(self):
        try:
            faces = parse_faces(self.faces.value, self.state.to_roll if self.state.phase == ROLL else 0)
        except IllegalAction as exc:
            self.message.value = error(str(exc))
            return self.render()
        for face in faces:
            self.step(A.RollDie(face))
        self.faces.value = ""
        self.message.value = ""
        self.render()

    def summary(self, state) -> str:
        seats = " · ".join(escape(self.seat_name(p)) for p in range(state.num_players))
        extra = " · 가상 플레이어 승점 받음" if state.virtual_vp else ""
        return f"{state.num_players}인 · 대장간: {escape(C.FORGE_SOURCES[state.forge_source])}{extra} — {seats}"


def table(players=3, seed=1) -> w.VBox:
    """A game set up for the chosen table, kept move by move while the table plays."""
    return Table(players, seed).widget
