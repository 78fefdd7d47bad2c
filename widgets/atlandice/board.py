"""The city of 아틀란다이스 drawn as SVG from a public_view: the clock disc in the middle with its track
(확인 / 기부 / 파도 spaces), the five district stacks around it clockwise from the bottom left (as the
rulebook sets them up), the 시장 (암시장) below, with the dice beside each area and the submarine.

Only what the view holds is drawn, so a table screen shows no board that lies under a top board.
The picture scales to its box (viewBox, width 100%): it never makes a phone page scroll sideways."""
import math
from html import escape

from rules.atlandice import components as C

# One colour and one short Korean letter per heritage type: readable on a 375-px phone without emoji.
COLORS = {"gem": "#8e44ad", "book": "#2c7be5", "food": "#e67e22", "tool": "#5d6d7e", "weapon": "#c0392b"}
LETTERS = {"gem": "보", "book": "책", "food": "식", "tool": "도", "weapon": "무"}
# Box centres of the districts 1..5 (clockwise from the bottom left) and of the market.
SPOTS = {1: (68, 310), 2: (66, 112), 3: (200, 44), 4: (334, 112), 5: (332, 310), C.MARKET: (200, 400)}
BOX_W, BOX_H = 126, 86
CENTER, RING = (200, 205), 74
WIDTH, HEIGHT = 400, 448
PROVISIONAL = "#f1c40f"


def heritage_chip(heritage: str, count: int, x: float, y: float, r: float = 11) -> str:
    """A coloured disc with the type's letter and, beside it, how many."""
    return (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{COLORS[heritage]}"/>'
            f'<text x="{x:.1f}" y="{y + 4.5:.1f}" font-size="13" text-anchor="middle" fill="#fff" '
            f'font-weight="bold">{LETTERS[heritage]}</text>'
            f'<text x="{x + r + 2:.1f}" y="{y + 5:.1f}" font-size="14" font-weight="bold">{count}</text>')


def die(face: int, x: float, y: float, size: float = 18, color: str = "#fff") -> str:
    return (f'<rect x="{x:.1f}" y="{y:.1f}" width="{size}" height="{size}" rx="3" fill="{color}" stroke="#222"/>'
            f'<text x="{x + size / 2:.1f}" y="{y + size * 0.75:.1f}" font-size="{size * 0.7:.0f}" '
            f'text-anchor="middle" font-weight="bold">{face}</text>')


def hands_icon(n: int, x: float, y: float, provisional: bool) -> str:
    """The clock-hand icons of a board: a small dial and the count (yellow when the value is a 잠정값)."""
    fill = PROVISIONAL if provisional else "#fff"
    return (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="9" fill="{fill}" stroke="#222"/>'
            f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{x:.1f}" y2="{y - 6:.1f}" stroke="#222" stroke-width="2"/>'
            f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{x + 5:.1f}" y2="{y:.1f}" stroke="#222" stroke-width="2"/>'
            f'<text x="{x + 12:.1f}" y="{y + 5:.1f}" font-size="14" font-weight="bold">×{n}</text>')


def _heritage_row(heritage: dict, x0: float, y: float, width: float = 100) -> str:
    parts, x = [], x0
    for t in C.HERITAGE:
        if heritage.get(t):
            step = 40 if heritage[t] >= 10 else 34
            if x + step > x0 + width + 34:
                x, y = x0, y + 22
            parts.append(heritage_chip(t, heritage[t], x, y, r=9))
            x += step
    return "".join(parts) if parts else f'<text x="{x0 - 8}" y="{y + 5}" font-size="12" fill="#666">유산 없음</text>'


def _dice_row(face: int, n: int, x0: float, y: float) -> str:
    return "".join(die(face, x0 + 21 * k, y) for k in range(min(n, 5))) + (
        f'<text x="{x0 + 108}" y="{y + 14}" font-size="13">+{n - 5}</text>' if n > 5 else "")


