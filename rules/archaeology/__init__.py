"""아키올로지 (Archaeology: The New Expedition): the whole game as an executable rules engine."""
from rules.archaeology import components
from rules.archaeology.actions import (
    Bury, CancelTrade, ChooseVictim, CloseTrade, Draw, EndTurn, Explore, Keep, MineContinue,
    MineStop, Offer, Peek, Refill, Reveal, Sell, SphinxReveal, Steal, Take, UseTent,
)
from rules.archaeology.setup import new_game, scenario
from rules.archaeology.state import PHASE_NAMES, READINGS, State, trade_value

__all__ = [
    "components", "new_game", "scenario", "State", "READINGS", "PHASE_NAMES", "trade_value",
    "Bury", "CancelTrade", "ChooseVictim", "CloseTrade", "Draw", "EndTurn", "Explore", "Keep",
    "MineContinue", "MineStop", "Offer", "Peek", "Refill", "Reveal", "Sell", "SphinxReveal",
    "Steal", "Take", "UseTent",
]
