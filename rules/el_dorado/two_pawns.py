"""The two pawns of a 2-player game in the movement planner (rules/el_dorado/planner.py): the player
picks the pawn card by card (L268-L270), so one pawn may step aside, or break a blockade, before the
other goes on.

Searching both pawns together (joint_positions) is exact but slow: a position holds both spaces, and
the other pawn wanders everywhere. So the spaces of one pawn are first searched with the other one's
help bounded from above (helped_positions): the positions where the other pawn has not moved give
real plans, and the others, where it stands in nobody's way and breaks blockades from afar, give
every space any plan could reach. A space only the second kind reaches (most often the other pawn's
own space) gets a plan where the other pawn steps aside first if the engine accepts one; the rest
are left to the joint search.
"""
from rules.core import IllegalAction
from rules.el_dorado import components as C
from rules.el_dorado.actions import Move
from rules.el_dorado.search import chain, dominated, expand, plan, played
from rules.el_dorado.state import ELDORADO


def plans(state, kit, chains: dict, counted: tuple) -> dict:
    """{space: plan} for every space a counted pawn reaches (the first pawn's plan kept when both do):
    for each pawn, the real part of helped_positions(); for a space in doubt, a plan where the other
    pawn steps aside first if the relaxed part shows one that the engine accepts (_aside), else the
    joint search (also for every space while the other pawn has a card in play)."""
    starts = state.pawns[state.turn]
    out = {}
    for i in counted:
        wanted = None
        if not (state.active and state.active[3] != i):
            parent, doubt = helped_positions(state, i, kit, chains)
            for node in parent:         # the first position found at a space gives its plan
                if node[3] < MOVED and node[0] != starts[i] and node[0] not in out:
                    out[node[0]] = plan(parent, node)
            wanted = doubt - set(out)
            tries = dict.fromkeys(wanted, 2)        # a few relaxed plans a space: most spaces in doubt take the first
            for node in parent:
                if node[0] in wanted and tries[node[0]]:
                    tries[node[0]] -= 1
                    found = _aside(state, i, parent, node, kit, chains)
                    if found is not None:
                        out[node[0]] = found
                        wanted.discard(node[0])
            if not wanted:
                continue
        parent = joint_positions(state, kit, chains, (i,), wanted=None if wanted is None else set(wanted))
        for node in parent:
            h = node[0][i]
            if h != starts[i] and h not in out and (wanted is None or h in wanted):
                out[h] = plan(parent, node)
    return out


def _aside(state, pawn: int, parent: dict, node, kit, chains: dict):
    """A plan to node's space from a relaxed plan of helped_positions() in which the other pawn makes
    one play that breaks nothing: the same, with that play a real one (card or token) of the other
    pawn onto a space this pawn's later steps leave alone, if the engine accepts it; else None."""
    path = []
    while parent[node] is not None:
        before, actions = parent[node]
        path.append((before, node, actions))
        node = before
    path.reverse()
    helper = [k for k, (_, _, actions) in enumerate(path) if actions is None]
    if len(helper) != 1:
        return None
    k = helper[0]
    before, after, _ = path[k]
    if before[2] != after[2]:
        return None
    first = [a for _, _, actions in path[:k] for a in played(actions)]
    then = [a for _, _, actions in path[k + 1:] for a in played(actions)]
    route = {a.to for a in then if isinstance(a, Move)}
    b = state.board
    starts = state.pawns[state.turn]
    other = 1 - pawn
    fixed = frozenset(state.pawn_hexes()) - set(starts)
    ctx = (b, state.blockades, other, fixed | {before[0]}, state.pass_occupied,
           chains.setdefault(("aside", other, before[0]), {}))
    for left, moves in expand(ctx, kit, (starts[other], before[1], before[2], before[3] & RECOLOR)):
        if left != after[1]:
            continue
        for h, closed, _, actions in moves:
            if closed != before[2] or h in route:
                continue
            out = first + played(actions) + then
            s = state
            try:
                for a in out:
                    s = s.apply(a)
            except IllegalAction:
                continue
            here = s.pawns[s.turn][pawn]
            if here == path[-1][1][0] or here == ELDORADO and path[-1][1][0] in b.finish:
                return out
    return None


