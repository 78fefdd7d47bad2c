"""Headless tests of the turn-start widgets of 아키올로지: each shows what the engine says."""
import re
from html import escape

import pytest

from rules import IllegalAction
from rules import archaeology as A
from rules.archaeology import components as C, odds
from widgets.archaeology import browser, dig, market, sandstorm, setup_view, thief
from widgets.common import odds_text


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


# --- 구성품 ------------------------------------------------------------------------------------
def test_browser_counts_come_from_the_engine():
    ui = browser.card_browser(num_players=4)
    cards = C.game_cards(4)
    shown = text(ui.parts.view.value)
    assert f"도둑 {cards['thief']}장" in shown and f"모래 폭풍 {cards['sandstorm']}장" in shown
    assert f"모두 {sum(cards.values())}장" in shown
    assert "부러진 목걸이" in shown.split("상자에 남기는 보물:")[1]
    ui.parts.players.value = 5
    assert "상자에 남기는 보물" not in text(ui.parts.view.value)


def test_browser_long_expedition_refused_at_four_players_keeps_table():
    ui = browser.card_browser(num_players=4)
    before = ui.parts.view.value
    ui.parts.variants["long"].value = True
    assert "기나긴 탐험은 2~3인용" in ui.parts.message.value
    assert ui.parts.view.value == before
    ui.parts.players.value = 3       # now legal: the error goes and the extra thief shows
    assert ui.parts.message.value == ""
    assert f"도둑 {C.thieves(3, ('long',))}장" in text(ui.parts.view.value)


# --- 게임 준비 ---------------------------------------------------------------------------------
def test_setup_deals_the_engine_game_and_sand_order():
    ui = setup_view.setup_simulator(num_players=4, ruin="pyramid", seed=5)
    ui.parts.sand.value = 2
    expected = A.new_game(4, seed=5, ruin="pyramid", sand_order=[2, 3, 0, 1])
    assert ui.parts.state() == expected
    assert "선 플레이어: 플레이어 3" in text(ui.parts.view.value)
    ui.parts.shuffle.click()
    assert ui.parts.seed.value == 6
    assert ui.parts.state() == A.new_game(4, seed=6, ruin="pyramid", sand_order=[2, 3, 0, 1])


def test_setup_random_ruin_and_shrinking_player_count():
    ui = setup_view.setup_simulator(num_players=5, seed=3)
    ui.parts.sand.value = 4
    ui.parts.ruin.value = setup_view.RANDOM
    ui.parts.players.value = 2          # player 5 no longer exists: the picker falls back
    assert ui.parts.sand.value == 0
    assert ui.parts.state() == A.new_game(2, seed=3, ruin=None, sand_order=[0, 1])


def test_setup_bad_variant_shows_error_and_keeps_state():
    ui = setup_view.setup_simulator(num_players=4)
    before = ui.parts.state()
    ui.parts.variants["long"].value = True
    assert "기나긴 탐험" in ui.parts.message.value
    assert ui.parts.state() == before


# --- 보물 발굴 ---------------------------------------------------------------------------------
def test_dig_odds_match_engine_after_each_draw():
    ui = dig.dig_odds(num_players=3, seed=11)
    for _ in range(6):
        state = ui.parts.state()
        shown = text(ui.parts.chances.value)
        for p in odds.public_dig_odds(state).values():
            assert odds_text(p) in shown
        for outcome, p in state.chance_outcomes():
            assert f"{C.name(outcome.card)} {odds_text(p)}" in shown
        ui.parts.draw.click()
    assert ui.parts.state().phase == "dig"


def test_dig_supposed_sandstorm_lets_drawer_dig_again():
    ui = dig.dig_odds(num_players=4, seed=2)
    drawer = ui.parts.state().turn
    ui.parts.suppose.value = "sandstorm"
    ui.parts.apply_suppose.click()
    state = ui.parts.state()
    assert state.turn == drawer and state.phase == "dig"
    assert state.discard.get("sandstorm") == 1
    ui.parts.suppose.value = "thief"
    ui.parts.apply_suppose.click()
    assert ui.parts.state().discard.get("thief") == 1
    assert ui.parts.state().turn == (drawer + 1) % 4


def test_dig_until_deck_empty_disables_drawing():
    ui = dig.dig_odds(num_players=2, seed=1, opening_draws=200)
    assert not ui.parts.state().deck
    assert ui.parts.draw.disabled
    assert "발굴지가 비었습니다" in ui.parts.chances.value


@pytest.mark.parametrize("seed", [4, 5])    # the last card is a thief (4) or a sandstorm (5)
def test_dig_resolves_a_special_last_card(seed):
    state = dig.dig_odds(num_players=3, seed=seed, opening_draws=200).parts.state()
    assert not state.deck and state.phase == "actions"


