"""Headless tests of the 엘도라도 pictures and teaching widgets: the map, the movement planner, the
worked examples' replays, and every example id in the book."""
import re
from pathlib import Path

import ipywidgets as w

from rules import el_dorado as E
from rules.el_dorado import components as C
from widgets.el_dorado import board as B, examples as X, planner as P
from widgets.common import odds_text
from widgets.el_dorado.replay import Replay, step_text
from widget_helpers import button, walk
import test_el_dorado_examples
from book_examples import example_ids, example_ids_in_tests

BOOK = Path(__file__).resolve().parents[1] / "book" / "el_dorado"


# --- the map ---------------------------------------------------------------------------------
def test_the_map_draws_every_space_the_blockades_pawns_and_caves():
    s = E.new_game(3, seed=1, caves=True)
    svg = B.map_svg(s.board, s.blockades, s.pawns, s.cave_piles)
    assert svg.count("<use ") == len(s.board.terrain) and svg.count("<polygon") == 1 + len(s.board.gold)
    assert svg.count(">1</text>") + svg.count(">2</text>") > len(s.board.terrain) / 2      # requirements
    assert svg.count("data-blockade=") == len(s.board.blockade_seams)
    assert svg.count("data-cave=") == len(s.board.caves) and svg.count("data-pawn=") == 3
    assert "<title>" not in svg          # a phone shows no tooltip: nothing may be said only there
    taken = B.map_svg(s.board, [None] * len(s.blockades), s.pawns)
    assert "data-blockade=" not in taken and "data-cave=" not in taken   # no cave piles without the variant


def _px(svg) -> float:
    """The size in px of a requirement number when the picture fills a 375-px phone (less margins)."""
    width = float(re.search(r'viewBox="\S+ \S+ (\S+)', svg).group(1))
    return B.NUMBER_SIZE * 355 / width


def test_the_map_runs_down_the_page_and_its_close_up_reads_on_a_phone():
    for name in C.PATHS:
        b = E.board(E.published(name))
        lay = B.Layout(b)
        xs = [lay.centre(h)[0] for h in b.terrain]
        ys = [lay.centre(h)[1] for h in b.terrain]
        assert max(xs) - min(xs) <= max(ys) - min(ys), name
        svg = B.map_svg(b)
        assert 'width="100%"' in svg and "viewBox" in svg and _px(svg) >= 7, name     # the overview
        for h in b.terrain:                       # the close-up around a pawn, anywhere on the map
            assert _px(B.map_svg(b, focus=B.around(b, [h]))) >= 11, (name, h)
    assert _px(B.map_svg(E.board(E.published("first")))) >= 11          # the first game's whole map


def test_a_focus_crops_the_picture_to_those_spaces():
    b = E.board(E.published("first"))
    whole = float(re.search(r'viewBox="\S+ \S+ (\S+)', B.map_svg(b)).group(1))
    small = B.map_svg(b, focus=["0,0", "1,0"])
    crop = float(re.search(r'viewBox="\S+ \S+ (\S+)', small).group(1))
    assert crop < whole / 2 and small.count("<use ") < len(b.terrain) / 4    # a close-up sends only its part


def _blockade_labels(svg) -> list:
    """(x0, y0, x1, y1) of each blockade label: a pill, or with the planner's markers a small disc."""
    boxes = [(float(x), float(y), float(x) + float(w), float(y) + float(h)) for x, y, w, h in
             re.findall(r'<rect x="(\S+)" y="(\S+)" width="(\S+)" height="(\S+)"[^>]*data-blockade=', svg)]
    for x, y, r in re.findall(r'<circle cx="(\S+)" cy="(\S+)" r="(\S+)"[^>]*data-blockade=', svg):
        x, y, r = float(x), float(y), float(r)
        boxes.append((x - r, y - r, x + r, y + r))
    return boxes


