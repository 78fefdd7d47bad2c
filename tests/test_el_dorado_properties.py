"""Properties of the 엘도라도 engine over random legal play (hypothesis chooses the games).

A uniformly random policy seldom reaches El Dorado on a map this size (its games end by
READINGS["no_way_forward"]), so most games are played by the greedy bot with a random legal action
thrown in now and then (every action kind still occurs, and races are finished); one property plays
uniformly at random to show that any legal play ends within a bound.
"""
import json
import random
from fractions import Fraction

import pytest
from hypothesis import example, given, settings, strategies as st

from rules import CHANCE, TERMINAL
from rules import el_dorado as E
from rules.el_dorado import components as C
from rules.el_dorado.board import Board, random_path
from rules.el_dorado.bots import greedy_bot
from rules.core import play_out, random_policy
from engine_checks import assert_exact_chance, assert_only_legal_accepted, walk

ALL = C.all_components()


def mixed_policy(state, rng):
    """The greedy bot, but one decision in five is any legal action."""
    if rng.random() < 0.2:
        return rng.choice(state.legal_actions())
    return greedy_bot(state, rng)


@st.composite
def games(draw):
    n = draw(st.sampled_from(E.PLAYER_COUNTS))
    seed = draw(st.integers(0, 2**32))
    options = E.random_options(random.Random(seed), n)
    return E.new_game(n, seed=seed, **options)


def _walk(state, seed, policy=mixed_policy):
    """A game of El Dorado takes longer: more steps before a walk counts as endless."""
    return walk(state, seed, policy, max_steps=30_000)


def _turn_bound(start) -> int:
    """The most turns a game from `start` can last (READINGS["no_way_forward"]): every QUIET_ROUNDS rounds at
    least one pawn comes a space nearer El Dorado than ever, a blockade is taken or a market card bought or
    taken, and each of these can happen only so often; after the first arrival, one round at most."""
    events = (sum(map(sum, start.records)) + sum(b is not None for b in start.blockades)
              + sum(start.stacks.values()))
    return (events + 1) * E.state.QUIET_ROUNDS * start.num_players + start.num_players


@settings(max_examples=10, deadline=None)
@given(games(), st.integers(0, 2**32))
def test_any_legal_play_ends_within_the_bound(state, seed):
    """Not only the bots: uniformly random play (pawns wandering to and fro, cards removed at will, a
    stalled race) ends too, by READINGS["no_way_forward"] where nobody reaches El Dorado."""
    end = _walk(state, seed, random_policy)[-1]
    assert end.is_terminal() and end.winners() and end.turns <= _turn_bound(state)
    if end.stalled():
        assert end.quiet_turns() == E.state.QUIET_ROUNDS * state.num_players
        near = min(end.spaces_left(p) for p in range(state.num_players))
        assert all(end.spaces_left(p) == near for p in end.winners())


_PAYS = ("", "explorer", "scout", "pioneer", "captain", "jack_of_all_trades", "native", "tok:native",
         "tok:machete1", "tok:coin2", "cards:explorer", "cards:explorer+traveler", "cards:nothing", "bogus")


def _candidates(state):
    """Actions of every shape, legal or not, to throw at a state."""
    out = [E.EndTurn(), E.Done(), E.Buy("pioneer"), E.Buy("explorer"), E.Buy("bogus"), E.Play("native"),
           E.Play("transmitter", "pioneer"), E.Play("transmitter", "traveler"), E.Play("compass"),
           E.UseToken("keep_item"), E.UseToken("remove", "explorer"), E.UseToken("draw"), E.UseToken("machete2"),
           E.Explore(0, 0), E.Explore(1, 9), E.Explore(0, -1), E.Token("draw"), E.Token("bogus")]
    for c in ("explorer", "traveler", "sailor", "scout", "millionaire", "native", "cartographer", "bogus"):
        out += [E.Draw(c), E.Spend(c), E.Discard(c), E.Pick(c), E.Play(c), E.Buy(c)]
    out += [E.Spend("tok:coin1"), E.Spend("tok:machete1")]
    b = state.board
    for i, h in enumerate(state.pawns[state.turn]):
        if h == "E":
            continue
        for n in b.neighbours[h][:4] + ("0,0", "999,999"):
            out += [E.Move(i, n, pay) for pay in _PAYS]
        out += [E.Break(i, seam, pay) for seam in (0, 1, 7) for pay in ("", "explorer", "native")]
    out += [E.Move(5, "0,0", "explorer"), E.Break(-1, 0, "native")]
    return out


