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
In a 2-player game the other pawn of the player may step aside or break a blockade before this one
goes on (rules/el_dorado/two_pawns.py): each pawn is searched with that help bounded from above, and
the few spaces only the bound reaches are settled by searching both pawns together.

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
from fractions import Fraction
from math import comb

from rules.core import multiset as ms
from rules.el_dorado import search as S
from rules.el_dorado.actions import UseToken
from rules.el_dorado import two_pawns
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
        kit = S.Kit(s, hand)
        memo = chains.setdefault((movers, s.pass_occupied), {})
        if len(movers) > 1:
            for h, plan in two_pawns.plans(s, kit, memo, counted).items():
                plans.setdefault(h, first + plan)
            continue
        parent = _positions(s, movers, kit, memo, counted)
        for h, node in _spaces(s, parent, movers, counted):      # the first position found at a space gives its plan
            if h not in plans:
                plans[h] = first + S.plan(parent, node)
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
            kit = S.Kit(s, dict(base), most)
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
    movers: the pawns that may move (one, or the two of a 2-player game: see two_pawns.joint_positions);
    counted: those whose spaces are asked for. can_use: the sets of drawn copies (kit.drawn bits) a
    position may have used."""
    if len(movers) > 1:
        return two_pawns.joint_positions(state, kit, chains, counted, can_use)
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
        for h, closed, steps in S.chain(ctx, start, closed0, a[1], a[2]):
            reach((h, root[1], closed, root[3]), root, ("", steps))
    buckets.setdefault(root[1].bit_count(), []).insert(0, root)
    drawn, finish = kit.drawn, b.finish
    while buckets:          # most left first, so that the stronger positions are met first
        for node in buckets.pop(max(buckets)):
            if S.dominated(kit, seen, node):
                continue
            for left, moves in S.expand(ctx, kit, node):
                if can_use is not None and ~left & drawn not in can_use:
                    continue
                for h, closed, recolor, actions in moves:       # reach(), inlined: the search's inner loop
                    nxt = (h, left, closed, recolor)
                    if nxt not in parent:
                        parent[nxt] = (node, actions)
                        if h not in finish:
                            buckets.setdefault(left.bit_count(), []).append(nxt)
    return parent
