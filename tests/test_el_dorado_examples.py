"""Every worked example of the 엘도라도 rulebook, one test per example id.

The id after `test_` is the example's id in book/el_dorado (e.g. test_eldo_eunji_moves is
"예시 eldo-eunji-moves"); the docstring gives the lines of shared/seeds/004_f9e8800aca9667c5.txt.
Positions are built on the first-game path (tile B first); where the text names a space's
requirement the space is set to it with `overrides`.
"""
import pytest

from rules import CHANCE, IllegalAction
from rules import el_dorado as E

OTHERS = [["-2,-1"], ["-1,-2"]]          # the other two pawns wait on start spaces 2 and 3


def _play(state, *notations):
    for text in notations:
        state = state.apply(state.action_from_str(text))
    return state


def _illegal(state, action):
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert state.to_json() == before


def test_eldo_eunji_moves():
    """eldo-eunji-moves (seed 130-135): 탐험가 onto a machete-1 jungle, 길잡이 along two machete-1
    jungles, then 인도자 onto a machete-3 jungle."""
    s = E.scenario(players=3, pawns=[["-3,0"]] + OTHERS, overrides={"1,0": "J3"},
                   hands=[{"explorer": 1, "scout": 1, "trailblazer": 1}, {}, {}])
    s = s.apply(E.Move(0, "-2,0", "explorer"))
    _illegal(s, E.Move(0, "-1,0", ""))                   # the 탐험가's single machete is spent
    s = _play(s, "move:0>-1,0:scout", "move:0>0,0")      # 길잡이: machete 2 = two machete-1 spaces
    _illegal(s, E.Move(0, "1,0", ""))                    # nothing left on the 길잡이
    s = s.apply(E.Move(0, "1,0", "trailblazer"))
    assert s.pawns[0] == ["1,0"]
    assert s.plays[0] == {"explorer": 1, "scout": 1, "trailblazer": 1} and s.hands[0] == {}


def test_eldo_trailblazer_blockade():
    """eldo-trailblazer-blockade (seed 176-178): 인도자 (machete 3) pays a machete-1 blockade, the tiles
    join, and the power left carries the pawn on into the adjacent jungle beyond."""
    s = E.scenario(players=3, pawns=[["3,-2"]] + OTHERS, overrides={"4,-2": "J2"},
                   hands=[{"trailblazer": 1}, {}, {}])
    assert s.blockades[0] == 1 and E.components.BLOCKADES[1] == ("jungle", 1)
    _illegal(s, E.Move(0, "4,-2", "trailblazer"))        # the blockade must be overcome first
    s = s.apply(E.Break(0, 0, "trailblazer"))
    assert s.taken[0] == [1] and s.blockades[0] is None and s.pawns[0] == ["3,-2"]
    s = s.apply(E.Move(0, "4,-2", ""))                   # machete 3 - 1 = 2 left: enough for a jungle 2
    assert s.pawns[0] == ["4,-2"] and s.active[2] == 0


def test_eldo_yongbin_purchase():
    """eldo-yongbin-purchase (seed 188-206): 용빈 does not move; 여행자 + 사진사 + 탐험가 + 항해사 make
    1 + 2 + ½ + ½ = 4 coins, and he buys 송신기 (4) onto his discard pile."""
    hand = {"traveler": 1, "photographer": 1, "explorer": 1, "sailor": 1}
    s = E.scenario(players=3, hands=[hand, {}, {}])
    three = _play(s, "spend:traveler", "spend:photographer", "spend:explorer")
    assert three.coins == 7                               # half coins: 3½ is not enough
    _illegal(three, E.Buy("transmitter"))
    four = three.apply(E.Spend("sailor"))
    assert four.coins == 8
    bought = four.apply(E.Buy("transmitter"))
    assert bought.discards[0] == {"transmitter": 1} and "transmitter" not in bought.hands[0]
    assert bought.stacks["transmitter"] == 2 and bought.coins == 0
    _illegal(bought, E.Buy("scout"))                      # one card per turn, whatever is left
    _illegal(bought, E.Move(0, "-2,0", "explorer"))       # cards first move, then buy


