"""The map of 엘도라도 as SVG, drawn from a Board and what lies on it, and the whole table drawn from
State.public_view (so a hidden card reaches the screen only if the engine's view lets that seat see it).

The map is turned so that its longer side runs down the page: on a 375-px phone it fills the width
and scales, and the page scrolls only downwards. `focus` crops it to some spaces (the planner)."""
from html import escape
from hashlib import sha1
from math import cos, radians, sin, sqrt

from rules.el_dorado import components as C
from rules.el_dorado.board import coords
from widgets.common.svg import tappable
from widgets.el_dorado.cards import SYMBOL_ICONS, cards_text, pile
from widgets.el_dorado.caves import token_effect

R = 20                       # hex radius in SVG units
NUMBER_SIZE = 17             # a requirement's number, in SVG units (about 11 px or more on a phone when cropped)
NEAR = 3                     # the close-up around the pawns on turn: spaces this many steps away
TERRAIN_FILL = {"jungle": "#5aa55a", "village": "#e9c84a", "river": "#4a9ad8", "rubble": "#a7a29a",
                "basecamp": "#c96a4a", "mountain": "#5b4a3c", "start": "#efe5c8"}
TERRAIN_ICONS = {"rubble": "🪨", "basecamp": "⛺"}
PLAYER_COLOURS = ("#d62728", "#1f5fbf", "#f0a000", "#f7f7f7")
PLAYER_COLOUR_NAMES = ("빨강", "파랑", "노랑", "하양")
ELDORADO = "E"


def _pointy(h: str) -> tuple:
    q, r = coords(h)
    return sqrt(3) * R * (q + r / 2), 1.5 * R * r


class Layout:
    """Where each hex of a board is drawn: the map is turned (in steps of 15 degrees) to the angle
    that makes it narrowest, so that it fills a phone's width with the largest spaces."""

    def __init__(self, board):
        pts = [_pointy(h) for h in board.terrain]
        self.angle = min(range(0, 180, 15), key=lambda a: (_width(pts, a), a))
        self._c, self._s = cos(radians(self.angle)), sin(radians(self.angle))

    def centre(self, h: str) -> tuple:
        x, y = _pointy(h)
        return x * self._c - y * self._s, x * self._s + y * self._c

    def corners(self, h, scale=1.0) -> list:
        """The corners of space h (None: of a space centred on 0, 0)."""
        cx, cy = self.centre(h) if h is not None else (0, 0)
        out = []
        for k in range(6):
            a = radians(30 + self.angle + 60 * k)
            out.append((cx + scale * R * cos(a), cy + scale * R * sin(a)))
        return out


def _width(pts, angle) -> float:
    c, s = cos(radians(angle)), sin(radians(angle))
    xs = [x * c - y * s for x, y in pts]
    return max(xs) - min(xs)


def _points(pts) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)


def _text(x, y, text, size=12, fill="#111", weight="bold", extra="") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" font-weight="{weight}" text-anchor="middle" '
            f'dominant-baseline="central" fill="{fill}" {extra}>{escape(str(text))}</text>')


def pawn_label(player: int, pawn: int, pawns: int) -> str:
    """A pawn's name, the same on the map and in every move: the player's number, and in a 2-player
    game a or b for which of their two pawns."""
    return f"{player + 1}" if pawns == 1 else f"{player + 1}{'ab'[pawn]}"


