"""게임 종료: enter each player's museum sales, and the engine scores them and names the winners."""
from html import escape

import ipywidgets as w

from rules import archaeology as A
from rules.archaeology import components as C
from rules.core import IllegalAction
from rules.core.korean import attach, particle
from widgets.archaeology.cards import provisional_mark, sale_note
from widgets.archaeology.options import player_picker
from widgets.common import LABEL, button, error, info, row
from widgets.common.game_view import seat

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


def scores_table(state: A.State, seat_name=seat) -> str:
    """Each player's museum sales, score and cards sold, the winners marked 🏆: all from the engine."""
    scores, sold, winners = state.scores(), state.cards_sold(), state.winners()
    rows = "".join(
        f"<tr><td>{'🏆 ' if p in winners else ''}{escape(seat_name(p))}</td>"
        f"<td>{escape(', '.join(f'{C.name(t)} {n}장' for t, n in state.museum[p]) or '없음')}</td>"
        f"<td><b>{scores[p]}</b>{provisional_mark(t for t, _ in state.museum[p])}</td><td>{sold[p]}</td></tr>"
        for p in range(state.num_players))
    return (f'<div style="overflow-x:auto;max-width:100%"><table><tr><th>플레이어</th>'
            f"<th>박물관 판매 (한 줄 = 한 번의 판매)</th><th>점수</th><th>판매 장수</th></tr>{rows}</table></div>"
            + sale_note(t for p in range(state.num_players) for t, _ in state.museum[p]))


def result_html(state: A.State) -> str:
    """The score table and, in words, why the engine's winners win (points, then the tie-break)."""
    scores, sold, winners = state.scores(), state.cards_sold(), state.winners()
    best = max(scores)
    tied = [p for p in range(state.num_players) if scores[p] == best]
    names = ", ".join(seat(p) for p in winners)
    if len(tied) == 1:
        why = f"{attach(names, '이')} {best}점으로 가장 높습니다."
    elif len(winners) == 1:
        why = (f"{len(tied)}명이 {best}점으로 동점이라, 박물관에 판매한 카드가 더 적은 {names}"
               f"({sold[winners[0]]}장){particle(names, '이')} 이깁니다.")
    else:
        why = f"{best}점 동점에 판매 장수({sold[winners[0]]}장)도 같아 {attach(names, '이')} 함께 이깁니다."
    return scores_table(state) + info(why)


class EndScoring:
    """One row of controls per museum sale, grouped by player; the engine scores them on demand."""

    def __init__(self, sales=EXAMPLE):
        self.count = player_picker(len(sales), "인원")
        self.players = w.VBox(layout=w.Layout(max_width="100%"))
        self.message, self.result = w.HTML(), w.HTML()
        self.rows = [[self.sale_row(t, n) for t, n in player] for player in sales]
        self.count.observe(lambda _: self.resize(), "value")
        self.widget = w.VBox([self.count, self.players, button("점수 계산", self.score, "primary"), self.message,
                              self.result], layout=w.Layout(max_width="100%"))
        self.draw()
        self.score()

    @staticmethod
    def sale_row(card_type="pot", count=1) -> w.HBox:
        kind = w.Dropdown(options=[(C.name(t), t) for t in C.TREASURES], value=card_type, description="보물",
                          style=LABEL, layout=w.Layout(width="auto", max_width="60%"))
        amount = w.BoundedIntText(value=count, min=1, max=16, description="장수", style=LABEL,
                                  layout=w.Layout(width="110px"))
        return row(kind, amount, w.HTML("장"))

    def resize(self):
        n = self.count.value
        self.rows = (self.rows + [[] for _ in range(n)])[:n]
        self.draw()

    def draw(self):
        boxes = []
        for p, rows in enumerate(self.rows):
            add = button("+ 판매", lambda p=p: self.change(p, +1))
            drop = button("− 마지막 줄", lambda p=p: self.change(p, -1))
            boxes.append(w.VBox([w.HTML(f"<b>{seat(p)}</b>"), *rows, row(add, drop)],
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
        """Score the rows; rows the engine refuses leave the last result on screen under the reason."""
        try:
            self.result.value = result_html(final_state(self.sales()))
        except IllegalAction as exc:
            self.message.value = error(str(exc))
            return
        self.message.value = ""


def end_scoring() -> w.VBox:
    """Museum sales in, final scores and winners (with the tie-break) out."""
    return EndScoring().widget
