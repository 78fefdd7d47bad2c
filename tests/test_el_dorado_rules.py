"""Concrete rule statements of the 엘도라도 rulebook that are not worked examples, one small test each.

Positions use the first-game path: tile B's row r=0 runs S1 (-3,0) and six machete-1 jungles
(-2,0) .. (3,0); the cave of tile B is the mountain (0,2); the river finish spaces (25,-3),
(25,-4), (24,-4) touch (24,-3) of the last tile.
"""
import json
from fractions import Fraction

import pytest

from rules import CHANCE, TERMINAL, IllegalAction
from rules.core import play_out
from rules import el_dorado as E
from rules.el_dorado import components as C, odds
from rules.el_dorado.board import Board, path_score, random_path
from rules.el_dorado.route import steps_to_finish

OTHERS = [["-2,-1"], ["-1,-2"]]
NEAR_FINISH = "24,-3"


def _s(hand=None, pawn="-3,0", **kw):
    kw.setdefault("pawns", [[pawn]] + OTHERS)
    return E.scenario(players=3, hands=[hand or {}, {}, {}], **kw)


def _play(state, *notations):
    for text in notations:
        state = state.apply(state.action_from_str(text))
    return state


def _pass(state, turns=1):
    """End the turn keeping unused cards, drawing the first outcome listed, `turns` times."""
    for _ in range(turns):
        state = state.apply(E.EndTurn())
        if state.stage() == "discard":
            state = state.apply(E.Done())
        while state.current_player() == CHANCE:
            state = state.apply(state.legal_actions()[0])
    return state


def _illegal(state, action, words=""):
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert words in str(err.value)
    assert state.to_json() == before


# --- 구성물 / 게임 준비 ----------------------------------------------------------------------
def test_components_counts():
    every = C.all_components()
    assert sum(every[c] for c in C.CARDS) == 86                      # 32 starter + 54 expedition cards
    assert len(C.MARKET_CARDS) == 18 and set(C.MARKET_COPIES.values()) == {3}
    assert C.STARTER_DECK == {"explorer": 3, "traveler": 4, "sailor": 1}
    assert len(C.START_MARKET) == 6 and len(C.RESERVE) == 12
    assert sum(C.TOKEN_COUNTS.values()) == 36 and len(C.BLOCKADES) == 6
    assert sorted(s for pair in C.DOUBLE_SIDED for s in pair) == list("ABCDEFGHIJKLMNOPQR")


def test_setup_for_each_player_count():
    for n in (2, 3, 4):
        s = E.new_game(n, seed=n)
        assert [sum(h.values()) for h in s.hands] == [4] * n
        assert [sum(d.values()) for d in s.decks] == [4] * n
        for p in range(n):
            owned = dict(s.decks[p])
            for c, k in s.hands[p].items():
                owned[c] = owned.get(c, 0) + k
            assert owned == C.STARTER_DECK
        assert s.box == {c: (4 - n) * k for c, k in C.STARTER_DECK.items() if n < 4}
        assert s.slots == list(C.START_MARKET) and s.stacks == C.MARKET_COPIES
        assert s.turn == s.hat == 0 and s.current_player() == 0
        starts = s.board.starts
        if n == 2:
            assert s.pawns == [[starts[1], starts[3]], [starts[2], starts[4]]]
        else:
            assert s.pawns == [[starts[p + 1]] for p in range(n)]


def test_new_game_takes_the_hands_dealt_at_the_table_and_changes_nothing_else():
    dealt = {"explorer": 1, "traveler": 2, "sailor": 1}
    plain = E.new_game(3, seed=7, caves=True)
    s = E.new_game(3, seed=7, caves=True, hands=[None, dealt])
    assert s.hands[1] == dealt and s.decks[1] == {"explorer": 2, "traveler": 2}
    mine, theirs = json.loads(s.to_json()), json.loads(plain.to_json())
    for zone in ("hands", "decks"):
        assert mine[zone][0] == theirs[zone][0] and mine[zone][2] == theirs[zone][2]
        mine.pop(zone), theirs.pop(zone)
    assert mine == theirs                      # path, blockades, pawns, market, box, caves: as without hands
    assert E.new_game(2, seed=7, hands=[dealt, dict(dealt)]).hands == [dealt, dealt]
    assert E.new_game(3, seed=7, hands=[]).to_json() == E.new_game(3, seed=7).to_json()


@pytest.mark.parametrize("hands, words", [
    ([{"explorer": 3}], "4장이어야 합니다 (적은 것: 3장)"),
    ([{"explorer": 2, "sailor": 2}], "항해사 2장은 기본 카드 8장에 없습니다"),
    ([{"explorer": 3, "pioneer": 1}], "개척자 1장은 기본 카드 8장에 없습니다"),
    ([{"explorer": 3, "dragon": 1}], "dragon 1장은 기본 카드 8장에 없습니다"),
    ([None, None, None, {"explorer": 3, "sailor": 1}], "3명 것까지만"),
])
def test_new_game_refuses_a_hand_no_starter_set_deals_in_korean(hands, words):
    with pytest.raises(IllegalAction) as err:
        E.new_game(3, seed=7, hands=hands)
    assert words in str(err.value)