def test_eldo_euihyun_turn():
    """eldo-euihyun-turn (seed 279-310), steps a-e and 2단계/3단계: 측량사 draws 2; 개척자 walks three
    jungles (1+2+2); a basecamp removes 여행자; 프로펠러 비행기 paddles two rivers (2+1) and leaves the
    game; 원주민 enters a rubble 3 for free; 기자 gives 3 coins for 나침반 (2) from above the board."""
    line = {"-2,0": "J1", "-1,0": "J2", "0,0": "J2", "1,0": "B1", "2,0": "W2", "3,0": "W1", "4,0": "R3"}
    stacks = dict(E.components.MARKET_COPIES)
    del stacks["scout"]                                   # a slot of the market board is empty
    for card in ("cartographer", "pioneer", "prop_plane", "native", "journalist"):
        stacks[card] -= 1                                 # 의현's own copies
    slots = [None if c == "scout" else c for c in E.components.START_MARKET]
    s = E.scenario(players=3, pawns=[["-3,0"]] + OTHERS, overrides=line, blockades=[None, 2, 3, 4],
                   taken=[[], [1], []], stacks=stacks, slots=slots,
                   hands=[{"cartographer": 1, "pioneer": 1, "traveler": 1, "prop_plane": 1}, {}, {}],
                   decks=[{"native": 1, "journalist": 1, "explorer": 3, "sailor": 1}, {}, {}])
    box = dict(s.box)
    s = s.apply(E.Play("cartographer"))
    assert s.current_player() == CHANCE and s.todo[0] == ["draw", 2]
    s = _play(s, "draw:native", "draw:journalist")
    assert s.hands[0] == {"pioneer": 1, "traveler": 1, "prop_plane": 1, "native": 1, "journalist": 1}
    # a. 개척자 (machete 5): 1 + 2 + 2
    s = _play(s, "move:0>-2,0:pioneer", "move:0>-1,0", "move:0>0,0")
    assert s.active[2] == 0
    # b. basecamp 1: one hand card out of the game
    s = s.apply(E.Move(0, "1,0", "cards:traveler"))
    assert s.box["traveler"] == box["traveler"] + 1
    # c. 프로펠러 비행기 as paddle 4: 2 + 1, the last 1 is lost; the item goes to the box
    s = _play(s, "move:0>2,0:prop_plane", "move:0>3,0")
    _illegal(s, E.Move(0, "4,0", ""))                     # no paddle space ahead: the power is lost
    assert s.box["prop_plane"] == box.get("prop_plane", 0) + 1 and "prop_plane" not in s.plays[0]
    # d. 원주민 ignores the rubble's 3 cards
    s = s.apply(E.Move(0, "4,0", "native"))
    assert s.pawns[0] == ["4,0"] and s.hands[0] == {"journalist": 1}
    # e. 기자 = 3 coins; 나침반 comes from above the board into the empty slot; 1 coin is lost
    s = s.apply(E.Spend("journalist"))
    assert s.coins == 6 and "compass" not in s.slots
    s = s.apply(E.Buy("compass"))
    assert "compass" in s.slots and s.stacks["compass"] == 2 and s.coins == 0
    # 2단계, 3단계: every used card to the discard pile, then 4 new cards
    s = s.apply(E.EndTurn())
    assert s.discards[0] == {"cartographer": 1, "pioneer": 1, "native": 1, "journalist": 1, "compass": 1}
    assert s.plays[0] == {} and s.todo[0] == ["draw", 4]
    s = _play(s, "draw:explorer", "draw:explorer", "draw:explorer", "draw:sailor")
    assert s.turn == 1 and s.hands[0] == {"explorer": 3, "sailor": 1}


def test_eldo_yujeong_cave():
    """eldo-yujeong-cave (seed 366-376): 유정 moves next to a cave with 탐험가 and takes its top token;
    using the token she moves to another space next to the same cave and takes no second token.
    Kept instead, a token serves a later move or a purchase."""
    s = E.scenario(players=3, caves=True, pawns=[["0,0"]] + OTHERS,
                   hands=[{"explorer": 1, "traveler": 1}, {}, {}])
    cave = s.board.caves.index("0,2")
    _illegal(s, E.Explore(0, cave))                       # not next to the cave yet
    s = s.apply(E.Move(0, "0,1", "explorer"))
    assert E.Explore(0, cave) in s.legal_actions()
    s = s.apply(E.Explore(0, cave))
    assert s.current_player() == CHANCE and s.cave_piles[cave] == 3
    used = s.apply(E.Token("machete1"))
    assert used.held[0] == {"machete1": 1}
    used = used.apply(E.Move(0, "-1,2", "tok:machete1"))
    assert used.pawns[0] == ["-1,2"] and used.held[0] == {} and used.used_tokens == {"machete1": 1}
    assert not any(isinstance(a, E.Explore) for a in used.legal_actions())   # adjacent to adjacent
    kept = s.apply(E.Token("coin2"))
    assert kept.apply(E.Spend("tok:coin2")).coins == 4   # a coin token buys like 2 coins
    later = _play(kept, "end", "done", "draw:explorer", "end", "end")   # players 2 and 3 hold nothing
    assert later.turn == 0 and later.held[0] == {"coin2": 1}            # kept for a later turn
    assert E.Spend("tok:coin2") in later.legal_actions()