@settings(max_examples=15, deadline=None)
@given(games(), st.integers(0, 2**32))
def test_random_play_ends_and_conserves_every_component(state, seed):
    assert state.inventory() == ALL                   # every card, token and blockade is somewhere
    states = _walk(state, seed)
    end = states[-1]
    assert end.is_terminal() and end.current_player() == TERMINAL and end.legal_actions() == []
    assert end.winners() and end.turns <= _turn_bound(state)
    assert set(end.winners()) <= set(end.arrived) or end.stalled()
    for s in states:
        assert s.inventory() == ALL
        assert all(n > 0 for zone in s.zones().values() for n in zone.values())
        assert all(len(h) <= 20 for h in s.hands) and s.coins >= 0


@settings(max_examples=8, deadline=None)
@given(games(), st.integers(0, 2**32))
def test_illegal_actions_raise_and_change_nothing(state, seed):
    for s in _walk(state, seed)[::40]:
        assert_only_legal_accepted(s, set(_candidates(s)) | set(s.legal_actions()))


@settings(max_examples=15, deadline=None)
@given(games(), st.integers(0, 2**32))
def test_chance_outcomes_are_exact_distributions(state, seed):
    for s in _walk(state, seed):
        outcomes = assert_exact_chance(s)
        if outcomes and isinstance(outcomes[0][0], E.Draw):
            deck = s.decks[s.turn]
            assert {o.card: p * sum(deck.values()) for o, p in outcomes} == deck


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(E.PLAYER_COUNTS), st.integers(0, 2**32), st.booleans())
def test_seeded_determinism(n, seed, caves):
    path = random.Random(seed).choice(sorted(C.PATHS))
    one = E.new_game(n, seed=seed, path=path, caves=caves)
    assert one == E.new_game(n, seed=seed, path=path, caves=caves)
    assert (play_out(one, greedy_bot, seed=seed)
            == play_out(E.new_game(n, seed=seed, path=path, caves=caves), greedy_bot, seed=seed))


@settings(max_examples=6, deadline=None)
@given(games(), st.integers(0, 2**32))
def test_json_round_trip_of_every_reached_state(state, seed):
    states = _walk(state, seed)
    for s in states[::3] + states[-1:]:
        back = E.State.from_json(s.to_json())
        assert back == s and back.to_json() == s.to_json()
        assert back.legal_actions() == s.legal_actions()
        assert back.current_player() == s.current_player()
        json.dumps(s.public_view())
    middle = states[len(states) // 2]
    assert (play_out(E.State.from_json(middle.to_json()), greedy_bot, seed=seed)
            == play_out(middle, greedy_bot, seed=seed))


def _reshuffled(state, rng):
    """The same table with every hidden thing changed: each hand and deck re-dealt from their union."""
    data = json.loads(state.to_json())
    for p in range(state.num_players):
        pool = [c for z in (data["hands"][p], data["decks"][p]) for c, n in z.items() for _ in range(n)]
        rng.shuffle(pool)
        k = sum(data["hands"][p].values())
        hand, deck = {}, {}
        for i, c in enumerate(pool):
            target = hand if i < k else deck
            target[c] = target.get(c, 0) + 1
        data["hands"][p], data["decks"][p] = hand, deck
    return E.State.from_json(json.dumps(data))


@settings(max_examples=12, deadline=None)
@given(games(), st.integers(0, 2**32))
def test_public_view_names_no_hidden_card(state, seed):
    rng = random.Random(seed)
    for s in _walk(state, seed)[::5]:
        other = _reshuffled(s, rng)
        assert other.public_view() == s.public_view()
        view = s.public_view()
        assert all(isinstance(p["hand"], int) and isinstance(p["deck"], int) for p in view["players"])
        if s.current_player() == CHANCE:                # a log or menu shown to the table
            assert [(t, p) for t, p, _ in other.public_outcomes()] == [(t, p) for t, p, _ in s.public_outcomes()]
        seat = rng.randrange(s.num_players)
        mine = s.public_view(seat)
        assert mine["players"][seat]["hand"] == s.hands[seat]
        for p, player in enumerate(mine["players"]):
            if p != seat:
                assert player["hand"] == sum(s.hands[p].values())


def test_notation_round_trip():
    s = E.new_game(2, seed=5, path="serpentine", caves=True)
    for state in _walk(s, 5)[:600]:
        for action in state.legal_actions():
            assert state.action_from_str(str(action)) == action
            assert action.describe()


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32))
def test_random_paths_are_connected_and_can_be_finished(seed):
    desc = random_path(random.Random(seed))
    b = Board(desc)
    assert len(b.blockade_seams) <= 6
    for start in b.starts.values():
        assert b.finishable_from(start)
    game = E.new_game(4, seed=seed, path=desc)
    assert game.board.finish == b.finish and len(game.blockades) == len(b.blockade_seams)


