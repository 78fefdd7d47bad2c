"""잠정값 목록: every component value no source confirms, read from the engine's data file."""
from html import escape

import ipywidgets as w

from rules.archaeology import components as C
from widgets.archaeology.cards import card
from widgets.common import cards_html

DATA_FILE = "rules/archaeology/components.json"


def _value(value) -> str:
    return " / ".join(map(str, value)) if isinstance(value, list) else str(value)


def unverified_table() -> w.HTML:
    """One row per 잠정값 (what, value, where it came from, where to correct it), then the source key and
    the card pictures with their marks."""
    rows = "".join(f"<tr><td>{escape(what)}</td><td><b>{escape(_value(value))}</b></td><td><small>{escape(note)}"
                   f"</small></td><td><small><code>{escape(where)}</code></small></td></tr>"
                   for what, value, note, where in C.unverified())
    sources = "".join(f"<li><code>{escape(key)}</code>: {escape(text)}</li>" for key, text in C.DATA["sources"].items())
    keys = ", ".join(f"{escape(C.name(t))} = <code>{t}</code>" for t in C.TREASURES)
    marked = [t for t in C.TREASURES if C.is_unverified(t, "trade") or C.is_unverified(t, "sale")]
    return w.HTML(
        f"<div><b>잠정값 {len(C.unverified())}개</b> · 고칠 곳: <code>{DATA_FILE}</code></div>"
        f'<div style="overflow-x:auto;max-width:100%"><table><tr><th>무엇</th><th>지금 쓰는 값</th>'
        f"<th>어디서 빌려 왔나</th><th>고칠 자리</th></tr>{rows}</table></div>"
        f"<details><summary>출처 기호</summary><ul>{sources}</ul></details>"
        f"<details><summary>보물 종류의 키</summary><small>{keys}</small></details>"
        f"<div><small>잠정값 표시가 붙은 카드 ({len(marked)}종)</small></div>"
        + cards_html(card(t, width=108) for t in marked),
        layout=w.Layout(max_width="100%"))
