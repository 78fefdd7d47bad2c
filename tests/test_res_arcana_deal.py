"""레즈 아르카나 from a real table's deal (rules/res_arcana/deal.py): the game starts with the places,
monuments and cards the table dealt, and a deal the rules cannot make is refused in Korean."""
import pytest

from rules import CHANCE, IllegalAction, res_arcana as R
from rules.res_arcana import components as C


def deal_of(state, n):
    """The deal a seeded game made, as a table would type it."""
    if "draft" in state.variants:
        cards = [state.draft[p] + state.draft_next[p] for p in range(n)]
    else:
        cards = [state.deck[p] for p in range(n)]
    return dict(places=state.places, monuments=state.mon_up, artifacts=cards,
                mages=None if "first_game" in state.variants else [state.mage_options[p] for p in range(n)])


@pytest.mark.parametrize("variants", [(), ("draft",), ("first_game",)])
@pytest.mark.parametrize("n", [2, 4])
def test_a_typed_deal_starts_the_game_the_engine_would_have_dealt(variants, n):
    seeded = R.new_game(n, seed=11, variants=variants, first_player=1)
    typed = R.dealt_game(n, variants=variants, first_player=1, **deal_of(seeded, n))
    for field in ("places", "mon_up", "mon_deck", "mage_options", "mage", "hand", "deck", "draft", "draft_next",
                  "pool", "tasks"):
        assert getattr(typed, field) == getattr(seeded, field), field
    assert sorted(typed.box) == sorted(seeded.box)
    assert sorted(typed.inventory().items()) == sorted(seeded.inventory().items())


def test_the_opening_draws_come_from_the_seats_own_cards_and_a_monument_from_the_rest():
    cards = [list(C.ARTIFACTS[:8]), list(C.ARTIFACTS[8:16])]
    s = R.dealt_game(2, places=[sides[1] for sides in C.TILES.values()], monuments=["obelisk", "temple"],
                     mages=[["alchemist", "druid"], list(C.MAGES[4:6])], artifacts=cards)
    assert s.current_player() == CHANCE and s.tasks[-1]["p"] == 0
    assert sorted(o.card for o, _ in s.chance_outcomes()) == sorted(cards[0])
    assert s.mage_options == [["alchemist", "druid"], list(C.MAGES[4:6])]
    assert s.mon_deck == sorted(m for m in C.MONUMENTS if m not in ("obelisk", "temple"))


def _deal(**changes):
    args = dict(num_players=2, places=[sides[0] for sides in C.TILES.values()], monuments=["obelisk", "temple"],
                mages=[["alchemist", "druid"], list(C.MAGES[4:6])],
                artifacts=[list(C.ARTIFACTS[:8]), list(C.ARTIFACTS[8:16])])
    args.update(changes)
    return R.dealt_game(**args)


@pytest.mark.parametrize("changes, words", [
    (dict(artifacts=[list(C.ARTIFACTS[:8]), list(C.ARTIFACTS[7:15])]), "두 번 나누었습니다"),
    (dict(mages=[["alchemist", "druid"], ["druid", C.MAGES[5]]]), "두 번 나누었습니다"),
    (dict(artifacts=[list(C.ARTIFACTS[:7]), list(C.ARTIFACTS[8:16])]), "유물은 8장이어야 합니다"),
    (dict(mages=[["alchemist"], list(C.MAGES[4:6])]), "마법사는 2장이어야 합니다"),
    (dict(artifacts=[["alchemist"] + list(C.ARTIFACTS[1:8]), list(C.ARTIFACTS[8:16])]), "유물 카드가 아닙니다"),
    (dict(monuments=["obelisk"]), "공개된 기념물은 서로 다른 2장"),
    (dict(monuments=["obelisk", "obelisk"]), "공개된 기념물은 서로 다른 2장"),
    (dict(places=[C.TILES[1][0], C.TILES[1][1], C.TILES[2][0], C.TILES[3][0], C.TILES[4][0]]), "한 타일의 두 면"),
    (dict(places=[sides[0] for sides in C.TILES.values()][:4]), "한 면씩 모두 놓습니다"),
    (dict(artifacts=[list(C.ARTIFACTS[:8])]), "자리 2곳의 카드"),
])
def test_a_deal_the_rules_cannot_make_is_refused_in_korean(changes, words):
    with pytest.raises(IllegalAction, match=words):
        _deal(**changes)


def test_the_first_game_deals_only_the_decks_and_keeps_its_sides_and_starter_sets():
    starter = C.STARTER_SETS[1][1][0]
    free = [a for a in C.ARTIFACTS if a not in {c for p in (1, 2) for c in C.STARTER_SETS[p][1]}]
    ok = R.dealt_game(2, None, ["obelisk", "temple"], None, [free[:5], free[5:10]], variants=("first_game",))
    assert ok.places == list(C.FIRST_GAME_PLACES) and ok.deck == [sorted(free[:5]), sorted(free[5:10])]
    with pytest.raises(IllegalAction, match="시작 세트"):
        R.dealt_game(2, None, ["obelisk", "temple"], None, [[starter] + free[:4], free[5:10]], variants=("first_game",))
    with pytest.raises(IllegalAction, match="첫 게임용 면"):
        R.dealt_game(2, [sides[0] if sides[0] not in C.FIRST_GAME_PLACES else sides[1] for sides in C.TILES.values()],
                     ["obelisk", "temple"], None, [free[:5], free[5:10]], variants=("first_game",))
