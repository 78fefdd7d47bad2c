"""Concrete rule statements of the 아틀란다이스 rulebook (setup, round, abilities, scoring, 2 players),
and the checks of the board data file."""
from fractions import Fraction
import random
from pathlib import Path

import pytest

from rules import CHANCE, TERMINAL, IllegalAction
from rules import atlandice as A
from rules.atlandice import components as C, odds

ALL = {"gem": 0, "book": 0, "food": 0, "tool": 0, "weapon": 0}


def _roll(state, faces):
    for f in faces:
        state = state.apply(A.RollDie(f))
    return state


def _last_pick(players=3, first=0, track=None, hands=None, black_market=1, **kw):
    """A position with one visit left before the clock step (one die will be left over)."""
    values = C.board_values()
    values["black_market_hands"] = black_market
    if track is not None:
        values["clock_track"] = track
    if hands is not None:
        values["clock_hands"] = hands
    picks = 5 if players != 4 else 7
    return A.scenario(players=players, picks=picks, first=first, board_data=values, **kw)


# --- 3. 게임 준비 (seed L30–L37, L11–L25) ----------------------------------------------------
@pytest.mark.parametrize("n, dice, stack, box", [(2, 7, 7, 2), (3, 7, 7, 2), (4, 9, 9, 0)])
def test_setup_counts_per_player_number(n, dice, stack, box):
    s = A.new_game(n, seed=3)
    assert s.to_roll == dice and s.dice_box == 9 - dice
    for d in C.DISTRICTS:
        assert s.heritage_at(d) == {C.DISTRICT_HERITAGE[d]: stack}     # its own heritage only
        assert len(s.stacks[d - 1]) == 3 and set(s.stacks[d - 1]) == set(C.board_ids(d))
    assert s.heritage_at(C.MARKET) == {t: 3 for t in C.HERITAGE}
    assert s.box == [box] * 5
    assert s.clock == 0 and s.clock_event() == "start" and s.submarine == 4
    assert s.current_player() == CHANCE and s.phase == "roll"
    assert s.inventory() == {**{t: 12 for t in C.HERITAGE}, "board": 15, "die": 9}


def test_setup_shuffles_stacks_and_draws_a_random_first_player():
    games = [A.new_game(4, seed=k) for k in range(40)]
    assert len({g.first for g in games}) == 4
    assert len({tuple(g.stacks[0]) for g in games}) > 1


def test_first_player_rolls_every_die_one_chance_node_each():
    s = A.new_game(4, seed=1)
    for k in range(9):
        assert s.current_player() == CHANCE
        assert s.chance_outcomes() == [(A.RollDie(f), Fraction(1, 6)) for f in range(1, 7)]
        s = s.apply(A.RollDie(1 + k % 6))
    assert s.current_player() == s.first and s.phase == "pick"


# --- 4. 게임 진행: 문 열기, 지역 방문 (seed L38–L56, L87–L88) ----------------------------------
def test_a_district_without_dice_cannot_be_visited():
    s = _roll(A.new_game(3, seed=0), [1, 1, 2, 2, 6, 6, 3])
    assert {a.area for a in s.legal_actions()} == {1, 2, 3, 6}
    before = s.to_json()
    with pytest.raises(IllegalAction, match="주사위가 없는 지역은 방문할 수 없습니다"):
        s.apply(A.TakeDie(4))
    assert s.to_json() == before


def test_any_heritage_of_the_visited_area_may_be_taken():
    s = A.scenario(players=3, dice={1: 2, 2: 2, 3: 2, 6: 1}, boards={1: {"gem": 2, "tool": 1}})
    s = s.apply(A.TakeDie(1))
    assert set(s.legal_actions()) == {A.TakeHeritage("gem"), A.TakeHeritage("tool")}
    with pytest.raises(IllegalAction, match="보석 가게에 무기가 없습니다"):
        s.apply(A.TakeHeritage("weapon"))
    assert s.apply(A.TakeHeritage("tool")).held(0) == {"tool": 1}


def test_submarine_gives_one_more_heritage_if_there_is_any():
    s = A.scenario(players=3, submarine=3, market={}, dice={3: 2, 2: 2, 4: 2, 6: 1}, boards={3: {"food": 1}})
    s = _reveal(s.apply(A.TakeDie(3)).apply(A.TakeHeritage("food")), "3b")
    assert s.phase == "pick" and s.current_player() == 1       # nothing left for the extra one (nor to move)
    assert s.won[0] == ["3a"] and s.heritage_at(C.MARKET) == {"food": 1}   # the one food came back
    two = A.scenario(players=3, submarine=3, market={}, dice={3: 2, 2: 2, 4: 2, 6: 1}, boards={3: {"food": 3}})
    two = two.apply(A.TakeDie(3)).apply(A.TakeHeritage("food"))
    assert two.phase == "take" and two.apply(A.TakeHeritage("food")).held(0) == {"food": 2}


