"""THE movement planner, for settling disputes at the café table: set up a pawn, the other pawns, the
blockades still in place and a hand of up to 8 cards; the map numbers every space the pawn can reach
this turn (rules/el_dorado/planner.py), and for the space picked from the menu shows the card sequence
that gets there, step by step on the map.

A tap on the SVG cannot reach the kernel, so places are picked from menus whose labels match the
numbers drawn on the map (the spaces of a tile when placing pawns, the destinations afterwards)."""
from html import escape

import ipywidgets as w

from rules import el_dorado as E
from rules.core import IllegalAction
from rules.el_dorado import components as C
from widgets.common import LABEL, button, error, info, row, wide
from widgets.el_dorado.board import legend_html, map_svg
from widgets.el_dorado.hand import HandPicker
from widgets.el_dorado.game import path_options
from widgets.el_dorado.replay import Replay, step_text

MAX_HAND = 8
DRAWERS = ("cartographer", "compass", "scientist", "travel_log")


def tile_spaces(board, piece: int) -> list:
    """The spaces of one tile a pawn may stand on, in reading order (their numbers on the tile picture)."""
    hexes = [h for h, p in board.piece.items() if p == piece and board.terrain[h] != "mountain"
             and h not in board.finish]
    return sorted(hexes, key=lambda h: (int(h.split(",")[1]), int(h.split(",")[0])))


def destinations(plans: dict) -> list:
    """Reachable spaces numbered nearest first (fewest steps), then in reading order."""
    return sorted(plans, key=lambda h: (len(plans[h]), int(h.split(",")[1]), int(h.split(",")[0])))


