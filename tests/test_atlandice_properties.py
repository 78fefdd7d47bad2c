"""Properties of the 아틀란다이스 engine over random legal play (hypothesis chooses the games and the boards)."""
import random

from hypothesis import given, settings, strategies as st

from rules import atlandice as A
from rules.atlandice import components as C
from rules.atlandice.bots import greedy_bot
from rules.core import play_out
from engine_checks import assert_exact_chance, assert_only_legal_accepted, walk

INVENTORY = {**C.COPIES, "board": C.BOARD_COUNT, "die": C.DICE}


@st.composite
def board_values(draw):
    """Any valid board data: clock-hand icons 1~3 per board (the 작업장's not all equal, L103), a track of any
    length and events."""
    row = st.lists(st.integers(*C.HANDS_RANGE), min_size=3, max_size=3)
    hands = {str(d): draw(row.filter(lambda r: len(set(r)) > 1) if d == C.WORKSHOP else row) for d in C.DISTRICTS}
    middle = draw(st.lists(st.sampled_from(["", "donate"] + [f"check:{t}" for t in C.HERITAGE]), max_size=28))
    return {"clock_hands": hands, "black_market_hands": draw(st.integers(1, 5)),
            "clock_track": ["start"] + middle + ["wave"],
            "library_ability": draw(st.sampled_from(sorted(C.LIBRARY_ABILITIES)))}


@st.composite
def games(draw):
    """A new game with random player count, options (random_options) and seed."""
    n = draw(st.sampled_from(A.PLAYER_COUNTS))
    options = A.random_options(random.Random(draw(st.integers(0, 2**32))), n)
    return A.new_game(n, seed=draw(st.integers(0, 2**32)), **options)




def _candidates():
    """Actions of every shape, legal or not, to throw at a state."""
    out = [A.EndDonation()]
    out += [A.RollDie(f) for f in range(0, 8)] + [A.Reroll(f) for f in range(0, 8)]
    out += [A.TakeDie(a) for a in range(0, 8)] + [A.GiveDie(a) for a in range(0, 8)]
    out += [A.MoveSubmarine(d) for d in range(0, 7)]
    out += [A.SetDie(s, t) for s in range(0, 8) for t in (0, 1, 3, 6, 7)]
    for t in C.HERITAGE + ("gold",):
        out += [A.TakeHeritage(t)] + [A.MoveHeritage(t, d) for d in (0, 1, 3, 5, 6)]
        out += [A.Donate(t, u) for u in C.HERITAGE]
    return out


CANDIDATES = _candidates()


@settings(max_examples=30, deadline=None)
@given(games(), st.integers(0, 2**32))
def test_random_play_ends_and_conserves_every_component(state, seed):
    assert state.inventory() == INVENTORY          # every heritage, board and die somewhere, the box included
    states = walk(state, seed)
    end = states[-1]
    assert end.is_terminal() and end.clock == end.board.last_space
    for s in states:
        assert s.inventory() == INVENTORY
        assert all(n >= 0 for zone in s.heritage_zones().values() for n in zone.values())
        assert all(n >= 0 for n in s.dice)
    assert end.winners() and set(end.winners()) <= set(range(state.num_players))


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(A.PLAYER_COUNTS), board_values(), st.sampled_from(sorted(C.FORGE_SOURCES)),
       st.integers(0, 2**32))
def test_the_engine_runs_with_any_valid_board_data(n, values, forge, seed):
    state = A.new_game(n, seed=seed, board_data=values, forge_source=forge)
    assert state.board.track == tuple(values["clock_track"])
    end = play_out(state, seed=seed)
    assert end.is_terminal() and end.clock == len(values["clock_track"]) - 1
    assert end.inventory() == INVENTORY
    back = A.State.from_json(end.to_json())
    assert back == end and back.board.values() == values


@settings(max_examples=20, deadline=None)
@given(games(), st.integers(0, 2**32))
def test_illegal_actions_raise_and_no_action_changes_the_old_state(state, seed):
    for s in walk(state, seed)[::5]:
        assert_only_legal_accepted(s, CANDIDATES)


@settings(max_examples=20, deadline=None)
@given(games(), st.integers(0, 2**32))
def test_chance_outcomes_are_exact_distributions(state, seed):
    for s in walk(state, seed):
        outcomes = assert_exact_chance(s)
        if outcomes and s.phase == "reveal":   # one outcome per clock-hand count left in the stack, never a foregone one
            left = [s.board.hands[b] for b in s.stacks[s.revealing - 1]]
            assert len(outcomes) == len(set(left)) > 1
        elif outcomes:
            assert len(outcomes) == 6


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(A.PLAYER_COUNTS), st.integers(0, 2**32))
def test_seeded_determinism(n, seed):
    one = A.new_game(n, seed=seed)
    assert one == A.new_game(n, seed=seed)
    assert play_out(one, seed=seed) == play_out(A.new_game(n, seed=seed), seed=seed)


@settings(max_examples=20, deadline=None)
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


@settings(max_examples=20, deadline=None)
@given(games(), st.integers(0, 2**32))
def test_public_view_never_names_a_board_under_the_top(state, seed):
    for s in walk(state, seed)[::3]:
        view = s.public_view(None)
        assert view | {"seat": 0} == s.public_view(0)    # nothing in this game is private to a seat
        words = set(_strings(view))
        for stack in s.stacks:
            assert not words & set(stack[1:])
        for won in s.won:
            assert not words & set(won)                  # boards won are kept face down


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


@settings(max_examples=15, deadline=None)
@given(games(), st.integers(0, 2**32))
def test_greedy_bot_always_plays_a_legal_action(state, seed):
    end = walk(state, seed, policy=greedy_bot)[-1]
    assert end.is_terminal() and end.inventory() == INVENTORY


def test_notation_round_trip():
    s = A.new_game(2, seed=5)
    for state in walk(s, 5):
        for action in state.legal_actions():
            assert state.action_from_str(str(action)) == action
            assert action.describe()
