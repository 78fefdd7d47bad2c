"""What 레즈 아르카나 tells the shared game screens (widgets/common/game_view.py): its engine, its setup
controls (응용 규칙, 선 플레이어) and its table picture. Play and Table mix this in."""
from html import escape

import ipywidgets as w

from rules import res_arcana as R
from widgets.common import LABEL, wide
from widgets.common.game_view import set_seats, winners_line
from widgets.res_arcana.board import view_html

KIND_NAMES = {"setup": "게임 준비", "collect": "수집", "place": "유물 배치", "claim": "기념물 · 마력의 장소 소유",
              "discard": "유물 버리기", "power": "마력 사용", "pass": "패스 (마법 아이템 바꾸기)", "pay": "비용 내기",
              "gain": "정수 받기", "target": "고르기", "react": "반응", "lose": "생명 대신 버릴 정수"}
VARIANT_CHOICES = [("보통 게임", ()), ("첫 게임 (시작 세트)", ("first_game",)), ("드래프트", ("draft",))]


class ResArcanaScreen:
    ENGINE = R
    KIND_NAMES = KIND_NAMES
    CHANCE_HINT = "'진행'을 누르세요 (카드 뽑기)"

    def setup_controls(self, variants=()) -> list:
        self.variant = w.Dropdown(options=VARIANT_CHOICES, value=tuple(variants), description="규칙",
                                  layout=wide())
        self.first = w.Dropdown(description="선 플레이어", style=LABEL, layout=wide())
        set_seats(self.first, self.players.value)
        self.players.observe(lambda change: set_seats(self.first, change["new"]), "value")
        return [self.variant, self.first]

    def start_state(self) -> R.State:
        return R.new_game(num_players=self.players.value, seed=self.seed.value, variants=self.variant.value,
                          first_player=self.first.value)

    def chance_actor(self, state):
        """A card drawn or looked at belongs to its deck's owner (a monument draw: who claims or looks)."""
        return state.tasks[-1].get("p") if state.tasks else None

    def draw(self, view: dict, names: list) -> str:
        return view_html(view, names)

    def final_html(self, state) -> str:
        return final_html(state, self.seat_name)


def final_html(state, seat_name) -> str:
    """Scores, the tie-break (essences in the pool, 금 counting 2) and the winners, from the engine."""
    scores, winners = state.scores(), state.winners()
    rows = "".join(f"<tr><td>{'🏆 ' if p in winners else ''}{escape(seat_name(p))}</td>"
                   f"<td style='text-align:right'>{score}</td><td style='text-align:right'>{state.tiebreak(p)}</td></tr>"
                   for p, score in enumerate(scores))
    return (f"<table><tr><th>플레이어</th><th>승점</th><th>동점 비교 (정수, 금은 2)</th></tr>{rows}</table>"
            + winners_line(state, seat_name))
