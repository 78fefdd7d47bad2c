"""The guided game (widgets/common/coach.py) of every game that has a teacher: a whole game is played
to its end choosing moves as a newcomer would (mostly the advice, sometimes another move); at every
decision the teacher names the decision, links to a section that exists in the chapter, and advises a
legal move with a reason; a move against the advice is told what it gave up."""
import random
import re
from importlib import import_module
from pathlib import Path

import pytest

from rules import GAMES

BOOK = Path(__file__).resolve().parent.parent / "book"
GUIDED = [g for g in GAMES if hasattr(import_module(f"widgets.{g}.play"), "Guided")]
LINK = re.compile(r'<a href="([a-z_]+)\.html#([a-z0-9-]+)">규칙: ')


def labels(game: str, page: str) -> set:
    return set(re.findall(r"^\(([a-z0-9-]+)\)=", (BOOK / game / f"{page}.md").read_text(encoding="utf-8"), re.M))


def test_archaeology_has_a_guided_game():
    assert "archaeology" in GUIDED


@pytest.mark.parametrize("game", GUIDED)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_guided_game_reaches_its_end_with_a_lesson_at_every_decision(game, seed):
    guided = import_module(f"widgets.{game}.play").Guided(seed=seed)
    rng = random.Random(seed)
    links, deviations, decisions = set(), 0, 0
    while not guided.state.is_terminal():
        assert guided.persons_turn(), "the bots and chance run on their own until the person decides"
        html = guided.coach.value
        assert "💡 추천:" in html and guided.follow.layout.display != "none"
        advised = guided.advice()
        assert advised.action in guided.state.legal_actions() and advised.reason
        links |= set(LINK.findall(html))
        if decisions < 3:
            assert "🧭 지금 할 결정" in html, "the first decisions are explained in full"
        if rng.random() < 0.2:
            other = [a for a in guided.state.legal_actions() if a != advised.action]
            if other:
                guided.play(rng.choice(other))
                deviations += 1
                if not guided.state.is_terminal():
                    assert "🤔 고른 수" in guided.coach.value and "추천했던 수" in guided.coach.value
                decisions += 1
                continue
        guided.play_advice()
        decisions += 1
        assert decisions < 2000
    assert "게임이 끝났습니다" in guided.coach.value and guided.follow.layout.display == "none"
    assert deviations and links
    for page, anchor in links:
        assert anchor in labels(game, page), f"{page}.html#{anchor}: 그런 자리가 책에 없습니다"
    assert not re.search(r"[을를이가]\([을를이가]\)|\(으\)로", " ".join(guided.log_lines()))


@pytest.mark.parametrize("game", GUIDED)
def test_undo_goes_back_to_the_persons_previous_decision(game):
    guided = import_module(f"widgets.{game}.play").Guided(seed=3)
    first = guided.state
    guided.play_advice()
    guided.undo()
    assert guided.state is first and guided.persons_turn()


def assert_advice_blind(guided, bots, reshuffle, seed: int, decisions: int, at_least: int):
    """Along a guided game (the advice followed), each position and the same one with what the person
    cannot see dealt anew by `reshuffle` get the same advice, reasons and values."""
    rng = random.Random(seed)
    checked = 0
    for _ in range(decisions):
        state = guided.state
        if state.is_terminal():
            break
        seat = state.current_player()
        other = reshuffle(state, seat, rng)
        assert other.public_view(seat) == state.public_view(seat)
        if other.to_json() != state.to_json():
            assert [(w.action, w.reason, w.value) for w in bots.weigh(other)] == \
                [(w.action, w.reason, w.value) for w in bots.weigh(state)]
            checked += 1
        guided.play_advice()
    assert checked > at_least