def test_visits_go_clockwise_twice_and_one_die_is_left():
    s = _roll(A.new_game(3, seed=2), [1, 2, 3, 6, 6, 6, 6])
    first = s.first
    order = []
    while s.phase != "roll" and not s.is_terminal():
        p = s.current_player()
        if s.phase == "pick":
            order.append(p)
            s = s.apply(A.TakeDie(6) if A.TakeDie(6) in s.legal_actions() else s.legal_actions()[0])
        else:
            s = s.apply(s.legal_actions()[0]) if p != CHANCE else s.apply(A.Reroll(2))
    assert order == [(first + k) % 3 for k in range(6)]
    assert sum(s.taken) == 0 and s.to_roll == 7                # all seven dice come back for the roll
    assert s.first == (first + 1) % 3                          # the token passes left


def test_four_players_visit_clockwise_twice_and_one_die_is_left():
    s = _roll(A.new_game(4, seed=2), [1, 2, 3, 4, 5, 6, 6, 6, 6])
    first, order, left = s.first, [], None
    while s.phase != "roll" and not s.is_terminal():
        p = s.current_player()
        if s.phase == "pick":
            order.append(p)
            left = sum(s.dice) - 1                              # dice in the city once this pick is made
            s = s.apply(A.TakeDie(6) if A.TakeDie(6) in s.legal_actions() else s.legal_actions()[0])
        else:
            s = s.apply(s.legal_actions()[0]) if p != CHANCE else s.apply(s.chance_outcomes()[0][0])
    assert order == [(first + k) % 4 for k in range(8)] and left == 1     # L53: one die is left on the board
    assert s.to_roll == 9 and s.first == (first + 1) % 4


def test_an_area_with_a_die_but_no_heritage_can_be_visited_and_its_ability_still_applies():
    # The seed forbids only areas without a die (L55); READINGS['empty_area_visit'].
    for district, phase in ((3, "inn"), (4, "workshop")):
        s = A.scenario(players=3, first=0, dice={district: 1, 6: 6}).apply(A.TakeDie(district))
        assert s.phase == phase and s.held(0) == {} and s.current_player() == 0


def test_the_market_has_no_ability():
    s = A.scenario(players=3, dice={6: 2, 1: 2, 2: 3})
    s = s.apply(A.TakeDie(6)).apply(A.TakeHeritage("book"))
    assert s.phase == "pick" and s.current_player() == 1


# --- 6. 시설 보드 능력 (seed L96–L107; 보석 가게는 S2·S7, 도서관은 잠정값) ---------------------
def test_jeweler_takes_one_more_on_an_odd_roll():
    s = A.scenario(players=3, dice={1: 2, 2: 2, 3: 3}, boards={1: {"gem": 3}})
    s = s.apply(A.TakeDie(1)).apply(A.TakeHeritage("gem"))
    assert s.phase == "reroll"
    assert s.apply(A.Reroll(2)).held(0) == {"gem": 1}
    odd = s.apply(A.Reroll(5))
    assert odd.source == 1
    assert odd.apply(A.TakeHeritage("gem")).held(0) == {"gem": 2}


def test_forge_takes_from_the_market_on_a_six_by_default():
    s = A.scenario(players=3, dice={5: 2, 2: 2, 3: 3}, boards={5: {"weapon": 3}})
    s = s.apply(A.TakeDie(5)).apply(A.TakeHeritage("weapon"))
    assert s.apply(A.Reroll(5)).phase == "pick"
    six = s.apply(A.Reroll(6))
    assert six.source == C.MARKET and len(six.legal_actions()) == 5
    assert six.apply(A.TakeHeritage("book")).held(0) == {"weapon": 1, "book": 1}


def test_forge_cannot_be_used_with_an_empty_market():
    s = A.scenario(players=3, market={}, dice={5: 2, 2: 2, 3: 3}, boards={5: {"weapon": 3}})
    s = s.apply(A.TakeDie(5)).apply(A.TakeHeritage("weapon"))
    assert s.phase == "pick"                                    # no re-roll at all


def test_inn_moves_market_heritage_to_another_board_but_never_the_inn():
    s = A.scenario(players=3, market={"gem": 1}, dice={3: 2, 2: 2, 1: 3}, boards={3: {"food": 3}})
    s = s.apply(A.TakeDie(3)).apply(A.TakeHeritage("food"))
    assert s.phase == "inn"
    assert set(s.legal_actions()) == {A.MoveHeritage("gem", d) for d in (1, 2, 4, 5)}
    with pytest.raises(IllegalAction, match="여관\\(3번\\) 보드로 옮길 수 없습니다"):
        s.apply(A.MoveHeritage("gem", 3))
    after = s.apply(A.MoveHeritage("gem", 4))
    assert after.heritage_at(4) == {"gem": 1} and after.heritage_at(C.MARKET) == {}


