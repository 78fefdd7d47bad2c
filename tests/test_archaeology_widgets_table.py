"""Headless tests of the 테이블 page widget: the staff's copy of a real game follows what they enter,
and a screen facing the table shows no hidden card."""
import random

import ipywidgets as w

from rules import CHANCE, archaeology as A
from rules.archaeology import components as C
from widgets.archaeology import table
from widget_helpers import button, game_screen, hand_over, play_through, press, walk

CARD_NAMES = {t: C.name(t) for t in C.TREASURES}


def chance_pick(t):
    return [d for d in walk(t.actions) if isinstance(d, w.Dropdown)][0]


def test_table_starts_at_the_first_draw_and_groups_what_the_table_cannot_see():
    t = table.Table(players=3, ruin="pyramid", seed=2)
    assert len(t.history) == 1 and t.state.current_player() == CHANCE
    groups = [outcomes for _, outcomes in chance_pick(t).options]
    assert sorted(map(str, (o for g in groups for o in g))) == sorted(str(o) for o, _ in t.state.chance_outcomes())
    assert [A.Draw("thief")] in groups and [A.Draw("sandstorm")] in groups
    hidden = [g for g in groups if len(g) > 1][0]                    # every treasure: one entry
    assert all(o.card in C.TREASURES for o in hidden)


def test_a_treasure_is_told_by_the_drawer_and_undo_takes_it_back():
    t = table.Table(players=3, ruin="pyramid", seed=2)
    start = t.state
    hidden = [g for _, g in chance_pick(t).options if len(g) > 1][0]
    chance_pick(t).value = hidden
    button(t.actions, "이 카드가 나왔다고 하기").click()
    assert t.state is start and "만 압니다" in t.message.value     # the table may not pick it
    hand_over(t).click()
    assert t.looking.value == start.turn
    pick = chance_pick(t)
    told = [g for _, g in pick.options if g[0] == A.Draw("mask")][0]
    pick.value = told
    button(t.actions, "이 카드가 나왔다고 하기").click()
    assert t.state.to_json() == start.apply(A.Draw("mask")).to_json()
    assert t.log_lines() == ["플레이어 1: 발굴지에서 파라오 가면 카드가 나왔습니다"]
    button(t.widget, "한 수 되돌리기").click()
    assert t.state is start


def test_settings_choose_players_variants_seat_names_and_the_start_player():
    t = table.Table()
    t.players.value = 2
    assert len([c for c in t.seats.children if isinstance(c, w.HBox)]) == 2   # a row per seat
    t.variants["long"].value = True
    t.names[1].value = "민지"
    t.first.value = 1                                                # 민지 walked on sand last
    button(t.widget, "이 설정으로 게임 시작").click()
    assert t.state.num_players == 2 and t.state.variants == ("long",)
    assert t.state.turn == 1 and "민지" in t.log_html.value + t.table.value
    assert t.settings.selected_index is None  # folded away once the game starts


def test_engine_draw_resolves_a_chance_step():
    t = table.Table(seed=5)
    button(t.actions, "진행 (엔진이 뽑기)").click()
    assert len(t.history) == 2 and t.log_lines()[-1].startswith("플레이어 1: 발굴지에서")


def _hidden_now(state, shown_before: set) -> set:
    """Card names only in hidden places now (hands, deck, face-down rooms, the buried pile) and
    never in the table's view so far (a card taken from the market was public once)."""
    hidden = set()
    zones = list(state.hands) + [state.deck, state.pile]
    if not C.ruin(state.ruin)["face_up"]:
        zones += state.chambers
    for zone in zones:
        hidden |= {CARD_NAMES[c] for c in zone if c in CARD_NAMES}
    return hidden - shown_before


def test_the_table_screen_never_names_a_hidden_card_over_a_seeded_game():
    for ruin, seed in (("tomb", 3), ("temple", 8), ("pyramid", 1)):
        t = table.Table(players=3, ruin=ruin, seed=seed)
        shown = set()
        checks = []

        def check(t):
            shown.update(CARD_NAMES[c] for c in CARD_NAMES if f"'{c}'" in repr(t.state.public_view(None)))
            if t.looking.value is not None:
                return                                  # handed to a player: theirs to see
            screen = game_screen(t)
            leaked = {name for name in _hidden_now(t.state, shown) if name in screen}
            assert not leaked, f"{ruin} {len(t.history) - 1}수째: 숨은 카드 {leaked}"
            checks.append(len(_hidden_now(t.state, shown)))

        rng = random.Random(seed)
        play_through(t, check, lambda t: press(t, rng.choice(t.state.legal_actions())))
        assert len(checks) > 50 and max(checks) > 0   # there were hidden cards to leak, often


def test_the_staff_switch_and_a_handed_over_screen_do_show_the_hand():
    t = table.Table(players=3, ruin="pyramid", seed=2)
    t.play(A.Draw("mask"))
    hand = t.state.hands[0]
    assert "파라오 가면" not in game_screen(t)
    t.looking.value = 0
    assert all(C.name(c) in t.table.value for c in hand)
    t.looking.value = None
    t.show_hands.value = True
    assert "파라오 가면" in game_screen(t)


def test_the_view_goes_back_to_the_table_when_the_move_passes_on():
    t = table.Table(players=3, ruin="pyramid", seed=2)
    t.play(A.Draw("mask"))
    hand_over(t).click()
    assert t.looking.value == 0
    t.play(A.EndTurn())
    assert t.looking.value is None and "파라오 가면" not in game_screen(t)


def test_the_hands_and_market_the_table_dealt_are_entered_and_then_wiped():
    t = table.Table(players=3)
    t.dealt[1].value = "질그릇 파편 2, 동전, 파라오 가면 1"
    t.market_text.value = "깨진 유리잔 5"
    button(t.widget, "이 설정으로 게임 시작").click()
    assert t.state.hands[1] == {"pot": 2, "coin": 1, "mask": 1} and t.state.market == {"cup": 5}
    assert t.state.inventory() == A.components.COPIES
    assert all(hand.value == "" for hand in t.dealt)                 # nothing typed stays on screen


def test_a_wrong_dealt_hand_is_refused_and_the_game_kept():
    t = table.Table(players=3)
    before = t.state
    t.dealt[0].value = "항아리 2"
    button(t.widget, "이 설정으로 게임 시작").click()
    assert "아는 보물 이름이 아닙니다" in t.message.value and t.state is before
    t.dealt[0].value = "질그릇 파편 3"
    button(t.widget, "이 설정으로 게임 시작").click()
    assert "4장이어야" in t.message.value and t.state is before