# --- the movement planner -----------------------------------------------------------------------
POOL = ("explorer", "explorer", "sailor", "traveler", "scout", "trailblazer", "captain", "jack_of_all_trades",
        "adventurer", "native", "compass", "photographer", "giant_machete")
DRAWERS = ("cartographer", "compass", "scientist", "travel_log")
PILE = ("explorer", "explorer", "sailor", "traveler", "scout", "pioneer", "jack_of_all_trades", "native",
        "cartographer", "scientist")


def _position(rng, draws=False, by_blockade=False):
    """A random small position: a pawn somewhere on a published path, 1-4 cards, maybe a token (in
    force already or not), maybe a card already played. draws: one or two cards that draw in the
    hand, maybe a 카드 뽑기 token, and a small deck and discard pile to draw from. by_blockade: a
    2-player game, the pawn next to a blockade's seam and the other own pawn next door or by a seam
    too (where one pawn breaking a blockade or stepping aside for the other matters)."""
    path = rng.choice(sorted(C.PATHS))
    b = E.board(E.published(path))
    spaces = sorted(h for h in b.terrain if b.enterable(h) and h not in b.finish)
    near_seam = [h for s in b.blockade_seams for h in s["near"] if b.enterable(h)]
    here = rng.choice(near_seam if rng.random() < 0.4 or by_blockade else spaces)
    players = 2 if by_blockade else rng.choice((2, 3, 3))
    pawns = [[here], [rng.choice(spaces)], [rng.choice(spaces)]]
    if players == 2:                                    # two pawns each
        mate = pawns[1][0]
        if draws:                   # in El Dorado already: brute force over two pawns and the draws takes minutes
            mate = "E"              # (test_planner_odds_with_the_other_own_pawn_next_door covers the two)
        elif by_blockade and rng.random() < 0.5:
            mate = rng.choice([h for h in near_seam if h != here])
        elif rng.random() < 0.6 or by_blockade:     # the own other pawn next door, where stepping aside first matters
            mate = rng.choice([h for h in b.neighbours[here] if h in spaces] or [mate])
        pawns = [[here, mate], [pawns[2][0], rng.choice(spaces)]]
    if len({h for p in pawns for h in p}) < 2 * len(pawns[0]) + (players == 3):
        pawns = [["E"] * len(p) for p in pawns]
        pawns[0][0] = here
    hand = {}
    for c in rng.sample(POOL, rng.randint(1, 4)):
        hand[c] = hand.get(c, 0) + 1
    tokens = rng.choice([{}, {}, {"machete2": 1}, {"native": 1}, {"paddle1": 1}, {"change_symbol": 1},
                         {"pass_occupied": 1}])
    deck, discard = {}, {}
    if draws:
        hand = {}
        for c in rng.sample(POOL, rng.randint(0, 1)) + rng.sample(DRAWERS, rng.randint(1, 2)):
            hand[c] = hand.get(c, 0) + 1
        if rng.random() < 0.3:
            tokens = dict(tokens, draw=1)
        for pile, least, most in ((deck, 2, 4), (discard, 0, 2)):
            for c in rng.sample(PILE, rng.randint(least, most)):
                pile[c] = pile.get(c, 0) + 1
    blockades = [rng.choice([None, n]) for n in (1, 3, 5, 6, 2, 4)][:len(b.blockade_seams)]
    state = E.scenario(players=players, path=path, pawns=pawns, hands=[hand] + [{}] * (players - 1),
                       decks=[deck] + [{}] * (players - 1), discards=[discard] + [{}] * (players - 1),
                       tokens=[tokens] + [{}] * (players - 1), blockades=blockades, caves=bool(tokens),
                       arrived=[p for p in range(1, players) if set(pawns[p]) == {"E"}])
    uses = [a for a in state.legal_actions() if isinstance(a, E.UseToken) and a.token != "draw"]
    if uses and rng.random() < 0.7:
        state = state.apply(uses[0])                    # 기호 바꾸기 or 말 통과 already in force
    moves = [a for a in state.legal_actions() if isinstance(a, E.Move) and a.pay not in ("", "native")]
    if moves and rng.random() < 0.3:                    # a card already in play, with power left
        state = state.apply(rng.choice(moves))
    return state


