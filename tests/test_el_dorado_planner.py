"""The movement planner on small hand-made positions: the chance of a space reached only by drawing
first, cave tokens held but not yet used, the other own pawn of a 2-player game. (tests/test_el_dorado_properties.py checks both against
brute force over the engine's legal actions on random positions.)

Player 1's pawn stands on S1 (-3,0) of the first-game path; its open neighbours are the machete-1
jungles (-2,0) and (-3,1), and (-2,0) leads on to the machete-1 jungle (-1,0).
"""
from fractions import Fraction

from rules import el_dorado as E

OTHERS = [["-2,-1"], ["-1,-2"]]


def _s(hand, deck=None, discard=None, tokens=None, others=OTHERS):
    return E.scenario(players=3, pawns=[["-3,0"]] + others, hands=[hand, {}, {}], decks=[deck or {}, {}, {}],
                      discards=[discard or {}, {}, {}], tokens=[tokens or {}, {}, {}], caves=bool(tokens))


def _follow(state, plan):
    for action in plan:
        state = state.apply(action)
    return state


def test_a_space_reached_only_by_drawing_has_the_chance_of_drawing_a_card_that_pays_it():
    s = _s({"scientist": 1}, deck={"explorer": 1, "sailor": 3})
    assert E.reachable(s) == {}
    assert E.reachable_by_drawing(s) == {"-2,0": (Fraction(1, 4), "scientist"), "-3,1": (Fraction(1, 4), "scientist")}


def test_an_empty_deck_draws_from_the_reshuffled_discard_pile():
    s = _s({"scientist": 1}, discard={"explorer": 1, "sailor": 3})
    assert E.reachable_by_drawing(s)["-2,0"] == (Fraction(1, 4), "scientist")
    # 나침반 draws the one card of the deck, then two of the reshuffled discard pile: an explorer surely
    s = _s({"compass": 1}, deck={"sailor": 1}, discard={"explorer": 1, "traveler": 1})
    assert E.reachable_by_drawing(s)["-2,0"] == (Fraction(1), "compass")
    s = _s({"cartographer": 1}, deck={"sailor": 1}, discard={"explorer": 1, "traveler": 1})
    assert E.reachable_by_drawing(s)["-2,0"] == (Fraction(1, 2), "cartographer")


def test_the_best_draw_card_is_named_and_the_chances_add_up_over_two_draws():
    s = _s({"scientist": 1, "compass": 1}, deck={"explorer": 1, "traveler": 5})
    # both: 4 of the 6 cards are drawn in all, 1 - C(5,4)/C(6,4) = 2/3 in either order (the tie goes to the first name)
    assert E.reachable_by_drawing(s)["-2,0"] == (Fraction(2, 3), "compass")


def test_the_draw_token_draws_too_and_nothing_to_draw_means_no_chance():
    s = _s({}, deck={"explorer": 1, "sailor": 1}, tokens={"draw": 1})
    assert E.reachable_by_drawing(s)["-2,0"] == (Fraction(1, 2), "tok:draw")
    assert E.reachable_by_drawing(_s({"compass": 1, "explorer": 1})) == {}


def test_spaces_certain_with_the_hand_are_not_repeated_as_chances():
    s = _s({"explorer": 1, "scientist": 1}, deck={"scout": 1, "sailor": 2})
    chances = E.reachable_by_drawing(s)
    assert set(E.reachable(s)) == {"-2,0", "-3,1"}
    assert "-2,0" not in chances and chances["-1,0"] == (Fraction(1, 3), "scientist")


def test_a_held_change_symbol_token_is_used_where_it_helps():
    s = _s({"explorer": 1, "traveler": 1}, tokens={"change_symbol": 1})
    plan = E.reachable(s)["-1,0"]
    assert E.UseToken("change_symbol") in plan
    assert _follow(s, plan).pawns[0] == ["-1,0"]
    assert "-1,0" not in E.reachable(_s({"explorer": 1, "traveler": 1}))


def test_a_held_pass_token_is_used_first_only_for_spaces_behind_a_pawn():
    others = [["-2,0"], ["-1,-2"]]
    s = _s({"scout": 1}, tokens={"pass_occupied": 1}, others=others)
    plans = E.reachable(s)
    assert plans["-1,0"][0] == E.UseToken("pass_occupied")
    assert _follow(s, plans["-1,0"]).pawns[0] == ["-1,0"]
    assert E.UseToken("pass_occupied") not in plans["-3,1"]
    assert "-1,0" not in E.reachable(_s({"scout": 1}, others=others))


def test_two_players_the_other_own_pawn_may_step_aside_first():
    """2-player game (L268-L270): the player picks the pawn card by card, so pawn 2 may step off the
    jungle (-1,0) with 탐험가 before pawn 1 goes on with 길잡이 through it to (0,0). A search that
    keeps pawn 2 still finds neither space."""
    s = E.scenario(players=2, pawns=[["-2,0", "-1,0"], ["-2,-1", "-1,-2"]],
                   hands=[{"explorer": 1, "scout": 1}, {}])
    plans = E.reachable(s, 0)
    assert {"-1,0", "0,0"} <= set(plans)
    for target in ("-1,0", "0,0"):
        plan = plans[target]
        assert plan[0].pawn == 1                     # the other pawn goes first
        assert _follow(s, plan).pawns[0][0] == target
    # Keeping pawn 2 still, pawn 1 could not enter (-1,0): the engine refuses the step
    assert E.Move(0, "-1,0", "scout") not in s.legal_actions()
    assert set(E.reachable(s)) == set(plans) | set(E.reachable(s, 1))
