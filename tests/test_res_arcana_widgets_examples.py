"""The book's replays of the rulebook's examples (widgets/res_arcana/examples.py) tell the same story as
the example tests: one replay per example id, each reaching the seed's numbers, driven by its buttons."""
import ipywidgets as w

import test_res_arcana_examples
from book_examples import example_ids_in_tests
from widgets.res_arcana import examples as X
from widget_helpers import button, walk


def last(example_id):
    return X.EXAMPLES[example_id].frames()[-1][1]


def test_one_replay_per_example():
    assert set(X.EXAMPLES) == example_ids_in_tests(vars(test_res_arcana_examples), "ra")


def test_windup_man_timeline_matches_the_seed_round_by_round():
    frames = X.EXAMPLES["ra-windup-man-rounds"].frames()
    on = [(s.round, s.essences_on("windup_man")) for _, s in frames]
    assert on == [(1, {}), (1, {"G": 1}), (2, {"G": 1}), (2, {"G": 3}), (2, {"G": 3, "E": 1}), (3, {"G": 3, "E": 1}),
                  (3, {"G": 5, "E": 3}), (4, {"G": 5, "E": 3}), (4, {})]
    assert {e: n for e, n in frames[-1][1].pool[0].items() if n} == {"G": 5, "E": 3}


def test_vault_timeline_matches_the_seed_round_by_round():
    frames = X.EXAMPLES["ra-vault-interest-rounds"].frames()
    assert [s.essences_on("vault") for _, s in frames] == [{}, {"G": 1}, {"G": 1}, {"G": 1}, {"G": 2}, {"G": 2}, {}]
    assert {e: n for e, n in frames[3][1].pool[0].items() if n} == {"L": 1, "C": 1}     # the interest
    assert {e: n for e, n in frames[-1][1].pool[0].items() if n} == {"L": 1, "C": 1, "G": 2}


def test_the_other_replays_end_where_the_seed_says():
    assert "chalice_of_fire" in last("ra-crypt-gold-plus-one").play[0]
    assert last("ra-bestiary-sea-serpent").vp(1) == 1 + 3
    statue = last("ra-golden-statue-temporary")
    assert statue.is_terminal() and statue.scores() == [10, 10] and statue.winners() == [0, 1]
    start = X.EXAMPLES["ra-golden-statue-temporary"].frames()[0][1]
    assert start.first == 1 and start.passed == [False, True]      # player 2 passed first: the token is theirs


def test_the_replay_buttons_step_through_and_stop_at_both_ends():
    ui = X.replay("ra-windup-man-rounds")
    title = [c for c in walk(ui) if isinstance(c, w.HTML)][0]
    button(ui, "◀ 이전").click()
    assert "처음 단계" in "".join(c.value for c in walk(ui) if isinstance(c, w.HTML))
    for _ in range(len(ui.frames) - 1):
        button(ui, "다음 ▶").click()
    assert title.value.startswith(f"<b>{len(ui.frames) - 1} / ")
    assert "금 5개와 활기 3개를 모두 가져옴" in title.value
    button(ui, "다음 ▶").click()
    assert "마지막 단계" in "".join(c.value for c in walk(ui) if isinstance(c, w.HTML))
    button(ui, "처음으로").click()
    assert title.value.startswith("<b>0 / ")
