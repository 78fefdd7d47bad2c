"""States share the fields no action has changed yet (copy on write): no later step may change an
earlier state through what they share."""
import random

import pytest

from rules import CHANCE, TERMINAL
from rules import el_dorado as E
from rules.core import sample_chance
from rules.el_dorado.bots import greedy_bot


def _policy(state, rng):
    """The greedy bot, with any legal action one time in three (every token and pick occurs)."""
    return rng.choice(state.legal_actions()) if rng.random() < 0.3 else greedy_bot(state, rng)


@pytest.mark.parametrize("n, seed", [(2, 1), (3, 2), (4, 3)])
def test_no_step_changes_an_earlier_state(n, seed):
    rng = random.Random(seed)
    state = E.new_game(n, seed=seed, path="first", caves=True)
    seen = []
    for _ in range(3000):
        player = state.current_player()
        if player == TERMINAL:
            break
        seen.append((state, state.to_json()))
        state = state.apply(sample_chance(state, rng) if player == CHANCE else _policy(state, rng))
    assert all(s.to_json() == text for s, text in seen)
