"""The pieces of the movement planner's search (rules/el_dorado/planner.py): the cards and tokens as
bits of a mask (Kit), the dominance test between positions at one space, and what one card, token or
card payment does from a space (worked out once per space and kept in a search's `chains` memo).

A search context `ctx` is (board, blockade numbers, pawn, spaces occupied, 말 통과 in force, chains
memo), and for a pawn of a 2-player game whose other pawn is in the way also (the context without
it, that pawn's space): see rules/el_dorado/two_pawns.py.
"""
from dataclasses import replace
from functools import lru_cache

from rules.core import multiset as ms
from rules.el_dorado import components as C
from rules.el_dorado.actions import Break, Move, UseToken


class Kit:
    """The cards and tokens of the search as bits of a mask; copies of one kind are always used
    lowest bit first, so that equal leftovers have equal masks."""

    def __init__(self, state, hand, drawn=None):
        """drawn: {card: copies} that might be drawn, as copies above those in hand (see
        planner._spaces_after_drawing); their bits make up `self.drawn`."""
        drawn = drawn or {}
        items = sorted((c, hand.get(c, 0) + drawn.get(c, 0)) for c in set(hand) | set(drawn))
        items += sorted(("tok:" + t, n) for t, n in state.held[state.turn].items()
                        if t in C.TOKEN_POWER or t == "native" or t == "change_symbol" and not state.recolor)
        self.kinds = []          # (kind, [bits]) in a fixed order
        bit = 0
        self.kind_of = []
        self.drawn = 0
        self.drawn_of = {}       # kind -> [bits of its drawn copies]
        for kind, n in items:
            bits = [1 << (bit + i) for i in range(n)]
            self.kinds.append((kind, bits))
            self.kind_of += [kind] * n
            bit += n
            if drawn.get(kind):
                self.drawn_of[kind] = bits[n - drawn[kind]:]
                self.drawn |= sum(self.drawn_of[kind])
        self.full = (1 << bit) - 1
        self.up = []             # bit i -> mask of the bits that can do whatever bit i can
        for i, k in enumerate(self.kind_of):
            self.up.append(sum(1 << j for j, other in enumerate(self.kind_of) if _geq(other, k)))
        # The same leftovers come back at many spaces: what covers(), payments() and available() found is kept.
        self._covers = {}
        self._payments = {}
        self._available = {}
        self._holding = {}

    def drawn_bits(self, cards: dict) -> int:
        """The drawn copies a hand that drew `cards` holds: the lowest ones of each kind."""
        return sum(sum(self.drawn_of[c][:n]) for c, n in cards.items())

    def below(self, mask: int) -> list:
        """Every set of drawn copies within `mask` that a position can have used (lowest first in each kind)."""
        out = [0]
        for bits in self.drawn_of.values():
            n = sum(1 for b in bits if mask & b)
            out = [x | sum(bits[:j]) for x in out for j in range(n + 1)]
        return out

    def holding(self, drawn: int) -> tuple:
        """Every set of drawn copies a position can hold that holds the copies `drawn` (kept)."""
        out = self._holding.get(drawn)
        if out is None:
            out = self._holding[drawn] = tuple(self.drawn & ~u for u in self.below(self.drawn & ~drawn))
        return out

    def dominates(self, strong, weak) -> bool:
        """Whether leftovers `strong` can do whatever `weak` can, having used no drawn copy that `weak` did not."""
        return weak & self.drawn & ~strong == 0 and self.covers(strong, weak)

    def available(self, mask) -> tuple:
        """(kind, bit of the copy to use) for every kind left in mask."""
        out = self._available.get(mask)
        if out is None:
            out = self._available[mask] = tuple((kind, next(b for b in bits if mask & b))
                                                for kind, bits in self.kinds if mask & sum(bits))
        return out

    def counts(self, mask, cards_only=True):
        out = {}
        for kind, bits in self.kinds:
            if cards_only and kind.startswith("tok:"):
                continue
            n = sum(1 for b in bits if mask & b)
            if n:
                out[kind] = n
        return out

    def remove(self, mask, kind, n=1):
        for kind2, bits in self.kinds:
            if kind2 == kind:
                for b in bits:
                    if n and mask & b:
                        mask &= ~b
                        n -= 1
                return mask
        raise KeyError(kind)

    def payments(self, mask, req):
        """[(payment, cards left)]: the ways to give `req` cards, leaving out a way whose remaining
        cards are weaker than another's."""
        key = (mask, req)
        if key not in self._payments:
            options = []
            for combo in ms.sub_multisets(self.counts(mask), req):
                left = mask
                for c, n in combo:
                    left = self.remove(left, c, n)
                strength = sum(C.POWER.get(c) or (3 if c == "native" else 0) for c, n in combo for _ in range(n))
                options.append((strength, "cards:" + "+".join(c for c, n in combo for _ in range(n)), left))
            kept = []
            for _, pay, left in sorted(options):           # the weakest cards given first
                if not any(self.dominates(other, left) for _, other in kept):
                    kept.append((pay, left))
            self._payments[key] = kept
        return self._payments[key]

    def covers(self, strong, weak):
        """Sufficient test that every card of `weak` can be matched to a distinct card of `strong`
        that does as much (greedy over the cards not in both)."""
        missing = weak & ~strong
        if not missing:
            return True
        key = (strong, weak)
        if key not in self._covers:
            self._covers[key] = self._match(strong & ~weak, missing)
        return self._covers[key]

    def _match(self, spare, missing):
        i = 0
        while missing:
            if missing & 1:
                options = self.up[i] & spare
                if not options:
                    return False
                spare &= ~(options & -options)
            missing >>= 1
            i += 1
        return True


