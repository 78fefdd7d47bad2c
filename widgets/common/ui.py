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


def quiet_name(control, name: str):
    """Name a control that sits in a labelled grid (a row and a column already say what it is): screen
    readers read `name`, the screen shows only the grid's headings. Returns the control."""
    control.description = name
    control.add_class("kr-quiet-label")
    return control


def nothing(text: str = "(없음)") -> str:
    """An empty place (a pile, a hand): quieter than the rest, still readable at 4.5:1."""
    return f'<span style="color:#5f5f5f">{escape(text)}</span>'


def provisional_note(rests_on, page: str) -> str:
    """A visible 잠정값 mark under a figure computed from values no source confirms, naming each value
    ("동전의 교환 가치 2"), so the reader knows which number to check; '' when it rests on none. `page` is
    the link to the game's list of them, with its section ("provisional.html#arch-provisional-list")."""
    if not rests_on:
        return ""
    return (f'<div class="kr-provisional"><small>⚠️ <a href="{page}">잠정값</a>으로 계산한 수치입니다: '
            f'{escape(", ".join(rests_on))}. 실물 카드로 확인되지 않은 값이라 실제와 다를 수 있습니다.</small></div>')


def staff_box(summary: str, body: str) -> str:
    """A folded box for café staff: the one place a page may name the data file and its keys (in code
    formatting); readers' text, search and the page-text test leave it out (class kr-staff)."""
    return (f'<details class="kr-staff"><summary><small>직원용: {escape(summary)}</small></summary>'
            f"<small>{body}</small></details>")


def _box(text: str, color: str, background: str) -> str:
    return (f'<div style="border-left:4px solid {color};background:{background};padding:6px 10px;'
            f'margin:4px 0;border-radius:4px;white-space:normal">{text}</div>')


def error(message: str) -> str:
    """HTML of a Korean error: the input was refused and nothing changed."""
    return _box(f"⚠️ {escape(message)} <br><small>아무것도 바뀌지 않았습니다.</small>", "#c0392b", "#fdecea")


def info(message: str, escape_text: bool = True) -> str:
    return _box(escape(message) if escape_text else message, "#2c7be5", "#eaf2fd")


def parse_counts(text: str, names: dict, unknown):
    """'항아리 2, 동전 1' as typed at a table (names compared without spaces, count 1 if left out) ->
    {key: count} via `names` ({Korean name: key}); '' -> None. A name not in `names` raises unknown(part)."""
    if not text.strip():
        return None
    by_name = {name.replace(" ", ""): key for name, key in names.items()}
    counts = {}
    for part in text.replace("，", ",").split(","):
        words = part.split()
        if not words:
            continue
        count = int(words.pop()) if len(words) > 1 and words[-1].isdigit() else 1
        key = by_name.get("".join(words))
        if key is None:
            raise unknown(part.strip())
        counts[key] = counts.get(key, 0) + count
    return counts


LABEL = {"description_width": "initial"}   # Korean descriptions must not be cut off


def wide() -> w.Layout:
    """Natural width, never wider than a phone screen (a fresh Layout: widgets must not share one)."""
    return w.Layout(width="auto", max_width="100%")


def button(label: str, handler, style: str = "") -> w.Button:
    """A button of natural width that calls handler() (no click argument) when pressed."""
    b = w.Button(description=label, button_style=style, layout=wide())
    b.on_click(lambda _: handler())
    return b


def row(*children) -> w.HBox:
    """Controls side by side that wrap onto the next line on a phone."""
    return w.HBox(list(children), layout=w.Layout(flex_flow="row wrap", max_width="100%"))


def odds_bars(rows) -> str:
    """Rows of (label, probability, colour) as horizontal bars with the exact fraction."""
    lines = []
    for label, p, color in rows:
        lines.append(
            f'<div style="display:flex;align-items:center;gap:6px;max-width:100%;margin:1px 0">'
            f'<span style="flex:0 0 7.5em;font-size:90%">{escape(label)}</span>'
            f'<span style="flex:1 1 auto;background:#eee;border-radius:3px;min-width:40px">'
            f'<span style="display:block;width:{float(p) * 100:.1f}%;height:12px;background:{color};'
            f'border-radius:3px"></span></span>'
            f'<span style="flex:0 0 auto;font-size:85%">{odds_text(p)}</span></div>')
    return "".join(lines)


def rulings(readings: dict, *keys) -> str:
    """The book's ruling for each named reading in one line, the rulebook's words and the other
    reading folded beneath it for staff (all from the engine's READINGS)."""
    items = []
    for key in keys:
        r = readings[key]
        quote = f"<p>원문: “{escape(r.text)}”</p>" if r.text else "<p>원문은 이 점을 말하지 않습니다.</p>"
        items.append(
            f'<div class="kr-ruling" style="border-left:4px solid #8b5a2b;background:#fbf6ee;padding:6px 10px;'
            f'margin:6px 0;border-radius:4px">📌 <b>이 책의 판정</b>: {escape(r.chosen)}'
            f"<details><summary><small>원문과 다른 읽기</small></summary><small>{quote}"
            f"<p>다른 읽기: {escape(r.other)}</p>"
            f"</small></details></div>")
    return "".join(items)
