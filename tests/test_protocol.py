"""The engine protocol of DESIGN.md, checked the same way for every registered game (rules.GAMES).

Each game's own property tests go deeper; these make sure the four engines answer alike."""
import json
import random
from fractions import Fraction
from importlib import import_module

import pytest
from hypothesis import given, settings, strategies as st

import rules
from rules import CHANCE, TERMINAL, IllegalAction
from rules.core import sample_chance

MAX_STEPS = 60_000


def bot(game_id):
    return import_module(f"rules.{game_id}.bots").greedy_bot


def play(game_id, state, seed):
    """Every state of one game: the greedy bot with one move in five random (random play alone
    need not end in every game: nothing in 엘도라도's rules forces a pawn forward)."""
    rng, greedy = random.Random(seed), bot(game_id)
    states = [state]
    for _ in range(MAX_STEPS):
        player = state.current_player()
        if player == TERMINAL:
            return states
        if player == CHANCE:
            action = sample_chance(state, rng)
        else:
            action = rng.choice(state.legal_actions()) if rng.random() < 0.2 else greedy(state, rng)
        state = state.apply(action)
        states.append(state)
    raise AssertionError(f"{game_id}: {MAX_STEPS}수 안에 끝나지 않음")


@st.composite
def games(draw, game_id):
    module = rules.game(game_id)
    n = draw(st.sampled_from(module.PLAYER_COUNTS))
    seed = draw(st.integers(0, 2**32))
    options = module.random_options(random.Random(seed), n)
    return module.new_game(n, seed=seed, **options), seed


@pytest.mark.parametrize("game_id", list(rules.GAMES))
def test_registry_names_the_module(game_id):
    module = rules.game(game_id)
    assert module.NAME == rules.GAMES[game_id]
    assert module.READINGS and all(str(r) for r in module.READINGS.values())
    with pytest.raises(IllegalAction):
        rules.game("chess")


@pytest.mark.parametrize("game_id", list(rules.GAMES))
def test_a_game_keeps_the_protocol_from_start_to_end(game_id):
    @settings(max_examples=3, deadline=None)
    @given(games(game_id))
    def check(start_seed):
        start, seed = start_seed
        module = rules.game(game_id)
        states = play(game_id, start, seed)
        end = states[-1]
        assert end.is_terminal() and end.winners()
        inventory = start.inventory()
        for s in states[:: max(1, len(states) // 40)] + [end]:
            assert s.inventory() == inventory                              # nothing created or lost
            assert module.State.from_json(s.to_json()) == s                # exact round trip
            json.dumps(s.public_view(None))                                # a view is plain data
            if s.current_player() == CHANCE:
                assert sum(p for _, p in s.chance_outcomes()) == Fraction(1)
        again = play(game_id, module.State.from_json(start.to_json()), seed)[-1]
        assert again == end                                                # seeded determinism
    check()