def test_blockades_lie_between_tiles_but_not_on_a_small_tiles_exit():
    for name in C.PATHS:
        s = E.new_game(3, seed=1, path=name)
        b = s.board
        for seam in b.seams:
            assert seam["blockade"] == (seam["between"][0] not in C.STRIPS)
        numbers = [x for x in s.blockades if x is not None]
        assert len(numbers) == len(b.blockade_seams) and sorted(numbers + s.blockade_box) == [1, 2, 3, 4, 5, 6]
    assert [s["blockade"] for s in E.board(E.published("swamplands")).seams] == [True, False, True, True, True, False]


def test_every_start_space_reaches_the_finish_on_every_path():
    for name in C.PATHS:
        b = E.board(E.published(name))
        assert len(b.finish) == 3 and not (b.finish & b.gold)
        for start in b.starts.values():
            assert b.finishable_from(start), (name, start)


def test_random_paths_follow_the_assembly_rules():
    import random
    for seed in range(4):
        desc = random_path(random.Random(seed))
        assert desc == random_path(random.Random(seed))                 # the seed decides the path
        b = Board(desc)
        sides = [p[0] for p in desc["pieces"]]
        assert sides[0] in "AB" and sides[-1] in C.LARGE
        assert all(sum(s in pair for s in sides) <= 1 for pair in C.DOUBLE_SIDED)
        starts = set(b.starts.values())
        assert not any(b.piece[n] > 0 for h in starts for n in b.neighbours[h])   # leaves away from the start spaces
        assert all(b.finishable_from(h) for h in starts)
        assert isinstance(path_score(b), float)


# --- A-모험가 말 이동하기 -----------------------------------------------------------------------
def test_symbol_and_power_must_match():
    s = _s({"sailor": 1, "traveler": 1})
    _illegal(s, E.Move(0, "-2,0", "sailor"), "마체테")                # a paddle does not cut jungle
    s = _s({"explorer": 2}, overrides={"-2,0": "J2"})
    _illegal(s, E.Move(0, "-2,0", "explorer"), "탐험치 1")            # powers never add up
    assert not [a for a in s.legal_actions() if isinstance(a, E.Move) and a.to == "-2,0"]


def test_one_symbol_per_card_per_turn():
    s = _s({"adventurer": 1}, overrides={"-2,1": "W1"})
    s = s.apply(E.Move(0, "-2,0", "adventurer"))                      # the white card chose machete
    _illegal(s, E.Move(0, "-2,1", ""), "한 종류")
    assert E.Move(0, "-1,0", "") in s.legal_actions()


def test_leftover_power_is_lost_when_another_card_is_played():
    s = _s({"scout": 1, "explorer": 1})
    s = _play(s, "move:0>-2,0:scout", "move:0>-1,0:explorer")
    _illegal(s, E.Move(0, "0,0", ""))                                   # the scout's second machete is gone


def test_each_card_is_used_once_per_turn():
    s = _play(_s({"scout": 1}), "move:0>-2,0:scout", "move:0>-1,0")
    assert s.hands[0] == {} and s.plays[0] == {"scout": 1}
    assert not any(isinstance(a, (E.Move, E.Spend)) for a in s.legal_actions())


def test_rubble_cards_go_to_the_play_area_and_basecamp_cards_leave_the_game():
    s = _s({"explorer": 1, "traveler": 1, "sailor": 1}, overrides={"-2,0": "R2", "-1,0": "B1"})
    _illegal(s, E.Move(0, "-2,0", "cards:explorer"), "정확히 2장")
    s = s.apply(E.Move(0, "-2,0", "cards:explorer+traveler"))
    assert s.plays[0] == {"explorer": 1, "traveler": 1}
    box = dict(s.box)
    s = s.apply(E.Move(0, "-1,0", "cards:sailor"))
    assert s.box["sailor"] == box["sailor"] + 1 and "sailor" not in s.plays[0]


def test_mountains_and_occupied_spaces_are_closed():
    s = _s({"explorer": 2}, pawn="0,1", pawns=[["0,1"], ["1,0"], ["-2,-1"]])
    _illegal(s, E.Move(0, "0,2", "explorer"), "산")
    _illegal(s, E.Move(0, "1,0", "explorer"), "다른 모험가 말")
    _illegal(s, E.Move(0, "-3,1", "explorer"), "인접하지")


def test_two_players_own_pawn_blocks_and_a_card_serves_one_pawn():
    s = E.scenario(players=2, pawns=[["-3,0", "-2,0"], ["-2,-1", "-1,-2"]], hands=[{"scout": 1}, {}])
    _illegal(s, E.Move(0, "-2,0", "scout"), "자기 다른 말")
    s = s.apply(E.Move(1, "-1,0", "scout"))
    _illegal(s, E.Move(0, "-3,1", ""), "두 모험가 말")


def test_blockade_goes_to_the_first_and_then_the_way_is_open():
    s = E.scenario(players=3, pawns=[["3,-2"], ["3,-1"], ["-1,-2"]],
                   hands=[{"explorer": 1}, {"sailor": 1}, {}])
    s = _pass(s.apply(E.Break(0, 0, "explorer")))
    assert s.taken[0] == [1] and s.turn == 1 and s.pawns[0] == ["3,-2"]
    assert E.Move(0, "4,-1", "sailor") in s.legal_actions()            # player 2 crosses for free
    assert not any(isinstance(a, E.Break) for a in s.legal_actions())


