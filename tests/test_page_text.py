"""What the built pages say, read from their HTML (no browser): every link leads to a page and place
that exist, no MyST markup is left unparsed in the text, the themes' words are Korean, no two
pages share a browser-tab title, and no engine word (an identifier, a code call, a file name, a particle
placeholder, an engine step count) reaches a reader: not in the prose, not in a widget, not in search.

Pages come from the built site, so a new chapter is covered as soon as it is built."""

from __future__ import annotations

import gzip
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

# Text a reader never sees as prose: code, scripts (widget state included), styles, drawings.
HIDDEN = {"script", "style", "code", "pre", "svg", "kbd"}
LABELS = ("title", "aria-label", "placeholder", "alt", "data-bs-title")
# A MyST role or directive that reached the page as text (a cell's Markdown output parsed as
# CommonMark, or a role inside a raw HTML block): "{ref}" before its `target` (which may have become
# a code span), or a fence "```{".
RAW_MARKUP = re.compile(r"\{[a-z][a-z-]*\}(?:`|$)|```\{")
# An English word of three letters or more in a tooltip or a screen reader's label.
ENGLISH = re.compile(r"\b[A-Za-z]{3,}\b")


# What only the engine's code says: a snake_case identifier (black_market_hands), a call or keyword
# (new_game(virtual_vp=True)), a source or data file, a particle left for the reader to choose (을(를),
# (으)로), a count of engine steps (86수째).
ENGINE_WORDS = {
    "엔진 식별자": re.compile(r"\b[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]+\b"),
    "코드 호출": re.compile(r"\b[A-Za-z_][A-Za-z0-9_.]*\((?:[^()]*=|\))|\b[a-z_]+=(?:True|False|'|\")"),
    "파일 이름": re.compile(r"\b[\w/.-]+\.(?:json|py|yml|ipynb)\b"),
    "조사 자리표시": re.compile(r"[을를이가은는와과]\([을를이가은는와과]\)|\((?:으|이)\)(?:로|나|라)"),
    "엔진 수 세기": re.compile(r"\d+\s*수째"),
}
# Never reader text: code, scripts, styles, drawings, and the folded staff boxes that may name the data
# file (widgets.common.staff_box, or a MyST admonition with the class kr-staff).
READER_HIDDEN_TAGS = {"script", "style", "pre", "svg", "kbd", "template"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
# Widget snapshot fields that a reader sees (a text box's value is the reader's own input, not ours).
WIDGET_TEXT = ("description", "tooltip", "placeholder", "_options_labels", "_titles")
WIDGET_HTML_MODELS = {"HTMLModel", "LabelModel", "HTMLMathModel"}


class ReaderText(HTMLParser):
    """The text a reader of an HTML fragment sees, inline code included, staff boxes and code left out."""

    def __init__(self, html: str):
        super().__init__()
        self.stack, self.text = [], []
        self.feed(html)

    def hidden(self) -> bool:
        return any(self.stack)

    def handle_starttag(self, tag, attrs):
        if tag in VOID:
            return
        classes = (dict(attrs).get("class") or "").split()
        self.stack.append(tag in READER_HIDDEN_TAGS or "kr-staff" in classes or "cell_input" in classes)

    def handle_endtag(self, tag):
        if tag not in VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        if not self.hidden() and data.strip():
            self.text.append(data.strip())


def widget_texts(html: str) -> list[str]:
    """What the page's widget snapshots show: labels, options, tooltips and the HTML widgets' text."""
    texts = []
    for state in re.findall(r'<script type="application/vnd\.jupyter\.widget-state\+json"[^>]*>(.*?)</script>',
                            html, re.S):
        models = json.loads(state)["state"]
        for model_id in models.keys() - _staff_widgets(models):
            fields = models[model_id]["state"]
            for key in WIDGET_TEXT:
                value = fields.get(key)
                texts += [value] if isinstance(value, str) else [v for v in value or () if isinstance(v, str)]
            if fields.get("_model_name") in WIDGET_HTML_MODELS and isinstance(fields.get("value"), str):
                texts += ReaderText(fields["value"]).text
    return texts


def _staff_widgets(models: dict) -> set:
    """Ids of the widgets inside a staff box (a widget with the class kr-staff, e.g. an Accordion holding
    the data file to download), the box included."""
    staff = [i for i, m in models.items() if "kr-staff" in m["state"].get("_dom_classes", ())]
    inside = set()
    while staff:
        model_id = staff.pop()
        if model_id not in inside and model_id in models:
            inside.add(model_id)
            children = models[model_id]["state"].get("children") or ()
            staff += [c.removeprefix("IPY_MODEL_") for c in children]
    return inside


# A web address written out for a reader to type (the box labels) is not engine text, whatever its path.
WEB_ADDRESS = re.compile(r"https?://\S+")


def engine_words(where: str, texts) -> list[str]:
    texts = [WEB_ADDRESS.sub("", t) for t in texts]
    return [f"{where}: {kind} '{m.group()}' in \"{t[max(0, m.start() - 30):m.end() + 30]}\""
            for t in texts for kind, pattern in ENGINE_WORDS.items() for m in pattern.finditer(t)]


class Page(HTMLParser):
    """A built page: its ids, its links (href of <a>), its prose, its labels and its tab title."""

    def __init__(self, path: Path):
        super().__init__()
        self.ids, self.links, self.text, self.labels = set(), [], [], []
        self.hidden = 0
        self.tab_title, self.in_title = "", False
        self.feed(path.read_text(encoding="utf-8"))

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in HIDDEN:
            self.hidden += 1
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])
        self.labels += [attrs[k] for k in LABELS if attrs.get(k)]
        self.in_title = tag == "title" and not self.hidden     # (an SVG's <title> is its tooltip)

    def handle_endtag(self, tag):
        if tag in HIDDEN:
            self.hidden -= 1
        self.in_title = False

    def handle_data(self, data):
        if self.in_title and not self.tab_title:
            self.tab_title = data.strip()
        if not self.hidden and data.strip():
            self.text.append(data.strip())


