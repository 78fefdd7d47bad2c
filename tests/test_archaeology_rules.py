"""Concrete rule statements of the 아키올로지 rulebook that are not worked examples in the book."""
from fractions import Fraction

import pytest

from rules import IllegalAction
from rules import archaeology as A
from rules.archaeology import components as C


def test_sold_treasures_are_out_of_reach_of_thieves_and_sandstorms():
    s = A.scenario(players=2, hands=[{}, {}], museum=[[], [("coin", 3)]], deck={"thief": 1, "sandstorm": 1},
                   dig=True)
    assert s.apply(A.Draw("thief")).phase == "actions"             # an empty hand is all a thief sees
    storm = s.apply(A.Draw("sandstorm"))
    assert storm.museum[1] == [("coin", 3)] and storm.scores()[1] == C.sale_value("coin", 3)


def test_thief_ignores_the_drawers_own_hand():
    s = A.scenario(players=2, hands=[{"mask": 2}, {}], deck={"thief": 1, "pot": 1}, dig=True)
    after = s.apply(A.Draw("thief"))
    assert after.phase == "actions" and after.hands[0] == {"mask": 2}


def test_other_actions_have_no_limit_per_turn():
    s = A.scenario(players=2, hands=[{"coin": 2, "pot": 3}, {}], market={"pot": 2, "parchment": 2})
    s = s.trade({"coin": 1}, {"pot": 2}).trade({"coin": 1}, {"parchment": 2})
    s = s.apply(A.Sell("pot", 5)).apply(A.Sell("parchment", 1)).apply(A.Sell("parchment", 1))
    assert s.turn == 0 and s.hands[0] == {} and len(s.museum[0]) == 3


def test_the_turn_passes_to_the_left():
    s = A.scenario(players=4, hands=[{"pot": 1}] * 4, turn=3)
    assert s.apply(A.EndTurn()).turn == 0


def test_tomb_and_sphinx_return_what_is_not_taken():
    tomb = A.scenario(players=2, ruin="tomb", hands=[{"map": 1}, {}], chambers=[{"pot": 4}, {"coin": 1}])
    tomb = tomb.apply(A.Explore(0)).apply(A.Keep((("pot", 2),)))
    assert tomb.chambers[0] == {"pot": 2}
    sphinx = A.scenario(players=2, ruin="sphinx", hands=[{"map": 1}, {}], chambers=[{"pot": 2, "coin": 1}])
    sphinx = sphinx.apply(A.Explore(0, ("coin", "mask")))
    assert sphinx.chance_outcomes() == [(A.SphinxReveal((("coin", 1), ("pot", 2))), 1)]   # fewer than 5: all shown
    assert sphinx.apply(A.SphinxReveal((("coin", 1), ("pot", 2)))).chambers[0] == {"pot": 2}


def test_unused_cards_stay_in_the_box():
    s = A.new_game(2, seed=4, ruin="pyramid")
    assert C.sandstorms(2) == 6                                        # so no sandstorm stays out
    assert s.box == {"tablet": 12, "pendant": 5, "thief": 10 - 4, "tent": 3}


def test_the_rulebooks_start_player_is_who_last_walked_on_sand():
    assert A.new_game(3, seed=1, sand_order=[1, 2, 0]).turn == 1


# --- counts printed in the rulebook (seed L8–L18) and the thief counts of the reference (§5) ---
SEED_COPIES = {"pot": 16, "parchment": 16, "coin": 12, "cup": 6, "talisman": 8, "map": 6, "mask": 4,
               "tablet": 12, "pendant": 5}


def test_85_treasures_and_each_types_count():
    assert sum(C.COPIES[t] for t in C.TREASURES) == 85
    assert {t: C.COPIES[t] for t in C.TREASURES} == SEED_COPIES


def test_special_cards_21():
    assert (C.COPIES["thief"], C.COPIES["sandstorm"], C.COPIES["tent"]) == (10, 6, 5)


def test_thieves_per_player_count():
    assert [C.thieves(n) for n in (2, 3, 4, 5)] == [4, 6, 8, 10]
    for n, thieves in ((3, 6), (4, 8), (5, 10)):
        assert A.new_game(n, seed=n, ruin="pyramid").deck["thief"] == thieves


# --- 게임 종료: "연달아" (seed L146) -----------------------------------------------------------
def _empty_deck_table():
    return A.scenario(players=2, hands=[{"coin": 2}, {"pot": 2}], market={"pot": 1})


def test_a_turn_with_an_action_resets_the_passes():
    s = _empty_deck_table().apply(A.EndTurn())                       # player 1 passes
    s = s.trade({"pot": 1}, {"pot": 1}).apply(A.EndTurn())           # player 2 trades: not a pass
    assert (s.passes, s.compulsory) == (0, False)
    s = s.apply(A.EndTurn()).apply(A.EndTurn())                      # two passes in a row after it
    assert (s.passes, s.compulsory) == (2, True)


def test_compulsory_selling_starts_with_the_first_passer():
    s = _empty_deck_table().apply(A.EndTurn()).apply(A.EndTurn())
    assert s.compulsory and s.turn == 0                               # player 1 passed first
    assert A.EndTurn() not in s.legal_actions()


# --- 신전 엿보기 (seed L170–L171, READINGS['temple_peek']) ----------------------------------
def _temple(hand):
    return A.scenario(players=2, ruin="temple", hands=[hand, {"pot": 1}], market={"pot": 1},
                      chambers=[{"pot": 5}, {"coin": 5}, {"cup": 5}])


