"""The two pawns of a 2-player game in the movement planner (rules/el_dorado/planner.py): the player
picks the pawn card by card (L268-L270), so one pawn may step aside, or break a blockade, before the
other goes on.

Searching both pawns together (joint_positions) is exact but slow: a position holds both spaces, and
the other pawn wanders everywhere. So the spaces of one pawn are first searched with the other one's
help bounded from above (helped_positions): the positions where the other pawn has not moved give
real plans, and the others, where it stands nowhere and breaks blockades from afar, give every space
any plan could reach. Only the spaces the second kind reaches and the first does not (usually none)
are left to the joint search.
"""
from rules.el_dorado import components as C
from rules.el_dorado.actions import Move
from rules.el_dorado.search import chain, dominated, expand


def spaces(state, kit, chains: dict, counted: tuple) -> list:
    """(space, positions of a search, position there) for every space a counted pawn reaches, the
    first position found at it giving its plan: for each pawn, the real part of helped_positions(),
    then the joint search for the spaces in doubt (or for all, while the other pawn has a card in play)."""
    starts = state.pawns[state.turn]
    out = []
    for i in counted:
        wanted = None
        if not (state.active and state.active[3] != i):
            parent, wanted = helped_positions(state, i, kit, chains)
            out += [(node[0], parent, node) for node in parent if node[3] < PLAY and node[0] != starts[i]]
            if not wanted:
                continue
        parent = joint_positions(state, kit, chains, (i,), wanted=None if wanted is None else set(wanted))
        out += [(node[0][i], parent, node) for node in parent
                if node[0][i] != starts[i] and (wanted is None or node[0][i] in wanted)]
    return out


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


# The last field of a position of helped_positions(): 기호 바꾸기 pending, and of the other pawn's
# plays in the relaxed part whether it is halfway to a blockade (it breaks it next), whether the last
# one broke a blockade or freed its space (this pawn goes through next), and how many it made.
RECOLOR, HALFWAY, FRESH, PLAY = 1, 2, 4, 8


