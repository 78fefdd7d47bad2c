"""Engine speed figures (printed, never asserted): random full games per second, microseconds per apply.

Run: .venv/bin/python tests/benchmark.py [games]
"""
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules import CHANCE, TERMINAL  # noqa: E402
from rules import archaeology as A  # noqa: E402
from rules.archaeology import components as C  # noqa: E402
from rules.core import random_policy, sample_chance  # noqa: E402


def random_games(num_players: int, games: int):
    """Play `games` random games; returns (seconds spent, applies made, seconds inside apply)."""
    applies, in_apply = 0, 0.0
    start = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        state = A.new_game(num_players, seed=seed, ruin=C.RUINS[seed % len(C.RUINS)])
        while (player := state.current_player()) != TERMINAL:
            action = sample_chance(state, rng) if player == CHANCE else random_policy(state, rng)
            t = time.perf_counter()
            state = state.apply(action)
            in_apply += time.perf_counter() - t
            applies += 1
    return time.perf_counter() - start, applies, in_apply


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    print(f"아키올로지 엔진 벤치마크 (무작위 정책, 유적 6종을 번갈아, 한 코어, 게임 {games}판씩)")
    for n in C.PLAYER_COUNTS:
        seconds, applies, in_apply = random_games(n, games)
        print(f"  {n}인: 초당 {games / seconds:7.1f}판 · 한 판에 평균 {applies / games:6.1f}수 · "
              f"apply 1회 {in_apply / applies * 1e6:6.1f}µs (합법성 검사 포함)")


if __name__ == "__main__":
    main()
