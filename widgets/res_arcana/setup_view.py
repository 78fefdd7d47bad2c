"""게임 준비: a dealt game for a player count, rules and number, from new_game() and its chance steps
(the opening draws), shown as the staff would set it up."""
import random
from html import escape
from types import SimpleNamespace

import ipywidgets as w

from rules import res_arcana as R
from rules.core import CHANCE, IllegalAction, sample_chance
from widgets.common import button, error, row
from widgets.common.game_view import player_picker
from widgets.res_arcana.board import view_html
from widgets.res_arcana.game import VARIANT_CHOICES


def dealt(players: int, variants, seed: int) -> R.State:
    """new_game() with its opening draws made from the same seed, up to the first player decision."""
    state = R.new_game(num_players=players, seed=seed, variants=variants)
    rng = random.Random(seed)
    while state.current_player() == CHANCE:
        state = state.apply(sample_chance(state, rng))
    return state


def setup_simulator(players=3, variants=(), seed=1) -> w.VBox:
    count = player_picker(R.PLAYER_COUNTS, players)
    rules = w.Dropdown(options=VARIANT_CHOICES, value=tuple(variants), description="규칙", layout=w.Layout(width="auto"))
    number = w.BoundedIntText(value=seed, min=0, max=10**6, description="번호", layout=w.Layout(width="150px"))
    message, view = w.HTML(), w.HTML(layout=w.Layout(max_width="100%"))

    def deal():
        try:
            state = dealt(count.value, rules.value, number.value)
        except IllegalAction as exc:
            message.value = error(str(exc))
            return
        message.value = ""
        waiting = escape(state.phase_name())
        view.value = (f"<div><small>준비가 끝난 모습 (모든 패 공개, 첫 결정: {waiting}). 상자에 남는 구성품 "
                      f"{len(state.box)}개.</small></div>" + view_html(state.public_view(None, True)))

    def reshuffle():
        number.value = (number.value + 1) % (number.max + 1)   # the change deals again

    for control in (count, rules, number):
        control.observe(lambda _: deal(), "value")
    deal()
    ui = w.VBox([row(count, rules, number, button("다시 섞기 (다음 번호)", reshuffle, "primary")), message, view],
                layout=w.Layout(max_width="100%"))
    ui.parts = SimpleNamespace(players=count, rules=rules, number=number, message=message, view=view)
    return ui