@pytest.fixture(scope="module")
def pages(built_site: Path) -> dict[Path, Page]:
    """Every page of the site a reader can reach (not the themes' template fragments in _static)."""
    found = {p: Page(p) for p in built_site.rglob("*.html") if "_static" not in p.relative_to(built_site).parts}
    assert len(found) > 10
    return found


def test_links_lead_somewhere(pages, built_site: Path):
    """Every link to this site names a file that exists and, with a #part, a place on that page."""
    broken = []
    for path, page in pages.items():
        for href in page.links:
            url = urlsplit(href)
            if url.scheme or url.netloc:            # another site, mailto:, javascript:
                continue
            target = (path.parent / unquote(url.path)).resolve() if url.path else path
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                broken.append(f"{path.relative_to(built_site)}: {href}")
            elif url.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else Page(target).ids
                if unquote(url.fragment) not in ids:
                    broken.append(f"{path.relative_to(built_site)}: {href} (그런 자리가 없음)")
    assert broken == [], "갈 곳이 없는 링크:\n" + "\n".join(broken)


def test_no_markup_left_in_text(pages, built_site: Path):
    """No role ({ref}`...`, {term}`...`) or directive shows up as text on a page."""
    raw = [f"{p.relative_to(built_site)}: {t[:80]}" for p, page in pages.items() for t in page.text
           if RAW_MARKUP.search(t)]
    assert raw == [], "처리되지 않은 MyST 표기가 보입니다:\n" + "\n".join(raw)


def test_theme_words_are_korean(pages, built_site: Path):
    """The themes' buttons, tooltips and labels (back to top, colour mode, sidebar toggles, ...) are
    Korean, as is every other tooltip and screen-reader label."""
    english = sorted({label for page in pages.values() for label in page.labels if ENGLISH.search(label)})
    assert english == [], f"영어로 남은 툴팁·라벨: {english}"
    words = ("Back to top", "Skip to main content", "previous page", "next page", "Copyright")
    left = sorted({w for page in pages.values() for t in page.text for w in words if w in t})
    assert left == [], f"영어로 남은 테마 문구: {left}"


def test_tab_titles_tell_pages_apart(pages, built_site: Path):
    """Every game has a 게임 준비, a 카페 빠른 답, a 테이블 ...: a game's page names its game in the
    browser's tab ("엘도라도 · 게임 준비"), so two tabs (or two bookmarks) never read the same."""
    by_title = {}
    for path, page in pages.items():
        by_title.setdefault(page.tab_title, []).append(str(path.relative_to(built_site)))
    shared = {title: paths for title, paths in by_title.items() if len(paths) > 1}
    assert shared == {}, f"같은 탭 제목의 쪽들: {shared}"
    games = {p.parent: pages[p].tab_title.split(" — ")[0] for p in pages
             if p.name == "index.html" and p.parent.parent == built_site / "book"}
    assert len(games) == 4, games
    unnamed = [t for p, page in pages.items() if p.parent in games and p.name != "index.html"
               for t in [page.tab_title] if not t.startswith(games[p.parent] + " · ")]
    assert unnamed == [], f"게임 이름이 없는 탭 제목: {unnamed}"


def test_no_engine_words_in_reader_text(built_site: Path):
    """Prose (inline code too) and every widget snapshot of every page speak the reader's language."""
    found = []
    for path in sorted(built_site.rglob("*.html")):
        if "_static" in path.relative_to(built_site).parts:
            continue
        html = path.read_text(encoding="utf-8")
        article = html[html.find('<article'):html.rfind('</article>')] if "<article" in html else html
        where = str(path.relative_to(built_site))
        found += engine_words(where, ReaderText(article).text) + engine_words(f"{where} (위젯)", widget_texts(html))
    assert found == [], "독자에게 보이는 엔진 용어:\n" + "\n".join(found)


def test_no_engine_words_in_search_results(built_site: Path):
    """What Pagefind returns as a result's text (its fragments) holds no engine word either."""
    fragments = sorted((built_site / "pagefind" / "fragment").glob("*.pf_fragment"))
    assert fragments, "찾기 색인이 없습니다"
    found = []
    for fragment in fragments:
        data = json.loads(gzip.decompress(fragment.read_bytes()).removeprefix(b"pagefind_dcd"))
        found += engine_words(data["url"], [data["content"], data["meta"].get("title", "")])
    assert found == [], "찾기 결과에 보이는 엔진 용어:\n" + "\n".join(found)


def test_the_reader_text_check_sees_what_it_must():
    """The check itself: it finds each kind of engine word where a reader would see it, and skips code
    and staff boxes."""
    seen = ReaderText('<p>시장 <code>black_market_hands</code>칸</p><pre>new_game(x=1)</pre>'
                      '<details class="kr-staff"><summary>직원용</summary><code>components.json</code></details>'
                      '<p>new_game(virtual_vp=True), rules/x/components.json, 마법사 결투가을(를), 1(으)로, 86수째</p>').text
    kinds = {line.split(": ")[1].split(" '")[0] for line in engine_words("t", seen)}
    assert kinds == set(ENGINE_WORDS), kinds
    assert not any("x=1" in t or "직원용" in t for t in seen)
