"""Every worked example and concrete rule statement of the 아키올로지 rulebook, one test per example id.

The id after `test_` is the example's id in book/archaeology (e.g. test_arch_sandstorm_half is
the admonition "예시 arch-sandstorm-half"). test_every_example_is_in_the_book ties the two together.
"""
from fractions import Fraction
from pathlib import Path

import pytest

from book_examples import example_ids, example_ids_in_tests
from rules import CHANCE, IllegalAction
from rules import archaeology as A
from rules.archaeology import components as C, odds

BOOK = Path(__file__).resolve().parents[1] / "book" / "archaeology"


def test_every_example_is_in_the_book():
    assert example_ids(BOOK) == example_ids_in_tests(globals(), "arch")


# --- 구성품 / 게임 준비 ----------------------------------------------------------------------
def test_arch_setup_removed():
    assert set(C.treasures_in_play(2)) == set(C.TREASURES) - {"tablet", "pendant"}
    assert set(C.treasures_in_play(3)) == set(C.TREASURES) - {"tablet", "pendant"}
    assert set(C.treasures_in_play(4)) == set(C.TREASURES) - {"pendant"}
    assert set(C.treasures_in_play(5)) == set(C.TREASURES)
    for n in (2, 3, 4, 5):
        s = A.new_game(n, seed=n, ruin="pyramid")
        dealt = s.total_cards()
        removed = set(C.TREASURES) - set(C.treasures_in_play(n))
        for t in removed:   # every copy of a removed type stays in the box
            assert s.box.get(t) == C.COPIES[t] == dealt[t]


def test_arch_setup_hands():
    for n in (2, 3, 4, 5):
        s = A.new_game(n, seed=11, ruin="pyramid")
        assert [sum(h.values()) for h in s.hands] == [4] * n
        assert sum(s.market.values()) == 5
        assert s.tents == [1] * n and s.box.get("tent", 0) == 5 - n
        assert "map" not in s.market and not any("map" in h for h in s.hands)
        assert all("map" not in room for room in s.chambers)
        assert s.deck["map"] == 6
        assert s.deck["thief"] == C.thieves(n) and s.deck["sandstorm"] == C.sandstorms(n)
        assert s.current_player() == CHANCE and s.phase == "dig"


def test_arch_chamber_notation():
    # Ⅰ(5): five cards face down in chamber Ⅰ. 피라미드 is Ⅰ(2), Ⅱ(5), Ⅲ(8).
    expected = {"pyramid": [2, 5, 8], "temple": [5, 5, 5], "tomb": [7, 8], "mine": [15],
                "sphinx": [15], "buried": [1, 1, 1]}
    for ruin, sizes in expected.items():
        s = A.new_game(4, seed=3, ruin=ruin)
        assert [sum(r.values()) for r in s.chambers] == sizes
    assert sum(A.new_game(4, seed=3, ruin="buried").pile.values()) == 12


# --- 보물 발굴 ----------------------------------------------------------------------------------
def test_arch_dig_treasure():
    s = A.scenario(players=2, hands=[{"pot": 30 - 14}, {}], deck={"coin": 1, "map": 1}, dig=True)
    for _, p in s.chance_outcomes():
        assert p == Fraction(1, 2)
    after = s.apply(A.Draw("coin"))
    assert after.hands[0] == {"pot": 16, "coin": 1}   # no hand limit: 17 cards is fine
    assert after.phase == "actions" and after.current_player() == 0


def test_arch_thief_count_tip():
    # 2 players use 4 thieves; 1 is in the discard pile, so 3 remain among the 30 deck cards.
    s = A.scenario(players=2, hands=[{"pot": 1}, {"coin": 1}],
                   deck={"thief": 3, "sandstorm": 6, "pot": 10, "parchment": 11}, discard={"thief": 1}, dig=True)
    public = odds.public_dig_odds(s)
    assert public["thief"] == Fraction(3, 30)
    assert public["sandstorm"] == Fraction(6, 30)
    assert dict((o.card, p) for o, p in s.chance_outcomes())["thief"] == public["thief"]


