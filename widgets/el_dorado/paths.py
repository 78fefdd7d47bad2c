"""길 만들기: the first-game path, the six published paths and random paths built by the engine's
길 만들기 요령, drawn as maps with their tiles, blockade places and start spaces."""
import random
from functools import lru_cache

import ipywidgets as w

from rules import el_dorado as E
from rules.el_dorado import components as C
from widgets.common import LABEL, button, row, wide
from widgets.el_dorado.board import legend_html, map_svg
from widgets.el_dorado.game import path_options


class Paths:
    def __init__(self, path="first", seed=1):
        self.path = w.Dropdown(options=path_options(), value=path, description="길", layout=wide())
        self.seed = w.BoundedIntText(value=seed, min=0, max=10**6, description="무작위 번호", style=LABEL,
                                     layout=w.Layout(width="190px"))
        self.picture = w.HTML(layout=w.Layout(max_width="100%"))
        self.path.observe(lambda _: self.show(), "value")
        self.seed.observe(lambda _: self.show(), "value")
        self.widget = w.VBox([row(self.path, self.seed, button("다른 무작위 길", self.another)), self.picture],
                             layout=w.Layout(max_width="100%"))
        self.show()

    def another(self):
        self.path.value = "random"
        self.seed.value = self.seed.value + 1

    def description(self) -> dict:
        if self.path.value == "random":
            return random_path(self.seed.value)
        return E.published(self.path.value)

    def show(self):
        desc = self.description()
        b = E.board(desc)
        tiles = " → ".join(f"{side}면" for side, _, _ in desc["pieces"]) + " → 도착 타일"
        seams = len(b.blockade_seams)
        status = C.DATA["paths"].get(self.path.value, {}).get("status")
        mark = (' <span style="background:#f1c40f;padding:0 3px;border-radius:3px;font-size:80%">잠정값</span>'
                if status == "unverified" else "")
        self.picture.value = (f"<div><b>{tiles}</b>{mark}</div><div><small>장애물 자리 {seams}곳 (작은 타일에서 "
                              f"나가는 쪽에는 없음) · 동굴 {len(b.caves)}곳 · 칸 {len(b.terrain)}개</small></div>"
                              + map_svg(b, list(range(1, seams + 1)), caves=[4] * len(b.caves)) + legend_html())


@lru_cache(maxsize=64)
def random_path(seed: int) -> dict:
    """The random path of a number (building one takes a moment; the same number gives the same path)."""
    return E.random_path(random.Random(seed))


def paths(**options) -> w.VBox:
    return Paths(**options).widget
