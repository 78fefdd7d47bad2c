"""The rule-page widgets of book/atlandice: what each shows comes from the engine, each continues its
position by applying actions, and bad input is refused in Korean with nothing changed."""
import ipywidgets as w
import pytest

from rules import CHANCE, atlandice as A
from rules.atlandice import components as C
from widgets.atlandice import clock, depletion, scoring, setup_view, visit
from widgets.atlandice.sandbox import Sandbox
from widget_helpers import button, walk


# --- 게임 준비 ------------------------------------------------------------------------------
@pytest.mark.parametrize("n", C.PLAYER_COUNTS)
def test_setup_shows_the_counts_of_the_data_and_rolls_every_die_onto_the_city(n):
    s = setup_view.SetupRoll(players=n, seed=2)
    assert sum(s.state.dice) == C.dice_in_play(n) and s.state.to_roll == 0      # starts rolled
    button(s.widget, "준비하기").click()
    assert s.state == A.new_game(n, seed=2) and f"주사위 {C.dice_in_play(n)}개" in s.facts.value
    assert f"그 시설의 유산 {C.heritage_per_stack(n)}개" in s.facts.value
    s.faces.value = "1 6 6"
    button(s.widget, "이 눈으로 굴리기").click()
    assert s.state.dice == [1, 0, 0, 0, 0, 2] and s.state.to_roll == C.dice_in_play(n) - 3
    button(s.widget, "주사위 모두 굴리기").click()
    assert s.state.to_roll == 0 and sum(s.state.dice) == C.dice_in_play(n)


def test_setup_refuses_a_roll_when_every_die_is_rolled_or_the_faces_are_wrong():
    s = setup_view.SetupRoll()
    before = s.state
    button(s.widget, "주사위 모두 굴리기").click()
    assert "이미 모두 굴렸습니다" in s.message.value and s.state is before
    button(s.widget, "준비하기").click()
    before = s.state
    s.faces.value = "0 9"
    button(s.widget, "이 눈으로 굴리기").click()
    assert "1~6" in s.message.value and "아무것도 바뀌지 않았습니다" in s.message.value and s.state is before


# --- 지역 방문과 능력 ---------------------------------------------------------------------------
def test_the_visit_simulator_takes_the_die_the_heritage_and_the_submarine_extra():
    box = [b for b in walk(visit.visit_simulator())]
    sub = [d for d in box if isinstance(d, w.Dropdown) and d.value == 4][0]
    sub.value = 5
    sandbox_actions = [b for b in walk(box[0]) if isinstance(b, w.Button)
                       and b.description == "대장간의 주사위를 가져가 방문합니다"]
    sandbox_actions[0].click()
    texts = " ".join(b.description for b in walk(box[0]) if isinstance(b, w.Button))
    assert "무기 1개를 가져옵니다" in texts and "보석 1개를 가져옵니다" in texts


def test_a_sandbox_continues_by_applying_actions_and_a_chosen_face_is_a_chance_outcome():
    s = Sandbox({"대장간": lambda: visit.visit_position(submarine=5)})
    start = s.state
    s.play(A.TakeDie(5))
    s.play(A.TakeHeritage("weapon"))
    s.play(A.TakeHeritage("gem"))
    assert s.state.current_player() == CHANCE
    s.faces.value = 6
    s.choose_face()
    assert s.state.source == C.MARKET                              # the ability text's reading
    assert s.history[0] is start and len(s.history) == 5
    assert all(b.apply(a) == after for (b, a, _), after in zip(s.entries, s.history[1:]))
    s.play(A.TakeHeritage("food"))
    s.choose_face()
    assert "굴릴 차례가 아닙니다" in s.message.value
    button(s.widget, "처음으로").click()
    assert s.state == start and len(s.history) == 1


def test_the_library_page_offers_both_values_of_the_data_file():
    sandbox = visit.ability(2)
    menu = [d for d in walk(sandbox) if isinstance(d, w.Dropdown) and d.description == "상황"][0]
    assert len(menu.options) == len(C.LIBRARY_ABILITIES)
    s = visit.visit_position(library="set_die").apply(A.TakeDie(2)).apply(A.TakeHeritage("book"))
    assert s.phase == "library"
    s = visit.visit_position(library="none").apply(A.TakeDie(2)).apply(A.TakeHeritage("book"))
    assert s.phase == "pick"


