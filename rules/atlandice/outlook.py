"""What a position of 아틀란다이스 is worth to each seat, in points, from what every seat can see.

Every heritage type in play is a race that pays 3 to the leader and 1 to the second: the board when its
top board empties (tied leaders get 3 tokens each, the same 3) or the same 3/1 at the end. A race is
valued between as it stands (settled: the board is almost empty or the clock almost at the wave) and
open (a lead decides it less while much is left to take), plus the chance that the clock stops on a
확인 space of a type a seat leads. The order of the boards under each top board is hidden (and not even
decided), so nothing here reads it.
"""
import math

from rules.atlandice import components as C

BETA = 1.0         # how sharply a lead decides a race (tuned on seeded games against greedy_bot)
MAX_SHARE = 0.5    # the rivals a seat plays against: half the best of them, half their average
CHECK_STOP = 1 / 3  # chance that the clock stops on one given space of the next three
TYPES = range(len(C.HERITAGE))


def race(have: list) -> list:
    """Points each seat takes from one type's race as it stands: 3 for every leader, 1 for the second
    (only behind a single leader); holding none never ranks."""
    best = max(have)
    if not best:
        return [0] * len(have)
    leaders = have.count(best)
    runner = max((n for n in have if n < best), default=0) if leaders == 1 else 0
    return [3 if n == best else (1 if runner and n == runner else 0) for n in have]


def available(state, i: int) -> int:
    """Heritage of type i still in the city (on the boards and in the market)."""
    return state.market[i] + sum(pool[i] for pool in state.pools)


def near_checks(state) -> list:
    """For each type, the chance the clock's next stop is a 확인 space of that type (an advance of 1-3)."""
    track = state.board.track
    out = [0.0] * len(C.HERITAGE)
    for step in (1, 2, 3):
        space = state.clock + step
        if space < len(track) and track[space].startswith("check:"):
            out[C.HERITAGE.index(track[space][6:])] += CHECK_STOP
    return out


def open_race(have: list, left: int) -> list:
    """Each seat's expected points from a race not yet settled, with `left` heritage still on the board
    before it empties: a seat leads in the end with a chance that grows with its lead and shrinks with
    what is left to take (a softmax of the counts, sharper as the board empties), 3 for the lead and 1 for
    the second."""
    beta = BETA / math.sqrt(max(left, 1))
    top = max(have)
    weights = [math.exp(beta * (n - top)) for n in have]
    total = sum(weights)
    lead = [w / total for w in weights]
    out = []
    for s, w in enumerate(weights):
        second = sum(lead[j] * w / (total - weights[j]) for j in range(len(have)) if j != s)
        out.append(3 * lead[s] + second)
    return out


def outlook(state) -> list:
    """Each seat's (virtual player's included) projected points."""
    seats = len(state.holdings)
    points = [state.tokens[s] + 3 * len(state.won[s]) for s in range(seats)]
    checks = near_checks(state)
    rounds_left = (state.board.last_space - state.clock) / 2
    for i in TYPES:
        have = [h[i] for h in state.holdings]
        if not max(have) and not available(state, i):
            continue
        now = race(have)
        left = sum(state.pools[i]) if state.stacks[i] else 0
        settled = max(1 / (1 + left), 1 / (1 + 2 * rounds_left))
        soft = open_race(have, left) if settled < 1 else now
        best = max(have)
        for s in range(seats):
            points[s] += settled * now[s] + (1 - settled) * soft[s]
            if best and have[s] == best:
                points[s] += checks[i]
    return points


def margin(state, me: int, points=None) -> float:
    """How far `me` is ahead of the other players (the virtual player never wins)."""
    points = outlook(state) if points is None else points
    rivals = [points[s] for s in range(state.num_players) if s != me]
    return points[me] - MAX_SHARE * max(rivals) - (1 - MAX_SHARE) * sum(rivals) / len(rivals)
