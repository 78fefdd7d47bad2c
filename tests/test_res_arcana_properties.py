"""Properties of the 레즈 아르카나 engine over random legal play (hypothesis chooses the games).

Random play is used as is: every game reached the victory check with 10+ points in our runs
(monuments and places are never lost, so points pile up), but nothing in the rules bounds the
number of rounds, so _walk stops with a failure after max_steps instead of looping forever.
"""
import json
import random

from hypothesis import given, settings, strategies as st

from rules import CHANCE, TERMINAL
from rules import res_arcana as R
from rules.res_arcana import bots, components as C
from rules.core import play_out, random_policy
from engine_checks import assert_exact_chance, assert_only_legal_accepted, walk


@st.composite
def games(draw):
    """A new game with random player count, options and seed."""
    n = draw(st.sampled_from(R.PLAYER_COUNTS))
    seed = draw(st.integers(0, 2**32))
    options = R.random_options(random.Random(seed), n)
    return R.new_game(n, seed=seed, **options)


def _walk(state, seed, policy=random_policy):
    """Random Res Arcana games take many small steps: more before a walk counts as endless."""
    return walk(state, seed, policy, max_steps=50_000)


def _candidates():
    """Actions of every shape, legal or not, to throw at a state."""
    out = [R.Accept(), R.Ignore()]
    for c in C.ALL:
        out += [R.Draw(c), R.MonumentDraw(c), R.DraftPick(c), R.ChooseMage(c), R.ChooseItem(c),
                R.Collect(c, True), R.Collect(c, False), R.Place(c), R.ClaimMonument(c), R.ClaimPlace(c),
                R.Discard(c, True), R.Discard(c, False), R.Use(c, 0), R.Use(c, 1), R.Use(c, 2), R.Pass(c),
                R.Target(c), R.PickCard(c), R.React(c, 0), R.React(c, 1)]
    for e in C.ESSENCES + ("any", "X"):
        out += [R.Pay(e), R.Waive(e), R.Gain(e), R.Into(e), R.Lose(e), R.Convert(e, 1), R.Convert(e, 0)]
    out += [R.ClaimMonument("deck"), R.CollectCost(True), R.CollectCost(False), R.LookAt("own"),
            R.LookAt("monuments"), R.LookAt("box"), R.Order(("hawk", "prism"))]
    out += [R.Rival(p) for p in range(-1, 5)]
    return out


CANDIDATES = _candidates()


def _hidden(state) -> set:
    hidden = set(state.box) | set(state.mon_deck) | set(state.mon_top)
    for p in range(state.num_players):
        hidden |= set(state.hand[p]) | set(state.deck[p]) | set(state.top[p]) | set(state.mage_options[p])
        hidden |= set(state.draft[p]) | set(state.draft_next[p])
        if any(t["t"] == "mage" for t in state.tasks) and state.mage[p]:
            hidden.add(state.mage[p])
    return hidden


@settings(max_examples=20, deadline=None)
@given(games(), st.integers(0, 2**32))
def test_random_play_ends_and_conserves_everything(state, seed):
    inventory = state.inventory()
    assert inventory == {**{c: 1 for c in C.ALL}, **{e: C.SUPPLY for e in C.ESSENCES}}
    states = _walk(state, seed)
    end = states[-1]
    assert end.is_terminal() and end.current_player() == TERMINAL and end.legal_actions() == []
    assert max(end.scores()) >= C.WIN_VP and end.winners()
    for s in states:
        assert s.inventory() == inventory                   # cards and essences: supply + pools + components
        assert s.current_player() == CHANCE or s.is_terminal() or s.legal_actions()


@settings(max_examples=6, deadline=None)
@given(games(), st.integers(0, 2**32))
def test_illegal_actions_raise_and_change_nothing(state, seed):
    for s in _walk(state, seed)[::23]:
        assert_only_legal_accepted(s, CANDIDATES)


