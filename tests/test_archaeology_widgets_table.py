"""Headless tests of the 테이블 page widget: the staff's copy of a real game follows what they enter."""
import ipywidgets as w

from rules import CHANCE, archaeology as A
from widgets.archaeology import table
from test_archaeology_widgets_ruins_end import button, walk


def chance_pick(t):
    return [d for d in walk(t.actions) if isinstance(d, w.Dropdown)][0]


def test_table_starts_at_the_first_draw_and_lists_the_engine_outcomes():
    t = table.Table(players=3, ruin="pyramid", seed=2)
    assert len(t.history) == 1 and t.state.current_player() == CHANCE
    assert [o for _, o in chance_pick(t).options] == [o for o, _ in t.state.chance_outcomes()]


def test_told_card_is_the_one_applied_and_undo_takes_it_back():
    t = table.Table(players=3, ruin="pyramid", seed=2)
    start = t.state
    outcome = chance_pick(t).options[-1][1]
    chance_pick(t).value = outcome
    button(t.actions, "이 카드가 나왔다고 하기").click()
    assert t.state.to_json() == start.apply(outcome).to_json()
    assert t.lines == [f"우연: {outcome.describe()}"]
    button(t.widget, "한 수 되돌리기").click()
    assert t.state is start


def test_settings_choose_players_variants_and_seat_names():
    t = table.Table()
    t.players.value = 2
    assert len(t.seats.children) == 2
    t.variants["long"].value = True
    t.names[1].value = "민지"
    button(t.widget, "이 설정으로 게임 시작").click()
    assert t.state.num_players == 2 and t.state.variants == ("long",)
    assert t.settings.selected_index is None  # folded away once the game starts
    for _ in range(100):   # draw cards and end turns until the second seat is to move
        if t.state.current_player() == 1:
            break
        actions = t.state.legal_actions()
        t.play(next((a for a in actions if isinstance(a, A.EndTurn)), actions[0]))
    assert t.state.current_player() == 1 and "민지의" in t.step_info.value


def test_engine_draw_resolves_a_chance_step():
    t = table.Table(seed=5)
    button(t.actions, "진행 (엔진이 뽑기)").click()
    assert len(t.history) == 2 and t.lines[-1].startswith("우연: ")
