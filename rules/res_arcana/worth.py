"""What a 레즈 아르카나 position is worth to one player, in 승점, from what that player may see: the
points they have, their essences, what their components will bring in the rounds left, their own hand.
Another player's hand, a deck's order and the monument deck are never read. The sensible bot
(rules/res_arcana/bots.py) weighs a move by the change it makes here.

The worths are this book's estimates for a bot, not rules: an essence is about a quarter of a point (gold,
which buys monuments, 0.7), essences gathered toward a purchase count a share of its points, and a component
in play brings its collect and its best power every round left.
"""
from rules.res_arcana import components as C

WIN = 50.0             # a won game, against any number of points
# Gold buys monuments (4 gold for 1 to 3 points and often a power): it is worth well over the others.
ESSENCE = {"E": .25, "L": .25, "C": .25, "D": .25, "G": .7}
ANY = .3               # one essence of the player's choice
PLAN = .6              # the share of the best purchase's points that the essences already gathered for it count
NEED = .05             # more for an essence a card in hand costs
ON_CARD = .85          # an essence lying on a component: taken at the next collect
DRAW = .6              # a card still to be drawn: at least what discarding it pays
HAND_SHARE = .3        # a card in hand counts with this share of what placing it would bring
TURNED = .15           # a turned component: a power that straightens it would let it act again
TOKEN_RISK = .15       # the chance another player passes first, before my next turn, and takes the first player token
SWAP = .3              # a power that changes essences into others is worth this beyond their count
ROUNDS_MAX = 5.0
SETTLE_STEPS = 60


def _ess(amounts: dict) -> float:
    return sum(ESSENCE.get(e, ANY) * n for e, n in amounts.items())


def _allow(kinds: str) -> float:
    return max(ESSENCE[e] for e in kinds) if kinds else ANY


def _op(op) -> float:
    """One effect of a power (or of claiming), used once, in 승점."""
    kind = op[0]
    if kind == "gain":
        return _ess(op[1])
    if kind == "gain_any":
        return op[1] * _allow(op[2])
    if kind == "put":
        return ON_CARD * _ess(op[1])
    if kind == "put_any":
        return ON_CARD * op[1] * _allow(op[2])
    if kind == "rivals_gain":
        return -.5 * _ess(op[1])
    if kind == "attack":
        return .3 * op[1] * .6
    if kind == "draw":
        return DRAW * op[1]
    if kind == "discard":
        return -.5 * op[1]
    return {"put_paid": .3 * ON_CARD, "look3": .2, "straighten": .4, "straighten_self": .4, "gain_x": .4,
            "gain_cost": 1.2, "mirror": .6, "mermaid": .2, "place": 1.0}.get(kind, 0.0)


EXTRA = {"turn_creature": .3, "turn_dragon": .3, "destroy_any": 1.0, "destroy_other": 1.0, "destroy_beast": 1.0,
         "destroy_self": 1.5, "dagger": 1.5}


def _power(power: dict) -> float:
    if power.get("react"):
        return 0.0
    effect = sum(_op(op) for op in power["effect"])
    if power["cost"].get("any") or power.get("extra") == "same_type":
        effect += SWAP    # turning essences one does not need into ones one does
    return effect - _ess(power["cost"]) - EXTRA.get(power.get("extra"), 0.0)


def _collect(op) -> float:
    kind = op[0]
    if kind == "gain":
        return _ess(op[1])
    if kind == "one_of":
        return _allow(op[1])
    if kind == "any":
        return op[1] * _allow(op[2])
    if kind == "forge":
        return -ESSENCE["D"]
    if kind == "vault":
        return .5 * op[1] * ANY
    return .5      # windup: what lies on it grows


BEST_POWER = {c: max([0.0] + [_power(pw) for pw in C.POWERS.get(c, ())]) for c in C.ALL}
# What a component brings each round it is in play: its collect, its best power, a discount's saving.
INCOME = {c: sum(_collect(op) for op in C.COLLECT.get(c, ())) + BEST_POWER[c]
          + (.4 if c in C.DISCOUNTS else 0.0) for c in C.ALL}


def rounds_left(state, p: int) -> float:
    """About how many more rounds the game lasts for player p: the leading rival needs 10 points, about 2
    a round (p's own points do not count, or every point p scores would make the rest of p's game worth less)."""
    lead = max(state.vp(q) for q in range(state.num_players) if q != p)
    return max(.3, min(ROUNDS_MAX, (C.WIN_VP - lead) / 2))