def test_rubble_blockade_is_paid_with_cards():
    s = E.scenario(players=3, pawns=[["3,-2"]] + OTHERS, blockades=[3, 1, 2, 4],
                   hands=[{"explorer": 1, "traveler": 1}, {}, {}])
    assert C.BLOCKADES[3] == ("rubble", 1)
    s = s.apply(E.Break(0, 0, "cards:traveler"))
    assert s.taken[0] == [3] and s.plays[0] == {"traveler": 1}


# --- B-탐험 카드 구매 -------------------------------------------------------------------------
def test_coin_values():
    assert C.coin_halves("traveler") == 2 and C.coin_halves("millionaire") == 8       # yellow: their coins
    assert C.coin_halves("adventurer") == 4                                            # white: as coins
    assert {C.coin_halves(c) for c in ("explorer", "sailor", "pioneer", "native", "compass")} == {1}


def test_leftover_coins_are_lost_and_one_card_per_turn():
    s = _play(_s({"millionaire": 1}), "spend:millionaire", "buy:scout")
    assert s.coins == 0 and s.bought
    assert not any(isinstance(a, (E.Buy, E.Spend)) for a in s.legal_actions())


def test_upper_stacks_only_while_a_market_slot_is_empty():
    s = _s({"millionaire": 1}, stacks=dict(C.MARKET_COPIES, scout=1, millionaire=2))
    s = s.apply(E.Spend("millionaire"))
    _illegal(s, E.Buy("pioneer"), "빈칸")
    s = s.apply(E.Buy("scout"))                                          # the last 길잡이: its slot empties
    assert s.slots[C.START_MARKET.index("scout")] is None and "pioneer" in s.available()
    stacks = {c: k for c, k in C.MARKET_COPIES.items() if c != "scout"}
    t = _s({"millionaire": 1, "traveler": 1}, stacks=dict(stacks, millionaire=2),
           slots=[None if c == "scout" else c for c in C.START_MARKET])
    t = _play(t, "spend:millionaire", "spend:traveler", "buy:pioneer")   # the stack moves into the slot
    assert t.slots[C.START_MARKET.index("scout")] == "pioneer" and t.stacks["pioneer"] == 2
    assert t.discards[0] == {"pioneer": 1}


def test_single_use_cards_leave_only_when_their_effect_is_used():
    s = _s({"giant_machete": 1, "treasure_chest": 1, "prop_plane": 1, "explorer": 1}, overrides={"-2,0": "R1"})
    box = dict(s.box)
    moved = s.apply(E.Move(0, "-2,0", "cards:giant_machete"))            # paying a rubble: discarded later
    assert moved.plays[0] == {"giant_machete": 1}
    half = s.apply(E.Spend("giant_machete"))                            # ½ coin: discarded later
    assert half.plays[0] == {"giant_machete": 1} and half.coins == 1
    chest = s.apply(E.Spend("treasure_chest"))                          # 4 coins: its effect, so boxed
    assert chest.box["treasure_chest"] == box.get("treasure_chest", 0) + 1 and chest.coins == 8
    plane = s.apply(E.Spend("prop_plane"))
    assert plane.box["prop_plane"] == box.get("prop_plane", 0) + 1
    used = _s({"giant_machete": 1}, overrides={"-2,0": "J6"}).apply(E.Move(0, "-2,0", "giant_machete"))
    assert used.box["giant_machete"] == box.get("giant_machete", 0) + 1 and used.plays[0] == {}


def test_a_single_use_card_paid_into_a_basecamp_is_removed():
    """L144 베이스캠프 cards are "게임에서 제거", 1회용 or not (READINGS["single_use_coin"]): 큰 마체테 paying a
    베이스캠프 1 goes to the box, not to the play area as it would for a 자갈밭."""
    s = _s({"giant_machete": 1}, overrides={"-2,0": "B1"})
    box = s.box.get("giant_machete", 0)
    after = s.apply(E.Move(0, "-2,0", "cards:giant_machete"))
    assert after.box["giant_machete"] == box + 1 and after.plays[0] == {}
    assert "베이스캠프에 낸 카드는" in E.READINGS["single_use_coin"].chosen


def test_a_purple_card_played_mid_move_keeps_the_power_left():
    """L414-L416: a purple card's effect applies "그대로 적용한 다음, 계속해서 차례를 진행합니다", so 송신기 (and
    the draw cards) played after 길잡이 leave its machete 1 to go on with (READINGS["leftover_ends"])."""
    s = _s({"scout": 1, "transmitter": 1}).apply(E.Move(0, "-2,0", "scout"))
    assert s.active[1:3] == ["machete", 1]
    s = s.apply(E.Play("transmitter", "pioneer"))
    assert s.active[1:3] == ["machete", 1] and E.Move(0, "-1,0", "") in s.legal_actions()
    assert s.apply(E.Move(0, "-1,0", "")).pawns[0] == ["-1,0"]
    d = _s({"scout": 1, "cartographer": 1}, decks=[{"traveler": 2}, {}, {}]).apply(E.Move(0, "-2,0", "scout"))
    d = _play(d, "play:cartographer", "draw:traveler", "draw:traveler")
    assert E.Move(0, "-1,0", "") in d.legal_actions()
    assert "송신기" in E.READINGS["leftover_ends"].chosen


