"""Every worked example of the 레즈 아르카나 rulebook (seed 003), one test per example id.

The id after `test_` names the example (test_ra_windup_man_rounds is ra-windup-man-rounds in the book); its
docstring gives the id and the seed's line numbers.
"""
import re
from pathlib import Path

from book_examples import example_ids, example_ids_in_tests
from rules import res_arcana as R

BOOK = Path(__file__).resolve().parent.parent / "book" / "res_arcana"


def test_every_example_is_in_the_book():
    assert example_ids(BOOK) == example_ids_in_tests(globals(), "ra")


def run(state, *moves):
    for move in moves:
        state = state.apply(state.action_from_str(move) if isinstance(move, str) else move)
    return state


def nonzero(pool: dict) -> dict:
    return {e: n for e, n in pool.items() if n}


QUIET_ITEMS = ("divination", "alchemy", "reanimate", "transmutation", "research", "protection")


def pass_turn(state):
    return run(state, R.Pass(next(i for i in QUIET_ITEMS if i in state.items_free)))


def end_round(state):
    """Everyone passes, each taking a magic item without a collect ability; the round ends."""
    round_ = state.round
    while state.round == round_:
        state = run(state, R.Pass(next(i for i in QUIET_ITEMS if i in state.items_free)))
    return state


def test_ra_windup_man_rounds():
    """ra-windup-man-rounds (seed 198-200): 1라운드 금 1개 -> 2라운드 두고 금 2개 추가, 활기 1개 올림 ->
    3라운드 금 2개와 활기 2개 추가 -> 4라운드 금 5개와 활기 3개를 모두 가져옴."""
    s = R.scenario(players=2, pools=[{"G": 1, "E": 1}, {}], play=[["windup_man"], []])
    # round 1, action phase: turn the card and put 1 gold on it
    s = run(s, "use:windup_man:0", "pay:G")
    assert s.essences_on("windup_man") == {"G": 1} and "windup_man" in s.turned
    assert nonzero(s.pool[0]) == {"E": 1}
    s = end_round(s)
    # round 2, collect: leave the gold, the collect ability adds 2 more gold
    assert s.round == 2 and s.phase == "collect" and s.current_player() == 0
    assert s.first == 1                              # player 1 passed first and took the token
    s = run(s, "leave:windup_man")
    assert s.essences_on("windup_man") == {"G": 3}
    assert s.phase == "actions" and "windup_man" not in s.turned
    s = pass_turn(s)                               # player 1 (first player now) passes at once
    s = run(s, "use:windup_man:0")               # the action phase: the only essence left, 1 elan, goes on it
    assert nonzero(s.pool[0]) == {}
    assert s.essences_on("windup_man") == {"G": 3, "E": 1}
    s = end_round(s)
    # round 3, collect: leave 3 gold + 1 elan, add 2 gold and 2 elan
    s = run(s, "leave:windup_man")
    assert s.essences_on("windup_man") == {"G": 5, "E": 3}
    s = end_round(s)
    # round 4, collect: take all 5 gold and 3 elan
    s = run(s, "take:windup_man")
    assert s.essences_on("windup_man") == {}
    assert nonzero(s.pool[0]) == {"G": 5, "E": 3}


def test_ra_vault_interest_rounds():
    """ra-vault-interest-rounds (seed 201-203): 1라운드 금 1개 -> 2라운드 두고 평온 1개와 생명 1개(이자)를 받은 뒤
    금 1개 추가 -> 3라운드 이자 대신 금 2개를 가져옴."""
    s = R.scenario(players=2, pools=[{}, {}], play=[["vault"], []])
    s = run(s, "use:vault:0")                      # turn it, 1 gold from the supply onto it
    assert s.essences_on("vault") == {"G": 1} and s.supply["G"] == 30 - 1
    s = end_round(s)
    s = run(s, "leave:vault")                      # round 2: keep the gold on it
    assert s.current_player() == 0 and str(s.legal_actions()[0]) == "gain:E"
    s = run(s, "gain:L", "gain:C")                 # interest: 2 essences other than gold
    assert nonzero(s.pool[0]) == {"L": 1, "C": 1} and s.essences_on("vault") == {"G": 1}
    s = pass_turn(s)
    s = run(s, "use:vault:0")
    assert s.essences_on("vault") == {"G": 2}
    s = end_round(s)
    s = run(s, "take:vault")                       # round 3: take the 2 gold, so no interest
    assert nonzero(s.pool[0]) == {"L": 1, "C": 1, "G": 2}
    assert s.phase == "actions" and s.essences_on("vault") == {}


