"""Archaeology cards as pictures, with the 잠정값 mark taken from the component data."""
from rules.archaeology import components as C
from widgets.common import card_svg, cards_html, provisional_note


def card(kind: str, count=None, width=92) -> str:
    if kind in C.TRADE:
        provisional = C.is_unverified(kind, "trade") or C.is_unverified(kind, "sale")
        return card_svg(C.name(kind), kind, C.TRADE[kind], C.SALE[kind], count, provisional, width=width)
    return card_svg(C.name(kind), kind, count=count, width=width)


def pile(cards: dict, width=70, face_down=False) -> str:
    """One picture per card type with its count badge (one back if face down); '(없음)' if empty."""
    if not cards:
        return '<span style="color:#888">(없음)</span>'
    if face_down:   # a face-down pile shows only how many cards it holds, not their kinds
        return cards_html([card_svg("", "back", count=sum(cards.values()), face_down=True, width=width)])
    return cards_html(card(k, n, width=width) for k, n in in_order(cards))


def in_order(cards: dict) -> list:
    """(kind, count) pairs in the component list's order, so every row of cards reads the same way."""
    order = C.TREASURES + C.SPECIALS
    return sorted(cards.items(), key=lambda item: order.index(item[0]))


def provisional_mark(kinds, field: str = "sale") -> str:
    """A small 잠정값 mark, linking to the list, beside a figure that rests on a value of `field` ("sale"
    table or "trade" value) no source confirms; the values themselves are named under the figure by
    sale_note / trade_note."""
    if C.provisional_values(kinds, field):
        return (' <a href="provisional.html" style="background:#f1c40f;color:#000;padding:0 3px;border-radius:3px;'
                'font-size:80%;text-decoration:none">잠정값</a>')
    return ""


def trade_note(kinds) -> str:
    """Under a figure computed from these kinds' trade values: the ones no source confirms, by name."""
    return provisional_note([f"{name}의 교환 가치 {value}" for name, value in C.provisional_values(kinds, "trade")])


def sale_note(kinds) -> str:
    """Under a score computed from these kinds' sale tables: the ones no source confirms, by name."""
    return provisional_note([f"{name}의 판매 가치 표 ({'·'.join(map(str, table))})"
                             for name, table in C.provisional_values(kinds, "sale")])