def test_a_blockade_lies_between_the_start_tile_and_the_first_terrain_tile():
    """READINGS["start_tile_blockade"]: L313 says "두 지형 타일 사이마다"; the engine (with the reference
    layouts) also puts one on the start tile's seam."""
    for name in C.PATHS:
        b = E.board(E.published(name))
        assert b.seams[0]["blockade"] and b.blockade_seams[0] is b.seams[0]
    s = E.new_game(3, seed=1)
    assert s.blockades[0] is not None                                      # a blockade is there at the start


# --- 특수효과 카드 --------------------------------------------------------------------------------
def test_transmitter_takes_any_card_for_free():
    s = _s({"transmitter": 1, "traveler": 1})
    box = dict(s.box)
    s = s.apply(E.Play("transmitter", "pioneer"))                        # from above the board
    assert s.discards[0] == {"pioneer": 1} and s.stacks["pioneer"] == 2
    assert "pioneer" not in s.slots                                     # no empty slot: the stack stays above
    assert s.box["transmitter"] == box.get("transmitter", 0) + 1
    s = _play(s, "spend:traveler", "buy:scout")                          # it was not the turn's purchase
    assert s.discards[0] == {"pioneer": 1, "scout": 1}


def test_cartographer_and_compass_draw_playable_cards():
    s = _s({"compass": 1, "cartographer": 1}, decks=[{"scout": 3, "explorer": 2}, {}, {}])
    s = s.apply(E.Play("compass"))
    assert s.todo[0] == ["draw", 3] and "compass" in s.box
    s = _play(s, "draw:scout", "draw:scout", "draw:explorer")
    s = s.apply(E.Play("cartographer"))
    s = _play(s, "draw:scout", "draw:explorer")
    assert s.plays[0] == {"cartographer": 1} and s.hands[0] == {"scout": 3, "explorer": 2}
    assert E.Move(0, "-2,0", "scout") in s.legal_actions()              # drawn cards are used at once


def test_scientist_and_travel_log_remove_cards():
    s = _s({"scientist": 1, "travel_log": 1, "traveler": 1}, decks=[{"explorer": 4}, {}, {}])
    box = dict(s.box)
    s = _play(s, "play:scientist", "draw:explorer")
    assert E.Done() in s.legal_actions()                                  # removing is optional
    s = s.apply(E.Pick("traveler"))
    assert s.box["traveler"] == box["traveler"] + 1 and not s.todo
    s = _play(s, "play:travel_log", "draw:explorer", "draw:explorer", "pick:explorer", "pick:explorer")
    assert not s.todo and s.hands[0] == {"explorer": 1}
    assert s.box["explorer"] == box["explorer"] + 2 and s.box["travel_log"] == box.get("travel_log", 0) + 1


def test_native_ignores_requirements_but_not_mountains_or_pawns():
    s = _s({"native": 2}, pawn="0,1", pawns=[["0,1"], ["1,0"], ["-2,-1"]], overrides={"-1,1": "V4"})
    _illegal(s, E.Move(0, "0,2", "native"), "산")
    _illegal(s, E.Move(0, "1,0", "native"), "다른 모험가 말")
    assert s.apply(E.Move(0, "-1,1", "native")).pawns[0] == ["-1,1"]
    b = E.scenario(players=3, pawns=[["3,-2"]] + OTHERS, blockades=[5, 1, 2, 4], hands=[{"native": 1}, {}, {}])
    assert b.apply(E.Break(0, 0, "native")).taken[0] == [5]


# --- 2단계, 3단계 ---------------------------------------------------------------------------------
def test_end_of_turn_discards_used_cards_and_draws_to_four():
    s = _s({"scout": 1, "explorer": 1, "traveler": 1}, decks=[{"traveler": 5}, {}, {}])
    s = _play(s, "move:0>-2,0:scout", "end")
    assert s.stage() == "discard"
    s = _play(s, "discard:traveler", "done")                            # unused cards may go too
    assert s.discards[0] == {"scout": 1, "traveler": 1} and s.todo[0] == ["draw", 3]
    s = _play(s, "draw:traveler", "draw:traveler", "draw:traveler")
    assert s.hands[0] == {"explorer": 1, "traveler": 3} and s.turn == 1
    full = _play(_s({"explorer": 5}), "end", "done")
    assert full.turn == 1 and full.hands[0] == {"explorer": 5}         # 4 or more: no draw


def test_reshuffle_draws_the_deck_first():
    s = _s({}, decks=[{"scout": 1}, {}, {}], discards=[{"explorer": 3}, {}, {}])
    s = s.apply(E.EndTurn())
    assert s.chance_outcomes() == [(E.Draw("scout"), 1)]
    s = s.apply(E.Draw("scout"))
    assert s.decks[0] == {"explorer": 3} and s.discards[0] == {}         # the discard pile became the deck
    assert s.chance_outcomes() == [(E.Draw("explorer"), 1)]


