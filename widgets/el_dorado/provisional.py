"""잠정값 목록: every component value no source confirms, read from the engine's data file."""
import json
from html import escape

import ipywidgets as w

from rules.el_dorado import components as C
from widgets.common import cards_html
from widgets.el_dorado.cards import card_svg, is_provisional

DATA_FILE = "rules/el_dorado/components.json"


def _value(value) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 120 else text[:117] + "…"


def unverified_table() -> w.HTML:
    rows = "".join(f"<tr><td>{escape(what)}</td><td><small><code>{escape(_value(value))}</code></small></td>"
                   f"<td><small>{escape(note)}</small></td></tr>" for what, value, note in C.unverified())
    sources = "".join(f"<li><code>{escape(k)}</code>: {escape(t)}</li>" for k, t in C.DATA["sources"].items())
    marked = [c for c in C.CARDS if is_provisional(c)]
    return w.HTML(
        f"<div><b>잠정값 {len(C.unverified())}개</b> · 고칠 곳: <code>{DATA_FILE}</code></div>"
        f'<div style="max-width:100%;overflow-wrap:anywhere"><table style="table-layout:fixed;width:100%">'
        f"<tr><th>무엇</th><th>지금 쓰는 값</th><th>근거</th></tr>{rows}</table></div>"
        f"<details><summary>출처 기호</summary><ul>{sources}</ul></details>"
        f"<div><small>잠정값 표시가 붙은 카드 ({len(marked)}종)</small></div>"
        + cards_html(card_svg(c, width=78) for c in marked), layout=w.Layout(max_width="100%"))
