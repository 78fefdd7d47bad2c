"""잠정값 목록: every component value no source confirms, read from the engine's data file."""
import json
import re
from html import escape

import ipywidgets as w

from rules.el_dorado import components as C
from widgets.common import cards_html
from widgets.el_dorado.cards import card_svg, is_provisional

# A file name inside a note or a source ("map.json", "(Market.java, tiles.txt)"): staff read the source's name,
# the page shows no file names.
_FILE = re.compile(r"\s*[\w*./-]+\.(?:json|java|txt|py)(?![A-Za-z])(?:의)?")
# A repository whose name has an underscore ("owner/El_Dorado") reads like an engine name: the page names its owner.
_REPO = re.compile(r"\b([\w.-]+)/([\w.-]*_[\w.-]*)")


def _plain(text: str) -> str:
    """`text` without file names, and without the brackets and commas they leave empty."""
    text = _REPO.sub(lambda m: f"{m.group(1)}의 GitHub 저장소", _FILE.sub("", text))
    text = re.sub(r"\(\s*[,:]\s*", "(", text)
    text = re.sub(r"\s*,\s*(?=[,):])", "", text)
    text = re.sub(r"\s*\(\s*\)", "", text)
    text = re.sub(r"\(\s+", "(", text)
    return text.strip()


def _value(value) -> str:
    """A value in the reader's words: Korean names for tokens and terrains, spaces as (q, r)."""
    if isinstance(value, str):
        text = value
    elif isinstance(value, dict) and all(k in C.TOKEN_NAMES for k in value):
        text = ", ".join(f"{C.TOKEN_NAMES[k]} {n}개" for k, n in value.items())
    elif isinstance(value, list) and value and isinstance(value[0], dict) and "no" in value[0]:
        text = ", ".join(f"{b['no']}번: {C.TERRAIN_NAMES[b['terrain']]} {b['req']}" for b in value)
    elif isinstance(value, dict) and all(isinstance(v, dict) for v in value.values()):
        text = " · ".join(f"{side}면 " + ", ".join(f"{n}번 ({q},{r})" for n, (q, r) in sorted(spaces.items()))
                          for side, spaces in value.items())
    elif isinstance(value, dict):
        text = ", ".join(f"{side}면 " + " ".join(f"({q},{r})" for q, r in spots) for side, spots in value.items())
    elif isinstance(value, list) and value and isinstance(value[0], list):
        text = " → ".join(f"{side}면(회전 {turn}, 위치 {q},{r})" for side, turn, (q, r) in value)
    else:
        text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 160 else text[:157] + "…"


def unverified_table() -> w.HTML:
    rows = "".join(f"<tr><td>{escape(what)}</td><td><small>{escape(_value(value))}</small></td>"
                   f"<td><small>{escape(_plain(note))}</small></td></tr>" for what, value, note in C.unverified())
    sources = "".join(f"<li>{escape(k)}: {escape(_plain(t))}</li>" for k, t in C.DATA["sources"].items())
    marked = [c for c in C.CARDS if is_provisional(c)]
    return w.HTML(
        f"<div><b>잠정값 {len(C.unverified())}개</b> · 고칠 곳: 엔진의 구성품 자료 파일</div>"
        f'<div style="max-width:100%;overflow-wrap:anywhere"><table style="table-layout:fixed;width:100%">'
        f"<tr><th>무엇</th><th>지금 쓰는 값</th><th>근거</th></tr>{rows}</table></div>"
        f"<details><summary>출처 기호</summary><ul>{sources}</ul></details>"
        f"<div><small>잠정값 표시가 붙은 카드 ({len(marked)}종)</small></div>"
        + cards_html(card_svg(c, width=78) for c in marked), layout=w.Layout(max_width="100%"))
