"""What 아틀란다이스 tells the shared game screens (widgets/common/game_view.py): its engine, its setup
controls (the 대장간 reading, the virtual player's VP in 2 players) and its pictures. Play and Table mix this in."""
import ipywidgets as w

from rules import atlandice as A
from rules.atlandice import components as C
from rules.atlandice.state import REROLL
from widgets.atlandice.board import view_html
from widgets.atlandice.scoring import scores_table
from widgets.atlandice.tiles import tiles_html
from widgets.common import LABEL, wide
from widgets.common.game_view import winners_line

KIND_NAMES = {"die": "주사위 고르기 (지역 방문)", "heritage": "유산 가져오기", "ability": "시설 능력",
              "donate": "기부"}


class AtlandiceScreen:
    ENGINE = A
    KIND_NAMES = KIND_NAMES

    def setup_controls(self, forge_source="market", virtual_vp=False) -> list:
        self.forge = w.Dropdown(options=[(text, key) for key, text in C.FORGE_SOURCES.items()], value=forge_source,
                                description="대장간 6의 유산", style=LABEL, layout=wide())
        self.virtual_vp = w.Checkbox(value=virtual_vp, description="2인: 가상 플레이어도 승점 받기", indent=False,
                                     layout=wide())
        return [self.forge, self.virtual_vp]

    def start_state(self) -> A.State:
        return A.new_game(num_players=self.players.value, seed=self.seed.value, forge_source=self.forge.value,
                          virtual_vp=self.virtual_vp.value and self.players.value == 2)

    def chance_actor(self, state):
        """A re-roll is the die of the player visiting; the round's roll and a board coming up belong to
        the whole table."""
        return state.picker() if state.phase == REROLL else None

    def draw(self, view: dict, names: list) -> str:
        return view_html(view, names, tiles_html(view))

    def final_html(self, state) -> str:
        return final_html(state, self.seat_name)


def final_html(state, seat_name) -> str:
    return scores_table(state, seat_name) + winners_line(state, seat_name)
