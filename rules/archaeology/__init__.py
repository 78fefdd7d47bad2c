"""아키올로지 (Archaeology: The New Expedition): the whole game as an executable rules engine."""
from rules.archaeology import components
from rules.archaeology.actions import (
    Bury, CancelTrade, ChooseVictim, CloseTrade, Draw, EndTurn, Explore, Keep, MineContinue,
    MineStop, Offer, Peek, Refill, Reveal, Sell, SphinxReveal, Steal, Take, UseTent,
)
from rules.archaeology.components import PLAYER_COUNTS
from rules.archaeology.setup import new_game, random_options, scenario
from rules.archaeology.readings import READINGS
from rules.archaeology.state import PHASE_NAMES, State, trade_value

NAME = "아키올로지"

__all__ = [
    "NAME", "PLAYER_COUNTS", "random_options", "components", "new_game", "scenario", "State", "READINGS", "PHASE_NAMES", "trade_value",
    "Bury", "CancelTrade", "ChooseVictim", "CloseTrade", "Draw", "EndTurn", "Explore", "Keep",
    "MineContinue", "MineStop", "Offer", "Peek", "Refill", "Reveal", "Sell", "SphinxReveal",
    "Steal", "Take", "UseTent",
]
