"""게임 준비 by player count, then the first roll (문 열기) placing every die on the drawn city."""
import random
import re

import ipywidgets as w

from rules import IllegalAction
from rules import atlandice as A
from rules.atlandice import components as C
from rules.core import sample_chance
from widgets.atlandice.board import view_html
from widgets.common import LABEL, button, error, row
from widgets.common.game_view import player_picker


def parse_faces(text: str, to_roll: int) -> list:
    """'1 2 6 6 3' -> [1, 2, 6, 6, 3]: the faces the real roll showed, at most the dice still to roll."""
    items = [x for x in re.split(r"[\s,]+", text.strip()) if x]
    if not items:
        raise IllegalAction("굴린 주사위 눈을 적으세요 (예: 1 2 6 6 3 5 4)", "1 - 문을 엽니다")
    bad = [x for x in items if x not in {"1", "2", "3", "4", "5", "6"}]
    if bad:
        raise IllegalAction(f"주사위 눈은 1~6입니다: {', '.join(bad)}", "1 - 문을 엽니다")
    if len(items) > to_roll:
        raise IllegalAction(f"굴릴 주사위는 {to_roll}개 남았는데 눈을 {len(items)}개 적었습니다", "1 - 문을 엽니다")
    return [int(x) for x in items]


def setup_facts(n: int) -> str:
    """What the rulebook's setup puts on the table for n players, read from the component data."""
    dice, stack = C.dice_in_play(n), C.heritage_per_stack(n)
    box = {t: C.COPIES[t] - stack - C.MARKET_START for t in C.HERITAGE}
    return (f"<ul><li>주사위 {dice}개 (남는 {C.DICE - dice}개는 상자로)</li>"
            f"<li>시설 더미마다 그 시설의 유산 {stack}개, 시장에 종류마다 {C.MARKET_START}개</li>"
            f"<li>상자로 돌아가는 유산: 종류마다 {box['gem']}개</li>"
            f"<li>시설 보드: 번호마다 3장을 섞어 더미 5개, 왼쪽 아래 1번부터 시계 방향</li>"
            f"<li>잠수함은 {C.area_name(C.SUBMARINE_START)} 옆, 시곗바늘은 화살표가 있는 첫 칸</li>"
            f"{'<li>2인: 가상 플레이어 토큰(선 플레이어 토큰 뒷면)</li>' if n == 2 else ''}</ul>")


class SetupRoll:
    """Starts set up and rolled (the first picture shows the dice on the city); 준비하기 sets up afresh."""

    def __init__(self, players=3, seed=1):
        self.players = player_picker(C.PLAYER_COUNTS, players)
        self.seed = w.BoundedIntText(value=seed, min=0, max=10**6, description="번호", layout=w.Layout(width="150px"))
        self.faces = w.Text(placeholder="예: 1 2 6 6 3 5 4", description="정한 눈", style=LABEL,
                            layout=w.Layout(width="230px", max_width="100%"))
        self.facts, self.message, self.picture = w.HTML(), w.HTML(), w.HTML(layout=w.Layout(max_width="100%"))
        self.widget = w.VBox([row(self.players, self.seed, button("준비하기", self.setup, "primary")), self.facts,
                              row(button("주사위 모두 굴리기", self.roll, "info"), self.faces,
                                  button("이 눈으로 굴리기", self.roll_faces)),
                              self.message, self.picture], layout=w.Layout(max_width="100%"))
        self.setup()
        self.roll()

    def setup(self):
        n = self.players.value
        self.state = A.new_game(n, seed=self.seed.value)
        self.facts.value = f"<b>{n}인 준비</b> · 선 플레이어: 플레이어 {self.state.first + 1}" + setup_facts(n)
        self.message.value = ""
        self.draw()

    def draw(self):
        self.picture.value = view_html(self.state.public_view(None))

    def roll(self):
        """Every die still to roll, by the engine (one chance node per die)."""
        if not self.state.to_roll:
            self.message.value = error("이번 라운드 주사위는 이미 모두 굴렸습니다. '준비하기'로 다시 시작하세요")
            return
        rng = random.Random(f"{self.seed.value}:{self.state.to_roll}:{sum(self.state.dice)}")
        while self.state.to_roll:
            self.state = self.state.apply(sample_chance(self.state, rng))
        self.message.value = ""
        self.draw()

    def roll_faces(self):
        try:
            faces = parse_faces(self.faces.value, self.state.to_roll)
        except IllegalAction as exc:
            self.message.value = error(str(exc))
            return
        for f in faces:
            self.state = self.state.apply(A.RollDie(f))
        self.message.value = ""
        self.draw()


def setup_roll(players=3, seed=1) -> w.VBox:
    return SetupRoll(players, seed).widget
