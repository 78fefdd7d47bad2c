"""박물관 판매: what one sale is worth, and how splitting the same cards into several sales compares."""
from html import escape
from types import SimpleNamespace

import ipywidgets as w

from rules import archaeology as A
from rules.archaeology import components as C
from rules.core import IllegalAction
from widgets.archaeology.cards import card, provisional_mark, sale_note
from widgets.common import error, info, row, wide

MAX_ROWS = 8   # ways of splitting shown in the comparison


def sell_all(card_type: str, sales) -> A.State:
    """Player 1 holds the cards and sells them as `sales` (set sizes) in one turn, through the engine."""
    state = A.scenario(players=2, hands=[{card_type: sum(sales)}, {}], museum=[[], []])
    for n in sales:
        state = state.apply(A.Sell(card_type, n))
    return state


def splits(total: int, largest: int) -> list:
    """Every way to write `total` as set sizes no larger than `largest`, biggest sets first."""
    if total == 0:
        return [()]
    return [(n,) + rest for n in range(min(total, largest), 0, -1) for rest in splits(total - n, n)]


def sale_calculator(card_type: str = "parchment", count: int = 4) -> w.VBox:
    """Pick a treasure and a count: the engine's price for one sale, or why it cannot be sold."""
    kind = w.Dropdown(options=[(C.name(t), t) for t in C.TREASURES], value=card_type, description="보물",
                      layout=wide())
    amount = w.BoundedIntText(value=count, min=1, max=16, description="장수",
                              layout=w.Layout(width="160px", max_width="100%"))
    picture, answer, compare = w.HTML(), w.HTML(), w.HTML()

    def update(_=None):
        t, n = kind.value, amount.value
        picture.value = card(t, width=110)
        try:
            state = sell_all(t, [n])
            answer.value = info(f"{C.name(t)} {n}장을 한 번에 팔면 <b>{state.scores()[0]}점</b>입니다."
                                + provisional_mark([t]) + sale_note([t]), False)
        except IllegalAction as exc:
            answer.value = error(str(exc))
        compare.value = comparison(t, n)

    kind.observe(update, "value")
    amount.observe(update, "value")
    update()
    ui = w.VBox([row(kind, amount), picture, answer, w.HTML("<b>나눠 팔기 비교</b>"), compare],
                layout=w.Layout(max_width="100%"))
    ui.parts = SimpleNamespace(kind=kind, amount=amount, answer=answer, compare=compare)
    return ui


def comparison(card_type: str, total: int) -> str:
    """Each way to split `total` cards into legal sales, scored by the engine (best first)."""
    try:
        scored = [(sell_all(card_type, s).scores()[0], s) for s in splits(total, C.max_set(card_type))]
    except IllegalAction as exc:    # e.g. more cards than the game has
        return error(str(exc))
    rows = sorted(scored, key=lambda r: (-r[0], len(r[1])))
    body = "".join(f"<tr><td>{' + '.join(map(str, s))}장</td><td>{len(s)}번</td><td><b>{score}점</b></td></tr>"
                   for score, s in rows[:MAX_ROWS])
    more = f"<small>외 {len(rows) - MAX_ROWS}가지</small>" if len(rows) > MAX_ROWS else ""
    return (f'<div>{provisional_mark([card_type])}</div><table><tr><th>묶음</th><th>판매 횟수</th><th>점수</th></tr>{body}</table>{more}'
            f"<small>{escape(C.name(card_type))} 한 묶음은 최대 {C.max_set(card_type)}장입니다.</small>"
            + sale_note([card_type]))