def test_next_draw_odds_come_from_the_deck():
    s = _s({"cartographer": 1}, decks=[{"scout": 1, "explorer": 3}, {}, {}])
    assert odds.next_draw_odds(s) == {"explorer": Fraction(3, 4), "scout": Fraction(1, 4)}
    assert odds.chance_of_drawing(s, "scout", 2) == Fraction(1, 2)
    s = s.apply(E.Play("cartographer"))
    assert s.current_player() == CHANCE
    assert dict(s.chance_outcomes()) == {E.Draw("explorer"): Fraction(3, 4), E.Draw("scout"): Fraction(1, 4)}


def test_turns_go_clockwise():
    s = _play(_s(), "end", "end", "end")
    assert s.turn == 0 and s.turns == 4


# --- 게임 종료 ---------------------------------------------------------------------------------
def _finish_race(turn, hat=0):
    pawns = [["-3,0"], ["-2,-1"], ["-1,-2"]]
    pawns[turn] = [NEAR_FINISH]
    hands = [{}, {}, {}]
    hands[turn] = {"sailor": 1}
    return E.scenario(players=3, pawns=pawns, hands=hands, turn=turn, hat=hat)


def test_the_round_is_completed_after_the_first_arrival():
    s = _finish_race(0).apply(E.Move(0, "25,-3", "sailor"))
    assert s.pawns[0] == ["E"] and s.arrived == [0] and not s.is_terminal()
    assert E.Move(0, "25,-3", "sailor") not in s.legal_actions()
    s = _pass(s, 2)
    assert s.turn == 2 and not s.is_terminal()
    s = s.apply(E.EndTurn())                                              # player 3 sits right of the hat
    assert s.is_terminal() and s.current_player() == TERMINAL and s.winners() == [0]


def test_the_game_ends_at_once_if_the_last_player_arrives_first():
    s = _finish_race(2).apply(E.Move(0, "25,-3", "sailor"))
    assert s.is_terminal() and s.winners() == [2]
    later = _finish_race(1, hat=2).apply(E.Move(0, "25,-3", "sailor"))   # hat on 3: player 2 plays last
    assert later.last_seat() == 1 and later.is_terminal()


def test_finish_space_is_freed_at_once():
    s = E.scenario(players=3, pawns=[[NEAR_FINISH], ["23,-3"], ["-1,-2"]], hands=[{"sailor": 1}, {"sailor": 1}, {}])
    s = _pass(s.apply(E.Move(0, "24,-4", "sailor")))
    assert "24,-4" not in s.pawn_hexes() and E.Move(0, "24,-4", "sailor") in s.legal_actions()


def test_tie_breaks():
    def end(taken, arrived):
        return E.scenario(players=3, pawns=[["E"], ["E"], ["-1,-2"]], arrived=arrived,
                          blockades=[None] * 4, taken=taken)
    assert end([[1, 2], [6], [3, 4]], [0, 1]).winners() == [0]            # most blockades
    assert end([[1], [6], [2]], [0, 1]).winners() == [1]                  # then the highest number
    assert end([[], [], [1]], [1, 0]).winners() == [1]                    # nobody has one: first to arrive
    assert end([[], [], [1, 2, 3]], [1, 0]).winners() == [1]              # only arrived players count


def test_two_players_need_both_pawns_home():
    s = E.scenario(players=2, pawns=[[NEAR_FINISH, "23,-3"], ["-2,-1", "-1,-2"]], hands=[{"sailor": 2}, {}])
    s = s.apply(E.Move(0, "25,-3", "sailor"))
    assert s.pawns[0] == ["E", "23,-3"] and s.arrived == []
    s = _play(s, "move:1>24,-4:sailor")
    assert s.arrived == [0]



# --- a race nobody can finish (READINGS["no_way_forward"]) -----------------------------------------
def _stalled():
    """Where a bot game on the witch's cauldron (seed 588, 2 players) used to go on for ever: each player has
    one pawn in El Dorado and one before the finish tile's two entrances, and every card is gone but one
    과학자 (the rest went into the box at basecamps, by 과학자 and by 탐험 일지), the market is empty."""
    return E.scenario(players=2, path="witchs_cauldron", pawns=[["E", "-11,5"], ["-11,6", "E"]],
                      hands=[{"scientist": 1}, {}], stacks={}, blockades=[None] * 5, taken=[[2, 5, 1, 4], [3]])


def test_a_race_nobody_can_finish_ends_after_quiet_rounds():
    s = _stalled()
    quiet = E.state.QUIET_ROUNDS * s.num_players
    assert "no_way_forward" in E.READINGS and str(E.state.QUIET_ROUNDS) in E.READINGS["no_way_forward"].chosen
    before = _pass(s, quiet - 1)
    assert not before.is_terminal() and before.quiet_turns() == quiet
    end = _pass(s, quiet)
    assert end.is_terminal() and end.stalled() and end.current_player() == TERMINAL and end.legal_actions() == []
    assert end.turns == quiet and end.arrived == [] and end.scores() == [1, 1]
    assert [end.spaces_left(p) for p in range(2)] == [1, 2] and end.winners() == [0]    # nearest El Dorado
    for seed in range(5):                        # whatever is played (과학자 included), the same turn ends it
        assert play_out(s, seed=seed).turns == quiet
    assert E.State.from_json(end.to_json()) == end


