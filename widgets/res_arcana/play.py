"""한 판 해 보기: a whole 레즈 아르카나 game on one screen, the other seats played by the sensible bot, with undo
and a move log (the shared screen is widgets/common/play.py); 처음 한 판: 같이 두기, the same with a teacher
(widgets/common/coach.py)."""
import ipywidgets as w

from rules import res_arcana as R
from rules.core import play_out
from rules.res_arcana import bots
from widgets.common import coach, play
from widgets.common.game_view import seat
from widgets.res_arcana.game import ResArcanaScreen, final_html


class Play(ResArcanaScreen, play.Play):
    def __init__(self, players=2, seed=3, humans=(0,), warmup=0, variants=("first_game",)):
        super().__init__(players, seed, humans, warmup, variants=variants)


class Guided(ResArcanaScreen, coach.Guided):
    def __init__(self, players=2, seed=1, variants=("first_game",)):
        super().__init__(players, seed, variants=variants)


def play_game(players=2, seed=3, variants=("first_game",)) -> w.VBox:
    """A playable game: player 1 is human, the other seats are bots (changeable)."""
    return Play(players, seed, variants=variants).widget


def guided_game(players=2, seed=1, variants=("first_game",)) -> w.VBox:
    """처음 한 판: 같이 두기 — player 1 with a teacher, the other seats the sensible bot."""
    return Guided(players, seed, variants).widget


def bot_game_summary(players=3, seed=7) -> w.HTML:
    """한 판 요약: a whole game of sensible bots played when the page is built."""
    start = R.new_game(num_players=players, seed=seed)
    end = play_out(start, bots.sensible_bot, seed=seed)
    return w.HTML(f"<div><b>{players}인 · 번호 {seed}</b> — {end.round}라운드 만에 끝남</div>"
                  + final_html(end, seat), layout=w.Layout(max_width="100%"))
