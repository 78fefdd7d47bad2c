"""The data-correction page (widgets/atlandice/correction.py) and the example replays it reruns: the
engine checks what staff type, the examples say truthfully whether they still hold, and the exported
file is components.json with exactly the corrected board values."""
import json
import random
import re
from pathlib import Path

import pytest

from rules.atlandice import components as C
from widgets.atlandice import correction as K, estimates as ES, examples as E
import test_atlandice_examples
from book_examples import example_ids_in_tests


def test_every_example_of_the_tests_has_a_replay_that_holds_with_the_file_values():
    replays = E.all_replays()
    assert {r.example for r in replays} == example_ids_in_tests(vars(test_atlandice_examples), "atl") == set(E.PAGES) == set(E.TITLES)
    for r in replays:
        assert r.holds and r.steps, (r.example, r.why)
    forge = {r.steps[0][1].forge_source: r.steps[-1][1] for r in replays if r.example == "atl-alex-forge"}
    assert forge["district"].heritage_at(5) == {"weapon": 1} and forge["market"].heritage_at(5) == {"weapon": 2}


def test_each_replay_step_is_the_previous_state_with_one_action_applied():
    for r in E.all_replays():
        states = [s for _, s in r.steps]
        for before, after in zip(states, states[1:]):
            assert any(before.apply(a) == after for a in before.legal_actions()), r.example


@pytest.mark.parametrize("seed", range(30))
def test_the_clock_examples_hold_exactly_when_the_board_data_allows_them(seed):
    values = C.random_board_values(random.Random(seed))
    track, last = values["clock_track"], len(values["clock_track"]) - 1
    advances = [values["black_market_hands"]] + [h for d in C.DISTRICTS for h in values["clock_hands"][str(d)]]

    def reachable(event):
        return any(track[g] == event and g >= min(advances) for g in range(1, last))

    by_id = {r.example: r for r in E.all_replays(values)}
    assert by_id["atl-noah-check"].holds == reachable("check:gem")
    assert by_id["atl-donation-noah-ryan"].holds == reachable("donate")
    three = 2 in values["clock_hands"]["3"] and any(track[p + 2] not in ("", "wave") for p in range(last - 2))
    assert by_id["atl-clock-three"].holds == three
    for r in by_id.values():
        assert bool(r.steps) == r.holds and r.why


def test_the_track_words_round_trip_and_the_engine_codes_are_accepted():
    track = C.board_values()["clock_track"]
    assert K.parse_track(K.track_text(track)) == track
    assert K.parse_track("start - check:gem donate wave") == ["start", "", "check:gem", "donate", "wave"]
    for seed in range(10):
        t = C.random_board_values(random.Random(seed))["clock_track"]
        assert K.parse_track(K.track_text(t)) == t


def test_the_form_starts_with_the_file_values_and_exports_the_same_file():
    c = K.Correction()
    assert c.values() == C.board_values()
    assert json.loads(c.export.value) == C.DATA
    assert "자료 파일의 값과 같습니다" in c.message.value and "❌" not in c.checks.value
    assert 'download="components.json"' in c.download.value


def test_a_corrected_value_is_checked_drawn_replayed_and_exported():
    c = K.Correction()
    c.hands[3][1].value = 3                       # no 여관 board with two hands any more
    c.track.value = "시작 - - 기부 - 확인:책 - 파도"
    c.check()
    assert "자료 파일과 다른 값: 시설 보드 15장의 시곗바늘 아이콘, 시계 칸." in c.message.value
    assert "❌ 성립하지 않음" in c.checks.value and "보석 확인 칸이 없어" in c.checks.value
    assert "여관(3번) 보드 3장 중 시곗바늘 아이콘이 2개인 보드가 없습니다" in c.checks.value
    assert "3b: ×3" in c.picture.value and "시계 1/8칸" in c.picture.value
    data = json.loads(c.export.value)
    assert data["board"]["clock_hands"]["value"]["3"] == [1, 3, 3]
    assert data["board"]["clock_track"]["value"] == ["start", "", "", "donate", "", "check:book", "", "wave"]
    assert data["board"]["clock_track"]["status"] == "unverified"      # tried, not confirmed
    assert {k: v for k, v in data.items() if k != "board"} == {k: v for k, v in C.DATA.items() if k != "board"}
    assert C.board_from_values({k: data["board"][k]["value"] for k in C.BOARD_KEYS}).values() == c.values()


def test_a_value_staff_confirmed_loses_its_provisional_status_in_the_export():
    c = K.Correction()
    c.confirmed["black_market_hands"].value = True
    c.black_market.value = 2
    c.check()
    entry = json.loads(c.export.value)["board"]["black_market_hands"]
    assert entry == {**C.DATA["board"]["black_market_hands"], "value": 2, "status": "confirmed",
                     "source": [K.CAFE_SOURCE]}
    assert json.loads(c.export.value)["sources"][K.CAFE_SOURCE] == K.CAFE_SOURCE_TEXT


def _quietly(c, edit):
    """Several boxes edited as one change (the form checks each box as it is left)."""
    c.quiet = True
    edit()
    c.quiet = False