def test_inn_cannot_be_used_with_an_empty_market():
    s = A.scenario(players=3, market={}, dice={3: 2, 2: 2, 1: 3}, boards={3: {"food": 3}})
    assert s.apply(A.TakeDie(3)).apply(A.TakeHeritage("food")).phase == "pick"


def test_workshop_moves_the_submarine_to_another_board():
    s = A.scenario(players=3, submarine=4, dice={4: 2, 2: 2, 1: 3}, boards={4: {"tool": 3}})
    s = s.apply(A.TakeDie(4)).apply(A.TakeHeritage("tool")).apply(A.TakeHeritage("tool"))
    assert set(s.legal_actions()) == {A.MoveSubmarine(d) for d in (1, 2, 3, 5)}
    with pytest.raises(IllegalAction, match="다른 시설 보드로"):
        s.apply(A.MoveSubmarine(4))
    assert s.apply(A.MoveSubmarine(1)).submarine == 1


def test_library_set_die_moves_a_remaining_die():
    s = A.scenario(players=3, dice={2: 2, 4: 1, 1: 4}, boards={2: {"book": 2}})
    s = s.apply(A.TakeDie(2)).apply(A.TakeHeritage("book"))
    assert s.phase == "library"
    assert A.SetDie(4, 6) in s.legal_actions() and A.SetDie(4, 4) not in s.legal_actions()
    after = s.apply(A.SetDie(4, 5))
    assert after.dice == [4, 1, 0, 0, 1, 0]


def test_library_none_does_nothing():
    values = C.board_values() | {"library_ability": "none"}
    s = A.scenario(players=3, dice={2: 2, 4: 1, 1: 4}, boards={2: {"book": 2}}, board_data=values)
    assert s.apply(A.TakeDie(2)).apply(A.TakeHeritage("book")).phase == "pick"


# --- 중간 점수 계산 (seed L61–L67) ----------------------------------------------------------------
def _reveal(s, board):
    """The table turns up `board` as the stack's new top board (the chance step after a depletion)."""
    d = C.board_district(board)
    assert s.phase == "reveal" and s.current_player() == CHANCE and s.public_view()["districts"][d - 1]["top_board"] is None
    return s.apply(A.RevealBoard(d, s.board.hands[board]))


def _empty_jewels(holdings, market=None, stacks=None, first=0, comes_up="1b"):
    """In a 3-player game, player `first` takes the last gem of the 보석 가게 (so no re-roll);
    then `comes_up` is the board the table turns up (None: the stack is gone)."""
    s = A.scenario(players=3, first=first, holdings=holdings, market=market, stacks=stacks,
                   boards={1: {"gem": 1}}, dice={1: 2, 2: 2, 3: 3})
    s = s.apply(A.TakeDie(1)).apply(A.TakeHeritage("gem"))
    if comes_up:
        s = _reveal(s, comes_up)
    assert s.phase == "pick"
    return s


def test_depletion_single_leader_takes_the_board_second_gets_one():
    s = _empty_jewels([{"gem": 2}, {"gem": 4}, {"gem": 1}], stacks={1: ["1b", "1a", "1c"]}, comes_up="1c")
    assert s.won[1] == ["1b"] and s.tokens == [1, 0, 0]         # player 0 has 3 gems now: second
    assert s.top_board(1) == "1c"


def test_the_next_board_of_a_stack_comes_up_as_a_chance_step():
    s = A.scenario(players=3, boards={1: {"gem": 1}}, dice={1: 2, 2: 2, 3: 3},
                   board_data=C.board_values() | {"clock_hands": {"1": [1, 2, 2], "2": [1, 2, 3], "3": [1, 2, 3],
                                                                  "4": [1, 2, 3], "5": [1, 2, 3]}})
    s = s.apply(A.TakeDie(1)).apply(A.TakeHeritage("gem"))     # 1a is scored; 1b and 1c (2 icons each) are left
    assert s.phase == "pick" and s.top_board(1) in ("1b", "1c")   # both show 2 icons: nothing to tell apart
    three = A.scenario(players=3, boards={1: {"gem": 1}}, dice={1: 2, 2: 2, 3: 3})
    three = three.apply(A.TakeDie(1)).apply(A.TakeHeritage("gem"))
    assert three.chance_outcomes() == [(A.RevealBoard(1, 2), Fraction(1, 2)), (A.RevealBoard(1, 3), Fraction(1, 2))]
    assert three.public_view()["districts"][0]["top_clock_hands"] is None
    with pytest.raises(IllegalAction, match="더미에서 드러날 보드가 무작위로"):
        three.apply(A.TakeDie(2))
    with pytest.raises(IllegalAction):
        three.apply(A.RevealBoard(1, 1))                        # 1a, the only 1-icon board, is gone
    up = three.apply(A.RevealBoard(1, 3))
    assert up.top_board(1) == "1c" and up.phase == "pick" and up.current_player() == 1
    assert up.public_view()["districts"][0]["top_clock_hands"] == 3