def district_box(d: dict, hands_provisional: bool) -> str:
    x, y = SPOTS[d["district"]]
    x0, y0 = x - BOX_W / 2, y - BOX_H / 2
    gone = not d["boards_left"]
    parts = [f'<rect x="{x0}" y="{y0}" width="{BOX_W}" height="{BOX_H}" rx="8" '
             f'fill="{"#ddd" if gone else "#fdf8ee"}" stroke="{"#999" if gone else "#8b5a2b"}" stroke-width="2"/>',
             f'<text x="{x0 + 6}" y="{y0 + 17}" font-size="14" font-weight="bold">{d["district"]} {escape(d["name"])}</text>']
    if gone:
        parts.append(f'<text x="{x}" y="{y + 8}" font-size="13" text-anchor="middle" fill="#555">보드 3장 모두 없어짐</text>')
    elif d["top_clock_hands"] is None:
        parts.append(f'<text x="{x0 + 6}" y="{y0 + 39}" font-size="13" fill="#8b5a2b">새 맨 위 보드: 공개 전</text>')
        parts.append(_heritage_row(d["heritage"], x0 + 15, y0 + 58))
    else:
        parts.append(hands_icon(d["top_clock_hands"], x0 + 15, y0 + 34, hands_provisional))
        parts.append(f'<text x="{x0 + BOX_W - 6}" y="{y0 + 39}" font-size="12" text-anchor="end">'
                     f'보드 {d["boards_left"]}장</text>')
        parts.append(_heritage_row(d["heritage"], x0 + 15, y0 + 58))
    if d["submarine"]:
        parts.append(_submarine(x0 + BOX_W - 16, y0 + 13))
    if d["dice"]:
        below = d["district"] in (2, 3, 4)          # the dice lie on the side that faces the clock
        parts.append(_dice_row(d["district"], d["dice"], x0 + 8, y0 + BOX_H + 4 if below else y0 - 22))
    return "".join(parts)


def _submarine(x: float, y: float) -> str:
    return (f'<ellipse cx="{x}" cy="{y + 2}" rx="12" ry="7" fill="#f1c40f" stroke="#222"/>'
            f'<rect x="{x - 3}" y="{y - 10}" width="6" height="6" fill="#f1c40f" stroke="#222"/>'
            f'<text x="{x}" y="{y + 6}" font-size="10" text-anchor="middle" font-weight="bold">잠</text>')


def market_box(market: dict, black_market_hands: int, provisional: bool) -> str:
    x, y = SPOTS[C.MARKET]
    x0, y0 = x - 100, y - 44
    parts = [f'<rect x="{x0}" y="{y0}" width="200" height="88" rx="8" fill="#eef5ee" stroke="#27ae60" stroke-width="2"/>',
             f'<text x="{x0 + 6}" y="{y0 + 17}" font-size="14" font-weight="bold">6 시장 (암시장)</text>',
             hands_icon(black_market_hands, x0 + 168, y0 + 12, provisional),
             _heritage_row(market["heritage"], x0 + 16, y0 + 38, width=140)]
    if market["dice"]:
        parts.append(_dice_row(6, market["dice"], x0 + 8, y0 + 62))
    return "".join(parts)


def space_label(event: str) -> tuple:
    """(fill, letter, title) of one clock space."""
    if event.startswith("check:"):
        t = event[6:]
        return COLORS[t], LETTERS[t], f"확인: {C.name(t)}"
    return {"": ("#fff", "", "이벤트 없음"), "start": ("#27ae60", "▶", "시작 칸 (화살표)"),
            "donate": ("#f5b041", "기", "기부"), "wave": ("#1f618d", "≈", "파도 칸: 게임 종료")}[event]


def clock_svg(track, clock: int, provisional: bool, cx: float = CENTER[0], cy: float = CENTER[1],
              radius: float = RING) -> str:
    """The clock track as a ring of spaces from the start (top, clockwise) to the wave, the hand on `clock`."""
    n = len(track)
    r_space = max(5.0, min(11.0, 0.45 * 2 * math.pi * radius / n))
    parts = [f'<circle cx="{cx}" cy="{cy}" r="{radius + r_space + 4:.1f}" fill="#d6eaf8" '
             f'stroke="{PROVISIONAL if provisional else "#1f618d"}" stroke-width="{4 if provisional else 2}"/>']
    for i, event in enumerate(track):
        a = 2 * math.pi * i / n - math.pi / 2
        x, y = cx + radius * math.cos(a), cy + radius * math.sin(a)
        fill, letter, _ = space_label(event)
        ring = ' stroke="#000" stroke-width="3"' if i == clock else ' stroke="#555"'
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r_space:.1f}" fill="{fill}"{ring}/>')
        if letter:
            color = "#000" if fill in ("#fff", "#f5b041") else "#fff"
            parts.append(f'<text x="{x:.1f}" y="{y + r_space * 0.42:.1f}" font-size="{r_space * 1.15:.1f}" '
                         f'text-anchor="middle" fill="{color}" font-weight="bold">{letter}</text>')
    a = 2 * math.pi * clock / n - math.pi / 2
    hx, hy = cx + (radius - r_space - 4) * math.cos(a), cy + (radius - r_space - 4) * math.sin(a)
    parts.append(f'<line x1="{cx}" y1="{cy}" x2="{hx:.1f}" y2="{hy:.1f}" stroke="#000" stroke-width="4" '
                 f'stroke-linecap="round"/><circle cx="{cx}" cy="{cy}" r="5" fill="#000"/>')
    parts.append(f'<text x="{cx}" y="{cy + 26}" font-size="13" text-anchor="middle">시계 {clock + 1}/{n}칸</text>')
    parts.append(f'<text x="{cx}" y="{cy + 42}" font-size="12" text-anchor="middle">'
                 f'{escape(space_label(track[clock])[2])}</text>')
    return "".join(parts)


