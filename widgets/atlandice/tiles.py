"""Every board's full text one tap away on a phone: under the city picture, a row of the five district
stacks, the market and the clock, each opening with a tap what a visit there does, the top board's
clock-hand icons and what lies there (the clock: its next spaces), drawn from a public_view. Values the data file calls unverified carry the
잠정값 mark."""
from html import escape

from rules.atlandice import components as C
from widgets.atlandice.board import COLORS, LETTERS

ABILITIES = {
    "jeweler": "방금 가져온 주사위를 다시 굴려 홀수가 나오면(확률 1/2) 보석 가게 보드에서 유산 1개를 더 가져옵니다.",
    "inn": "시장의 유산 1개를 여관이 아닌 다른 시설 보드로 옮깁니다. 이 이동으로는 중간 점수 계산이 일어나지 않습니다.",
    "workshop": "잠수함을 다른 시설 보드 옆으로 옮깁니다.",
    "market": "능력은 없지만 가져올 수 있는 유산의 종류가 많습니다. 잠수함은 시장에 가지 않습니다.",
}
FORGE = {"market": "시장에서", "district": "대장간 보드에서"}
LIBRARY = {"set_die": "아직 남은 주사위 1개의 눈을 바꿔 다른 지역(남은 시설이나 시장)으로 옮깁니다.",
           "none": "능력이 없습니다."}
PROVISIONAL = " (잠정값)"


def ability_text(area: int, view: dict) -> str:
    ability = C.ABILITY[area]
    if ability == "forge":
        return (f"방금 가져온 주사위를 다시 굴려 6이 나오면(확률 1/6) {FORGE[view['forge_source']]} 유산 1개를 더 "
                "가져옵니다.")
    if ability == "library":
        mark = PROVISIONAL if C.is_unverified("library_ability") else ""
        return LIBRARY[view["library_ability"]] + mark
    return ABILITIES[ability]


def _heritage(heritage: dict) -> str:
    return ", ".join(f'<span style="background:{COLORS[t]};color:#fff;border-radius:9px;padding:0 5px">'
                     f"{LETTERS[t]}</span> {C.name(t)} {heritage[t]}개" for t in C.HERITAGE if heritage.get(t)) or "없음"


def card(summary: str, text: str) -> str:
    """A tile's name that opens its full text under it with a tap (a phone has no hover)."""
    return ('<details class="kr-card" style="display:inline-block;vertical-align:top;max-width:100%">'
            '<summary style="cursor:pointer;border:1px solid #8b5a2b;border-radius:12px;padding:1px 8px;'
            f'background:#fdf8ee">{summary}</summary><div style="font-size:85%;max-width:320px;padding:2px 4px;'
            f'background:#fffbe6;border-radius:4px">{text}</div></details>')


def district_card(d: dict, view: dict) -> str:
    head = f"{d['district']} {escape(d['name'])}"
    if not d["boards_left"]:
        return card(head, "보드 3장이 모두 없어졌습니다. 이 눈의 주사위는 시장에 놓입니다.")
    hands_mark = PROVISIONAL if C.is_unverified("clock_hands") else ""
    top = ("새 맨 위 보드는 아직 공개 전입니다." if d["top_clock_hands"] is None
           else f"맨 위 보드의 시곗바늘 아이콘 {d['top_clock_hands']}개{hands_mark}: 마지막 주사위가 여기 남으면 시계가 "
                f"{d['top_clock_hands']}칸 나아갑니다.")
    sub = "<br><b>잠수함</b>이 옆에 있어, 방문하면 유산을 1개 더 가져옵니다." if d["submarine"] else ""
    return card(head, f"<b>능력</b>: {escape(ability_text(d['district'], view))}<br>{top}<br>보드 {d['boards_left']}장 "
                      f"남음 · 주사위 {d['dice']}개 · 유산: {_heritage(d['heritage'])}{sub}")


def market_card(view: dict) -> str:
    mark = PROVISIONAL if C.is_unverified("black_market_hands") else ""
    return card("6 시장", f"<b>능력</b>: {escape(ability_text(C.MARKET, view))}<br>마지막 주사위가 여기 남으면 시계가 "
                         f"{view['black_market_hands']}칸{mark} 나아갑니다.<br>주사위 {view['market']['dice']}개 · "
                         f"유산: {_heritage(view['market']['heritage'])}")


def clock_card(view: dict, ahead: int = 6) -> str:
    track, clock = view["clock_track"], view["clock"]
    mark = PROVISIONAL if C.is_unverified("clock_track") else ""
    spaces = [f"{k}칸 뒤 {escape(C.event_name(track[clock + k]))}" for k in range(1, ahead + 1) if clock + k < len(track)]
    return card("시계", f"시곗바늘은 {len(track)}칸 중 {clock + 1}번째 칸에 있고, 파도 칸까지 {len(track) - 1 - clock}칸 "
                       f"남았습니다{mark}.<br>다음 칸: {' · '.join(spaces)}")


def tiles_html(view: dict) -> str:
    """The row of tiles under the city picture: each opens its full text with a tap."""
    cards = [district_card(d, view) for d in view["districts"]] + [market_card(view), clock_card(view)]
    return ('<div style="display:flex;flex-wrap:wrap;gap:3px;max-width:100%;margin:2px 0">'
            '<small style="align-self:center">눌러서 보기:</small>' + "".join(cards) + "</div>")
