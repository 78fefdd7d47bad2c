"""게임 준비 simulator: the engine deals a game for the chosen options and the table is drawn face up."""
from html import escape
from types import SimpleNamespace

import ipywidgets as w

from rules.core import IllegalAction
from rules.archaeology import components as C
from rules.archaeology import new_game, trade_value
from widgets.archaeology.board import board_html
from widgets.archaeology.cards import pile
from widgets.archaeology.options import chosen_variants, player_picker, seed_box, variant_boxes
from widgets.archaeology.ruins import notation
from widgets.common import LABEL, error, info, row, wide
from widgets.common.game_view import set_seats

RANDOM = "random"   # a Dropdown value cannot be None, so the random ruin gets a key of its own


def sand_order(num_players: int, first: int) -> list:
    """The sand walker first, then the others in seat order (to the left)."""
    return [(first + i) % num_players for i in range(num_players)]


def setup_simulator(num_players: int = 4, ruin="pyramid", seed: int = 1) -> w.VBox:
    """Deal a game (player count, ruin or 무작위, seed, variants, who walked on sand last)."""
    players = player_picker(num_players)
    ruins = w.Dropdown(options=[(C.ruin(r)["name"], r) for r in C.RUINS] + [("무작위", RANDOM)],
                       value=ruin, description="유적", style=LABEL, layout=wide())
    seeds = seed_box(seed)
    shuffle = w.Button(description="다시 섞기", layout=wide())
    boxes = variant_boxes()
    sand = w.Dropdown(description="가장 최근 모래를 밟은 사람", style=LABEL, layout=wide())
    message = w.HTML()
    view = w.HTML(layout=w.Layout(max_width="100%"))
    current = {}

    def refresh(_=None):
        n = players.value
        try:
            state = new_game(n, seed=seeds.value, ruin=None if ruins.value == RANDOM else ruins.value,
                             variants=chosen_variants(boxes),
                             sand_order=sand_order(n, sand.value))
        except IllegalAction as exc:
            message.value = error(str(exc))   # the previous deal stays on screen
            return
        message.value = ""
        current["state"] = state
        view.value = dealt_html(state, sand.value)

    def on_players(_):
        set_seats(sand, players.value)
        refresh()

    def reshuffle(_):
        seeds.value += 1      # observing seeds redraws the table

    set_seats(sand, players.value)
    players.observe(on_players, "value")
    for control in (ruins, seeds, sand, *boxes.values()):
        control.observe(refresh, "value")
    shuffle.on_click(reshuffle)
    refresh()
    note = w.HTML("<small>선 플레이어 순서: 고른 사람이 먼저, 나머지는 그 사람의 왼쪽(자리 순서)으로 이어집니다. "
                  "배우기 쉽게 모든 패를 앞면으로 보여 줍니다(실제 게임에서는 비공개).</small>")
    ui = w.VBox([row(players, ruins), row(seeds, shuffle), row(*boxes.values()), row(sand), note,
                 message, view], layout=w.Layout(max_width="100%"))
    ui.parts = SimpleNamespace(players=players, ruin=ruins, seed=seeds, shuffle=shuffle, variants=boxes,
                               sand=sand, message=message, view=view, state=lambda: current["state"])
    return ui


def dealt_html(state, sand_first: int) -> str:
    tile = C.ruin(state.ruin)
    start = state.start_player
    if "lucky" in state.variants:
        values = ", ".join(f"플레이어 {p + 1}: {trade_value(h)}" for p, h in enumerate(state.hands))
        why = f"운 좋은 초심자: 손패 교환 가치 합계가 가장 낮은 사람 ({values})"
    else:
        why = f"가장 최근 모래를 밟은 사람 (플레이어 {sand_first + 1})"
    deck = sum(state.deck.values())
    lines = [f"<b>유적: {escape(tile['name'])}</b> · 준비 {escape(notation(state.ruin))} · 탐험에 지도 {tile['maps']}장",
             f"<b>선 플레이어: 플레이어 {start + 1}</b> — {escape(why)}",
             f"발굴지 {deck}장: 도둑 {state.deck.get('thief', 0)}장, 모래 폭풍 {state.deck.get('sandstorm', 0)}장, "
             f"지도 {state.deck.get('map', 0)}장, 그 밖의 보물 "
             f"{deck - sum(state.deck.get(t, 0) for t in ('thief', 'sandstorm', 'map'))}장"]
    makeup = (f"<details><summary>발굴지 구성 보기 (실제로는 뒷면으로 섞여 있음)</summary>"
              f"{pile(state.deck, 50)}</details>")
    return info("<br>".join(lines), escape_text=False) + board_html(state) + makeup
