"""게임 종료: enter each player's museum sales, and the engine scores them and names the winners."""
from html import escape

import ipywidgets as w

from rules import archaeology as A
from rules.archaeology import components as C
from rules.core import IllegalAction
from widgets.common import error, info

# A tie on points broken by fewer cards sold: the page's first picture shows the tie-break at work.
EXAMPLE = [[("coin", 3), ("pot", 1)], [("parchment", 4), ("pot", 1)], [("talisman", 2)]]


def final_state(sales_by_player) -> A.State:
    """Every player sells their rows as separate museum sales, turn by turn, until all hands are empty."""
    hands = []
    for sales in sales_by_player:
        hand = {}
        for t, n in sales:
            hand[t] = hand.get(t, 0) + n
        hands.append(hand)
    state = A.scenario(players=len(sales_by_player), hands=hands)
    for sales in sales_by_player:
        for t, n in sales:
            state = state.apply(A.Sell(t, n))
        if not state.is_terminal():
            state = state.apply(A.EndTurn())
    return state


def result_html(state: A.State) -> str:
    scores, sold, winners = state.scores(), state.cards_sold(), state.winners()
    rows = "".join(
        f"<tr><td>{'🏆 ' if p in winners else ''}플레이어 {p + 1}</td>"
        f"<td>{escape(', '.join(f'{C.name(t)} {n}장' for t, n in state.museum[p]) or '없음')}</td>"
        f"<td><b>{scores[p]}</b></td><td>{sold[p]}</td></tr>" for p in range(state.num_players))
    best = max(scores)
    tied = [p for p in range(state.num_players) if scores[p] == best]
    names = ", ".join(f"플레이어 {p + 1}" for p in winners)
    if len(tied) == 1:
        why = f"{names}이(가) {best}점으로 가장 높습니다."
    elif len(winners) == 1:
        why = (f"{len(tied)}명이 {best}점으로 동점이라, 박물관에 판매한 카드가 더 적은 {names}"
               f"({sold[winners[0]]}장)이(가) 이깁니다.")
    else:
        why = f"{best}점 동점에 판매 장수({sold[winners[0]]}장)도 같아 {names}이(가) 함께 이깁니다."
    return (f'<div style="overflow-x:auto;max-width:100%"><table><tr><th>플레이어</th>'
            f"<th>박물관 판매 (한 줄 = 한 번의 판매)</th><th>점수</th><th>판매 장수</th></tr>{rows}</table></div>"
            + info(why))


class EndScoring:
    def __init__(self, sales=EXAMPLE):
        self.count = w.Dropdown(options=[(f"{n}인", n) for n in C.PLAYER_COUNTS], value=len(sales),
                                description="인원", layout=w.Layout(width="auto"))
        self.players = w.VBox(layout=w.Layout(max_width="100%"))
        self.result = w.HTML()
        self.rows = [[self.sale_row(t, n) for t, n in player] for player in sales]
        self.count.observe(lambda _: self.resize(), "value")
        button = w.Button(description="점수 계산", button_style="primary", layout=w.Layout(width="auto"))
        button.on_click(lambda _: self.score())
        self.widget = w.VBox([self.count, self.players, button, self.result], layout=w.Layout(max_width="100%"))
        self.draw()
        self.score()

    def sale_row(self, card_type="pot", count=1) -> w.Box:
        kind = w.Dropdown(options=[(C.name(t), t) for t in C.TREASURES], value=card_type,
                          layout=w.Layout(width="auto", max_width="60%"))
        amount = w.BoundedIntText(value=count, min=1, max=16, layout=w.Layout(width="64px"))
        return w.Box([kind, amount, w.HTML("장")], layout=w.Layout(display="flex", flex_flow="row wrap"))

    def resize(self):
        n = self.count.value
        self.rows = (self.rows + [[] for _ in range(n)])[:n]
        self.draw()

    def draw(self):
        boxes = []
        for p, rows in enumerate(self.rows):
            add = w.Button(description="+ 판매", layout=w.Layout(width="auto"))
            drop = w.Button(description="− 마지막 줄", layout=w.Layout(width="auto"))
            add.on_click(lambda _, p=p: self.change(p, +1))
            drop.on_click(lambda _, p=p: self.change(p, -1))
            boxes.append(w.VBox([w.HTML(f"<b>플레이어 {p + 1}</b>"), *rows,
                                 w.Box([add, drop], layout=w.Layout(display="flex", flex_flow="row wrap"))],
                                layout=w.Layout(border="1px solid #ddd", padding="2px", margin="2px",
                                                max_width="100%")))
        self.players.children = boxes

    def change(self, player: int, step: int):
        rows = self.rows[player]
        self.rows[player] = rows + [self.sale_row()] if step > 0 else rows[:-1]
        self.draw()

    def sales(self) -> list:
        return [[(r.children[0].value, r.children[1].value) for r in rows] for rows in self.rows]

    def score(self):
        try:
            self.result.value = result_html(final_state(self.sales()))
        except IllegalAction as exc:
            self.result.value = error(str(exc))


def end_scoring() -> w.VBox:
    """Museum sales in, final scores and winners (with the tie-break) out."""
    return EndScoring().widget