def test_depletion_tied_seconds_each_get_one():
    s = _empty_jewels([{"gem": 1}, {"gem": 4}, {"gem": 2}])
    assert s.won[1] and s.tokens == [1, 0, 1]


def test_depletion_tie_for_first_one_board_others_three_no_second():
    s = _empty_jewels([{"gem": 2}, {"gem": 3}, {"gem": 3}], first=0)
    # 0 now holds 3 too: a three-way tie. The board goes to the visitor; the others get 3 tokens.
    assert s.won[0] and s.tokens == [0, 3, 3]
    s = _empty_jewels([{"gem": 1}, {"gem": 3}, {"gem": 3}], first=0)
    assert s.won[1] and s.tokens == [0, 0, 3]                   # 2 gems for player 0: no second prize


def test_depletion_returns_heritage_market_up_to_three_then_new_board():
    s = _empty_jewels([{"gem": 2}, {"gem": 4}, {"gem": 1}], market={"gem": 1})
    assert all(s.held(p).get("gem", 0) == 0 for p in range(3))
    assert s.heritage_at(C.MARKET) == {"gem": 3}                 # 1 + 2 of the 8 returned
    assert s.heritage_at(1) == {"gem": 6}
    full = _empty_jewels([{"gem": 2}, {"gem": 4}, {"gem": 1}], market={"gem": 4})
    assert full.heritage_at(C.MARKET) == {"gem": 4} and full.heritage_at(1) == {"gem": 8}


def test_third_board_gone_retires_the_district():
    s = _empty_jewels([{"gem": 2}, {"gem": 4}, {"food": 1}], market={"gem": 2, "book": 1}, stacks={1: ["1c"]},
                      comes_up=None)
    assert s.stacks[0] == [] and not s.in_play(1)
    assert s.box[0] == 12 and s.heritage_at(C.MARKET) == {"book": 1}
    assert s.dice[0] == 0 and s.dice[C.MARKET - 1] == 1          # the other "1" die moves by the market
    s = A.scenario(players=3, stacks={1: []}, boards={}, market={"book": 3})
    s = _roll(s, [1, 1, 1, 2, 2, 6, 3])
    assert s.dice == [0, 2, 1, 0, 0, 4]


def test_nobody_holding_the_type_sends_the_board_to_the_box():
    s = A.scenario(players=3, dice={1: 2, 2: 2, 3: 3}, boards={1: {"book": 1}})
    s = _reveal(s.apply(A.TakeDie(1)).apply(A.TakeHeritage("book")), "1b")
    assert s.phase == "pick"                                   # an empty 보석 가게: no re-roll
    assert s.boards_box == ["1a"] and s.tokens == [0, 0, 0] and s.top_board(1) == "1b"


def test_inn_moves_never_trigger_depletion():
    s = A.scenario(players=3, market={"gem": 1}, dice={3: 2, 2: 2, 1: 3}, boards={3: {"food": 2}})
    s = s.apply(A.TakeDie(3)).apply(A.TakeHeritage("food")).apply(A.MoveHeritage("gem", 1))
    assert s.top_board(3) == "3a" and s.heritage_at(3) == {"food": 1}


# --- 3 - 시계바늘, 이벤트 (seed L68–L86) -----------------------------------------------------------
def test_check_event_ties_all_gain_one():
    track = ["start", "check:book", "", "wave"]
    s = _last_pick(track=track, holdings=[{"book": 2}, {"book": 2}, {"book": 1}], dice={6: 1, 1: 1})
    s = s.apply(A.TakeDie(6)).apply(A.TakeHeritage("gem"))
    assert s.tokens == [1, 1, 0]


def test_events_happen_only_where_the_hand_stops():
    track = ["start", "check:book", "", "wave"]
    s = _last_pick(track=track, black_market=2, holdings=[{"book": 2}, {}, {}], dice={6: 1, 1: 1},
                   boards={1: {"gem": 3}})
    s = s.apply(A.TakeDie(1)).apply(A.TakeHeritage("gem"))
    s = s.apply(A.Reroll(2))
    assert s.clock == 2 and s.tokens == [0, 0, 0]