def test_a_close_up_never_cuts_a_blockade_label_and_markers_leave_it_small():
    seen = 0
    for name in C.PATHS:
        b = E.board(E.published(name))
        numbers = list(range(1, len(b.blockade_seams) + 1))
        marks = {h: str(i) for i, h in enumerate(sorted(b.terrain), 1)}
        for h in b.terrain:
            for with_marks in (False, True):
                svg = B.map_svg(b, numbers, marks=marks if with_marks else None, focus=B.around(b, [h]))
                x0, y0, vw, vh = map(float, re.search(r'viewBox="(\S+) (\S+) (\S+) (\S+)"', svg).groups())
                for lx0, ly0, lx1, ly1 in _blockade_labels(svg):
                    seen += 1
                    assert x0 - 1 <= lx0 and lx1 <= x0 + vw + 1 and y0 - 1 <= ly0 and ly1 <= y0 + vh + 1, (name, h)
                    # between two markers (centres a space apart) a label wider than 2 x 9 would cover digits
                    assert not with_marks or lx1 - lx0 <= 18, (name, h)
    assert seen > 100       # close-ups that show a blockade were checked


def test_the_view_shows_counts_for_what_a_seat_may_not_see():
    s = E.new_game(3, seed=1)
    table = B.view_html(s.public_view(None))
    own = B.view_html(s.public_view(0))
    assert table.count('aria-label="뒷면 4장"') == 6    # 3 hands, 3 decks
    assert own.count('aria-label="뒷면 4장"') == 5 and "말 주변" in own and "전체 지도" in own


# --- the planner -----------------------------------------------------------------------------
HAND = {"pioneer": 1, "traveler": 2, "adventurer": 1, "native": 1, "captain": 1, "scout": 1, "jack_of_all_trades": 1}


def test_the_planner_numbers_exactly_the_reachable_spaces_and_each_plan_gets_there():
    p = P.Planner(hand=HAND)
    plans = E.reachable(p.state, 0)
    assert set(p.plans) == set(plans) and len(p.plans) > 20
    assert [v for _, v in p.target.options] == P.destinations(plans)
    svg = p.result.value
    assert all(f">{n}</text>" in svg for n in p.numbers.values())
    for label, h in p.target.options:
        assert label.startswith(f"{p.numbers[h]}번: ")
        s = p.state
        for a in plans[h]:
            s = s.apply(a)
        assert s.pawns[0] == [h] or (h in s.board.finish and s.pawns[0] == ["E"])


def test_the_chosen_space_shows_its_card_sequence_and_a_replay():
    p = P.Planner(hand=HAND)
    far = p.target.options[-1][1]
    p.target.value = far
    plan = p.plans[far]
    assert p.plan_html.value.count("<li>") == len(plan)
    assert "마체테로 씀" in p.plan_html.value or "노로 씀" in p.plan_html.value   # a white card's symbol choice
    replay = p.steps.children[0]
    for _ in plan:
        button(replay, "다음 ▶").click()
    assert f"{len(plan)}/{len(plan)}단계" in replay.children[1].value


def test_rubble_and_basecamp_are_paid_with_other_cards_and_a_blockade_is_taken():
    p = P.Planner(pawn="1,1", hand={"explorer": 1, "traveler": 1, "sailor": 1}, others=())
    base = E.scenario(players=3, pawns=[["1,1"], ["-3,0"], ["-2,-1"]],
                      hands=[{"explorer": 1, "traveler": 1, "sailor": 1}, {}, {}])
    assert set(p.plans) == set(E.reachable(base, 0)) and "1,2" in p.plans          # the basecamp next door
    p.target.value = "1,2"
    assert "을 게임에서 제거하고 베이스캠프(카드 1장) 칸" in p.plan_html.value
    q = P.Planner(pawn="3,-2", hand={"trailblazer": 1}, others=())
    assert any(isinstance(plan[0], E.Break) for plan in q.plans.values())
    assert "장애물 1번(정글 1)을 극복하고 가져감" in step_text(q.state, E.Break(0, 0, "trailblazer"))
    q.blockades[0].value = False                                        # that blockade already taken
    assert q.state.blockades[0] is None and "장애물 1번" not in q.plan_html.value