def _moves_of(a):
    """An action the planner may use without drawing: a step of any pawn of the player on turn (in a
    2-player game the other pawn may step aside or break a blockade first, card by card: L268-L270),
    기호 바꾸기, 말 통과."""
    return (isinstance(a, (E.Move, E.Break))
            or isinstance(a, E.UseToken) and a.token in ("change_symbol", "pass_occupied"))


def _brute_force(state, pawn):
    """Every space `pawn` reaches by some order of the actions the engine accepts (no draws), the
    steps of the player's other pawn anywhere among them."""
    reached, seen, todo = set(), set(), [state]
    start = state.pawns[state.turn][pawn]
    while todo:
        s = todo.pop()
        for a in s.legal_actions():
            if not _moves_of(a):
                continue
            nxt = s.apply(a)
            if isinstance(a, E.Move) and a.pawn == pawn and a.to != start:
                reached.add(a.to)
            if nxt.is_terminal() or nxt.pawns[nxt.turn][pawn] == "E":
                continue
            key = json.dumps([nxt.pawns[0], nxt.hands[0], nxt.held[0], nxt.blockades, nxt.active, nxt.recolor,
                              nxt.pass_occupied], sort_keys=True)
            if key not in seen:
                seen.add(key)
                todo.append(nxt)
    return reached


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32))
# A blockade whose far side is all mountain next to the pawn: the engine lets it be paid only from a
# space that borders an enterable one across it, and so must every plan.
@example(2_292_603_482)
def test_planner_matches_brute_force(seed):
    state = _position(random.Random(seed))
    for pawn, here in enumerate(state.pawns[0]):
        if here == "E" or state.is_terminal():
            continue
        plans = E.reachable(state, pawn)
        assert set(plans) == _brute_force(state, pawn)
        for target, plan in plans.items():
            s = state
            for action in plan:
                s = s.apply(action)
            assert s.pawns[0][pawn] == target or (target in s.board.finish and s.pawns[0][pawn] == "E")
    both = E.reachable(state)
    assert set(both) == set().union(*(E.reachable(state, i) for i in range(len(state.pawns[0]))))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32))
# The other pawn breaks a blockade with a card (after stepping towards it) for this one to go through.
@example(27)
@example(226)
def test_planner_matches_brute_force_with_both_own_pawns_by_a_blockade(seed):
    """2-player positions where the other own pawn can help most (two_pawns.helped_positions bounds
    that help from above; the spaces only that bound reaches are settled by the joint search)."""
    state = _position(random.Random(seed), by_blockade=True)
    for pawn, here in enumerate(state.pawns[0]):
        if here == "E" or state.is_terminal():
            continue
        plans = E.reachable(state, pawn)
        assert set(plans) == _brute_force(state, pawn)
        for target, plan in plans.items():
            s = state
            for action in plan:
                s = s.apply(action)
            assert s.pawns[0][pawn] == target or (target in s.board.finish and s.pawns[0][pawn] == "E")


