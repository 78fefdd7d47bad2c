"""Concrete rule statements of the 레즈 아르카나 rulebook (seed 003), and one test per component
showing that its collect ability, discount, powers, reactions and VP do what components.json says."""
import json

import pytest

from rules import CHANCE, IllegalAction
from rules import res_arcana as R
from rules.res_arcana import components as C, odds


def run(state, *moves):
    for move in moves:
        state = state.apply(state.action_from_str(move) if isinstance(move, str) else move)
    return state


def nz(pool: dict) -> dict:
    return {e: n for e, n in pool.items() if n}


def table(play=(), pool=None, rival_play=(), rival_pool=None, players=2, **kw):
    """Player 0 (to move) with `play` and `pool`; player 1 with `rival_play` and `rival_pool`."""
    pools = [pool or {}, rival_pool or {}] + [{}] * (players - 2)
    plays = [list(play), list(rival_play)] + [[]] * (players - 2)
    return R.scenario(players=players, pools=pools, play=plays, **kw)


def legal(state) -> set:
    return {str(a) for a in state.legal_actions()}


def collect(play=(), pool=None, **kw):
    """The collect phase of a new round, player 0 collecting first."""
    return table(play, pool, phase="collect", **kw)


# === 게임 준비 ===========================================================================
def _through_setup(state, pick=0):
    """Play the setup with fixed choices; chance draws take the first outcome."""
    while state.phase == "setup":
        acts = state.legal_actions()
        state = state.apply(acts[min(pick, len(acts) - 1)])
    return state


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_counts(n):
    s = R.new_game(n, seed=n)
    assert [len(m) for m in s.mage_options] == [C.MAGES_DEALT] * n            # 2 mages dealt
    assert [len(d) for d in s.deck] == [8] * n and s.current_player() == CHANCE  # 8-card deck, hand drawn
    assert all(nz(p) == {"E": 1, "L": 1, "C": 1, "D": 1, "G": 1} for p in s.pool)  # one of each essence
    assert len(s.places) == 5 and len(s.mon_up) == 2 and len(s.mon_deck) == 8
    assert all(pl in C.TILES[t] for t, pl in zip(sorted(C.TILES), s.places))        # one side of each tile
    assert len(s.items_free) == 8
    s = _through_setup(s)
    assert [len(h) for h in s.hand] == [3] * n and [len(d) for d in s.deck] == [5] * n
    assert all(m in C.MAGES for m in s.mage) and len(set(s.mage)) == n
    assert sum(1 for c in s.box if C.KIND[c] == "mage") == 10 - n                  # the unused mages to the box
    assert len(set(s.item)) == n and len(s.items_free) == 8 - n
    assert s.round == 1


def test_setup_places_sides_are_random_per_tile():
    sides = {tuple(R.new_game(2, seed=k).places) for k in range(30)}
    assert len(sides) > 5
    for places in sides:
        assert [C.COMPONENTS[p]["tile"]["value"] for p in places] == [1, 2, 3, 4, 5]


def test_setup_magic_items_in_reverse_order_from_the_right_of_the_first_player():
    s = R.new_game(4, seed=2, first_player=1)
    while s.tasks[-1]["t"] != "item":
        s = s.apply(s.legal_actions()[0])
    order = []
    while s.phase == "setup":
        order.append(s.current_player())
        s = s.apply(s.legal_actions()[0])
    assert order == [0, 3, 2, 1]
    assert s.turn == 1 and s.first == 1                      # play starts with the first player


def test_setup_mage_choice_keeps_one():
    s = R.new_game(2, seed=5)
    while s.tasks[-1]["t"] != "mage":
        s = s.apply(s.legal_actions()[0])
    options = list(s.mage_options[0])
    s = s.apply(R.ChooseMage(options[1]))
    assert s.mage[0] == options[1] and options[0] in s.box
    assert s.public_view(None)["players"][0]["mage"] == "?"   # revealed together, after everyone chose
    assert s.public_view(0)["players"][0]["mage"] == options[1]


@pytest.mark.parametrize("variants", [(), ("draft",)])
def test_setup_each_player_sees_all_8_cards_before_choosing_a_mage(variants):
    """Ref setup 6: each player looks at their 8 artifacts, shuffles, draws 3, then picks a mage."""
    s = R.new_game(3, seed=4, variants=variants)
    while s.tasks[-1]["t"] != "mage":
        s = s.apply(s.legal_actions()[0])
    for p in range(3):
        own = s.public_view(p)["players"][p]
        assert len(own["hand_cards"]) == 3 and len(own["deck_known"]) == 5
        assert sorted(own["hand_cards"] + own["deck_known"]) == sorted(s.hand[p] + s.deck[p])
        assert own["deck_known"] == sorted(own["deck_known"])          # unordered: no hint of the next draw
        for viewer in [None] + [q for q in range(3) if q != p]:
            text = json.dumps(s.public_view(viewer), ensure_ascii=False)
            assert all(f'"{c}"' not in text for c in s.deck[p])      # nobody else sees it


def test_first_game_deck_stays_unseen():
    s = R.new_game(2, seed=1, variants=("first_game",))
    assert "deck_known" not in s.public_view(0)["players"][0]


def test_setup_first_game_starter_sets():
    s = R.new_game(4, seed=1, variants=("first_game",))
    assert s.places == list(C.FIRST_GAME_PLACES)
    for p in range(4):
        mage, cards = C.STARTER_SETS[p + 1]
        assert s.mage[p] == mage and sorted(s.hand[p]) == sorted(cards) and len(s.deck[p]) == 5
    assert s.tasks[-1]["t"] == "item" and s.current_player() == 3


def test_setup_draft_variant():
    s = R.new_game(3, seed=4, variants=("draft",))
    assert [len(d) for d in s.draft] == [4] * 3 and [len(d) for d in s.draft_next] == [4] * 3
    first_packets = [list(d) for d in s.draft]
    s = s.apply(R.DraftPick(first_packets[0][0]))
    s = s.apply(R.DraftPick(first_packets[1][0]))
    s = s.apply(R.DraftPick(first_packets[2][0]))
    assert sorted(s.draft[1]) == sorted(first_packets[0][1:])  # passed to the left
    while any(t["t"] == "draft" for t in s.tasks):
        s = s.apply(s.legal_actions()[0])
    assert [len(d) for d in s.deck] == [8] * 3 and not any(s.draft) and not any(s.draft_next)
    assert len([c for c in s.box if C.KIND[c] == "artifact"]) == 40 - 24


def test_bad_options_are_refused_in_korean():
    for kwargs, words in [({"num_players": 5}, "2~4명"), ({"num_players": 3, "variants": ("fast",)}, "알 수 없는"),
                          ({"num_players": 2, "first_player": 2}, "선 플레이어"),
                          ({"num_players": 2, "variants": ("first_game", "draft")}, "함께")]:
        with pytest.raises(IllegalAction, match=words):
            R.new_game(**kwargs)


# === 1. 수집 ==============================================================================
def test_collect_all_or_nothing_per_component():
    s = collect(["athanor", "dragon_teeth"], on={"athanor": {"E": 4}, "dragon_teeth": {"E": 3}})
    assert legal(s) == {"take:athanor", "leave:athanor"}
    s = run(s, "take:athanor", "leave:dragon_teeth")
    assert nz(s.pool[0]) == {"E": 4} and s.essences_on("dragon_teeth") == {"E": 3}


def test_collect_plus_gives_all_and_slash_gives_one():
    s = collect(["elemental_spring"], mages=["healer", None])
    assert legal(s) == {"gain:C", "gain:L"}                    # 평온 / 생명: one of them
    s = run(s, "gain:L")
    assert nz(s.pool[0]) == {"E": 1, "L": 2, "C": 1}           # + the spring's 활기 + 생명 + 평온


