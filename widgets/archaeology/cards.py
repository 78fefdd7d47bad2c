"""Archaeology cards as pictures, with the 잠정값 mark taken from the component data, and their text a tap away."""
from html import escape

from rules.archaeology import components as C
from widgets.common import card_svg, cards_html, nothing, provisional_note
from widgets.common.svg import tappable


# What a special card does, for its tap text (the treasures' text is their values).
SPECIAL_TEXT = {"thief": "발굴지에서 뽑으면 다른 사람 한 명의 패에서 1장을 보지 않고 가져옵니다.",
                "sandstorm": "발굴지에서 뽑으면 모두 패의 절반(소수점 버림)을 시장에 내려놓습니다. 뽑은 사람은 다시 발굴합니다.",
                "tent": "모래 폭풍을 한 번 막습니다."}


def card(kind: str, count=None, width=92) -> str:
    if kind in C.TRADE:
        provisional = C.is_unverified(kind, "trade") or C.is_unverified(kind, "sale")
        return card_svg(C.name(kind), kind, C.TRADE[kind], C.SALE[kind], count, provisional, width=width)
    return card_svg(C.name(kind), kind, count=count, width=width)


def card_text(kind: str, count=None) -> str:
    """Everything a card says, in words: its name, trade value, sale table and 잠정값 marks."""
    head = f"<b>{escape(C.name(kind))}</b>" + (f" {count}장" if count else "")
    if kind not in C.TRADE:
        return f"{head}: {escape(SPECIAL_TEXT.get(kind, ''))}"
    mark = " (잠정값)"
    sale = " · ".join(f"{n}장 {v}점" for n, v in enumerate(C.SALE[kind], start=1))
    use = " 유적 탐험에 냅니다." if kind == "map" else ""
    return (f"{head} · 교환 가치 {C.TRADE[kind]}{mark if C.is_unverified(kind, 'trade') else ''}"
            f" · 판매 가치 {sale}{mark if C.is_unverified(kind, 'sale') else ''}.{use}")


def pile(cards: dict, width=70, face_down=False) -> str:
    """One picture per card type with its count badge (one back if face down); '(없음)' if empty."""
    if not cards:
        return nothing()
    if face_down:   # a face-down pile shows only how many cards it holds, not their kinds
        return cards_html([card_svg("", "back", count=sum(cards.values()), face_down=True, width=width)])
    return cards_html(tappable(card(k, n, width=width), card_text(k, n)) for k, n in in_order(cards))


def in_order(cards: dict) -> list:
    """(kind, count) pairs in the component list's order, so every row of cards reads the same way."""
    order = C.TREASURES + C.SPECIALS
    return sorted(cards.items(), key=lambda item: order.index(item[0]))


# The list of 잠정값 on the chapter's provisional page (a link names the section, not the page top).
LIST = "provisional.html#arch-provisional-list"


def provisional_mark(kinds, field: str = "sale") -> str:
    """A small 잠정값 mark, linking to the list, beside a figure that rests on a value of `field` ("sale"
    table or "trade" value) no source confirms; the values themselves are named under the figure by
    sale_note / trade_note."""
    if C.provisional_values(kinds, field):
        return (f' <a href="{LIST}" style="background:#f1c40f;color:#000;padding:0 3px;border-radius:3px;'
                'font-size:80%;text-decoration:none">잠정값</a>')
    return ""


def trade_note(kinds) -> str:
    """Under a figure computed from these kinds' trade values: the ones no source confirms, by name."""
    return provisional_note([f"{name}의 교환 가치 {value}" for name, value in C.provisional_values(kinds, "trade")], LIST)


def sale_note(kinds) -> str:
    """Under a score computed from these kinds' sale tables: the ones no source confirms, by name."""
    return provisional_note([f"{name}의 판매 가치 표 ({'·'.join(map(str, table))})"
                             for name, table in C.provisional_values(kinds, "sale")], LIST)
