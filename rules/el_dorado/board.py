"""The path to El Dorado: assembling tiles into a map, the published paths, and a random path builder.

A path description is plain JSON: {"pieces": [[side, rotation, [q, r]], ...], "finish": {"side":
"jungle"|"river", "spaces": [[q, r] x3], "gold": [[q, r] x3]}, "overrides": {"q,r": code}}.
Pieces are listed start tile first, in race order; rotation k turns the side k x 60 degrees clockwise
and [q, r] is where its own (0, 0) lands. "overrides" (optional) replaces the code of single spaces,
for positions built by scenario() (codes as in components.json, plus "C" for a mountain with a cave). Hexes are named "q,r" strings everywhere in the engine.
"""
import json
import random
from heapq import heappop, heappush

from rules.core import IllegalAction
from rules.el_dorado import components as C

DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))   # E NE NW W SW SE
RULE = "게임 준비: 길 만들기"


def hid(q: int, r: int) -> str:
    return f"{q},{r}"


def coords(h: str) -> tuple:
    q, r = h.split(",")
    return int(q), int(r)


def rotate(q: int, r: int, k: int) -> tuple:
    for _ in range(k % 6):
        q, r = -r, q + r
    return q, r


_TURNED = {}


def place(side: str, k: int, offset) -> dict:
    """{(q, r): code} of a tile side turned k x 60 degrees and moved to `offset`."""
    turned = _TURNED.get((side, k))
    if turned is None:      # random paths place the same few sides again and again
        turned = _TURNED[(side, k)] = [(rotate(q, r, k), code) for (q, r), code in C.SIDES[side].items()]
    oq, orr = offset
    return {(rq + oq, rr + orr): code for (rq, rr), code in turned}


def _neighbours(q, r):
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


_AROUND = {}


def _around(h: str) -> tuple:
    """The six hexes around h, by name (random paths build many boards over the same hexes)."""
    if h not in _AROUND:
        _AROUND[h] = tuple(hid(*x) for x in _neighbours(*coords(h)))
    return _AROUND[h]


_SPACES = {}


def _space(code: str) -> tuple:
    """(terrain, requirement) of a space code (random paths read the same few codes again and again)."""
    out = _SPACES.get(code)
    if out is None:
        terrain = C.CODE_TERRAIN.get(code[:1])
        if terrain is None or (terrain not in ("mountain", "start") and not code[1:].isdigit()):
            raise IllegalAction(f"알 수 없는 칸 코드입니다: {code}", RULE)
        out = _SPACES[code] = (terrain, int(code[1:]) if code[1:] else 0)
    return out


