"""레즈 아르카나 components as pictures and Korean text, drawn from the engine's component data
(rules/res_arcana/components.json): cost with essence symbols, VP, dragon/creature, collect, powers,
and the 잠정값 mark on every value no source confirms."""
from html import escape

from rules.res_arcana import components as C
from rules.res_arcana.texts import TYPE_NAMES, collect_text, effect_text, power_text, vp_text
from widgets.common import nothing

# One colour and one letter per essence, so a cost reads without the lost icons of the seed.
# Each with its letter readable at 4.5:1: white on the dark ones, black on gold.
ESSENCE_COLORS = {"E": "#c43a25", "L": "#2e7d32", "C": "#2f6fb5", "D": "#3b2f45", "G": "#d4a017"}
ESSENCE_LETTERS = {"E": "활", "L": "생", "C": "평", "D": "죽", "G": "금"}
KIND_NAMES = {"mage": "마법사", "item": "마법 아이템", "monument": "기념물", "place": "마력의 장소", "artifact": "유물"}
KIND_COLORS = {"mage": "#5b3f8f", "item": "#2c7a7b", "monument": "#8a6d3b", "place": "#6b4226", "artifact": "#34495e"}
WRAP = 14   # Korean glyphs are about one font-size wide: 14 at 10 px fill the 146-unit text box
FIELDS = ("name", "cost", "vp", "types", "collect", "powers", "discount", "vp_on", "on_claim")


def lines(c: str) -> list:
    """(label, text, provisional) rows of everything printed on component c."""
    rows = []
    if C.COST[c] or C.KIND[c] in ("artifact", "monument", "place"):
        rows.append(("비용", C.cost_text(C.COST[c]), C.is_unverified(c, "cost")))
    rows.append(("승점", vp_text(c), C.is_unverified(c, "vp") or C.is_unverified(c, "vp_on")))
    if C.TYPES[c]:
        rows.append(("종류", "·".join(TYPE_NAMES[t] for t in C.TYPES[c]), C.is_unverified(c, "types")))
    for entry in C.COLLECT.get(c, ()):
        rows.append(("수집", collect_text(entry), C.is_unverified(c, "collect")))
    if c in C.DISCOUNTS:
        d = C.DISCOUNTS[c]
        rows.append(("할인", f"{'용족' if d['what'] == 'dragon' else '유물'} 배치 비용 {d['n']} 줄이기",
                     C.is_unverified(c, "discount")))
    for effect in C.ON_CLAIM.get(c, ()):
        rows.append(("가져올 때", effect_text(effect), C.is_unverified(c, "on_claim")))
    for i, power in enumerate(C.POWERS.get(c, ())):
        rows.append((f"마력 {i + 1}", power_text(power), C.is_unverified(c, "powers")))
    return rows


def is_provisional(c: str) -> bool:
    return any(C.is_unverified(c, f) for f in FIELDS if f != "name")


def official_name(c: str) -> bool:
    """True when the Korean name is the seed's own (else our unofficial translation)."""
    return not C.is_unverified(c, "name")


MARK = ('<a href="provisional.html#ra-provisional-list" style="background:#f1c40f;color:#000;padding:0 3px;'
        'border-radius:3px;font-size:80%;text-decoration:none">잠정값</a>')


def essence_chip(e: str, n=None) -> str:
    """An essence as a coloured round chip with its first letter (and a count), for HTML text."""
    count = f"{n}" if n is not None else ""
    return (f'<span style="display:inline-block;min-width:1.4em;padding:0 3px;border-radius:1em;'
            f'background:{ESSENCE_COLORS[e]};color:{"#000" if e == "G" else "#fff"};text-align:center;font-size:85%;'
            f'margin:0 1px">'
            f'{ESSENCE_LETTERS[e]}{count}</span>')


def pool_html(amounts: dict) -> str:
    chips = "".join(essence_chip(e, amounts[e]) for e in C.ESSENCES if amounts.get(e))
    return chips or nothing("없음")


def _wrap(text: str, width: int) -> list:
    """Split text into lines of at most `width` characters, at spaces where possible."""
    out, line = [], ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
        while len(line) > width:
            out.append(line[:width])
            line = line[width:]
    return out + ([line] if line else [])