def dominated(kit, seen, node) -> bool:
    """True if a position at the same space held resources at least as strong (and is kept otherwise).
    The positions seen are grouped by the drawn copies they hold: only a position that holds every drawn
    copy this one holds can dominate it (kit.dominates), so only those groups are looked up (kit.holding)."""
    h, mask, closed, recolor = node
    groups = seen.setdefault((h, closed, recolor), {})
    drawn = mask & kit.drawn
    covered = kit._covers
    for held in kit.holding(drawn):
        entries = groups.get(held)
        if entries:
            for other in entries:       # kit.dominates(other, mask), kit.covers() inlined: the search's hot spot
                missing = mask & ~other
                if not missing:
                    return True
                key = (other, mask)
                out = covered.get(key)
                if out is None:
                    out = covered[key] = kit._match(other & ~mask, missing)
                if out:
                    return True
    groups.setdefault(drawn, []).append(mask)
    return False


_GEQ = {}


def _geq(x: str, y: str) -> bool:
    """Card (or token) x can do in a move whatever y can."""
    key = (x, y)
    if key not in _GEQ:
        if x == y:
            out = True
        elif x.startswith("tok:") or y.startswith("tok:"):
            out = False
        elif y != "native" and not C.POWER[y]:
            out = True            # a card with no power only ever pays 자갈밭/베이스캠프: any card does
        elif x == "native" or y == "native" or not C.POWER[x]:
            out = False
        else:
            out = C.POWER[x] >= C.POWER[y] and set(C.symbols(x)) >= set(C.symbols(y))
        _GEQ[key] = out
    return _GEQ[key]


def plan(parent, node) -> list:
    out = []
    while parent[node] is not None:
        node, actions = parent[node]
        out[:0] = played(actions)
    return out


def played(actions) -> list:
    """The engine's actions of one step of a search (a card's chain comes as (payment of its first step, steps))."""
    if isinstance(actions, tuple):
        pay, steps = actions
        return [replace(steps[0], pay=pay)] + list(steps[1:])
    return actions


def open_neighbours(ctx, h, closed) -> list:
    """The spaces the pawn may step onto from h (no mountain, no closed blockade, no pawn), worked out
    once per space and blockades (in the chains memo, under a 3-tuple key)."""
    memo = ctx[5]
    key = ("open", h, closed)
    out = memo.get(key)
    if out is None:
        b, occupied, passing = ctx[0], ctx[3], ctx[4]
        out = memo[key] = []
        for n in b.neighbours[h]:
            if not b.enterable(n):
                continue
            seam = b.seam_of.get((h, n))
            if seam is not None and closed >> seam & 1:
                continue
            if n in occupied and not passing:
                continue
            out.append(n)
    return out


def closed_seams(ctx, h, closed) -> list:
    """The closed blockades the pawn may pay from h: as in the engine, only across to a space it could
    enter (kept like open_neighbours)."""
    memo = ctx[5]
    key = ("seams", h, closed)
    out = memo.get(key)
    if out is None:
        b = ctx[0]
        seams = set()
        for n in b.neighbours[h]:
            if not b.enterable(n):
                continue
            seam = b.seam_of.get((h, n))
            if seam is not None and closed >> seam & 1:
                seams.add(seam)
        out = memo[key] = sorted(seams)
    return out


