"""Checks every engine's property tests share (the candidate actions and policies stay per game)."""
import random

from rules import CHANCE, TERMINAL, IllegalAction
from rules.core import random_policy, sample_chance


def walk(state, seed, policy=random_policy, max_steps=20_000) -> list:
    """Every state of one game played by `policy` (chance sampled), from `state` to the end."""
    rng = random.Random(seed)
    states = [state]
    for _ in range(max_steps):
        player = state.current_player()
        if player == TERMINAL:
            return states
        state = state.apply(sample_chance(state, rng) if player == CHANCE else policy(state, rng))
        states.append(state)
    raise AssertionError(f"{max_steps}수 안에 끝나지 않음")


def assert_only_legal_accepted(state, actions) -> None:
    """Each legal action is accepted, every other one is refused with IllegalAction naming its rule,
    and `state` itself never changes (apply returns a new state)."""
    before = state.to_json()
    legal = state.legal_actions()
    for action in actions:
        if action in legal:
            state.apply(action)
        else:
            try:
                state.apply(action)
            except IllegalAction as err:
                assert "규칙:" in str(err)
            else:
                raise AssertionError(f"{action}: 허용되었습니다: {state!r}")
        assert state.to_json() == before


def assert_exact_chance(state):
    """A chance node's outcomes are exactly its legal actions, in order, with positive probabilities
    that sum to 1; any other state has none. Returns the outcomes (None off a chance node)."""
    outcomes = state.chance_outcomes()
    if state.current_player() != CHANCE:
        assert outcomes == []
        return None
    assert sum(p for _, p in outcomes) == 1 and all(p > 0 for _, p in outcomes)
    assert [o for o, _ in outcomes] == state.legal_actions()
    return outcomes