# --- 도둑 ------------------------------------------------------------------------------------
def test_thief_buttons_follow_legal_actions():
    ui = thief.thief()
    table = thief.thief_table()
    legal = {a.player for a in table.legal_actions()}
    assert {b.player for b in ui.parts.victims if not b.disabled} == legal
    ui.parts.victims[3].click()
    state = ui.parts.state()
    assert state.victim == 3
    shown = text(ui.parts.chances.value)
    for outcome, p in state.chance_outcomes():
        assert f"{C.name(outcome.card)} {odds_text(p)}" in shown


def test_thief_steal_moves_one_card_from_victim():
    ui = thief.thief(seed=4)
    ui.parts.victims[1].click()
    ui.parts.steal.click()
    assert "훔쳤습니다" in ui.parts.result.value
    assert ui.parts.steal.disabled
    hands = text(ui.parts.hands.value)
    assert "플레이어 2 · 3장" in hands and "플레이어 1 · 3장" in hands


# --- 모래 폭풍 --------------------------------------------------------------------------------
def test_sandstorm_losses_are_floor_half_unless_tent():
    ui = sandstorm.sandstorm(num_players=4, sizes=(5, 1, 6, 3, 0),
                             tents=("none", "none", "use", "keep", "none"))
    before, _, after = ui.parts.result()
    lost = [sum(before.hands[p].values()) - sum(after.hands[p].values()) for p in range(4)]
    assert lost == [2, 0, 0, 1]
    assert after.tents[2] == 0 and after.tents[3] == 1
    assert sum(after.market.values()) == 3
    assert after.phase == "dig" and after.turn == 0
    shown = text(ui.parts.view.value)
    assert "천막으로 막음" in shown and "다시 합니다" in shown


def test_sandstorm_controls_redrive_engine():
    ui = sandstorm.sandstorm()
    ui.parts.players.value = 2
    ui.parts.drawer.value = 1
    ui.parts.hands[0].value = 7
    ui.parts.tents[0].value = "none"
    before, steps, after = ui.parts.result()
    assert before.num_players == 2 and before.turn == 1
    assert sum(after.hands[0].values()) == 7 - 7 // 2
    assert steps[0] == (1, A.Draw("sandstorm"))


# --- 시장 물물교환 ----------------------------------------------------------------------------
def _menus(box) -> dict:
    return {p.children[1].kind: p.children[1] for p in box.children}


def test_trade_checker_opens_with_a_legal_answer():
    ui = market.trade_checker()
    assert "예" in ui.parts.answer.value and "차액 없음" in ui.parts.answer.value


def test_trade_too_low_shows_engine_reason_and_changes_nothing():
    ui = market.trade_checker()
    give = _menus(ui.parts.give)
    give["coin"].value, give["pot"].value = 0, 1
    before = ui.parts.state()
    ui.parts.check.click()
    with pytest.raises(IllegalAction) as refused:
        before.check_trade({"pot": 1}, {"mask": 1})
    assert "아니요" in ui.parts.answer.value and escape(str(refused.value)) in ui.parts.answer.value
    ui.parts.trade.click()
    assert ui.parts.state() == before


def test_trade_applies_and_reports_lost_change():
    ui = market.trade_checker()
    give, take = _menus(ui.parts.give), _menus(ui.parts.take)
    give["coin"].value, give["talisman"].value = 0, 1
    take["mask"].value, take["cup"].value = 0, 1
    expected = ui.parts.state().trade({"talisman": 1}, {"cup": 1})
    ui.parts.trade.click()
    assert ui.parts.state() == expected
    assert "차액 1만큼은 돌려받지 못합니다" in ui.parts.answer.value
    assert "talisman" not in _menus(ui.parts.give)
    assert "cup" in _menus(ui.parts.give)


def test_trade_checker_takes_the_tables_own_hand_and_market():
    """Staff tap card names to enter what the table holds; each count menu is named for its card."""
    ui = market.trade_checker()
    ui.parts.zone.value = "market"
    ui.parts.adders["talisman"].click()
    assert ui.parts.state().market.get("talisman") == 1
    ui.parts.zone.value = "hand"
    ui.parts.adders["map"].click()
    assert ui.parts.state().hands[0].get("map") == 1
    menus = {**_menus(ui.parts.give), **_menus(ui.parts.take)}
    assert menus["map"].description == "지도 내놓기" and menus["talisman"].description == "부적 가져오기"
    give, take = _menus(ui.parts.give), _menus(ui.parts.take)
    give["coin"].value, take["talisman"].value = 2, 1
    ui.parts.check.click()
    assert "예" in ui.parts.answer.value


def test_trade_checker_refuses_more_cards_than_the_game_has():
    ui = market.trade_checker()
    before = ui.parts.state()
    for _ in range(7):   # 깨진 유리잔: 6 in the game, 1 already in the market
        ui.parts.adders["cup"].click()
    assert "아무것도 바뀌지 않았습니다" in ui.parts.message.value
    assert ui.parts.state().hands[0].get("cup", 0) == 5 and ui.parts.state().market == before.market