def map_svg(board, blockades=(), pawns=(), caves=None, marks=None, focus=None, highlight=None,
            title="엘도라도 지도", dashed=(), tags=None) -> str:
    """SVG of the map.

    blockades: the number on each blockade seam (None: taken); pawns: per player a list of hexes
    ("E" for a pawn in El Dorado); caves: tokens left in each cave (None: no cave variant);
    marks: {hex: label} drawn as numbered markers (the planner's destinations), with a dashed ring for
    the hexes in `dashed` (reached only by chance); highlight: one hex ringed in red; focus: hexes to
    crop the picture to (with a margin); tags: {hex: letter} drawn small at the top of a space, over
    neither its symbol nor its requirement (the spaces a move can go to, named so in the moves)."""
    lay = Layout(board)
    marks = marks or {}
    x0, y0, x1, y1 = _bounds(lay, focus or board.terrain)
    shown = [h for h in board.terrain if _inside(lay.centre(h), (x0, y0, x1, y1))]   # a close-up sends only its part
    # One hexagon, reused for every space: a map is sent to the browser at every move, so it must stay small.
    parts = [f'<defs><polygon id="hx@" points="{_points(lay.corners(None, 0.97))}"/></defs>',
             '<g stroke="#fff" stroke-width="1.2">']
    icons, numbers = [], []
    for h in shown:
        terrain = board.terrain[h]
        cx, cy = lay.centre(h)
        border = ' stroke="#b8860b" stroke-width="3"' if h in board.finish else ""
        parts.append(f'<use href="#hx@" x="{cx:.1f}" y="{cy:.1f}" fill="{TERRAIN_FILL[terrain]}"{border}/>')
        icon = SYMBOL_ICONS.get(C.SYMBOL_OF.get(terrain)) or TERRAIN_ICONS.get(terrain)
        if icon:
            icons.append(f'<text x="{cx - 7:.1f}" y="{cy:.1f}">{icon}</text>')
            ink = "#222" if terrain == "village" else "#fff"
            numbers.append(f'<text x="{cx + 6:.1f}" y="{cy + 1:.1f}" fill="{ink}">{board.req[h]}</text>')
        if h in board.finish:
            numbers.append(f'<text x="{cx:.1f}" y="{cy + 12:.1f}" fill="#5a3d00" font-size="8">도착</text>')
    parts.append("</g>")
    parts.append('<g font-size="10" text-anchor="middle" dominant-baseline="central">' + "".join(icons) + "</g>")
    parts.append(f'<g font-size="{NUMBER_SIZE}" font-weight="bold" text-anchor="middle" dominant-baseline="central" '
                 'stroke="#0006" stroke-width="0.4">' + "".join(numbers) + "</g>")
    for h in board.gold:
        parts.append(f'<polygon points="{_points(lay.corners(h, 0.9))}" fill="#f5c518" stroke="#b8860b"/>')
    for number, h in sorted(board.starts.items()):
        cx, cy = lay.centre(h)
        parts.append(_text(cx, cy, number, 14, "#6b4f2a"))
    bars, labels = _blockades(board, lay, blockades, (x0, y0, x1, y1), compact=bool(marks))
    parts += bars
    if caves is not None:
        for i, h in enumerate(board.caves):
            cx, cy = lay.centre(h)
            parts.append(f'<path data-cave="{i + 1}" d="M{cx - 10:.1f} {cy + 9:.1f} v-7 a10 10 0 0 1 20 0 v7 z" '
                         f'fill="#1b1410" stroke="#e0c9a0"/>')
            parts.append(_text(cx, cy + 4, caves[i], 11, "#ffe8a8"))
            parts.append(_text(cx, cy - 10, f"동굴{i + 1}", 8, "#ffe8a8"))
    elif board.caves:
        for h in board.caves:      # the cave mouth is printed on the tile; without the variant it is only a mountain
            cx, cy = lay.centre(h)
            parts.append(f'<path d="M{cx - 7:.1f} {cy + 7:.1f} v-5 a7 7 0 0 1 14 0 v5 z" fill="#2b201a" opacity="0.7"/>')
    for label_hex, label in marks.items():
        cx, cy = lay.centre(label_hex)
        ring = "#c0392b" if label_hex == highlight else "#222"
        dash = ' stroke-dasharray="4 3"' if label_hex in dashed else ""
        parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="11" fill="#fff" stroke="{ring}" stroke-width="3"{dash}/>')
        parts.append(_text(cx, cy, label, 12, "#111"))
    if highlight and highlight not in marks and highlight in board.terrain:
        parts.append(f'<polygon points="{_points(lay.corners(highlight, 0.8))}" fill="none" stroke="#c0392b" '
                     f'stroke-width="4"/>')
    parts += labels       # above the planner's markers, which would hide a blockade's requirement
    for h, tag in (tags or {}).items():
        cx, cy = lay.centre(h)
        parts.append(f'<rect x="{cx - 7:.1f}" y="{cy - 19:.1f}" width="14" height="11" rx="3" fill="#fff" '
                     f'stroke="#c0392b" stroke-width="1.5"/>')
        parts.append(_text(cx, cy - 13.5, tag, 9, "#c0392b"))
    for p, hexes in enumerate(pawns):
        for i, h in enumerate(hexes):
            if h == ELDORADO:
                continue
            cx, cy = lay.centre(h)
            dx = -7 if marks.get(h) else 0
            label = pawn_label(p, i, len(hexes))
            parts.append(f'<circle data-pawn="{label}" cx="{cx + dx:.1f}" cy="{cy - 2:.1f}" r="10" '
                         f'fill="{PLAYER_COLOURS[p]}" stroke="#000" stroke-width="2"/>')
            parts.append(_text(cx + dx, cy - 2, label, 10 if len(label) > 1 else 12,
                               "#000" if PLAYER_COLOURS[p] in ("#f0a000", "#f7f7f7") else "#fff"))
    w, h = x1 - x0, y1 - y0
    body = "".join(parts)
    # the hexagon's id comes from the picture itself: the same picture is the same HTML, and two maps
    # on one page never share an id unless they are the same picture
    body = body.replace("hx@", "hx" + sha1(f"{x0:.0f},{y0:.0f},{w:.0f},{h:.0f}{body}".encode()).hexdigest()[:10])
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0:.0f} {y0:.0f} {w:.0f} {h:.0f}" '
            f'width="100%" style="max-width:{w * 1.3:.0f}px;display:block" role="img" '
            f'aria-label="{escape(title)}">' + body + "</svg>")


