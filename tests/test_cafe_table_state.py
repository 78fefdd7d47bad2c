"""What a café table keeps on the server (widgets/common/staff_pin.py, table_saves.py), tested on the
table widget itself, headless: the staff PIN that guards "직원용: 모든 패 보기" and slows down guessing
across kernels, and the game saved after every move that another kernel takes up again."""
from __future__ import annotations

import json
import random
from importlib import import_module

import pytest

import rules
from rules.core import CHANCE, sample_chance
from widgets.common import staff_pin, table_saves
from widgets.common.staff_pin import FREE_TRIES, StaffPin
from widget_taps import assert_no_dead_end

PIN = "482913"


class Clock:
    def __init__(self):
        self.now = 1_000_000.0

    def __call__(self):
        return self.now


@pytest.fixture
def cafe_state(tmp_path, monkeypatch):
    """A café server's state folder, named to this process as the server names it to its kernels."""
    monkeypatch.setenv(staff_pin.STATE_ENV, str(tmp_path))
    return tmp_path


def new_table(game: str):
    return import_module(f"widgets.{game}.table").Table()


def test_wrong_pins_slow_down_for_every_kernel(tmp_path):
    staff_pin.set_pin(tmp_path, PIN)
    clock = Clock()
    kernels = [StaffPin(tmp_path, clock), StaffPin(tmp_path, clock)]   # two tables, or a page reloaded
    assert kernels[0].check("12ab") == (False, "직원 PIN은 숫자 4~12자리입니다.")
    for i in range(FREE_TRIES - 1):
        assert kernels[i % 2].check("0000") == (False, "PIN이 맞지 않습니다.")
    opened, why = kernels[0].check("0000")
    assert not opened and why == "PIN이 맞지 않습니다. 5초 뒤에 다시 넣을 수 있습니다."
    # While the wait runs even the right PIN is not checked, in the other kernel too.
    opened, why = kernels[1].check(PIN)
    assert not opened and why.startswith("PIN을 여러 번 틀려서 잠겼습니다.")
    clock.now += 5
    assert kernels[1].check("0000") == (False, "PIN이 맞지 않습니다. 10초 뒤에 다시 넣을 수 있습니다.")
    clock.now += 10
    assert kernels[0].check(PIN) == (True, "")
    assert kernels[1].check("0000") == (False, "PIN이 맞지 않습니다."), "맞는 PIN 뒤에는 처음부터 셉니다"
    for _ in range(30):   # the wait doubles up to its longest, never more
        clock.now += 10_000
        opened, why = kernels[0].check("0000")
    assert why == "PIN이 맞지 않습니다. 5분 뒤에 다시 넣을 수 있습니다."


def test_no_pin_outside_a_cafe_serving_its_network(cafe_state, monkeypatch):
    table = new_table("archaeology")
    table.show_hands.value = True
    assert table.show_hands.value and table.pin_row.layout.display == "none"
    monkeypatch.delenv(staff_pin.STATE_ENV)
    assert StaffPin.from_env() is None


def test_staff_view_needs_the_pin(cafe_state):
    staff_pin.set_pin(cafe_state, PIN)
    table = new_table("archaeology")
    hidden = table.table.value
    table.show_hands.value = True   # a click, or a message forged to look like one
    assert not table.show_hands.value and table.table.value == hidden
    assert table.pin_row.layout.display is None
    table.pin_box.value = "111111"
    table.unlock()
    assert "PIN이 맞지 않습니다." in table.message.value and "아무것도 바뀌지 않았습니다" in table.message.value
    assert not table.show_hands.value and table.table.value == hidden and table.pin_box.value == ""
    table.pin_box.value = PIN
    table.unlock()
    assert table.show_hands.value and table.table.value != hidden
    assert table.pin_row.layout.display == "none"
    table.show_hands.value = False
    table.show_hands.value = True   # turned on again: the PIN is asked again
    assert not table.show_hands.value and table.table.value == hidden


@pytest.mark.parametrize("game", sorted(rules.GAMES))
def test_a_saved_game_is_taken_up_in_another_kernel(cafe_state, game):
    rng = random.Random(game)
    first = new_table(game)
    assert table_saves.recent(first.saves) == [], "수를 두지 않은 새 게임은 저장하지 않습니다"
    first.names[0].value = "은지"
    for _ in range(40):
        s = first.state
        if s.is_terminal():
            break
        first.play(sample_chance(s, rng) if s.current_player() == CHANCE else rng.choice(s.legal_actions()))
    later = new_table(game)   # a reload, or a new kernel after the server restarted
    later.settings.selected_index = 1
    (label, save_id), = later.resume_pick.options
    assert "은지" in label and f"{first.state.num_players}인" in label
    later.resume_pick.value = save_id
    later.resume()
    assert later.state == first.state and later.log_lines() == first.log_lines()
    assert later.names[0].value == "은지" and later.seed.value == first.seed.value
    later.undo()
    assert later.state == first.history[-2]
    # It goes on being kept under the same game; a new game starts a line of its own.
    assert [label for label, _ in table_saves.recent(later.saves)] == [table_saves.label(
        json.loads((later.saves / f"{save_id}.json").read_text(encoding="utf-8")))]
    later.start()
    later.play(later.state.legal_actions()[0])
    assert len(table_saves.recent(later.saves)) == 2


def test_a_damaged_save_changes_nothing(cafe_state):
    table = new_table("res_arcana")
    table.play(table.state.legal_actions()[0])
    (table.saves / f"{table.save_id}.json").write_text(json.dumps({
        "saved": 1, "players": 2, "names": ["a", "b"], "typed": ["", ""], "seed": 1,
        "start": table.history[0].to_json(), "moves": [["없는 수", ""]]}), encoding="utf-8")
    before = table.state
    table.list_saves()
    table.resume_pick.value = table.resume_pick.options[0][1]
    table.resume()
    assert "저장된 게임을 이 판의 규칙으로 다시 둘 수 없습니다" in table.message.value
    assert table.state is before


def test_old_saves_are_forgotten(cafe_state):
    table = new_table("res_arcana")
    table.play(table.state.legal_actions()[0])
    table_saves.forget_old(cafe_state, now=1e12)
    assert table_saves.recent(table.saves) == []


@pytest.mark.parametrize("game", sorted(rules.GAMES))
def test_cafe_table_has_no_dead_end(cafe_state, game):
    """Random taps on a table with the café's PIN and saves: the PIN box, '확인', '이어서 하기'."""
    staff_pin.set_pin(cafe_state, PIN)
    assert_no_dead_end(f"cafe-{game}", import_module(f"widgets.{game}.table").table, steps=150)
