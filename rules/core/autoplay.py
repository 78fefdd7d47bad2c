"""Seeded autoplay: resolve chance nodes from an RNG and let a policy pick every decision."""
import random

from rules.core.protocol import CHANCE, TERMINAL


def sample_chance(state, rng: random.Random):
    """One outcome of the chance node, drawn with the probabilities the engine states."""
    outcomes = state.chance_outcomes()
    r = rng.random()
    acc = 0.0
    for outcome, p in outcomes:
        acc += float(p)
        if r < acc:
            return outcome
    return outcomes[-1][0]  # float rounding can leave r just above the last sum


def random_policy(state, rng: random.Random):
    """Uniform choice among the legal actions."""
    return rng.choice(state.legal_actions())


def play_out(state, policy=random_policy, seed=0, max_steps=200_000, on_step=None):
    """Play from `state` until the end; returns the final state.

    `policy(state, rng)` chooses decisions (one policy for all, or a list per player).
    Raises RuntimeError if the game has not ended after `max_steps` steps.
    """
    rng = random.Random(seed)
    for _ in range(max_steps):
        player = state.current_player()
        if player == TERMINAL:
            return state
        if player == CHANCE:
            action = sample_chance(state, rng)
        else:
            chooser = policy[player] if isinstance(policy, (list, tuple)) else policy
            action = chooser(state, rng)
        if on_step is not None:
            on_step(state, action)
        state = state.apply(action)
    raise RuntimeError(f"{max_steps}수 안에 게임이 끝나지 않았습니다")