def test_collect_number_of_any_respects_the_restriction():
    s = collect(["celestial_horse"])
    assert legal(s) == {"gain:E", "gain:L", "gain:C"}          # no gold, no death
    s = run(s, "gain:E", "gain:C")
    assert nz(s.pool[0]) == {"E": 1, "C": 1} and s.phase == "actions"


def test_collect_cost_cursed_forge():
    s = collect(["cursed_forge"], pool={"D": 1})
    assert legal(s) == {"curse:pay", "curse:turn"}
    assert nz(run(s, "curse:pay").pool[0]) == {} and "cursed_forge" not in run(s, "curse:pay").turned
    assert "cursed_forge" in run(s, "curse:turn").turned
    broke = collect(["cursed_forge"])
    assert broke.phase == "actions" and "cursed_forge" in broke.turned   # no death: turned
    # the cost comes after every gain of the same collect phase, so a 죽음 just collected can pay it
    s = collect(["cursed_forge"], mages=["witch", None])
    assert s.tasks[-1]["t"] == "gain_any"
    s = run(s, "gain:D")
    assert legal(s) == {"curse:pay", "curse:turn"}


def test_collect_goes_from_the_first_player():
    s = R.scenario(players=3, items=["calm_elan", "death_life", "research"], first=1,
                   phase="collect")
    assert s.current_player() == 1 and legal(s) == {"gain:L", "gain:D"}
    s = run(s, "gain:D")
    assert s.current_player() == 0 and legal(s) == {"gain:C", "gain:E"}   # player 2 has nothing to collect
    s = run(s, "gain:E")
    assert s.phase == "actions" and s.turn == 1


def test_the_supply_is_unlimited():
    s = table(["horn_of_plenty"])
    s.supply["G"] = 0                      # every gold token out: a 5x chip makes change
    s = run(s, "use:horn_of_plenty:1")
    assert nz(s.pool[0]) == {"G": 1} and s.supply["G"] == -1 and s.inventory()["G"] == 0


def test_costs_go_to_the_supply():
    s = run(table(pool={"E": 1}, hands=[["dwarven_pickaxe"], []]), "place:dwarven_pickaxe")
    assert s.supply["E"] == 30 and s.inventory()["E"] == 30


# === 2. 액션 ==============================================================================
def test_place_artifact_pays_its_cost():
    s = table(pool={"E": 2, "L": 1}, hands=[["elvish_bow", "fire_dragon"], []])
    assert "place:elvish_bow" in legal(s) and "place:fire_dragon" not in legal(s)
    s = run(s, "place:elvish_bow")
    assert s.play[0] == ["elvish_bow"] and nz(s.pool[0]) == {} and s.hand[0] == ["fire_dragon"]
    assert "elvish_bow" not in s.turned and s.current_player() == 1          # placed straight; 1 action


def test_any_part_of_a_cost_is_chosen_essence_by_essence():
    s = table(pool={"L": 2, "G": 2, "D": 1}, hands=[["tree_of_life"], []])
    s = run(s, "place:tree_of_life")
    assert legal(s) == {"pay:L", "pay:D", "pay:G"}
    s = run(s, "pay:G", "pay:D")
    assert nz(s.pool[0]) == {"L": 1, "G": 1} and s.play[0] == ["tree_of_life"]


def test_discounts_stack_and_never_go_below_zero():
    # 마법공학자 1 + 용 굴레 3 + 용의 둥지 3 = 7 off the 바람의 용's 4 평온 + 4 any; gold can't be discounted
    s = table(["dragon_bridle", "dragons_lair"], pool={}, mages=["artificer", None], hands=[["wind_dragon"], []])
    assert s.discount(0, "wind_dragon") == 7
    assert "place:wind_dragon" not in legal(s)                 # 8 - 7 = 1 essence still to pay
    s = table(["dragon_bridle", "dragons_lair"], pool={"D": 1}, mages=["artificer", None],
              hands=[["wind_dragon", "fire_dragon"], []])
    s = run(s, "place:fire_dragon")                              # 6 활기 - 7: free, never below 0
    assert s.play[0][-1] == "fire_dragon" and nz(s.pool[0]) == {"D": 1}


def test_turned_discount_components_still_discount():
    """L222-223: an ability applies even while its component is turned (discount_mandatory)."""
    s = table(["dragon_bridle", "dragons_lair"], mages=["artificer", None], hands=[["fire_dragon"], []],
              turned=["dragon_bridle", "dragons_lair", "artificer"])
    assert s.discount(0, "fire_dragon") == 1 + 3 + 3
    s = run(s, "place:fire_dragon")                              # 활기 6 - 7: free from an empty pool
    assert s.play[0][-1] == "fire_dragon" and nz(s.pool[0]) == {}


def test_discount_abilities_stack_with_a_placing_power():
    """L91-93: 마법공학자 1 + 용 굴레 3 with 용의 알's 4 take all 8 off 바람의 용 (평온 4 + any 4)."""
    s = table(["dragon_bridle", "dragon_egg"], mages=["artificer", None], hands=[["wind_dragon"], []])
    s = run(s, "use:dragon_egg:0")
    assert s.play[0] == ["dragon_bridle", "wind_dragon"] and s.discard[0] == ["dragon_egg"] and nz(s.pool[0]) == {}


def test_discount_only_on_non_gold_and_only_on_artifacts():
    s = table(pool={"G": 1}, mages=["artificer", None], hands=[["horn_of_plenty", "dwarven_pickaxe"], []],
              places=["dwarven_mines"], monuments=["temple"])
    assert "place:horn_of_plenty" not in legal(s)              # 금 2 stays 금 2
    assert "place:dwarven_pickaxe" in legal(s)                 # 활기 1 - 1 = 0
    rich = table(pool={"G": 3, "E": 4, "L": 1}, mages=["artificer", None], places=["dwarven_mines"],
                 monuments=["temple"])
    assert "claim:dwarven_mines" not in legal(rich)            # places: no artificer discount
    assert "monument:claim:temple" not in legal(rich)          # monuments: 4 gold, no discount


def test_discount_choice_of_which_essence():
    s = table(pool={"E": 1, "C": 2, "G": 0}, mages=["artificer", None], hands=[["celestial_horse"], []])
    s = run(s, "place:celestial_horse")
    assert legal(s) == {"waive:E", "waive:C"}
    s = run(s, "waive:E")
    assert nz(s.pool[0]) == {"E": 1} and s.play[0] == ["celestial_horse"]


def test_zero_cost_artifacts_take_an_action():
    s = table(hands=[["magical_shard", "prism"], []])
    s = run(s, "place:prism")
    assert s.play[0] == ["prism"] and s.current_player() == 1


def test_claim_face_up_monument_refills_from_the_deck():
    s = table(pool={"G": 5}, monuments=["temple", "library"], monument_deck=["oracle", "obelisk"])
    assert {"monument:claim:temple", "monument:claim:library", "monument:claim:deck"} <= legal(s)
    s = run(s, "monument:claim:library")
    assert s.current_player() == CHANCE
    assert {str(o): p for o, p in s.chance_outcomes()} == {"monument:obelisk": 0.5, "monument:oracle": 0.5}
    s = run(s, "monument:oracle")
    assert s.mon_up == ["temple", "oracle"] and s.play[0] == ["library"] and nz(s.pool[0]) == {"G": 1}


def test_claim_face_up_monument_with_an_empty_deck_is_not_refilled():
    s = table(pool={"G": 5}, monuments=["temple", "library"])
    assert "monument:claim:deck" not in legal(s)
    s = run(s, "monument:claim:library")                         # monument_refill: nothing to refill from
    assert s.mon_up == ["temple"] and s.play[0] == ["library"] and s.current_player() == 1


