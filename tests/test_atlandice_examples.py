"""Every worked example of the 아틀란다이스 rulebook (shared/seeds/001_ecdcf143c06e36c7.txt), one test per id.

The id after `test_` is the example's id (e.g. test_atl_alex_forge is "atl-alex-forge"); the
docstring gives the seed's line numbers. Players are seats: 노아 0, 라이언 1, 알렉스 2. The book shows
each example under the same id (the anchor "(atl-alex-forge)=" above the box "예시 · …");
test_every_example_is_in_the_book ties the two together.
"""
import re
from fractions import Fraction
from pathlib import Path

from book_examples import example_ids, example_ids_in_tests
from rules import CHANCE
from rules import atlandice as A
from rules.atlandice import components as C

NOAH, RYAN, ALEX = 0, 1, 2
BOOK = Path(__file__).resolve().parents[1] / "book" / "atlandice"


def test_every_example_is_in_the_book():
    assert example_ids(BOOK) == example_ids_in_tests(globals(), "atl")


def _board(hands3=None, track=None):
    """The file's board values with the example's printed facts put in."""
    values = C.board_values()
    if hands3 is not None:
        values["clock_hands"]["3"] = hands3
    if track is not None:
        values["clock_track"] = track
    return values


def test_atl_dice_placement():
    """atl-dice-placement (lines 45-47): a "1" lies by the 보석 가게, a "2" by the 도서관, every 6 by the 암시장."""
    s = A.new_game(3, seed=1)
    assert s.current_player() == CHANCE and s.to_roll == 7
    for face in (1, 2, 6, 6, 3, 5, 4):
        s = s.apply(A.RollDie(face))
    assert s.dice == [1, 1, 1, 1, 1, 2]          # areas 1..5, then the market
    assert s.phase == "pick"


def test_atl_alex_forge():
    """atl-alex-forge (lines 58-60): 알렉스 takes the "5" die at the 대장간, where the submarine is:
    a weapon and a gem, then re-rolls a 6 and takes another weapon "from the 대장간"
    (forge_source='district'; the ability text, line 105, says from the market instead)."""
    common = dict(players=3, first=ALEX, submarine=5, boards={5: {"weapon": 3, "gem": 1}},
                  dice={5: 1, 1: 2, 2: 2, 3: 1, 4: 1})
    s = A.scenario(forge_source="district", **common)
    assert s.current_player() == ALEX
    s = s.apply(A.TakeDie(5))
    s = s.apply(A.TakeHeritage("weapon"))
    assert s.phase == "take" and s.source == 5                        # the submarine's extra one
    s = s.apply(A.TakeHeritage("gem"))
    assert s.current_player() == CHANCE                                # the 대장간 re-roll
    assert s.chance_outcomes() == [(A.Reroll(f), Fraction(1, 6)) for f in range(1, 7)]
    s = s.apply(A.Reroll(6))
    assert s.source == 5 and s.legal_actions() == [A.TakeHeritage("weapon")]
    s = s.apply(A.TakeHeritage("weapon"))
    assert s.held(ALEX) == {"gem": 1, "weapon": 2}
    assert s.heritage_at(5) == {"weapon": 1}
    assert s.phase == "pick" and s.current_player() == NOAH            # next player, clockwise

    by_text = A.scenario(**common)                                     # the default reading
    by_text = by_text.apply(A.TakeDie(5)).apply(A.TakeHeritage("weapon")).apply(A.TakeHeritage("gem"))
    by_text = by_text.apply(A.Reroll(6))
    assert by_text.source == C.MARKET
    by_text = by_text.apply(A.TakeHeritage("weapon"))
    assert by_text.heritage_at(5) == {"weapon": 2} and by_text.heritage_at(C.MARKET)["weapon"] == 2