class Board:
    """A map built from a path description. Immutable; shared by every State of a game."""

    def __init__(self, path: dict):
        self.path = path
        pieces = path["pieces"]
        if not pieces or pieces[0][0] not in ("A", "B"):
            raise IllegalAction("길은 출발 타일(A 또는 B면)로 시작해야 합니다", RULE)
        sides = [p[0] for p in pieces]
        for side in sides:
            if side not in C.SIDES:
                raise IllegalAction(f"알 수 없는 타일 면입니다: {side}", RULE)
        for pair in C.DOUBLE_SIDED:
            if sum(s in pair for s in sides) > 1:
                raise IllegalAction(f"{pair[0]}/{pair[1]}는 한 타일의 양면이라 한 번만 쓸 수 있습니다", RULE)
        self.terrain, self.req, self.piece = {}, {}, {}
        self.starts, self.caves = {}, []
        for i, (side, k, offset) in enumerate(pieces):
            caves = {rotate(q, r, k) for q, r in C.CAVES.get(side, ())}
            starts = {rotate(q, r, k): n for n, (q, r) in C.START_SPACES.get(side, {}).items()}
            for (q, r), code in place(side, k, offset).items():
                h = hid(q, r)
                if h in self.terrain:
                    raise IllegalAction(f"{side}면이 이미 놓인 타일과 겹칩니다 ({h})", RULE)
                local = (q - offset[0], r - offset[1])
                self._set(h, code)
                self.piece[h] = i
                if local in caves:
                    self.caves.append(h)
                if local in starts:
                    self.starts[starts[local]] = h
        fin = path["finish"]
        if fin["side"] not in C.FINISH:
            raise IllegalAction("도착 타일은 정글 면이나 강 면이어야 합니다", RULE)
        self.finish_side = fin["side"]
        self.finish = frozenset(hid(*h) for h in fin["spaces"])
        self.gold = frozenset(hid(*h) for h in fin["gold"])
        for h in sorted(self.finish):     # in a fixed order: a set's order changes from one process to the next
            if h in self.terrain:
                raise IllegalAction(f"도착 타일이 다른 타일과 겹칩니다 ({h})", RULE)
            self.terrain[h] = C.FINISH[fin["side"]]["terrain"]
            self.req[h] = C.FINISH[fin["side"]]["req"]
            self.piece[h] = len(pieces)
        for h, code in path.get("overrides", {}).items():
            if h not in self.terrain or h in self.finish:
                raise IllegalAction(f"바꿀 칸 {h}가 길 위에 없습니다", "상황 만들기")
            self._set(h, "M" if code == "C" else code)        # "C": a mountain with a cave
            if h in self.caves and code != "C":
                self.caves.remove(h)
            elif code == "C" and h not in self.caves:
                self.caves.append(h)
        terrain = self.terrain
        self.neighbours = {h: tuple([n for n in _around(h) if n in terrain]) for h in terrain}
        # The searches below ask these of every space again and again (random paths build many boards).
        self.open = frozenset(h for h, t in self.terrain.items() if t not in ("mountain", "start"))
        self.passable = frozenset(h for h in self.open if not (self.terrain[h] == "river" and self.req[h] >= 4))
        self._walkable = self.passable | {h for h, t in self.terrain.items() if t == "start"}
        # Seams between consecutive pieces; a blockade lies on each, except on a small tile's exit.
        self.seams = []
        self.seam_of = {}
        on_piece = [[] for _ in range(len(pieces) + 1)]
        for h, i in self.piece.items():
            on_piece[i].append(h)
        for i in range(len(pieces) - 1):
            pairs = [(a, b) for a in on_piece[i] for b in self.neighbours[a] if self.piece[b] == i + 1]
            if not pairs:
                raise IllegalAction(f"{pieces[i][0]}면과 {pieces[i + 1][0]}면이 맞닿아 있지 않습니다", RULE)
            blockade = pieces[i][0] not in C.STRIPS
            self.seams.append({"between": (pieces[i][0], pieces[i + 1][0]), "blockade": blockade,
                               "near": tuple(sorted({a for a, _ in pairs})),
                               "far": tuple(sorted({b for _, b in pairs}))})
            if blockade:
                index = sum(1 for s in self.seams if s["blockade"]) - 1
                for a, b in pairs:
                    self.seam_of[(a, b)] = self.seam_of[(b, a)] = index
        self.blockade_seams = [s for s in self.seams if s["blockade"]]
        self.cave_next = {c: frozenset(self.neighbours[c]) for c in self.caves}
        if set(self.starts) != {1, 2, 3, 4}:
            raise IllegalAction("출발 타일의 시작 칸 1~4가 모두 있어야 합니다", RULE)
        self.to_finish = self.steps_to(self.finish)
        self._finishing = None
        self._exits = {}

    def _set(self, h, code):
        self.terrain[h], self.req[h] = _space(code)

    def code(self, h: str) -> str:
        t = self.terrain[h]
        letter = {v: k for k, v in C.CODE_TERRAIN.items()}[t]
        return letter + (str(self.req[h]) if t not in ("mountain", "start") else "")

    def enterable(self, h: str) -> bool:
        return h in self.open

    def exits(self, h: str) -> tuple:
        """(space, seam or None, terrain, requirement) of every enterable space next to h (made once:
        the engine lists the moves from the spaces the pawns stand on again and again)."""
        out = self._exits.get(h)
        if out is None:
            out = self._exits[h] = tuple((n, self.seam_of.get((h, n)), self.terrain[n], self.req[n])
                                         for n in self.neighbours[h] if n in self.open)
        return out

    def describe_hex(self, h: str) -> str:
        t = self.terrain[h]
        if t in C.SYMBOL_OF:
            return f"{C.TERRAIN_NAMES[t]}({C.SYMBOL_NAMES[C.SYMBOL_OF[t]]} {self.req[h]})"
        if t in ("rubble", "basecamp"):
            return f"{C.TERRAIN_NAMES[t]}(카드 {self.req[h]}장)"
        return C.TERRAIN_NAMES[t]

    def finishable_from(self, h: str) -> bool:
        """Whether some route of enterable spaces leads from h to a finish space (ignoring pawns and
        blockades, which can always be paid) without a river 4 (only the single-use 프로펠러 비행기 pays it)."""
        if self._finishing is None:
            self._finishing = self._finishing_spaces()
        return h in self.finish or any(n in self._finishing for n in self.neighbours[h])

    def _finishing_spaces(self) -> frozenset:
        """The passable spaces joined to a finish space by passable spaces: one search for every h."""
        passable, neighbours = self.passable, self.neighbours
        seen = {h for h in self.finish if h in passable}
        todo = list(seen)
        while todo:
            x = todo.pop()
            for n in neighbours[x]:
                if n not in seen and n in passable:
                    seen.add(n)
                    todo.append(n)
        return frozenset(seen)

    def steps_to(self, targets) -> dict:
        """{hex: fewest steps to reach one of `targets`} over passable spaces."""
        neighbours, walkable = self.neighbours, self._walkable     # (random paths search many boards)
        dist = {t: 0 for t in targets}
        frontier = list(targets)
        steps = 0
        while frontier:
            steps += 1
            nxt = []
            for x in frontier:
                for n in neighbours[x]:
                    if n not in dist and n in walkable:
                        dist[n] = steps
                        nxt.append(n)
            frontier = nxt
        return dist


