"""The game-option controls every widget asks for the same way: player count, variants, seats, seed."""
import ipywidgets as w

from rules.archaeology import components as C
from rules.core import IllegalAction
from widgets.common import LABEL, wide
from widgets.common.ui import parse_counts


def player_picker(value=4, description="플레이어 수") -> w.Dropdown:
    return w.Dropdown(options=[(f"{n}인", n) for n in C.PLAYER_COUNTS], value=value,
                      description=description, style=LABEL, layout=wide())


def variant_boxes(chosen=()) -> dict:
    """One checkbox per 응용 규칙, keyed by the engine's variant key."""
    return {key: w.Checkbox(value=key in chosen, description=label, indent=False, layout=wide())
            for key, label in C.VARIANTS.items()}


def chosen_variants(boxes: dict) -> tuple:
    return tuple(key for key, box in boxes.items() if box.value)


def seed_box(value: int, description="섞기 번호") -> w.IntText:
    return w.IntText(value=value, description=description, style=LABEL, layout=w.Layout(width="160px"))


def parse_cards(text: str, where: str):
    """'항아리 2, 동전 1' (Korean card names, count 1 if left out) -> {type: count}; '' -> None."""
    return parse_counts(text, {C.name(t): t for t in C.TREASURES}, lambda part: IllegalAction(
        f"{where}: 아는 보물 이름이 아닙니다: '{part}' (예: {C.name('pot')} 2, {C.name('coin')} 1)", "게임 준비"))
