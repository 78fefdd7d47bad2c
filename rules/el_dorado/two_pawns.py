"""The two pawns of a 2-player game in the movement planner (rules/el_dorado/planner.py): the player
picks the pawn card by card (L268-L270), so one pawn may step aside, or break a blockade, before the
other goes on.
"""
from rules.el_dorado.search import chain, dominated, expand


def joint_positions(state, kit, chains: dict, counted: tuple, can_use=None) -> dict:
    """planner._positions() for the two pawns of a 2-player game, moved card by card in any order (L268-L270:
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
    return parent
