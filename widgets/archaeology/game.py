"""What 아키올로지 tells the shared game screens (widgets/common/game_view.py): its engine, its setup
controls (유적, the last sand walker) and its pictures. Play and Table mix this in."""
import ipywidgets as w

from rules import archaeology as A
from rules.archaeology import components as C
from widgets.archaeology.board import view_html
from widgets.archaeology.scoring import scores_table
from widgets.common import LABEL, wide
from widgets.common.game_view import set_seats, winners_line

KIND_NAMES = {"thief": "도둑 대상", "tent": "천막", "bury": "모래 폭풍 손실", "trade": "시장 물물교환",
              "explore": "유적 탐험", "sell": "박물관 판매", "peek": "신전 엿보기", "end": "턴 종료"}


class ArchaeologyScreen:
    ENGINE = A
    KIND_NAMES = KIND_NAMES
    CHANCE_HINT = "'진행'을 누르세요 (카드 뽑기)"

    def setup_controls(self, ruin="pyramid") -> list:
        self.ruin = w.Dropdown(options=[("무작위", None)] + [(C.ruin(r)["name"], r) for r in C.RUINS],
                               value=ruin, description="유적", layout=wide())
        # The rulebook's start player: who most recently walked on sand (READINGS['start_player']).
        self.first = w.Dropdown(description="가장 최근 모래를 밟은 사람", style=LABEL, layout=wide())
        set_seats(self.first, self.players.value)
        self.players.observe(lambda change: set_seats(self.first, change["new"]), "value")
        return [self.ruin, self.first]

    def sand_order(self) -> list:
        """From the chosen last sand walker on, clockwise (ties of 운 좋은 초심자 go in this order)."""
        n, first = self.players.value, self.first.value
        return [(first + i) % n for i in range(n)]

    def start_state(self) -> A.State:
        return A.new_game(num_players=self.players.value, seed=self.seed.value, ruin=self.ruin.value,
                          sand_order=self.sand_order())

    def chance_actor(self, state):
        return state.turn          # every chance step is a card the player whose turn it is draws

    def draw(self, view: dict, names: list) -> str:
        return view_html(view, names)

    def final_html(self, state) -> str:
        return final_html(state, self.seat_name)


def final_html(state, seat_name) -> str:
    """Scores, cards sold and winners of a finished game, from the engine."""
    return scores_table(state, seat_name) + winners_line(state, seat_name)