class Planner:
    def __init__(self, path="first", pawn="-3,0", hand=None, others=("-2,-1", "-1,-2"), closed=None):
        self.path = w.Dropdown(options=[o for o in path_options() if o[1] != "random"], value=path,
                               description="길", layout=wide())
        self.tile = w.Dropdown(description="타일", layout=wide())
        self.space = w.Dropdown(description="칸 번호", style=LABEL, layout=wide())
        self.tile_picture = w.HTML(layout=w.Layout(max_width="100%"))
        self.cards = HandPicker(hand if hand is not None else {"explorer": 2, "traveler": 1, "sailor": 1},
                                most=MAX_HAND, on_change=self.update)
        self.blockade_box = w.VBox(layout=w.Layout(max_width="100%"))
        self.message, self.result, self.plan_html = w.HTML(), w.HTML(layout=w.Layout(max_width="100%")), w.HTML()
        self.target = w.Dropdown(description="목적지", style=LABEL, layout=wide())
        self.steps = w.VBox(layout=w.Layout(max_width="100%"))
        self.pawn, self.others = pawn, list(others)
        self.closed_at_start = closed
        place = w.VBox([row(self.tile, self.space), self.tile_picture,
                        row(button("내 말을 이 칸에", self.put_pawn, "primary"), button("다른 말을 이 칸에", self.put_other),
                            button("다른 말 모두 치우기", self.clear_others))], layout=w.Layout(max_width="100%"))
        self.settings = w.Accordion([place, self.cards.widget, self.blockade_box], selected_index=0,
                                    layout=w.Layout(max_width="100%"))
        for i, title in enumerate(("말 놓기", f"손에 든 카드 (최대 {MAX_HAND}장)", "남아 있는 장애물")):
            self.settings.set_title(i, title)
        self.widget = w.VBox([self.path, self.settings, self.message, self.result, self.target, self.plan_html,
                              self.steps], layout=w.Layout(max_width="100%"))
        self.path.observe(lambda _: self.new_path(), "value")
        self.tile.observe(lambda _: self.show_tile(), "value")
        self.space.observe(lambda _: self.show_tile(), "value")
        self.target.observe(lambda _: self.show_plan(), "value")
        self.new_path(keep=True)

    # --- the position --------------------------------------------------------------------------
    @property
    def board(self):
        return E.board(E.published(self.path.value))

    def new_path(self, keep=False):
        b = self.board
        if not keep:
            self.pawn, self.others = b.starts[1], [b.starts[2], b.starts[3]]
            self.closed_at_start = None
        pieces = b.path["pieces"]
        self.tile.options = [(f"{i + 1}번째 타일 ({side}면{', 출발' if i == 0 else ''})", i)
                             for i, (side, _, _) in enumerate(pieces)]
        self.tile.value = b.piece[self.pawn] if self.pawn in b.piece and b.piece[self.pawn] < len(pieces) else 0
        boxes = []
        for i, seam in enumerate(b.blockade_seams):
            number = i + 1            # scenario() numbers the blockades 1, 2, 3, ... in race order
            terrain, req = C.BLOCKADES[number]
            box = w.Checkbox(value=True if self.closed_at_start is None else i in self.closed_at_start,
                             description=f"{seam['between'][0]}-{seam['between'][1]} 사이: 장애물 {number}번 "
                                         f"({C.TERRAIN_NAMES[terrain]} {req})", indent=False, layout=wide())
            box.observe(lambda _: self.update(), "value")
            boxes.append(box)
        self.blockades = boxes
        self.blockade_box.children = [w.HTML("<small>치워진 장애물은 끄세요. 번호는 길 순서대로 1, 2, 3…입니다 "
                                             "(실제 번호가 다르면 요구치가 같은 것을 고르세요).</small>")] + boxes
        self.show_tile()
        self.update()

    def show_tile(self):
        b = self.board
        spaces = tile_spaces(b, self.tile.value or 0)
        labels = [(f"{n}번: {b.describe_hex(h)}", h) for n, h in enumerate(spaces, 1)]
        if list(self.space.options) != labels:
            self.space.options = labels
            # the menu starts on the pawn's own space when it is on this tile
            self.space.value = self.pawn if self.pawn in spaces else (labels[0][1] if labels else None)
        if self.space.value is None and labels:
            self.space.value = labels[0][1]
        marks = {h: str(n) for n, h in enumerate(spaces, 1)}
        self.tile_picture.value = map_svg(b, [], self._pawns(), marks=marks, highlight=self.space.value,
                                          focus=[h for h, p in b.piece.items() if p == self.tile.value])

    def put_pawn(self):
        h = self.space.value
        if h is None:
            self.message.value = error("먼저 타일과 칸 번호를 고르세요.")
            return
        if h in self.others:
            self.message.value = error("그 칸에는 다른 말이 있습니다. 다른 칸을 고르거나 다른 말을 먼저 치우세요.")
            return
        self.pawn = h
        self.message.value = ""
        self.show_tile()
        self.update()

    def put_other(self):
        h = self.space.value
        if h is None:
            self.message.value = error("먼저 타일과 칸 번호를 고르세요.")
            return
        if h == self.pawn or h in self.others:
            self.message.value = error("그 칸에는 이미 말이 있습니다 (한 칸에는 말 하나만).")
            return
        if len(self.others) >= 3:
            self.message.value = error("다른 말은 3개까지입니다 (4명 게임). '다른 말 모두 치우기'로 다시 놓으세요.")
            return
        self.others.append(h)
        self.message.value = ""
        self.show_tile()
        self.update()

    def clear_others(self):
        self.others = []
        self.message.value = ""
        self.show_tile()
        self.update()

    @property
    def hand(self) -> dict:
        return self.cards.hand

    def _pawns(self) -> list:
        return [[self.pawn]] + [[h] for h in self.others]

    def position(self) -> E.State:
        """The set-up position: the pawn is player 1's; the other pawns belong to players 2-4, and
        seats without a placed pawn wait on start spaces nobody uses."""
        b = self.board
        others = list(self.others)
        spare = [h for n, h in sorted(b.starts.items()) if h != self.pawn and h not in others]
        players = max(3, len(others) + 1)
        while len(others) < players - 1:
            others.append(spare.pop(0))
        numbers = [i + 1 if box.value else None for i, box in enumerate(self.blockades)]
        taken = [[n for n, box in zip(range(1, len(numbers) + 1), self.blockades) if not box.value]] + \
            [[] for _ in others]
        return E.scenario(players=players, path=self.path.value, pawns=[[self.pawn]] + [[h] for h in others],
                          hands=[dict(self.hand)] + [{} for _ in others], blockades=numbers, taken=taken)

    # --- the answer ----------------------------------------------------------------------------
    def update(self):
        try:
            self.state = self.position()
        except IllegalAction as exc:
            self.message.value = error(str(exc))
            return
        self.plans = E.reachable(self.state, 0)
        order = destinations(self.plans)
        self.numbers = {h: str(n) for n, h in enumerate(order, 1)}
        b = self.board
        options = [(f"{n}번: {b.describe_hex(h)}" + (" · 엘도라도" if h in b.finish else ""), h)
                   for h, n in ((h, self.numbers[h]) for h in order)]
        chosen = self.target.value
        self.notes = None
        self.target.options = options
        self.target.value = chosen if chosen in self.plans else (order[0] if order else None)
        notes = []
        drawers = [c for c in self.hand if c in DRAWERS]
        if drawers:
            notes.append(f"{', '.join(C.name(c) for c in drawers)}: 뽑을 카드는 아직 모르므로 계획은 지금 손에 든 카드만으로 "
                         "세웁니다. 효과를 쓰고 새 카드를 뽑은 뒤 그 카드를 패에 넣어 다시 보세요 (남은 탐험치는 뽑기로 사라지지 않습니다).")
        if "transmitter" in self.hand:
            notes.append("송신기는 이동에 쓰지 않는 카드입니다 (자갈밭·베이스캠프 값으로는 낼 수 있습니다).")
        self.notes = notes
        self.show_plan()

    def draw_map(self):
        b = self.board
        head = (f"<div><b>이번 차례에 갈 수 있는 칸: {len(self.plans)}곳</b> (지도의 흰 동그라미 번호)</div>"
                if self.plans else info("이 패로는 이번 차례에 움직일 수 있는 칸이 없습니다."))
        focus = [self.pawn] + list(self.plans) + list(b.neighbours[self.pawn])
        self.result.value = (head + "".join(f"<div><small>💡 {escape(n)}</small></div>" for n in self.notes)
                             + map_svg(b, self.state.blockades, self.state.pawns, marks=self.numbers,
                                       highlight=self.target.value, focus=focus) + legend_html())

    def show_plan(self):
        if getattr(self, "notes", None) is None:
            return                      # the menu is being filled: update() draws once it is done
        self.draw_map()
        h = self.target.value
        if not self.plans or h not in self.plans:
            self.plan_html.value, self.steps.children = "", []
            return
        plan = self.plans[h]
        lines, s = [], self.state
        for a in plan:
            lines.append(f"<li>{escape(step_text(s, a, self.numbers))}</li>")
            s = s.apply(a)
        self.plan_html.value = (f"<div><b>{self.numbers[h]}번 칸까지</b> ({len(plan)}단계)</div><ol>{''.join(lines)}</ol>"
                                "<small>다른 순서나 다른 카드로도 갈 수 있을 때는 엔진이 찾은 한 가지를 보여 줍니다. "
                                "아래에서 한 단계씩 지도 위로 따라가 보세요.</small>")
        self.steps.children = [Replay(self.state, plan, title=f"{self.numbers[h]}번 칸까지").widget]


def planner(**position) -> w.VBox:
    return Planner(**position).widget
