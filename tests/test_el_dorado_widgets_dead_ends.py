"""No widget of book/el_dorado can be driven into a dead end (random taps, tests/widget_taps.py)."""
import pytest

from widget_taps import assert_no_dead_end
from widgets.el_dorado import deck, end, examples, market, paths, planner, play, table

# Every interactive widget of book/el_dorado, as the pages build them (the card rows, the cave token
# table, the 잠정값 table and the bot game summary are pictures without controls).
WIDGETS = {
    "paths": paths.paths,
    "planner-quickstart": planner.planner,
    "planner-movement": lambda: planner.planner(hand={"pioneer": 1, "traveler": 1, "jack_of_all_trades": 1,
                                                      "captain": 1, "explorer": 1}),
    "planner-draws": lambda: planner.planner(hand={"explorer": 1, "scout": 1, "compass": 1},
                                             deck={"pioneer": 1, "explorer": 2, "traveler": 4}, discard={"sailor": 1}),
    "planner-blockades": lambda: planner.planner(pawn="3,-2", hand={"trailblazer": 1, "scout": 1, "traveler": 1},
                                                 others=()),
    "planner-answers": lambda: planner.planner(hand={"scout": 1, "explorer": 1, "traveler": 1, "sailor": 1}),
    "purchase": market.purchase,
    "deck-cycle": lambda: deck.deck_cycle(bought="개척자 1"),
    "finish": end.finish,
    "play": play.play_game,
    "table": table.table,
    **{f"example-{key}": (lambda key=key: examples.example(key)) for key in examples.EXAMPLES},
}


@pytest.mark.parametrize("name", sorted(WIDGETS))
def test_random_taps_never_reach_a_dead_end(name):
    assert_no_dead_end(name, WIDGETS[name], texts=("", "은지", "탐험가 2, 여행자 2", "개척자 1", "길잡이 9"))
