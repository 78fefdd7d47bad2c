"""게임 종료: who wins among the players who reached El Dorado. Staff set, per player, whether and
in which order they arrived and the blockades they took; the engine's winners() decides."""
from html import escape

import ipywidgets as w

from rules import el_dorado as E
from rules.core import IllegalAction
from rules.core.korean import attach
from rules.el_dorado import components as C
from widgets.common import LABEL, error, quiet_name, row, wide
from widgets.common.game_view import seat
from widgets.el_dorado.game import final_html

ORDER = [("도착 못 함", None)] + [(f"{n}번째로 도착", n) for n in range(1, 5)]


class Finish:
    def __init__(self, players=3, arrived=(1, 2, None, None), blockades=((3,), (5, 1), (), ())):
        self.players = w.Dropdown(options=[(f"{n}인", n) for n in C.PLAYER_COUNTS], value=players,
                                  description="인원", layout=wide())
        self.order = [w.Dropdown(options=ORDER, value=arrived[p], description=seat(p), style=LABEL, layout=wide())
                      for p in range(4)]
        self.taken = [quiet_name(w.SelectMultiple(options=[(f"장애물 {n} ({C.TERRAIN_NAMES[t]} {r})", n)
                                                           for n, (t, r) in sorted(C.BLOCKADES.items())],
                                                  value=tuple(blockades[p]), rows=3,
                                                  layout=w.Layout(width="200px", max_width="95%")),
                                 f"{attach(seat(p), '이')} 가져간 장애물") for p in range(4)]
        self.seats = w.VBox(layout=w.Layout(max_width="100%"))
        self.result = w.HTML(layout=w.Layout(max_width="100%"))
        for control in [self.players] + self.order + self.taken:
            control.observe(lambda _: self.update(), "value")
        self.widget = w.VBox([self.players, self.seats, self.result], layout=w.Layout(max_width="100%"))
        self.update()

    def position(self) -> E.State:
        n = self.players.value
        orders = [self.order[p].value for p in range(n)]
        arrived = [p for _, p in sorted((o, p) for p, o in enumerate(orders) if o is not None)]
        numbers = sorted(o for o in orders if o is not None)
        if numbers != list(range(1, len(numbers) + 1)):
            raise IllegalAction("도착 순서는 1번째부터 빠짐없이, 한 사람에 하나씩 고르세요", "게임 종료")
        taken = [list(self.taken[p].value) for p in range(n)]
        flat = [b for t in taken for b in t]
        if len(flat) != len(set(flat)):
            raise IllegalAction("장애물 하나는 한 사람만 가질 수 있습니다", "장애물")
        b = E.board(E.published("first"))
        seams = len(b.blockade_seams)
        left = [x for x in sorted(C.BLOCKADES) if x not in flat][:seams]
        blockades = left + [None] * (seams - len(left))
        # 2 players: two pawns each, on start spaces 1 & 3 and 2 & 4; an arrival is both pawns in El Dorado
        spaces = [[b.starts[1 + p], b.starts[3 + p]] for p in range(2)] if n == 2 else \
            [[b.starts[1 + p]] for p in range(n)]
        pawns = [["E"] * len(spaces[p]) if p in arrived else spaces[p] for p in range(n)]
        return E.scenario(players=n, pawns=pawns, arrived=arrived, taken=taken, blockades=blockades)

    def update(self):
        n = self.players.value
        self.seats.children = [row(self.order[p], self.taken[p]) for p in range(n)]
        try:
            s = self.position()
        except IllegalAction as exc:
            self.result.value = error(str(exc))
            return
        if not s.arrived:
            self.result.value = "<div><small>아직 아무도 도착하지 않았습니다: 게임이 계속됩니다.</small></div>"
            return
        self.result.value = final_html(s, seat) + (
            f"<div><small>장애물은 <b>도착한 사람끼리</b>만 비교합니다. {attach(escape(seat(s.arrived[0])), '이')} 먼저 도착했으므로 "
            "그 뒤로 마지막 차례인 사람(모자를 가진 사람의 오른쪽)까지 차례를 마치고 끝납니다.</small></div>")


def finish(**options) -> w.VBox:
    return Finish(**options).widget