def _scale(state, p: int) -> float:
    """Essences are worth less as the end nears (then they only break ties)."""
    return .4 + .12 * rounds_left(state, p)


def essence_worth(e: str, state, p: int) -> float:
    need = NEED if any(C.COST[c].get(e) for c in state.hand[p]) else 0.0
    return (ESSENCE[e] + need) * _scale(state, p)


def ess_worth(amounts: dict, state, p: int) -> float:
    return sum(essence_worth(e, state, p) * n if e in ESSENCE else ANY * _scale(state, p) * n
               for e, n in amounts.items())


def placing_worth(state, p: int, card: str) -> float:
    """What placing `card` would bring: its points and its rounds of income, less its cost after discounts."""
    cost = ess_worth(C.COST[card], state, p)
    off = min(state.discount(p, card), sum(C.WFIX[card].values()) + C.ANY[card])
    return C.VP[card] + INCOME[card] * rounds_left(state, p) - max(0.0, cost - off * ANY * _scale(state, p))


def _coverage(pool: dict, cost: dict, off: int = 0) -> float:
    """The share of `cost` (less `off` discount points) that `pool` could pay now."""
    fix = {e: n for e, n in cost.items() if e != "any"}
    total = sum(fix.values()) + cost.get("any", 0) - off
    if total <= 0:
        return 1.0
    covered = sum(min(pool[e], n) for e, n in fix.items())
    spare = sum(pool.values()) - covered
    return min(1.0, (covered + min(spare, cost.get("any", 0)) + off) / (total + off))


def purchases(state, p: int) -> list:
    """(points, cost, discount) of what the player could buy next: the places and face-up monuments in the
    centre and the artifacts in their hand."""
    r = rounds_left(state, p)
    out = [(C.VP[c] + INCOME[c] * r, C.COST[c], 0) for c in state.places + state.mon_up]
    out += [(C.VP[c] + INCOME[c] * r, C.COST[c], state.discount(p, c)) for c in state.hand[p]]
    return out


def pool_worth(state, p: int) -> float:
    """The essences held: their worth, plus a share of the points of the best purchase they go toward."""
    pool = state.pool[p]
    held = sum(essence_worth(e, state, p) * n for e, n in pool.items())
    plan = max((pts * _coverage(pool, cost, off) ** 2 for pts, cost, off in purchases(state, p)), default=0.0)
    return held + PLAN * plan


def position_worth(state, p: int) -> float:
    if state.is_terminal():
        winners = state.winners()
        return WIN / len(winners) if p in winners else -WIN
    r = rounds_left(state, p)
    total = state.vp(p) + pool_worth(state, p)
    for c in state.components_of(p):
        total += INCOME[c] * r
        if c in state.on:
            total += ON_CARD * ess_worth(state.on[c], state, p)
        if c in state.turned:
            total -= TURNED * BEST_POWER[c]
    floor = DRAW * _scale(state, p)
    total += sum(max(floor, HAND_SHARE * placing_worth(state, p, c)) for c in state.hand[p])
    total += DRAW * sum(1 for t in state.tasks if t["t"] == "draw" and t.get("p") == p)
    return total


# --- the player's own follow-up steps ----------------------------------------------------------
def _step(state, p):
    """The follow-up step the player would take: the cheapest essence to pay or lose, the most useful to
    take, the best card to place; anything else by what it does to the position."""
    acts = state.legal_actions()
    kind = state.tasks[-1]["t"]
    worth = lambda a: essence_worth(a.essence, state, p) if a.essence in ESSENCE else ANY
    if kind in ("pay", "lose") and not state.tasks[-1].get("waive"):
        return min(acts, key=worth)
    if kind == "pay":       # a discount point: taken off the most valuable essence of the cost
        return max(acts, key=worth)
    if kind in ("gain_any", "into"):
        return max(acts, key=worth)
    if kind == "order":
        return acts[0]
    if kind == "pick" and state.tasks[-1]["what"] == "place":
        return max(acts, key=lambda a: placing_worth(state, p, a.card))
    if kind == "look_choice":
        return acts[0]
    return max(acts, key=lambda a: position_worth(state.apply(a), p))


def settle(state, p: int):
    """The position once the player's own follow-up steps of the move just made are taken."""
    for _ in range(SETTLE_STEPS):
        if state.current_player() != p or not state.tasks:     # another's turn, a chance, a new action
            return state
        state = state.apply(_step(state, p))
    return state
