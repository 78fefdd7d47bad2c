"""한 판 해 보기: a whole 아키올로지 game on one screen, some seats played by greedy bots, with undo and a
move log (the shared screen is widgets/common/play.py)."""
import ipywidgets as w

from rules import archaeology as A
from rules.archaeology import bots, components as C
from rules.core import play_out
from widgets.archaeology.game import ArchaeologyScreen, final_html
from widgets.common import coach, play
from widgets.common.game_view import seat


class Play(ArchaeologyScreen, play.Play):
    def __init__(self, players=3, ruin="pyramid", seed=4, humans=(0,), warmup=10):
        super().__init__(players, seed, humans, warmup, ruin=ruin)


class Guided(ArchaeologyScreen, coach.Guided):
    INTRO = ("내 차례에는 먼저 발굴지에서 카드 1장을 뽑고, 그다음 물물교환·유적 탐험·박물관 판매를 원하는 만큼 한 뒤 "
             "턴을 마칩니다. 게임이 끝났을 때 박물관 점수가 가장 높은 사람이 이깁니다.")

    def __init__(self, players=3, ruin="pyramid", seed=1):
        super().__init__(players, seed, ruin=ruin)


def play_game(players=3, ruin="pyramid", seed=4) -> w.VBox:
    """A playable game: player 1 is human, the other seats are bots (changeable)."""
    return Play(players, ruin, seed).widget


def guided_game(players=3, ruin="pyramid", seed=1) -> w.VBox:
    """처음 한 판: 같이 두기 — player 1 with a teacher, the other seats the sensible bot."""
    return Guided(players, ruin, seed).widget


def bot_game_summary(players=4, ruin=None, seed=7) -> w.HTML:
    """한 판 요약: a whole game of greedy bots played when the page is built."""
    start = A.new_game(num_players=players, seed=seed, ruin=ruin)
    turns = []
    end = play_out(start, bots.sensible_bot, seed=seed,
                   on_step=lambda state, action: turns.append(action) if isinstance(action, A.EndTurn) else None)
    return w.HTML(f"<div><b>{players}인 · {C.ruin(start.ruin)['name']} · 번호 {seed}</b> — "
                  f"{len(turns)}턴 만에 끝남</div>" + final_html(end, seat),
                  layout=w.Layout(max_width="100%"))
