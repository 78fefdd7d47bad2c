"""The shared look of every widget: cards as SVG, Korean messages, probabilities as text."""
from widgets.common.ui import (LABEL, button, error, info, nothing, odds_bars, odds_text, percent, provisional_note, quiet_name, row, rulings,
                               staff_box, wide)
from widgets.common.svg import card_svg, cards_html

__all__ = ["LABEL", "button", "card_svg", "cards_html", "error", "info", "odds_bars", "odds_text", "percent",
           "nothing", "provisional_note", "quiet_name", "row", "rulings", "staff_box", "wide"]
