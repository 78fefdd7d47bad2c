"""The way ahead as the sensible bot and the guided game measure it: how far a space is from El Dorado
(in spaces, and in effort), how far one card's power carries a pawn, and which symbols the road ahead asks.

Everything here reads only the map, the pawns and the blockades: what every player sees."""
import heapq

from rules.el_dorado import components as C

_COSTS = {}         # by Board and pawns (a plain dict: it is asked at every decision, a WeakKeyDictionary is slow)
_KEPT = 256         # as many as board.py keeps Boards: the dict starts afresh when full
OCCUPIED = 4        # a space with a pawn on it, in effort: it may move on, or block the way for turns


def cost_to_finish(board, occupied=frozenset()) -> dict:
    """{hex: how hard the easiest route from there to the finish is}: each space costs 1 plus its
    requirement (자갈밭/베이스캠프 one and a half times), a river 4 counts as 8; a space a pawn stands
    on (`occupied`) costs OCCUPIED more, as that pawn may stay there."""
    key = (board, occupied)
    costs = _COSTS.get(key)
    if costs is None:
        if len(_COSTS) >= _KEPT:
            _COSTS.clear()
        costs = {h: 0.0 for h in board.finish}
        heap = [(0.0, h) for h in board.finish]
        while heap:
            c, h = heapq.heappop(heap)
            if c > costs[h] or board.terrain[h] == "start":     # nobody walks through a start space
                continue
            step = 1 + board.req[h] * (1.5 if board.terrain[h] in ("rubble", "basecamp") else 1)
            if board.terrain[h] == "river" and board.req[h] >= 4:
                step = 9
            if h in occupied:
                step += OCCUPIED
            for n in board.neighbours[h]:
                if board.terrain[n] != "mountain" and c + step < costs.get(n, float("inf")):
                    costs[n] = c + step
                    heapq.heappush(heap, (c + step, n))
        _COSTS[key] = costs
    return costs


_STEPS = {}         # by Board, as _COSTS


def steps_to_finish(board) -> dict:
    """{hex: fewest spaces from there to a finish space} (what the reader counts on the map)."""
    steps = _STEPS.get(board)
    if steps is None:
        if len(_STEPS) >= _KEPT:
            _STEPS.clear()
        steps = _STEPS[board] = board.steps_to(board.finish)
    return steps


_EFFORTS = {}


def efforts(board, occupied=frozenset()) -> dict:
    """{hex: how hard the easiest route from there to El Dorado is}, in spaces of requirement 1 (0 at
    the finish), a space with a pawn on it counted as hard to pass."""
    key = (board, occupied)
    out = _EFFORTS.get(key)
    if out is None:
        if len(_EFFORTS) >= _KEPT:
            _EFFORTS.clear()
        out = _EFFORTS[key] = {h: c / 2 for h, c in cost_to_finish(board, occupied).items()}
    return out


def effort(board, h: str, occupied=frozenset()) -> float:
    return efforts(board, occupied).get(h, 99.0)


def carry(state, start: str, symbol: str, power: int, closed: frozenset, occupied) -> tuple:
    """(effort left, hex) of the space nearest El Dorado that a pawn on `start` reaches by going on
    with `power` of `symbol` (spaces of that symbol, each costing its requirement); `start` itself
    if it goes nowhere. A finish space ends the walk (the pawn enters El Dorado)."""
    b = state.board
    eff = efforts(b, occupied)
    best = (eff.get(start, 99.0), start)
    seen = {start: power}
    todo = [(start, power)]
    while todo:
        h, left = todo.pop()
        for n, seam, terrain, req in b.exits(h):
            if req > left or n in occupied or C.SYMBOL_OF.get(terrain) != symbol or seam is not None and seam in closed:
                continue
            rest = left - req
            if n in b.finish:
                return 0.0, n
            if seen.get(n, -1) >= rest:
                continue
            seen[n] = rest
            best = min(best, (eff.get(n, 99.0), n))
            todo.append((n, rest))
    return best


def road_ahead(state, hexes, spaces: int = 12) -> tuple:
    """What the easiest routes from `hexes` ask for, the next `spaces` spaces of each: ({symbol: share
    of the effort}, {symbol: the highest requirement}); rubble and base camps take any card."""
    b = state.board
    costs = cost_to_finish(b)
    effort_of = {s: 0.0 for s in C.SYMBOLS}
    hardest = {}
    for h in hexes:
        for _ in range(spaces):
            if h in b.finish or h not in costs:
                break
            h = min((n for n in b.neighbours[h] if n in costs and b.terrain[n] not in ("mountain", "start")),
                    key=lambda n: costs[n], default=None)
            if h is None:
                break
            symbol = C.SYMBOL_OF.get(b.terrain[h])
            if symbol:
                effort_of[symbol] += 1 + b.req[h] / 2
                hardest[symbol] = max(hardest.get(symbol, 0), b.req[h])
    total = sum(effort_of.values()) or 1
    return {s: n / total for s, n in effort_of.items()}, hardest
