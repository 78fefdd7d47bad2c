"""THE movement planner, for settling disputes at the café table: set up a pawn, the other pawns, the
blockades still in place, a hand of up to 8 cards, the cave tokens held and the player's deck and
discard pile; the map numbers every space the pawn can reach this turn for certain (solid rings) and
every space it may reach by first playing cards that draw (dashed rings, with the chance;
rules/el_dorado/planner.py). For the space picked from the menu it shows the card sequence that gets
there, step by step on the map, or the draw card to play first. For a dispute about a past turn the
cards actually drawn can be typed in: the planner then applies those draws and plans with them.

A tap on the SVG cannot reach the kernel, so places are picked from menus whose labels match the
numbers drawn on the map (the spaces of a tile when placing pawns, the destinations afterwards)."""
from html import escape

import ipywidgets as w

from rules import CHANCE
from rules import el_dorado as E
from rules.core import IllegalAction
from rules.core import multiset as ms
from rules.core.korean import attach
from rules.el_dorado import components as C
from rules.el_dorado.planner import DRAW_TOKEN
from rules.el_dorado.state import DRAWS
from widgets.common import LABEL, button, error, info, odds_text, row, wide
from widgets.common.ui import parse_counts
from widgets.el_dorado.board import legend_html, map_svg
from widgets.el_dorado.cards import parse_cards
from widgets.el_dorado.hand import HandPicker
from widgets.el_dorado.game import path_options
from widgets.el_dorado.replay import Replay, step_text
from widgets.el_dorado.tokens import TokenPicker

MAX_HAND = 8
MAX_PILE = 40
# Cards held once every draw effect is used: above this the chances of drawing can take seconds (the
# search follows every hand the draws can bring), so they wait for a tap instead of slowing every change
# of the hand.
QUICK_DRAW_HAND = 9
RULE = "카드를 뽑게 해주는 효과"
EFFECT_NAMES = {**{C.name(c): c for c in DRAWS}, "카드 뽑기": DRAW_TOKEN, "카드 뽑기 토큰": DRAW_TOKEN}


def effect_name(effect: str) -> str:
    return "카드 뽑기 토큰" if effect == DRAW_TOKEN else C.name(effect)


def drawn_at_table(state, used: dict, drawn: dict) -> tuple:
    """(position, actions): the engine's own steps when the player on turn used the draw effects
    `used` ({draw card or DRAW_TOKEN: count}, cards in hand first, so a card drawn by one may be
    played next) and drew `drawn`; the removals 과학자/탐험 일지 allow are skipped (they open no space).
    Raises IllegalAction (Korean) when the entry cannot have happened."""
    t = state.turn
    total = sum(n * (1 if e == DRAW_TOKEN else DRAWS[e][0]) for e, n in used.items())
    can = min(total, ms.size(state.decks[t]) + ms.size(state.discards[t]))
    if ms.size(drawn) != can:
        raise IllegalAction(f"적은 뽑기 효과로는 카드 {can}장을 뽑습니다 (뽑을 카드가 모자라면 있는 만큼만). "
                            f"적은 뽑은 카드는 {ms.size(drawn)}장입니다", RULE)
    actions, left = [], dict(drawn)
    order = sorted(used, key=lambda e: (e == DRAW_TOKEN or e not in state.hands[t], e))
    for effect in order:
        for _ in range(used[effect]):
            have = state.held[t].get("draw", 0) if effect == DRAW_TOKEN else state.hands[t].get(effect, 0)
            if not have:
                raise IllegalAction(f"{attach(effect_name(effect), '을')} 쓸 수 없습니다: 손(토큰)에 더 없습니다", RULE)
            step = [E.UseToken("draw") if effect == DRAW_TOKEN else E.Play(effect)]
            while step:
                action = step.pop()
                actions.append(action)
                state = state.apply(action)
                if state.current_player() == CHANCE:
                    cards = [o for o, _ in state.chance_outcomes() if left.get(o.card)]
                    if not cards:
                        raise IllegalAction("적은 뽑은 카드가 탐험 카드 더미와 맞지 않습니다 (더미가 다 떨어진 뒤에만 "
                                            "버린 카드 더미를 섞어 뽑습니다)", RULE)
                    ms.remove(left, cards[0].card)
                    step.append(cards[0])
                elif state.todo:
                    step.append(E.Done())          # no card removed
    return state, actions


