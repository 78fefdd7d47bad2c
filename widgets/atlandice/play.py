"""한 판 해 보기: a whole 아틀란다이스 game on one screen, some seats played by greedy bots, with undo and a
move log (the shared screen is widgets/common/play.py)."""
import ipywidgets as w

from rules import atlandice as A
from rules.atlandice import bots
from rules.core import play_out
from widgets.atlandice.estimates import plain_mark
from widgets.atlandice.game import AtlandiceScreen, final_html
from widgets.common import play
from widgets.common.game_view import seat


class Play(AtlandiceScreen, play.Play):
    def __init__(self, players=3, seed=4, humans=(0,), warmup=12, forge_source="market", virtual_vp=False):
        super().__init__(players, seed, humans, warmup, forge_source=forge_source, virtual_vp=virtual_vp)


def play_game(players=3, seed=4) -> w.VBox:
    """A playable game: player 1 is human, the other seats are greedy bots (changeable)."""
    return Play(players, seed).widget


def bot_game_summary(players=4, seed=7) -> w.HTML:
    """한 판 요약: a whole game of greedy bots played when the page is built."""
    start = A.new_game(num_players=players, seed=seed)
    counts = {"rounds": 0}

    def count(state, action):
        counts["rounds"] += isinstance(action, A.RollDie) and state.to_roll == A.components.dice_in_play(players)

    end = play_out(start, bots.greedy_bot, seed=seed, on_step=count)
    # The length follows the clock track and the icons, both 잠정값 while unverified.
    mark = plain_mark("clock_track", "clock_hands", "black_market_hands")
    return w.HTML(f"<div><b>{players}인 · 번호 {seed}</b> — {counts['rounds']}라운드 만에 끝남 "
                  f"(시계 {end.clock + 1}칸{mark})</div>" + final_html(end, seat), layout=w.Layout(max_width="100%"))
