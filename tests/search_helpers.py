"""What a table asks the book's search, and which pages must answer: the query list of the search test
and of tests/benchmark_search.py.

Each query is typed as people type it, particles attached and spaces dropped ("유적에서", "모래폭풍").
The pages that must come back are not listed by hand (the chapters change under the list): a page must
be found when its searchable text (the article, without what pagefind_search.py leaves out) holds
every word of the query's stem, given as regular expressions. A query whose stem is on no page is a
mistake in this list and fails the test."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import quote

from site_helpers import load_extension

# (query as typed, [stems that a page must all contain to be expected])
QUERIES: list[tuple[str, list[str]]] = [
    ("유적에서", [r"유적"]),
    ("모래폭풍", [r"모래\s*폭풍"]),
    ("천막은", [r"천막"]),
    ("모래폭풍이 나오면", [r"모래\s*폭풍", r"나오"]),
    ("도둑이", [r"도둑"]),
    ("도둑카드", [r"도둑\s*카드"]),
    ("보물을", [r"보물"]),
    ("보물카드", [r"보물\s*카드"]),
    ("박물관에", [r"박물관"]),
    ("박물관판매", [r"박물관\s*판매"]),
    ("시장에서", [r"시장"]),
    ("물물교환은", [r"물물\s*교환"]),
    ("양피지를", [r"양피지"]),
    ("지도를", [r"(?<![가-힣])지도"]),      # the word 지도 (map), not the end of 갖지도 ("nor have")
    ("동전은", [r"동전"]),
    ("파라오의", [r"파라오"]),
    ("발굴지에서", [r"발굴지"]),
    ("게임준비", [r"게임\s*준비"]),
    ("게임종료는", [r"게임\s*종료"]),
    ("잠정값은", [r"잠정값"]),
    ("구성품을", [r"구성품"]),
    ("플레이어가", [r"플레이어"]),
    ("인원수에", [r"인원수"]),
    ("질그릇", [r"질그릇"]),
    ("부러진", [r"부러진"]),
    ("파편을", [r"파편"]),
    ("방에서", [r"방"]),
    ("유적타일", [r"유적\s*타일"]),
    ("응용규칙", [r"응용\s*규칙"]),
    ("카드를 버리면", [r"카드", r"버리|버린"]),
    ("점수는", [r"점수"]),
    ("가치가", [r"가치"]),
    ("확률이", [r"확률"]),
    ("천막을 사용하면", [r"천막", r"사용"]),
    ("탐험을", [r"탐험"]),
    ("도둑·모래폭풍", [r"도둑", r"모래\s*폭풍"]),
]

# What pagefind_search.py keeps out of the index (its EXCLUDE_SELECTORS are class selectors).
_SKIPPED_CLASSES = {selector.removeprefix(".") for selector in load_extension("pagefind_search").EXCLUDE_SELECTORS}
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _ArticleText(HTMLParser):
    """The text of <article class="bd-article">, without scripts, styles and the skipped elements;
    a labelled SVG picture counts as its label (what it draws is not searchable text)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[bool] = []  # per open element inside the article: is it skipped?
        self.parts: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in _VOID:
            return
        classes = set((dict(attrs).get("class") or "").split())
        if not self.stack and not (tag == "article" and "bd-article" in classes):
            return
        skipped = tag in ("script", "style", "svg") or bool(classes & _SKIPPED_CLASSES)
        if tag == "svg" and not (self.stack and self.stack[-1]):
            self.parts.append(dict(attrs).get("aria-label") or "")
        self.stack.append(skipped or (bool(self.stack) and self.stack[-1]))

    def handle_endtag(self, tag):
        if self.stack and tag not in _VOID:
            self.stack.pop()

    def handle_data(self, data):
        if self.stack and not self.stack[-1]:
            self.parts.append(data)


def searchable_text(html: str) -> str:
    parser = _ArticleText()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


def expected_pages(html_dir: Path, docnames: list[str]) -> dict[str, set[str]]:
    """{query: docnames whose searchable text contains every stem of the query}."""
    texts = {doc: searchable_text((html_dir / f"{doc}.html").read_text(encoding="utf-8")) for doc in docnames}
    return {query: {doc for doc, text in texts.items() if all(re.search(s, text) for s in stems)}
            for query, stems in QUERIES}


def docname_of(url: str) -> str:
    """'/book/archaeology/dig.html' or '.../book/archaeology/' (Pagefind drops index.html) -> docname."""
    path = re.sub(r"^[a-z]+://[^/]+", "", url).split("#")[0].split("?")[0].lstrip("/")
    if not path or path.endswith("/"):
        path += "index.html"
    return re.sub(r"\.html$", "", path)


# The search page has shown its answer: "…에 대한 결과 N건" and the first `shown` result links (Pagefind's
# UI shows a page of them, then a "more results" button; it draws a placeholder first and the link once
# that result's data has arrived).
PAGE_SIZE = 20   # pageSize of book/_ext/search_static/pagefind-search.js
RESULTS_SHOWN_JS = """(shown) => {
    const message = document.querySelector('.pagefind-ui__message');
    const count = message && message.textContent.match(/결과 (\\d+)건/);
    if (!count) return false;
    const links = document.querySelectorAll('.pagefind-ui__result > .pagefind-ui__result-inner > .pagefind-ui__result-title > a.pagefind-ui__result-link');
    return links.length === Math.min(Number(count[1]), shown);
}"""
MORE_RESULTS = "button.pagefind-ui__button"


def search(page, site_url: str, query: str, timeout_ms: float = 30_000) -> set[str]:
    """Docnames the search page lists for `query` (sent as the theme's search box sends it: ?q=), every
    page of results included."""
    page.goto(f"{site_url}/search.html?q={quote(query)}")
    shown = PAGE_SIZE
    page.wait_for_function(RESULTS_SHOWN_JS, arg=shown, timeout=timeout_ms)
    while page.locator(MORE_RESULTS).count():   # a reader taps "more results" until every page is listed
        page.locator(MORE_RESULTS).click()
        shown += PAGE_SIZE
        page.wait_for_function(RESULTS_SHOWN_JS, arg=shown, timeout=timeout_ms)
    return {docname_of(a.get_attribute("href")) for a in page.locator("a.pagefind-ui__result-link").all()}