def test_the_quiet_count_starts_again_at_a_pawn_nearer_than_ever_a_blockade_or_a_purchase():
    s = _pass(_s({"explorer": 1}), 27)                          # turn 28: player 1's 10th
    assert s.turn == 0 and s.quiet_turns() == 28 and _pass(s, 3).is_terminal()
    steps = steps_to_finish(s.board)
    forward = next(a for a in s.legal_actions() if isinstance(a, E.Move) and steps[a.to] < steps["-3,0"])
    moved = s.apply(forward)
    assert moved.quiet_turns() == 0 and moved.records[0] == [steps[forward.to]]
    assert not _pass(moved, 30).is_terminal() and _pass(moved, 31).is_terminal()
    back = _pass(moved, 3)                                      # aside or back: no space nearer than before
    back = back.apply(next(a for a in back.legal_actions() if isinstance(a, E.Move) and steps[a.to] >= steps[forward.to]))
    assert back.quiet_turns() == 3 and back.records[0] == [steps[forward.to]]
    blockade = _pass(E.scenario(players=3, pawns=[["3,-2"], ["3,-1"], ["-1,-2"]], hands=[{"explorer": 1}, {}, {}]), 27)
    assert blockade.apply(E.Break(0, 0, "explorer")).quiet_turns() == 0
    buyer = _play(_pass(_s({"traveler": 4}), 27), "spend:traveler", "spend:traveler", "spend:traveler",
                  "spend:traveler")
    buy = next(a for a in buyer.legal_actions() if isinstance(a, E.Buy))
    assert buyer.quiet_turns() == 28 and buyer.apply(buy).quiet_turns() == 0


def test_a_game_saved_before_the_quiet_count_loads():
    s = _pass(_s({"explorer": 1}), 4)
    data = json.loads(s.to_json())
    del data["records"], data["last_progress"]
    old = E.State.from_json(json.dumps(data))
    assert old.records == [[s.records[0][0]], [s.records[1][0]], [s.records[2][0]]] and old.quiet_turns() == 1
    assert old.legal_actions() == s.legal_actions()


def test_the_sensible_bot_keeps_a_card_to_enter_el_dorado_with():
    """Bot games stalled when the sensible bot paid its only paddle card (항해사) into a basecamp on a path
    whose finish asks a paddle: it could never enter, and parked on the way in, blocking the others."""
    from rules.el_dorado import bots
    s = E.scenario(players=3, path="witchs_cauldron", pawns=[["-1,7"], ["-2,-1"], ["-1,-2"]],
                   hands=[{"sailor": 1, "explorer": 1}, {}, {}], decks=[{"traveler": 4, "explorer": 2}, {}, {}])
    assert s.board.finish_side == "river" and s.board.terrain["0,6"] == "basecamp" and s.board.req["0,6"] == 1
    value = {w.action: w.value for w in bots.weigh(s)}
    keep, lose = E.Move(0, "0,6", "cards:explorer"), E.Move(0, "0,6", "cards:sailor")
    assert value[lose] < 0 and value[lose] < value[keep] - 5
    assert bots.sensible_bot(s, None) != lose


def test_the_sensible_bot_does_not_keep_a_hand_that_cannot_step_for_ever():
    """Another stall: the sensible bot held machete cards next to rivers (the jungle beside it taken by a
    pawn), and kept them turn after turn as better than its deck's average, so it never drew its paddles."""
    from rules.el_dorado import bots
    s = E.scenario(players=3, path="witchs_cauldron", pawns=[["-14,19"], ["-13,18"], ["-1,-2"]],
                   hands=[{"pioneer": 2, "scout": 2}, {}, {}], decks=[{"sailor": 2, "traveler": 2}, {}, {}])
    s = s.apply(E.EndTurn())
    assert s.stage() == "discard" and not any(isinstance(a, E.Move) for a in s.legal_actions())
    choice = bots.sensible_bot(s, None)
    assert isinstance(choice, E.Discard)
    assert "갈 수 없습니다" in next(w.reason for w in bots.weigh(s) if w.action == choice)

# --- 동굴 토큰 ---------------------------------------------------------------------------------
def test_four_tokens_on_every_cave():
    s = E.new_game(4, seed=2, path="witchs_cauldron", caves=True)
    assert s.cave_piles == [4] * 6 and sum(s.unseen.values()) == 36
    assert E.new_game(4, seed=2).cave_piles == [0, 0, 0]


def test_explore_only_after_stopping_next_to_the_cave_on_your_own_turn():
    s = E.scenario(players=3, caves=True, pawns=[["0,1"]] + OTHERS, hands=[{"explorer": 2}, {}, {}])
    cave = s.board.caves.index("0,2")
    assert not any(isinstance(a, E.Explore) for a in s.legal_actions())  # already there when the turn began
    s = _play(s, "move:0>0,0:explorer")                                  # away from the cave ...
    assert not any(isinstance(a, E.Explore) for a in s.legal_actions())
    s = s.apply(E.Move(0, "0,1", "explorer"))                             # ... and back: explore again
    assert E.Explore(0, cave) in s.legal_actions()
    s = _pass(s, 3)                                                      # a round later: too late
    assert s.turn == 0 and not any(isinstance(a, E.Explore) for a in s.legal_actions())