# --- 도둑 -------------------------------------------------------------------------------------
def test_arch_thief_steal():
    s = A.scenario(players=3, hands=[{}, {"coin": 1, "pot": 3}, {"mask": 1}], deck={"thief": 1, "pot": 2},
                   dig=True)
    s = s.apply(A.Draw("thief"))
    assert s.legal_actions() == [A.ChooseVictim(1), A.ChooseVictim(2)]   # rivals only
    s = s.apply(A.ChooseVictim(1))
    assert dict((o.card, p) for o, p in s.chance_outcomes()) == {"coin": Fraction(1, 4), "pot": Fraction(3, 4)}
    s = s.apply(A.Steal("coin"))
    assert s.hands[0] == {"coin": 1} and s.hands[1] == {"pot": 3}
    assert s.discard == {"thief": 1}


def test_arch_thief_void():
    s = A.scenario(players=3, hands=[{"pot": 2}, {}, {}], deck={"thief": 1, "pot": 1}, dig=True)
    s = s.apply(A.Draw("thief"))
    assert s.phase == "actions" and s.hands[0] == {"pot": 2}
    assert s.discard == {"thief": 1}


# --- 모래 폭풍 -----------------------------------------------------------------------------------
def _storm(hands, tents, deck=None, ruin="pyramid", **kw):
    deck = deck or {"sandstorm": 1, "pot": 1}
    s = A.scenario(players=len(hands), ruin=ruin, hands=hands, tents=tents, deck=deck, dig=True, **kw)
    return s.apply(A.Draw("sandstorm"))


def test_arch_sandstorm_half():
    s = _storm([{"coin": 5}, {"pot": 1}, {"mask": 2, "pot": 1}], tents=[0, 0, 0])
    # Player 2 (left of the drawer) has 1 card: floor(1/2) = 0, so player 3 buries first.
    assert s.phase == "bury" and s.current_player() == 2 and s.to_bury == 1
    s = s.apply(A.Bury("pot"))
    assert s.current_player() == 0 and s.to_bury == 2          # 5 cards -> 2 (floor of 2.5)
    s = s.apply(A.Bury("coin")).apply(A.Bury("coin"))
    assert [sum(h.values()) for h in s.hands] == [3, 1, 2]
    assert s.market == {"coin": 2, "pot": 1}


def test_arch_sandstorm_tent():
    s = _storm([{"coin": 4}, {"pot": 4}], tents=[1, 1])
    assert s.phase == "tent" and s.current_player() == 1       # left of the drawer declares first
    s = s.apply(A.UseTent(True))
    assert s.current_player() == 0
    s = s.apply(A.UseTent(False))
    assert s.current_player() == 0 and s.to_bury == 2
    s = s.apply(A.Bury("coin")).apply(A.Bury("coin"))
    assert s.hands[1] == {"pot": 4} and s.tents == [1, 0]
    assert s.box["tent"] == 5 - 1                                  # the used tent left the game


def test_arch_sandstorm_redig():
    s = _storm([{"coin": 2}, {}], tents=[0, 0], deck={"sandstorm": 2, "pot": 1})
    s = s.apply(A.Bury("coin"))
    assert s.phase == "dig" and s.turn == 0                       # the drawer digs again
    s = s.apply(A.Draw("sandstorm")).apply(A.Draw("pot"))          # storms may repeat
    assert s.hands[0] == {"coin": 1, "pot": 1} and s.discard == {"sandstorm": 2}


# --- 시장 물물교환 ---------------------------------------------------------------------------------
def test_arch_trade_value():
    s = A.scenario(players=2, hands=[{"talisman": 1}, {}], market={"pot": 2, "mask": 1})
    after = s.trade({"talisman": 1}, {"pot": 2})                  # 3 >= 1 + 1; no change back
    assert after.hands[0] == {"pot": 2}
    assert after.market == {"talisman": 1, "mask": 1}
    assert after.phase == "actions"
    even = s.trade({"talisman": 1}, {"pot": 1})                       # 3 for 1: the 2 extra is lost
    assert even.hands[0] == {"pot": 1} and even.market == {"pot": 1, "talisman": 1, "mask": 1}


