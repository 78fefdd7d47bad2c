"""Headless tests of the 아틀란다이스 테이블 page widget: the staff's copy of a real game follows what they
enter through the widget's own buttons, and the table's screen never shows the order of the boards
hidden under each top board (the only thing nobody at the table knows)."""
import random

import ipywidgets as w
import pytest

from rules import CHANCE, atlandice as A
from widgets.atlandice import table
from widget_helpers import button, engine_draws, game_screen, play_through, press, screen_text, walk


def hidden_boards(state) -> set:
    """How the staff's view names a board lying under a top board ('1b(×2)'): never public."""
    return {f"{b}(×" for stack in state.stacks for b in stack[1:]}


def tell(t, outcome, word):
    """Tell a chance outcome from the table's menu: '이 <word>가 나왔다고 하기'."""
    pick = [d for d in walk(t.actions) if isinstance(d, w.Dropdown) and [outcome] in [v for _, v in d.options]][0]
    pick.value = [outcome]
    button(t.actions, f"이 {word}가 나왔다고 하기").click()


def table_chance(rng, reveals: list):
    """A chance step as the table tells it: a roll typed as faces or a board told from the menu, half the
    time; else the engine draws. Each board that comes up is counted in `reveals`."""
    def chance(t):
        s = t.state
        reveals.append(s.phase == "reveal")
        if s.phase == "roll" and rng.random() < 0.5:
            t.faces.value = " ".join(str(rng.randint(1, 6)) for _ in range(s.to_roll))
            button(t.actions, "굴린 눈 모두 입력").click()
        elif s.phase == "reveal" and rng.random() < 0.5:
            tell(t, rng.choice(s.legal_actions()), "보드")
        else:
            engine_draws(t)
    return chance


@pytest.mark.parametrize("players, seed", [(2, 3), (3, 8), (4, 1)])
def test_the_table_screen_never_shows_the_hidden_boards_over_a_seeded_game(players, seed):
    t = table.Table(players=players, seed=seed)
    checks = []

    def check(t):
        screen = game_screen(t)
        leaked = {b for b in hidden_boards(t.state) if b in screen}
        assert not leaked, f"{len(t.history) - 1}수째: 더미 속 보드 {leaked}"
        assert "직원용 · 더미 속 보드" not in screen
        checks.append(len(hidden_boards(t.state)))

    rng, reveals = random.Random(seed), []
    play_through(t, check, lambda t: press(t, rng.choice(t.state.legal_actions())), table_chance(rng, reveals))
    assert any(reveals)
    assert t.state.is_terminal() and "승리:" in screen_text(t.actions)
    assert len(checks) > 100 and min(checks) < max(checks) and max(checks) == 10


def test_decisions_are_made_on_the_table_screen_without_handing_it_over():
    t = table.Table(players=3, seed=2)
    t.faces.value = "1 2 6 6 3 5 4"
    button(t.actions, "굴린 눈 모두 입력").click()
    assert t.state.dice == [1, 1, 1, 1, 1, 2] and t.looking.value is None
    assert not [b for b in walk(t.actions) if isinstance(b, w.Button) and b.description.endswith("화면 넘기기")]
    press(t, A.TakeDie(5))
    assert t.state.area == 5 and t.looking.value is None
    assert t.log_lines()[-1].endswith("대장간의 주사위를 가져가 방문합니다")


def test_the_staff_switch_shows_the_boards_under_the_top_ones():
    t = table.Table(players=3, seed=2)
    under = hidden_boards(t.state)
    assert not any(b in game_screen(t) for b in under)
    t.show_hands.value = True
    assert all(b in game_screen(t) for b in under) and "직원용 · 더미 속 보드" in t.table.value
    t.show_hands.value = False
    assert not any(b in game_screen(t) for b in under)


def test_the_view_returns_to_the_table_when_the_move_passes_on():
    t = table.Table(players=3, seed=2)
    t.faces.value = "1 2 6 6 3 5 4"
    button(t.actions, "굴린 눈 모두 입력").click()
    picker = t.state.current_player()
    t.looking.value = picker
    assert t.looking.value == picker
    press(t, A.TakeDie(6))                 # still the same visitor: their heritage choice
    assert t.looking.value == picker
    press(t, t.state.legal_actions()[0])   # the visit ends: the next player's move
    assert t.state.current_player() != picker and t.looking.value is None


@pytest.mark.parametrize("text, message", [("1 2 7", "1~6"), ("", "적으세요"), ("1 1 1 1 1 1 1 1", "7개 남았는데"),
                                           ("a", "1~6")])
