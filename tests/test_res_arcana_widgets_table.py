"""Headless tests of the 레즈 아르카나 테이블 page widget: a seeded game played through the table screen's own
buttons and menus, and a screen facing the table never names a hidden card (hands, decks, mage options,
draft packets, the monument deck, the box)."""
import random

import ipywidgets as w

from rules import CHANCE, res_arcana as R
from rules.res_arcana import components as C
from widgets.res_arcana import table
from widget_helpers import button, choices, game_screen, hand_over, play_through, screen_text, walk

HIDDEN_KINDS = {c: C.name(c) for c in C.MAGES + C.ARTIFACTS + C.MONUMENTS}


def hidden_now(state, shown: set) -> set:
    """Names of components only in hidden places now, never shown to the whole table so far."""
    zones = list(state.hand) + list(state.deck) + list(state.top) + list(state.draft) + list(state.draft_next)
    zones += [state.mon_deck, state.mon_top, state.box]
    if any(t["t"] == "mage" for t in state.tasks):
        zones += list(state.mage_options) + [[m] for m in state.mage if m]
    names = {HIDDEN_KINDS[c] for zone in zones for c in zone if c in HIDDEN_KINDS}
    return names - shown


def without_longer_names(screen: str) -> str:
    """The screen with every component name that contains a shorter one cut out (연금술사의 탑 holds 연금술사),
    so a public name never counts as a hidden one."""
    names = sorted(C.NAMES.values(), key=len, reverse=True)
    for name in names:
        if any(other != name and other in name for other in names):
            screen = screen.replace(name, "")
    return screen


def press_any(rng):
    """A decision as a person makes it: one of the moves the screen offers, which are exactly the legal ones."""
    def decide(t):
        offered = choices(t)
        assert len(offered) == len(t.state.legal_actions())
        rng.choice(offered)[1]()
        assert t.message.value == ""
    return decide


def test_the_table_screen_never_names_a_hidden_card_over_a_seeded_game():
    for players, variants, seed in ((2, (), 3), (3, ("draft",), 5), (4, ("first_game",), 8)):
        t = table.Table(players=players, seed=seed, variants=variants)
        shown, checks = set(), []

        def check(t):
            public = repr(t.state.public_view(None))
            shown.update(name for c, name in HIDDEN_KINDS.items() if f"'{c}'" in public)
            if t.looking.value is not None:
                return                                  # handed to a player: theirs to see
            screen = without_longer_names(game_screen(t))
            hidden = hidden_now(t.state, shown)
            leaked = {name for name in hidden if name in screen}
            assert not leaked, f"{players}인 {variants} {len(t.history) - 1}수째: 숨은 카드 {leaked}"
            checks.append(len(hidden))

        play_through(t, check, press_any(random.Random(seed)))
        assert t.state.is_terminal() and "승리:" in screen_text(t.actions)
        assert len(checks) > 50 and max(checks) > 0


def test_a_draw_is_told_by_its_owner_and_undo_takes_it_back():
    t = table.Table(players=2, seed=2)
    start = t.state
    assert start.current_player() == CHANCE
    pick = [d for d in walk(t.actions) if isinstance(d, w.Dropdown)][0]
    assert len(pick.options) == 1                        # the table sees only "a card was drawn"
    button(t.actions, "이 카드가 나왔다고 하기").click()
    assert t.state is start and "만 압니다" in t.message.value
    hand_over(t).click()
    pick = [d for d in walk(t.actions) if isinstance(d, w.Dropdown)][0]
    card = start.deck[0][0]
    pick.value = [o for o in pick.options if o[1] == [R.Draw(card)]][0][1]
    button(t.actions, "이 카드가 나왔다고 하기").click()
    assert t.state.to_json() == start.apply(R.Draw(card)).to_json()
    assert t.log_lines() == [f"플레이어 1: 유물 카드 더미에서 {C.name(card)} 카드가 나왔습니다"]
    assert t.looking.value is None or t.looking.value == t.actor(t.state)
    button(t.widget, "한 수 되돌리기").click()
    assert t.state is start


def test_the_staff_switch_and_a_handed_over_screen_show_the_hand():
    t = table.Table(players=2, seed=2)
    card = t.state.deck[0][0]
    t.play(R.Draw(card))
    assert C.name(card) not in game_screen(t)
    t.looking.value = 0
    assert C.name(card) in t.table.value
    t.looking.value = None
    t.show_hands.value = True
    assert C.name(card) in game_screen(t)


def test_the_view_goes_back_to_the_table_when_the_turn_passes():
    t = table.Table(players=2, seed=4, variants=("first_game",))
    while t.state.current_player() == CHANCE or t.state.phase != "actions":   # through setup and collect
        s = t.state
        hand_over(t).click() if s.current_player() != CHANCE and t.looking.value != s.current_player() else None
        t.play(s.chance_outcomes()[0][0] if s.current_player() == CHANCE else s.legal_actions()[0])
    mover = t.state.current_player()
    if t.looking.value != mover:
        hand_over(t).click()
    assert t.looking.value == mover
    hand = t.state.hand[mover]
    t.play(next(a for a in t.state.legal_actions() if isinstance(a, R.Pass)))
    while t.state.current_player() == CHANCE:                                  # the pass draws a card
        t.play(t.state.chance_outcomes()[0][0])
    assert t.state.current_player() != mover
    assert t.looking.value is None
    assert not any(C.name(c) in game_screen(t) for c in hand if C.name(c) not in repr(t.state.public_view(None)))