def joint_positions(state, kit, chains: dict, counted: tuple, can_use=None, wanted=None) -> dict:
    """planner._positions() for the two pawns of a 2-player game, moved card by card in any order (L268-L270:
    the player picks the pawn for each card): a position holds both pawns' spaces, (space of pawn 0,
    space of pawn 1). One pawn may step aside, or break a blockade, before the other goes on, so the
    spaces of one pawn depend on where the other stands: a card's chains are worked out for each space
    of the other pawn (kept in `chains` under (pawn, that space)). A pawn on a finish space has gone
    into El Dorado: it moves no more and leaves its space free. wanted: stop once a counted pawn has
    reached each of these spaces."""
    b = state.board
    finish = b.finish
    starts = tuple(state.pawns[state.turn])
    fixed = frozenset(state.pawn_hexes()) - set(starts)      # the other players' pawns
    passing = state.pass_occupied
    ctxs = {}

    def ctx_of(i, other):
        """The search context of pawn i while the other stands on `other` (None: in El Dorado, or out
        of the way under 말 통과). With the other in the way, the context also holds the one without
        it and that space: a card's moves are shared with it (card_moves)."""
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
        for h, closed, steps in chain(ctx_of(i, starts[1 - i]), starts[i], closed0, a[1], a[2]):
            hexes = (h, starts[1]) if i == 0 else (starts[0], h)
            node = (hexes, root[1], closed, root[3])
            if node not in parent:
                parent[node] = (root, ("", steps))
                if open_for(hexes):
                    buckets[root[1].bit_count()].append(node)
    drawn = kit.drawn
    while buckets:          # most left first, so that the stronger positions are met first
        for node in buckets.pop(max(buckets)):
            if dominated(kit, seen, node):
                continue
            hexes, mask, closed0, recolor0 = node
            for i in (0, 1):
                here, other = hexes[i], hexes[1 - i]
                if here in finish:
                    continue
                for left, moves in expand(ctx_of(i, other), kit, (here, mask, closed0, recolor0)):
                    if can_use is not None and ~left & drawn not in can_use:
                        continue
                    for h, closed, recolor, actions in moves:
                        nxt = ((h, other) if i == 0 else (other, h), left, closed, recolor)
                        if nxt not in parent:
                            parent[nxt] = (node, actions)
                            if open_for(nxt[0]):
                                buckets.setdefault(left.bit_count(), []).append(nxt)
                            if wanted is not None and i in counted:
                                wanted.discard(h)
                                if not wanted:
                                    return parent
    return parent


# The last field of a position of helped_positions(): 기호 바꾸기 pending; whether the other pawn has
# played (the relaxed part), whether its last plays broke a blockade or freed its space (this pawn
# goes through next); where it stands as far as the search knows (ANCHOR: 0 its space, 1 + b next to
# blockade b) and how many steps from there its plays since could have taken it (STEPS).
RECOLOR, FRESH, MOVED, ANCHOR, STEPS = 1, 4, 8, 16, 256