def chain(ctx, h0, closed0, symbol, power):
    """Every (hex, blockades still closed, actions) one card of `symbol` and `power` reaches from h0,
    going on with the power left after each step (the first action's payment is filled in later)."""
    memo = ctx[5]
    key = (h0, closed0, symbol, power)
    if key not in memo:
        memo[key] = _chain_from(ctx, h0, closed0, symbol, power)
    return memo[key]


def _chain_from(ctx, h0, closed0, symbol, power):
    b, numbers, pawn = ctx[0], ctx[1], ctx[2]
    best = {(h0, closed0): power}
    paths = {(h0, closed0): ()}
    frontier = [(h0, closed0)]
    out = []
    while frontier:
        nxt_frontier = []
        for key in frontier:
            h, closed = key
            left = best[key]
            if h in b.finish:
                continue
            steps = []
            for n in open_neighbours(ctx, h, closed):
                if C.SYMBOL_OF.get(b.terrain[n]) == symbol and b.req[n] <= left:
                    steps.append(((n, closed), left - b.req[n], Move(pawn, n, "")))
            for seam in closed_seams(ctx, h, closed):
                terrain, req = C.BLOCKADES[numbers[seam]]
                if C.SYMBOL_OF.get(terrain) == symbol and req <= left:
                    steps.append(((h, closed & ~(1 << seam)), left - req, Break(pawn, seam, "")))
            for k2, left2, action in steps:
                if best.get(k2, -1) < left2:
                    if k2 not in best:
                        out.append(k2)
                    best[k2] = left2
                    paths[k2] = paths[key] + (action,)
                    nxt_frontier.append(k2)
        frontier = nxt_frontier
    return [(h, closed, paths[(h, closed)]) for h, closed in out]


_CHANGE_SYMBOL = UseToken("change_symbol")


@lru_cache(maxsize=4096)
def _step(kind, pawn: int, target, pay: str):
    """Move or Break(pawn, target, pay), made once: a search offers the same few again and again."""
    return kind(pawn, target, pay)


def card_moves(ctx, h, closed, recolor, c) -> list:
    """[(hex, blockades still closed, 기호 바꾸기 pending, actions)] card (or token) c reaches from h,
    whatever else is left: worked out once per space (in the chains memo, under a 5-tuple key)."""
    memo = ctx[5]
    key = ("card", h, closed, recolor, c)
    out = memo.get(key)
    if out is None and len(ctx) > 6:
        # The other own pawn in the way (see two_pawns.py): the card goes exactly as far as with no
        # pawn there, unless it would have stepped onto that space.
        out = card_moves(ctx[6], h, closed, recolor, c)
        other = ctx[7]
        if any(h2 == other for h2, _, _, _ in out):
            out = None
        else:
            memo[key] = out
    if out is None:
        if c.startswith("tok:"):
            tp = C.TOKEN_POWER.get(c[4:])
            options, recolor2 = ([tp] if tp else []), recolor
        else:
            power = C.POWER[c]
            options = [(s, power) for s in (C.SYMBOLS if recolor else C.symbols(c))] if power else []
            recolor2 = False
        out = memo[key] = [(h2, closed2, recolor2, (c, steps)) for symbol, power in options
                           for h2, closed2, steps in chain(ctx, h, closed, symbol, power)]
    return out


def expand(ctx, kit, node):
    """(cards and tokens left, [(hex, blockades still closed, 기호 바꾸기 pending, actions)]) for every
    card, token or card payment played from this position."""
    b, numbers, pawn = ctx[0], ctx[1], ctx[2]
    h, mask, closed, recolor = node
    natives = []
    for c, bit in kit.available(mask):
        left = mask & ~bit
        if c in ("native", "tok:native"):
            natives.append((c, left))
        elif c == "tok:change_symbol":
            if not recolor:
                yield left, [(h, closed, True, [_CHANGE_SYMBOL])]
        else:
            yield left, card_moves(ctx, h, closed, recolor, c)
    for n in open_neighbours(ctx, h, closed):
        if b.terrain[n] in ("rubble", "basecamp"):
            for pay, left in kit.payments(mask, b.req[n]):
                yield left, [(n, closed, recolor, [_step(Move, pawn, n, pay)])]
        for native, left in natives:
            yield left, [(n, closed, recolor, [_step(Move, pawn, n, native)])]
    for seam in closed_seams(ctx, h, closed):
        terrain, req = C.BLOCKADES[numbers[seam]]
        opened = closed & ~(1 << seam)
        if terrain not in C.SYMBOL_OF:
            for pay, left in kit.payments(mask, req):
                yield left, [(h, opened, recolor, [_step(Break, pawn, seam, pay)])]
        for native, left in natives:
            yield left, [(h, opened, recolor, [_step(Break, pawn, seam, native)])]
