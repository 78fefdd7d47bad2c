"""No widget of the book can be driven into a dead end: press random enabled controls for a few
hundred steps and check that no error escapes and that something is always left to press."""
import random

import ipywidgets as w
import pytest

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
STEPS = 300


def controls(widget):
    """Every control a person can use, depth first."""
    found = []
    stack = [widget]
    while stack:
        node = stack.pop()
        if isinstance(node, w.Accordion) and node.selected_index is None:
            found.append(node)   # folded: a tap on its title opens it; what is inside is out of reach
            continue
        if isinstance(node, (w.Button, w.Dropdown, w.Checkbox, w.IntText, w.BoundedIntText, w.Text)) \
                and not getattr(node, "disabled", False):
            found.append(node)
        stack.extend(reversed(getattr(node, "children", ())))
    return found


def press(control, rng):
    """What a tap does, calling the handlers directly so that an exception reaches the test."""
    if isinstance(control, w.Accordion):
        control.selected_index = 0
    elif isinstance(control, w.Button):
        for handler in control._click_handlers.callbacks:
            handler(control)
    elif isinstance(control, w.Dropdown):
        if control.options:
            control.index = rng.randrange(len(control.options))
    elif isinstance(control, w.Checkbox):
        control.value = not control.value
    elif isinstance(control, (w.IntText, w.BoundedIntText)):
        control.value = rng.choice([-1, 0, 1, 2, 3, 7, 40])
    elif isinstance(control, w.Text):
        control.value = rng.choice(["", "은지", "항아리 2"])


@pytest.mark.parametrize("name", sorted(WIDGETS))
def test_random_taps_never_reach_a_dead_end(name):
    rng = random.Random(name)
    widget = WIDGETS[name]()
    for step in range(STEPS):
        found = controls(widget)
        assert found, f"{name}: {step}번째 조작 뒤 쓸 수 있는 조작이 하나도 없습니다"
        buttons = [c for c in found if isinstance(c, w.Button)]
        # Buttons are what moves a widget on: press one most of the time.
        press(rng.choice(buttons) if buttons and rng.random() < 0.7 else rng.choice(found), rng)