def helped_positions(state, pawn: int, kit, chains: dict) -> tuple:
    """({position: (position before, actions)}, spaces in doubt) of a search of `pawn`, in two parts.

    The real part: the other pawn of the player stays on its space. Its positions are (space, cards
    left, blockades still closed, 기호 바꾸기 pending) and give real plans.
    The relaxed part reaches every space any plan reaches: there the other pawn has played, stands
    in nobody's way and uses up no pending 기호 바꾸기. Its play takes any card or token (to step
    aside, or towards a blockade), or breaks blockades as that card's symbol and power would (a 원주민
    any one, cards as a rubble blockade asks), whatever space it stands on, once it has made as many
    plays as it needs to stand next to the blockade (_plays_to_break). Its plays depend on nothing of
    this pawn's, so they can always be put off until just before the play of this pawn that goes onto
    its space or through a blockade they broke: they are made only where such a play can start (within
    one play's reach), all in a row, and the next play of this pawn must go there.
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
    reach = _longest_play(kit)
    need, beside = _plays_to_break(b, mate, reach)
    most = max(need.values(), default=1)
    frees = not passing and mate in b.open        # a start space is entered by no pawn: freeing it opens nothing
    to_mate = _steps_to(b, [mate]) if frees else {}
    to_seam = {}
    for (h, n), seam in b.seam_of.items():
        if n in b.open and seam in need:
            to_seam.setdefault(seam, []).append(h)
    to_seam = {seam: _steps_to(b, hexes) for seam, hexes in to_seam.items()}
    near = {}           # (space, blockades still closed) -> (blockades worth breaking there, freeing worth it)
    leaving = {}        # (blockades still closed, 기호 바꾸기 pending) -> _leaving()

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
            if dominated(kit, seen, node):
                continue
            h, mask, closed, flags = node
            plays = flags // PLAY
            if not flags & HALFWAY:
                for left, moves in expand(free if plays else held, kit, (h, mask, closed, flags & RECOLOR)):
                    for h2, closed2, recolor, actions in moves:
                        if flags & FRESH and not _goes_through(b, h, actions, mate, closed0):
                            continue
                        nxt = (h2, left, closed2, recolor | plays * PLAY)
                        if nxt not in parent:
                            parent[nxt] = (node, actions)
                            if h2 not in finish:
                                buckets.setdefault(left.bit_count(), []).append(nxt)
            worth = near.get((h, closed))
            if worth is None:
                worth = near[h, closed] = ({s: k for s, k in need.items()
                                            if closed >> s & 1 and to_seam[s].get(h, reach) < reach},
                                           to_mate.get(h, reach + 1) <= reach)
            seams, frees_here = worth
            if seams or frees_here and not plays:
                leaves = None
                if not plays:
                    leaves = leaving.get((closed, flags & RECOLOR))
                    if leaves is None:
                        leaves = leaving[closed, flags & RECOLOR] = _leaving(b, mate, fixed, passing, closed,
                                                                              flags & RECOLOR, kit)
                for left, closed2, after, halfway in _helper_plays(kit, numbers, seams, frees_here and not plays, mask,
                                                                   closed, flags & RECOLOR, plays, most, leaves, beside):
                    nxt = (h, left, closed2, flags & RECOLOR | (HALFWAY if halfway else FRESH) | after * PLAY)
                    if nxt not in parent:
                        parent[nxt] = (node, None)
                        buckets.setdefault(left.bit_count(), []).append(nxt)
    real = {node[0] for node in parent if node[3] < PLAY}
    return parent, {node[0] for node in parent if node[3] >= PLAY} - real


def _goes_through(b, h, actions, mate: str, closed0: int) -> bool:
    """Whether a play from h steps onto `mate` or across a blockade that was closed at the start."""
    for step in actions[1] if isinstance(actions, tuple) else actions:
        if isinstance(step, Move):
            seam = b.seam_of.get((h, step.to))
            if step.to == mate or seam is not None and closed0 >> seam & 1:
                return True
            h = step.to
    return False


def _longest_play(kit) -> int:
    """The most steps one play can take: a card's or token's power (each step costs at least 1), or
    the single step of a 원주민 or a payment."""
    most = 1
    for c, _ in kit.kinds:
        power = C.TOKEN_POWER[c[4:]][1] if c[4:] in C.TOKEN_POWER else C.POWER.get(c)
        most = max(most, power or 1)
    return most


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


def _plays_to_break(b, mate: str, reach: int) -> tuple:
    """({blockade: fewest plays the pawn on `mate` makes up to the one that breaks it (included)},
    the blockades it stands next to): it must first stand next to one, going at most `reach` steps a
    play."""
    dist = {mate: 0}
    todo = [mate]
    for y in todo:
        for z in b.neighbours[y]:
            if z in b.open and z not in dist:
                dist[z] = dist[y] + 1
                todo.append(z)
    need = {}
    for (h, n), seam in b.seam_of.items():
        if h in dist and n in b.open:
            need[seam] = min(need.get(seam, len(dist)), max(1, -(-dist[h] // reach)))
    return need, {seam for (h, n), seam in b.seam_of.items() if h == mate and n in b.open}


def _helper_plays(kit, numbers, seams: dict, frees: bool, mask: int, closed: int, recolor, plays: int, most: int,
                  leaves, beside):
    """(cards left, blockades still closed, plays made, halfway) after one more play of the other pawn
    in the relaxed search: a card or token to go on its way (to step aside, or towards a blockade it
    needs more plays to reach: halfway), or one that breaks some of `seams` ({blockade: plays it
    needs}) as a card of its symbol would, a 원주민, or the cards a rubble blockade asks for. leaves:
    the kinds of card and token that can take it off its space, while it has not moved (None after);
    beside: the blockades next to that space."""
    after = min(plays + 1, most)
    ready = [s for s, k in seams.items() if k <= after]
    going = any(k > after for k in seams.values())
    adjacent = [s for s in ready if s in beside]
    for c, bit in kit.available(mask):
        left = mask & ~bit
        usable = ready
        if leaves is None or c in leaves:
            if frees:
                yield left, closed, after, False
            elif going:
                yield left, closed, after, True
        else:               # not moving first, it breaks only a blockade next to it
            usable = adjacent
        if not usable:
            continue
        if c in ("native", "tok:native"):
            for s in usable:
                yield left, closed & ~(1 << s), after, False
            continue
        if c.startswith("tok:"):
            options = [C.TOKEN_POWER[c[4:]]] if c[4:] in C.TOKEN_POWER else []
        else:
            power = C.POWER[c]
            options = [(symbol, power) for symbol in (C.SYMBOLS if recolor else C.symbols(c))] if power else []
        for symbol, power in options:       # one card may break several blockades of its symbol
            todo = [(closed, power, 0)]
            while todo:
                was, left_power, first = todo.pop()
                for i in range(first, len(usable)):
                    terrain, req = C.BLOCKADES[numbers[usable[i]]]
                    if C.SYMBOL_OF.get(terrain) == symbol and req <= left_power:
                        now = was & ~(1 << usable[i])
                        yield left, now, after, False
                        todo.append((now, left_power - req, i + 1))
    for s in ready:
        terrain, req = C.BLOCKADES[numbers[s]]
        if terrain not in C.SYMBOL_OF:
            for _, left in kit.payments(mask, req):
                yield left, closed & ~(1 << s), after, False


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