def test_atl_clock_three():
    """atl-clock-three (lines 70-73): the die left over shows "3"; the 3번 board shows 2 hand icons;
    the clock moves 2 spaces and the event of that space happens."""
    track = ["start", "", "check:food"] + [""] * 5 + ["wave"]
    s = A.scenario(players=3, picks=5, first=0, dice={3: 1, 6: 1}, clock=0,
                   holdings=[{"food": 2}, {}, {}], board_data=_board(hands3=[2, 1, 3], track=track))
    assert s.last_die_advance(3) == 2
    s = s.apply(A.TakeDie(6)).apply(A.TakeHeritage("gem"))   # the sixth die taken: one "3" is left
    assert s.clock == 2
    assert s.tokens == [1, 0, 0]                              # 확인: food, player 0 holds the most
    assert s.phase == "roll" and s.first == 1                  # 4 - the first-player token passes left


def test_atl_noah_check():
    """atl-noah-check (lines 77-80): a gem 확인; 노아 holds the most gems and gets 1 VP token."""
    track = ["start", "check:gem"] + [""] * 5 + ["wave"]
    s = A.scenario(players=3, picks=5, first=RYAN, dice={1: 1, 6: 1}, clock=0,
                   holdings=[{"gem": 3}, {"gem": 2, "book": 4}, {"gem": 1, "weapon": 5}],
                   board_data=_board(track=track) | {"black_market_hands": 1},
                   stacks={1: ["1a", "1b", "1c"]})
    s = s.apply(A.TakeDie(6)).apply(A.TakeHeritage("tool"))
    assert s.clock == 1 and s.clock_event() == "check:gem"
    assert s.tokens == [1, 0, 0]
    assert s.held(NOAH)["gem"] == 3 and s.held(RYAN)["gem"] == 2  # everyone keeps what they have


def test_atl_donation_noah_ryan():
    """atl-donation-noah-ryan (lines 83-86): from the first player 노아, 3 gems + 1 weapon give
    2 VP tokens; then 라이언 donates 2 gems for 1. The heritage goes back onto its districts."""
    track = ["start", "donate"] + [""] * 5 + ["wave"]
    s = A.scenario(players=3, picks=5, first=NOAH, dice={1: 1, 6: 1}, clock=0,
                   holdings=[{"gem": 3, "weapon": 1}, {"gem": 2, "book": 1}, {}],
                   boards={1: {"gem": 2}, 5: {"weapon": 1}}, board_data=_board(track=track))
    s = s.apply(A.TakeDie(6)).apply(A.TakeHeritage("tool"))   # the last pick is 알렉스's
    assert s.phase == "donation" and s.current_player() == NOAH
    s = s.apply(A.Donate("gem", "gem")).apply(A.Donate("gem", "weapon"))
    assert s.tokens[NOAH] == 2 and s.held(NOAH) == {}
    assert s.current_player() == RYAN                          # 노아 has nothing left to donate
    s = s.apply(A.Donate("gem", "gem"))                        # one book left: his donation ends
    assert s.tokens == [2, 1, 0] and s.held(RYAN) == {"book": 1}
    assert s.heritage_at(1) == {"gem": 2 + 5} and s.heritage_at(5) == {"weapon": 2}
    assert s.phase == "roll"                                   # 알렉스 holds a single tool: nothing to give


def test_every_repair_note_quotes_the_seed_lines_it_repairs():
    """Each bullet of a page's 원문 보수 box names seed lines ("원문 45행", "97~98행") and quotes them in “ ”;
    every quote is found verbatim in the lines the bullet names."""
    seed = Path(__file__).resolve().parents[2] / "shared" / "seeds" / "001_ecdcf143c06e36c7.txt"
    if not seed.exists():
        return
    lines = seed.read_text(encoding="utf-8").splitlines()
    boxes = 0
    for page in sorted(BOOK.glob("*.md")):
        for box in re.findall(r":::\{admonition\} 원문 보수.*?\n:::", page.read_text(encoding="utf-8"), flags=re.S):
            boxes += 1
            for bullet in box.split("\n- ")[1:]:
                bullet = " ".join(bullet.split())
                cited = [(int(a), int(b or a)) for a, b in re.findall(r"(\d+)(?:~(\d+))?행", bullet)]
                quotes = re.findall(r"“([^”]+)”", bullet)
                assert cited and quotes, (page.name, bullet)
                text = "\n".join(lines[n - 1] for a, b in cited for n in range(a, b + 1))
                for q in quotes:
                    assert q in text, (page.name, q)
    assert boxes >= 7