def test_passing_by_a_cave_does_not_explore_it():
    """L342-L343 "반드시 동굴과 인접한 칸에서 이동을 멈춰야 합니다. 동굴 옆을 지나가는 것만으로는 동굴을 탐험할 수
    없습니다": 길잡이 goes (0,0) -> (0,1), next to the cave (0,2), and on to (1,0), which is not."""
    s = E.scenario(players=3, caves=True, pawns=[["0,0"]] + OTHERS, hands=[{"scout": 1}, {}, {}])
    cave = s.board.caves.index("0,2")
    assert "0,1" in s.board.cave_next["0,2"] and "1,0" not in s.board.cave_next["0,2"]
    s = s.apply(E.Move(0, "0,1", "scout"))
    assert E.Explore(0, cave) in s.legal_actions()                      # stopping here would explore
    s = s.apply(E.Move(0, "1,0", ""))                                    # the machete 1 left, past the cave
    assert s.pawns[0] == ["1,0"] and not any(isinstance(a, E.Explore) for a in s.legal_actions())
    s = _pass(s, 3)                                                      # nor later
    assert not any(isinstance(a, E.Explore) for a in s.legal_actions())


def test_a_blockade_between_pawn_and_cave():
    # tile B's (3,-2) made a cave; (4,-2) and (4,-3) lie across the first blockade on tile C
    s = E.scenario(players=3, caves=True, pawns=[["4,-2"], ["4,-3"], ["-1,-2"]], overrides={"3,-2": "C"},
                   hands=[{"explorer": 1}, {"explorer": 1}, {}])
    cave = s.board.caves.index("3,-2")
    assert "4,-2" in s.board.cave_next["3,-2"] and s.adjacent_caves("4,-2") == []
    own = s.apply(E.Break(0, 0, "explorer"))                          # broken on your own turn: explore
    assert E.Explore(0, cave) in own.legal_actions() and own.adjacent_caves("4,-2") == [cave]
    other = _pass(_pass(s).apply(E.Break(0, 0, "explorer")), 2)           # player 2 breaks it
    assert other.turn == 0 and other.blockades[0] is None
    assert not any(isinstance(a, E.Explore) for a in other.legal_actions())


def test_two_caves_at_once():
    s = E.scenario(players=3, caves=True, pawns=[["-2,0"]] + OTHERS, overrides={"-1,1": "C", "0,-1": "C"},
                   hands=[{"explorer": 1}, {}, {}])
    s = s.apply(E.Move(0, "-1,0", "explorer"))
    explores = [a for a in s.legal_actions() if isinstance(a, E.Explore)]
    assert len(explores) == 2
    s = _play(s, str(explores[0]), "token:draw")
    assert [a for a in s.legal_actions() if isinstance(a, E.Explore)] == explores[1:]


def _with_token(token, hand=None, **kw):
    return E.scenario(players=3, caves=True, pawns=kw.pop("pawns", [["-3,0"]] + OTHERS),
                      hands=[hand or {}, {}, {}], tokens=[{token: 1}, {}, {}], **kw)


def test_power_and_coin_tokens():
    s = _with_token("machete2")
    s = _play(s, "move:0>-2,0:tok:machete2", "move:0>-1,0")
    assert s.used_tokens == {"machete2": 1}
    c = _with_token("coin1").apply(E.Spend("tok:coin1"))
    assert c.coins == 2
    v = _with_token("coin2", overrides={"-2,0": "V2"}).apply(E.Move(0, "-2,0", "tok:coin2"))
    assert v.pawns[0] == ["-2,0"]


def test_draw_remove_and_replace_tokens():
    s = _with_token("draw", decks=[{"scout": 1}, {}, {}])
    s = _play(s, "use:draw", "draw:scout")
    assert s.hands[0] == {"scout": 1}
    r = _with_token("remove", {"traveler": 1})
    box = dict(r.box)
    assert r.apply(E.UseToken("remove", "traveler")).box["traveler"] == box["traveler"] + 1
    x = _with_token("replace", {"explorer": 3, "traveler": 2}, decks=[{"scout": 3}, {}, {}])
    x = _play(x, "use:replace", "pick:explorer", "pick:explorer", "done")
    assert x.plays[0] == {"explorer": 2} and x.todo[0] == ["draw", 2]
    x = _play(x, "draw:scout", "draw:scout")
    assert x.hands[0] == {"explorer": 1, "traveler": 2, "scout": 2}
    x = _play(x, "end", "done")
    assert x.discards[0] == {"explorer": 2}                              # the set-aside cards are discarded