def test_donation_in_any_number_in_turn_order():
    track = ["start", "donate", "", "wave"]
    s = _last_pick(track=track, first=1, holdings=[{"tool": 4}, {"gem": 1, "food": 1}, {"book": 2}],
                   dice={6: 1, 1: 1})
    s = s.apply(A.TakeDie(6)).apply(A.TakeHeritage("food"))     # player 0 takes the sixth die
    assert s.phase == "donation" and s.queue == [1, 2, 0]
    assert s.legal_actions() == [A.Donate("gem", "food"), A.EndDonation()]
    with pytest.raises(IllegalAction, match="기부"):
        s.apply(A.Donate("gem", "gem"))
    s = s.apply(A.EndDonation()).apply(A.Donate("book", "book"))
    s = s.apply(A.Donate("tool", "tool")).apply(A.Donate("food", "tool"))
    assert s.tokens == [2, 0, 1] and s.held(0) == {"tool": 1}
    assert s.heritage_at(2) == {"book": 2} and s.heritage_at(4) == {"tool": 3}
    assert s.heritage_at(3) == {"food": 1}
    assert s.phase == "roll"


def test_the_game_ends_on_the_wave_right_after_the_clock_step():
    track = ["start", "", "donate", "wave"]
    s = _last_pick(track=track, black_market=3, clock=1, holdings=[{"gem": 4}, {}, {}], dice={6: 1, 1: 1},
                   boards={1: {"gem": 3}})
    end = s.apply(A.TakeDie(1)).apply(A.TakeHeritage("gem"))
    end = end.apply(A.Reroll(2))
    assert end.clock == 3 and end.is_terminal() and end.current_player() == TERMINAL
    assert end.legal_actions() == [] and end.tokens == [0, 0, 0]   # passing the 기부 space does nothing
    with pytest.raises(IllegalAction, match="게임이 이미 끝났습니다"):
        end.apply(A.RollDie(1))


# --- 5. 게임 종료: 최종 점수 (seed L89–L95) ---------------------------------------------------------
def _final(holdings, **kw):
    """The last visit of a game (player 2 takes the market's only heritage, a food); the clock ends it."""
    end = _last_pick(track=["start", "wave"], holdings=holdings, dice={6: 1, 2: 1}, market={"food": 1}, **kw)
    return end.apply(A.TakeDie(6)).apply(A.TakeHeritage("food"))


def test_final_scoring_three_and_one_per_type():
    end = _final([{"gem": 3}, {"gem": 2}, {"gem": 1}])
    assert end.is_terminal()
    assert end.scores() == [3, 1, 3]                              # player 2 took the food: 3 for it
    assert end.final_majority_points() == [3, 1, 3]


def test_final_scoring_tied_leaders_all_three_no_second():
    end = _final([{"book": 2}, {"book": 2}, {"book": 1, "food": 1}])
    assert end.final_majority_points() == [3, 3, 3]              # book 3+3; food 2 for player 2 alone


def test_final_scoring_tied_seconds_each_one():
    end = _final([{"tool": 3}, {"tool": 1}, {"tool": 1}])
    assert end.final_majority_points() == [3, 1, 1 + 3]


def test_boards_are_three_each_and_tokens_count():
    end = _final([{}, {}, {}], tokens=[2, 0, 5], won=[["1a", "2b"], [], []],
                 stacks={1: ["1b", "1c"], 2: ["2a", "2c"]})
    assert end.scores() == [2 + 6, 0, 5 + 3]


def test_a_tie_is_a_shared_victory():
    end = _final([{"gem": 1}, {"book": 1}, {}], tokens=[3, 3, 0])
    assert end.scores() == [6, 6, 3] and end.winners() == [0, 1]


# --- 7. 2인용 규칙 (seed L109–L116) -----------------------------------------------------------------
def test_two_players_draft_three_dice_each_and_give_one_to_the_virtual_player():
    s = _roll(A.new_game(2, seed=5), [1, 2, 3, 4, 5, 6, 6])
    p = s.first
    assert {a.kind for a in s.legal_actions()} == {"die"}
    assert A.GiveDie(6) in s.legal_actions() and A.TakeDie(6) in s.legal_actions()
    picks = 0
    while s.phase != "roll":
        if s.current_player() == CHANCE:
            s = s.apply(A.Reroll(2))
            continue
        if s.phase == "pick":
            picks += 1
            if s.current_player() == p and picks == 1:
                s = s.apply(s.legal_actions()[-1])                   # p gives its first die
                assert not any(isinstance(a, A.GiveDie) for a in _after_visit(s, p))
                continue
            acts = s.legal_actions()
            if s.current_player() != p and picks == 6:
                assert all(isinstance(a, A.GiveDie) for a in acts)  # the third die must be given
            s = s.apply([a for a in acts if isinstance(a, A.TakeDie)][0] if any(
                isinstance(a, A.TakeDie) for a in acts) else acts[0])
            continue
        s = s.apply(s.legal_actions()[0])
    assert picks == 6 and s.to_roll == 7


def _after_visit(state, player):
    """Play the current visit out; the legal picks when `player` picks next."""
    while not (state.phase == "pick" and state.current_player() == player):
        state = state.apply(A.Reroll(2) if state.current_player() == CHANCE else state.legal_actions()[0])
    return state.legal_actions()