def test_two_players_must_give_one_die_of_three_to_the_virtual_player():
    s = A.new_game(2, seed=3)
    for f in (1, 2, 3, 4, 5, 6, 6):
        s = s.apply(A.RollDie(f))
    assert any(isinstance(a, A.GiveDie) for a in s.legal_actions())


# --- 중간 점수 계산 ------------------------------------------------------------------------------
def test_the_depletion_calculator_follows_the_tie_rules():
    c = depletion.DepletionCalculator()
    assert "승점 토큰 3개" in c.out.value and "2위" not in c.out.value.split("<th>순위")[1].split("</table>")[0]
    for box, v in zip(c.counts, (4, 2, 2)):
        box.value = v
    button(c.widget, "계산하기").click()
    assert c.out.value.count("승점 토큰 1개") == 2 and "시설 보드 (게임 끝에 3점)" in c.out.value
    c.left.value = 1
    button(c.widget, "계산하기").click()
    assert "게임에서 빠집니다" in c.out.value


def test_the_depletion_calculator_gives_the_board_in_turn_order_from_the_visitor():
    before, after = depletion.deplete(3, 2, 3, [2, 2, 2], 0, 2)
    assert after.won[2] and after.tokens == [3, 3, 0]
    assert after.market[1] == C.MARKET_START and after.pools[1][1] == 6 - C.MARKET_START


def test_the_depletion_calculator_refuses_impossible_counts():
    c = depletion.DepletionCalculator()
    before = c.out.value
    c.counts[0].value = 13
    button(c.widget, "계산하기").click()
    assert "12개뿐인데" in c.message.value and c.out.value == before


# --- 시계 --------------------------------------------------------------------------------------
def test_the_clock_moves_by_the_top_board_of_the_last_die_and_stops_on_its_space():
    s = clock.last_visit(2, 3)
    end = s.apply(A.TakeDie(6)).apply(A.TakeHeritage("tool"))
    assert end.clock == 1 + C.BOARD.hands["3a"]
    s = clock.last_visit(1, C.MARKET)
    assert s.dice[C.MARKET - 1] == 2
    end = s.apply(A.TakeDie(6)).apply(A.TakeHeritage("tool"))
    assert end.clock == C.BOARD.black_market_hands


def test_the_clock_page_refuses_a_space_off_the_track():
    box = clock.clock_step()
    space = [d for d in walk(box) if isinstance(d, w.IntText)][0]
    space.value = len(C.BOARD.track)
    assert any("1~" in h.value and "번째 칸이어야" in h.value for h in walk(box) if isinstance(h, w.HTML))


def test_the_track_figure_lists_every_event_space():
    html = clock.track_figure().value
    for i, e in enumerate(C.BOARD.track):
        if e:
            assert f"{i + 1}번째 칸: {C.event_name(e)}" in html


# --- 최종 점수 ---------------------------------------------------------------------------------
def test_final_scoring_is_the_engines_and_a_tie_is_a_shared_victory():
    f = scoring.FinalScoring()
    s = f.state()
    assert s.scores() == [s.tokens[p] + 3 * len(s.won[p]) + s.final_majority_points()[p] for p in range(3)]
    for seat in f.boxes[:3]:
        for box in seat.values():
            box.value = 1
    for box in f.tokens + f.won:
        box.value = 0
    button(f.widget, "점수 계산").click()
    assert "공동 승리" in f.out.value and "플레이어 1, 플레이어 2, 플레이어 3" in f.out.value


def test_final_scoring_refuses_negative_tokens_and_too_many_boards():
    f = scoring.FinalScoring()
    before = f.out.value
    f.tokens[0].value = -1
    button(f.widget, "점수 계산").click()
    assert "0개 이상" in f.message.value and f.out.value == before
    f.tokens[0].value = 0
    f.won[0].value = 11
    button(f.widget, "점수 계산").click()
    assert "10장까지" in f.message.value and f.out.value == before
