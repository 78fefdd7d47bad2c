"""Headless tests of the 엘도라도 테이블 page widget: a whole seeded game is played through the widget's
own buttons and menus, and a screen facing the table never shows a hand, a deck or a drawn card."""
import random
import re

import ipywidgets as w
import pytest

from rules import CHANCE, el_dorado as E
from rules.el_dorado import bots, components as C
from widgets.el_dorado import table
from widget_helpers import button, hand_over, play_through, press, screen_text, walk

NAMES = {C.name(c) for c in C.CARDS}


def names_in(text: str) -> set:
    return {n for n in NAMES if n in re.sub(r"<[^>]+>", " ", text)}


def check_table_screen(t):
    """Facing the table: the board is drawn from the table's view, hands and decks are counts, the
    menus and buttons name no card of a hand, and no drawn card is named in the log."""
    s = t.state
    view = s.public_view(None)
    assert all(isinstance(pl["hand"], int) and isinstance(pl["deck"], int) for pl in view["players"])
    assert t.table.value == t.board(s) and t.draw(view, t.seat_names()) in t.table.value
    actions = screen_text(t.actions)
    if s.current_player() >= 0:
        assert names_in(actions) == set(), "테이블 화면의 단추가 패의 카드를 밝힙니다"
    if s.current_player() == CHANCE and s.todo[0][0] == "draw":
        menu = [d for d in walk(t.actions) if isinstance(d, w.Dropdown)][0]
        assert len(menu.options) == 1 and names_in(actions) == set(), "뽑을 카드가 테이블에 보입니다"
    names = t.seat_names()
    for line in t.log_lines():
        if "뽑았습니다" in line and "탐험 카드 더미에서" in line:
            assert "카드 1장을 뽑았습니다" in line, line
        # a space is told as the map shows it (terrain and value), never by the engine's coordinates
        assert not re.search(r"-?\d+,-?\d+ 칸", line), line
        assert "1번 말" not in line and "2번 말" not in line, line
        who, _, said = line.partition(": ")
        assert who == "🎲" or who in names and who not in said, f"기록이 플레이어를 두 번 부릅니다: {line}"


@pytest.mark.parametrize("players,path,seed,caves", [(3, "first", 3, False), (2, "home_stretch", 5, True)])
def test_a_whole_game_through_the_table_buttons_shows_the_table_no_hidden_card(players, path, seed, caves):
    t = table.Table(players=players, path=path, seed=seed, caves=caves)
    checks = []
    rng = random.Random(seed)

    def check(t):
        t.looking.value = None            # the table's screen at every position, the player's hand hidden
        check_table_screen(t)
        checks.append(1)

    moves = play_through(t, check, lambda t: press(t, bots.greedy_bot(t.state, rng)))
    assert t.state.is_terminal() and t.state.winners()
    assert "승리" in screen_text(t.actions) and len(checks) > 100 and moves > 200
    # the whole game replays from the log of moves: the widget applied actions, never rebuilt a position
    s = t.history[0]
    for before, action, _ in t.entries:
        assert before == s
        s = s.apply(action)
    assert s == t.state


def test_a_draw_is_one_entry_for_the_table_and_named_only_for_its_drawer():
    t = table.Table(players=3, seed=2)
    hand_over(t).click()
    press(t, E.EndTurn())
    press(t, E.Discard(sorted(t.state.hands[0])[0]))   # step 2: one unused card discarded, one to draw
    press(t, E.Done())
    assert t.state.current_player() == CHANCE and t.looking.value == 0   # the drawer keeps the screen
    t.looking.value = None
    menu = [d for d in walk(t.actions) if isinstance(d, w.Dropdown)][0]
    assert len(menu.options) == 1 and names_in(screen_text(t.actions)) == set()
    button(t.actions, "이 결과가 나왔다고 하기").click()
    assert "만 압니다" in t.message.value and len(t.history) == 4
    hand_over(t).click()
    menu = [d for d in walk(t.actions) if isinstance(d, w.Dropdown)][0]
    deck = t.state.decks[0]
    assert len(menu.options) == len(deck) and names_in(screen_text(t.actions)) == {C.name(c) for c in deck}
    card = sorted(deck)[0]
    menu.value = [E.Draw(card)]
    button(t.actions, "이 결과가 나왔다고 하기").click()
    assert t.state.hands[0].get(card) and t.state.turn == 1 and t.looking.value is None
    assert t.log_lines()[-1] == "플레이어 1: 탐험 카드 더미에서 카드 1장을 뽑았습니다 (무엇인지는 뽑은 사람만 압니다)"
    t.show_hands.value = True
    assert t.log_lines()[-1].endswith(f"{C.name(card)} 카드를 뽑았습니다")
    button(t.widget, "한 수 되돌리기").click()
    assert len(t.history) == 4


def test_the_staff_switch_and_a_handed_over_screen_show_the_hand():
    t = table.Table(players=3, seed=2)
    hand = t.state.hands[0]
    assert all(f'aria-label="{C.name(c)}"' not in t.table.value for c in hand)
    hand_over(t).click()
    assert all(f'aria-label="{C.name(c)}"' in t.table.value for c in hand)
    t.looking.value = None
    t.show_hands.value = True
    assert all(f'aria-label="{C.name(c)}"' in t.table.value for c in hand)
    deck = t.state.decks[1]
    assert all(f'aria-label="{C.name(c)}"' in t.table.value for c in deck)   # the decks too


