"""한 판 해 보기 and 처음 한 판: 같이 두기: a whole 아틀란다이스 game on one screen, some seats played by bots,
with undo and a move log (the shared screens are widgets/common/play.py and widgets/common/coach.py)."""
import ipywidgets as w

from rules import atlandice as A
from rules.atlandice import actions, bots
from rules.core import play_out
from widgets.atlandice.estimates import plain_mark
from widgets.atlandice.game import AtlandiceScreen, final_html
from widgets.common import coach, play
from widgets.common.game_view import seat


class Play(AtlandiceScreen, play.Play):
    def __init__(self, players=3, seed=4, humans=(0,), warmup=12, forge_source="market", virtual_vp=False):
        super().__init__(players, seed, humans, warmup, forge_source=forge_source, virtual_vp=virtual_vp)


class Guided(AtlandiceScreen, coach.Guided):
    INTRO = ("라운드마다 주사위를 모두 굴린 뒤, 선 플레이어부터 돌아가며 주사위 1개를 골라 그 지역의 유산 1개를 가져오고 "
             "그 시설의 능력을 씁니다(한 사람 2개씩, 2인은 3개씩 고르고 그중 1개는 가상 플레이어에게). 시설 보드가 빌 때와 "
             "게임 끝에 유산마다 가장 많이 가진 사람이 점수를 얻습니다.")

    def __init__(self, players=3, seed=1, forge_source="market", virtual_vp=False):
        super().__init__(players, seed, forge_source=forge_source, virtual_vp=virtual_vp)

    def new_rules(self) -> list:
        """Besides the rules of the moves made, what those moves set off: a board scored, the clock moved and
        the event of the space it stopped on, the end."""
        seen = []
        for (before, action, _), after in zip(self.entries, self.history[1:]):
            for rule in [coach.rule_of(action)] + events(before, after):
                if rule and rule.anchor not in self.taught and rule not in seen:
                    seen.append(rule)
        return seen


def events(before, after) -> list:
    """The sections of what happened between two states besides the move itself."""
    found = []
    if sum(map(len, after.stacks)) < sum(map(len, before.stacks)):
        found.append(actions.DEPLETION)
    if after.clock != before.clock:
        found.append(actions.CLOCK)
        if after.clock_event().startswith("check:"):
            found.append(actions.CHECK)
        if after.is_terminal():
            found.append(actions.END)
    return found


def play_game(players=3, seed=4) -> w.VBox:
    """A playable game: player 1 is human, the other seats are bots (changeable)."""
    return Play(players, seed).widget


def guided_game(players=3, seed=1) -> w.VBox:
    """처음 한 판: 같이 두기 — player 1 with a teacher, the other seats the sensible bot."""
    return Guided(players, seed).widget


def bot_game_summary(players=4, seed=7) -> w.HTML:
    """한 판 요약: a whole game of the sensible bots played when the page is built."""
    start = A.new_game(num_players=players, seed=seed)
    end = play_out(start, bots.sensible_bot, seed=seed)
    # The length follows the clock track and the icons, both 잠정값 while unverified.
    mark = plain_mark("clock_track", "clock_hands", "black_market_hands")
    return w.HTML(f"<div><b>{players}인 · 번호 {seed}</b> — {end.round}라운드 만에 끝남 "
                  f"(시계 {end.clock + 1}칸{mark})</div>" + final_html(end, seat), layout=w.Layout(max_width="100%"))
