"""No widget of book/atlandice can be driven into a dead end (random taps, tests/widget_taps.py), and every
engine ruling is printed in the chapter."""
import re
from pathlib import Path

import pytest

from rules import atlandice as A
from widget_taps import assert_no_dead_end
from widgets.atlandice import clock, correction, depletion, play, replay, scoring, setup_view, table, visit

BOOK = Path(__file__).resolve().parents[1] / "book" / "atlandice"

# Every interactive widget of book/atlandice, as the pages build them.
WIDGETS = {
    "setup": setup_view.setup_roll,
    "visit": visit.visit_simulator,
    **{f"ability-{d}": (lambda d=d: visit.ability(d)) for d in range(1, 6)},
    "two-players": visit.two_players,
    "depletion": depletion.depletion_calculator,
    "clock": clock.clock_step,
    "scoring": scoring.final_scoring,
    "correction": correction.correction,
    "replay-dice": replay.dice_placement,
    "replay-alex": replay.alex_forge,
    "replay-clock": replay.clock_three,
    "replay-check": replay.noah_check,
    "replay-donation": replay.donation_noah_ryan,
    "play": play.play_game,
    "guided": play.guided_game,
    "table": table.table,
}


@pytest.mark.parametrize("name", sorted(WIDGETS))
def test_random_taps_never_reach_a_dead_end(name):
    assert_no_dead_end(name, WIDGETS[name], steps=120 if name in ("correction", "play", "guided") else 300,
                       texts=("", "은지", "1 2 6", "시작 - 기부 파도", "7"))


def test_every_widget_module_a_page_builds_is_tapped():
    text = "\n".join(p.read_text(encoding="utf-8") for p in BOOK.glob("*.md"))
    called = set(re.findall(r"^(\w+\.\w+)\(", text, flags=re.M))
    tapped = {f"{f.__module__.split('.')[-1]}.{f.__name__}" for f in WIDGETS.values() if hasattr(f, "__module__")
              and not f.__name__.startswith("<")}
    widgets = {c for c in called if c.split(".")[0] in {"setup_view", "visit", "depletion", "clock", "scoring",
                                                         "correction", "replay", "play", "table"}}
    static = {"clock.track_figure", "correction.unverified_table", "play.bot_game_summary"}
    assert widgets - static - {"visit.ability"} <= tapped, widgets - static - tapped


def test_every_reading_is_printed_in_the_chapter():
    text = "\n".join(p.read_text(encoding="utf-8") for p in BOOK.glob("*.md"))
    printed = set()
    for call in re.findall(r"rulings\(A\.READINGS, ([^)]*)\)", text):
        printed |= set(re.findall(r'"(\w+)"', call))
    assert printed == set(A.READINGS), set(A.READINGS) ^ printed