def _reshuffle_hidden_treasures(state, seat, rng):
    """아키올로지: the same position for `seat`, with the treasures it cannot see dealt anew among the
    zones that hide them (the dig deck, other hands, face-down rooms, the refill pile), sizes kept."""
    from rules.archaeology import components as C
    s = type(state).from_json(state.to_json())
    zones = [s.deck, s.pile] + [h for p, h in enumerate(s.hands) if p != seat]
    if not C.ruin(s.ruin)["face_up"]:
        zones += [room for i, room in enumerate(s.chambers) if str(i) not in s.seen[seat]]
    cards, sizes = [], []
    for zone in zones:
        hidden = {c: n for c, n in zone.items() if c in C.SALE}
        sizes.append(sum(hidden.values()))
        for c, n in hidden.items():
            cards += [c] * n
            del zone[c]
    rng.shuffle(cards)
    for zone, size in zip(zones, sizes):
        for c in cards[:size]:
            zone[c] = zone.get(c, 0) + 1
        del cards[:size]
    return s


def test_archaeology_advice_uses_only_what_the_person_can_see():
    """Positions that differ only in cards the person cannot see get the same advice and reasons."""
    from rules.archaeology import bots
    from widgets.archaeology.play import Guided
    assert_advice_blind(Guided(seed=5), bots, _reshuffle_hidden_treasures, seed=5, decisions=25, at_least=10)


def _reshuffle_board_stacks(state, seat, rng):
    """아틀란다이스 hides only the order of the boards under each top board (the engine has not even
    decided it): the same position with that order shuffled."""
    s = type(state).from_json(state.to_json())
    for stack in s.stacks:
        under = stack[1:]
        rng.shuffle(under)
        stack[1:] = under
    return s


def test_atlandice_advice_uses_only_what_the_person_can_see():
    from rules.atlandice import bots
    from widgets.atlandice.play import Guided
    assert_advice_blind(Guided(players=2, seed=5), bots, _reshuffle_board_stacks, seed=5, decisions=40, at_least=10)


def _reshuffle_hidden_cards(state, seat, rng):
    """레즈 아르카나: the same position for `seat`, with the cards it cannot see dealt anew among the zones
    that hide them (other hands, decks and known deck tops, mage options and draft packets, the box, and in
    the first game the seat's own face-down deck), each zone keeping its size and each card its kind."""
    from rules.res_arcana import components as C
    s = type(state).from_json(state.to_json())
    zones = [s.box]
    for p in range(s.num_players):
        if p != seat:
            zones += [s.hand[p], s.deck[p], s.top[p], s.mage_options[p], s.draft[p], s.draft_next[p]]
    if "first_game" in s.variants:
        zones.append(s.deck[seat])
    for kind in ("artifact", "mage"):
        cards = [c for zone in zones for c in zone if C.KIND[c] == kind]
        rng.shuffle(cards)
        for zone in zones:
            for i, c in enumerate(zone):
                if C.KIND[c] == kind:
                    zone[i] = cards.pop()
    for p in range(s.num_players):
        s.deck[p].sort()
    return s


def test_res_arcana_advice_uses_only_what_the_person_can_see():
    """Positions that differ only in cards the person cannot see get the same advice and reasons."""
    from rules.res_arcana import bots
    from widgets.res_arcana.play import Guided
    for variants in (("first_game",), ()):
        assert_advice_blind(Guided(seed=5, variants=variants), bots, _reshuffle_hidden_cards, seed=5, decisions=40,
                            at_least=20)


def _reshuffle_other_hands(state, seat, rng):
    """엘도라도: the same position for `seat`, with the cards of the other players' hands and decks dealt
    anew among those hands and decks (each keeps its size): what `seat` cannot see."""
    s = type(state).from_json(state.to_json())
    zones = [zone for p in range(s.num_players) if p != seat for zone in (s.hands[p], s.decks[p])]
    cards = [c for zone in zones for c, n in sorted(zone.items()) for _ in range(n)]
    sizes = [sum(zone.values()) for zone in zones]
    rng.shuffle(cards)
    for zone, size in zip(zones, sizes):
        zone.clear()
        for c in cards[:size]:
            zone[c] = zone.get(c, 0) + 1
        del cards[:size]
    return s


def test_el_dorado_advice_uses_only_what_the_person_can_see():
    """Positions that differ only in the other players' hands and decks get the same advice and reasons."""
    from rules.el_dorado import bots
    from widgets.el_dorado.play import Guided
    assert_advice_blind(Guided(seed=5), bots, _reshuffle_other_hands, seed=5, decisions=40, at_least=20)