def test_the_hand_and_pawns_are_set_from_menus_with_korean_errors():
    p = P.Planner()
    for _ in range(4):
        button(p.widget, "패에 넣기").click()
    assert sum(p.hand.values()) == 8
    before = dict(p.hand)
    button(p.widget, "패에 넣기").click()
    assert "8장까지" in p.cards.message.value and "아무것도 바뀌지 않았습니다" in p.cards.message.value
    assert p.hand == before
    button(p.widget, "패 비우기").click()
    assert p.hand == {} and not p.plans and "움직일 수 있는 칸이 없습니다" in p.result.value
    button(p.widget, "한 장 빼기").click()
    assert "카드가 없습니다" in p.cards.message.value
    p.tile.value = 1
    p.space.value = p.space.options[0][1]
    button(p.widget, "내 말을 이 칸에").click()
    assert p.pawn == p.space.value and p.state.pawns[0] == [p.pawn]
    button(p.widget, "다른 말을 이 칸에").click()
    assert "이미 말이 있습니다" in p.message.value
    p.space.value = p.space.options[1][1]
    button(p.widget, "다른 말을 이 칸에").click()
    assert p.space.value in p.others and p.space.value not in p.plans


def test_the_planner_on_another_path_starts_on_its_start_spaces():
    p = P.Planner()
    p.path.value = "serpentine"
    b = E.board(E.published("serpentine"))
    assert p.pawn == b.starts[1] and len(p.blockades) == len(b.blockade_seams)
    assert set(p.plans) == set(E.reachable(p.state, 0))


# --- the worked examples ---------------------------------------------------------------------
def test_each_replay_ends_where_the_example_test_does():
    ends = {}
    for key in X.EXAMPLES:
        start, actions, _ = X.actions(key)
        s = start
        for a in actions:
            s = s.apply(a)
        ends[key] = s
    assert ends["eunji-moves"].pawns[0] == ["1,0"]
    assert ends["trailblazer-blockade"].taken[0] == [1] and ends["trailblazer-blockade"].pawns[0] == ["4,-2"]
    assert ends["yongbin-purchase"].discards[0] == {"transmitter": 1}
    assert ends["euihyun-turn"].turn == 1 and ends["euihyun-turn"].hands[0] == {"explorer": 3, "sailor": 1}
    assert ends["yujeong-cave"].held[0] == {} and ends["yujeong-cave"].pawns[0] == ["-1,2"]


def test_a_replay_steps_forward_and_back_and_refuses_to_run_off_either_end():
    start, actions, notes = X.actions("euihyun-turn")
    r = Replay(start, actions, notes)
    button(r.widget, "◀ 이전").click()
    assert r.at == 0 and "첫 장면" in r.message.value
    for _ in actions:
        button(r.widget, "다음 ▶").click()
    assert r.at == len(actions)
    button(r.widget, "다음 ▶").click()
    assert "마지막 장면" in r.message.value and r.at == len(actions)
    button(r.widget, "처음으로").click()
    assert r.at == 0 and "처음 상황" in r.text.value


def test_every_example_is_in_the_book():
    book = "\n".join(p.read_text(encoding="utf-8") for p in BOOK.glob("*.md"))
    # the widgets name an example without the chapter's prefix: eldo-eunji-moves is "eunji-moves"
    in_book = {i.removeprefix("eldo-") for i in example_ids(BOOK)}
    tests = {i.removeprefix("eldo-") for i in example_ids_in_tests(vars(test_el_dorado_examples), "eldo")}
    assert in_book == tests, f"책에만: {in_book - tests}, 테스트에만: {tests - in_book}"
    assert set(X.EXAMPLES) == tests
    for key in tests:
        assert f'examples.example("{key}")' in book, key


def test_every_reading_is_printed_in_the_book():
    book = "\n".join(p.read_text(encoding="utf-8") for p in BOOK.glob("*.md"))
    printed = set()
    for call in re.findall(r"rulings\(E\.READINGS, ([^)]*)\)", book):
        printed |= set(re.findall(r'"(\w+)"', call))
    assert printed == set(E.READINGS), f"빠진 판정: {set(E.READINGS) - printed}, 없는 키: {printed - set(E.READINGS)}"