_BOARDS = {}
# A café kernel plays game after game, each on a new random path: the cache starts afresh when full
# (a game keeps its own Board; an older path's Board is only made again).
_BOARDS_KEPT = 256


def board(path: dict) -> Board:
    """The Board of a path description (cached: every state of a game shares one)."""
    key = json.dumps(path, sort_keys=True)
    b = _BOARDS.get(key)
    if b is None:
        if len(_BOARDS) >= _BOARDS_KEPT:
            _BOARDS.clear()
        b = _BOARDS[key] = Board(path)
    return b


def published(name: str) -> dict:
    """The path description of a published path (components.PATHS: 'first' and the six of the guide)."""
    if name not in C.PATHS:
        raise IllegalAction(f"알 수 없는 길입니다: {name}", RULE)
    p = C.PATHS[name]
    return {"pieces": [list(x) for x in p["pieces"]], "finish": dict(p["finish"])}


# --- random paths ------------------------------------------------------------------------------
_SHAPES = {}


def _shape(side, k):
    """The hexes of a tile side turned k x 60 degrees at (0, 0) (asked for again and again by random paths)."""
    if (side, k) not in _SHAPES:
        _SHAPES[(side, k)] = frozenset(place(side, k, (0, 0)))
    return _SHAPES[(side, k)]


_CONTACTS = {}


