"""Properties of the 아키올로지 engine over random legal play (hypothesis chooses the games)."""

from hypothesis import given, settings, strategies as st

from rules import TERMINAL, IllegalAction
from rules import archaeology as A
from rules.archaeology import components as C
from rules.core import play_out
from engine_checks import assert_exact_chance, assert_only_legal_accepted, walk

ALL_CARDS = C.TREASURES + C.SPECIALS


@st.composite
def games(draw):
    """A new game with random player count, ruin, variants, seat order and seed."""
    n = draw(st.integers(2, 5))
    allowed = ["sand_hell", "lucky"] + (["long"] if n <= 3 else [])
    variants = draw(st.lists(st.sampled_from(allowed), unique=True))
    order = draw(st.permutations(range(n)))
    return A.new_game(n, seed=draw(st.integers(0, 2**32)), ruin=draw(st.sampled_from(C.RUINS)),
                      variants=variants, sand_order=order)




def _candidates():
    """Actions of every shape, legal or not, to throw at a state."""
    out = [A.CloseTrade(), A.CancelTrade(), A.MineContinue(), A.MineStop(), A.EndTurn(),
           A.UseTent(True), A.UseTent(False), A.SphinxReveal((("pot", 5),))]
    for c in ALL_CARDS:
        out += [A.Draw(c), A.Steal(c), A.Refill(c, 0), A.Refill(c, 2), A.Reveal(c), A.Bury(c), A.Offer(c), A.Take(c)]
        out += [A.Sell(c, k) for k in range(0, 7)]
        out.append(A.Keep(((c, 1),)))
    out += [A.ChooseVictim(p) for p in range(-1, 6)]
    out += [A.Explore(i) for i in range(-1, 4)] + [A.Peek(i) for i in range(-1, 4)]
    out += [A.Explore(0, ("coin", "mask")), A.Explore(0, ("coin", "coin")), A.Keep((("coin", 2),))]
    return out


CANDIDATES = _candidates()


@settings(max_examples=60, deadline=None)
@given(games(), st.integers(0, 2**32))
def test_random_play_ends_and_conserves_cards(state, seed):
    total = state.total_cards()
    assert total == C.COPIES                 # every component is somewhere, the box included
    states = walk(state, seed)
    end = states[-1]
    assert end.is_terminal() and end.current_player() == TERMINAL
    assert not end.deck and not any(end.hands)
    for s in states:
        assert s.total_cards() == total
        assert all(n > 0 for zone in s.zones().values() for n in zone.values())
    assert set(end.winners()) <= set(range(state.num_players)) and end.winners()


@settings(max_examples=40, deadline=None)
@given(games(), st.integers(0, 2**32))
def test_illegal_actions_raise_and_change_nothing(state, seed):
    for s in walk(state, seed)[::7]:
        assert_only_legal_accepted(s, CANDIDATES)


@settings(max_examples=40, deadline=None)
@given(games(), st.integers(0, 2**32))
def test_chance_outcomes_are_exact_distributions(state, seed):
    for s in walk(state, seed):
        assert_exact_chance(s)


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 5), st.sampled_from(C.RUINS), st.integers(0, 2**32))
def test_seeded_determinism(n, ruin, seed):
    one = A.new_game(n, seed=seed, ruin=ruin)
    assert one == A.new_game(n, seed=seed, ruin=ruin)
    assert play_out(one, seed=seed) == play_out(A.new_game(n, seed=seed, ruin=ruin), seed=seed)


@settings(max_examples=30, deadline=None)
@given(games(), st.integers(0, 2**32))
def test_json_round_trip_of_every_reached_state(state, seed):
    states = walk(state, seed)
    for s in states:
        back = A.State.from_json(s.to_json())
        assert back == s and back.to_json() == s.to_json()
        assert back.legal_actions() == s.legal_actions()
        assert back.current_player() == s.current_player()
    middle = A.State.from_json(states[len(states) // 2].to_json())
    assert play_out(middle, seed=seed) == play_out(states[len(states) // 2], seed=seed)


def test_notation_round_trip():
    s = A.new_game(3, seed=5, ruin="sphinx")
    for state in walk(s, 5)[:400]:
        for action in state.legal_actions():
            assert state.action_from_str(str(action)) == action


def test_bad_options_are_refused_in_korean():
    for kwargs, words in [({"num_players": 6}, "2~5명"), ({"num_players": 3, "ruin": "castle"}, "알 수 없는 유적"),
                          ({"num_players": 3, "variants": ("fast",)}, "알 수 없는 응용 규칙"),
                          ({"num_players": 3, "sand_order": [0, 0, 1]}, "모래를 밟은 순서")]:
        try:
            A.new_game(**kwargs)
        except IllegalAction as err:
            assert words in str(err)
        else:
            raise AssertionError(kwargs)
