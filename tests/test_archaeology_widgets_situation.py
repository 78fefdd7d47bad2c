"""Headless tests of widgets/archaeology/situation.py: each odds widget, set to what a table can see,
shows the same exact answer as an independent computation (brute force over the hidden cards,
asking the engine about every concrete position), refuses bad input in Korean and keeps its state,
and never leaves the reader without a control to use."""
import random
import re
from fractions import Fraction
from math import comb

import ipywidgets as w
import pytest

from rules import CHANCE, archaeology as A
from rules.archaeology import components as C, odds
from rules.core import sample_chance
from widgets.archaeology import situation as S
from widgets.common import odds_text
from widget_helpers import walk


def text(html):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def tap(ui, card, zone=None):
    if zone is not None:
        ui.parts.zone.value = zone
    ui.parts.types()[card].click()


def compositions(pool: dict, k: int):
    """Every multiset of k cards drawn from `pool`, with its hypergeometric weight."""
    cards = sorted(pool)
    total = comb(sum(pool.values()), k)

    def rec(i, left):
        if i == len(cards):
            if left == 0:
                yield {}
            return
        c = cards[i]
        for n in range(min(pool[c], left) + 1):
            for rest in rec(i + 1, left - n):
                yield {c: n, **rest} if n else rest

    for comp in rec(0, k):
        weight = Fraction(1, total)
        for c, n in comp.items():
            weight *= comb(pool[c], n)
        yield comp, weight


def unseen(players, variants, *zones):
    """Copies in play minus what the table saw, written out again from the component data."""
    pool = {c: C.COPIES[c] for c in C.treasures_in_play(players, variants) if c != "map"}
    for zone in zones:
        for c, n in zone.items():
            pool[c] -= n
    return {c: n for c, n in pool.items() if n}


def add(*zones):
    out = {}
    for z in zones:
        for c, n in z.items():
            out[c] = out.get(c, 0) + n
    return {c: n for c, n in out.items() if n}


# --- 광산 -------------------------------------------------------------------------------------------
def brute_force_mine(players, variants, revealed, room, known, elsewhere):
    """Every possible face-down room, weighted; the engine plays the reveals and says the bust chance."""
    pool = unseen(players, variants, revealed, known, elsewhere)
    total = Fraction(0)
    for comp, weight in compositions(pool, room - sum(known.values())):
        chamber = add(known, comp, revealed)
        hands = [{"map": 1}] + [{} for _ in range(players - 1)]
        s = A.scenario(players=players, ruin="mine", variants=variants, hands=hands, chambers=[chamber])
        s = s.apply(A.Explore(0))
        for c, n in sorted(revealed.items()):
            for _ in range(n):
                if s.phase == "mine":
                    s = s.apply(A.MineContinue())
                s = s.apply(A.Reveal(c))
        assert s.phase == ("mine" if revealed else "mine_reveal")
        total += weight * odds.mine_bust_chance(s)
    return total


def test_mine_opens_on_the_2_2_question_and_answers_it():
    ui = S.mine_odds()
    s = ui.parts.situation()
    assert s["revealed"] == {"coin": 2} and s["room"] == 13 and s["players"] == 4
    # 4인: every treasure but 부러진 목걸이; after two 동전 (2 + 2 = 4) only a card of trade value 1 is safe.
    hidden = unseen(4, (), {"coin": 2})
    safe = sum(n for c, n in hidden.items() if C.TRADE[c] + 4 <= C.MINE_LIMIT)
    expected = 1 - Fraction(safe, sum(hidden.values()))
    assert expected == Fraction(5, 9)
    shown = text(ui.parts.answer.value)
    assert f"한 장 더 뒤집으면 터질 확률: {odds_text(expected)}" in shown
    assert "합계 4 / 5" in shown and "강제 중단" in shown
    assert "무작위" in text(ui.children[-1].value)     # the assumption is stated on the widget
    assert ui.parts.message.value == ""


def test_mine_odds_at_4_players_carry_the_provisional_mark_and_name_their_values(monkeypatch):
    """5/9 rests on trade values no source confirms (issue 27): the figure is marked and each such value
    named; once every value it reads is confirmed, the mark goes."""
    shown = text(S.mine_odds(4).parts.answer.value)
    assert "5/9 (55.6%) 잠정값" in shown
    rests_on = [f"{C.name(c)}의 교환 가치 {C.TRADE[c]}" for c in C.TREASURES
                if C.is_unverified(c, "trade") and c in C.chamber_treasures(4)]
    assert "조각난 석판의 교환 가치" in " ".join(rests_on) and "동전의 교환 가치 2" in " ".join(rests_on)
    for value in rests_on:
        assert value in shown
    assert "부러진 목걸이" not in shown.split("으로 계산한 수치")[1]     # not in a 4-player game
    for d in C.DATA["treasures"].values():
        monkeypatch.setitem(d["trade"], "status", "confirmed")
    assert "잠정값" not in text(S.mine_odds(4).parts.answer.value)


