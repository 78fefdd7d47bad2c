"""The rule tables of book/res_arcana (widgets/res_arcana/situation.py) and the card browser: each shows
what the engine decides, moves on only by the engine's actions, and refuses bad input in Korean."""
import ipywidgets as w
import pytest

from rules import CHANCE
from rules.res_arcana import components as C
from widgets.res_arcana import browser, setup_view, situation as S
from widget_helpers import button, screen_text, walk


def press(sit, label_start):
    found = [b for b in walk(sit.actions) if isinstance(b, w.Button) and b.description.startswith(label_start)]
    assert found, f"no button {label_start!r}: {[b.description for b in walk(sit.actions) if isinstance(b, w.Button)]}"
    found[0].click()


def nonzero(pool):
    return {e: n for e, n in pool.items() if n}


def test_collect_calculator_leaves_the_windup_man_and_pays_the_forge():
    sit = S.collect_calculator().situation
    press(sit, "태엽인간 위의 정수를 그대로 둡니다")
    assert sit.state.essences_on("windup_man") == {"G": 5, "E": 3}
    while sit.state.phase == "collect":
        press(sit, sit.state.legal_actions()[0].describe())
    assert "수집이 끝났습니다" in sit.summary.value


def test_cost_payer_shows_every_discount_and_the_floor_at_zero():
    sit = S.cost_payer().situation
    assert "마법공학자 1 + 용 굴레 3 = <b>4점</b>" in sit.summary.value
    press(sit, "손에 든 대지의 용 카드를 배치합니다")
    for _ in range(2):   # then the pool (활기 2) leaves one way to use the other 2 points: the engine takes it
        press(sit, "할인으로 비용의 생명 1개를 뺍니다")
    assert "earth_dragon" in sit.state.play[0] and nonzero(sit.state.pool[0]) == {"L": 1, "G": 1}
    assert sum("할인으로" in line for line in sit.log_lines()) == 2
    assert "인쇄된 비용 7개 − 할인으로 뺀 4개" in sit.summary.value
    sit.card.value = "fire_dragon"               # 1 + 3 + 3 discount points on a cost of 6
    sit.discounts["dragons_lair"].value = True
    button(sit.widget, "이 상황으로 시작").click()
    assert "<b>7점</b>" in sit.summary.value and "0 미만은 없음" in sit.summary.value
    press(sit, "손에 든 불의 용 카드를 배치합니다")
    assert "fire_dragon" in sit.state.play[0] and "할인으로 뺀 6개" in sit.summary.value


def test_cost_payer_refuses_a_bad_pool_and_keeps_the_table():
    sit = S.cost_payer().situation
    before = sit.state
    sit.pool_text.value = "마나 3"
    button(sit.widget, "이 상황으로 시작").click()
    assert "정수 이름이 아닙니다" in sit.message.value and sit.state is before


def test_power_explorer_says_why_a_power_cannot_be_used():
    sit = S.power_explorer().situation
    assert "✅" in sit.summary.value
    sit.turned.value = True
    button(sit.widget, "이 상황으로 시작").click()
    assert "✅" not in sit.summary.value and "❌" in sit.summary.value


def test_life_loss_costs_two_other_essences_per_missing_life():
    sit = S.life_loss().situation
    assert sit.state.current_player() == 1               # the rival decides, not the attacker
    press(sit, "반응 마력을 쓰지 않습니다")
    while sit.state.current_player() == 1 and sit.state.tasks:
        press(sit, "생명 대신")
    assert sum(sit.state.pool[1].values()) == 6 - 4     # 2 life missing: 4 other essences
    sit.passed.value = True
    button(sit.widget, "이 상황으로 시작").click()
    assert sit.state.pool[1] == {e: {"E": 2, "C": 1, "D": 2, "G": 1}.get(e, 0) for e in C.ESSENCES}


def test_pass_procedure_gives_the_token_to_the_first_passer():
    sit = S.pass_procedure().situation
    press(sit, "패스하고 마법 아이템을 변환")
    while sit.state.current_player() == CHANCE:
        button(sit.widget, "진행 (우연)").click()
    assert sit.state.first == 1 and sit.state.token_taken and sit.state.item[1] == "transmutation"
    assert "처음 패스한 사람" in sit.summary.value


def test_victory_check_counts_gold_twice_on_a_tie():
    sit = S.victory_check().situation
    assert sit.state.first == 1 and sit.state.scores() == [10, 10]     # player 2 passed first: token +1 is theirs
    press(sit, "패스하고")
    assert sit.state.is_terminal() and sit.state.scores() == [10, 10]
    assert sit.state.winners() == [0]                    # 금 2 = 4 beats 활기 3
    sit.pools[0].value = "활기 3"
    button(sit.widget, "이 상황으로 시작").click()
    press(sit, "패스하고")
    assert sit.state.winners() == [0, 1]


@pytest.mark.parametrize("preset, scores", [("10 대 9", [10, 9]), ("동점 10 대 10", [10, 10]), ("황금 조각상", [10, 7])])
def test_victory_check_presets_say_their_numbers(preset, scores):
    sit = S.victory_check(preset=preset).situation
    assert sit.state.scores() == scores and sit.state.first == 1


def test_card_browser_filters_and_says_when_nothing_matches():
    ui = browser.card_browser()
    ui.parts.beast.value = "dragon"
    assert f"<b>{sum(C.is_dragon(c) for c in C.ALL)}개</b>" in ui.parts.view.value
    ui.parts.search.value = "Serpent"
    assert "큰 바다뱀" in ui.parts.view.value
    ui.parts.search.value = "없는 이름"
    assert "맞는 구성품이 없습니다" in ui.parts.message.value
    ui.parts.search.value = ""
    ui.parts.beast.value = ""
    ui.parts.names.value = "ours"
    assert "(비공식)" in ui.parts.view.value and "태엽인간" not in ui.parts.view.value


def test_setup_simulator_deals_again_with_the_next_number():
    ui = setup_view.setup_simulator(players=3, seed=1)
    first = ui.parts.view.value
    button(ui, "다시 섞기 (다음 번호)").click()
    assert ui.parts.number.value == 2 and ui.parts.view.value != first
    ui.parts.rules.value = ("first_game",)
    mage, hand = C.STARTER_SETS[1]
    assert all(C.name(c) in ui.parts.view.value for c in (mage, *hand))


def test_every_rule_table_says_it_shows_every_hand():
    for make in (S.collect_calculator, S.cost_payer, S.power_explorer, S.life_loss, S.pass_procedure, S.victory_check):
        assert "모든 플레이어의 손패" in screen_text(make())
