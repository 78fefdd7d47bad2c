"""Movement planner: every space a pawn can reach this turn with the hand (and cave tokens) it holds,
and the chance of reaching the others by first playing the cards that draw.

reachable(state) searches the same moves the engine allows (Move and Break step actions, and the
기호 바꾸기 and 말 통과 tokens, without drawing new cards) over abstract positions: the space, the cards
and tokens left (a bit mask), the blockades still closed, and whether a 기호 바꾸기 token is pending.
One step of the search plays one card and follows it as far as its power goes along spaces of its
symbol (remembered per space and power), or pays a 자갈밭/베이스캠프 or a rubble blockade with cards, or
uses a 원주민 or a 기호 바꾸기 token. A position whose leftovers are matched, card for card, by equal or
stronger cards of a position already seen at the same space is skipped: it cannot reach anything the
other cannot. 말 통과 only ever opens spaces, so it is searched as a second pass with the token in force.
In a 2-player game both pawns of the player are searched together (a position holds both spaces), as
the other pawn may step aside or break a blockade before this one goes on.

reachable_by_drawing(state) adds the draw effects (측량사, 나침반, 과학자, 탐험 일지 and the 카드 뽑기
token). Drawing first is never worse than drawing later in the same turn: what is drawn does not
depend on where the pawn stands, moving puts no card on the discard pile, and a draw does not end the
power left on a card in play (READINGS["leftover_ends"]). So the chance of a space is worked out as
"use draw effects first, one at a time, each chosen after seeing what the last one brought, then move
with the hand that results", maximised over those choices, from what the player knows: their own
face-down deck (order unknown) and, once it runs out, their discard pile shuffled into a new deck.
The hands the draws can end with are searched together (_spaces_after_drawing), and spaces reached by
the same hands share one chance.
"""
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from math import comb

from rules.core import multiset as ms
from rules.el_dorado import components as C
from rules.el_dorado.actions import Break, Move, UseToken
from rules.el_dorado.state import DRAWS, ELDORADO, PLAY

DRAW_TOKEN = "tok:draw"        # the 카드 뽑기 cave token: draws 1 card and costs no card


def reachable(state, pawn=None) -> dict:
    """{hex: [actions]} for every space a pawn of the player on turn can reach this turn.

    pawn: which pawn (0 or 1 in a 2-player game); None: every pawn of the player (the first plan
    found is kept when both can reach a space). In a 2-player game the player picks the pawn card by
    card (L268-L270), so a plan may move the other pawn first (out of the way, or to break a
    blockade): each Move and Break names its pawn. A finish space appears under its own hex; the
    plan's last move takes the pawn into El Dorado. Only cards already in hand and cave tokens held
    are used.
    """
    if not _planning(state):
        return {}
    return _reach(state, pawn, state.hands[state.turn], {})


def reachable_by_drawing(state, pawn=None) -> dict:
    """{hex: (probability, first)} for every space not in reachable(state, pawn) that the player can
    reach with some chance by first using draw effects: the exact probability (a Fraction) under the
    best way of drawing (see the module text), and `first`, the draw card to play first (DRAW_TOKEN for
    the 카드 뽑기 token). The cards 과학자 and 탐험 일지 let one remove cards after drawing: the plan
    never does (removing a card opens no space)."""
    if not _planning(state):
        return {}
    t = state.turn
    held = state.held[t].get("draw", 0)
    root = (ms.frozen(state.hands[t]), held, ms.frozen(state.decks[t]), ms.frozen(state.discards[t]))
    known = {}          # node -> its _draw_options(): the walk over the draws and value() both ask

    def options_at(node: tuple) -> list:
        out = known.get(node)
        if out is None:
            out = known[node] = _draw_options(*node)
        return out

    options = options_at(root)
    if not options:
        return {}
    chains = {}         # every hand moves over the same map: the chains of a card are worked out once
    certain = set(_reach(state, pawn, state.hands[t], chains))
    spaces = _spaces_after_drawing(state, pawn, root, chains, options_at)
    # Only the spaces the hand held now does not reach need chances, and spaces reached by the same
    # hands have the same chance: one space of each such group stands for all of them.
    hands_of = {}
    for hand, reached in spaces.items():
        for h in reached - certain:
            hands_of.setdefault(h, []).append(hand)
    stand_in = {}
    same = {}
    for h, hands in hands_of.items():
        stand_in[h] = same.setdefault(frozenset(hands), h)
    values = {}

    def value(hand: tuple, tokens: int, deck: tuple, discard: tuple) -> dict:
        """{space standing in for its group: best chance (1 or a Fraction)} from this hand, number of
        카드 뽑기 tokens and piles."""
        key = (hand, tokens, deck, discard)
        if key not in values:
            options = options_at(key)
            if not options:
                values[key] = {stand_in[h]: 1 for h in spaces[hand] if h in stand_in}
            else:           # with cards left to draw a draw never hurts: the drawn card pays a 자갈밭 as well
                values[key] = _best(options, value)[0]
        return values[key]

    best, first = _best(options, value)
    return {h: (best[s], first[s]) for h, s in stand_in.items()}


