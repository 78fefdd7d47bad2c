"""No widget of book/res_arcana can be driven into a dead end (random taps, tests/widget_taps.py)."""
import pytest

from widget_taps import assert_no_dead_end
from widgets.res_arcana import browser, examples, play, setup_view, situation, table

# Every interactive widget of book/res_arcana, as the pages build them.
WIDGETS = {
    "browser": browser.card_browser,
    "setup": setup_view.setup_simulator,
    "collect": situation.collect_calculator,
    "cost": situation.cost_payer,
    "power": situation.power_explorer,
    "life-loss": situation.life_loss,
    "pass": situation.pass_procedure,
    "victory": situation.victory_check,
    "play": play.play_game,
    "table": table.table,
    **{f"example-{k}": (lambda k=k: examples.replay(k)) for k in examples.EXAMPLES},
}


@pytest.mark.parametrize("name", sorted(WIDGETS))
def test_random_taps_never_reach_a_dead_end(name):
    assert_no_dead_end(name, WIDGETS[name], texts=("", "금 3, 활기 1", "용", "dragon", "금 99", "xyz 2"))