def _inside(point, box) -> bool:
    x, y = point
    x0, y0, x1, y1 = box
    return x0 - R <= x <= x1 + R and y0 - R <= y <= y1 + R


def _bounds(lay, hexes, margin=1.3):
    pts = [lay.centre(h) for h in hexes]
    m = margin * R
    x0, x1 = min(x for x, _ in pts) - m, max(x for x, _ in pts) + m
    y0, y1 = min(y for _, y in pts) - m, max(y for _, y in pts) + m
    # a cropped view is never narrower than a few spaces, so the way round stays visible
    least = 7 * R
    if x1 - x0 < least:
        x0, x1 = (x0 + x1 - least) / 2, (x0 + x1 + least) / 2
    return x0, y0, x1, y1


def _blockades(board, lay, numbers, box, compact=False) -> tuple:
    """(bars, labels) of each blockade still on the map: a thick bar in its terrain's colour along the
    seam, and a label with its symbol and requirement, moved inside the picture when a close-up's edge
    would cut it (a label whose seam lies outside the picture is left out). Compact: a small disc in
    the terrain's colour with the requirement, narrow enough to leave the planner's markers readable."""
    bars, labels = [], []
    for i, seam in enumerate(board.blockade_seams):
        number = numbers[i] if i < len(numbers) else None
        if number is None:
            continue
        terrain, req = C.BLOCKADES[number]
        edges = [(a, b) for (a, b), s in board.seam_of.items() if s == i and a < b]
        mids = []
        for a, b in edges:
            (ax, ay), (bx, by) = lay.centre(a), lay.centre(b)
            mx, my = (ax + bx) / 2, (ay + by) / 2
            dx, dy = (by - ay) / sqrt(3), -(bx - ax) / sqrt(3)     # along the shared edge, half its length
            bars.append(f'<line x1="{mx - dx / 2:.1f}" y1="{my - dy / 2:.1f}" x2="{mx + dx / 2:.1f}" '
                        f'y2="{my + dy / 2:.1f}" stroke="{TERRAIN_FILL[terrain]}" stroke-width="7" '
                        f'stroke-linecap="round"/>')
            bars.append(f'<line x1="{mx - dx / 2:.1f}" y1="{my - dy / 2:.1f}" x2="{mx + dx / 2:.1f}" '
                        f'y2="{my + dy / 2:.1f}" stroke="#222" stroke-width="1.5" stroke-dasharray="3 3"/>')
            mids.append((mx, my))
        # the label sits on the seam's middle edge, between two spaces, never over a space's number
        cx, cy = sum(x for x, _ in mids) / len(mids), sum(y for _, y in mids) / len(mids)
        mx, my = min(mids, key=lambda m: (m[0] - cx) ** 2 + (m[1] - cy) ** 2)
        x0, y0, x1, y1 = box
        if not (x0 <= mx <= x1 and y0 <= my <= y1):
            continue
        half_w, half_h = (9, 9) if compact else (17, 10)       # the label's half size, with its stroke
        mx, my = min(max(mx, x0 + half_w), x1 - half_w), min(max(my, y0 + half_h), y1 - half_h)
        if compact:
            labels.append(f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="8" fill="{TERRAIN_FILL[terrain]}" stroke="#222" '
                          f'stroke-width="1.5" data-blockade="{number}"/>')
            labels.append(_text(mx, my, f"{req}", 11, "#222" if terrain == "village" else "#fff"))
            continue
        icon = SYMBOL_ICONS.get(C.SYMBOL_OF.get(terrain), TERRAIN_ICONS.get(terrain, ""))
        labels.append(f'<rect x="{mx - 16:.1f}" y="{my - 9:.1f}" width="32" height="18" rx="5" fill="#fff" '
                      f'stroke="{TERRAIN_FILL[terrain]}" stroke-width="3" data-blockade="{number}"/>')
        labels.append(_text(mx - 7, my, icon, 9, weight="normal"))
        labels.append(_text(mx + 7, my, f"{req}", 13))
    return bars, labels