def test_claim_monument_blind_from_the_deck():
    s = table(pool={"G": 4}, monuments=["temple", "library"], monument_deck=["great_pyramid", "colossus"])
    s = run(s, "monument:claim:deck", "monument:great_pyramid")
    assert s.play[0] == ["great_pyramid"] and s.mon_up == ["temple", "library"] and s.mon_deck == ["colossus"]


def test_claimed_components_cannot_be_taken_by_another_player():
    s = table(pool={"G": 3}, rival_pool={"G": 3}, places=["alchemists_tower"])
    s = run(s, "claim:alchemists_tower")
    assert "claim:alchemists_tower" not in legal(s) and s.play[0] == ["alchemists_tower"]
    with pytest.raises(IllegalAction, match="마력의 장소"):
        s.apply(R.ClaimPlace("alchemists_tower"))


def test_discard_for_one_gold_or_two_other_essences():
    s = table(hands=[["hawk", "prism"], []])
    g = run(s, "discard:hawk:G")
    assert nz(g.pool[0]) == {"G": 1} and g.discard[0] == ["hawk"] and g.hand[0] == ["prism"]
    two = run(s, "discard:hawk:2")
    assert legal(two) == {"gain:E", "gain:L", "gain:C", "gain:D"}
    two = run(two, "gain:D")                        # the 2nd can only be 죽음 too (E-L-C-D order)
    assert nz(two.pool[0]) == {"D": 2}


def test_powers_only_on_straight_components_and_turning_is_a_cost():
    s = table(["horn_of_plenty"])
    s = run(s, "use:horn_of_plenty:1")
    assert "horn_of_plenty" in s.turned and nz(s.pool[0]) == {"G": 1}
    s = run(s, "pass:divination")                                   # player 1 passes
    assert not any(str(a).startswith("use:horn_of_plenty") for a in s.legal_actions())
    with pytest.raises(IllegalAction, match="돌린 구성품"):
        s.apply(R.Use("horn_of_plenty", 0))


def test_a_power_without_turning_is_repeatable():
    s = table(["mausoleum"], pool={"E": 2}, rival_play=[], passed=[False, True])
    s = run(s, "use:mausoleum:0", "use:mausoleum:0")
    assert s.essences_on("mausoleum") == {"D": 2} and s.current_player() == 0


def test_pass_takes_the_token_swaps_the_item_and_draws():
    s = table(items=["protection", "research"], deck_tops=[["hawk"], []], turn=0, first=1)
    s = run(s, "pass:calm_elan")
    assert s.first == 0 and s.token_taken                          # the first passer takes the token
    assert s.item[0] == "calm_elan" and "protection" in s.items_free
    assert s.hand[0] == ["hawk"]
    s = run(s, "pass:protection")
    assert s.first == 0                                             # only the first passer takes it
    assert s.round == 2 and s.turn == 0 and not any(s.passed)


def test_scenario_gives_the_token_to_the_first_passer():
    s = table(players=3, passed=[False, True, False], first=0)
    assert s.first == 1 and s.token_taken                          # the only passer took it
    s = table(players=3, passed=[False, True, True], token=2)
    assert s.first == 2 and s.current_player() == 0


@pytest.mark.parametrize("kw, words", [
    # player 2 passed first and holds the token; it cannot be unclaimed or on a player still in the round
    ({"passed": [False, True], "token": 0}, "처음 패스한 사람"),
    ({"players": 3, "passed": [False, True, True]}, "처음 패스해"),
    ({"passed": [True, True]}, "모두 패스"),
    ({"passed": [False, True], "turn": 1}, "차례가 오지 않습니다"),
    ({"passed": [False, True], "phase": "collect"}, "아무도 패스하지"),
    ({"turned": ["mausoleum"]}, "돌린 구성품"),
    ({"on": {"mausoleum": {"D": 1}}}, "구성품 위에만"),
    ({"pool": {"G": -1}}, "0 이상"),
    ({"monuments": ["temple"], "monument_deck": ["library"]}, "더미가 빌 때만"),
    ({"turn": 2}, "플레이어 1~2"),
])
def test_scenario_refuses_a_position_play_cannot_reach(kw, words):
    with pytest.raises(IllegalAction, match=words):
        table(**kw)


def test_pass_must_swap_for_a_different_item():
    s = table(items=["protection", "research"])
    assert "pass:protection" not in legal(s) and "pass:research" not in legal(s)
    with pytest.raises(IllegalAction, match="다른 마법 아이템"):
        s.apply(R.Pass("research"))


def test_passed_players_take_no_more_turns():
    s = table(players=3, passed=[False, True, False])
    s = run(s, "pass:calm_elan")
    assert s.current_player() == 2


def test_draw_reshuffles_the_discard_pile():
    s = table(discards=[["hawk", "prism"], []])
    s = run(s, "pass:calm_elan")
    assert s.current_player() == CHANCE and sorted(s.deck[0]) == ["hawk", "prism"] and not s.discard[0]
    assert sorted((str(o), p) for o, p in s.chance_outcomes()) == [("draw:hawk", 0.5), ("draw:prism", 0.5)]
    s = run(s, "draw:prism")
    assert s.hand[0] == ["prism"] and s.deck[0] == ["hawk"]


def test_pass_with_deck_and_discards_both_empty_draws_nothing():
    s = run(table(), "pass:calm_elan")                           # empty_draw: no chance step, no card
    assert s.hand[0] == [] and s.passed == [True, False] and s.current_player() == 1


def test_look_at_three_with_fewer_cards_uses_them_all():
    s = table(mages=["seer", None], deck_tops=[["hawk"], []], discards=[["prism"], []])
    s = run(s, "use:seer:0")                        # the monument deck is empty: own deck
    assert s.current_player() == CHANCE and s.deck[0] == ["prism"]      # the discards reshuffled under the deck
    s = run(s, "draw:prism")
    assert legal(s) == {"order:hawk,prism", "order:prism,hawk"}
    s = run(s, "order:prism,hawk")
    assert s.top[0] == ["prism", "hawk"]
    assert s.public_view(None)["players"][0]["deck"] == 2 and "deck_top" not in s.public_view(None)["players"][0]


# === 생명 손실 ===========================================================================
def test_life_loss_two_other_essences_per_missing_life():
    s = table(["elvish_bow"], rival_pool={"L": 0, "E": 3, "G": 1})
    s = run(s, "use:elvish_bow:0")                     # each rival loses 1 생명; player 1 has none
    # 2 essences to lose: the first must be 활기 (one 금 can't cover both), then 활기 or 금
    assert s.current_player() == 1 and legal(s) == {"lose:E", "lose:G"} and nz(s.pool[1]) == {"E": 2, "G": 1}
    s = run(s, "lose:G")
    assert nz(s.pool[1]) == {"E": 2}


def test_life_loss_as_many_as_possible():
    s = table(["fire_dragon"], rival_pool={"L": 1, "D": 1})
    s = run(s, "use:fire_dragon:0")                    # no reaction, so no choice: 2 생명: 1 paid, the 2nd costs 2 others but only 1 left
    assert nz(s.pool[1]) == {}


def test_passed_players_ignore_life_loss_but_still_gain():
    s = table(["fire_dragon", "fiery_whip"], rival_pool={"L": 2}, passed=[False, True])
    s = run(s, "use:fire_dragon:0")
    assert nz(s.pool[1]) == {"L": 2} and s.current_player() == 0
    s = run(s, "use:fiery_whip:0")
    assert nz(s.pool[1]) == {"L": 2, "E": 1} and nz(s.pool[0]) == {"E": 3}