def test_a_wrong_roll_is_refused_in_korean_and_nothing_changes(text, message):
    t = table.Table(players=3, seed=2)
    start = t.state
    t.faces.value = text
    button(t.actions, "굴린 눈 모두 입력").click()
    assert message in t.message.value and "아무것도 바뀌지 않았습니다" in t.message.value
    assert t.state is start and len(t.history) == 1


def test_an_illegal_move_is_refused_in_korean_and_nothing_changes():
    t = table.Table(players=3, seed=2)
    t.faces.value = "1 1 1 1 1 1 1"
    button(t.actions, "굴린 눈 모두 입력").click()
    before = t.state
    t.play(A.TakeDie(3))                   # no die lies at the 여관
    assert "주사위가 없는 지역" in t.message.value and t.state is before


def test_the_board_that_comes_up_after_a_depletion_is_told_from_the_table():
    t = table.Table(players=3, seed=2)
    while t.state.phase != "reveal":        # the table plays on until a top board is scored
        if t.state.current_player() == CHANCE:
            button(t.actions, "진행 (엔진이 뽑기)").click()
        else:
            press(t, t.state.legal_actions()[0])
    s = t.state
    d = s.revealing
    assert "새 맨 위 보드: 공개 전" in t.table.value and "테이블에서 나온 결과를 고르세요" in t.step_info.value
    menu = [m for m in walk(t.actions) if isinstance(m, w.Dropdown)][0]
    hands = sorted({s.board.hands[b] for b in s.stacks[d - 1]})
    assert [label.split(" · ")[0] for label, _ in menu.options] == [
        f"{A.components.area_name(d)}의 새 맨 위 보드가 드러났습니다: 시곗바늘 아이콘 {h}개" for h in hands]
    tell(t, A.RevealBoard(d, hands[-1]), "보드")     # what the real table turned up, not what the engine shuffled
    assert s.board.hands[t.state.top_board(d)] == hands[-1] and t.state.phase in ("pick", "roll", "donation", "over")
    assert t.log_lines()[-1] == f"🎲: {A.components.area_name(d)}의 새 맨 위 보드가 드러났습니다: 시곗바늘 아이콘 {hands[-1]}개"


def test_one_die_told_from_the_menu_and_undo_takes_it_back():
    t = table.Table(players=3, seed=2)
    start = t.state
    pick = [d for d in walk(t.actions) if isinstance(d, w.Dropdown)][0]
    pick.value = [o for _, o in pick.options if o == [A.RollDie(6)]][0]
    button(t.actions, "이 주사위가 나왔다고 하기").click()
    assert t.state.to_json() == start.apply(A.RollDie(6)).to_json()
    assert t.log_lines() == ["🎲: 주사위 하나가 6으로 나왔습니다"]
    button(t.widget, "한 수 되돌리기").click()
    assert t.state is start


def test_settings_choose_players_the_forge_reading_and_names():
    t = table.Table()
    t.players.value = 2
    t.forge.value = "district"
    t.virtual_vp.value = True
    t.names[1].value = "민지"
    button(t.widget, "이 설정으로 게임 시작").click()
    s = t.state
    assert s.num_players == 2 and s.forge_source == "district" and s.virtual_vp
    assert "민지" in t.table.value and "가상 플레이어" in t.table.value
    assert "알렉스 예시대로 대장간에서" in t.table.value and t.settings.selected_index is None


def test_the_staff_view_holds_the_clock_hands_of_every_board_under_the_top():
    s = A.new_game(3, seed=5)
    for d in s.public_view(None, reveal_all=True)["districts"]:
        assert d["stack_hands"] == [s.board.hands[b] for b in sorted(s.stacks[d["district"] - 1][1:])]
    assert all(d["stack_hands"] is None for d in s.public_view(None)["districts"])


def test_settings_take_the_top_boards_and_the_first_player_the_real_table_shows():
    t = table.Table(players=3, seed=2)
    assert t.first.label == "엔진이 무작위로" and all(top.label == "엔진이 섞음" for top in t.tops.values())
    t.tops[3].value = 2
    t.tops[5].value = 3
    t.first.value = 1
    button(t.widget, "이 설정으로 게임 시작").click()
    s = t.state
    assert s.board.hands[s.stacks[2][0]] == 2 and s.board.hands[s.stacks[4][0]] == 3 and s.first == 1
    assert sorted(s.stacks[2]) == ["3a", "3b", "3c"]
    t.players.value = 2                          # a seat beyond the new count is no longer a choice
    assert t.first.value == 1 and [v for _, v in t.first.options] == [None, 0, 1]