def test_ra_crypt_gold_plus_one():
    """ra-crypt-gold-plus-one (seed 188-190): 납골당으로 버린 카드 더미의 '금 + 다른 정수 1개' 유물을 배치하면
    금은 그대로 내고 다른 정수 1개만 빠진다."""
    s = R.scenario(players=2, pools=[{"D": 1, "G": 1}, {}], play=[["crypt"], []],
                   discards=[["chalice_of_fire", "dragon_egg"], []])
    s = run(s, "use:crypt:1", "card:chalice_of_fire")
    assert "chalice_of_fire" in s.play[0] and "chalice_of_fire" not in s.discard[0]
    assert nonzero(s.pool[0]) == {}                 # 1 죽음 for the power, 1 금 for the chalice
    poor = R.scenario(players=2, pools=[{"D": 1, "E": 5}, {}], play=[["crypt"], []],
                      discards=[["chalice_of_fire"], []])
    assert R.Use("crypt", 1) not in poor.legal_actions()     # the gold can't be discounted


def test_ra_bestiary_sea_serpent():
    """ra-bestiary-sea-serpent (seed 211-212): 마법사의 경연장의 주인은 큰 바다뱀으로 3승점(용족 2 + 생물 1)을 얻는다."""
    s = R.scenario(players=2, play=[[], ["sorcerers_bestiary", "sea_serpent"]])
    assert s.vp(1) == 1 + 3                         # the serpent's own 1 VP + 3 from the Bestiary
    beasts = R.scenario(players=2, play=[[], ["sorcerers_bestiary", "celestial_horse", "fire_dragon"]])
    assert beasts.vp(1) == 0 + 1 + (1 + 2)          # horse: creature 1; fire dragon: its 1 VP + dragon 2


def test_ra_golden_statue_temporary():
    """ra-golden-statue-temporary (seed 173-174, 208-209, 35): 승점 확인 때 금 3개를 내면 일시적으로 3점; 패스했어도 쓸 수
    있고 그 승점 확인에만 유효하다. 먼저 패스한 플레이어 2가 선 플레이어 토큰을 가졌다."""
    mine = ["great_pyramid", "colossus", "mausoleum", "temple", "library"]             # 3+2+2+2+1 = 10
    theirs = ["golden_statue", "oracle", "obelisk", "hanging_gardens", "solomons_mine"]  # 1+2+1+1+1 = 6
    rich = R.scenario(players=2, pools=[{}, {"G": 3}], play=[mine, theirs], items=["protection", "calm_elan"],
                      passed=[False, True], turn=0)
    assert rich.first == 1 and rich.token_taken            # the first (only) passer holds the token (+1)
    assert rich.vp(0) == 10 and rich.vp(1) == 7
    # the same position reached by play: player 2 passes first, then player 1
    played = run(R.scenario(players=2, pools=[{}, {"G": 3}], play=[mine, theirs], turn=1), "pass:calm_elan")
    assert played == rich
    s = run(rich, "pass:research")                 # the round ends; the check asks the statue's owner
    assert s.first == 1                            # passing second does not take the token
    assert s.current_player() == 1 and {str(a) for a in s.legal_actions()} == {"react:golden_statue:0", "accept"}
    won = run(s, "react:golden_statue:0")
    assert won.is_terminal() and won.scores() == [10, 10] and won.pool[1]["G"] == 0
    # the tie at 10 goes to the pool (gold counts 2): both have 0 essences left -> shared
    assert won.winners() == [0, 1]
    assert won.statue == [0, 0]                    # the temporary points are gone after the check
    declined = run(s, "accept")
    assert declined.is_terminal() and declined.scores() == [10, 7] and declined.winners() == [0]


def test_every_reading_is_printed_once_in_the_book():
    """Each READINGS key is printed by widgets.common.rulings on exactly one page (where its rule is)."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in BOOK.glob("*.md"))
    calls = re.findall(r"rulings\(R\.READINGS, ([^)]*)\)", text)
    printed = [key for call in calls for key in re.findall(r'"([a-z_0-9]+)"', call)]
    assert sorted(printed) == sorted(R.READINGS)
