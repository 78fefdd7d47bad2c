"""What 아키올로지's 카페 빠른 답 draws: the cards' values in one table (from the engine's component data)."""
from html import escape

from rules.archaeology import components as C
from widgets.archaeology.cards import card

MARK = " ⚠️"


def value_table() -> str:
    """Every treasure: its picture, trade value and sale table by set size, each value no source confirms
    marked ⚠️ (잠정값), and the player counts that use it."""
    widest = max(C.max_set(t) for t in C.TREASURES)
    head = "".join(f"<th>{n}장</th>" for n in range(1, widest + 1))
    rows = []
    for t in C.TREASURES:
        trade = f"{C.TRADE[t]}{MARK if C.is_unverified(t, 'trade') else ''}"
        sale_mark = MARK if C.is_unverified(t, "sale") else ""
        sales = "".join(f"<td>{C.sale_value(t, n)}{sale_mark}</td>" if n <= C.max_set(t) else "<td>–</td>"
                        for n in range(1, widest + 1))
        players = [n for n in C.PLAYER_COUNTS if t in C.treasures_in_play(n)]
        rows.append(f"<tr><td>{card(t, width=40)}</td><th scope='row'>{escape(C.name(t))}</th><td>{trade}</td>{sales}"
                    f"<td>{min(players)}~{max(players)}인</td></tr>")
    return ('<div style="overflow-x:auto;max-width:100%"><table class="kr-values"><caption>카드 값 (판매 가치는 '
            '한 번에 판 장수별 점수)</caption><tr><th></th><th scope="col">카드</th><th scope="col">교환 가치</th>'
            f'{head}<th scope="col">쓰는 인원</th></tr>{"".join(rows)}</table></div>')
