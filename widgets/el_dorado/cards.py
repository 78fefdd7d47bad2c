"""엘도라도 cards as SVG drawn from the engine's component data: colour, symbol and power, price,
the single-use mark and the 잠정값 mark of names no source confirms."""
from html import escape

from rules.core import IllegalAction
from rules.el_dorado import components as C
from widgets.common import cards_html, nothing
from widgets.common.svg import tappable
from widgets.common.ui import parse_counts

COLOURS = {"green": "#3f8f3f", "blue": "#2f78c4", "yellow": "#d9a520", "white": "#f4f1e8", "purple": "#7b4fa0"}
COLOUR_NAMES = {"green": "초록", "blue": "파랑", "yellow": "노랑", "white": "하양", "purple": "보라"}
SYMBOL_ICONS = {"machete": "🔪", "paddle": "🛶", "coin": "🪙"}
EFFECTS = {"transmitter": ("시장 카드", "1장 가져옴"), "cartographer": ("2장 뽑기",), "compass": ("3장 뽑기",),
           "scientist": ("1장 뽑고", "1장 제거"), "travel_log": ("2장 뽑고", "2장까지 제거"),
           "native": ("요구치 없이", "옆 칸으로")}
# What a purple card does, in full: the text a tap on the card opens.
EFFECT_TEXT = {"transmitter": "시장판이나 시장판 위쪽의 카드 1장을 값을 내지 않고 가져와 버린 카드 더미에 놓습니다.",
               "cartographer": "카드 2장을 뽑습니다. 뽑은 카드는 이번 차례에 바로 씁니다.",
               "compass": "카드 3장을 뽑습니다. 뽑은 카드는 이번 차례에 바로 씁니다.",
               "scientist": "카드 1장을 뽑고, 손의 카드 1장을 골라 게임에서 제거할 수 있습니다.",
               "travel_log": "카드 2장을 뽑고, 손의 카드를 2장까지 골라 게임에서 제거할 수 있습니다.",
               "native": "요구치를 무시하고 인접한 칸 하나로 갑니다. 장애물도 극복할 수 있습니다(산과 다른 말이 있는 칸은 안 됨)."}
NAME_LINE = 5        # a name longer than this many letters is written on two lines


def is_provisional(card: str) -> bool:
    entry = C.DATA["cards"][card]
    return any(entry[f]["status"] == "unverified" for f in ("name", "stats"))


def card_svg(card: str, count=None, width=78) -> str:
    """One card: name, symbol(s) and power large, price in a coin at the bottom right, '1회' for a
    single-use card, a copies badge, and the yellow corner mark when its name is a 잠정값."""
    colour = C.COLOUR[card]
    ink = "#222" if colour in ("white", "yellow") else "#fff"
    h = int(width * 1.45)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{h}" viewBox="0 0 80 116" '
             f'role="img" aria-label="{escape(C.name(card))}" style="margin:2px">',
             f'<rect x="1" y="1" width="78" height="114" rx="7" fill="{COLOURS[colour]}" stroke="#333"/>']
    parts += _name_lines(C.name(card), ink)
    if C.POWER[card]:
        icons = "".join(SYMBOL_ICONS[s] for s in C.symbols(card))
        parts.append(f'<text x="40" y="{52 if len(C.symbols(card)) > 1 else 56}" font-size="{16 if len(icons) > 2 else 24}" '
                     f'text-anchor="middle">{icons}</text>')
        parts.append(f'<text x="40" y="88" font-size="30" font-weight="bold" text-anchor="middle" fill="{ink}">'
                     f'{C.POWER[card]}</text>')
    else:
        for i, line in enumerate(EFFECTS[card]):
            parts.append(f'<text x="40" y="{56 + 15 * i}" font-size="12" text-anchor="middle" fill="{ink}"'
                         + (' textLength="72" lengthAdjust="spacingAndGlyphs"' if len(line) > 6 else "")
                         + f'>{escape(line)}</text>')
    if C.COST[card] is not None:
        parts.append(f'<circle cx="64" cy="100" r="12" fill="#f5d76e" stroke="#8a6d1a"/>'
                     f'<text x="64" y="105" font-size="14" font-weight="bold" text-anchor="middle" fill="#222">'
                     f'{C.COST[card]}</text>')
    if C.SINGLE_USE[card]:
        parts.append('<rect x="5" y="92" width="28" height="17" rx="4" fill="#fff" stroke="#c0392b"/>'
                     '<text x="19" y="105" font-size="12" font-weight="bold" text-anchor="middle" '
                     'fill="#c0392b">1회</text>')
    if count is not None:
        parts.append(f'<circle cx="66" cy="34" r="12" fill="#222" stroke="#fff" stroke-width="2"/>'
                     f'<text x="66" y="40" font-size="15" font-weight="bold" text-anchor="middle" fill="#fff">'
                     f'{count}</text>')
    if is_provisional(card):
        parts.append('<path d="M1 8 A7 7 0 0 1 8 1 L18 1 L1 18 Z" fill="#f1c40f" stroke="#333"/>')
    return "".join(parts) + "</svg>"