def test_arch_trade_too_low():
    s = A.scenario(players=2, hands=[{"talisman": 1}, {}], market={"mask": 1})
    before = s.to_json()
    with pytest.raises(IllegalAction, match="교환 가치 합\\(3\\).*합\\(4\\)"):
        s.trade({"talisman": 1}, {"mask": 1})
    assert s.to_json() == before
    offered = s.apply(A.Offer("talisman"))
    with pytest.raises(IllegalAction, match="시장 물물교환"):
        offered.apply(A.Take("mask"))


# --- 유적 탐험 -----------------------------------------------------------------------------------
def test_arch_explore_once():
    s = A.scenario(players=2, hands=[{"map": 2}, {}], chambers=[{"pot": 2}, {"coin": 5}, {"mask": 3}])
    s = s.apply(A.Explore(0))
    assert s.hands[0] == {"map": 1, "pot": 2} and s.discard == {"map": 1}
    assert not any(isinstance(a, A.Explore) for a in s.legal_actions())
    with pytest.raises(IllegalAction, match="턴당 1회"):
        s.apply(A.Explore(1))


def test_arch_explore_empty():
    s = A.scenario(players=2, hands=[{"map": 1}, {}], chambers=[{}, {"coin": 5}, {"mask": 3}])
    with pytest.raises(IllegalAction, match="이미 비었습니다"):
        s.apply(A.Explore(0))
    no_map = A.scenario(players=2, hands=[{"pot": 1}, {}], chambers=[{"pot": 2}, {}, {}])
    with pytest.raises(IllegalAction, match="지도 1장이 필요"):
        no_map.apply(A.Explore(0))


def test_arch_pyramid():
    s = A.scenario(players=2, hands=[{"map": 1}, {}], chambers=[{"pot": 2}, {"coin": 5}, {"mask": 3, "cup": 5}])
    s = s.apply(A.Explore(2))
    assert s.hands[0] == {"mask": 3, "cup": 5} and s.chambers[2] == {}


def test_arch_temple():
    s = A.scenario(players=2, ruin="temple", hands=[{"map": 1, "coin": 2}, {}],
                   chambers=[{"pot": 5}, {"coin": 5}, {"mask": 4, "cup": 1}])
    with pytest.raises(IllegalAction, match="지도 2장"):
        s.apply(A.Explore(0))
    s = s.apply(A.Sell("coin", 2))
    assert A.Peek(2) in s.legal_actions()
    s = s.apply(A.Peek(2))
    assert s.seen[0] == {"2": (("cup", 1), ("mask", 4))}
    assert not any(isinstance(a, A.Peek) for a in s.legal_actions())   # one peek per sale
    rich = A.scenario(players=2, ruin="temple", hands=[{"map": 2}, {}], chambers=[{"pot": 5}, {}, {}])
    assert rich.apply(A.Explore(0)).hands[0] == {"pot": 5}


def test_arch_tomb_keep2():
    s = A.scenario(players=2, ruin="tomb", hands=[{"map": 2}, {}], chambers=[{"coin": 3, "mask": 2}, {"pot": 1}])
    s1 = s.apply(A.Explore(0))
    assert set(s1.legal_actions()) == {A.Keep((("coin", 2),)), A.Keep((("coin", 1), ("mask", 1))),
                                       A.Keep((("mask", 2),))}
    s1 = s1.apply(A.Keep((("mask", 2),)))
    assert s1.hands[0] == {"map": 1, "mask": 2} and s1.chambers[0] == {"coin": 3}
    s2 = s.apply(A.Explore(1))
    assert s2.legal_actions() == [A.Keep((("pot", 1),))]            # only one card left: take it