def helped_positions(state, pawn: int, kit, chains: dict) -> tuple:
    """({position: (position before, actions)}, spaces in doubt) of a search of `pawn`, in two parts.

    The real part: the other pawn of the player stays on its space. Its positions are (space, cards
    left, blockades still closed, 기호 바꾸기 pending) and give real plans.
    The relaxed part reaches every space any plan reaches: there the other pawn has played, stands
    in nobody's way and uses up no pending 기호 바꾸기. Its play takes a card or token that could take
    it off its space (once off, any), going as many steps as the card's power (1 for a 원주민 or a
    card paying a 자갈밭), or breaks blockades as that card's symbol and power would (a 원주민 any one,
    cards as a rubble blockade asks) once it may stand next to them: steps counted over enterable
    spaces from its space or the last blockade it broke, whatever their terrain. Its plays depend on
    nothing of this pawn's, so they can always be put off until just before the play of this pawn
    that goes onto its space or through a blockade they broke: they are made only where such a play
    can start (within one play's reach), all in a row, and the next play of this pawn must go there.
    Spaces in doubt: those the relaxed part reaches and the real part does not.

    Not for a position where the other pawn has a card in play (its steps then cost no card)."""
    b = state.board
    finish = b.finish
    numbers = state.blockades
    starts = state.pawns[state.turn]
    mate = starts[1 - pawn]
    passing = state.pass_occupied
    fixed = frozenset(state.pawn_hexes()) - set(starts)
    free = (b, numbers, pawn, fixed, passing, chains.setdefault((pawn, None), {}))
    held = free if passing else (b, numbers, pawn, fixed | {mate}, passing, chains.setdefault((pawn, mate), {}),
                                 free, mate)
    reach = max(_steps_of(c) for c, _ in kit.kinds) if kit.kinds else 0
    sides = {}          # blockade -> the spaces a pawn may break it from
    for (h, n), seam in b.seam_of.items():
        if n in b.open:
            sides.setdefault(seam, set()).add(h)
    away = [_steps_between(b, [mate], sides)] + [_steps_between(b, sides.get(i, ()), sides) for i in range(len(numbers))]
    most = max([1] + [d for row in away for d in row.values()])
    frees = not passing and mate in b.open        # a start space is entered by no pawn: freeing it opens nothing
    to_mate = _steps_to(b, [mate]) if frees else {}
    to_seam = {seam: _steps_to(b, hexes) for seam, hexes in sides.items() if seam in away[0]}
    near = {}           # (space, blockades still closed) -> (blockades worth breaking there, freeing worth it)
    leaving = {}        # (blockades still closed, 기호 바꾸기 pending) -> _leaving()
    plays = {}          # the other pawn's plays do not depend on this pawn's space: found once for all spaces

    closed0 = sum(1 << i for i, x in enumerate(numbers) if x is not None)
    start = starts[pawn]
    root = (start, kit.full, closed0, int(state.recolor))
    parent = {root: None}
    seen = {}
    buckets = {kit.full.bit_count(): [root]}
    a = state.active
    if a and a[3] == pawn:      # go on with the card already in play
        for h, closed, steps in chain(held, start, closed0, a[1], a[2]):
            node = (h, kit.full, closed, root[3])
            if node not in parent:
                parent[node] = (root, ("", steps))
                if h not in finish:
                    buckets[kit.full.bit_count()].append(node)
    while buckets:          # most left first, so that the stronger positions are met first
        for node in buckets.pop(max(buckets)):
            if dominated(kit, seen, node) if node[3] < MOVED else _outdone(kit, seen, node):
                continue
            h, mask, closed, flags = node
            helper = flags & ~(RECOLOR | FRESH)         # what the search knows of the other pawn
            for left, moves in expand(free if helper else held, kit, (h, mask, closed, flags & RECOLOR)):
                for h2, closed2, recolor, actions in moves:
                    if flags & FRESH and not _goes_through(b, h, actions, mate, closed0):
                        continue
                    nxt = (h2, left, closed2, recolor | helper)
                    if nxt not in parent:
                        parent[nxt] = (node, actions)
                        if h2 not in finish:
                            buckets.setdefault(left.bit_count(), []).append(nxt)
            worth = near.get((h, closed))
            if worth is None:
                worth = near[h, closed] = (tuple(s for s, d in to_seam.items() if closed >> s & 1 and d.get(h, reach) < reach),
                                           to_mate.get(h, reach + 1) <= reach)
            seams, frees_here = worth
            if seams or frees_here and not helper:
                key = (mask, closed, flags & ~FRESH, seams, frees_here)
                batches = plays.get(key)
                if batches is None:
                    leaves = None
                    if not helper:
                        leaves = leaving.get((closed, flags & RECOLOR))
                        if leaves is None:
                            leaves = leaving[closed, flags & RECOLOR] = _leaving(b, mate, fixed, passing, closed,
                                                                                  flags & RECOLOR, kit)
                    batches = plays[key] = _batches(kit, numbers, seams, frees_here, mask, closed, flags & RECOLOR,
                                                    helper, leaves, away, most)
                for left, closed2, after in batches:
                    nxt = (h, left, closed2, flags & RECOLOR | FRESH | after)
                    if nxt not in parent:
                        parent[nxt] = (node, None)
                        buckets.setdefault(left.bit_count(), []).append(nxt)
    real = {node[0] for node in parent if node[3] < MOVED}
    return parent, {node[0] for node in parent if node[3] >= MOVED} - real