def test_reactions_are_decisions_of_the_rival_and_not_actions():
    s = table(["earth_dragon"], rival_pool={"L": 2, "G": 1}, items=["research", "protection"])
    s = run(s, "use:earth_dragon:0")
    assert s.current_player() == 1 and legal(s) == {"react:protection:0", "ignore", "accept"}
    ignored = run(s, "ignore")                          # the dragon's own option: pay 1 금
    assert nz(ignored.pool[1]) == {"L": 2} and ignored.current_player() == 1   # then player 1's own turn
    protected = run(s, "react:protection:0")
    assert "protection" in protected.turned and nz(protected.pool[1]) == {"L": 2, "G": 1}


def test_reaction_usable_while_turned_unless_it_turns():
    s = table(["fire_dragon"], rival_play=["elemental_spring", "guard_dog"], rival_pool={"C": 1},
              turned=["elemental_spring", "guard_dog"])
    s = run(s, "use:fire_dragon:0")
    assert "react:elemental_spring:0" in legal(s) and "react:guard_dog:1" not in legal(s)


def test_life_loss_goes_round_from_the_left():
    s = R.scenario(players=4, pools=[{}, {"L": 2}, {"L": 2}, {"L": 2}], play=[["bone_dragon"], [], [], []],
                   items=["research", "protection", "alchemy", "reanimate"])
    s = run(s, "use:bone_dragon:0")
    assert s.current_player() == 1
    s = run(s, "accept")
    assert nz(s.pool[1]) == {} and nz(s.pool[2]) == nz(s.pool[3]) == {}   # 2 and 3 had no choice


# === 파괴 / 버리기 =========================================================================
def test_destroy_goes_to_the_discard_pile_and_returns_essences():
    s = table(["corrupt_altar", "athanor"], on={"athanor": {"E": 4}}, turned=["athanor"])
    s = run(s, "use:corrupt_altar:1", "target:athanor")        # a turned artifact can be destroyed
    assert s.discard[0] == ["athanor"] and "athanor" not in s.turned and s.essences_on("athanor") == {}
    assert s.supply["E"] == 30                                    # the 4 활기 went back
    s = run(s, "gain:E", "gain:E", "gain:E", "gain:L")           # 2 + 2 essences of its cost
    assert nz(s.pool[0]) == {"E": 3, "L": 1}


def test_mages_monuments_and_places_cannot_be_destroyed():
    s = table(["fiery_whip", "great_pyramid", "coral_castle", "prism"], mages=["witch", None])
    s = run(s, "use:fiery_whip:1")                                 # only another artifact: the prism
    assert s.discard[0] == ["prism"]


# === 승점 확인 ============================================================================
def test_victory_at_ten_points_at_the_end_of_the_round():
    s = table(["great_pyramid", "coral_castle", "colossus", "mausoleum"], rival_play=["temple"])
    assert s.vp(0) == 3 + 3 + 2 + 2 + 1 == 11                     # + the first player token
    s = run(s, "pass:calm_elan")
    assert not s.is_terminal()                                     # not before everyone passed
    s = run(s, "pass:death_life")
    assert s.is_terminal() and s.winners() == [0] and s.scores() == [11, 2]


def test_no_winner_straightens_everything_and_starts_a_new_round():
    s = table(["horn_of_plenty"], pool={})
    s = run(s, "use:horn_of_plenty:1", "pass:divination", "pass:alchemy")
    assert not s.is_terminal() and s.round == 2 and s.turned == [] and s.phase == "actions"


def test_most_points_wins():
    s = table(["great_pyramid", "coral_castle", "colossus", "mausoleum"],
              rival_play=["sacred_grove", "oracle", "temple", "obelisk", "library", "hanging_gardens"],
              on={"sacred_grove": {"L": 1}})
    s = run(s, "pass:calm_elan", "pass:death_life")
    assert s.scores() == [11, (2 + 1) + 2 + 2 + 1 + 1 + 1] and s.winners() == [0]


def test_tie_break_by_essences_with_gold_counting_double():
    play0 = ["great_pyramid", "coral_castle", "colossus", "mausoleum"]          # 10 + token
    play1 = ["sacred_grove", "oracle", "temple", "obelisk", "library", "hanging_gardens", "solomons_mine"]
    s = table(play0, pool={"E": 3}, rival_play=play1, rival_pool={"G": 2}, on={"sacred_grove": {"L": 1}})
    s = run(s, "pass:calm_elan", "pass:death_life")
    assert s.scores() == [11, 11]
    assert s.winners() == [1]                                      # 2 gold = 4 > 3 활기
    even = table(play0, pool={"E": 4}, rival_play=play1, rival_pool={"G": 2}, on={"sacred_grove": {"L": 1}})
    assert run(even, "pass:calm_elan", "pass:death_life").winners() == [0, 1]    # still tied: shared


def test_turned_components_and_essences_on_places_count():
    s = table(["sacred_grove", "catacombs", "dragon_bridle"], turned=["sacred_grove", "dragon_bridle"],
              on={"sacred_grove": {"L": 3}, "catacombs": {"D": 2, "E": 1}})
    assert s.vp(0) == (2 + 3) + 2 + 1 + 1


def test_places_base_points():
    assert [C.VP[p] for p in ("cursed_forge", "sacred_grove", "sacrificial_pit")] == [1, 2, 2]


def test_first_player_token_is_worth_one_point():
    s = table(first=1)
    assert s.vp(1) == 1 and s.vp(0) == 0


def test_mid_round_victory_check_coral_castle():
    s = table(["coral_castle", "great_pyramid", "colossus", "mausoleum"], first=1, turn=0)
    assert s.vp(0) == 10
    s = run(s, "use:coral_castle:0")
    assert s.is_terminal() and s.winners() == [0]
    early = table(["coral_castle", "great_pyramid"], first=1, turn=0)
    early = run(early, "use:coral_castle:0")
    assert not early.is_terminal() and early.current_player() == 1


def test_mid_round_check_can_make_someone_else_win():
    s = table(["coral_castle"], rival_play=["great_pyramid", "colossus", "mausoleum", "temple", "library"],
              first=1, turn=0)
    s = run(s, "use:coral_castle:0")
    assert s.is_terminal() and s.winners() == [1]


# === 세부 규칙 (구성품 부연 설명) ===========================================================
def test_transmuter_needs_two_essences_and_may_gain_the_types_paid():
    assert "use:transmuter:0" not in legal(table(mages=["transmuter", None], pool={"C": 1}))
    s = run(table(mages=["transmuter", None], pool={"C": 2}), "use:transmuter:0")
    s = run(s, "gain:C", "gain:C", "gain:C")
    assert nz(s.pool[0]) == {"C": 3}


def test_transmutation_needs_three_essences():
    assert "use:transmutation:0" not in legal(table(items=["transmutation", "research"], pool={"C": 2}))
    assert "use:transmutation:0" in legal(table(items=["transmutation", "research"], pool={"C": 2, "G": 1}))


def test_fiery_whip_cannot_destroy_itself():
    assert "use:fiery_whip:1" not in legal(table(["fiery_whip"]))


def test_corrupt_altar_may_destroy_itself():
    s = run(table(["corrupt_altar"]), "use:corrupt_altar:1")
    assert s.discard[0] == ["corrupt_altar"] and s.tasks[-1]["n"] == 5 + 2


def test_sacrificial_dagger_needs_a_card_to_discard():
    assert "use:sacrificial_dagger:1" not in legal(table(["sacrificial_dagger"]))
    s = run(table(["sacrificial_dagger"], hands=[["fire_dragon", "prism"], []]), "use:sacrificial_dagger:1",
            "card:fire_dragon")
    assert s.discard[0] == ["sacrificial_dagger", "fire_dragon"] and s.tasks[-1]["n"] == 6


def test_guard_dog_straightens_itself_while_turned():
    s = table(["guard_dog"], pool={"E": 1})
    assert "use:guard_dog:0" not in legal(s)
    s = table(["guard_dog"], pool={"E": 1}, turned=["guard_dog"])
    s = run(s, "use:guard_dog:0")
    assert s.turned == [] and nz(s.pool[0]) == {}


