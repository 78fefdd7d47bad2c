"""Cards drawn as SVG from data, so a page shows the thing rather than describes it."""
from html import escape

PALETTE = {
    "pot": "#b5651d", "parchment": "#d9c48f", "coin": "#e0b020", "cup": "#7fb3d5", "talisman": "#8e44ad",
    "map": "#27ae60", "mask": "#c0392b", "tablet": "#7f8c8d", "pendant": "#16a085",
    "thief": "#2c3e50", "sandstorm": "#e67e22", "tent": "#5d6d7e", "back": "#6b4f2a",
}
ICONS = {"pot": "🏺", "parchment": "📜", "coin": "🪙", "cup": "🥃", "talisman": "🧿", "map": "🧭",
         "mask": "🎭", "tablet": "🪨", "pendant": "📿", "thief": "🦹", "sandstorm": "🌪️", "tent": "⛺"}


def card_svg(name: str, kind: str, trade=None, sale=(), count=None, provisional=False,
             face_down=False, width=92) -> str:
    """One card: name, trade value in both top corners, sale table at the bottom, copies badge.

    `provisional` adds the visible 잠정값 mark used for values no source confirms.
    """
    h = int(width * 1.45)
    color = PALETTE["back" if face_down else kind]
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{h}" viewBox="0 0 92 134" '
             f'role="img" aria-label="{escape(name)}" style="margin:2px">',
             f'<rect x="1" y="1" width="90" height="132" rx="8" fill="{color}" stroke="#333"/>']
    if face_down:
        parts.append('<text x="46" y="80" font-size="40" text-anchor="middle" fill="#f5e6c8">?</text>')
        if count is not None:
            parts.append(_badge(count))
        return "".join(parts) + "</svg>"
    parts.append('<rect x="6" y="22" width="80" height="62" rx="5" fill="#fff" opacity="0.85"/>')
    parts.append(f'<text x="46" y="62" font-size="28" text-anchor="middle">{ICONS.get(kind, "")}</text>')
    if trade is not None:
        for x in (10, 82):
            parts.append(f'<text x="{x}" y="17" font-size="13" font-weight="bold" text-anchor="middle" '
                         f'fill="#fff">{trade}</text>')
    parts.append(f'<text x="46" y="98" font-size="11" text-anchor="middle" fill="#fff" '
                 f'font-weight="bold">{escape(name)}</text>')
    if sale:
        step = 80 / len(sale)
        for i, v in enumerate(sale):
            x = 6 + step * (i + 0.5)
            parts.append(f'<text x="{x:.1f}" y="112" font-size="8" text-anchor="middle" fill="#fff">x{i + 1}</text>')
            parts.append(f'<text x="{x:.1f}" y="124" font-size="10" text-anchor="middle" fill="#fff" '
                         f'font-weight="bold">{v}</text>')
    if count is not None:
        parts.append(_badge(count))
    if provisional:
        parts.append('<rect x="4" y="24" width="34" height="13" rx="3" fill="#f1c40f"/>'
                     '<text x="21" y="34" font-size="8" text-anchor="middle" fill="#000">잠정값</text>')
    parts.append("</svg>")
    return "".join(parts)


def cards_html(svgs) -> str:
    """A wrapping row of card pictures (wraps on a phone instead of scrolling sideways)."""
    return '<div style="display:flex;flex-wrap:wrap;gap:2px;max-width:100%">' + "".join(svgs) + "</div>"


def _badge(count) -> str:
    return (f'<circle cx="80" cy="30" r="10" fill="#222"/><text x="80" y="34" font-size="11" '
            f'text-anchor="middle" fill="#fff">{count}</text>')