def _outdone(kit, seen: dict, node) -> bool:
    """dominated() for the relaxed part of helped_positions(): a position is also outdone by one whose
    other pawn could have gone more steps from the same place (and is kept otherwise)."""
    h, mask, closed, flags = node
    levels = seen.setdefault((h, closed, flags % STEPS), {})
    steps = flags // STEPS
    for more, masks in levels.items():
        if more >= steps:
            for other in masks:
                if kit.covers(other, mask):
                    return True
    levels.setdefault(steps, []).append(mask)
    return False


def _goes_through(b, h, actions, mate: str, closed0: int) -> bool:
    """Whether a play from h steps onto `mate` or across a blockade that was closed at the start."""
    for step in actions[1] if isinstance(actions, tuple) else actions:
        if isinstance(step, Move):
            seam = b.seam_of.get((h, step.to))
            if step.to == mate or seam is not None and closed0 >> seam & 1:
                return True
            h = step.to
    return False


def _steps_of(c: str) -> int:
    """The most steps one play of card or token c can take (each step costs at least 1): its power,
    or the single step of a 원주민 or of a card paying a 자갈밭 (none for a token without power)."""
    if c.startswith("tok:"):
        tp = C.TOKEN_POWER.get(c[4:])
        return tp[1] if tp else int(c == "tok:native")
    return C.POWER[c] or 1


def _steps_to(b, targets) -> dict:
    """{space: fewest steps from it onto enterable spaces to one of targets} (pawns and blockades
    ignored: a lower bound)."""
    dist = dict.fromkeys(targets, 0)
    todo = list(targets)
    for y in todo:
        if y in b.open:             # a step goes onto y
            for z in b.neighbours[y]:
                if z not in dist:
                    dist[z] = dist[y] + 1
                    todo.append(z)
    return dist


def _steps_between(b, sources, sides: dict) -> dict:
    """{blockade: fewest steps onto enterable spaces from one of sources to a space it may be broken
    from} (pawns and blockades ignored: a lower bound)."""
    dist = dict.fromkeys(sources, 0)
    todo = list(sources)
    for y in todo:
        for z in b.neighbours[y]:
            if z in b.open and z not in dist:
                dist[z] = dist[y] + 1
                todo.append(z)
    out = {}
    for seam, hexes in sides.items():
        steps = [dist[h] for h in hexes if h in dist]
        if steps:
            out[seam] = min(steps)
    return out


def _batches(kit, numbers, seams: tuple, frees: bool, mask: int, closed: int, recolor, helper: int, leaves,
              away: list, most: int) -> list:
    """(cards left, blockades still closed, what the search knows of the other pawn after) for every
    run of plays of the other pawn that ends by breaking some of `seams`, or by freeing its space (if
    `frees` and it has not moved): plays on its way first, then the one that does it (see
    _helper_plays)."""
    out = []
    todo = [(mask, helper)]
    kept = {}           # steps gone -> cards left: a run is dropped when one with more steps kept better cards
    while todo:
        was, known = todo.pop()
        for left, closed2, after, halfway in _helper_plays(kit, numbers, seams, frees and not known, was, closed,
                                                           recolor, known, leaves if not known else None, away, most):
            if not halfway:
                out.append((left, closed2, after))
            elif not any(steps >= after and kit.covers(other, left) for steps, masks in kept.items() for other in masks):
                kept.setdefault(after, []).append(left)
                todo.append((left, after))
    return out