# --- the planner: draws, cave tokens ---------------------------------------------------------
def test_spaces_reached_only_by_drawing_first_show_their_chance_and_the_draw_card():
    p = P.Planner(hand={"explorer": 1, "compass": 1}, deck={"explorer": 1, "traveler": 3, "sailor": 2})
    chances = E.reachable_by_drawing(p.state, 0)
    assert p.chances == chances and chances and not set(chances) & set(p.plans)
    assert p.result.value.count('stroke-dasharray="4 3"') == len(chances)
    labels = dict((h, label) for label, h in p.target.options)
    for h, (chance, first) in chances.items():
        assert f"확률 {odds_text(chance)}, 나침반 먼저" in labels[h]
    far = min(chances, key=lambda h: chances[h][0])
    p.target.value = far
    assert "먼저 나침반의 효과로 카드를 뽑습니다" in p.plan_html.value and not p.steps.children
    assert "손에 있는 카드만으로" not in p.result.value


def test_a_big_hand_with_draw_cards_works_out_its_chances_on_a_tap():
    hand = {"explorer": 3, "traveler": 2, "sailor": 1, "compass": 1, "cartographer": 1}
    p = P.Planner(hand=hand, deck={"explorer": 1, "traveler": 3, "sailor": 2, "scout": 2})
    assert p.plans and p.chances == {} and p.chance_button.layout.display is None    # 6 + 3 + 2 cards: slow
    button(p.widget, "카드를 먼저 뽑으면 갈 수 있는 칸도 세기 (몇 초 걸림)").click()
    assert p.chances == E.reachable_by_drawing(p.state, 0) and p.chances
    assert p.chance_button.layout.display == "none"
    button(p.cards.widget, "한 장 빼기").click()           # a new hand: its chances wait for a tap again
    assert p.chances == {} and p.chance_button.layout.display is None
    small = P.Planner(hand={"explorer": 1, "compass": 1}, deck={"explorer": 1, "traveler": 3})
    assert small.chances and small.chance_button.layout.display == "none"     # quick: worked out at once


def test_cards_drawn_at_the_table_are_applied_and_planned_as_certain():
    p = P.Planner(hand={"explorer": 1, "compass": 1}, deck={"explorer": 1, "traveler": 3, "sailor": 2})
    before = dict(p.plans), dict(p.chances)
    for used, drawn, words in (("", "탐험가", "쓴 뽑기 효과를 적으세요"), ("측량사", "탐험가 2", "쓸 수 없습니다"),
                               ("나침반", "탐험가", "카드 3장을 뽑습니다"), ("나침반", "탐험가 2, 항해사", "맞지 않습니다"),
                               ("망원경", "탐험가", "하나가 아닙니다")):
        p.used_text.value, p.drawn_text.value = used, drawn
        button(p.widget, "뽑은 카드로 계획").click()
        assert words in p.drawn_message.value and "아무것도 바뀌지 않았습니다" in p.drawn_message.value
        assert (p.plans, p.chances, p.drawn) == (*before, None)
    p.used_text.value, p.drawn_text.value = "나침반", "탐험가, 항해사 2"
    button(p.widget, "뽑은 카드로 계획").click()
    after = E.scenario(players=3, pawns=[["-3,0"], ["-2,-1"], ["-1,-2"]],
                       hands=[{"explorer": 2, "sailor": 2}, {}, {}], decks=[{"traveler": 3}, {}, {}])
    assert set(p.plans) == set(E.reachable(after, 0)) and p.chances == {}
    far = p.target.options[-1][1]
    p.target.value = far
    plan = p.plans[far]
    assert plan[0] == E.Play("compass") and sorted(a.card for a in plan[1:4]) == ["explorer", "sailor", "sailor"]
    replay = p.steps.children[0]
    for _ in plan:
        button(replay, "다음 ▶").click()
    assert f"{len(plan)}/{len(plan)}단계" in replay.children[1].value
    button(p.widget, "뽑기 전으로").click()
    assert (p.plans, p.chances) == before


