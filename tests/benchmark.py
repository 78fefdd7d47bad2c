"""Engine speed figures (printed, never asserted), for every registered game: full games per second
and microseconds per apply; 엘도라도's movement planner in milliseconds (also with one to three cards
that draw).

Run: .venv/bin/python tests/benchmark.py [games]
"""
import random
import sys
import time
from importlib import import_module
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rules  # noqa: E402
from rules import CHANCE, TERMINAL  # noqa: E402
from rules.core import random_policy, sample_chance  # noqa: E402
from rules.el_dorado.state import DRAWS  # noqa: E402

# Random play need not end in 엘도라도 (nothing forces a pawn forward): its games use the greedy bot.
POLICY = {"el_dorado": "greedy"}


def full_games(game_id: str, num_players: int, games: int):
    """Play `games` games; returns (seconds spent, applies made, seconds inside apply)."""
    module = rules.game(game_id)
    policy = (import_module(f"rules.{game_id}.bots").greedy_bot if POLICY.get(game_id) == "greedy"
              else random_policy)
    applies, in_apply = 0, 0.0
    start = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        state = module.new_game(num_players, seed=seed, **module.random_options(rng, num_players))
        while (player := state.current_player()) != TERMINAL:
            action = sample_chance(state, rng) if player == CHANCE else policy(state, rng)
            t = time.perf_counter()
            state = state.apply(action)
            in_apply += time.perf_counter() - t
            applies += 1
    return time.perf_counter() - start, applies, in_apply


def planner_ms(hand_size: int, positions: int = 20) -> float:
    """Median milliseconds of 엘도라도's reachable() for a hand of `hand_size` different cards."""
    E = rules.game("el_dorado")
    cards = ["explorer", "traveler", "sailor", "scout", "trailblazer", "captain", "adventurer", "photographer"]
    times = []
    for seed in range(positions):
        state = E.new_game(3, seed=seed)
        pos = E.scenario(players=3, path={"pieces": state.path["pieces"], "finish": state.path["finish"]},
                         pawns=state.pawns, hands=[{c: 1 for c in cards[:hand_size]}, {}, {}])
        t = time.perf_counter()
        E.reachable(pos)
        times.append((time.perf_counter() - t) * 1000)
    return sorted(times)[len(times) // 2]


DRAW_HANDS = {   # name: hand, deck, discard pile: the planner's chances of spaces reached by drawing first
    "4": ({"explorer": 1, "traveler": 1, "sailor": 1, "compass": 1}, {"explorer": 2, "traveler": 3, "pioneer": 1}, {}),
    "8": ({"explorer": 1, "traveler": 1, "sailor": 1, "scout": 1, "captain": 1, "pioneer": 1, "compass": 1,
           "cartographer": 1}, {"explorer": 2, "traveler": 3, "trailblazer": 1, "photographer": 1},
          {"jack_of_all_trades": 1}),
    # the slowest kind of hand: three cards that draw (the widget counts these behind a button)
    "8, 3 draw cards": ({"explorer": 1, "traveler": 1, "sailor": 1, "scout": 1, "captain": 1, "compass": 1,
                         "cartographer": 1, "scientist": 1},
                        {"explorer": 3, "traveler": 4, "trailblazer": 1, "photographer": 1, "pioneer": 1,
                         "jack_of_all_trades": 1}, {}),
}


def planner_draws_ms(name: str, positions: int = 5) -> float:
    """Median milliseconds of 엘도라도's reachable_by_drawing() for the DRAW_HANDS entry `name`."""
    E = rules.game("el_dorado")
    hand, deck, discard = DRAW_HANDS[name]
    times = []
    for seed in range(positions):
        state = E.new_game(3, seed=seed)
        pos = E.scenario(players=3, path={"pieces": state.path["pieces"], "finish": state.path["finish"]},
                         pawns=state.pawns, hands=[hand, {}, {}], decks=[deck, {}, {}], discards=[discard, {}, {}])
        t = time.perf_counter()
        E.reachable_by_drawing(pos)
        times.append((time.perf_counter() - t) * 1000)
    return sorted(times)[len(times) // 2]


def res_arcana_bot(games: int):
    """레즈 아르카나: one sensible bot (its seat rotating with the seed) against greedy bots in the other seats
    over `games` seeded games per player count: its share of the wins (a shared win counts as a part) against
    the fair share, and the milliseconds of each weigh() it made (mean, max): processor time of this process,
    each call timed twice and the faster kept, so that other programs on a shared machine do not count as the
    bot's time."""
    R = rules.game("res_arcana")
    bots = import_module("rules.res_arcana.bots")
    times = []
    for n in R.PLAYER_COUNTS:
        wins = 0.0
        for seed in range(games):
            rng = random.Random(seed)
            state = R.new_game(num_players=n, seed=seed, **R.random_options(rng, n))
            me = seed % n
            while (player := state.current_player()) != TERMINAL:
                if player == CHANCE:
                    action = sample_chance(state, rng)
                elif player == me:
                    spent = []
                    for _ in range(2):
                        t = time.process_time()
                        action = bots.best(bots.weigh(state)).action
                        spent.append((time.process_time() - t) * 1000)
                    times.append(min(spent))
                else:
                    action = bots.greedy_bot(state, rng)
                state = state.apply(action)
            if me in state.winners():
                wins += 1 / len(state.winners())
        print(f"레즈 아르카나 {n}인: 추천 봇 1명이 욕심쟁이 봇 {n - 1}명을 상대로 {wins:.1f}/{games}판 승리 "
              f"(공평한 몫 {games / n:.1f})")
    print(f"레즈 아르카나 weigh(): 평균 {sum(times) / len(times):.1f}ms · 최대 {max(times):.1f}ms ({len(times)}번)")


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print(f"엔진 벤치마크 (한 코어, 인원마다 {games}판)")
    for game_id, name in rules.GAMES.items():
        policy = "욕심쟁이 봇" if POLICY.get(game_id) == "greedy" else "무작위 정책"
        print(f"{name} ({policy})")
        for n in rules.game(game_id).PLAYER_COUNTS:
            seconds, applies, in_apply = full_games(game_id, n, games)
            print(f"  {n}인: 초당 {games / seconds:7.1f}판 · 한 판에 평균 {applies / games:6.1f}수 · "
                  f"apply 1회 {in_apply / applies * 1e6:6.1f}µs (합법성 검사 포함)")
    for size in (4, 8):
        print(f"엘도라도 이동 계획 (카드 {size}장): 중앙값 {planner_ms(size):.1f}ms")
    names = rules.game("el_dorado").components.NAMES
    for name, (hand, _deck, _discard) in DRAW_HANDS.items():
        drawers = "·".join(names[c] for c in hand if c in DRAWS)
        print(f"엘도라도 뽑기 확률 (카드 {sum(hand.values())}장, 뽑기 카드 {drawers}): "
              f"중앙값 {planner_draws_ms(name):.1f}ms")
    res_arcana_bot(games)


if __name__ == "__main__":
    main()