def test_settings_choose_players_rules_names_and_the_first_player():
    t = table.Table()
    t.players.value = 3
    assert len([c for c in t.seats.children if isinstance(c, w.HBox)]) == 3
    t.variant.value = ("draft",)
    t.names[2].value = "민지"
    t.first.value = 2
    button(t.widget, "이 설정으로 게임 시작").click()
    assert t.state.num_players == 3 and t.state.variants == ["draft"] and t.state.first == 2
    assert "민지" in t.table.value and "드래프트" in t.table.value
    assert t.settings.selected_index is None


def test_a_wrong_move_gives_a_korean_error_and_changes_nothing():
    t = table.Table(players=2, seed=2)
    before = t.state
    t.play(R.Pass("protection"))                      # not legal while cards are being dealt
    assert t.state is before and len(t.history) == 1
    assert "무작위로 정해질 차례" in t.message.value and "아무것도 바뀌지 않았습니다" in t.message.value


def test_a_seat_handed_the_screen_sees_its_8_dealt_cards_and_the_table_does_not():
    """게임 준비 6: each player looks at their 2 mages and 8 artifacts; the table screen shows counts only."""
    t = table.Table(players=2, seed=1)
    state = t.state
    assert state.current_player() == CHANCE and state.tasks[-1]["p"] == 0       # the opening draws, seat 1 first
    own = [C.name(c) for c in state.deck[0]] + [C.name(m) for m in state.mage_options[0]]
    assert "유물 더미에 남은 카드" not in game_screen(t)
    hand_over(t).click()
    screen = game_screen(t)
    assert "유물 더미에 남은 카드" in screen and all(name in screen for name in own)
    assert all(C.name(c) not in without_longer_names(screen) for c in state.deck[1] if C.name(c) not in own)


def _type_seat(t, p, mages, artifacts):
    """Seat p types its dealt cards with the screen handed to it, then hides them."""
    seat = t.deal_inputs.seats[p]
    seat.open_button.click()
    assert seat.private.layout.display is None and seat.mages.value == ""
    seat.mages.value = ", ".join(C.name(m) for m in mages)
    seat.artifacts.value = ", ".join(C.name(a) for a in artifacts)
    button(seat.private, "확인하고 가리기").click()
    assert seat.private.layout.display == "none" and "입력함" in seat.status.value


def test_the_table_starts_from_the_cards_it_really_dealt():
    t = table.Table(players=2)
    t.deal_inputs.real.value = True
    t.deal_inputs.places[0].value = C.TILES[1][1]
    t.deal_inputs.monuments[0].value, t.deal_inputs.monuments[1].value = "oracle", "library"
    cards = [list(C.ARTIFACTS[10:18]), list(C.ARTIFACTS[20:28])]
    _type_seat(t, 0, ["alchemist", "druid"], cards[0])
    _type_seat(t, 1, list(C.MAGES[4:6]), cards[1])
    assert all(C.name(a) not in game_screen(t) for a in cards[0] + cards[1])
    button(t.widget, "이 설정으로 게임 시작").click()
    s = t.state
    assert t.message.value == "" and s.places[0] == C.TILES[1][1] and s.mon_up == ["oracle", "library"]
    assert s.deck == [sorted(cards[0]), sorted(cards[1])] and s.mage_options[0] == ["alchemist", "druid"]
    assert all(seat.mages.value == seat.artifacts.value == "" for seat in t.deal_inputs.seats)   # wiped
    assert s.current_player() == CHANCE and t.looking.value is None
    assert all(C.name(a) not in without_longer_names(game_screen(t)) for a in cards[0] + cards[1])
    hand_over(t).click()                                         # seat 1 draws its real cards
    assert all(C.name(a) in game_screen(t) for a in cards[0])


def test_a_wrong_deal_is_refused_in_korean_and_keeps_what_was_typed():
    t = table.Table(players=2)
    t.deal_inputs.real.value = True
    seat = t.deal_inputs.seats[0]
    seat.open_button.click()
    seat.artifacts.value = "불의 용, 없는 카드"
    button(seat.private, "확인하고 가리기").click()
    assert "알 수 없는 유물 이름입니다: 없는 카드" in seat.note.value and seat.private.layout.display is None
    _type_seat(t, 0, ["alchemist", "druid"], C.ARTIFACTS[:8])
    _type_seat(t, 1, ["alchemist", C.MAGES[5]], C.ARTIFACTS[8:16])
    before = t.state
    button(t.widget, "이 설정으로 게임 시작").click()
    assert t.state is before and "두 번 나누었습니다" in t.message.value
    assert seat.artifacts.value, "an error keeps the typed cards"


def test_the_first_game_asks_each_seat_for_its_5_deck_cards_only():
    t = table.Table(players=2)
    t.variant.value = ("first_game",)
    t.deal_inputs.real.value = True
    assert all(d.disabled for d in t.deal_inputs.places)
    seat = t.deal_inputs.seats[0]
    seat.open_button.click()
    assert seat.mages.layout.display == "none" and "유물 더미 5장" in seat.note.value