def test_arch_mine_bust():
    s = A.scenario(players=2, ruin="mine", hands=[{"map": 1}, {}], chambers=[{"pot": 2, "talisman": 2}])
    s = s.apply(A.Explore(0))
    assert s.current_player() == CHANCE
    s = s.apply(A.Reveal("talisman"))                                # 3
    assert odds.mine_bust_chance(s) == Fraction(1, 3)               # another talisman makes 6 > 5
    stop = s.apply(A.MineContinue()).apply(A.Reveal("pot")).apply(A.MineStop())    # 4: keep both
    assert stop.hands[0] == {"talisman": 1, "pot": 1}
    bust = s.apply(A.MineContinue()).apply(A.Reveal("talisman"))     # 6 > 5: bust
    assert bust.last_bust and bust.hands[0] == {} and bust.chambers[0] == {"pot": 2, "talisman": 2}
    exactly = A.scenario(players=2, ruin="mine", hands=[{"map": 1}, {}], chambers=[{"talisman": 1, "coin": 2}])
    five = exactly.apply(A.Explore(0)).apply(A.Reveal("talisman")).apply(A.MineContinue()).apply(A.Reveal("coin"))
    assert five.phase == "mine"                                       # exactly 5 is not above 5


def test_arch_sphinx():
    room = {"coin": 3, "pot": 6, "talisman": 6}
    s = A.scenario(players=2, ruin="sphinx", hands=[{"map": 1}, {}], chambers=[room])
    assert odds.sphinx_expected_haul(room, ("coin", "talisman")) == Fraction(5 * 9, 15)
    s = s.apply(A.Explore(0, ("coin", "talisman")))
    outcomes = dict(s.chance_outcomes())
    assert sum(outcomes.values()) == 1
    shown = A.SphinxReveal((("coin", 1), ("pot", 2), ("talisman", 2)))
    assert outcomes[shown] == Fraction(3 * 15 * 15, 3003)             # C(3,1)C(6,2)C(6,2)/C(15,5)
    s = s.apply(shown)
    assert s.hands[0] == {"coin": 1, "talisman": 2}
    assert s.chambers[0] == {"coin": 2, "pot": 6, "talisman": 4}          # the rest went back


def test_arch_buried_refill():
    # The pile of 12 loses 3 a storm (12 -> 9 -> 6 -> 3 -> 0): the fourth storm takes the last 3.
    s = _storm([{"coin": 2}, {"pot": 4}], tents=[0, 0], ruin="buried", chambers=[{"pot": 1}, {}, {"mask": 1}],
               pile={"cup": 2, "talisman": 1})
    assert s.phase == "refill" and s.current_player() == CHANCE
    assert [o for o, _ in s.chance_outcomes()] == [A.Refill("cup", 0), A.Refill("talisman", 0)]
    s = s.apply(A.Refill("cup", 0)).apply(A.Refill("cup", 1)).apply(A.Refill("talisman", 2))
    assert s.chambers == [{"pot": 1, "cup": 1}, {"cup": 1}, {"mask": 1, "talisman": 1}] and not s.pile
    assert s.phase == "bury" and s.current_player() == 1 and s.to_bury == 2   # then the storm as usual
    empty = _storm([{"coin": 2}, {}], tents=[0, 0], ruin="buried", chambers=[{}, {}, {}])
    assert empty.phase == "bury"


# --- 박물관 판매 -----------------------------------------------------------------------------------
def test_arch_museum_set():
    s = A.scenario(players=2, hands=[{"parchment": 5}, {}])
    whole = s.apply(A.Sell("parchment", 4))
    assert whole.scores()[0] == 10                                     # x4 -> 10 on the printed table
    split = s.apply(A.Sell("parchment", 2)).apply(A.Sell("parchment", 2))
    assert split.scores()[0] == 4                                      # never merged: 2 + 2
    with pytest.raises(IllegalAction, match="최대 4장"):
        s.apply(A.Sell("parchment", 5))
    assert A.Sell("parchment", 5) not in s.legal_actions()