def legend_html() -> str:
    """What the colours and marks of the map mean, once per page."""
    items = [(TERRAIN_FILL[t], C.TERRAIN_NAMES[t]) for t in ("jungle", "river", "village", "rubble", "basecamp",
                                                             "mountain", "start")]
    chips = "".join(f'<span style="display:inline-flex;align-items:center;margin:0 6px 2px 0">'
                    f'<span style="width:12px;height:12px;background:{c};border:1px solid #555;'
                    f'display:inline-block;margin-right:3px"></span>{escape(n)}</span>' for c, n in items)
    return (f"<div style='font-size:85%;max-width:100%'>{chips}<br>🔪 마체테 · 🛶 노 · 🪙 금화 · 🪨 자갈밭(카드 N장) · "
            "⛺ 베이스캠프(카드 N장 제거) · 숫자는 요구치 · 굵은 띠는 장애물(띠 위 표의 색과 숫자가 그 요구치) · 금색 테두리는 도착 칸 · "
            "색 동그라미는 말(번호 = 플레이어, 2명 게임은 a·b) · 빨간 글자(가, 나, …)는 이번에 말이 갈 수 있는 칸</div>")


# --- the whole table ---------------------------------------------------------------------------
def view_html(view: dict, names=None, board=None, tags=None) -> str:
    """HTML of a public_view: the map, then per player what the view holds (a number for a hidden
    hand or deck, pictures for face-up cards), then the market. tags: letters on the spaces the moves
    name (drawn on the close-up of the pawns on turn)."""
    from rules.el_dorado.board import board as make_board
    from rules.el_dorado.state import PHASE_NAMES
    b = board or make_board(view["path"])

    def who(p):
        return escape(names[p]) if names else f"플레이어 {p + 1}"

    caves = view["caves"] if view["caves_variant"] else None
    head = (f"<div><b>{PHASE_NAMES[view['phase']]}</b> · 차례: {who(view['turn'])} · 모자: {who(view['hat'])}"
            + (f" · 낸 금화 {view['coins']}개" if view["phase"] == "buy" or view["coins"] != "0" else "")
            + (" · 이번 차례 구매 끝" if view["bought"] else "") + "</div>")
    active = view["active"]
    if active:
        head += (f"<div><small>내고 있는 카드: {escape(_pay_name(active[0]))} — 남은 탐험치 "
                 f"{SYMBOL_ICONS[active[1]]} {active[2]}</small></div>")
    if view["arrived"]:
        head += f"<div><small>엘도라도 도착 순서: {', '.join(who(p) for p in view['arrived'])}</small></div>"
    pawns = [pl["pawns"] for pl in view["players"]]
    turn = view["turn"]
    near = around(b, [h for h in pawns[turn] if h in b.terrain])
    # What the moves name comes last, right above them: the hand on turn, the close-up of its pawns
    # (the spaces lettered), and while buying, the market.
    rows = [head, "<details" + ("" if near else " open") + "><summary><small><b>전체 지도</b> (위가 출발, 금색 "
            "테두리가 도착)</small></summary>" + map_svg(b, view["blockades"], pawns, caves) + "</details>",
            legend_html()]
    rows += [_player_row(b, p, pl, who) for p, pl in enumerate(view["players"]) if p != turn]
    market = market_html(view["market"]["slots"], view["market"]["stacks"])
    buying = view["phase"] == "buy"
    if not buying:
        rows.append(market)
    if view["box"]:
        rows.append(f"<div><small>게임에서 제거된 카드(상자): {escape(cards_text(view['box']))}</small></div>")
    rows.append(_player_row(b, turn, view["players"][turn], who))
    if near:
        rows.append(f"<div><small><b>{who(turn)}의 말 주변</b></small></div>"
                    + map_svg(b, view["blockades"], pawns, caves, focus=near, title="차례인 사람의 말 주변", tags=tags))
    if buying:
        rows.append(market)
    return "<div style='max-width:100%'>" + "".join(rows) + "</div>"