def _brute_odds(state, pawn):
    """{space: best chance of reaching it} over every interleaving of the engine's own legal actions:
    steps of any pawn of the player (only `pawn`'s spaces count), tokens, draw effects, the removal picks after them, and every card the draws may
    bring (the engine's chance outcomes, reshuffle included). Nothing assumes drawing comes first."""
    start = state.pawns[0][pawn]
    memo = {}

    def value(s):
        key = json.dumps([s.pawns[0], s.hands[0], s.decks[0], s.discards[0], s.held[0], s.blockades,
                          s.active, s.recolor, s.pass_occupied, s.todo], sort_keys=True)
        if key in memo:
            return memo[key]
        out = {}
        if s.current_player() == CHANCE:
            for outcome, p in s.chance_outcomes():
                for h, v in value(s.apply(outcome)).items():
                    out[h] = out.get(h, 0) + p * v
        else:
            for a in s.legal_actions():
                drawing = (isinstance(a, E.Play) and a.card in DRAWERS or isinstance(a, E.UseToken) and a.token == "draw"
                           or s.todo and isinstance(a, (E.Pick, E.Done)))
                if not (drawing or _moves_of(a)):
                    continue
                nxt = s.apply(a)
                done = nxt.is_terminal() or nxt.pawns[0][pawn] == "E"
                sub = {} if done else dict(value(nxt))
                if isinstance(a, E.Move) and a.pawn == pawn and a.to != start:
                    sub[a.to] = Fraction(1)
                for h, v in sub.items():
                    out[h] = max(out.get(h, 0), v)
        memo[key] = out
        return out

    return {h: v for h, v in value(state).items() if v}


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32))
def test_planner_odds_with_draws_match_brute_force(seed):
    state = _position(random.Random(seed), draws=True)
    for pawn, here in enumerate(state.pawns[0]):
        if here == "E" or state.is_terminal():
            continue
        odds = {h: Fraction(1) for h in E.reachable(state, pawn)}
        chances = E.reachable_by_drawing(state, pawn)
        assert not set(odds) & set(chances)
        odds.update({h: p for h, (p, first) in chances.items()})
        assert odds == _brute_odds(state, pawn)
        for p, first in chances.values():
            assert first in state.hands[0] and first in DRAWERS or first == "tok:draw" and state.held[0].get("draw")


@pytest.mark.parametrize("hand, deck, discard", [
    ({"scientist": 1, "cartographer": 1, "compass": 1}, {"explorer": 1, "sailor": 2, "scout": 1}, {"traveler": 1}),
    ({"scientist": 1, "cartographer": 1, "travel_log": 1, "explorer": 1}, {"explorer": 1, "sailor": 1, "scout": 1}, {}),
])
def test_planner_odds_with_three_draw_cards_match_brute_force(hand, deck, discard):
    state = E.scenario(players=3, pawns=[["-3,0"], ["-2,-1"], ["-1,-2"]], hands=[hand, {}, {}], decks=[deck, {}, {}],
                       discards=[discard, {}, {}])
    odds = {h: Fraction(1) for h in E.reachable(state, 0)}
    odds.update({h: p for h, (p, first) in E.reachable_by_drawing(state, 0).items()})
    assert odds == _brute_odds(state, 0)


def test_planner_odds_with_the_other_own_pawn_next_door():
    """2-player game: pawn 2 stands on the jungle (-1,0) pawn 1 would go through. Any card 과학자 draws
    lets pawn 2 step aside, after which pawn 1 goes on with 길잡이 (L268-L270: the pawn is chosen card by card)."""
    state = E.scenario(players=2, pawns=[["-2,0", "-1,0"], ["-2,-1", "-1,-2"]], hands=[{"scientist": 1, "scout": 1}, {}],
                       decks=[{"explorer": 1, "sailor": 2, "traveler": 1}, {}], discards=[{"explorer": 1}, {}])
    for pawn in (0, 1):
        odds = {h: Fraction(1) for h in E.reachable(state, pawn)}
        chances = E.reachable_by_drawing(state, pawn)
        assert not set(odds) & set(chances)
        odds.update({h: p for h, (p, first) in chances.items()})
        assert odds == _brute_odds(state, pawn)
    assert E.reachable_by_drawing(state, 0)["0,0"] == (Fraction(1), "scientist")


# Python salts string hashes per process: a set of spaces iterates in another order in each process.
_HASH_SEED_PROBE = """
import random
from rules.el_dorado.board import Board, _try_path, path_score, random_path
rng = random.Random(0)
for _ in range(300):     # the score of every assembly a random path chooses among, and the chosen paths
    desc = _try_path(rng, 3, 0)
    if desc is not None:
        print(repr(path_score(Board(desc))))
print([random_path(random.Random(seed)) for seed in range(4)])
"""


def test_random_paths_do_not_depend_on_the_hash_seed():
    """Seeded determinism across processes: random paths, and the scores of the assemblies they are
    chosen among, are the same in every process (the finish's spaces were laid in a set's order, and the
    score's sums followed it: a tie could pick another path)."""
    import os
    import subprocess
    import sys

    runs = [subprocess.run([sys.executable, "-c", _HASH_SEED_PROBE], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": str(salt)}).stdout for salt in (0, 1, 2)]
    assert runs[0] and runs[0] == runs[1] == runs[2]