def _name_lines(name: str, ink: str) -> list:
    """The name at the top of the card, inside its width: one line, or two lines split at a space
    (or in the middle) in a smaller letter, never squeezed past reading."""
    if len(name) <= NAME_LINE:
        return [f'<text x="40" y="19" font-size="12" font-weight="bold" text-anchor="middle" fill="{ink}">'
                f'{escape(name)}</text>']
    cut = name.find(" ", len(name) // 2 - 1)
    if cut < 0 or cut > len(name) - 2:
        cut = name.rfind(" ")
    first, second = (name[:cut], name[cut + 1:]) if cut > 0 else (name[:len(name) // 2], name[len(name) // 2:])
    size = 10 if max(len(first), len(second)) <= 6 else 8      # the second line ends above the copies badge
    return [f'<text x="40" y="{11 + 11 * i}" font-size="{size}" font-weight="bold" text-anchor="middle" '
            f'fill="{ink}">{escape(line)}</text>' for i, line in enumerate((first, second))]


def card_text(card: str) -> str:
    """A card's full text as a tap opens it: name, colour, symbol and power, price, single use, what a
    purple card does, and the 잠정값 mark of a value no source confirms."""
    lines = [f"<b>{escape(C.name(card))}</b> · {COLOUR_NAMES[C.COLOUR[card]]}"]
    if C.POWER[card]:
        symbols = " · ".join(f"{SYMBOL_ICONS[s]} {C.SYMBOL_NAMES[s]}" for s in C.symbols(card))
        how = "한 기호를 골라 " if len(C.symbols(card)) > 1 else ""
        lines.append(f"{symbols} {C.POWER[card]}: {how}탐험치 {C.POWER[card]}로 씁니다")
        if "coin" not in C.symbols(card):
            lines.append("구매할 때 금화 ½개")
    else:
        lines.append(escape(EFFECT_TEXT[card]) + " 구매할 때 금화 ½개.")
    lines.append(f"가격: 금화 {C.COST[card]}개" if C.COST[card] is not None else "처음 카드 (시장에서 팔지 않음)")
    if C.SINGLE_USE[card]:
        lines.append("1회용: 효과를 쓰면 상자에 넣습니다 (금화 ½개나 자갈밭 값으로 내면 버린 카드 더미로)")
    if is_provisional(card):
        lines.append("⚠️ 잠정값: 이 카드의 이름이나 능력치는 실물로 확인되지 않았습니다")
    return "<br>".join(lines)


def tap_card(card: str, count=None, width=78) -> str:
    """A card picture that opens its full text with a tap (a phone has no hover)."""
    return tappable(card_svg(card, count, width), card_text(card))


def back_svg(count, width=56) -> str:
    """A face-down pile: only how many cards it holds."""
    h = int(width * 1.45)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{h}" viewBox="0 0 80 116" '
            f'role="img" aria-label="뒷면 {count}장" style="margin:2px">'
            f'<rect x="1" y="1" width="78" height="114" rx="7" fill="#6b4f2a" stroke="#333"/>'
            f'<text x="40" y="72" font-size="40" font-weight="bold" text-anchor="middle" fill="#f5e6c8">'
            f'{count}</text></svg>')


def in_order(cards: dict) -> list:
    """(card, count) pairs in the component list's order, so every row of cards reads the same way."""
    return sorted(cards.items(), key=lambda item: C.CARDS.index(item[0]))


def pile(cards, width=56) -> str:
    """Face-up cards as pictures with count badges; an int is a face-down pile of that many."""
    if isinstance(cards, int):
        return cards_html([back_svg(cards, width)]) if cards else nothing()
    if not cards:
        return nothing()
    return cards_html(tap_card(c, n if n > 1 else None, width) for c, n in in_order(cards))


def cards_text(cards: dict) -> str:
    """'탐험가 3, 여행자 1' in the component order."""
    return ", ".join(f"{C.name(c)} {n}" for c, n in in_order(cards)) or "(없음)"


def parse_cards(text: str, where: str, allowed=C.CARDS):
    """'탐험가 3, 여행자 1' (Korean card names, count 1 if left out) -> {card: count}; '' -> None."""
    example = ", ".join(C.name(c) for c in allowed[:3])
    return parse_counts(text, {C.name(c): c for c in allowed}, lambda part: IllegalAction(
        f"{where}: 여기에 적을 수 있는 카드 이름이 아닙니다: '{part}' (쓸 수 있는 이름: {example}…)", "게임 준비"))
