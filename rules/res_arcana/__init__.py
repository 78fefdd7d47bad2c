"""레즈 아르카나 (Res Arcana): the whole game as an executable rules engine."""
from rules.res_arcana import components
from rules.res_arcana.actions import (
    Accept, ChooseItem, ChooseMage, ClaimMonument, ClaimPlace, Collect, CollectCost, Convert, Discard,
    DraftPick, Draw, Gain, Ignore, Into, LookAt, Lose, MonumentDraw, Order, Pass, Pay, PickCard, Place,
    React, Rival, Target, Use, Waive,
)
from rules.res_arcana.deal import dealt_game
from rules.res_arcana.setup import new_game, random_options, scenario
from rules.res_arcana.readings import READINGS
from rules.res_arcana.state import PHASE_NAMES, State, payable

NAME = "레즈 아르카나"
PLAYER_COUNTS = components.PLAYER_COUNTS

__all__ = [
    "NAME", "PLAYER_COUNTS", "components", "new_game", "dealt_game", "random_options", "scenario", "State", "READINGS",
    "PHASE_NAMES", "payable",
    "Accept", "ChooseItem", "ChooseMage", "ClaimMonument", "ClaimPlace", "Collect", "CollectCost", "Convert",
    "Discard", "DraftPick", "Draw", "Gain", "Ignore", "Into", "LookAt", "Lose", "MonumentDraw", "Order",
    "Pass", "Pay", "PickCard", "Place", "React", "Rival", "Target", "Use", "Waive",
]