def _contacts(a_shape, b_shape, min_pairs):
    """[(offset, hexes)]: offsets of b (relative to a) where b touches a edge to edge with at least
    min_pairs adjacent pairs, each with the hexes b covers there (relative to a as well)."""
    key = (a_shape, b_shape, min_pairs)
    if key not in _CONTACTS:
        ring = {}
        for q, r in a_shape:
            for n in _neighbours(q, r):
                if n not in a_shape:
                    ring[n] = ring.get(n, 0) + 1
        out = []
        # only an offset that puts some hex of b on the ring can touch (min_pairs >= 1)
        offsets = {(rq - q, rr - r) for rq, rr in ring for q, r in b_shape}
        for dq, dr in sorted(o for o in offsets if -10 <= o[0] <= 10 and -10 <= o[1] <= 10):
            moved = [(q + dq, r + dr) for q, r in b_shape]
            if any(h in a_shape for h in moved):
                continue
            if sum(ring.get(h, 0) for h in moved) >= min_pairs:
                out.append(((dq, dr), frozenset(moved)))
        _CONTACTS[key] = out
    return _CONTACTS[key]


def _halo(hexes):
    return {n for q, r in hexes for n in _neighbours(q, r)} | set(hexes)


_HALOS = {}


def _placed_halo(side, k, offset):
    """_halo() of a tile side turned k x 60 degrees and moved to `offset` (its halo at (0, 0) is kept)."""
    if (side, k) not in _HALOS:
        _HALOS[(side, k)] = _halo(_shape(side, k))
    oq, orr = offset
    return {(q + oq, r + orr) for q, r in _HALOS[(side, k)]}


def _try_path(rng, tiles, strips):
    """One random assembly (or None on a dead end): start tile, `tiles` large tiles, up to `strips` strips."""
    start = rng.choice("AB")
    placed = [(start, 0, (0, 0))]
    kinds = ["L"] * tiles
    for _ in range(strips):
        kinds.insert(rng.randrange(0, len(kinds)), "S")   # never last: the finish follows a large tile
    pairs = [p for p in C.DOUBLE_SIDED[1:7]]
    strip_pairs = [p for p in C.DOUBLE_SIDED[7:]]
    rng.shuffle(pairs)
    rng.shuffle(strip_pairs)
    start_halo = _halo({h for h, code in place(start, 0, (0, 0)).items() if code == "S"})
    older_halo = set()          # the halo of every piece before the last one, grown a piece at a time
    for kind in kinds:
        side = rng.choice(pairs.pop() if kind == "L" else strip_pairs.pop())
        prev_side, prev_k, prev_off = placed[-1]
        prev_shape = _shape(prev_side, prev_k)
        if len(placed) > 1:
            older_halo |= _placed_halo(*placed[-2])
        # the path leaves the start tile away from its start spaces; as seen from the last piece
        pq, pr = prev_off
        blocked = {(q - pq, r - pr) for q, r in older_halo | start_halo}
        options = []
        for k in range(6):
            shape = _shape(side, k)
            need = 7 if kind == "L" and prev_side in C.LARGE else 8
            for (dq, dr), moved in _contacts(prev_shape, shape, need):
                if moved.isdisjoint(blocked):
                    options.append((k, (pq + dq, pr + dr)))
        if not options:
            return None
        k, off = rng.choice(options)
        placed.append((side, k, off))
    last_side, last_k, last_off = placed[-1]
    last = {(q + last_off[0], r + last_off[1]) for q, r in _shape(last_side, last_k)}
    if len(placed) > 1:
        older_halo |= _placed_halo(*placed[-2])
    ends = []
    for d, (dq, dr) in enumerate(DIRECTIONS):
        centre = (last_off[0] + 4 * dq, last_off[1] + 4 * dr)
        notch = (last_off[0] + 3 * dq, last_off[1] + 3 * dr)
        piece = [centre] + [n for n in _neighbours(*centre) if n != notch]
        if any(h in last or h in older_halo for h in piece):
            continue
        spaces = [centre] + [n for n in _neighbours(*centre) if n in _neighbours(*notch)]
        gold = [h for h in piece if h not in spaces]
        ends.append((spaces, gold))
    if not ends:
        return None
    spaces, gold = rng.choice(ends)
    return {"pieces": [[s, k, list(o)] for s, k, o in placed],
            "finish": {"side": rng.choice(("jungle", "river")), "spaces": [list(h) for h in spaces],
                       "gold": [list(h) for h in gold]}}


