"""The shared look of every widget: cards as SVG, Korean messages, probabilities as text."""
from widgets.common.ui import error, info, odds_text, panel, percent
from widgets.common.svg import card_svg, cards_html

__all__ = ["card_svg", "cards_html", "error", "info", "odds_text", "panel", "percent"]
