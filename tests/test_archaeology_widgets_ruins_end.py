"""Headless tests of the 아키올로지 widgets for ruins, museum, game end, variants, play and 잠정값:
drive the controls like a user and check that what is shown is the engine's answer."""
import re

import ipywidgets as w
import pytest

from rules import CHANCE, IllegalAction, archaeology as A
from rules.archaeology import components as C, odds
from widgets.archaeology import museum, play, provisional, ruins, scoring, variants
from widgets.common import odds_text
from widget_helpers import button, walk


def text(html):
    return re.sub(r"<[^>]+>", "", html)


# --- ruins ----------------------------------------------------------------------------------
def test_pyramid_explorer_takes_the_whole_chamber_once_per_turn():
    e = ruins.Explorer("pyramid")
    room = dict(e.state.chambers[2])
    button(e.controls, "Ⅲ번 방 탐험").click()
    for card, n in room.items():
        assert e.state.hands[0].get(card, 0) >= n
    assert e.state.chambers[2] == {}
    before = e.state
    button(e.controls, "Ⅱ번 방 탐험").click()
    assert "턴당 1회" in e.message.value and e.state is before
    button(e.controls, "턴 마치기 (상대 턴이 이어집니다)").click()
    assert e.state.turn == 0 and e.state.phase == "dig"              # the opponent played its turn
    while e.state.phase != "actions":                                 # player 1 digs (and answers)
        next(b for b in walk(e.controls) if isinstance(b, w.Button)).click()
    button(e.controls, "Ⅲ번 방 탐험").click()
    assert "이미 비었습니다" in e.message.value


def test_reshuffle_deals_new_chambers_from_the_next_seed():
    e = ruins.Explorer("pyramid", seed=3)
    button(e.widget, "다시 섞기").click()
    assert e.seed == 4 and e.state == ruins.deal("pyramid", 4)


def test_temple_peek_needs_a_sale_and_shows_the_seller_the_chamber():
    e = ruins.Explorer("temple")
    before = e.state
    button(e.controls, "Ⅱ번 방 엿보기").click()
    assert "신전" in e.message.value and e.state is before
    button(e.controls, "박물관에 판매").click()
    assert len(e.state.museum[0]) == 1 and e.state.peeks == 1
    button(e.controls, "Ⅱ번 방 엿보기").click()
    assert e.state.seen[0]["1"] == tuple(sorted(e.state.chambers[1].items()))
    assert "판매한 플레이어만" in e.message.value


def test_tomb_offers_the_engines_keep_choices():
    e = ruins.Explorer("tomb")
    button(e.controls, "Ⅰ번 방 탐험").click()
    assert [a for _, a in e.keep.options] == e.state.legal_actions()
    choice = e.keep.options[0][1]
    button(e.controls, "가져가기").click()
    assert all(e.state.hands[0].get(c, 0) >= n for c, n in choice.cards)
    assert e.state.phase == "actions"


def test_mine_shows_bust_chance_and_a_bust_keeps_nothing():
    e = ruins.Explorer("mine")
    hand = dict(e.state.hands[0], map=e.state.hands[0]["map"] - 1)
    button(e.controls, "Ⅰ번 방 탐험").click()
    while e.state.phase == "mine":
        shown = "".join(c.value for c in e.controls.children if isinstance(c, w.HTML))
        assert odds_text(odds.mine_bust_chance(e.state)) in shown
        button(e.controls, "한 장 더").click()
    if e.state.last_bust:
        assert e.state.hands[0] == hand and "아무것도 가져가지 못합니다" in e.message.value
        assert sum(e.state.chambers[0].values()) == 15


def test_mine_stop_keeps_every_revealed_card():
    e = ruins.Explorer("mine")
    button(e.controls, "Ⅰ번 방 탐험").click()
    revealed = dict(e.state.revealed)
    button(e.controls, "멈추기").click()
    assert revealed and all(e.state.hands[0][c] >= n for c, n in revealed.items())


