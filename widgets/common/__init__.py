"""The shared look of every widget: cards as SVG, Korean messages, probabilities as text."""
from widgets.common.ui import LABEL, error, info, odds_bars, odds_text, panel, percent, row, wide
from widgets.common.svg import card_svg, cards_html

__all__ = ["LABEL", "card_svg", "cards_html", "error", "info", "odds_bars", "odds_text", "panel", "percent",
           "row", "wide"]