def test_cave_tokens_held_are_entered_and_used_with_korean_errors():
    p = P.Planner(hand={"explorer": 1})
    p.tokens.menu.value = "native"
    button(p.widget, "토큰 한 개 빼기").click()
    assert "가지고 있지 않습니다" in p.tokens.message.value and p.tokens.counts == {}
    p.tokens.menu.value = "machete2"
    button(p.widget, "토큰 넣기").click()
    with_token = E.scenario(players=3, pawns=[["-3,0"], ["-2,-1"], ["-1,-2"]], hands=[{"explorer": 1}, {}, {}],
                            tokens=[{"machete2": 1}, {}, {}], caves=True)
    assert p.tokens.counts == {"machete2": 1} and set(p.plans) == set(E.reachable(with_token, 0))
    assert any(a.pay == "tok:machete2" for plan in p.plans.values() for a in plan)
    while p.tokens.counts["machete2"] < C.TOKEN_COUNTS["machete2"]:
        button(p.widget, "토큰 넣기").click()
    plans = dict(p.plans)
    button(p.widget, "토큰 넣기").click()
    assert "상자에" in p.tokens.message.value and p.tokens.counts["machete2"] == C.TOKEN_COUNTS["machete2"]
    assert p.plans == plans
    button(p.widget, "토큰 비우기").click()
    assert p.tokens.counts == {} and "-1,0" not in p.plans


def test_a_pile_the_box_cannot_hold_is_refused_and_nothing_changes():
    p = P.Planner(hand={"sailor": 1}, deck={"sailor": 2})
    p.discard.menu.value = "sailor"
    button(p.widget, "버린 카드 더미에 넣기").click()
    plans = dict(p.plans)
    button(p.widget, "버린 카드 더미에 넣기").click()
    assert "4장뿐인데" in p.message.value and "아무것도 바뀌지 않았습니다" in p.message.value
    assert p.discard.counts == {"sailor": 1} and p.plans == plans and p.state.discards[0] == {"sailor": 1}


# --- 한 판 해 보기 and 같이 두기 in the words of the screen ----------------------------------------
COORDINATES = re.compile(r"-?\d+\s*,\s*-?\d+")


def test_every_move_names_a_pawn_space_or_cave_the_board_draws():
    from widgets.el_dorado.play import Guided
    for players, caves in ((2, True), (3, False)):
        g = Guided(players=players, seed=4, caves=caves)
        for _ in range(60):
            if g.state.is_terminal():
                break
            board = g.table.value
            labels = [b.description for b in walk(g.actions) if isinstance(b, w.Button)] + \
                [label for d in walk(g.actions) if isinstance(d, w.Dropdown) for label in d._options_labels]
            for label in labels:
                assert not COORDINATES.search(label), label
                pawn = re.match(r"말 (\d[ab]?)", label)
                if pawn:
                    assert f'data-pawn="{pawn.group(1)}"' in board, label
                space = re.search(r" (\S) 칸\(", label)
                if space:
                    assert f">{space.group(1)}</text>" in board, label
                cave = re.search(r"동굴(\d)", label)
                if cave:
                    assert f">동굴{cave.group(1)}</text>" in board, label
            assert not COORDINATES.search(re.sub(r"<[^>]+>", "", g.coach.value))
            g.play_advice()


def test_every_card_opens_its_full_text_with_a_tap_and_its_name_fits():
    from widgets.el_dorado.cards import card_svg, card_text, tap_card
    for card in C.CARDS:
        picture = tap_card(card)
        assert 'class="kr-card"' in picture and "<title>" not in card_svg(card)
        text = card_text(card)
        assert C.name(card) in text and ("가격" in text or "처음 카드" in text)
        for line in re.findall(r'font-size="(\d+)" font-weight="bold" text-anchor="middle" fill="[^"]+">([^<]+)</text>',
                               card_svg(card))[:2]:
            size, words = int(line[0]), line[1]
            if not words.isdigit():
                assert len(words) * size <= 76, (card, words)     # Korean letters are about as wide as high
