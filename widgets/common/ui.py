"""Small building blocks: message boxes and number formatting, all in Korean."""
from fractions import Fraction
from html import escape

import ipywidgets as w


def percent(p) -> str:
    return f"{float(p) * 100:.1f}%"


def odds_text(p: Fraction) -> str:
    """'3/47 (6.4%)': the exact fraction a player can check, and its percentage."""
    p = Fraction(p)
    return f"{p.numerator}/{p.denominator} ({percent(p)})" if p.denominator != 1 else percent(p)


def _box(text: str, color: str, background: str) -> str:
    return (f'<div style="border-left:4px solid {color};background:{background};padding:6px 10px;'
            f'margin:4px 0;border-radius:4px;white-space:normal">{text}</div>')


def error(message: str) -> str:
    """HTML of a Korean error: the input was refused and nothing changed."""
    return _box(f"⚠️ {escape(message)} <br><small>아무것도 바뀌지 않았습니다.</small>", "#c0392b", "#fdecea")


def info(message: str, escape_text: bool = True) -> str:
    return _box(escape(message) if escape_text else message, "#2c7be5", "#eaf2fd")


def panel(*children, title: str = "") -> w.VBox:
    """A titled, phone-friendly column."""
    head = [w.HTML(f"<b>{escape(title)}</b>")] if title else []
    return w.VBox(head + list(children), layout=w.Layout(max_width="100%", overflow_x="auto"))