def test_keep_item_token():
    s = _with_token("keep_item", {"giant_machete": 1}, overrides={"-2,0": "J6"})
    s = s.apply(E.Move(0, "-2,0", "giant_machete"))
    assert E.UseToken("keep_item") in s.legal_actions()
    kept = s.apply(E.UseToken("keep_item"))
    assert kept.plays[0] == {"giant_machete": 1}
    after = kept.apply(E.EndTurn())                                       # discarded, then reshuffled
    assert after.decks[0] == {"giant_machete": 1} and "giant_machete" not in after.box
    _illegal(_with_token("keep_item", {"scout": 1}), E.UseToken("keep_item"))   # no item was just used


def test_pass_occupied_native_and_change_symbol_tokens():
    s = _with_token("pass_occupied", {"scout": 1}, pawns=[["-3,0"], ["-2,0"], ["-1,-2"]])
    _illegal(s, E.Move(0, "-2,0", "scout"))
    s = _play(s, "use:pass_occupied", "move:0>-2,0:scout", "move:0>-1,0")   # onto and past a pawn
    assert s.pawns[0] == ["-1,0"]
    n = _with_token("native", overrides={"-2,0": "R3"})
    assert n.apply(E.Move(0, "-2,0", "tok:native")).pawns[0] == ["-2,0"]
    c = _with_token("change_symbol", {"trailblazer": 1}, overrides={"-2,0": "W3"})
    _illegal(c, E.Move(0, "-2,0", "trailblazer"))
    c = _play(c, "use:change_symbol", "move:0>-2,0:trailblazer")           # 인도자 as paddle 3
    assert c.pawns[0] == ["-2,0"] and not c.recolor


def test_change_symbol_token_makes_a_card_pay_its_power_in_coins():
    """L405-L406 "인도자(마체테 3개)를 금화 3개나 노 3개로 간주하고 사용할 수 있습니다": the coin half (the paddle
    half is above). Without the token 인도자 pays ½ coin."""
    plain = _with_token("change_symbol", {"trailblazer": 1}).apply(E.Spend("trailblazer"))
    assert plain.coins == 1                                               # coins are counted in halves
    c = _play(_with_token("change_symbol", {"trailblazer": 1}), "use:change_symbol", "spend:trailblazer")
    assert c.coins == 6 and Fraction(c.coins, 2) == 3 and not c.recolor
    assert c.plays[0] == {"trailblazer": 1}                               # not single-use: discarded at the end


def test_unverified_values_are_listed():
    rows = C.unverified()
    whats = " ".join(what for what, _, _ in rows)
    for words in ("시작 칸 번호", "동굴 위치", "장애물 번호", "동굴 토큰", "첫 게임", "선장 카드 이름"):
        assert words in whats
    assert all(note for _, _, note in rows)


def test_every_reading_has_two_sides():
    for key, reading in E.READINGS.items():
        assert reading.chosen and reading.other and reading.chosen != reading.other, key


def test_what_a_draw_tells_the_table():
    s = _s({"cartographer": 1}, decks=[{"scout": 1, "explorer": 1}, {}, {}]).apply(E.Play("cartographer"))
    assert "길잡이" not in s.describe_action(E.Draw("scout"))
    assert "길잡이" in s.describe_action(E.Draw("scout"), seat=0)              # the drawer knows
    table = s.public_outcomes()
    assert len(table) == 1 and table[0][1] == 1 and len(table[0][2]) == 2
    assert len(s.public_outcomes(seat=0)) == 2
    assert s.public_view()["players"][0]["deck"] == 2
    assert s.public_view(reveal_all=True)["players"][0]["deck"] == {"scout": 1, "explorer": 1}
    cave = E.scenario(players=3, caves=True, pawns=[["0,0"]] + OTHERS, hands=[{"explorer": 1}, {}, {}])
    cave = cave.apply(E.Move(0, "0,1", "explorer")).apply(E.Explore(0, cave.board.caves.index("0,2")))
    assert len(cave.public_outcomes()) == len(C.TOKENS)                      # tokens come out face up


def test_bad_options_are_refused_in_korean():
    for kwargs, words in [({"num_players": 5}, "2~4명"), ({"num_players": 3, "path": "moon"}, "알 수 없는 길")]:
        with pytest.raises(IllegalAction) as err:
            E.new_game(**kwargs)
        assert words in str(err.value)


def test_the_status_counts_rounds_as_the_rulebook_counts_turns():
    s = E.new_game(3, seed=1)
    assert s.turn_label() == "1번째 바퀴"
    for _ in range(3):                                   # each player ends a turn without moving
        s = s.apply(E.EndTurn())
        while s.current_player() == CHANCE or s.phase == "discard":
            s = s.apply(s.chance_outcomes()[0][0] if s.current_player() == CHANCE else E.Done())
    assert s.turn == 0 and s.turn_label() == "2번째 바퀴"


def test_the_blockades_a_table_placed_are_used_and_checked():
    s = E.new_game(3, seed=1, blockades=[6, 5, 4, 3])
    assert s.blockades == [6, 5, 4, 3] and s.blockade_box == [1, 2]
    assert s.hands == E.new_game(3, seed=1).hands           # the cards are dealt as without them
    for wrong in ([6, 5], [6, 6, 4, 3], [6, 5, 4, 7]):
        with pytest.raises(IllegalAction):
            E.new_game(3, seed=1, blockades=wrong)