@pytest.mark.parametrize("change, message", [
    (lambda c: setattr(c.hands[1][0], "value", 0), "보석 가게 보드 1a의 시곗바늘 아이콘 수는 1~3"),
    (lambda c: setattr(c.black_market, "value", 0), "시장의 시계 전진 칸 수는 1 이상"),
    (lambda c: _quietly(c, lambda: [setattr(b, "value", 2) for b in c.hands[4]]), "작업장 보드 3장의 시곗바늘 아이콘 수가 모두 2개로 같습니다. "
                                                            "원문 103행"),
    (lambda c: setattr(c.track, "value", "시작 - 파도 -"), "마지막 칸은"),
    (lambda c: setattr(c.track, "value", "- 시작 파도"), "첫 칸은"),
    (lambda c: setattr(c.track, "value", "시작 확인:돌 파도"), "시계의 2번째 칸"),
    (lambda c: setattr(c.track, "value", "  "), "시계 칸을 적으세요"),
])
def test_a_wrong_value_is_refused_in_korean_and_the_page_keeps_the_last_good_one(change, message):
    c = K.Correction()
    before = (c.picture.value, c.checks.value, c.export.value)
    change(c)
    c.check()
    assert message in c.message.value and "아무것도 바뀌지 않았습니다" in c.message.value
    assert (c.picture.value, c.checks.value, c.export.value) == before


def test_reset_brings_back_the_file_values():
    c = K.Correction()
    c.hands[5][2].value = 1
    c.library.value = "none"
    c.check()
    c.reset()
    assert c.values() == C.board_values() and json.loads(c.export.value) == C.DATA


def test_the_provisional_list_names_every_unverified_board_value_and_the_file():
    html = K.unverified_table().value
    staff = html[html.index('<details class="kr-staff">'):]
    assert K.DATA_FILE in staff and K.DATA_FILE not in html.replace(staff, "")
    for key in C.BOARD_KEYS:
        assert (f"<code>{key}</code>" in staff) == (K.LABELS[key] in html) == C.is_unverified(key)


def test_a_value_against_a_worked_example_is_accepted_with_a_warning_citing_the_seed():
    c = K.Correction()
    for box, h in zip(c.hands[3], (1, 3, 3)):      # no 여관 board with two hands (L70–L72 shows one)
        box.value = h
    assert "엔진이 값을 받아들였습니다" in c.message.value and "⚠️ 여관(3번) 보드 3장 중" in c.message.value
    assert "원문 70~72행" in c.message.value
    assert json.loads(c.export.value)["board"]["clock_hands"]["value"]["3"] == [1, 3, 3]


def test_the_file_text_and_its_path_are_only_in_the_staff_boxes():
    c = K.Correction()
    assert "kr-staff" in c.export_box._dom_classes and c.export in c.export_box.children
    assert "board" not in c.download.value.split(">", 1)[1]          # the link's words, not its data
    for label, _ in c.library.options:
        assert not re.search(r"[a-z]+_[a-z_]+", label), label


def test_a_finished_edit_is_checked_without_the_button():
    c = K.Correction()
    c.library.value = "none"
    assert "자료 파일과 다른 값: 도서관 능력" in c.message.value
    assert json.loads(c.export.value)["board"]["library_ability"]["value"] == "none"
    c.hands[2][0].value = 9
    assert "1~3" in c.message.value and json.loads(c.export.value)["board"]["clock_hands"]["value"]["2"][0] == 1


def _data_with(**values):
    data = json.loads(json.dumps(C.DATA))
    for key, value in values.items():
        data["board"][key]["value"] = value
    return data


def test_the_pages_sentences_about_board_values_are_written_from_the_data_file():
    """provisional.md and abilities.md print these generators: a corrected file changes the pages' words."""
    before = ES.provisional_list()
    assert "**21칸**" in before and "**1·2·3개**" in before and "**1칸**" in before and "**주사위 바꾸기**" in before
    assert before.count("잠정값") == 4
    data = _data_with(clock_track=["start", "", "check:gem", "donate", "check:gem", "wave"], black_market_hands=2,
                      clock_hands={"1": [1, 1, 2], "2": [1, 2, 3], "3": [2, 2, 2], "4": [1, 2, 2], "5": [3, 3, 3]},
                      library_ability="none")
    after = ES.provisional_list(data)
    assert "**6칸**, 확인 칸 **2칸**(보석 2칸), 기부 칸 **1칸**" in after and "**21칸**" not in after
    assert "보석 가게 **1·1·2**, 도서관 **1·2·3**, 여관 **2·2·2**, 작업장 **1·2·2**, 대장간 **3·3·3**" in after
    assert "지금 값은 **2칸**" in after
    assert "지금 값은 **능력 없음**" in after and "다른 값은 \"주사위 바꾸기\"" in after
    assert ES.library_sentence(data) in after and ES.library_sentence(data) != ES.library_sentence()
    data["board"]["black_market_hands"]["status"] = "confirmed"      # a value staff checked loses the mark
    assert ES.market_sentence(data) == "지금 값은 **2칸**입니다 (실물로 확인한 값)."
    assert ES.provisional_list(data).count("잠정값") == 3


def test_the_pages_print_the_generated_sentences_not_hand_written_numbers():
    book = Path(__file__).resolve().parents[1] / "book" / "atlandice"
    for page, call in (("provisional.md", "estimates.provisional_list()"), ("abilities.md", "estimates.library_sentence()")):
        text = (book / page).read_text(encoding="utf-8")
        assert call in text, page
        prose = re.sub(r"```\{code-cell\}.*?```", "", text, flags=re.S)
        assert not re.search(r"\d+칸으로 추정|모두 \d+칸|지금 값은", prose), page