@pytest.mark.parametrize("players, variants, revealed, room, known, elsewhere", [
    (4, (), {"coin": 2}, 3, {}, {}),
    (2, (), {"coin": 1, "pot": 1}, 4, {"mask": 1}, {"talisman": 3, "cup": 2}),
    (5, (), {"talisman": 1}, 3, {"pendant": 1}, {"pot": 10}),
    (3, ("long",), {"cup": 1, "pot": 2}, 5, {"pendant": 2, "parchment": 1}, {"mask": 4}),
    (2, (), {}, 2, {}, {"parchment": 16}),
    (4, (), {"mask": 1}, 6, {"pot": 2, "coin": 2, "tablet": 2}, {}),     # the whole room is known
])
def test_mine_answer_equals_brute_force(players, variants, revealed, room, known, elsewhere):
    expected = brute_force_mine(players, variants, revealed, room, known, elsewhere)
    assert S.mine_answer(players, variants, revealed, room, known, elsewhere)["bust"] == expected
    ui = S.mine_odds(players=players, revealed=revealed, room=room, known=known, elsewhere=elsewhere,
                     long="long" in variants)
    assert f"터질 확률: {odds_text(expected)}" in text(ui.parts.answer.value)


def test_mine_taps_build_the_situation_and_the_answer_follows():
    ui = S.mine_odds()
    ui.parts.clear.click()                         # the two 동전 go back into the room
    assert ui.parts.situation()["revealed"] == {} and ui.parts.situation()["room"] == 15
    tap(ui, "cup", "revealed")
    tap(ui, "pot")
    tap(ui, "talisman", "elsewhere")
    tap(ui, "mask", "known")
    s = ui.parts.situation()
    assert s["revealed"] == {"cup": 1, "pot": 1} and s["room"] == 13
    assert s["elsewhere"] == {"talisman": 1} and s["known"] == {"mask": 1}
    expected = S.mine_answer(4, (), s["revealed"], 13, s["known"], s["elsewhere"])["bust"]
    # independent: known mask busts for sure; each of the 12 unknown cards busts in proportion
    pool = unseen(4, (), s["revealed"], s["known"], s["elsewhere"])
    busting = sum(n for c, n in pool.items() if C.TRADE[c] + 3 > C.MINE_LIMIT)
    assert expected == (1 + Fraction(12 * busting, sum(pool.values()))) / 13
    assert f"터질 확률: {odds_text(expected)}" in text(ui.parts.answer.value)


def test_mine_bad_input_shows_an_error_and_keeps_the_answer():
    ui = S.mine_odds()
    before, answer = ui.parts.situation(), ui.parts.answer.value

    def refused(message_part):
        assert "⚠️" in ui.parts.message.value and message_part in text(ui.parts.message.value)
        assert ui.parts.situation() == before and ui.parts.answer.value == answer
        f = ui.parts.fields
        assert (f["players"].value, f["long"].value, f["room"].value) == (before["players"], before["long"],
                                                                         before["room"])

    tap(ui, "mask", "revealed")                    # 2 + 2 + 4 > 5: that dig is already over
    refused("강제 중단")
    ui.parts.fields["room"].value = 14             # 2 revealed + 14 > 15
    refused("15장")
    ui.parts.fields["room"].value = -1
    refused("1장 이상")
    for _ in range(5):
        tap(ui, "mask", "elsewhere")               # only 4 파라오 가면 exist
    assert ui.parts.situation()["elsewhere"] == {"mask": 4}
    before["elsewhere"], answer = {"mask": 4}, ui.parts.answer.value
    refused("4장뿐")
    ui.parts.zone.value = "elsewhere"
    ui.parts.clear.click()
    tap(ui, "tablet", "known")                     # 조각난 석판 is in a 4-player game ...
    before, answer = ui.parts.situation(), ui.parts.answer.value
    ui.parts.fields["players"].value = 3           # ... but not in a 3-player one
    refused("3인 게임에는 조각난 석판")
    ui.parts.fields["long"].value = True           # 기나긴 탐험 is for 2~3 players
    refused("기나긴 탐험")
    assert "tablet" in ui.parts.types()