def test_the_virtual_player_takes_the_chosen_heritage_and_the_submarine_extra():
    s = A.scenario(players=2, submarine=1, dice={1: 4, 2: 3}, boards={1: {"gem": 3, "book": 1}})
    s = s.apply(A.GiveDie(1))
    assert s.current_player() == 0 and s.beneficiary == 2
    s = s.apply(A.TakeHeritage("book")).apply(A.TakeHeritage("gem"))
    assert s.held(2) == {"gem": 1, "book": 1} and s.held(0) == {}
    s = s.apply(A.Reroll(3)).apply(A.TakeHeritage("gem"))          # the 보석 가게 works for it too
    assert s.held(2) == {"gem": 2, "book": 1} and s.gave == [True, False]
    with pytest.raises(IllegalAction):
        s.apply(A.RollDie(1))


def test_the_virtual_player_competes_for_majorities_but_never_wins():
    s = _roll(A.scenario(players=2, holdings=[{"gem": 1}, {"gem": 2}, {"gem": 5}]), [1] * 7)
    assert s.majority("gem") == {2: 1, 1: 2}
    track = ["start", "wave"]
    values = C.board_values() | {"clock_track": track}
    end = A.scenario(players=2, picks=5, holdings=[{"gem": 1}, {"gem": 2}, {"gem": 5}], dice={6: 1, 2: 1},
                     gave=[True, True], board_data=values, virtual_vp=True)
    end = end.apply(A.TakeDie(6)).apply(A.TakeHeritage("food"))
    assert end.is_terminal() and end.scores() == [0, 3 + 1]
    assert end.virtual_score() == 3 and end.winners() == [1]
    quiet = A.scenario(players=2, holdings=[{}, {}, {"gem": 5}])
    assert quiet.virtual_score() is None


def _virtual_depletion(holdings, virtual_vp=False):
    """2 players: seat 0 takes the last gem of the 보석 가게, so a depletion is scored with the virtual player (seat 2)."""
    s = A.scenario(players=2, holdings=holdings, market={}, boards={1: {"gem": 1}}, dice={1: 2, 2: 2, 3: 3},
                   virtual_vp=virtual_vp)
    return s.apply(A.TakeDie(1)).apply(A.TakeHeritage("gem"))


def test_the_virtual_player_can_lead_a_depletion_and_take_the_board():
    # L115: the virtual player competes for majorities; it leads with 5, the humans tie for second with 2.
    s = _virtual_depletion([{"gem": 1}, {"gem": 2}, {"gem": 5}])
    assert s.won == [[], [], ["1a"]] and s.tokens == [1, 1, 0]


def test_a_human_tied_with_the_virtual_player_takes_the_board():
    # READINGS['depletion_tie']: the board goes to the first tied leader from the visitor, the virtual player last.
    for vp, tokens in ((False, [0, 0, 0]), (True, [0, 0, 3])):
        s = _virtual_depletion([{"gem": 1}, {"gem": 5}, {"gem": 5}], virtual_vp=vp)
        assert s.won == [[], ["1a"], []] and s.tokens == tokens        # seat 0 (2 gems) gets no second prize


def test_the_virtual_player_is_never_asked_to_donate():
    # READINGS['virtual_donation']: only humans donate; the virtual player's heritage stays where it is.
    track = ["start", "donate", "", "wave"]
    s = _last_pick(players=2, track=track, holdings=[{"tool": 2}, {"gem": 2}, {"book": 4, "food": 2}],
                   dice={6: 1, 1: 1}, gave=[True, True])
    s = s.apply(A.TakeDie(6)).apply(A.TakeHeritage("food"))
    assert s.phase == "donation" and 2 not in s.queue and s.current_player() != 2
    while s.phase == "donation":
        assert s.current_player() in (0, 1)
        s = s.apply(s.legal_actions()[0])
    assert s.held(2) == {"book": 4, "food": 2} and s.tokens[2] == 0


def test_the_virtual_player_gets_vp_tokens_only_when_chosen():
    track = ["start", "check:gem", "wave"]
    values = C.board_values() | {"clock_track": track}
    for vp, expected in ((False, [0, 0, 0]), (True, [0, 0, 1])):
        s = A.scenario(players=2, picks=5, holdings=[{"gem": 1}, {}, {"gem": 5}], dice={6: 1, 2: 1},
                       gave=[True, True], board_data=values, virtual_vp=vp)
        s = s.apply(A.TakeDie(6)).apply(A.TakeHeritage("food"))
        assert s.tokens == expected


# --- 구성품 자료 (components.json) ----------------------------------------------------------------
def test_the_data_file_lists_every_unverified_board_value():
    rows = C.unverified()
    assert {what for what, _, _ in rows} >= {"시설 보드별 시곗바늘 아이콘 수", "도서관 능력",
                                             "시계 칸 배치 (칸 수, 확인·기부 이벤트 위치)",
                                             "시장(암시장)에 남은 주사위의 시계 전진 칸 수"}
    assert all(note for _, _, note in rows)