def test_a_refused_power_names_the_real_reason():
    """The Korean error says why: 경비견's first power needs it turned, a turned card needs straightening,
    a reaction is no action, a short pool cannot pay."""
    def why(s, action):
        with pytest.raises(IllegalAction) as exc:
            s.apply(action)
        return str(exc.value)

    straight = table(["guard_dog"], pool={"E": 1})
    assert "돌려져 있을 때만" in why(straight, R.Use("guard_dog", 0))
    assert "반응 마력은 액션으로 쓰지 않고" in why(straight, R.Use("guard_dog", 1))
    assert "2번째 마력이 없습니다" in why(table(["vault"]), R.Use("vault", 1))
    assert "바로 세우기 전에는" in why(table(["vault"], turned=["vault"]), R.Use("vault", 0))
    assert "비용을 낼 수 없거나" in why(table(["guard_dog"], turned=["guard_dog"]), R.Use("guard_dog", 0))


def test_mermaid_puts_calm_life_or_gold_on_another_component():
    s = table(["mermaid", "sunken_reef"], pool={"C": 1, "E": 1})
    s = run(s, "use:mermaid:0")
    assert legal(s) == {"target:sunken_reef", "target:protection"}   # not on the mermaid itself
    s = run(s, "target:sunken_reef")
    assert s.essences_on("sunken_reef") == {"C": 1} and s.vp(0) == 1 + 1


def test_sacred_grove_and_dragons_lair_turn_a_creature_or_dragon_too():
    s = run(table(["sacred_grove", "hawk", "nightingale"]), "use:sacred_grove:1", "target:hawk")
    assert set(s.turned) == {"sacred_grove", "hawk"} and s.essences_on("sacred_grove") == {"L": 1}
    assert "use:sacred_grove:1" not in legal(table(["sacred_grove", "hawk"], turned=["hawk"]))
    s = run(table(["dragons_lair", "fire_dragon"]), "use:dragons_lair:1")
    assert set(s.turned) == {"dragons_lair", "fire_dragon"} and s.essences_on("dragons_lair") == {"G": 2}


def test_korean_names_from_the_rulebook():
    seed_names = {"artificer": "마법공학자", "transmuter": "변환술사", "windup_man": "태엽인간", "vault": "황금 저장고",
                  "cursed_forge": "저주받은 용광로", "coral_castle": "산호성", "sorcerers_bestiary": "마법사의 경연장",
                  "golden_statue": "황금 조각상", "magical_shard": "마법석 조각", "prism": "프리즘"}
    for c, ko in seed_names.items():
        assert C.name(c) == ko and C.COMPONENTS[c]["name"]["status"] == "confirmed"
    assert C.COMPONENTS["druid"]["name"]["status"] == "unverified"
    assert "비공식" in C.COMPONENTS["druid"]["name"]["note"]


def test_counts_of_components():
    assert (len(C.MAGES), len(C.ITEMS), len(C.MONUMENTS), len(C.PLACES), len(C.ARTIFACTS)) == (10, 8, 10, 10, 40)
    assert all(C.COST[m] == {"G": 4} for m in C.MONUMENTS)
    assert sum(C.VP[m] for m in C.MONUMENTS) == 16
    assert sorted(a for a in C.ARTIFACTS if C.is_dragon(a)) == sorted(
        ["bone_dragon", "earth_dragon", "fire_dragon", "water_dragon", "wind_dragon", "sea_serpent"])
    assert len([a for a in C.ARTIFACTS if C.is_creature(a)]) == 7


def test_unverified_rows_have_notes():
    rows = C.unverified()
    assert rows and all(note for _, _, note in rows)
    assert any("첫 게임" in what for what, _, _ in rows)


# === 구성품마다 한 가지: 자료에 적힌 수집 능력, 할인, 마력, 반응, 승점이 그대로 작동하는지 ========================
def attacked(victim_play=(), victim_pool=None, victim_mage=None, victim_item="research", turned=(), dragon="fire_dragon"):
    """Player 0 attacks with a dragon; player 1 (with these components) must react."""
    s = R.scenario(players=2, pools=[{}, victim_pool or {}], play=[[dragon], list(victim_play)],
                   mages=[None, victim_mage], items=["alchemy", victim_item], turned=list(turned))
    return run(s, f"use:{dragon}:0")


def test_component_alchemist():
    s = run(table(mages=["alchemist", None], pool={"E": 4}), "use:alchemist:0")
    assert nz(s.pool[0]) == {"G": 2}
    s = run(table(mages=["alchemist", None]), "use:alchemist:1")
    assert legal(s) == {"gain:E", "gain:L", "gain:C", "gain:D"}


def test_component_artificer():
    s = table(mages=["artificer", None], hands=[["dwarven_pickaxe"], []])
    assert run(s, "place:dwarven_pickaxe").play[0] == ["dwarven_pickaxe"]


def test_component_druid():
    s = collect(["hawk"], mages=["druid", None])
    assert nz(s.pool[0]) == {"L": 1, "C": 1}                     # druid's 생명 + hawk's 평온
    s = run(table(["hawk", "horn_of_plenty"], mages=["druid", None], turned=["hawk", "horn_of_plenty"]), "use:druid:0")
    assert set(s.turned) == {"druid", "horn_of_plenty"}          # only a creature


def test_component_duelist():
    s = run(table(mages=["duelist", None], pool={"D": 1}), "use:duelist:0")
    assert s.essences_on("duelist") == {"G": 1} and nz(collect(mages=["duelist", None]).pool[0]) == {"E": 1}


def test_component_healer():
    s = attacked(victim_mage="healer", victim_pool={"L": 2})
    s = run(s, "react:healer:0")
    assert nz(s.pool[1]) == {"L": 2} and "healer" in s.turned
    assert legal(collect(mages=["healer", None])) == {"gain:C", "gain:L"}


def test_component_necromancer():
    s = run(table(mages=["necromancer", None], pool={"L": 2}), "use:necromancer:0")
    assert s.essences_on("necromancer") == {"D": 3} and nz(collect(mages=["necromancer", None]).pool[0]) == {"D": 1}


def test_component_scholar():
    s = run(table(mages=["scholar", None], pool={"G": 1}, deck_tops=[["hawk"], []]), "use:scholar:0")
    assert s.hand[0] == ["hawk"] and nz(s.pool[0]) == {}


def test_component_seer():
    s = table(mages=["seer", None], deck_tops=[["hawk", "prism", "vault", "athanor"], []], monuments=["colossus", "obelisk"], monument_deck=["temple"])
    s = run(s, "use:seer:0", "look:own")
    assert len(legal(s)) == 6
    s = run(s, "order:vault,hawk,prism")
    assert s.top[0] == ["vault", "hawk", "prism", "athanor"]
    assert nz(collect(mages=["seer", None]).pool[0]) == {"C": 1}


def test_component_transmuter():
    s = run(table(mages=["transmuter", None], pool={"G": 2}), "use:transmuter:0", "gain:E", "gain:D")
    assert nz(s.pool[0]) == {"E": 1, "D": 2}


def test_component_witch():
    s = run(table(["horn_of_plenty"], mages=["witch", None], pool={"E": 2}, turned=["horn_of_plenty"]), "use:witch:0")
    assert s.turned == ["witch"]
    assert legal(collect(mages=["witch", None])) == {"gain:L", "gain:D"}


def test_component_alchemy():
    s = run(table(items=["alchemy", "research"], pool={"C": 4}), "use:alchemy:0")
    assert nz(s.pool[0]) == {"G": 2}


def test_component_calm_elan():
    assert legal(collect(items=["calm_elan", "research"])) == {"gain:E", "gain:C"}