def test_sphinx_same_type_twice_is_refused_and_reveal_keeps_named_types():
    e = ruins.Explorer("sphinx")
    e.named[0].value = e.named[1].value = "pot"
    before = e.state
    button(e.controls, "선언하고 5장 공개").click()
    assert "서로 다른 보물 2종" in e.message.value and e.state is before
    e.named[0].value, e.named[1].value = "coin", "pot"
    haul = odds.sphinx_expected_haul(e.state.chambers[0], ("coin", "pot"))
    assert f"{float(haul):.2f}장" in "".join(c.value for c in walk(e.controls) if isinstance(c, w.HTML))
    button(e.controls, "선언하고 5장 공개").click()
    gained = {c for c, n in e.state.hands[0].items() if n > before.hands[0].get(c, 0)}
    assert gained <= {"coin", "pot"} and e.state.hands[0]["map"] == before.hands[0]["map"] - 1


def _to_players_dig(e):
    button(e.controls, "턴 마치기 (상대 턴이 이어집니다)").click()
    assert e.state.turn == 0 and e.state.phase == "dig"


def test_buried_storm_is_a_dig_outcome_that_refills_first_and_keeps_the_turn():
    e = ruins.Explorer("buried")
    _to_players_dig(e)
    pile = sum(e.state.pile.values())
    rooms = [sum(r.values()) for r in e.state.chambers]
    button(e.controls, "모래 폭풍이 나왔다고 하기").click()
    assert sum(e.state.pile.values()) == pile - 3
    assert [sum(r.values()) for r in e.state.chambers] == [n + 1 for n in rooms]
    assert "보충 확률" in e.message.value
    while e.state.current_player() == 0 and e.state.phase in ("tent", "bury"):
        next(b for b in walk(e.controls) if isinstance(b, w.Button)).click()
    assert e.state.turn == 0 and e.state.phase == "dig"               # the drawer digs again
    button(e.controls, "발굴 (엔진이 뽑기)").click()
    while e.state.phase != "actions":
        next(b for b in walk(e.controls) if isinstance(b, w.Button)).click()
    button(e.controls, "Ⅰ번 방 탐험").click()
    assert e.state.explored
    before = e.state
    button(e.controls, "Ⅱ번 방 탐험").click()
    assert "턴당 1회" in e.message.value and e.state is before       # still the same turn


def test_notation_follows_the_rulebook():
    assert ruins.notation("pyramid") == "Ⅰ(2), Ⅱ(5), Ⅲ(8)"
    assert ruins.notation("buried") == "Ⅰ(1), Ⅱ(1), Ⅲ(1) + 별도의 보물 카드 덱(12)"


# --- museum ---------------------------------------------------------------------------------
def test_sale_calculator_prices_by_the_engine_and_refuses_oversized_sets():
    calc = museum.sale_calculator()
    answer, compare = calc.parts.answer, calc.parts.compare
    assert "10점" in answer.value and "<td>2 + 2장</td><td>2번</td><td><b>4점</b>" in compare.value
    calc.parts.amount.value = 5
    with pytest.raises(IllegalAction) as exc:
        museum.sell_all("parchment", [5])
    assert text(str(exc.value)) in text(answer.value.replace("<br>", ""))
    calc.parts.kind.value, calc.parts.amount.value = "mask", 6    # more masks than the game has
    with pytest.raises(IllegalAction) as exc:
        museum.sell_all("mask", [6])
    assert text(str(exc.value)) in text(compare.value.replace("<br>", ""))


# --- end ------------------------------------------------------------------------------------
def test_end_scoring_shows_engine_scores_and_tie_break():
    e = scoring.EndScoring()
    state = scoring.final_state(scoring.EXAMPLE)
    assert state.is_terminal() and state.winners() == [0]
    assert "판매한 카드가 더 적은 플레이어 1" in e.result.value
    shown = e.result.value
    e.rows[1][0].children[1].value = 5       # 양피지 5장: above the max set
    button(e.widget, "점수 계산").click()
    assert "최대 4장" in e.message.value and e.result.value == shown
    e.rows[1][0].children[1].value = 4
    button(e.widget, "점수 계산").click()
    assert e.message.value == "" and e.result.value == shown
    e.count.value = 2
    assert len(e.rows) == 2 and len(e.players.children) == 2


