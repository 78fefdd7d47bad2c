"""중간 점수 계산 (a district's top board empties) as a calculator: type how many of that district's
heritage each seat holds; the engine plays the visit that empties the board and tells who takes it,
who gets tokens, and where the scored heritage goes (the market first, up to 3; the rest onto the new
top board; after the third board, the box)."""
from html import escape

import ipywidgets as w

from rules import IllegalAction
from rules.core.korean import attach
from rules import atlandice as A
from rules.atlandice import components as C
from widgets.atlandice.board import view_html
from widgets.common import LABEL, button, error, quiet_name, row
from widgets.common.game_view import player_picker

OTHER = {1: "book", 2: "gem", 3: "gem", 4: "gem", 5: "gem"}   # what lies last on the emptied board


def who(state, s: int) -> str:
    return "가상 플레이어" if s == state.virtual() else f"플레이어 {s + 1}"


def deplete(players: int, district: int, boards_left: int, holdings: list, market: int, visitor: int):
    """(before, after) the visit of `visitor` that takes the last heritage of `district`'s top board.

    The last heritage on the board is of another type, so the majority compares exactly the counts
    given; the district's ability then does nothing that changes the result (a re-roll shows 1, an
    ability choice takes the first legal one, the board that comes up next is the first outcome)."""
    t = C.DISTRICT_HERITAGE[district]
    seats = players + (players == 2)
    if len(holdings) != seats:
        raise IllegalAction(f"유산 수는 자리마다 하나씩 {seats}개를 적어야 합니다", "중간 점수 계산")
    stack = list(C.board_ids(district))[3 - boards_left:]
    dice = {district: 1, C.MARKET: C.dice_in_play(players) - 1}
    before = A.scenario(players=players, first=visitor, holdings=[{t: n} for n in holdings],
                        market={**{x: 3 for x in C.HERITAGE}, t: market}, boards={district: {OTHER[district]: 1}},
                        stacks={district: stack}, dice=dice)
    s = before.apply(A.TakeDie(district)).apply(A.TakeHeritage(OTHER[district]))
    while s.phase != "pick":
        s = s.apply(A.Reroll(1) if s.phase == "reroll" else s.legal_actions()[0])
    return before, s


def result_html(before, after, district: int) -> str:
    t = C.DISTRICT_HERITAGE[district]
    i = C.HERITAGE.index(t)
    ranks = before.majority(t)
    lines = []
    for s in range(len(before.holdings)):
        won = len(after.won[s]) - len(before.won[s])
        tokens = after.tokens[s] - before.tokens[s]
        rank = {1: "1위", 2: "2위"}.get(ranks.get(s), "—")
        got = ("시설 보드 (게임 끝에 3점)" if won else "") + (f"승점 토큰 {tokens}개" if tokens else "")
        if s == before.virtual() and not before.virtual_vp and ranks.get(s) and not won:
            got = "(가상 플레이어는 승점을 받지 않음)"
        lines.append(f"<tr><td>{who(before, s)}</td><td style='text-align:right'>{before.holdings[s][i]}</td>"
                     f"<td>{rank}</td><td>{escape(got) or '—'}</td></tr>")
    total = sum(h[i] for h in before.holdings)
    back = after.market[i] - before.market[i]
    if after.stacks[district - 1]:
        where = (f"시장으로 {back}개 (시장의 {attach(C.name(t), '이')} {after.market[i]}개가 됨), 새 맨 위 보드로 "
                 f"{after.pools[district - 1][i]}개")
    else:
        where = (f"보드 3장이 모두 없어져 {attach(C.area_name(district), '은')} 게임에서 빠집니다: {attach(C.name(t), '은')} 모두 상자로, "
                 f"그 눈의 주사위는 이제 시장에 놓입니다")
    nobody = "" if ranks else "<div>아무도 이 유산이 없어 빈 보드는 아무도 갖지 못하고 상자로 갑니다.</div>"
    return (f"<table><tr><th>자리</th><th>{escape(C.name(t))}</th><th>순위</th><th>받는 것</th></tr>{''.join(lines)}</table>"
            f"{nobody}<div>점수 계산을 한 {escape(C.name(t))} {total}개의 반납: {escape(where)}.</div>")


class DepletionCalculator:
    def __init__(self, players=3, district=1):
        self.players = player_picker(C.PLAYER_COUNTS, players)
        self.district = w.Dropdown(options=[(f"{d} {C.area_name(d)} ({C.name(C.DISTRICT_HERITAGE[d])})", d)
                                            for d in C.DISTRICTS], value=district, description="빈 보드",
                                   layout=w.Layout(width="auto", max_width="100%"))
        self.left = w.Dropdown(options=[("보드 3장 중 첫 장", 3), ("둘째 장", 2), ("마지막 장", 1)], description="몇째 보드",
                               style=LABEL, layout=w.Layout(width="auto", max_width="100%"))
        self.market = w.IntText(value=1, description="시장에 있는 그 유산", style=LABEL, layout=w.Layout(width="200px"))
        self.counts = [quiet_name(w.IntText(value=v, layout=w.Layout(width="64px")), f"플레이어 {p + 1}의 유산 수")
                       for p, v in enumerate((3, 3, 1, 0))]
        self.visitor = w.Dropdown(description="방문한 사람", style=LABEL, layout=w.Layout(width="auto", max_width="100%"))
        self.seats = row()
        self.message, self.out, self.picture = w.HTML(), w.HTML(), w.HTML(layout=w.Layout(max_width="100%"))
        self.players.observe(lambda _: self.make_seats(), "value")
        self.make_seats()
        self.widget = w.VBox([row(self.players, self.district, self.left), self.seats,
                              row(self.market, self.visitor, button("계산하기", self.compute, "primary")),
                              self.message, self.out, self.picture], layout=w.Layout(max_width="100%"))
        self.compute()

    def make_seats(self):
        n = self.players.value
        labels = [f"플레이어 {p + 1}" for p in range(n)] + (["가상 플레이어"] if n == 2 else [])
        self.seats.children = [w.VBox([w.HTML(f"<small>{x}</small>"), box]) for x, box in zip(labels, self.counts)]
        chosen = self.visitor.value if self.visitor.value is not None and self.visitor.value < n else 0
        self.visitor.options = [(f"플레이어 {p + 1}", p) for p in range(n)]
        self.visitor.value = chosen

    def compute(self):
        n = self.players.value
        seats = n + (n == 2)
        try:
            before, after = deplete(n, self.district.value, self.left.value, [b.value for b in self.counts[:seats]],
                                    self.market.value, self.visitor.value)
        except IllegalAction as exc:
            self.message.value = error(str(exc))
            return
        self.message.value = ""
        self.out.value = result_html(before, after, self.district.value)
        self.picture.value = "<details><summary>계산한 뒤의 게임판</summary>" + view_html(after.public_view(None)) + \
            "</details>"


def depletion_calculator(players=3, district=1) -> w.VBox:
    return DepletionCalculator(players, district).widget