def _planning(state) -> bool:
    return state.phase == PLAY and not state.todo and state.current_player() == state.turn


def _reach(state, pawn, hand: dict, chains: dict) -> dict:
    """reachable() with `hand` in place of the hand of the player on turn. chains: the chains of a card
    already worked out for this position, by pawns moving and 말 통과 (filled in here)."""
    plans = {}
    for s, movers, counted, first in _searches(state, pawn):
        kit = _Kit(s, hand)
        parent = _positions(s, movers, kit, chains.setdefault((movers, s.pass_occupied), {}), counted)
        for h, node in _spaces(s, parent, movers, counted):      # the first position found at a space gives its plan
            if h not in plans:
                plans[h] = first + _plan(parent, node)
    return plans


def _searches(state, pawn) -> list:
    """(position, pawns that move, pawns whose spaces count, actions first) of every search a plan
    needs: one over every pawn of the player on turn still on the map (in a 2-player game the other
    pawn may step aside or break a blockade first: the player picks the pawn card by card), and with
    a 말 통과 token held, the same again once the token is used."""
    pawns = state.pawns[state.turn]
    movers = tuple(i for i, h in enumerate(pawns) if h != ELDORADO)
    counted = movers if pawn is None else tuple(i for i in movers if i == pawn)
    if not counted:
        return []
    out = [(state, movers, counted, [])]
    if state.held[state.turn].get("pass_occupied") and not state.pass_occupied:
        use = UseToken("pass_occupied")
        out += [(s, m, c, [use] + first) for s, m, c, first in _searches(state.apply(use), pawn)]
    return out


def _spaces(state, parent, movers, counted):
    """(space, position) for every position of the search and every counted pawn that stands away
    from its own start there, in the order the positions were met."""
    starts = state.pawns[state.turn]
    if len(movers) == 1:
        start = starts[movers[0]]
        return ((node[0], node) for node in parent if node[0] != start)
    return ((node[0][i], node) for node in parent for i in counted if node[0][i] != starts[i])


