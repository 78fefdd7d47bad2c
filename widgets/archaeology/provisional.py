"""잠정값 목록: every component value no source confirms, read from the engine's data file."""
from html import escape

import ipywidgets as w

from rules.archaeology import components as C
from widgets.archaeology.cards import card
from widgets.common import cards_html, staff_box

DATA_FILE = "rules/archaeology/components.json"


def _value(value) -> str:
    return " / ".join(map(str, value)) if isinstance(value, list) else str(value)


def unverified_table() -> w.HTML:
    """One row per 잠정값 (what, value, where it came from), the card pictures with their marks, and for
    staff the place of each value in the data file."""
    rows = "".join(f"<tr><td>{escape(what)}</td><td><b>{escape(_value(value))}</b></td><td><small>{escape(note)}"
                   f"</small></td></tr>" for what, value, note, _ in C.unverified())
    places = "".join(f"<li>{escape(what)}: <code>{escape(where)}</code></li>" for what, _, _, where in C.unverified())
    sources = "".join(f"<li><code>{escape(key)}</code>: {escape(text)}</li>" for key, text in C.DATA["sources"].items())
    keys = ", ".join(f"{escape(C.name(t))} = <code>{t}</code>" for t in C.TREASURES)
    marked = [t for t in C.TREASURES if C.is_unverified(t, "trade") or C.is_unverified(t, "sale")]
    return w.HTML(
        f"<div><b>잠정값 {len(C.unverified())}개</b></div>"
        f'<div style="overflow-x:auto;max-width:100%"><table><tr><th>무엇</th><th>지금 쓰는 값</th>'
        f"<th>어디서 빌려 왔나</th></tr>{rows}</table></div>"
        + staff_box("고칠 자리", f"파일 <code>{DATA_FILE}</code><ul>{places}</ul>"
                    f"출처 기호<ul>{sources}</ul>보물 종류의 키: {keys}")
        + f"<div><small>잠정값 표시가 붙은 카드 ({len(marked)}종)</small></div>"
        + cards_html(card(t, width=108) for t in marked),
        layout=w.Layout(max_width="100%"))
