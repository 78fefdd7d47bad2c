"""Concrete rule statements of the 아키올로지 rulebook that are not worked examples in the book."""
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