def test_mine_type_buttons_follow_the_player_count():
    ui = S.mine_odds(players=5)
    assert set(ui.parts.types()) == set(C.chamber_treasures(5))
    ui.parts.fields["players"].value = 2
    assert set(ui.parts.types()) == set(C.chamber_treasures(2)) and "map" not in ui.parts.types()
    ui.parts.fields["long"].value = True
    assert "pendant" in ui.parts.types()


# --- 스핑크스 -----------------------------------------------------------------------------------------
def brute_force_sphinx(players, variants, named, room, known, elsewhere):
    """Every possible room, weighted; the engine's SPHINX chance node gives every reveal."""
    pool = unseen(players, variants, known, elsewhere)
    kinds = C.chamber_treasures(players, variants)
    pair = tuple(sorted(named, key=kinds.index))
    dist = {}
    for comp, weight in compositions(pool, room - sum(known.values())):
        chamber = add(known, comp)
        hands = [{"map": 1}] + [{} for _ in range(players - 1)]
        s = A.scenario(players=players, ruin="sphinx", variants=variants, hands=hands, chambers=[chamber])
        s = s.apply(A.Explore(0, pair))
        for outcome, p in s.chance_outcomes():
            taken = sum(n for c, n in outcome.cards if c in named)
            dist[taken] = dist.get(taken, Fraction(0)) + weight * p
    return dist


@pytest.mark.parametrize("players, variants, named, room, known, elsewhere", [
    (4, (), ("pot", "parchment"), 6, {"coin": 2}, {}),
    (2, (), ("mask", "talisman"), 7, {"mask": 1, "pot": 2}, {"talisman": 6}),
    (5, (), ("pendant", "coin"), 3, {}, {"coin": 10}),                  # fewer than 5: all revealed
    (3, ("long",), ("tablet", "cup"), 5, {"tablet": 1}, {"cup": 5}),
    (4, (), ("coin", "cup"), 8, {"coin": 3, "cup": 1, "pot": 2, "mask": 2}, {}),   # whole room known
])
def test_sphinx_answer_equals_brute_force(players, variants, named, room, known, elsewhere):
    expected = brute_force_sphinx(players, variants, named, room, known, elsewhere)
    dist = S.sphinx_haul(players, variants, named, room, known, elsewhere)
    assert {k: p for k, p in dist.items() if p} == {k: p for k, p in expected.items() if p}
    mean = sum(k * p for k, p in expected.items())
    if sum(known.values()) == room:                # a known room: the engine's own expected haul
        assert mean == odds.sphinx_expected_haul(known, named)
    ui = S.sphinx_odds(players=players, named=named, room=room, known=known, elsewhere=elsewhere,
                       long="long" in variants)
    shown = text(ui.parts.answer.value)
    at_least_1 = sum(p for k, p in expected.items() if k >= 1)
    at_least_2 = sum(p for k, p in expected.items() if k >= 2)
    assert f"1장 이상 가져갈 확률 {odds_text(at_least_1)}" in shown
    assert f"2장 이상 {odds_text(at_least_2)}" in shown
    assert (f"{mean.numerator}/{mean.denominator}장" if mean.denominator != 1 else f"{mean}장") in shown


def test_sphinx_opening_example_uses_the_whole_unseen_deck():
    ui = S.sphinx_odds()
    pool = unseen(4, ())
    named = pool["pot"] + pool["parchment"]
    mean = Fraction(5 * named, sum(pool.values()))     # linearity of expectation
    none = Fraction(comb(sum(pool.values()) - named, 5), comb(sum(pool.values()), 5))
    shown = text(ui.parts.answer.value)
    assert f"{mean.numerator}/{mean.denominator}장" in shown
    assert f"1장 이상 가져갈 확률 {odds_text(1 - none)}" in shown


def test_sphinx_bad_input_keeps_the_answer():
    ui = S.sphinx_odds()
    before, answer = ui.parts.situation(), ui.parts.answer.value
    f = ui.parts.fields
    for control, value, part in ((f["second"], "pot", "서로 다른"), (f["room"], 16, "15장"),
                                 (f["room"], 0, "1장 이상"), (f["first"], "pendant", "선언할 수 없습니다")):
        control.value = value
        assert "⚠️" in ui.parts.message.value and part in text(ui.parts.message.value)
        assert ui.parts.situation() == before and ui.parts.answer.value == answer
        assert control.value == before[{f["first"]: "first", f["second"]: "second"}.get(control, "room")]
    f["room"].value = 2
    for _ in range(3):
        tap(ui, "pot", "known")                    # 3 known cards in a 2-card room
    assert ui.parts.situation()["known"] == {"pot": 2} and "⚠️" in ui.parts.message.value