@settings(max_examples=8, deadline=None)
@given(games(), st.integers(0, 2**32))
def test_chance_outcomes_are_exact_distributions(state, seed):
    for s in _walk(state, seed):
        assert_exact_chance(s)


@settings(max_examples=8, deadline=None)
@given(st.sampled_from(R.PLAYER_COUNTS), st.integers(0, 2**32))
def test_seeded_determinism(n, seed):
    options = R.random_options(random.Random(seed), n)
    one = R.new_game(n, seed=seed, **options)
    assert one == R.new_game(n, seed=seed, **options)
    assert play_out(one, seed=seed) == play_out(R.new_game(n, seed=seed, **options), seed=seed)


@settings(max_examples=8, deadline=None)
@given(games(), st.integers(0, 2**32))
def test_json_round_trip_of_every_reached_state(state, seed):
    states = _walk(state, seed)
    for s in states:
        back = R.State.from_json(s.to_json())
        assert back == s and back.to_json() == s.to_json()
        assert back.legal_actions() == s.legal_actions() and back.current_player() == s.current_player()
    middle = R.State.from_json(states[len(states) // 2].to_json())
    assert play_out(middle, seed=seed) == play_out(states[len(states) // 2], seed=seed)


@settings(max_examples=8, deadline=None)
@given(games(), st.integers(0, 2**32))
def test_public_view_never_names_a_hidden_card(state, seed):
    for s in _walk(state, seed)[::3]:
        view = s.public_view(None)
        text = json.dumps(view, ensure_ascii=False)
        for card in _hidden(s):
            assert f'"{card}"' not in text, card
        seat = s.current_player()
        if seat >= 0:
            own = json.dumps(s.public_view(seat), ensure_ascii=False)
            for card in s.hand[seat]:
                assert f'"{card}"' in own
            for q in range(s.num_players):
                if q != seat:
                    for card in s.hand[q]:
                        assert f'"{card}"' not in own


@settings(max_examples=6, deadline=None)
@given(games(), st.integers(0, 2**32))
def test_greedy_bot_plays_legal_moves_to_the_end(state, seed):
    end = _walk(state, seed, policy=bots.greedy_bot)[-1]
    assert end.is_terminal()


def test_notation_round_trip():
    s = R.new_game(3, seed=5)
    for state in _walk(s, 5)[:600]:
        for action in state.legal_actions():
            assert state.action_from_str(str(action)) == action
            assert action.describe()


@settings(max_examples=5, deadline=None)
@given(games(), st.integers(0, 2**32))
def test_public_outcomes_and_describe_never_name_a_hidden_card(state, seed):
    for s in _walk(state, seed)[::2]:
        hidden = _hidden(s)
        if s.current_player() == CHANCE:
            if s.tasks[-1]["t"] == "mon_draw":      # a monument claimed blind or turned face up: shown to all
                hidden -= set(s.mon_deck)
            groups = s.public_outcomes(None)
            assert sum(p for _, p, _ in groups) == 1
            texts = [text for text, _, _ in groups]
        elif s.is_terminal():
            continue
        else:
            texts = [s.describe_action(a, None) for a in s.legal_actions()]
            texts = [t for t, a in zip(texts, s.legal_actions())
                     if not isinstance(a, (R.Place, R.Discard, R.PickCard))]     # the mover's own, then public
        secret = [C.name(c) for c in hidden]
        shown = sorted((C.name(c) for c in C.ALL if c not in hidden and not any(C.name(c) in h for h in secret)),
                       key=len, reverse=True)
        for text in texts:
            for visible in shown:                 # '연금술사의 탑' is public even while '연금술사' is hidden
                text = text.replace(visible, "")
            for card in hidden:
                assert C.name(card) not in text, card
        staff = s.public_view(reveal_all=True)
        assert sum(len(p["hand_cards"]) for p in staff["players"]) == sum(len(h) for h in s.hand)