@pytest.mark.parametrize("change, words", [
    ({"clock_hands": {"1": [1, 2, 3]}}, "시설 1~5번마다"),
    ({"clock_hands": {str(d): [1, 2, 3] for d in range(1, 5)} | {"5": [1, 2]}}, "5번\\(대장간\\)에는 보드 3장"),
    ({"clock_hands": {str(d): [1, 2, 3] for d in range(1, 5)} | {"5": [1, 2, 4]}}, "5c의 시곗바늘 아이콘 수는 1~3"),
    ({"black_market_hands": 0}, "시장의 시계 전진 칸 수는 1 이상"),
    ({"clock_track": ["", "wave"]}, "첫 칸은 시작 칸\\(화살표 칸\\)이어야 합니다 \\(받은 값: '이벤트 없음'\\)"),
    ({"clock_track": ["start", "check:gem"]}, "마지막 칸은 파도 칸이어야 합니다 \\(받은 값: '확인: 보석'\\)"),
    ({"clock_track": ["start", "check:gold", "wave"]}, "2번째 칸을 알 수 없습니다.*'check:gold'"),
    ({"library_ability": "swap"}, "도서관 능력은 주사위 바꾸기 또는 능력 없음 중 하나여야 합니다. 실물의 능력이 이 둘과 "
                                  "다르면 엔진에 그 능력을 새로 넣어야"),
    ({"clock_hands": {str(d): [1, 2, 3] for d in range(1, 6)} | {"4": [2, 2, 2]}}, "작업장 보드 3장의 시곗바늘 아이콘 수가 "
                                                                                  "모두 2개로 같습니다. 원문 103행"),
    ({"extra": 1}, "알 수 없는 항목"),
])
def test_bad_board_data_is_refused_in_korean(change, words):
    values = C.board_values() | change
    with pytest.raises(IllegalAction, match=words):
        C.board_from_values(values)
    with pytest.raises(IllegalAction, match="구성품 자료"):
        A.new_game(3, board_data=values)


def test_only_the_workshop_is_held_to_l103_and_the_inn_example_only_warns():
    # L103 says the 작업장 boards differ in icons; nothing in the seed says it of the others.
    values = C.board_values()
    values["clock_hands"] = {str(d): [2, 2, 2] for d in (1, 2, 5)} | {"3": [1, 1, 3], "4": [1, 1, 3]}
    assert C.board_from_values(values).hands["1a"] == 2
    assert C.board_warnings(C.board_values()) == []
    warnings = C.board_warnings(values)              # no 여관 board with 2 hands: L70–L72's example fails
    assert len(warnings) == 1 and "원문 70~72행" in warnings[0]
    for seed in range(50):
        row = C.random_board_values(random.Random(seed))["clock_hands"]["4"]
        assert len(set(row)) > 1


def test_missing_board_data_is_named():
    values = C.board_values()
    del values["clock_track"]
    with pytest.raises(IllegalAction, match="항목이 없습니다: 시계 칸"):
        C.board_from_values(values)


def test_bad_options_are_refused_in_korean():
    with pytest.raises(IllegalAction, match="2~4명"):
        A.new_game(5)
    with pytest.raises(IllegalAction, match="대장간 읽기는"):
        A.new_game(3, forge_source="smithy")
    with pytest.raises(IllegalAction, match="주사위는 7개"):
        A.scenario(players=3, dice={1: 3})


def test_public_view_shows_top_boards_and_hides_the_rest():
    s = A.new_game(3, seed=9)
    view = s.public_view()
    for d, district in zip(C.DISTRICTS, view["districts"]):
        assert district["top_board"] == s.stacks[d - 1][0] and district["boards_left"] == 3
    text = str(view)
    for stack in s.stacks:
        for hidden in stack[1:]:
            assert f"'{hidden}'" not in text
    staff = s.public_view(reveal_all=True)
    assert [d["stack"] for d in staff["districts"]] == [sorted(stack[1:]) for stack in s.stacks]


def test_actions_for_the_virtual_player_say_so():
    s = A.scenario(players=2, dice={1: 4, 2: 3}, boards={1: {"gem": 3}})
    assert s.describe_action(A.GiveDie(1), names=["은지", "용빈"]) == "보석 가게의 주사위를 가상 플레이어에게 줍니다"
    s = s.apply(A.GiveDie(1))
    assert "가상 플레이어를 위해" in s.describe_action(A.TakeHeritage("gem"))
    s = s.apply(A.TakeHeritage("gem"))
    assert [(p, o) for _, p, o in s.public_outcomes()] == [(Fraction(1, 6), [A.Reroll(f)]) for f in range(1, 7)]