def _spaces_after_drawing(state, pawn, root: tuple, chains: dict, options_at) -> dict:
    """{hand: frozenset of the spaces it reaches} for every hand the draws from `root` can end with
    (options_at(node): the _draw_options() of a node).

    Such a hand is what it kept of the hand held at the start plus cards drawn. Hands that kept the
    same cards differ only in what they drew: one search serves them all, with the cards that might
    be drawn stacked above the cards kept as extra copies. A position there records which of those
    copies it used, and a hand reaches a space when a position at it used only cards that hand drew
    (the copies kept are always used first, so "which" is "how many of each kind")."""
    leaves, todo, seen = set(), [root], {root}
    while todo:
        node = todo.pop()
        options = options_at(node)
        if not options:
            leaves.add(node)
        for _, _, outcomes in options:
            for _, nxt in outcomes:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
    held = dict(root[0])
    groups = {}         # the cards kept of the hand held at the start -> [(hand, the other cards: drawn)]
    for hand, _, _, _ in leaves:
        base = {c: min(n, held.get(c, 0)) for c, n in hand}
        drawn = {c: n - base[c] for c, n in hand if n > base[c]}
        groups.setdefault(ms.frozen(base), []).append((hand, drawn))
    out = {}
    for base, hands in groups.items():
        most = {}
        for _, drawn in hands:
            for c, n in drawn.items():
                most[c] = max(most.get(c, 0), n)
        reached = {hand: set() for hand, _ in hands}
        for s, movers, counted, _ in _searches(state, pawn):
            kit = _Kit(s, dict(base), most)
            masks = [(hand, kit.drawn_bits(drawn)) for hand, drawn in hands]
            can_use = set()
            for _, m in masks:
                can_use.update(kit.below(m))
            parent = _positions(s, movers, kit, chains.setdefault((movers, s.pass_occupied), {}), counted, can_use)
            used_at = {}
            for h, node in _spaces(s, parent, movers, counted):
                used_at.setdefault(h, set()).add(~node[1] & kit.drawn)
            for h, used in used_at.items():
                fewest = []             # the sets of drawn copies used there that hold no other one
                for u in sorted(used, key=int.bit_count):
                    if all(f & ~u for f in fewest):
                        fewest.append(u)
                for hand, m in masks:
                    if any(f & ~m == 0 for f in fewest):
                        reached[hand].add(h)
        out.update((hand, frozenset(r)) for hand, r in reached.items())
    return out


def _draw_options(hand: tuple, tokens: int, deck: tuple, discard: tuple) -> list:
    """[(draw effect, *_outcomes())] for every draw effect one could use now; none when nothing is
    left to draw (a draw card is then worth more as a card to pay a 자갈밭 with)."""
    if not deck and not discard:
        return []
    cards = dict(hand)
    out = []
    for c in sorted(cards):
        if c in DRAWS:
            left = dict(cards)
            ms.remove(left, c)
            out.append((c, *_outcomes(left, tokens, dict(deck), dict(discard), DRAWS[c][0])))
    if tokens:
        out.append((DRAW_TOKEN, *_outcomes(cards, tokens - 1, dict(deck), dict(discard), 1)))
    return out


def _outcomes(hand: dict, tokens: int, deck: dict, discard: dict, k: int) -> tuple:
    """(total, [(weight, node)]) after drawing k cards, a node coming with the chance weight / total:
    from the deck, and when it runs out, from the discard pile shuffled into a new deck (as many as
    there are, READINGS["empty_draw"])."""
    drawn = {}
    if k > ms.size(deck):            # the whole deck comes, then the reshuffled discard pile
        drawn, k = dict(deck), min(k - ms.size(deck), ms.size(discard))
        deck, discard = discard, {}
    out = []
    total = comb(ms.size(deck), k)
    for combo in ms.sub_multisets(deck, k):
        weight = 1
        new_hand, new_deck = dict(hand), dict(deck)
        for c, n in combo:
            weight *= comb(deck[c], n)
            ms.add(new_hand, c, n)
            ms.remove(new_deck, c, n)
        for c, n in drawn.items():
            ms.add(new_hand, c, n)
        out.append((weight, (ms.frozen(new_hand), tokens, ms.frozen(new_deck), ms.frozen(discard))))
    return total, out


def _best(options, value) -> tuple:
    """({hex: best chance over the options}, {hex: the option that gives it (the first in order)})."""
    best, first = {}, {}
    for effect, total, outcomes in options:
        weights = {}        # summed with whole-number weights (mostly times a chance of 1): one division at the end
        for weight, node in outcomes:
            for h, v in value(*node).items():
                weights[h] = weights.get(h, 0) + (weight if v == 1 else weight * v)
        for h, w in weights.items():
            v = Fraction(w, total)
            if v > best.get(h, 0):
                best[h], first[h] = v, effect
    return best, first


