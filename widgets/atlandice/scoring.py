"""Final scoring of 아틀란다이스 as a table, every number from the engine: per heritage type 3 for the most
(all tied leaders; then no second) and 1 for the second, 3 per board won, the VP tokens."""
from html import escape

import ipywidgets as w

from rules import IllegalAction
from rules import atlandice as A
from rules.atlandice import components as C
from widgets.atlandice.board import COLORS, LETTERS
from widgets.common import button, error, quiet_name, row
from widgets.common.game_view import player_picker, seat


def seat_label(state, seat_name, s: int) -> str:
    return "가상 플레이어" if s == state.virtual() else seat_name(s)


def scores_table(state, seat_name) -> str:
    """One row per seat (the virtual player too, scored only when it takes VP): each type's count and
    majority points, tokens, boards, total."""
    seats = range(len(state.holdings))
    ranks = {t: state.majority(t) for t in C.HERITAGE}
    head = "".join(f'<th><span style="background:{COLORS[t]};color:#fff;border-radius:9px;padding:0 5px">'
                   f'{LETTERS[t]}</span></th>' for t in C.HERITAGE)
    rows = []
    for s in seats:
        cells = []
        for t in C.HERITAGE:
            n = state.holdings[s][C.HERITAGE.index(t)]
            rank = ranks[t].get(s)
            points = {1: 3, 2: 1}.get(rank, 0)
            cells.append(f"<td style='text-align:center'>{n}<br><small>{'+' + str(points) if points else '·'}</small></td>")
        if s < state.num_players:
            total = state.scores()[s]
        else:
            total = state.virtual_score()
        rows.append(f"<tr><td>{escape(seat_label(state, seat_name, s))}</td>{''.join(cells)}"
                    f"<td style='text-align:right'>{state.tokens[s]}</td>"
                    f"<td style='text-align:right'>{len(state.won[s])}×3</td>"
                    f"<td style='text-align:right'><b>{'—' if total is None else total}</b></td></tr>")
    return ('<div style="overflow-x:auto;max-width:100%"><table style="font-size:90%">'
            f"<tr><th>자리</th>{head}<th>토큰</th><th>보드</th><th>합계</th></tr>{''.join(rows)}</table></div>"
            "<div><small>유산 칸: 가진 수, 아래는 다수 점수(1위 3점, 2위 1점; 1위가 여럿이면 모두 3점이고 2위는 "
            "없음)</small></div>")


class FinalScoring:
    """Heritage, VP tokens and boards won per seat in; the engine's final scoring out."""

    START = [{"gem": 4, "book": 2, "tool": 1}, {"gem": 4, "food": 3, "weapon": 2}, {"book": 2, "food": 3, "weapon": 2},
             {"tool": 3}]

    def __init__(self, players=3):
        self.players = player_picker(C.PLAYER_COUNTS, players)
        self.boxes = [{t: quiet_name(w.IntText(value=self.START[s].get(t, 0), layout=w.Layout(width="52px")),
                                     f"플레이어 {s + 1}의 {C.name(t)}") for t in C.HERITAGE} for s in range(4)]
        self.tokens = [quiet_name(w.IntText(value=v, layout=w.Layout(width="52px")), f"플레이어 {s + 1}의 승점 토큰")
                       for s, v in enumerate((2, 1, 3, 0))]
        self.won = [quiet_name(w.IntText(value=v, layout=w.Layout(width="52px")), f"플레이어 {s + 1}가 얻은 보드")
                    for s, v in enumerate((1, 1, 0, 0))]
        self.virtual_vp = w.Checkbox(value=False, description="2인: 가상 플레이어도 승점", indent=False,
                                     layout=w.Layout(width="auto", max_width="100%"))
        self.grid, self.message, self.out = w.VBox(), w.HTML(), w.HTML()
        self.players.observe(lambda _: self.make_grid(), "value")
        self.make_grid()
        self.widget = w.VBox([row(self.players, self.virtual_vp), self.grid,
                              row(button("점수 계산", self.compute, "primary")), self.message, self.out],
                             layout=w.Layout(max_width="100%"))
        self.compute()

    def seats(self) -> int:
        return self.players.value + (self.players.value == 2)

    def make_grid(self):
        head = row(w.HTML("<small>자리</small>", layout=w.Layout(width="90px")),
                   *[w.HTML(f"<small>{C.name(t)}</small>", layout=w.Layout(width="52px")) for t in C.HERITAGE],
                   w.HTML("<small>토큰</small>", layout=w.Layout(width="52px")),
                   w.HTML("<small>보드</small>", layout=w.Layout(width="52px")))
        n = self.players.value
        rows = [row(w.HTML(f"<small>{'가상 플레이어' if s == 2 and n == 2 else f'플레이어 {s + 1}'}</small>",
                           layout=w.Layout(width="90px")), *self.boxes[s].values(), self.tokens[s], self.won[s])
                for s in range(self.seats())]
        self.grid.children = [head] + rows

    def state(self):
        n, seats = self.players.value, self.seats()
        counts = [b.value for b in self.won[:seats]]
        if any(c < 0 for c in counts) or sum(counts) > 10:
            raise IllegalAction("얻은 보드는 0장 이상, 모두 합쳐 10장까지 적을 수 있습니다 (이 계산기는 시설마다 보드 1장을 "
                                "남겨 둡니다)", "최종 점수 계산")
        if any(b.value < 0 for b in self.tokens[:seats]):
            raise IllegalAction("승점 토큰은 0개 이상이어야 합니다", "최종 점수 계산")
        order = [C.board_id(d, i) for i in range(2) for d in C.DISTRICTS]   # 1a..5a, 1b..5b
        won, k = [], 0
        for c in counts:
            won.append(order[k:k + c])
            k += c
        taken = set(order[:k])
        stacks = {d: [b for b in C.board_ids(d) if b not in taken] for d in C.DISTRICTS}
        return A.scenario(players=n, holdings=[{t: box.value for t, box in self.boxes[s].items()} for s in range(seats)],
                          market={}, tokens=[b.value for b in self.tokens[:seats]], won=won, stacks=stacks,
                          virtual_vp=self.virtual_vp.value and n == 2)

    def compute(self):
        try:
            s = self.state()
        except IllegalAction as exc:
            self.message.value = error(str(exc))
            return
        self.message.value = ""
        names = escape(", ".join(seat(p) for p in s.winners()))
        self.out.value = scores_table(s, seat) + f"<div><b>승리: {names}</b>" + (
            " (공동 승리)" if len(s.winners()) > 1 else "") + "</div>"


def final_scoring(players=3) -> w.VBox:
    return FinalScoring(players).widget