def card_svg(c: str, width=160, turned=False, on=None) -> str:
    """The component as a card: kind band, Korean and English names, cost chips (top left), VP (top
    right), dragon/creature, then collect, discount and powers. `turned` draws it turned sideways
    (rotated), `on` the essences lying on it. The viewBox scales, so any width stays readable."""
    kind = C.KIND[c]
    rows = [(label, text) for label, text, _ in lines(c) if label not in ("비용", "승점")]
    body = []
    for label, text in rows:
        wrapped = _wrap(f"{label}: {text}", WRAP)
        body.append(wrapped)
    n_lines = sum(len(b) for b in body)
    h = max(150, 104 + n_lines * 12 + len(body) * 4 + (16 if on else 0))
    height = int(width * h / 160)
    parts = [f'<rect x="1" y="1" width="158" height="{h - 2}" rx="9" fill="#fbf7ef" stroke="{KIND_COLORS[kind]}" '
             f'stroke-width="2"/>',
             f'<rect x="1" y="1" width="158" height="22" rx="9" fill="{KIND_COLORS[kind]}"/>',
             f'<text x="80" y="16" font-size="11" text-anchor="middle" fill="#fff">{KIND_NAMES[kind]}'
             f'{" · " + "·".join(TYPE_NAMES[t] for t in C.TYPES[c]) if C.TYPES[c] else ""}</text>']
    x = 8
    cost = C.COST[c]
    for e in C.ESSENCES:
        if cost.get(e):
            parts.append(_chip_svg(x, 38, ESSENCE_COLORS[e], ESSENCE_LETTERS[e], cost[e]))
            x += 26
    if cost.get("any"):
        parts.append(_chip_svg(x, 38, "#999", "?", cost["any"]))
    if not cost and kind in ("artifact",):
        parts.append('<text x="8" y="43" font-size="12" fill="#555">비용 0</text>')
    vp = C.VP[c]
    if vp or c in C.VP_ON:
        parts.append(f'<polygon points="140,28 154,36 154,50 140,58 126,50 126,36" fill="#7b5cc4"/>'
                     f'<text x="140" y="48" font-size="13" font-weight="bold" text-anchor="middle" fill="#fff">'
                     f'{vp}{"+" if c in C.VP_ON else ""}</text>')
    parts.append(f'<text x="80" y="74" font-size="14" font-weight="bold" text-anchor="middle" fill="#222">'
                 f'{escape(C.name(c))}</text>')
    parts.append(f'<text x="80" y="88" font-size="10" text-anchor="middle" fill="#666">{escape(C.EN[c])}'
                 f'{" · 비공식 이름" if not official_name(c) else ""}</text>')
    y = 104
    for wrapped in body:
        for line in wrapped:
            parts.append(f'<text x="7" y="{y}" font-size="10" fill="#222">{escape(line)}</text>')
            y += 12
        y += 4
    if on:
        cx = 10
        for e in C.ESSENCES:
            if on.get(e):
                parts.append(_chip_svg(cx, y + 4, ESSENCE_COLORS[e], ESSENCE_LETTERS[e], on[e]))
                cx += 26
    if is_provisional(c):
        parts.append(f'<rect x="118" y="{h - 18}" width="38" height="14" rx="3" fill="#f1c40f"/>'
                     f'<text x="137" y="{h - 7}" font-size="9" text-anchor="middle">잠정값</text>')
    inner = "".join(parts)
    label = escape(C.name(c) + (" (돌림)" if turned else ""))
    if turned:   # a turned component lies sideways, as on the table
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{height}" height="{width}" viewBox="0 0 {h} 160" '
                f'role="img" aria-label="{label}" style="margin:2px;max-width:100%">'
                f'<g transform="translate({h},0) rotate(90)">{inner}</g></svg>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 160 {h}" '
            f'role="img" aria-label="{label}" style="margin:2px;max-width:100%">{inner}</svg>')


def _chip_svg(x, y, color, letter, n) -> str:
    return (f'<circle cx="{x + 10}" cy="{y}" r="10" fill="{color}"/>'
            f'<text x="{x + 10}" y="{y + 4}" font-size="11" text-anchor="middle" fill="#fff">{letter}{n}</text>')


def back_svg(count: int, label: str, width=60) -> str:
    """A face-down pile: only how many cards it holds."""
    h = int(width * 1.35)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{h}" viewBox="0 0 60 81" role="img" '
            f'aria-label="{escape(label)} {count}장" style="margin:2px"><rect x="1" y="1" width="58" height="79" rx="6" '
            f'fill="#3d2a73" stroke="#222"/><text x="30" y="50" font-size="26" font-weight="bold" text-anchor="middle" '
            f'fill="#e6def5">{count}</text></svg>')


def card_row(cards, width=160, turned=(), on=None) -> str:
    """Cards side by side, wrapping on a narrow screen."""
    on = on or {}
    if not cards:
        return nothing()
    return ('<div style="display:flex;flex-wrap:wrap;align-items:flex-start;max-width:100%">'
            + "".join(card_svg(c, width, c in turned, on.get(c)) for c in cards) + "</div>")