def tile_spaces(board, piece: int) -> list:
    """The spaces of one tile a pawn may stand on, in reading order (their numbers on the tile picture)."""
    hexes = [h for h, p in board.piece.items() if p == piece and board.terrain[h] != "mountain"
             and h not in board.finish]
    return sorted(hexes, key=lambda h: (int(h.split(",")[1]), int(h.split(",")[0])))


def destinations(plans: dict) -> list:
    """Reachable spaces numbered nearest first (fewest steps), then in reading order."""
    return sorted(plans, key=lambda h: (len(plans[h]), int(h.split(",")[1]), int(h.split(",")[0])))


class Planner:
    def __init__(self, path="first", pawn="-3,0", hand=None, others=("-2,-1", "-1,-2"), closed=None, deck=None,
                 discard=None, tokens=None):
        self.path = w.Dropdown(options=[o for o in path_options() if o[1] != "random"], value=path,
                               description="길", layout=wide())
        self.tile = w.Dropdown(description="타일", layout=wide())
        self.space = w.Dropdown(description="칸 번호", style=LABEL, layout=wide())
        self.tile_picture = w.HTML(layout=w.Layout(max_width="100%"))
        hand = hand if hand is not None else {"explorer": 2, "traveler": 1, "sailor": 1}
        self.cards = HandPicker(hand, most=MAX_HAND, on_change=self.update)
        rest = {c: n - hand.get(c, 0) for c, n in C.STARTER_DECK.items() if n > hand.get(c, 0)}
        self.deck = HandPicker(rest if deck is None else deck, most=MAX_PILE, on_change=self.update, label="뽑을 카드 더미")
        self.discard = HandPicker(discard or {}, most=MAX_PILE, on_change=self.update, label="버린 카드 더미")
        self.tokens = TokenPicker(tokens, on_change=self.update)
        self.used_text = w.Text(description="쓴 뽑기 효과", placeholder="예: 나침반 또는 측량사, 카드 뽑기", style=LABEL,
                                layout=wide())
        self.drawn_text = w.Text(description="뽑은 카드", placeholder="예: 탐험가 2, 항해사", style=LABEL, layout=wide())
        self.drawn = None          # (used, drawn) typed in, or None: plan before drawing
        self.drawn_message = w.HTML()
        self.good = self._inputs()
        self.blockade_box = w.VBox(layout=w.Layout(max_width="100%"))
        self.message, self.result, self.plan_html = w.HTML(), w.HTML(layout=w.Layout(max_width="100%")), w.HTML()
        self.chance_button = button("카드를 먼저 뽑으면 갈 수 있는 칸도 세기 (몇 초 걸림)", self.ask_chances, "info")
        self.asked_for = None      # the position whose chances of drawing were asked for
        self.target = w.Dropdown(description="목적지", style=LABEL, layout=wide())
        self.steps = w.VBox(layout=w.Layout(max_width="100%"))
        self.pawn, self.others = pawn, list(others)
        self.closed_at_start = closed
        place = w.VBox([row(self.tile, self.space), self.tile_picture,
                        row(button("내 말을 이 칸에", self.put_pawn, "primary"), button("다른 말을 이 칸에", self.put_other),
                            button("다른 말 모두 치우기", self.clear_others))], layout=w.Layout(max_width="100%"))
        piles = w.VBox([w.HTML("<small>뽑기 카드(측량사·나침반·과학자·탐험 일지, 카드 뽑기 토큰)의 확률은 이 두 더미로 "
                               "셉니다. 플레이어는 자기 카드를 모두 알므로, 손·버린 카드 더미·낸 카드에 없는 자기 카드가 "
                               "탐험 카드 더미에 있습니다 (순서는 모름).</small>"), self.deck.widget, self.discard.widget],
                       layout=w.Layout(max_width="100%"))
        drawn = w.VBox([w.HTML("<small>지난 차례를 따질 때: 그때 쓴 뽑기 효과와 실제로 뽑은 카드를 적으면, 그 카드를 "
                               "뽑은 것으로 확실한 계획을 세웁니다.</small>"), self.used_text, self.drawn_text,
                        row(button("뽑은 카드로 계획", self.use_drawn, "primary"), button("뽑기 전으로", self.forget_drawn)),
                        self.drawn_message], layout=w.Layout(max_width="100%"))
        self.settings = w.Accordion([place, self.cards.widget, piles, self.tokens.widget, self.blockade_box, drawn],
                                    selected_index=0, layout=w.Layout(max_width="100%"))
        for i, title in enumerate(("말 놓기", f"손에 든 카드 (최대 {MAX_HAND}장)", "탐험 카드 더미와 버린 카드 더미",
                                   "가진 동굴 토큰", "남아 있는 장애물", "실제로 뽑은 카드 (지난 차례)")):
            self.settings.set_title(i, title)
        self.widget = w.VBox([self.path, self.settings, self.message, self.result, self.chance_button, self.target,
                              self.plan_html,
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
        return self.cards.counts

    def _pawns(self) -> list:
        return [[self.pawn]] + [[h] for h in self.others]

    def _inputs(self) -> tuple:
        return dict(self.cards.counts), dict(self.deck.counts), dict(self.discard.counts), dict(self.tokens.counts)

    def _restore(self):
        """Back to the last cards and tokens the engine accepted (a refused entry changes nothing)."""
        hand, deck, discard, tokens = self.good
        for picker, value in ((self.cards, hand), (self.deck, deck), (self.discard, discard)):
            picker.counts = dict(value)
            picker.show()
        self.tokens.counts = dict(tokens)
        self.tokens.show()

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
        nobody = [{} for _ in others]
        tokens = dict(self.tokens.counts)
        return E.scenario(players=players, path=self.path.value, pawns=[[self.pawn]] + [[h] for h in others],
                          hands=[dict(self.hand)] + nobody, decks=[dict(self.deck.counts)] + nobody,
                          discards=[dict(self.discard.counts)] + nobody, tokens=[tokens] + nobody, caves=bool(tokens),
                          blockades=numbers, taken=taken)

    # --- the cards actually drawn --------------------------------------------------------------
    def use_drawn(self):
        try:
            used = parse_counts(self.used_text.value, EFFECT_NAMES, lambda part: IllegalAction(
                f"쓴 뽑기 효과: 측량사, 나침반, 과학자, 탐험 일지, 카드 뽑기 중 하나가 아닙니다: '{part}'", RULE))
            drawn = parse_cards(self.drawn_text.value, "뽑은 카드")
            if not used:
                raise IllegalAction("쓴 뽑기 효과를 적으세요 (예: 나침반)", RULE)
            drawn_at_table(self.state, used, drawn or {})
        except IllegalAction as exc:
            self.drawn_message.value = error(str(exc))
            return
        self.drawn = (used, drawn or {})
        self.drawn_message.value = info("뽑은 카드를 넣어 계획했습니다. 아래 계획은 뽑기부터 시작합니다.")
        self.update()

    def forget_drawn(self):
        self.drawn = None
        self.drawn_message.value = ""
        self.update()

    # --- the answer ----------------------------------------------------------------------------
    def update(self):
        try:
            state = self.position()
        except IllegalAction as exc:
            self._restore()
            self.message.value = error(str(exc))
            return
        self.good, self.state = self._inputs(), state
        self.message.value = ""
        notes, prefix, after = [], [], state
        if self.drawn:
            try:
                after, prefix = drawn_at_table(state, *self.drawn)
            except IllegalAction:
                self.drawn = None
                self.drawn_message.value = ""
                notes.append("적어 둔 실제로 뽑은 카드가 바뀐 패·더미와 맞지 않아 지웠습니다.")
        self.plans = {h: prefix + plan for h, plan in E.reachable(after, 0).items()}
        wait = not self.drawn and self.slow_chances() and self.asked_for != state.to_json()
        self.chance_button.layout.display = None if wait else "none"
        self.chances = {} if self.drawn or wait else E.reachable_by_drawing(state, 0)
        order = destinations(self.plans) + sorted(self.chances, key=lambda h: (
            -self.chances[h][0], int(h.split(",")[1]), int(h.split(",")[0])))
        self.numbers = {h: str(n) for n, h in enumerate(order, 1)}
        b = self.board
        options = []
        for h in order:
            label = f"{self.numbers[h]}번: {b.describe_hex(h)}" + (" · 엘도라도" if h in b.finish else "")
            if h in self.chances:
                p, first = self.chances[h]
                label += f" · 확률 {odds_text(p)}, {effect_name(first)} 먼저"
            options.append((label, h))
        chosen = self.target.value
        self.notes = None
        self.target.options = options
        self.target.value = chosen if chosen in self.numbers else (order[0] if order else None)
        drawers = [c for c in self.hand if c in DRAWS] + (["카드 뽑기 토큰"] if self.tokens.counts.get("draw") else [])
        if drawers and not self.drawn and not self.deck.counts and not self.discard.counts:
            notes.append("탐험 카드 더미와 버린 카드 더미가 비어 있어 뽑을 카드가 없습니다: 뽑기 카드는 자갈밭·베이스캠프 "
                         "값으로만 셉니다.")
        if "transmitter" in self.hand:
            notes.append("송신기는 이동에 쓰지 않는 카드입니다 (자갈밭·베이스캠프 값으로는 낼 수 있습니다).")
        if self.tokens.counts.get("replace"):
            notes.append("카드 교체 토큰은 계획에 넣지 않습니다 (어떤 카드를 내놓을지에 따라 달라서, 쓴 뒤의 패로 다시 보세요).")
        self.notes = notes
        self.show_plan()

    def slow_chances(self) -> bool:
        """Whether this hand's chances of drawing are slow to work out (see QUICK_DRAW_HAND)."""
        drawn = sum(DRAWS[c][0] * n for c, n in self.hand.items() if c in DRAWS) + self.tokens.counts.get("draw", 0)
        used = sum(n for c, n in self.hand.items() if c in DRAWS)
        return drawn and sum(self.hand.values()) - used + drawn > QUICK_DRAW_HAND

    def ask_chances(self):
        self.asked_for = self.state.to_json()
        self.update()

    def draw_map(self):
        b = self.board
        if self.plans or self.chances:
            head = f"<div><b>이번 차례에 확실히 갈 수 있는 칸: {len(self.plans)}곳</b> (지도의 실선 동그라미 번호)"
            if self.chances:
                head += (f"<br><b>카드를 먼저 뽑으면 갈 수도 있는 칸: {len(self.chances)}곳</b> "
                         "(점선 동그라미, 확률은 목적지 메뉴에)")
            head += "</div>"
        else:
            head = info("이 패로는 이번 차례에 움직일 수 있는 칸이 없습니다.")
        focus = [self.pawn] + list(self.numbers) + list(b.neighbours[self.pawn])
        self.result.value = (head + "".join(f"<div><small>💡 {escape(n)}</small></div>" for n in self.notes)
                             + map_svg(b, self.state.blockades, self.state.pawns, marks=self.numbers,
                                       highlight=self.target.value, focus=focus, dashed=set(self.chances))
                             + legend_html())

    def show_plan(self):
        if getattr(self, "notes", None) is None:
            return                      # the menu is being filled: update() draws once it is done
        self.draw_map()
        h = self.target.value
        if h in self.chances:
            p, first = self.chances[h]
            more = [effect_name(c) for c in sorted(self.hand) if c in DRAWS and c != first]
            self.plan_html.value = (
                f"<div><b>{self.numbers[h]}번 칸까지: 확률 {escape(odds_text(p))}</b></div><ol>"
                f"<li>먼저 {escape(effect_name(first))}의 효과로 카드를 뽑습니다.</li>"
                + (f"<li>뽑은 카드를 보고, 아직 갈 수 없으면 {escape(', '.join(more))}도 씁니다.</li>" if more else "")
                + "<li>뽑은 카드까지 든 패로 이동합니다.</li></ol>"
                "<small>확률은 뽑기를 모두 이동보다 먼저, 한 번에 하나씩 앞의 결과를 보고 가장 좋게 고를 때의 값입니다. "
                "뽑은 뒤에는 '실제로 뽑은 카드'에 적으면 확실한 계획을 보여 줍니다.</small>")
            self.steps.children = []
            return
        if not self.plans or h not in self.plans:
            self.plan_html.value, self.steps.children = "", []
            return
        plan = self.plans[h]
        lines, s = [], self.state
        for a in plan:
            text = a.describe() if s.current_player() == CHANCE else step_text(s, a, self.numbers)
            lines.append(f"<li>{escape(text)}</li>")
            s = s.apply(a)
        self.plan_html.value = (f"<div><b>{self.numbers[h]}번 칸까지</b> ({len(plan)}단계)</div><ol>{''.join(lines)}</ol>"
                                "<small>다른 순서나 다른 카드로도 갈 수 있을 때는 엔진이 찾은 한 가지를 보여 줍니다. "
                                "아래에서 한 단계씩 지도 위로 따라가 보세요.</small>")
        self.steps.children = [Replay(self.state, plan, title=f"{self.numbers[h]}번 칸까지").widget]


def planner(**position) -> w.VBox:
    return Planner(**position).widget