def test_a_temple_peek_lasts_until_the_turn_ends():
    s = _temple({"parchment": 2, "coin": 1}).apply(A.Sell("parchment", 1))
    s = s.trade({"coin": 1}, {"pot": 1})                              # another action in between
    assert A.Peek(2) in s.legal_actions()
    s = s.apply(A.Peek(2))
    assert s.seen[0] == {"2": (("cup", 5),)}
    ended = _temple({"parchment": 2}).apply(A.Sell("parchment", 1)).apply(A.EndTurn())
    assert ended.peeks == 0 and not any(isinstance(a, A.Peek) for a in ended.legal_actions())


def test_two_sales_give_two_peeks():
    s = _temple({"parchment": 2}).apply(A.Sell("parchment", 1)).apply(A.Sell("parchment", 1))
    assert s.peeks == 2
    s = s.apply(A.Peek(0)).apply(A.Peek(1))
    assert set(s.seen[0]) == {"0", "1"} and s.peeks == 0


# --- smaller readings ----------------------------------------------------------------------
def test_sphinx_declares_only_types_a_chamber_can_hold():
    s = A.scenario(players=2, ruin="sphinx", hands=[{"map": 1}, {}], chambers=[{"pot": 3}])
    named = {t for a in s.legal_actions() if isinstance(a, A.Explore) for t in a.named}
    assert named == set(C.treasures_in_play(2)) - {"map"}
    assert len([a for a in s.legal_actions() if isinstance(a, A.Explore)]) == 15   # C(6, 2)


def test_a_position_cannot_hold_cards_the_player_count_removes():
    with pytest.raises(IllegalAction, match="조각난 석판"):
        A.scenario(players=3, hands=[{"tablet": 1}, {}, {}])
    assert A.scenario(players=3, variants=("long",), hands=[{"tablet": 1}, {}, {}]).hands[0] == {"tablet": 1}


def test_refill_names_the_room():
    assert A.Refill("cup", 2).describe() == "보물 더미에서 깨진 유리잔 카드 1장을 3번 방에 더합니다"


def test_every_reading_has_two_sides():
    for key, reading in A.READINGS.items():
        assert reading.chosen and reading.other and reading.chosen != reading.other, key


# --- what each seat may see (seed L78, L84, L172, L180: hands and picks are never shown) ------
def test_public_view_shows_hands_and_face_down_rooms_as_counts_only():
    s = A.scenario(players=2, hands=[{"mask": 2}, {"pot": 1}], chambers=[{"coin": 2}, {}, {"cup": 1}])
    table = s.public_view()
    assert table["hands"] == [2, 1] and table["chambers"] == [2, 0, 1]
    assert s.public_view(seat=0)["hands"] == [{"mask": 2}, 1]
    assert s.public_view(reveal_all=True)["hands"] == [{"mask": 2}, {"pot": 1}]
    buried = A.scenario(players=2, ruin="buried", chambers=[{"coin": 1}, {}, {}])
    assert buried.public_view()["chambers"][0] == {"coin": 1}          # this ruin's rooms are face up


def test_what_a_dig_a_theft_and_a_tomb_pick_tell_the_others():
    dig = A.scenario(players=2, hands=[{}, {"mask": 1}], deck={"mask": 1, "thief": 1}, dig=True)
    assert "가면" not in dig.describe_action(A.Draw("mask"))
    assert "파라오 가면" in dig.describe_action(A.Draw("mask"), seat=0)     # the digger knows
    assert "도둑" in dig.describe_action(A.Draw("thief"))                 # turned face up
    steal = dig.apply(A.Draw("thief")).apply(A.ChooseVictim(1))
    assert "가면" not in steal.describe_action(A.Steal("mask"))
    assert "파라오 가면" in steal.describe_action(A.Steal("mask"), seat=1)  # the victim knows too
    tomb = A.scenario(players=2, ruin="tomb", hands=[{"map": 1}, {}], chambers=[{"pot": 3}, {"coin": 1}])
    tomb = tomb.apply(A.Explore(0))
    assert tomb.public_view()["chambers"][0] == 3 and tomb.public_view(seat=0)["chambers"][0] == {"pot": 3}
    assert "질그릇" not in tomb.describe_action(A.Keep((("pot", 2),)))


def test_one_menu_entry_for_every_treasure_the_table_cannot_tell_apart():
    s = A.scenario(players=2, hands=[{}, {}], deck={"mask": 1, "pot": 2, "thief": 1}, dig=True)
    groups = {text: (p, len(outcomes)) for text, p, outcomes in s.public_outcomes()}
    assert sorted(groups.values()) == [(Fraction(1, 4), 1), (Fraction(3, 4), 2)]


def test_a_game_can_start_from_the_hands_and_market_the_table_dealt():
    s = A.new_game(3, seed=1, hands=[{"pot": 2, "coin": 1, "mask": 1}, None, None], market={"cup": 5})
    assert s.hands[0] == {"pot": 2, "coin": 1, "mask": 1} and s.market == {"cup": 5}
    assert [sum(h.values()) for h in s.hands] == [4, 4, 4] and s.inventory() == C.COPIES
    for hands, message in (([{"pot": 3}, None, None], "4장이어야"), ([{"map": 4}, None, None], "지도"),
                           ([{"tablet": 4}, None, None], "조각난 석판"), ([{"mask": 4}, {"mask": 1, "pot": 3}, None],
                                                                     "4장뿐인데 5장")):
        with pytest.raises(IllegalAction, match=message):
            A.new_game(3, seed=1, hands=hands)


def test_the_two_sphinx_types_may_be_named_in_either_order():
    s = A.scenario(players=2, ruin="sphinx", hands=[{"map": 1}, {}], chambers=[{"pot": 3, "coin": 2}])
    assert s.apply(A.Explore(0, ("pot", "coin"))) == s.apply(A.Explore(0, ("coin", "pot")))
