"""Archaeology cards as pictures, with the 잠정값 mark taken from the component data."""
from rules.archaeology import components as C
from widgets.common import card_svg, cards_html


def card(kind: str, count=None, face_down=False, width=92) -> str:
    if kind in C.TRADE:
        provisional = C.is_unverified(kind, "trade") or C.is_unverified(kind, "sale")
        return card_svg(C.name(kind), kind, C.TRADE[kind], C.SALE[kind], count, provisional,
                        face_down, width)
    return card_svg(C.name(kind), kind, count=count, face_down=face_down, width=width)


def pile(cards: dict, width=70, face_down=False) -> str:
    """One picture per card type with its count badge; '(없음)' for an empty zone."""
    if not cards:
        return '<span style="color:#888">(없음)</span>'
    return cards_html(card(k, n, face_down, width) for k, n in sorted(cards.items(), key=_order))


def _order(item):
    order = C.TREASURES + C.SPECIALS
    return order.index(item[0])