def test_component_death_life():
    assert legal(collect(items=["death_life", "research"])) == {"gain:L", "gain:D"}


def test_component_divination():
    s = table(items=["divination", "research"], hands=[["prism"], []], deck_tops=[["hawk", "vault", "athanor"], []])
    s = run(s, "use:divination:0")
    assert sorted(s.hand[0]) == ["athanor", "hawk", "prism", "vault"]
    s = run(s, "card:prism", "card:hawk", "card:vault")
    assert s.hand[0] == ["athanor"] and sorted(s.discard[0]) == ["hawk", "prism", "vault"]


def test_divination_with_fewer_than_3_cards_discards_as_many_as_it_drew():
    """L128-129 (cut) / ref: fewer than 3 left, even after reshuffling: draw them all, discard that many."""
    s = table(items=["divination", "research"], hands=[["prism", "vault", "athanor"], []], deck_tops=[["hawk"], []])
    s = run(s, "use:divination:0")
    assert sorted(s.hand[0]) == ["athanor", "hawk", "prism", "vault"] and s.tasks[-1]["what"] == "discard"
    s = run(s, "card:prism")
    assert sorted(s.hand[0]) == ["athanor", "hawk", "vault"] and s.current_player() == 1 and not s.tasks


def test_component_protection():
    s = run(attacked(victim_item="protection", victim_pool={"L": 2}), "react:protection:0")
    assert nz(s.pool[1]) == {"L": 2}


def test_component_reanimate():
    s = run(table(["prism"], items=["reanimate", "research"], pool={"D": 1}, turned=["prism"]), "use:reanimate:0")
    assert s.turned == ["reanimate"]


def test_component_research():
    s = run(table(items=["research", "alchemy"], pool={"L": 1}, deck_tops=[["hawk"], []]), "use:research:0")
    assert s.hand[0] == ["hawk"]


def test_component_transmutation():
    s = run(table(items=["transmutation", "research"], pool={"C": 3}), "use:transmutation:0", "gain:C", "gain:C", "gain:C")
    assert nz(s.pool[0]) == {"C": 3}                               # the same type as paid (seed 205)


def test_component_colossus():
    s = run(table(["colossus"], pool={"D": 1}), "use:colossus:0")
    assert s.essences_on("colossus") == {"G": 1} and s.vp(0) == 2 + 1       # gold on a monument: no VP


def test_component_golden_statue():
    s = table(["golden_statue"], pool={"G": 3})
    assert s.vp(0) == 1 + 1 and not any(str(a).startswith("use:golden_statue") for a in s.legal_actions())


def test_component_great_pyramid():
    assert table(["great_pyramid"], first=1).vp(0) == 3


def test_component_hanging_gardens():
    s = run(collect(["hanging_gardens"]), "gain:L", "gain:D")
    assert nz(s.pool[0]) == {"L": 1, "D": 2} and s.phase == "actions"


def test_component_library():
    s = run(table(["library"], deck_tops=[["hawk"], []]), "use:library:0")
    assert s.hand[0] == ["hawk"] and "library" in s.turned


def test_component_mausoleum():
    s = run(table(["mausoleum"], pool={"G": 1}), "use:mausoleum:0")
    assert s.essences_on("mausoleum") == {"D": 1} and "mausoleum" not in s.turned


def test_component_obelisk():
    s = run(table(pool={"G": 4}, monuments=["obelisk"]), "monument:claim:obelisk")
    assert s.tasks[-1]["t"] == "gain_any" and s.tasks[-1]["n"] == 6 and "gain:G" not in legal(s)
    s = run(s, "gain:D")                                          # then only 죽음 can follow (E-L-C-D order)
    assert nz(s.pool[0]) == {"D": 6}


def test_component_oracle():
    s = run(table(["oracle"], monuments=["colossus", "obelisk"], monument_deck=["temple", "library"]), "use:oracle:0")
    assert s.current_player() == CHANCE and s.tasks[-1]["which"] == "monuments"
    s = run(s, "monument:library", "monument:temple", "order:temple,library")
    assert s.mon_top == ["temple", "library"] and 0 in s.mon_known
    assert s.public_view(0)["monument_deck_top"] == ["temple", "library"]
    assert s.public_view(1)["monument_deck_top"] == [] and s.public_view(None)["monument_deck"] == 2


def test_component_solomons_mine():
    assert nz(run(table(["solomons_mine"]), "use:solomons_mine:0").pool[0]) == {"G": 1}


def test_component_temple():
    assert nz(collect(["temple"]).pool[0]) == {"L": 1}
    s = run(attacked(["temple"], {"L": 2}), "react:temple:0")
    assert nz(s.pool[1]) == {"L": 2} and "temple" in s.turned


def test_component_sacred_grove():
    s = run(table(["sacred_grove"], pool={"C": 1}), "use:sacred_grove:0")
    assert nz(s.pool[0]) == {"L": 5}
    assert table(["sacred_grove"], on={"sacred_grove": {"L": 2}}, first=1).vp(0) == 2 + 2


def test_component_alchemists_tower():
    s = table(["alchemists_tower"], pool={"E": 2, "L": 2, "C": 2, "D": 2}, passed=[False, True])
    s = run(s, "use:alchemists_tower:0", "use:alchemists_tower:0")
    assert s.essences_on("alchemists_tower") == {"G": 2} and s.vp(0) == 2      # player 2 passed first: the token is theirs
    assert s.tasks == [] and legal(collect(["alchemists_tower"])) == {"gain:E", "gain:L", "gain:C", "gain:D"}
    assert "react:alchemists_tower:1" in legal(attacked(["alchemists_tower"]))


def test_component_cursed_forge():
    s = run(table(["cursed_forge"], pool={"E": 2, "G": 1}), "use:cursed_forge:0")
    assert s.essences_on("cursed_forge") == {"G": 1} and s.vp(0) == 1 + 1 + 1


def test_component_dwarven_mines():
    assert nz(run(table(["dwarven_mines"], pool={"E": 5}), "use:dwarven_mines:0").pool[0]) == {"G": 3}
    s = run(table(["dwarven_mines"], pool={"E": 3, "D": 3}), "use:dwarven_mines:1")
    assert s.essences_on("dwarven_mines") == {"G": 2} and s.vp(0) == 2 + 1
    assert nz(collect(["dwarven_mines"]).pool[0]) == {"G": 1}


def test_component_coral_castle():
    assert table(["coral_castle"], first=1).vp(0) == 3
    assert "react:coral_castle:1" in legal(attacked(["coral_castle"]))


def test_component_sunken_reef():
    s = run(table(["sunken_reef"], pool={"C": 2, "L": 1}), "use:sunken_reef:0")
    assert s.essences_on("sunken_reef") == {"C": 1} and nz(s.pool[0]) == {}
    assert nz(collect(["sunken_reef"]).pool[0]) == {"G": 1}


def test_component_catacombs():
    s = run(table(["catacombs"], pool={"D": 5}), "use:catacombs:0")
    assert s.essences_on("catacombs") == {"D": 1} and "catacombs" not in s.turned
    s = run(s, "pass:alchemy", "use:catacombs:1")
    assert s.essences_on("catacombs") == {"D": 2} and s.vp(0) == 2            # player 1 took the token
    assert nz(collect(["catacombs"]).pool[0]) == {"D": 1}


def test_component_sacrificial_pit():
    s = run(table(["sacrificial_pit"], pool={"L": 3}), "use:sacrificial_pit:0")
    assert s.essences_on("sacrificial_pit") == {"D": 1} and s.vp(0) == 2 + 1 + 1
    s = run(table(["sacrificial_pit", "water_dragon", "prism"], pool={"D": 1}), "use:sacrificial_pit:1")
    assert nz(s.pool[0]) == {"G": 6} and s.discard[0] == ["water_dragon"]      # 6 평온 in its cost


