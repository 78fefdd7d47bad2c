"""Engine speed figures (printed, never asserted), for every registered game: full games per second
and microseconds per apply; 엘도라도's movement planner in milliseconds (also with one to three cards
that draw); for every game with a sensible bot, how often it wins against the greedy bots and how long
its advice (weigh) takes, the guided game's suggestion.

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
from rules.core.advice import best  # noqa: E402
from rules.el_dorado.state import DRAWS  # noqa: E402

# Random play wanders in 엘도라도 (nothing forces a pawn forward) and ends only by the no_way_forward
# reading, hundreds of rounds later: its games use the greedy bot, a measure of play rather than of stalls.
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


def planner_ms(hand_size: int, positions: int = 20, players: int = 3) -> float:
    """Median milliseconds of 엘도라도's reachable() for a hand of `hand_size` different cards (with 2
    players: both pawns of the player, searched together)."""
    E = rules.game("el_dorado")
    cards = ["explorer", "traveler", "sailor", "scout", "trailblazer", "captain", "adventurer", "photographer"]
    times = []
    for seed in range(positions):
        state = E.new_game(players, seed=seed)
        pos = E.scenario(players=players, path={"pieces": state.path["pieces"], "finish": state.path["finish"]},
                         pawns=state.pawns, hands=[{c: 1 for c in cards[:hand_size]}] + [{}] * (players - 1))
        t = time.perf_counter()
        E.reachable(pos)
        times.append((time.perf_counter() - t) * 1000)
    return sorted(times)[len(times) // 2]


# 2 players, the two own pawns next door on open spaces of the first-game path (the other pawn may step
# aside: the harder case, where the spaces in doubt need a plan that moves both)
NEIGHBOURS = (("-2,0", "-1,0"), ("-1,-1", "-1,0"), ("0,-1", "1,-1"), ("-2,1", "-1,0"), ("3,0", "3,-1"))


def planner_neighbours_ms(hand_size: int) -> float:
    """Median milliseconds of 엘도라도's reachable() with the own pawns of a 2-player game on NEIGHBOURS."""
    E = rules.game("el_dorado")
    cards = ["explorer", "traveler", "sailor", "scout", "trailblazer", "captain", "adventurer", "photographer"]
    state = E.new_game(2, seed=0)
    times = []
    for pawns in NEIGHBOURS:
        pos = E.scenario(players=2, path={"pieces": state.path["pieces"], "finish": state.path["finish"]},
                         pawns=[list(pawns), state.pawns[1]], hands=[{c: 1 for c in cards[:hand_size]}, {}])
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


MAX_STEPS = 20000     # a game of bots that block each other for good counts as lost, and is counted


def duel(game_id: str, games: int):
    """One sensible bot (its seat turning round) against greedy bots, 2 players up: (its share of the wins,
    a shared win counting as a part; the fair share; the milliseconds of each of its weigh() calls; the
    games that never ended). A call is timed in this process's processor time, twice, the faster kept:
    other programs on a shared machine are not the bot's time."""
    module = rules.game(game_id)
    bots = import_module(f"rules.{game_id}.bots")
    counts = module.PLAYER_COUNTS
    wins, fair, times, stuck = 0.0, 0.0, [], 0
    for seed in range(games):
        rng = random.Random(seed)
        n = counts[seed % len(counts)]
        seat = seed % n
        state = module.new_game(n, seed=seed, **module.random_options(rng, n))
        for _ in range(MAX_STEPS):
            player = state.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                action = sample_chance(state, rng)
            elif player == seat:
                spent = []
                for _ in range(2):
                    t = time.process_time()
                    action = best(bots.weigh(state)).action
                    spent.append((time.process_time() - t) * 1000)
                times.append(min(spent))
            else:
                action = bots.greedy_bot(state, rng)
            state = state.apply(action)
        else:
            stuck += 1      # counted as lost
            fair += 1 / n
            continue
        if seat in state.winners():
            wins += 1 / len(state.winners())
        fair += 1 / n
    return wins, fair, times, stuck


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
    for game_id, name in rules.GAMES.items():
        if hasattr(import_module(f"rules.{game_id}.bots"), "sensible_bot"):
            wins, fair, times, stuck = duel(game_id, games)
            times.sort()
            print(f"{name} 추천 봇: 욕심쟁이 봇들과 {games}판 중 {wins:.1f}승 (인원에 따른 기대 {fair:.0f}승) · 추천 1회 "
                  f"평균 {sum(times) / len(times):.1f}ms, p95 {times[int(0.95 * (len(times) - 1))]:.1f}ms, "
                  f"최대 {times[-1]:.1f}ms" + (f" · 끝나지 않은 판 {stuck}" if stuck else ""))
    for size in (4, 8):
        print(f"엘도라도 이동 계획 (카드 {size}장): 중앙값 {planner_ms(size):.1f}ms")
    for size in (4, 8):
        print(f"엘도라도 이동 계획 (2인, 말 2개, 카드 {size}장): 중앙값 {planner_ms(size, 5, players=2):.1f}ms")
    for size in (4, 6):
        print(f"엘도라도 이동 계획 (2인, 말 2개가 이웃 칸, 카드 {size}장): 중앙값 {planner_neighbours_ms(size):.1f}ms")
    names = rules.game("el_dorado").components.NAMES
    for name, (hand, _deck, _discard) in DRAW_HANDS.items():
        drawers = "·".join(names[c] for c in hand if c in DRAWS)
        print(f"엘도라도 뽑기 확률 (카드 {sum(hand.values())}장, 뽑기 카드 {drawers}): "
              f"중앙값 {planner_draws_ms(name):.1f}ms")


if __name__ == "__main__":
    main()