def city_svg(view: dict, max_width: int = 480) -> str:
    """The whole city of a public_view: clock, five district stacks, the market, dice and submarine."""
    hands_p = C.is_unverified("clock_hands")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" '
             f'style="max-width:{max_width}px;display:block" role="img" aria-label="아틀란다이스 도시">',
             clock_svg(view["clock_track"], view["clock"], C.is_unverified("clock_track"))]
    parts += [district_box(d, hands_p) for d in view["districts"]]
    parts.append(market_box(view["market"], view["black_market_hands"], C.is_unverified("black_market_hands")))
    parts.append("</svg>")
    return "".join(parts)


def legend_html() -> str:
    """The key to the picture's letters, colours and the yellow 잠정값 marks."""
    chips = " ".join(f'<span style="background:{COLORS[t]};color:#fff;border-radius:9px;padding:0 5px">'
                     f'{LETTERS[t]}</span> {C.name(t)}' for t in C.HERITAGE)
    return (f"<div><small>{chips} · 시계 칸: ▶ 시작, 색 칸 = 그 유산의 확인, 기 = 기부, ≈ 파도(끝) · "
            f"<span style='background:{PROVISIONAL};border-radius:6px;padding:0 3px'>잠</span> 잠수함 · "
            f"<span style='background:{PROVISIONAL};padding:0 3px'>노란 표시</span> = 잠정값 "
            "(<a href='provisional.html#atl-provisional-fix'>잠정값 목록과 고치는 곳</a>)</small></div>")


def seats_html(view: dict, names) -> str:
    """One row per seat: heritage, VP tokens, boards won (a count: they lie face down), dice this round."""
    def who(s):
        if s["virtual"]:
            return "가상 플레이어"
        return escape(names[s["seat"]]) if names else f"플레이어 {s['seat'] + 1}"

    rows = []
    for s in view["seats"]:
        chips = " ".join(f'<span style="background:{COLORS[t]};color:#fff;border-radius:9px;padding:0 5px">'
                         f'{LETTERS[t]}</span>{n}'
                         for t, n in ((t, s["heritage"].get(t)) for t in C.HERITAGE) if n) or "—"
        won = s["boards_won"]
        won_text = escape(", ".join("보드 " + b for b in won)) if isinstance(won, list) else f"{won}장"
        mark = "🎯 " if s["seat"] == view["current_player"] else ""
        first = " (선)" if s["seat"] == view["first_player"] else ""
        score = view["scores"][s["seat"]] if s["seat"] < view["num_players"] else view["virtual_score"]
        rows.append(f"<tr><td>{mark}{who(s)}{first}</td><td>{chips}</td><td style='text-align:right'>{s['vp_tokens']}</td>"
                    f"<td>{won_text}</td><td style='text-align:right'>{s['dice']}</td>"
                    f"<td style='text-align:right'>{'—' if score is None else score}</td></tr>")
    return ('<div style="overflow-x:auto;max-width:100%"><table style="font-size:90%">'
            "<tr><th>자리</th><th>유산</th><th>토큰</th><th>보드</th><th>주사위</th>"
            f"<th>점수</th></tr>{''.join(rows)}</table><small>점수: 지금 끝난다면 받을 점수</small></div>")


def view_html(view: dict, names=None, more: str = "") -> str:
    """The table of a public_view: the phase, the seats, `more` (e.g. the boards' texts), then the city picture
    and its legend last, so that on a phone the picture sits right above the moves that name its places."""
    box = view["box"]
    head = (f"<div><b>{escape(view['phase_name'])}</b> · 굴릴 주사위 {view['dice_to_roll']}개 · "
            f"이번 라운드에 가져간 주사위 {view['dice_taken_this_round']}개 · 상자: 주사위 {box['dice']}개, "
            f"유산 {sum(box['heritage'].values())}개</div>")
    return head + seats_html(view, names) + more + stacks_html(view) + city_svg(view) + legend_html()


def stacks_html(view: dict) -> str:
    """The staff's view only: the boards under each top board with their clock hands (in no order:
    which comes up next is decided when it does)."""
    rows = [f"{escape(d['name'])}: " + ", ".join(f"{b}(×{h})" for b, h in zip(d["stack"], d["stack_hands"]))
            for d in view["districts"] if isinstance(d["stack"], list) and d["stack"]]
    if not rows:
        return ""
    return f"<div><small>직원용 · 더미 속 보드(순서는 드러날 때 정해짐): {' · '.join(rows)}</small></div>"