# --- 보물 발굴 ------------------------------------------------------------------------------------------
def grouped(state):
    """The engine's exact next-card odds of a real game, grouped as the table can count them."""
    out = {"thief": Fraction(0), "sandstorm": Fraction(0), "treasure": Fraction(0)}
    for o, p in state.chance_outcomes():
        out[o.card if o.card in ("thief", "sandstorm") else "treasure"] += p
    return out


def test_dig_answer_equals_the_real_deck_of_played_games():
    checked = 0
    for seed in range(8):
        players = 2 + seed % 4
        variants = tuple(v for v, on in (("long", players <= 3 and seed % 3 == 0), ("sand_hell", seed % 2)) if on)
        state = A.new_game(num_players=players, seed=seed, ruin="pyramid", variants=variants)
        rng = random.Random(seed)
        for _ in range(250):
            if state.is_terminal():
                break
            if state.phase == "dig":
                answer = S.dig_answer(players, variants, sum(state.deck.values()), state.discard.get("thief", 0),
                                      state.discard.get("sandstorm", 0))
                assert answer == grouped(state)
                checked += 1
            action = (sample_chance(state, rng) if state.current_player() == CHANCE
                      else rng.choice(state.legal_actions()))
            state = state.apply(action)
    assert checked > 50


def test_dig_widget_opening_and_changes():
    ui = S.dig_odds_from_table()
    shown = text(ui.parts.answer.value)
    # 4인: 도둑 8장, 모래 폭풍 4장 (잠정값); 3 and 1 in the discard pile, 30 cards in the dig deck
    assert odds_text(Fraction(5, 30)) in shown and odds_text(Fraction(3, 30)) in shown
    assert odds_text(Fraction(22, 30)) in shown and "잠정값" in shown
    f = ui.parts.fields
    f["players"].value = 2
    f["sand_hell"].value = True
    f["deck"].value = 12
    s = ui.parts.situation()
    expected = grouped(S.dig_position(2, ("sand_hell",), 12, 3, 1))
    assert expected["thief"] == Fraction(C.thieves(2) - 3, 12)
    assert expected["sandstorm"] == Fraction(6 - 1, 12)
    assert s["deck"] == 12 and odds_text(expected["sandstorm"]) in text(ui.parts.answer.value)
    f["deck"].value = 0                            # a thief and 5 sandstorms are still in the deck
    assert "이상 남아 있어야" in text(ui.parts.message.value) and f["deck"].value == 12
    f["thieves"].value, f["storms"].value = 4, 6
    f["deck"].value = 0
    assert "발굴지가 비었습니다" in text(ui.parts.answer.value) and ui.parts.message.value == ""


def test_dig_bad_input_keeps_the_answer():
    ui = S.dig_odds_from_table()
    before, answer = ui.parts.situation(), ui.parts.answer.value
    f = ui.parts.fields
    for name, value, part in (("thieves", 9, "8장뿐"), ("storms", 5, "4장뿐"), ("deck", 200, "많이 남을 수 없습니다"),
                              ("deck", 7, "이상 남아 있어야"), ("thieves", -1, "0장 이상"), ("long", True, "기나긴 탐험")):
        f[name].value = value
        assert "⚠️" in ui.parts.message.value and part in text(ui.parts.message.value), (name, value)
        assert ui.parts.situation() == before and ui.parts.answer.value == answer
        assert f[name].value == before[name]


