"""What 엘도라도 tells the shared game screens (widgets/common/game_view.py): its engine, its setup
controls (the path, the caves variant) and its pictures. Play and Table mix this in."""
from html import escape

import ipywidgets as w

from rules import el_dorado as E
from rules.el_dorado import components as C
from rules.el_dorado.state import QUIET_ROUNDS
from widgets.common import wide
from widgets.common.game_view import winners_line
from widgets.el_dorado.board import view_html
from widgets.el_dorado.moves import say, space_tags

KIND_NAMES = {"move": "말 이동 · 장애물", "cave": "동굴 탐험", "effect": "보라색 카드 · 동굴 토큰",
              "pick": "카드 고르기", "buy": "구매", "end": "차례 마치기"}


def path_options() -> list:
    """The paths a game can use: the first-game path, the six published ones, a random one."""
    return ([(C.PATHS["first"]["name"], "first")]
            + [(p["name"], k) for k, p in C.PATHS.items() if k != "first"] + [("무작위 길", "random")])


class ElDoradoScreen:
    ENGINE = E
    KIND_NAMES = KIND_NAMES
    CHANCE_HINT = "'진행'을 누르세요 (카드 뽑기 · 동굴 토큰)"

    def setup_controls(self, path="first", caves=False) -> list:
        self.path = w.Dropdown(options=path_options(), value=path, description="길", layout=wide())
        self.caves = w.Checkbox(value=caves, description="동굴 토큰 쓰기", indent=False, layout=wide())
        return [self.path, self.caves]

    def start_state(self) -> E.State:
        return E.new_game(num_players=self.players.value, seed=self.seed.value, path=self.path.value,
                          caves=self.caves.value)

    def chance_actor(self, state):
        return state.turn          # a draw comes from that player's deck, a cave token from their cave

    def draw(self, view: dict, names: list) -> str:
        # the spaces the pawns on turn can go to, lettered as the moves name them
        tags = space_tags(self.state) if self.state.phase == "play" else None
        return view_html(view, names, tags=tags)

    def say(self, action) -> str:
        """A move in the words of the screen (a pawn, space, cave or card as the board shows it)."""
        return say(self.state, action, space_tags(self.state))

    def log_text(self, before, action, seat_, reveal_all, names) -> str:
        # The map's letters change every turn: the log names a space by what it is and which way it led.
        if isinstance(action, E.Draw):
            return before.describe_action(action, seat_, reveal_all, names)
        return say(before, action, {})

    def final_html(self, state) -> str:
        return final_html(state, self.seat_name)


def final_html(state, seat_name) -> str:
    """Who reached El Dorado, with the tie-break columns: blockades taken, the highest, arrival order."""
    winners = state.winners()
    rows = []
    for p in range(state.num_players):
        arrived = state.arrived.index(p) + 1 if p in state.arrived else None
        taken = state.taken[p]
        rows.append(f"<tr><td>{'🏆 ' if p in winners else ''}{escape(seat_name(p))}</td>"
                    f"<td style='text-align:center'>{f'{arrived}번째' if arrived else '-'}</td>"
                    f"<td style='text-align:center'>{len(taken)}</td>"
                    f"<td style='text-align:center'>{max(taken) if taken else '-'}</td></tr>")
    if state.stalled():     # READINGS["no_way_forward"]: nobody could reach El Dorado any more
        rows = [row.replace("<td style='text-align:center'>-</td>",
                            f"<td style='text-align:center'>{state.spaces_left(p)}칸 남음</td>", 1)
                for p, row in enumerate(rows)]
        rule = (f"<div><small>아무도 엘도라도에 도착하지 못한 채 {QUIET_ROUNDS}바퀴 동안 어떤 말도 전보다 엘도라도에 "
                "가까워지지 않았고, 장애물도 카드 구매도 없어 게임이 끝났습니다. 엘도라도에 가장 가까운 사람(2명 게임은 두 말의 "
                "칸 수를 더해), 같으면 장애물이 많은 사람, 그다음 가장 큰 번호의 장애물을 가진 사람이 이깁니다.</small></div>")
    else:
        rule = ("<div><small>도착한 사람 가운데 장애물이 많은 사람, 같으면 가장 큰 번호의 장애물을 가진 사람, "
                "그래도 같으면 먼저 도착한 사람이 이깁니다.</small></div>")
    return ("<table><tr><th>플레이어</th><th>도착</th><th>장애물 수</th><th>가장 큰 장애물 번호</th></tr>"
            + "".join(rows) + "</table>" + winners_line(state, seat_name) + rule)