def _difficulty(b: Board, h: str) -> float:
    t = b.terrain[h]
    return b.req[h] * (1.5 if t in ("rubble", "basecamp") else 1.0)


def path_score(b: Board) -> float:
    """How well a map follows the rulebook's 길 만들기 요령 (higher is better).

    1. same colour not too long: minus 1 for every two neighbouring tiles of the same main colour;
    2./3. the quick way (and the inside of a bend) harder: plus the correlation between how close a
       space lies to a shortest route and how hard it is;
    4. not too hard: minus the excess of the cheapest route's cost per step over 1.5.
    """
    counts = [{} for _ in b.path["pieces"]]         # per tile: {terrain: spaces}, the finish left out
    for h, p in b.piece.items():
        t = b.terrain[h]
        if p < len(counts) and t in ("jungle", "village", "river", "rubble"):
            counts[p][t] = counts[p].get(t, 0) + 1
    main = [max(count, key=count.get) for count in counts[1:]]
    same = sum(1 for x, y in zip(main, main[1:]) if x == y)
    to_finish = b.to_finish
    from_start = b.steps_to(b.starts.values())
    shortest = min(to_finish[s] for s in b.starts.values())
    xs, ys = [], []
    for h in b.terrain:
        if h in to_finish and h in from_start and b.enterable(h) and b.piece[h] > 0:
            xs.append(-(from_start[h] + to_finish[h] - shortest))
            ys.append(_difficulty(b, h))
    corr = _correlation(xs, ys)
    ratio = _cheapest(b) / shortest
    return corr - same - max(0.0, ratio - 1.5)


def _correlation(xs, ys):
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / (sxx * syy) ** 0.5 if sxx and syy else 0.0


def _cheapest(b: Board) -> float:
    """Cost of the cheapest route from a start space to the finish (Dijkstra over difficulties)."""
    difficulty = {h: _difficulty(b, h) for h in b.passable}    # a space is reached from up to six sides
    neighbours, finish = b.neighbours, b.finish
    best = {s: 0.0 for s in b.starts.values()}
    heap = [(0.0, s) for s in b.starts.values()]
    while heap:
        cost, x = heappop(heap)
        if x in finish:
            return cost
        if cost > best[x]:
            continue
        for n in neighbours[x]:
            if n in difficulty:
                c = cost + difficulty[n]
                if n not in best or c < best[n]:
                    best[n] = c
                    heappush(heap, (c, n))
    return float("inf")


def random_path(rng: random.Random, tiles: int = 5, strips: int = None, candidates: int = 8) -> dict:
    """A random path that follows the 길 만들기 요령: the best-scoring of a few random connected assemblies
    on which every space of the start tile (the start spaces' neighbours included) can reach the finish."""
    strips = rng.choice((0, 0, 1, 2)) if strips is None else strips
    if not 1 <= tiles <= 6 or not 0 <= strips <= 2 or tiles + strips > 7:
        raise IllegalAction("큰 지형 타일은 1~6장, 작은 지형 타일은 0~2장을 쓸 수 있습니다", RULE)
    best, best_score = None, None
    found = 0
    for _ in range(200 * candidates):
        desc = _try_path(rng, tiles, strips)
        if desc is None:
            continue
        b = Board(desc)
        if not all(b.finishable_from(h) for h in b.terrain if b.piece[h] == 0 and b.enterable(h)):
            continue
        score = path_score(b)
        if best is None or score > best_score:
            best, best_score = desc, score
        found += 1
        if found == candidates:
            break
    if best is None:
        raise IllegalAction("조건에 맞는 길을 찾지 못했습니다", RULE)
    return best
