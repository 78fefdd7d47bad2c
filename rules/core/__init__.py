"""What every game engine shares: the protocol's constants and errors, multisets, autoplay."""
from rules.core.protocol import CHANCE, TERMINAL, Action, IllegalAction, Reading
from rules.core.autoplay import play_out, random_policy, sample_chance
from rules.core.game_state import GameState

__all__ = ["CHANCE", "TERMINAL", "Action", "GameState", "IllegalAction", "Reading", "play_out", "random_policy", "sample_chance"]
