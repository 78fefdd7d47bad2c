"""No engine word reaches a reader of the 아틀란다이스 chapter: the pages' prose, every output of their code
cells (widgets as a person sees them, HTML, Markdown) and the engine's readings are free of snake_case names,
code calls, file names and particle placeholders. Staff boxes (class kr-staff) may show the file's keys."""
import ast
import re
from html import unescape
from pathlib import Path

import ipywidgets as w
import pytest

from rules import atlandice as A
from widget_helpers import walk

BOOK = Path(__file__).resolve().parents[1] / "book" / "atlandice"
ENGINE_WORDS = re.compile(r"[a-z]+_[a-z_]+|[A-Za-z_][A-Za-z0-9_]*\(|\.json\b|\.py\b|을\(를\)|\(으\)로|이\(가\)|은\(는\)|와\(과\)")
STAFF_BOX = re.compile(r'<details class="kr-staff">.*?</details>', flags=re.S)


def _visible(html: str) -> str:
    html = STAFF_BOX.sub("", html)
    html = re.sub(r"<p>엔진의 이름: <code>[^<]*</code></p>", "", html)   # rulings()' key line: the lead removes it
    html = re.sub(r"<(style|script)\b.*?</\1>", "", html, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", html))


def _widget_text(widget) -> str:
    parts = []
    for d in walk(widget):
        if "kr-staff" in getattr(d, "_dom_classes", ()):
            continue
        if any("kr-staff" in getattr(a, "_dom_classes", ()) for a in walk(widget) if d in getattr(a, "children", ())):
            continue
        selection = isinstance(d, (w.Dropdown, w.Select, w.SelectMultiple, w.RadioButtons, w.ToggleButtons))
        for attr in ("description", "tooltip", "placeholder") + (() if selection else ("value",)):
            v = getattr(d, attr, None)
            if isinstance(v, str):
                parts.append(_visible(v))
        if selection:                                 # a menu shows its labels; its value is a key
            parts += [str(label) for label in d._options_labels]
        parts += [str(t) for t in getattr(d, "titles", ()) or () if t]
    return "\n".join(parts)


def _output_text(value) -> str:
    if isinstance(value, w.Widget):
        return _widget_text(value)
    data = getattr(value, "data", None)
    return _prose(data) if isinstance(data, str) else ""                  # HTML or MyST Markdown


def _cells(text):
    """(tags, source) of every code cell of a MyST page."""
    for m in re.finditer(r"```\{code-cell\}[^\n]*\n(.*?)```", text, flags=re.S):
        body = m.group(1)
        tags = re.search(r"tags: \[([^\]]*)\]", body)
        if body.startswith("---"):
            body = body.split("---", 2)[2]
        body = "\n".join(line for line in body.splitlines() if not line.startswith(":tags:"))
        yield (tags.group(1) if tags else ""), body


def _prose(text):
    text = re.sub(r"```\{code-cell\}.*?```", "", text, flags=re.S)
    text = re.sub(r"\A---.*?---", "", text, flags=re.S)                   # the page's header
    text = re.sub(r"\]\([^)]*\)", "]", text)                              # link targets
    text = re.sub(r"\{(ref|term)\}`[^`]*`", "", text)
    text = re.sub(r"^\(([a-z0-9-]+)\)=$|^:::.*$|^:class:.*$", "", text, flags=re.M)
    return _visible(text)


@pytest.mark.parametrize("page", sorted(p.name for p in BOOK.glob("*.md")))
def test_a_page_shows_no_engine_word(page):
    text = (BOOK / page).read_text(encoding="utf-8")
    found = [(m.group(), "글") for m in ENGINE_WORDS.finditer(_prose(text))]
    namespace = {}
    for tags, source in _cells(text):
        tree = ast.parse(source)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, page, "exec"), namespace)
        if last is not None and "remove-cell" not in tags:
            out = eval(compile(ast.Expression(last.value), page, "eval"), namespace)
            found += [(m.group(), source.strip().splitlines()[-1]) for m in ENGINE_WORDS.finditer(_output_text(out))]
    assert not found, found


def test_the_readings_printed_on_pages_show_no_engine_word():
    for key, r in A.READINGS.items():
        for part in (r.chosen, r.other, r.text):
            assert not ENGINE_WORDS.search(part), (key, ENGINE_WORDS.search(part).group())
