"""Executable rules of the four games (standard library only: they also run in the browser)."""
from rules.core import CHANCE, TERMINAL, IllegalAction

__all__ = ["CHANCE", "TERMINAL", "IllegalAction"]
