"""Cards drawn as SVG from data, so a page shows the thing rather than describes it."""
from html import escape

PALETTE = {
    "pot": "#b5651d", "parchment": "#d9c48f", "coin": "#e0b020", "cup": "#7fb3d5", "talisman": "#8e44ad",
    "map": "#27ae60", "mask": "#c0392b", "tablet": "#7f8c8d", "pendant": "#16a085",
    "thief": "#2c3e50", "sandstorm": "#e67e22", "tent": "#5d6d7e", "back": "#6b4f2a",
}
ICONS = {"pot": "🏺", "parchment": "📜", "coin": "🪙", "cup": "🥃", "talisman": "🧿", "map": "🧭",
         "mask": "🎭", "tablet": "🪨", "pendant": "📿", "thief": "🦹", "sandstorm": "🌪️", "tent": "⛺"}


# Narrower cards (rows of hands, the market) show the trade value large and no sale table; full cards
# are drawn 108 px or wider, so their sale numbers still read at 11 px or more on a 375-px phone.
COMPACT_BELOW = 80   # px


def card_svg(name: str, kind: str, trade=None, sale=(), count=None, provisional=False,
             face_down=False, width=92) -> str:
    """One card: name, trade value in both top corners, sale table at the bottom, copies badge.

    Below COMPACT_BELOW px a card keeps only what is readable on a phone: the picture, a large trade
    value and the count (every number at least about 11 px). `provisional` adds a small yellow corner
    mark for values no source confirms (the page's legend explains it once).
    """
    h = int(width * 1.45)
    color = PALETTE["back" if face_down else kind]
    label = name or ("뒷면 카드" + (f" {count}장" if count is not None else ""))   # what a screen reader says
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{h}" viewBox="0 0 92 134" '
             f'role="img" aria-label="{escape(label)}" style="margin:2px">',
             f'<rect x="1" y="1" width="90" height="132" rx="8" fill="{color}" stroke="#333"/>']
    if face_down:   # the back shows how many cards lie there, large, instead of a badge
        label = "?" if count is None else str(count)
        parts.append(f'<text x="46" y="82" font-size="44" font-weight="bold" text-anchor="middle" '
                     f'fill="#f5e6c8">{label}</text>')
        return "".join(parts) + "</svg>"
    if width < COMPACT_BELOW:
        parts.append('<rect x="6" y="8" width="80" height="70" rx="5" fill="#fff" opacity="0.85"/>')
        parts.append(f'<text x="46" y="58" font-size="40" text-anchor="middle">{ICONS.get(kind, "")}</text>')
        if trade is not None:
            parts.append(f'<text x="46" y="122" font-size="40" font-weight="bold" text-anchor="middle" '
                         f'fill="#fff">{trade}</text>')
    else:
        parts.append('<rect x="6" y="22" width="80" height="56" rx="5" fill="#fff" opacity="0.85"/>')
        parts.append(f'<text x="46" y="60" font-size="28" text-anchor="middle">{ICONS.get(kind, "")}</text>')
        if trade is not None:
            for x in (12, 80):
                parts.append(f'<text x="{x}" y="18" font-size="15" font-weight="bold" text-anchor="middle" '
                             f'fill="#fff">{trade}</text>')
        parts.append(f'<text x="46" y="93" font-size="12" text-anchor="middle" fill="#fff" '
                     f'font-weight="bold">{escape(name)}</text>')
        if sale:
            step = 84 / len(sale)
            for i, v in enumerate(sale):
                x = 4 + step * (i + 0.5)
                parts.append(f'<text x="{x:.1f}" y="108" font-size="10" text-anchor="middle" fill="#fff">'
                             f'{i + 1}장</text>')
                parts.append(f'<text x="{x:.1f}" y="125" font-size="{14 if len(sale) < 5 else 12}" '
                             f'text-anchor="middle" fill="#fff" font-weight="bold">{v}</text>')
    if count is not None:
        parts.append(_badge(count))
    if provisional:
        parts.append('<path d="M1 9 A8 8 0 0 1 9 1 L30 1 L1 30 Z" fill="#f1c40f" stroke="#333"/>')
    parts.append("</svg>")
    return "".join(parts)


def tappable(picture: str, text: str) -> str:
    """A card picture whose full text (HTML) opens under it with a tap: a phone has no hover, so nothing
    a card says may live in a tooltip."""
    return ('<details class="kr-card" style="display:inline-block;vertical-align:top;max-width:100%">'
            f'<summary style="display:block;list-style:none;cursor:pointer">{picture}</summary>'
            f'<div style="font-size:85%;max-width:240px;padding:2px 4px;background:#fffbe6;border-radius:4px">'
            f"{text}</div></details>")


def cards_html(svgs) -> str:
    """A wrapping row of card pictures (wraps on a phone instead of scrolling sideways)."""
    return '<div style="display:flex;flex-wrap:wrap;gap:2px;max-width:100%">' + "".join(svgs) + "</div>"


def _badge(count) -> str:
    """How many copies: large enough to read on a 50-px card (about 11 px)."""
    return (f'<circle cx="74" cy="24" r="17" fill="#222" stroke="#fff" stroke-width="2"/>'
            f'<text x="74" y="32" font-size="22" font-weight="bold" text-anchor="middle" fill="#fff">{count}</text>')