def _player_row(b, p: int, pl: dict, who) -> str:
    """One player: their pawns by name and space, blockades and tokens, hand, deck and discard pile."""
    where = ", ".join(f"말 {pawn_label(p, i, len(pl['pawns']))}: "
                      + ("엘도라도" if h == ELDORADO else b.describe_hex(h)) for i, h in enumerate(pl["pawns"]))
    taken = f" · 장애물 {', '.join(str(n) for n in pl['blockades'])}" if pl["blockades"] else ""
    tokens = "".join(tappable(f'<span style="border:1px solid #8a6d1a;border-radius:4px;padding:0 4px;'
                              f'background:#fff8e0">{escape(C.token_name(t))}{f" ×{n}" if n > 1 else ""}</span>',
                              escape(token_effect(t))) for t, n in sorted(pl["tokens"].items()))
    return (f'<div style="border-left:6px solid {PLAYER_COLOURS[p]};padding:2px 6px;margin:6px 0;max-width:100%">'
            f"<b>{who(p)}</b> <small>({PLAYER_COLOUR_NAMES[p]} {escape(where)}){escape(taken)}</small>"
            + (f"<div><small>동굴 토큰 (누르면 효과)</small> {tokens}</div>" if tokens else "")
            + '<div style="display:flex;flex-wrap:wrap;gap:8px">'
            f"<div><small>손 ({_size(pl['hand'])}장)</small>{pile(pl['hand'], 50)}</div>"
            f"<div><small>더미</small>{pile(_size(pl['deck']) if isinstance(pl['deck'], int) else pl['deck'], 44)}</div>"
            + (f"<div><small>낸 카드</small>{pile(pl['play'], 44)}</div>" if pl["play"] else "")
            + f"<div><small>버린 카드</small>{pile(pl['discard'], 44)}</div></div></div>")


def around(board, hexes, steps=NEAR) -> list:
    """The spaces within `steps` of any of `hexes` (the close-up of a pawn)."""
    seen = set(hexes)
    frontier = list(hexes)
    for _ in range(steps):
        frontier = [n for h in frontier for n in board.neighbours[h] if n not in seen]
        seen.update(frontier)
    return sorted(seen)


def market_html(slots, stacks, width=50) -> str:
    """The market board (6 slots: an empty one shown as 빈칸) and the stacks waiting above it."""
    from widgets.el_dorado.cards import tap_card
    from widgets.common import cards_html
    board_cards = []
    for c in slots:
        if c is None:
            board_cards.append(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{int(width * 1.45)}" '
                               f'viewBox="0 0 80 116" role="img" aria-label="빈칸" style="margin:2px">'
                               f'<rect x="2" y="2" width="76" height="112" rx="7" fill="none" stroke="#888" '
                               f'stroke-dasharray="5 4"/><text x="40" y="62" font-size="16" text-anchor="middle" '
                               f'fill="#666">빈칸</text></svg>')
        else:
            board_cards.append(tap_card(c, stacks.get(c, 0), width))
    above = {c: n for c, n in stacks.items() if c not in slots and n}
    empty = sum(1 for c in slots if c is None)
    note = (f"빈칸 {empty}곳: 위쪽 카드도 살 수 있습니다" if empty else "빈칸이 없어 시장판 위의 카드만 살 수 있습니다")
    return (f"<div><small><b>시장판</b> ({note})</small>{cards_html(board_cards)}"
            f"<small><b>시장판 위쪽</b></small>{pile(above, width - 6) if above else '<div><small>(없음)</small></div>'}</div>")


def _size(x) -> int:
    return x if isinstance(x, int) else sum(x.values())


def _pay_name(pay: str) -> str:
    if pay.startswith("tok:"):
        return "동굴 토큰 " + C.token_name(pay[4:])
    return C.name(pay)