def _positions(state, movers: tuple, kit, chains: dict, counted: tuple, can_use=None) -> dict:
    """{position: (position before, actions)} of every position the search meets, in the order met.
    movers: the pawns that may move (one, or the two of a 2-player game: see _joint_positions);
    counted: those whose spaces are asked for. can_use: the sets of drawn copies (kit.drawn bits) a
    position may have used."""
    if len(movers) > 1:
        return _joint_positions(state, kit, chains, counted, can_use)
    pawn = movers[0]
    b = state.board
    start = state.pawns[state.turn][pawn]
    occupied = frozenset(state.pawn_hexes()) - {start}
    ctx = (b, state.blockades, pawn, occupied, state.pass_occupied, chains)
    closed0 = sum(1 << i for i, x in enumerate(state.blockades) if x is not None)
    root = (start, kit.full, closed0, state.recolor)
    parent = {root: None}
    seen = {}          # (hex, blockades still closed, recolor) -> {drawn copies held: [masks of what is left]}
    buckets = {}       # how many cards and tokens are left -> positions to expand

    def reach(node, came_from, actions):
        if node in parent or can_use is not None and ~node[1] & kit.drawn not in can_use:
            return
        parent[node] = (came_from, actions)
        if node[0] not in b.finish:
            buckets.setdefault(node[1].bit_count(), []).append(node)

    a = state.active
    if a and a[3] == pawn:      # go on with the card already in play
        for h, closed, steps in _chain(ctx, start, closed0, a[1], a[2]):
            reach((h, root[1], closed, root[3]), root, ("", steps))
    buckets.setdefault(root[1].bit_count(), []).insert(0, root)
    drawn, finish = kit.drawn, b.finish
    while buckets:          # most left first, so that the stronger positions are met first
        for node in buckets.pop(max(buckets)):
            if _dominated(kit, seen, node):
                continue
            for left, moves in _expand(ctx, kit, node):
                if can_use is not None and ~left & drawn not in can_use:
                    continue
                for h, closed, recolor, actions in moves:       # reach(), inlined: the search's inner loop
                    nxt = (h, left, closed, recolor)
                    if nxt not in parent:
                        parent[nxt] = (node, actions)
                        if h not in finish:
                            buckets.setdefault(left.bit_count(), []).append(nxt)
    return parent


def _joint_positions(state, kit, chains: dict, counted: tuple, can_use=None) -> dict:
    """_positions() for the two pawns of a 2-player game, moved card by card in any order (L268-L270:
    the player picks the pawn for each card): a position holds both pawns' spaces, (space of pawn 0,
    space of pawn 1). One pawn may step aside, or break a blockade, before the other goes on, so the
    spaces of one pawn depend on where the other stands: a card's chains are worked out for each space
    of the other pawn (kept in `chains` under (pawn, that space)). A pawn on a finish space has gone
    into El Dorado: it moves no more and leaves its space free."""
    b = state.board
    finish = b.finish
    starts = tuple(state.pawns[state.turn])
    fixed = frozenset(state.pawn_hexes()) - set(starts)      # the other players' pawns
    passing = state.pass_occupied
    ctxs = {}

    def ctx_of(i, other):
        """The search context of pawn i while the other stands on `other` (None: in El Dorado, or out
        of the way under 말 통과). With the other in the way, the context also holds the one without
        it and that space: a card's moves are shared with it (_card_moves)."""
        key = (i, None if passing or other in finish else other)
        ctx = ctxs.get(key)
        if ctx is None:
            if key[1] is None:
                ctx = (b, state.blockades, i, fixed, passing, chains.setdefault(key, {}))
            else:
                ctx = (b, state.blockades, i, fixed | {other}, passing, chains.setdefault(key, {}), ctx_of(i, None),
                       other)
            ctxs[key] = ctx
        return ctx

    def open_for(hexes) -> bool:
        """Whether a position is worth expanding: a counted pawn is still on the map."""
        return any(hexes[i] not in finish for i in counted)

    closed0 = sum(1 << i for i, x in enumerate(state.blockades) if x is not None)
    root = (starts, kit.full, closed0, state.recolor)
    parent = {root: None}
    seen = {}
    buckets = {root[1].bit_count(): [root]}
    a = state.active
    if a:                       # go on with the card already in play, for the pawn it was played for
        i = a[3]
        for h, closed, steps in _chain(ctx_of(i, starts[1 - i]), starts[i], closed0, a[1], a[2]):
            hexes = (h, starts[1]) if i == 0 else (starts[0], h)
            node = (hexes, root[1], closed, root[3])
            if node not in parent:
                parent[node] = (root, ("", steps))
                if open_for(hexes):
                    buckets[root[1].bit_count()].append(node)
    drawn = kit.drawn
    while buckets:          # most left first, so that the stronger positions are met first
        for node in buckets.pop(max(buckets)):
            if _dominated(kit, seen, node):
                continue
            hexes, mask, closed0, recolor0 = node
            for i in (0, 1):
                here, other = hexes[i], hexes[1 - i]
                if here in finish:
                    continue
                for left, moves in _expand(ctx_of(i, other), kit, (here, mask, closed0, recolor0)):
                    if can_use is not None and ~left & drawn not in can_use:
                        continue
                    for h, closed, recolor, actions in moves:
                        nxt = ((h, other) if i == 0 else (other, h), left, closed, recolor)
                        if nxt not in parent:
                            parent[nxt] = (node, actions)
                            if open_for(nxt[0]):
                                buckets.setdefault(left.bit_count(), []).append(nxt)
    return parent


