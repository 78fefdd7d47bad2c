"""No widget of book/archaeology can be driven into a dead end (random taps, tests/widget_taps.py)."""
import pytest

from widget_taps import assert_no_dead_end
from widgets.archaeology import (browser, dig, market, museum, play, ruins, sandstorm, scoring, setup_view,
                                 situation, table, thief, variants)

# Every interactive widget of book/archaeology, as the pages build them.
WIDGETS = {
    "browser": lambda: browser.card_browser(num_players=4),
    "setup": lambda: setup_view.setup_simulator(num_players=4, ruin="pyramid", seed=1),
    "dig": lambda: dig.dig_odds(num_players=4, seed=3, opening_draws=8),
    "thief": thief.thief,
    "sandstorm": sandstorm.sandstorm,
    "market": market.trade_checker,
    "museum": museum.sale_calculator,
    "scoring": scoring.end_scoring,
    "variants": lambda: variants.variant_compare(players=3, variants=("long", "lucky")),
    "play": play.play_game,
    "table": table.table,
    "situation-dig": situation.dig_odds_from_table,
    "situation-thief": situation.thief_odds,
    "situation-mine": situation.mine_odds,
    "situation-sphinx": situation.sphinx_odds,
    **{f"ruin-{r}": (lambda r=r: ruins.explorer(r)) for r in ("pyramid", "temple", "tomb", "mine", "sphinx",
                                                             "buried")},
}


@pytest.mark.parametrize("name", sorted(WIDGETS))
def test_random_taps_never_reach_a_dead_end(name):
    assert_no_dead_end(name, WIDGETS[name], texts=("", "은지", "항아리 2"))
