"""Final scoring of 아틀란다이스 as a table, every number from the engine: per heritage type 3 for the most
(all tied leaders; then no second) and 1 for the second, 3 per board won, the VP tokens."""
from html import escape

from rules.atlandice import components as C
from widgets.atlandice.board import COLORS, LETTERS


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
