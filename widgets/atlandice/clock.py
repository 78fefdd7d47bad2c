"""The clock (3 - 시곗바늘 움직이기): the track drawn from the data file with its 확인 / 기부 / 파도 spaces,
and a position one visit before the clock step where the start space and the place of the last die are
chosen; the engine moves the hand and resolves the event of the space it stops on."""
from html import escape

import ipywidgets as w

from rules import IllegalAction
from rules import atlandice as A
from rules.atlandice import components as C
from widgets.atlandice.board import clock_svg, legend_html
from widgets.atlandice.estimates import plain_mark
from widgets.atlandice.sandbox import Sandbox
from widgets.common import LABEL

HOLDINGS = [{"gem": 3, "book": 1, "weapon": 1}, {"gem": 2, "book": 2, "food": 1}, {"tool": 2, "weapon": 1}]


def track_figure() -> w.HTML:
    """The clock track of the data file, large, and its spaces in words."""
    track = C.BOARD.track
    size = 220
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" width="100%" '
           f'style="max-width:320px;display:block" role="img" aria-label="시계 칸">'
           f'{clock_svg(list(track), 0, C.is_unverified("clock_track"), size / 2, size / 2, 86)}</svg>')
    events = [f"{i + 1}번째 칸: {escape(C.event_name(e))}" for i, e in enumerate(track) if e]
    return w.HTML(svg + legend_html() + f"<div><small>모두 {len(track)}칸{plain_mark('clock_track')} · "
                                        f"{' · '.join(events)}</small></div>",
                  layout=w.Layout(max_width="100%"))


def last_visit(space: int, area: int):
    """3 players, the last visit of the round to come: the clock on `space` (1 = the first space), the
    die left over at `area` once player 3 takes the market's die."""
    last = len(C.BOARD.track)
    if not 1 <= space < last:
        raise IllegalAction(f"시곗바늘 자리는 1~{last - 1}번째 칸이어야 합니다 (마지막 {last}번째 칸은 파도 칸)", "시계")
    dice = {C.MARKET: 2} if area == C.MARKET else {area: 1, C.MARKET: 1}
    return A.scenario(players=3, picks=5, first=0, dice=dice, clock=space - 1, holdings=HOLDINGS,
                      boards={1: {"gem": 2}, 2: {"book": 2}})


def area_label(area: int) -> str:
    if area == C.MARKET:
        return f"시장 (시계 {C.BOARD.black_market_hands}칸{plain_mark('black_market_hands')})"
    return (f"{C.area_name(area)} (맨 위 보드 {C.board_id(area, 0)}: 시계 {C.BOARD.hands[C.board_id(area, 0)]}칸"
            f"{plain_mark('clock_hands')})")


def clock_step() -> w.VBox:
    space = w.IntText(value=2, description="시곗바늘 자리 (몇째 칸)", style=LABEL, layout=w.Layout(width="230px"))
    area = w.Dropdown(options=[(area_label(a), a) for a in C.AREAS], value=3, description="남을 주사위",
                      style=LABEL, layout=w.Layout(width="auto", max_width="100%"))
    box = Sandbox({"마지막 방문": lambda: last_visit(space.value, area.value)}, controls=[space, area],
                  note="<small>플레이어 3이 시장의 주사위와 유산을 가져가면 주사위 하나가 남고, 엔진이 시곗바늘을 "
                       "움직여 멈춘 칸의 이벤트를 처리합니다.</small>")
    space.observe(lambda _: box.restart(), "value")
    area.observe(lambda _: box.restart(), "value")
    return box.widget