def test_component_dragons_lair():
    assert nz(run(table(["dragons_lair"]), "use:dragons_lair:0").pool[0]) == {"G": 2}
    assert table(["dragons_lair"], hands=[["fire_dragon"], []]).discount(0, "fire_dragon") == 3
    assert table(["dragons_lair"], on={"dragons_lair": {"G": 3}}, first=1).vp(0) == 3


def test_component_sorcerers_bestiary():
    s = table(["sorcerers_bestiary"], pool={"G": 4, "C": 6}, discards=[[], ["water_dragon", "hawk"]])
    s = run(s, "use:sorcerers_bestiary:1")         # the only dragon; 4 any (all the gold) + its 6 평온: no choice left
    assert s.play[0] == ["sorcerers_bestiary", "water_dragon"] and s.discard[1] == ["hawk"]
    assert nz(s.pool[0]) == {}
    assert "use:sorcerers_bestiary:1" not in legal(table(["sorcerers_bestiary"], pool={"G": 4, "C": 5},
                                                         discards=[[], ["water_dragon"]]))


def test_component_athanor():
    s = run(table(["athanor"], pool={"E": 1}), "use:athanor:0")
    assert s.essences_on("athanor") == {"E": 2}
    s = table(["athanor"], pool={"D": 3, "G": 1}, on={"athanor": {"E": 7}})
    s = run(s, "use:athanor:1")
    assert legal(s) == {"convert:1D", "convert:2D", "convert:3D"}
    s = run(s, "convert:3D")
    assert nz(s.pool[0]) == {"G": 4} and s.essences_on("athanor") == {"E": 1}


def test_component_bone_dragon():
    s = attacked(victim_pool={"L": 2, "D": 1}, dragon="bone_dragon")
    assert "ignore" in legal(s)
    assert nz(run(s, "ignore").pool[1]) == {"L": 2}
    assert table(["bone_dragon"], first=1).vp(0) == 1


def test_component_celestial_horse():
    assert legal(collect(["celestial_horse"])) == {"gain:E", "gain:L", "gain:C"}


def test_component_chalice_of_fire():
    s = run(table(["chalice_of_fire", "prism"], pool={"E": 1}, turned=["prism"]), "use:chalice_of_fire:0")
    assert s.turned == ["chalice_of_fire"]
    assert nz(collect(["chalice_of_fire"]).pool[0]) == {"E": 2}


def test_component_chalice_of_life():
    s = run(table(["chalice_of_life"], pool={"C": 2}), "use:chalice_of_life:0")
    assert s.essences_on("chalice_of_life") == {"C": 2, "L": 1}
    assert nz(collect(["chalice_of_life"]).pool[0]) == {"C": 1, "L": 1}
    assert "react:chalice_of_life:1" in legal(attacked(["chalice_of_life"]))


def test_component_corrupt_altar():
    s = run(table(["corrupt_altar"], pool={"L": 2}), "use:corrupt_altar:0")
    assert s.essences_on("corrupt_altar") == {"E": 3}
    assert nz(collect(["corrupt_altar"]).pool[0]) == {"L": 1, "D": 1}


def test_component_crypt():
    assert nz(run(table(["crypt"]), "use:crypt:0").pool[0]) == {"D": 2}
    s = run(table(["crypt"], pool={"D": 1}, discards=[["fire_dragon", "hawk"], []]), "use:crypt:1")
    assert s.play[0] == ["crypt", "hawk"]                          # 생명 1 + 평온 1 - 2 = free; the dragon is too dear


def test_component_cursed_skull():
    s = run(table(["cursed_skull"], pool={"L": 1}), "use:cursed_skull:0")
    assert legal(s) == {"gain:E", "gain:C", "gain:D"}
    s = run(s, "gain:C", "gain:D")
    assert s.essences_on("cursed_skull") == {"C": 1, "D": 2}


def test_component_dancing_sword():
    s = attacked(["dancing_sword"], {"E": 1, "L": 2}, turned=["dancing_sword"])
    s = run(s, "react:dancing_sword:0")
    assert nz(s.pool[1]) == {"L": 2} and s.essences_on("dancing_sword") == {"D": 1}
    assert nz(collect(["dancing_sword"]).pool[0]) == {"E": 1, "D": 1}


def test_component_dragon_bridle():
    assert table(["dragon_bridle"]).discount(0, "earth_dragon") == 3 and table(["dragon_bridle"]).discount(0, "hawk") == 0
    s = attacked(["dragon_bridle"], {"L": 2})
    assert "react:dragon_bridle:0" in legal(s)
    bow = run(R.scenario(players=2, play=[["elvish_bow"], ["dragon_bridle", "guard_dog"]], pools=[{}, {"L": 1}]),
              "use:elvish_bow:0")
    assert "react:dragon_bridle:0" not in legal(bow)             # only against a dragon's power


def test_component_dragon_egg():
    s = run(table(["dragon_egg"], pool={"C": 2}, hands=[["water_dragon", "hawk"], []]), "use:dragon_egg:0")
    assert s.play[0] == ["water_dragon"] and s.discard[0] == ["dragon_egg"] and nz(s.pool[0]) == {}


def test_component_dragon_teeth():
    s = run(table(["dragon_teeth"], pool={"E": 2}), "use:dragon_teeth:0")
    assert s.essences_on("dragon_teeth") == {"E": 3}
    s = run(table(["dragon_teeth"], pool={"E": 3}, hands=[["wind_dragon"], []]), "use:dragon_teeth:1")
    assert s.play[0] == ["dragon_teeth", "wind_dragon"] and nz(s.pool[0]) == {}


def test_component_dwarven_pickaxe():
    assert nz(run(table(["dwarven_pickaxe"], pool={"E": 1}), "use:dwarven_pickaxe:0").pool[0]) == {"G": 1}


def test_component_earth_dragon():
    s = attacked(victim_pool={"L": 2, "G": 1}, dragon="earth_dragon")
    assert nz(run(s, "ignore").pool[1]) == {"L": 2}


def test_component_elemental_spring():
    s = run(attacked(["elemental_spring"], {"C": 1, "L": 2}), "react:elemental_spring:0")
    assert nz(s.pool[1]) == {"L": 2} and "elemental_spring" not in s.turned
    assert nz(collect(["elemental_spring"]).pool[0]) == {"E": 1, "L": 1, "C": 1}


def test_component_elvish_bow():
    s = run(table(["elvish_bow"], rival_pool={"L": 3}), "use:elvish_bow:0")
    assert nz(s.pool[1]) == {"L": 2}
    s = run(table(["elvish_bow"], deck_tops=[["hawk"], []]), "use:elvish_bow:1")
    assert s.hand[0] == ["hawk"]


def test_component_fiery_whip():
    s = run(table(["fiery_whip", "wind_dragon"]), "use:fiery_whip:1")
    assert s.discard[0] == ["wind_dragon"] and s.tasks[-1]["n"] == 8 + 2


def test_component_fire_dragon():
    s = attacked(victim_pool={"L": 2, "C": 1}, dragon="fire_dragon")
    assert nz(run(s, "ignore").pool[1]) == {"L": 2}
    assert nz(run(s, "accept").pool[1]) == {"C": 1}


def test_component_flaming_pit():
    assert nz(run(table(["flaming_pit"], pool={"L": 1}), "use:flaming_pit:0").pool[0]) == {"E": 1, "D": 1}
    assert nz(collect(["flaming_pit"]).pool[0]) == {"E": 1}


def test_component_fountain_of_youth():
    s = run(table(["fountain_of_youth"], pool={"D": 2}), "use:fountain_of_youth:0")
    assert s.essences_on("fountain_of_youth") == {"C": 2, "L": 1}
    assert nz(collect(["fountain_of_youth"]).pool[0]) == {"L": 1}


