"""레즈 아르카나 play and table screens on a phone: every component on the board opens everything printed on
it with one tap (a <details> under its name), no text lives only in a hover tooltip, and a power's button
says what the power does."""
import re

import ipywidgets as w

from rules import res_arcana as R
from rules.res_arcana import components as C
from rules.res_arcana.texts import power_text
from widgets.res_arcana import play, table
from widgets.res_arcana.board import card_text
from widget_helpers import walk


def _screens():
    guided = play.Guided(seed=4)
    for _ in range(25):                       # a game under way: cards placed, essences on them
        guided.play_advice()
    return [guided, play.Play(players=3, seed=2, variants=()), table.Table(players=2, seed=1)]


def test_every_component_on_the_board_opens_its_full_text_and_nothing_hides_in_a_tooltip():
    for screen in _screens():
        html = screen.table.value
        assert "title=" not in html
        view = screen.state.public_view(*screen.viewer())
        shown = set(view["places"] + view["monuments_face_up"] + view["items_free"])
        for pl in view["players"]:
            shown |= set(pl["play"]) | {c for c in (pl["item"], pl["mage"]) if c not in (None, "?")}
        assert shown
        for c in shown:
            assert card_text(c) in html, C.name(c)
        assert html.count('<details class="kr-card"') >= len(shown)
        assert all("title=" not in getattr(x, "value", "") for x in walk(screen.widget) if isinstance(x, w.HTML))
        assert all(not getattr(x, "tooltip", None) for x in walk(screen.widget))


def test_a_card_text_names_cost_points_powers_and_the_provisional_mark():
    text = card_text("dragons_lair")
    for part in ("비용", "활기 3", "승점", "할인", "마력 1", "마력 2", "→"):
        assert part in text
    unsure = next(c for c in C.ALL if any(C.is_unverified(c, f) for f in ("cost", "vp", "powers")))
    assert "잠정값" in card_text(unsure)


def test_a_power_button_says_what_the_power_does():
    s = R.scenario(players=2, items=["alchemy", "calm_elan"], pools=[{"E": 4}, {}])
    use = R.Use("alchemy", 0)
    assert use in s.legal_actions()
    assert use.describe().endswith(power_text(C.POWERS["alchemy"][0])) and "→ 금 2 받기" in use.describe()
    assert re.search(r"돌리기 \+ 원하는 정수 4", use.describe())
