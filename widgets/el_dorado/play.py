"""한 판 해 보기: a whole 엘도라도 game on one screen, some seats played by greedy bots, with undo and a
move log (the shared screen is widgets/common/play.py)."""
import ipywidgets as w

from rules import el_dorado as E
from rules.el_dorado import bots, components as C
from rules.core import play_out
from widgets.common import play
from widgets.common.game_view import seat
from widgets.el_dorado.game import ElDoradoScreen, final_html

MAX_STEPS = 20000


class Play(ElDoradoScreen, play.Play):
    def __init__(self, players=3, path="first", seed=4, humans=(0,), warmup=0, caves=False):
        super().__init__(players, seed, humans, warmup, path=path, caves=caves)


def play_game(players=3, path="first", seed=4, caves=False) -> w.VBox:
    """A playable game: player 1 is human, the other seats are greedy bots (changeable)."""
    return Play(players, path, seed, caves=caves).widget


def bot_game_summary(players=4, path="first", seed=7) -> w.HTML:
    """한 판 요약: a whole game of greedy bots played when the page is built."""
    start = E.new_game(num_players=players, seed=seed, path=path)
    counts = {"steps": 0, "turns": 0}

    def count(state, action):
        counts["steps"] += 1
        counts["turns"] += isinstance(action, E.EndTurn)

    end = play_out(start, bots.greedy_bot, seed=seed, max_steps=MAX_STEPS, on_step=count)
    return w.HTML(f"<div><b>{players}인 · {C.PATHS[path]['name']} · 번호 {seed}</b> — "
                  f"{counts['turns']}차례, {counts['steps']}수 만에 끝남</div>" + final_html(end, seat),
                  layout=w.Layout(max_width="100%"))