# --- 도둑 -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players, hand, known", [
    (4, 5, {"mask": 1}),
    (2, 3, {"pot": 2, "map": 1}),
    (5, 7, {"pendant": 2, "coin": 1, "cup": 1}),
    (3, 4, {}),
])
def test_thief_answer_equals_the_engine_steal(players, hand, known):
    """Fill the unknown cards with types the table did not name; the engine's STEAL node then gives
    each known card its chance and the fillers together the unknown one."""
    chances = S.thief_take_odds(players, (), hand, known)
    fillers = [c for c in C.treasures_in_play(players) if c not in known]
    rng = random.Random(hand)
    for _ in range(5):
        victim = dict(known)
        for _ in range(hand - sum(known.values())):
            c = rng.choice(fillers)
            victim[c] = victim.get(c, 0) + 1
        hands = [{} for _ in range(players)]
        hands[1] = victim
        s = A.scenario(players=players, hands=hands, deck={"thief": 1}, dig=True).apply(A.Draw("thief"))
        s = s.apply(A.ChooseVictim(1))
        engine = {o.card: p for o, p in s.chance_outcomes()}
        for c in known:
            assert chances[c] == engine[c]
        assert chances.get(None, 0) == sum(p for c, p in engine.items() if c not in known)
    ui = S.thief_odds(players=players, hand=hand, known=known)
    shown = text(ui.parts.answer.value)
    for c, p in chances.items():
        assert f"{'알 수 없는 카드' if c is None else '알고 있는 ' + C.name(c)} {odds_text(p)}" in shown


def test_thief_opening_taps_and_bad_input():
    ui = S.thief_odds()
    shown = text(ui.parts.answer.value)
    assert "알고 있는 파라오 가면 1/5 (20.0%)" in shown and "알 수 없는 카드 4/5 (80.0%)" in shown
    tap(ui, "map")
    assert "알고 있는 지도 1/5" in text(ui.parts.answer.value)
    before, answer = ui.parts.situation(), ui.parts.answer.value
    f = ui.parts.fields
    for name, value, part in (("hand", 0, "패가 없는"), ("hand", 1, "패 1장보다 많습니다"), ("hand", -3, "패가 없는")):
        f[name].value = value
        assert "⚠️" in ui.parts.message.value and part in text(ui.parts.message.value)
        assert ui.parts.situation() == before and ui.parts.answer.value == answer and f[name].value == before[name]
    ui = S.thief_odds(players=5, known={"pendant": 1})
    before = ui.parts.situation()
    ui.parts.fields["players"].value = 4           # 부러진 목걸이 is not used by 4 players
    assert "4인 게임에는 부러진 목걸이" in text(ui.parts.message.value) and ui.parts.situation() == before
    for _ in range(5):
        tap(ui, "mask")                            # 4 copies only; the 5th tap is refused
    assert ui.parts.situation()["known"]["mask"] == 4 and "4장뿐" in text(ui.parts.message.value)


# --- every widget: phone width, no dead end, the answer always matches the inputs --------------------
WIDGETS = {"mine": S.mine_odds, "sphinx": S.sphinx_odds, "dig": S.dig_odds_from_table, "thief": S.thief_odds}
COMPUTE = {"mine": S.mine_html, "sphinx": S.sphinx_html, "dig": S.dig_html, "thief": S.thief_html}


def controls(widget):
    return [n for n in walk(widget)
            if isinstance(n, (w.Button, w.Dropdown, w.Checkbox, w.IntText)) and not n.disabled]


@pytest.mark.parametrize("name", sorted(WIDGETS))
def test_fits_a_phone_screen(name):
    ui = WIDGETS[name]()
    assert ui.layout.max_width == "100%"
    for node in walk(ui):
        if isinstance(node, w.HBox):
            assert node.layout.flex_flow == "row wrap" and node.layout.max_width == "100%"
        width = getattr(node.layout, "width", None)
        if width and width.endswith("px"):
            assert int(width[:-2]) <= 300
        if isinstance(node, (w.Button, w.Dropdown, w.Checkbox)):
            assert node.layout.max_width == "100%"


@pytest.mark.parametrize("name", sorted(WIDGETS))
def test_random_taps_never_reach_a_dead_end(name):
    rng = random.Random(name)
    ui = WIDGETS[name]()
    for step in range(250):
        found = controls(ui)
        assert found, f"{name}: {step}번째 조작 뒤 쓸 수 있는 조작이 없습니다"
        buttons = [c for c in found if isinstance(c, w.Button)]
        control = rng.choice(buttons) if buttons and rng.random() < 0.6 else rng.choice(found)
        if isinstance(control, w.Button):
            control.click()
        elif isinstance(control, w.Dropdown):
            control.index = rng.randrange(len(control.options))
        elif isinstance(control, w.Checkbox):
            control.value = not control.value
        else:
            control.value = rng.choice([-1, 0, 1, 2, 3, 5, 7, 13, 15, 40])
        # whatever happened, the answer on screen is the answer to the situation the controls show
        assert ui.parts.answer.value == COMPUTE[name](ui.parts.situation())
        for key, control in ui.parts.fields.items():
            assert control.value == ui.parts.situation()[key]