def test_final_scoring_ignores_heritage_left_on_the_boards():
    end = _final([{"gem": 1}, {}, {}], boards={1: {"gem": 6}, 2: {"book": 4}})
    assert end.final_majority_points() == [3, 0, 3]


def test_the_virtual_player_may_get_the_first_second_or_third_die():
    for given_at in (0, 1, 2):
        s = A.scenario(players=2, first=0, dice={1: 2, 2: 2, 3: 2, 6: 1}, market={})
        own = 0
        while s.phase != "roll":
            if s.phase != "pick":
                s = s.apply(A.Reroll(2) if s.current_player() == CHANCE else s.legal_actions()[0])
                continue
            if s.current_player() == 0:
                area = next(a for a in C.AREAS if s.dice[a - 1])
                s = s.apply(A.GiveDie(area) if own == given_at else A.TakeDie(area))
                own += 1
            else:
                s = s.apply(s.legal_actions()[-1])
        assert own == 3 and s.to_roll == 7       # the round ended: each human gave exactly one die


def test_scores_mid_game_are_what_the_end_would_give():
    s = A.scenario(players=3, holdings=[{"gem": 2}, {"gem": 1}, {}], tokens=[1, 0, 0],
                   won=[["1a"], [], []], stacks={1: ["1b", "1c"]})
    assert s.scores() == [1 + 3 + 3, 1, 0]


def test_the_clock_reads_the_top_board_after_a_depletion_this_round():
    hands = {"1": [1, 3, 2], "2": [1, 2, 3], "3": [1, 2, 3], "4": [1, 2, 3], "5": [1, 2, 3]}
    s = _last_pick(track=["start"] + [""] * 8 + ["wave"], hands=hands, holdings=[{}, {}, {"gem": 1}],
                   dice={1: 2}, boards={1: {"gem": 1}})
    assert s.last_die_advance(1) == 1                          # board 1a on top now
    s = s.apply(A.TakeDie(1)).apply(A.TakeHeritage("gem"))     # 1a is emptied and scored
    assert s.won[2] == ["1a"] and s.clock == 0
    assert _reveal(s, "1b").clock == 3 and _reveal(s, "1c").clock == 2   # the board that comes up moves the clock


def test_every_reading_has_two_sides_and_quotes_the_seed_exactly():
    seed = (Path(__file__).resolve().parents[2] / "shared" / "seeds" / "001_ecdcf143c06e36c7.txt")
    text = seed.read_text(encoding="utf-8") if seed.exists() else None
    for key, reading in A.READINGS.items():
        assert reading.chosen and reading.other and reading.chosen != reading.other, key
        if text is not None:
            for part in reading.text.split(" / "):
                for piece in filter(None, part.split(" ... ")):
                    assert piece in text, (key, piece)


def test_open_chance_counts_retired_districts_with_the_market():
    fresh = A.new_game(4, seed=1)
    chance = odds.open_chance(fresh)
    assert chance[1] == 1 - Fraction(5, 6) ** 9 and chance[C.MARKET] == chance[1]
    retired = A.scenario(players=3, stacks={1: [], 2: []}, market={"food": 3})
    assert odds.face_area_chance(retired)[C.MARKET] == Fraction(1, 2)
    assert odds.open_chance(retired)[1] == 0


def test_bonus_chance_of_the_rerolling_abilities():
    s = A.scenario(players=3, boards={1: {"gem": 2}, 5: {"weapon": 1}}, submarine=1)
    assert odds.bonus_chance(s, 1) == 0                      # submarine + first take empty the board
    assert odds.bonus_chance(s, 5) == Fraction(1, 6)         # from the market
    empty = A.scenario(players=3, market={}, boards={5: {"weapon": 2}})
    assert odds.bonus_chance(empty, 5) == 0
    district = A.scenario(players=3, boards={5: {"weapon": 2}}, forge_source="district")
    assert odds.bonus_chance(district, 5) == Fraction(1, 6) and odds.bonus_chance(district, 3) == 0


def test_new_game_takes_the_stacks_and_first_player_the_real_table_drew():
    s = A.new_game(3, seed=4, stacks={3: ["3b", "3c", "3a"]}, first=2)
    shuffled = A.new_game(3, seed=4)
    assert s.stacks[2] == ["3b", "3c", "3a"] and s.first == 2
    assert [st for i, st in enumerate(s.stacks) if i != 2] == [st for i, st in enumerate(shuffled.stacks) if i != 2]
    assert s.inventory() == shuffled.inventory()
    for bad in ({3: ["3a", "3b"]}, {3: ["3a", "3b", "1c"]}, {7: ["7a", "7b", "7c"]}):
        with pytest.raises(IllegalAction, match="보드 3장"):
            A.new_game(3, seed=4, stacks=bad)
    with pytest.raises(IllegalAction, match="선 플레이어"):
        A.new_game(3, seed=4, first=3)