class _Kit:
    """The cards and tokens of the search as bits of a mask; copies of one kind are always used
    lowest bit first, so that equal leftovers have equal masks."""

    def __init__(self, state, hand, drawn=None):
        """drawn: {card: copies} that might be drawn, as copies above those in hand (see
        _spaces_after_drawing); their bits make up `self.drawn`."""
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


def _dominated(kit, seen, node) -> bool:
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


def _plan(parent, node) -> list:
    out = []
    while parent[node] is not None:
        node, actions = parent[node]
        if isinstance(actions, tuple):      # a card's chain: (payment of its first step, steps)
            pay, steps = actions
            actions = [replace(steps[0], pay=pay)] + list(steps[1:])
        out[:0] = actions
    return out


def _open_neighbours(ctx, h, closed) -> list:
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


def _closed_seams(ctx, h, closed) -> list:
    """The closed blockades the pawn may pay from h: as in the engine, only across to a space it could
    enter (kept like _open_neighbours)."""
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


def _chain(ctx, h0, closed0, symbol, power):
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
            for n in _open_neighbours(ctx, h, closed):
                if C.SYMBOL_OF.get(b.terrain[n]) == symbol and b.req[n] <= left:
                    steps.append(((n, closed), left - b.req[n], Move(pawn, n, "")))
            for seam in _closed_seams(ctx, h, closed):
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


def _card_moves(ctx, h, closed, recolor, c) -> list:
    """[(hex, blockades still closed, 기호 바꾸기 pending, actions)] card (or token) c reaches from h,
    whatever else is left: worked out once per space (in the chains memo, under a 5-tuple key)."""
    memo = ctx[5]
    key = ("card", h, closed, recolor, c)
    out = memo.get(key)
    if out is None and len(ctx) > 6:
        # The other own pawn in the way (see _joint_positions): the card goes exactly as far as with no
        # pawn there, unless it would have stepped onto that space.
        out = _card_moves(ctx[6], h, closed, recolor, c)
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
                           for h2, closed2, steps in _chain(ctx, h, closed, symbol, power)]
    return out


def _expand(ctx, kit, node):
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
            yield left, _card_moves(ctx, h, closed, recolor, c)
    for n in _open_neighbours(ctx, h, closed):
        if b.terrain[n] in ("rubble", "basecamp"):
            for pay, left in kit.payments(mask, b.req[n]):
                yield left, [(n, closed, recolor, [_step(Move, pawn, n, pay)])]
        for native, left in natives:
            yield left, [(n, closed, recolor, [_step(Move, pawn, n, native)])]
    for seam in _closed_seams(ctx, h, closed):
        terrain, req = C.BLOCKADES[numbers[seam]]
        opened = closed & ~(1 << seam)
        if terrain not in C.SYMBOL_OF:
            for pay, left in kit.payments(mask, req):
                yield left, [(h, opened, recolor, [_step(Break, pawn, seam, pay)])]
        for native, left in natives:
            yield left, [(h, opened, recolor, [_step(Break, pawn, seam, native)])]