# --- 게임 종료 --------------------------------------------------------------------------------------
def test_arch_end_deck_empty():
    s = A.scenario(players=2, hands=[{"pot": 1}, {"coin": 1}])
    assert s.phase == "actions" and not any(isinstance(a, A.Draw) for a in s.legal_actions())
    s = s.apply(A.EndTurn())
    assert s.phase == "actions" and s.turn == 1 and not s.is_terminal()
    early = A.scenario(players=2, hands=[{"pot": 1}, {}], deck={"pot": 1})
    assert not early.apply(A.Sell("pot", 1)).is_terminal()           # the dig deck still has cards


def test_arch_end_compulsory():
    s = A.scenario(players=3, hands=[{"pot": 2}, {"coin": 1}, {}], turn=1)
    s = s.apply(A.EndTurn()).apply(A.EndTurn()).apply(A.EndTurn())    # players 2, 3, 1 pass in a row
    assert s.compulsory and s.turn == 1                                # player 2 passed first: sells first
    with pytest.raises(IllegalAction, match="박물관 판매를 반드시"):
        s.apply(A.EndTurn())
    s = s.apply(A.Sell("coin", 1)).apply(A.EndTurn())
    assert s.turn == 2 and A.EndTurn() in s.legal_actions()          # an empty hand has nothing to sell
    s = s.apply(A.EndTurn()).apply(A.Sell("pot", 2))
    assert s.is_terminal()                                             # every hand is empty


def test_arch_end_tiebreak():
    s = A.scenario(players=3, museum=[[("parchment", 4)], [("coin", 3)], [("talisman", 2), ("pot", 3)]])
    assert s.scores() == [10, 10, 10]
    assert s.cards_sold() == [4, 3, 5]
    assert s.winners() == [1]


def test_arch_end_tent_worthless():
    s = A.scenario(players=2, museum=[[("coin", 1)], [("coin", 1)]], tents=[1, 0])
    assert s.scores() == [2, 2] and s.winners() == [0, 1]


# --- 응용 규칙 --------------------------------------------------------------------------------------
def test_arch_variant_long():
    cards = C.game_cards(3, ("long",))
    assert cards["tablet"] == 12 and cards["pendant"] == 5 and cards["thief"] == C.thieves(3) + 1
    with pytest.raises(IllegalAction, match="2~3인용"):
        A.new_game(4, seed=1, variants=("long",))


def test_arch_variant_sand_hell():
    for n in (2, 3, 4, 5):
        assert C.game_cards(n, ("sand_hell",))["sandstorm"] == 6
    s = _storm([{"coin": 2}, {}], tents=[2, 2], variants=("sand_hell",), deck={"sandstorm": 2, "pot": 1})
    s = s.apply(A.UseTent(False)).apply(A.UseTent(True))               # flipped, still in front
    assert s.tents == [1, 2] and s.box.get("tent", 0) == 5 - 2
    s = s.apply(A.Draw("sandstorm")).apply(A.UseTent(False)).apply(A.UseTent(True))
    assert s.tents == [0, 2] and s.box["tent"] == 5 - 1               # second use removes it
    assert A.new_game(3, seed=2, variants=("sand_hell",)).tents == [2, 2, 2]


def test_arch_variant_lucky():
    # Find a deal, then check the start player is the lowest hand trade total, ties by sand order.
    for seed in range(40):
        s = A.new_game(4, seed=seed, ruin="pyramid", variants=("lucky",), sand_order=[3, 1, 0, 2])
        totals = [A.trade_value(h) for h in s.hands]
        low = min(totals)
        tied = [p for p in [3, 1, 0, 2] if totals[p] == low]
        assert s.turn == s.start_player == tied[0]
    plain = A.new_game(4, seed=0, ruin="pyramid", sand_order=[2, 0, 1, 3])
    assert plain.turn == 2                                              # without the variant: last on sand