def test_the_view_goes_back_to_the_table_when_the_turn_passes():
    t = table.Table(players=3, seed=2)
    hand_over(t).click()
    press(t, E.EndTurn())
    assert t.looking.value == 0                      # step 2 is still player 1's
    press(t, E.Done())                                 # a full hand: nothing to draw, player 2's turn
    assert t.state.turn == 1 and t.looking.value is None
    assert [b.description for b in walk(t.actions) if isinstance(b, w.Button)] == ["플레이어 2에게 화면 넘기기"]


def test_the_blockades_placed_at_the_table_are_entered_and_checked():
    t = table.Table(players=3)
    t.blockade_numbers.value = "6, 5, 4, 3"
    button(t.widget, "이 설정으로 게임 시작").click()
    assert t.state.blockades == [6, 5, 4, 3] and sorted(t.state.blockade_box) == [1, 2]
    assert "남은 장애물 6, 5, 4, 3" in t.table.value
    before = t.state.to_json()
    for typed, message in (("6, 5", "4개 적어야"), ("6, 6, 4, 3", "두 번"), ("6, 5, 4, 9", "번호는 1~6"),
                           ("여섯", "숫자로")):
        t.blockade_numbers.value = typed
        button(t.widget, "이 설정으로 게임 시작").click()
        assert message in t.message.value and t.state.to_json() == before


def test_dealt_hands_are_entered_checked_and_then_wiped():
    t = table.Table(players=3)
    t.dealt[1].value = "탐험가 2, 여행자, 항해사 1"
    button(t.widget, "이 설정으로 게임 시작").click()
    assert t.state.hands[1] == {"explorer": 2, "traveler": 1, "sailor": 1}
    assert t.state.decks[1] == {"explorer": 1, "traveler": 3}
    assert all(hand.value == "" for hand in t.dealt) and t.settings.selected_index is None
    assert t.state.inventory() == E.new_game(3, seed=1).inventory()


@pytest.mark.parametrize("typed,message", [("탐험가 4", "기본 카드 8장에 없습니다"), ("탐험가 2", "4장이어야"),
                                           ("길잡이 4", "카드 이름이 아닙니다")])
def test_a_wrong_dealt_hand_is_refused_in_korean_and_the_game_kept(typed, message):
    t = table.Table(players=3)
    before = t.state
    t.dealt[0].value = typed
    button(t.widget, "이 설정으로 게임 시작").click()
    assert message in t.message.value and "아무것도 바뀌지 않았습니다" in t.message.value and t.state is before


def test_settings_choose_players_path_caves_and_names():
    t = table.Table()
    t.players.value = 2
    t.path.value = "serpentine"
    t.caves.value = True
    t.names[0].value = "은지"
    button(t.widget, "이 설정으로 게임 시작").click()
    s = t.state
    assert s.num_players == 2 and s.caves_variant and s.path == E.published("serpentine")
    assert len(s.pawns[0]) == 2 and "은지" in t.table.value and "뱀처럼 휘는 길" in t.table.value


def test_an_illegal_move_is_refused_in_korean_and_nothing_changes():
    t = table.Table(players=3, seed=2)
    before = t.state
    t.play(E.Buy("pioneer"))
    assert "아무것도 바뀌지 않았습니다" in t.message.value and t.state is before and len(t.history) == 1


def test_the_log_names_who_acts_once():
    """The engine's sentence for a hidden draw names the drawer (the table's menu of outcomes needs it); the
    log puts who acts in front of every line, so the sentence's own subject goes (shared by every game:
    레즈 아르카나's hidden draws and picks read the same way)."""
    from widgets.common.game_view import without_subject
    from widgets.el_dorado.play import Play
    text = "플레이어 2 (봇)가 탐험 카드 더미에서 카드 1장을 뽑았습니다 (무엇인지는 뽑은 사람만 압니다)"
    assert without_subject(text, "플레이어 2 (봇)") == "탐험 카드 더미에서 카드 1장을 뽑았습니다 (무엇인지는 뽑은 사람만 압니다)"
    assert without_subject("플레이어 1이 유물 카드 1장을 뽑았습니다", "플레이어 1") == "유물 카드 1장을 뽑았습니다"
    assert without_subject("플레이어 1이 유물 카드 1장을 뽑았습니다", "플레이어 3") == "플레이어 1이 유물 카드 1장을 뽑았습니다"
    assert without_subject("도둑이 플레이어 2의 패에서 1장을 훔쳤습니다", "플레이어 2").startswith("도둑이")
    p = Play(players=3, seed=4)
    for _ in range(40):
        if p.state.is_terminal():
            break
        p.chance() if p.state.current_player() == CHANCE else p.play(bots.greedy_bot(p.state, random.Random(1)))
    lines = p.log_lines()
    draws = [line for line in lines if "카드 1장을 뽑았습니다 (무엇인지는" in line]
    assert draws and all(line.count(line.partition(": ")[0]) == 1 for line in lines), lines