def test_component_guard_dog():
    assert "react:guard_dog:1" in legal(attacked(["guard_dog"]))


def test_component_hand_of_glory():
    s = run(table(["hand_of_glory"]), "use:hand_of_glory:0")
    assert nz(s.pool[0]) == {"D": 2} and nz(s.pool[1]) == {"D": 1}


def test_component_hawk():
    s = run(table(["hawk"], pool={"C": 2}, deck_tops=[["prism"], []]), "use:hawk:1")
    assert s.hand[0] == ["prism"]
    assert "use:hawk:0" in legal(table(["hawk"], monuments=["colossus", "obelisk"], monument_deck=["temple"]))


def test_component_horn_of_plenty():
    s = run(table(["horn_of_plenty"]), "use:horn_of_plenty:0", "gain:L", "gain:C", "gain:C")
    assert nz(s.pool[0]) == {"L": 1, "C": 2}


def test_component_hypnotic_basin():
    s = run(table(["hypnotic_basin"], rival_pool={"E": 4}, players=3), "use:hypnotic_basin:0")
    assert legal(s) == {"rival:1", "rival:2"}
    s = run(s, "rival:1")
    assert nz(s.pool[0]) == {"C": 4} and nz(s.pool[1]) == {"E": 4}
    assert nz(collect(["hypnotic_basin"]).pool[0]) == {"C": 2}


def test_component_jeweled_statuette():
    s = run(table(["jeweled_statuette"]), "use:jeweled_statuette:0")
    assert nz(s.pool[0]) == {"D": 3} and nz(s.pool[1]) == {"D": 1}
    s = run(table(["jeweled_statuette"]), "use:jeweled_statuette:1")
    assert nz(s.pool[0]) == {"G": 2, "E": 1} and s.discard[0] == ["jeweled_statuette"]


def test_component_magical_shard():
    s = run(table(["magical_shard"]), "use:magical_shard:0", "gain:D")
    assert nz(s.pool[0]) == {"D": 1}


def test_component_mermaid():
    assert nz(collect(["mermaid"]).pool[0]) == {"C": 1}
    s = run(table(["mermaid", "cursed_forge"], pool={"G": 1}), "use:mermaid:0", "target:cursed_forge")
    assert s.essences_on("cursed_forge") == {"G": 1}


def test_component_nightingale():
    assert table(["nightingale"], first=1).vp(0) == 1 and C.is_creature("nightingale") and not C.POWERS.get("nightingale")


def test_component_philosophers_stone():
    s = run(table(["philosophers_stone"], pool={"E": 3, "G": 1}), "use:philosophers_stone:0")
    assert legal(s) == {"convert:1E", "convert:2E"}              # 2 essences must be left for the cost
    s = run(s, "convert:2E")
    assert nz(s.pool[0]) == {"G": 2}


def test_component_prism():
    s = run(table(["prism"], pool={"G": 1}), "use:prism:0", "gain:E", "gain:E")
    assert nz(s.pool[0]) == {"E": 2}
    s = run(table(["prism"], pool={"G": 2}), "use:prism:1", "convert:2G")
    assert legal(s) == {"into:E", "into:L", "into:C", "into:D"}
    assert nz(run(s, "into:L").pool[0]) == {"L": 2}


def test_component_ring_of_midas():
    s = run(table(["ring_of_midas"], pool={"L": 2}), "use:ring_of_midas:0")
    assert s.essences_on("ring_of_midas") == {"G": 1}
    s = run(table(["ring_of_midas"]), "use:ring_of_midas:1")
    assert s.essences_on("ring_of_midas") == {"G": 1} and table(["ring_of_midas"], first=1).vp(0) == 1


def test_component_sacrificial_dagger():
    s = run(table(["sacrificial_dagger"], pool={"L": 1}), "use:sacrificial_dagger:0")
    assert s.essences_on("sacrificial_dagger") == {"D": 3}


def test_component_sea_serpent():
    s = attacked(["prism"], {"L": 2}, dragon="sea_serpent")
    assert "ignore" in legal(s)
    s = run(s, "ignore")
    assert s.discard[1] == ["prism"] and nz(s.pool[1]) == {"L": 2}


def test_component_treant():
    s = run(table(["treant"], rival_pool={"D": 3}, players=3, passed=[False, True, False]), "use:treant:0")
    assert legal(s) == {"rival:1", "rival:2"}                       # a rival who passed may be chosen
    s = run(s, "rival:1")
    assert nz(s.pool[0]) == {"E": 3} and nz(s.pool[1]) == {"D": 3}  # only their pool counts; they keep it
    assert nz(collect(["treant"]).pool[0]) == {"L": 2}


def test_component_tree_of_life():
    s = run(table(["tree_of_life"]), "use:tree_of_life:0")
    assert nz(s.pool[0]) == {"L": 3} and nz(s.pool[1]) == {"L": 1}
    s = run(attacked(["tree_of_life"], {"L": 2}, turned=["tree_of_life"]), "react:tree_of_life:1")
    assert nz(s.pool[1]) == {"L": 1}                               # 1 생명 paid instead of 2 lost


def test_component_vault():
    s = collect(["vault"], on={"vault": {"G": 1}})
    s = run(s, "leave:vault")
    assert s.tasks[-1]["t"] == "gain_any" and s.tasks[-1]["n"] == 2 and "gain:G" not in legal(s)


def test_component_water_dragon():
    s = attacked(victim_pool={"L": 2, "E": 1}, dragon="water_dragon")
    assert nz(run(s, "ignore").pool[1]) == {"L": 2}


def test_component_wind_dragon():
    s = R.scenario(players=2, pools=[{}, {"L": 2}], play=[["wind_dragon"], []], hands=[[], ["hawk"]])
    s = run(s, "use:wind_dragon:0", "ignore")
    assert s.discard[1] == ["hawk"] and nz(s.pool[1]) == {"L": 2}


def test_component_windup_man():
    s = collect(["windup_man"], on={"windup_man": {"C": 1, "D": 2}})
    s = run(s, "leave:windup_man")
    assert s.essences_on("windup_man") == {"C": 3, "D": 4}


def test_every_component_has_its_test():
    names = {n[len("test_component_"):] for n in globals() if n.startswith("test_component_")}
    assert names == set(C.ALL)


# === 확률 (odds) =========================================================================
def test_next_draw_odds():
    s = table(decks=[["hawk", "prism", "vault"], []])
    assert odds.next_draw_odds(s, 0) == {"hawk": pytest.approx(1 / 3), "prism": pytest.approx(1 / 3),
                                         "vault": pytest.approx(1 / 3)}
    assert sum(odds.next_draw_odds(s, 0).values()) == 1
    assert odds.next_draw_odds(table(deck_tops=[["vault"], []], decks=[["hawk"], []]), 0) == {"vault": 1}
    assert odds.next_draw_odds(table(discards=[["hawk", "prism"], []]), 0) == {"hawk": 0.5, "prism": 0.5}


def test_blind_monument_odds():
    s = table(["temple"], monuments=["library", "oracle"], monument_deck=["great_pyramid", "colossus"])
    public = odds.blind_monument_odds(s)
    assert set(public) == set(C.MONUMENTS) - {"temple", "library", "oracle"} and sum(public.values()) == 1
    looked = run(table(["oracle"], monuments=["colossus", "obelisk"], monument_deck=["temple", "library"]),
                 "use:oracle:0", "monument:library", "monument:temple", "order:temple,library")
    assert odds.blind_monument_odds(looked, 0) == {"temple": 1}
    assert len(odds.blind_monument_odds(looked, 1)) == 10 - 1 - 2      # all but the oracle and the two face up