# --- variants -------------------------------------------------------------------------------
def test_variant_compare_uses_component_data_and_refuses_long_at_four():
    v = variants.variant_compare(players=3, variants=("long", "lucky"))
    table, lucky = v.parts.table, v.parts.lucky
    assert "<td>조각난 석판</td><td>–</td><td>12</td>" in table.value
    start = A.new_game(num_players=3, seed=1, variants=("long", "lucky")).start_player
    assert f"선 플레이어: 플레이어 {start + 1}" in lucky.value
    before = table.value, lucky.value
    v.parts.players.value = 4
    assert "2~3인용" in v.parts.message.value and (table.value, lucky.value) == before
    v.parts.variants["long"].value = False   # legal again: the error goes and 4인 is shown
    assert v.parts.message.value == "" and "4인" in table.value


def test_sand_hell_table_shows_six_sandstorms_and_two_tent_uses():
    html = variants.makeup_html(4, ("sand_hell",))
    assert "<td>모래 폭풍</td><td>4" in html and "</td><td>6</td></tr>" in html
    assert "<td>1회</td><td>2회</td>" in html


# --- play -----------------------------------------------------------------------------------
def test_play_starts_a_few_moves_in_and_undo_restores_the_state():
    p = play.Play()
    assert len(p.history) > 5 and p.state.current_player() == 0
    before = p.state
    end = [b for b in walk(p.actions) if isinstance(b, w.Button) and b.description == "턴을 마칩니다"][0]
    end.click()
    assert p.history[-2] is before and p.log_lines()[-1] == "플레이어 1: 턴을 마칩니다"
    button(p.widget, "한 수 되돌리기").click()
    assert p.state is before


def test_play_all_bots_reaches_the_end_with_winners():
    p = play.Play(players=2, ruin="mine", seed=5)
    for seat in p.seat_boxes[:2]:
        seat.value = True
    button(p.widget, "봇 차례 자동 진행").click()
    assert p.state.is_terminal()
    shown = p.actions.children[0].value
    assert "승리: " + ", ".join(f"플레이어 {q + 1}" for q in p.state.winners()) in shown


def test_play_chance_button_resolves_a_chance_node():
    p = play.Play(warmup=0)
    p.history = [A.new_game(num_players=3, seed=4, ruin="pyramid")]
    assert p.state.current_player() == CHANCE   # the first dig
    button(p.widget, "진행 (우연)").click()
    assert len(p.history) == 2 and p.log_lines()[-1].startswith("플레이어 1: 발굴지에서")


def test_play_large_action_groups_use_a_dropdown():
    p = play.Play(players=2, ruin="sphinx", seed=1, warmup=0)
    p.history = [A.scenario(players=2, ruin="sphinx", hands=[{"map": 1}, {}], chambers=[{"pot": 5, "coin": 5}])]
    p.render()
    pick = [d for d in walk(p.actions) if isinstance(d, w.Dropdown)][0]
    assert [a for _, a in pick.options] == [a for a in p.state.legal_actions() if a.kind == "explore"]
    button(p.actions, "실행").click()
    assert p.history[1].phase == "sphinx" and len(p.history[1].named) == 2


def test_play_shows_the_person_what_the_temple_peek_showed():
    p = play.Play(players=2, ruin="temple", seed=1, warmup=0)
    p.history = [A.scenario(players=2, ruin="temple", hands=[{"pot": 2}, {"coin": 1}],
                            chambers=[{"cup": 5}, {"mask": 4}, {"coin": 5}])]
    p.play(A.Sell("pot", 1))
    p.play(A.Peek(1))
    assert "신전 Ⅱ번 방을 엿본 내용" in p.table.value and "파라오 가면" in p.table.value
    p.play(A.EndTurn())
    assert "파라오 가면" in p.table.value                            # it stays known to player 1


def test_play_hides_the_bots_hands_unless_asked():
    p = play.Play(players=2, ruin="pyramid", seed=3, warmup=0)
    p.history = [A.scenario(players=2, hands=[{"pot": 1}, {"mask": 2}])]
    p.render()
    assert "파라오 가면" not in p.table.value
    p.show_all.value = True
    assert "파라오 가면" in p.table.value


def test_bot_game_summary_is_the_engine_result():
    html = play.bot_game_summary(players=3, ruin="tomb", seed=2).value
    assert "승리:" in html and "묘실" in html


# --- provisional ----------------------------------------------------------------------------
def test_provisional_table_lists_every_unverified_value():
    html = provisional.unverified_table().value
    assert html.count("<tr><td>") == len(C.unverified())
    assert "rules/archaeology/components.json" in html and "잠정값" in html