def _helper_plays(kit, numbers, seams: tuple, frees: bool, mask: int, closed: int, recolor, helper: int, leaves,
                  away: list, most: int):
    """(cards left, blockades still closed, what the search knows of the other pawn after, halfway)
    for one more play of the other pawn in the relaxed search: a card or token to go on its way (to
    step aside, or halfway towards one of `seams`), or one that breaks some of `seams` as a card of
    its symbol and power would after the steps it still needs, a 원주민, or the cards a rubble blockade
    asks for. helper: the flags of the other pawn (0: still on its space); leaves: then the kinds of
    card and token that can take it off; away[anchor]: {blockade: steps to it}; most: steps worth
    counting."""
    at = helper // ANCHOR % (STEPS // ANCHOR)
    have = helper // STEPS
    ahead = away[at]
    ready = [s for s in seams if s in ahead]
    going = any(ahead[s] > have for s in ready)
    for c, bit in kit.available(mask):
        left = mask & ~bit
        steps = _steps_of(c) if leaves is None or c in leaves else 0
        if steps and (frees or going):
            yield left, closed, MOVED | at * ANCHOR | min(have + steps, most) * STEPS, not frees
        if c in ("native", "tok:native"):
            for s in ready:
                if ahead[s] <= have:
                    yield left, closed & ~(1 << s), MOVED | (1 + s) * ANCHOR, False
            continue
        if c.startswith("tok:"):
            options = [C.TOKEN_POWER[c[4:]]] if c[4:] in C.TOKEN_POWER else []
        else:
            power = C.POWER[c]
            options = [(symbol, power) for symbol in (C.SYMBOLS if recolor else C.symbols(c))] if power else []
        for symbol, power in options:       # one card may break several blockades of its symbol, going on between them
            todo = [(closed, at, have, power)]
            while todo:
                was, here, had, power_left = todo.pop()
                for s in ready:
                    terrain, req = C.BLOCKADES[numbers[s]]
                    walk = max(0, away[here][s] - had) if s in away[here] else power_left + 1
                    if (was >> s & 1 and C.SYMBOL_OF.get(terrain) == symbol and walk + req <= power_left
                            and (steps or not walk)):
                        now = was & ~(1 << s)
                        rest = power_left - walk - req
                        yield left, now, MOVED | (1 + s) * ANCHOR | min(rest, most) * STEPS, False
                        todo.append((now, 1 + s, 0, rest))
    for s in ready:
        terrain, req = C.BLOCKADES[numbers[s]]
        if terrain not in C.SYMBOL_OF and ahead[s] <= have:
            for _, left in kit.payments(mask, req):
                yield left, closed & ~(1 << s), MOVED | (1 + s) * ANCHOR, False


def _leaving(b, mate: str, occupied, passing: bool, closed: int, recolor, kit) -> frozenset:
    """The kinds of card and token that can take the pawn on `mate` one step off it (this pawn's own
    space ignored)."""
    exits = []
    for n in b.neighbours[mate]:
        seam = b.seam_of.get((mate, n))
        if n in b.open and not (seam is not None and closed >> seam & 1) and (passing or n not in occupied):
            exits.append((C.SYMBOL_OF.get(b.terrain[n]), b.req[n]))     # no symbol: 자갈밭 or 베이스캠프
    out = set()
    for c, _ in kit.kinds:
        if c in ("native", "tok:native"):
            ok = bool(exits)
        elif c.startswith("tok:"):
            tp = C.TOKEN_POWER.get(c[4:])
            ok = tp is not None and any(symbol == tp[0] and req <= tp[1] for symbol, req in exits)
        else:       # a card pays a 자갈밭 or 베이스캠프 (no symbol) as one of the cards it asks for
            symbols = C.SYMBOLS if recolor else C.symbols(c)
            ok = any(symbol is None or symbol in symbols and req <= (C.POWER[c] or 0) for symbol, req in exits)
        if ok:
            out.add(c)
    return frozenset(out)
