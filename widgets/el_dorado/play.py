"""한 판 해 보기: a whole 엘도라도 game on one screen, some seats played by bots, with undo and a move log
(the shared screen is widgets/common/play.py), and 처음 한 판: 같이 두기, the same with a teacher."""
import ipywidgets as w

from rules import el_dorado as E
from rules.el_dorado import bots, components as C
from rules.core import play_out
from widgets.common import coach, play
from widgets.common.game_view import seat
from widgets.el_dorado.game import ElDoradoScreen, final_html

MAX_STEPS = 20000


class Play(ElDoradoScreen, play.Play):
    def __init__(self, players=3, path="first", seed=4, humans=(0,), warmup=0, caves=False):
        super().__init__(players, seed, humans, warmup, path=path, caves=caves)


class Guided(ElDoradoScreen, coach.Guided):
    INTRO = ("내 말은 지도에서 1이라고 적힌 빨간 말입니다. 내 차례에는 손의 카드로 말을 옮기고(빨간 글자 가, 나 … 가 "
             "갈 수 있는 칸, 가가 엘도라도에 가장 가까운 칸), 남은 카드로 시장에서 1장을 산 뒤, 손이 4장이 되게 뽑습니다. "
             "엘도라도의 입구에 가장 먼저 닿는 사람이 이깁니다.")

    def __init__(self, players=3, path="first", seed=1, caves=False):
        super().__init__(players, seed, path=path, caves=caves)


def play_game(players=3, path="first", seed=4, caves=False) -> w.VBox:
    """A playable game: player 1 is human, the other seats are bots (changeable)."""
    return Play(players, path, seed, caves=caves).widget


def guided_game(players=3, path="first", seed=1, caves=False) -> w.VBox:
    """처음 한 판: 같이 두기 — player 1 with a teacher, the other seats the sensible bot."""
    return Guided(players, path, seed, caves).widget


def bot_game_summary(players=4, path="first", seed=7) -> w.HTML:
    """한 판 요약: a whole game of sensible bots played when the page is built."""
    start = E.new_game(num_players=players, seed=seed, path=path)
    end = play_out(start, bots.sensible_bot, seed=seed, max_steps=MAX_STEPS)
    return w.HTML(f"<div><b>{players}인 · {C.PATHS[path]['name']} · 번호 {seed}</b> — "
                  f"{end.turn_label().split(' ')[0]}에 끝남 (모두 {end.turns}차례)</div>" + final_html(end, seat),
                  layout=w.Layout(max_width="100%"))
