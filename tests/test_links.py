"""Cross-links land on the section they name (issue #29): a link from one page of the book to another
carries a #part that exists on the target page, so staff land on the rule instead of scrolling three
or four screens from the page top. Read from the built HTML (no browser): the prose of each page's
article, and the links that widgets write into their snapshots (a 잠정값 mark, a coach's rule link).

The exemptions are links whose purpose is the target page as a whole; they are listed here, each with
its reason, and nothing else is exempt.

One browser check follows a link on a phone to a section far down a long page full of widgets and
requires the section's heading on screen once the widgets above it are drawn and live."""

from __future__ import annotations

import json
import posixpath
import re
from fnmatch import fnmatchcase
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from playwright.sync_api import expect

from conftest import BOOK_ROOT
from site_helpers import LIVE_START_TIMEOUT_MS, LIVE_STARTED_JS, PHONE, TOUCH, toc_pages, watched_page

PAGES = toc_pages(BOOK_ROOT)

# (page the link is on, page it opens, why the page as a whole is meant). fnmatch patterns on docnames.
WHOLE_PAGE = [
    ("book/index", "book/*/index", "첫 화면의 게임 목록: 카드마다 그 게임의 장을 엽니다"),
    ("book/*/index", "*", "장 첫 쪽의 '이 장의 차례' 목록: 쪽마다 처음부터 엽니다 (그 절 안의 링크만)"),
    ("*", "book/*/guided", "처음 한 판: 쪽 전체가 한 판의 앱입니다"),
    ("*", "book/*/play", "한 판 해 보기: 쪽 전체가 한 판의 앱입니다"),
    ("*", "book/*/table", "테이블: 쪽 전체가 테이블 앱입니다"),
    ("book/*/guided", "book/*/quickstart", "'5분 만에 배우기만 읽었다면': 요약 쪽 전체를 읽는 것"),
    ("book/*/quickstart", "book/*/answers", "'바로 궁금한 것은 카페 빠른 답에': 질문 목록 쪽 전체"),
]
# The one section of a chapter's first page whose links are its table of contents.
CHAPTER_CONTENTS = "이 장의 차례"

WIDGET_STATE = re.compile(r'<script type="application/vnd\.jupyter\.widget-state\+json"[^>]*>(.*?)</script>', re.S)
HREF = re.compile(r"""\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')""")


class Article(HTMLParser):
    """A built page: every id on it, and the links in its article (href, text, the ## heading above)."""

    def __init__(self, html: str):
        super().__init__()
        self.ids, self.links = set(), []
        self.depth = 0           # inside <article class="bd-article"> while > 0
        self.open_link = None    # [href, text, section] of the <a> being read
        self.heading = None      # text of the <h2> being read
        self.section = ""        # the last <h2> seen in the article
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag == "article" and ("bd-article" in (attrs.get("class") or "").split() or self.depth):
            self.depth += 1
        if not self.depth:
            return
        if tag == "h2":
            self.heading = []
        if tag == "a" and attrs.get("href") and "headerlink" not in (attrs.get("class") or ""):
            self.open_link = [attrs["href"], [], self.section]

    def handle_endtag(self, tag):
        if tag == "article" and self.depth:
            self.depth -= 1
        if tag == "h2" and self.heading is not None:
            self.section = "".join(self.heading).replace("#", "").strip()
            self.heading = None
        if tag == "a" and self.open_link:
            href, text, section = self.open_link
            self.links.append((href, "".join(text).strip(), section))
            self.open_link = None

    def handle_data(self, data):
        if self.heading is not None:
            self.heading.append(data)
        if self.open_link:
            self.open_link[1].append(data)


def widget_links(html: str) -> list[tuple[str, str, str]]:
    """The links written into the page's widget snapshots (an HTML widget's value holding <a href>)."""
    found = []

    def walk(value):
        if isinstance(value, str):
            found.extend((a or b, "(위젯)", "") for a, b in HREF.findall(value))
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    for state in WIDGET_STATE.findall(html):
        walk(json.loads(state))
    return found


def exemption(source: str, target: str, section: str) -> str | None:
    """Why this link may open its target's top, or None."""
    for where, opens, why in WHOLE_PAGE:
        if fnmatchcase(source, where) and fnmatchcase(target, opens):
            if where == "book/*/index" and section != CHAPTER_CONTENTS:
                continue
            return why
    return None


@pytest.fixture(scope="module")
def articles(built_site: Path) -> dict[str, Article]:
    return {doc: Article((built_site / f"{doc}.html").read_text(encoding="utf-8")) for doc in PAGES}


def cross_links(built_site: Path, articles: dict[str, Article]):
    """(source, href, text, section, target docname, fragment) for each link between two book pages."""
    for doc in PAGES:
        html = (built_site / f"{doc}.html").read_text(encoding="utf-8")
        for href, text, section in articles[doc].links + widget_links(html):
            url = urlsplit(href)
            if url.scheme or url.netloc or not url.path:   # another site, or a place on this page
                continue
            target = posixpath.normpath(posixpath.join(posixpath.dirname(doc), unquote(url.path)))
            target = target.removesuffix(".html")
            if target not in articles or target == doc:
                continue
            yield doc, href, text, section, target, unquote(url.fragment)


def test_cross_links_name_a_section(built_site: Path, articles):
    """Every link from one book page to another opens a section of it (a #part that exists there),
    except the listed links whose purpose is the whole page."""
    missing, unknown, exempt = [], [], 0
    for doc, href, text, section, target, fragment in cross_links(built_site, articles):
        if fragment:
            if fragment not in articles[target].ids:
                unknown.append(f"{doc}: [{text}]({href}) — {target}에 그런 자리가 없음")
        elif exemption(doc, target, section):
            exempt += 1
        else:
            missing.append(f"{doc}: [{text}]({href})")
    assert not unknown, "없는 자리를 가리키는 링크:\n" + "\n".join(unknown)
    assert not missing, f"쪽 맨 위로 가는 링크 {len(missing)}개 (절을 가리켜야 함):\n" + "\n".join(missing)
    assert exempt > 0   # the exemptions still match real links (the chapters' contents at least)


def test_exemptions_are_used(built_site: Path, articles):
    """Each exemption still covers a real link (a stale one would silently widen the list)."""
    used = {why: 0 for _, _, why in WHOLE_PAGE}
    for doc, _href, _text, section, target, fragment in cross_links(built_site, articles):
        why = None if fragment else exemption(doc, target, section)
        if why:
            used[why] += 1
    assert all(used.values()), f"쓰이지 않는 예외: {[w for w, n in used.items() if not n]}"


def test_page_contents_list_third_level_headings(built_site: Path):
    """The page contents (right sidebar) show ### headings too, not only ## (issue #29)."""
    html = (built_site / "book/res_arcana/notes.html").read_text(encoding="utf-8")
    toc = html[html.index('id="pst-page-toc-nav"'):]
    toc = toc[:toc.index("</nav>")]
    assert 'class="toc-h3' in toc
    # Every list of the page contents is shown (the theme hides a list without this class).
    lists = re.findall(r'<ul class="([^"]*)"', toc)
    assert lists and all("pst-show_toc_level" in c.split() for c in lists), lists


# The browser check: a link on a phone, to the last section of the longest rules page with widgets
# (the ruins' tiles: every tile's widgets lie above it).
LINK_FROM, LINK_TO = "book/archaeology/sandstorm", "book/archaeology/ruins#rule-arch-buried"


def test_cross_link_lands_on_its_section_on_a_phone(browser, site_url, screenshot_dir):
    """Tapping a cross-link on a phone opens the target page at the section, and the section's heading
    is still on screen once the widgets above it have drawn their snapshots and gone live."""
    target, anchor = LINK_TO.split("#")
    href = posixpath.relpath(f"{target}.html", posixpath.dirname(LINK_FROM)) + "#" + anchor
    with watched_page(browser, PHONE, **TOUCH) as (page, _context, log):
        page.goto(f"{site_url}/{LINK_FROM}.html", wait_until="load")
        page.wait_for_function(LIVE_STARTED_JS, timeout=LIVE_START_TIMEOUT_MS)
        log.wait_until_settled(page)
        link = page.locator(f"article a[href='{href}']").first
        link.scroll_into_view_if_needed()
        link.tap()
        expect(page).to_have_url(f"{site_url}/{target}.html#{anchor}")
        heading = page.locator(f"[id='{anchor}'] > h2")
        # Everything above is drawn (the snapshots), Python has started, and each cell near the
        # screen is live: the moments when the content above the section grows.
        page.wait_for_function(
            """() => [...document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]')]
                       .every(s => s.previousElementSibling?.querySelector('.jupyter-widgets'))""",
            timeout=LIVE_START_TIMEOUT_MS)
        page.wait_for_function(LIVE_STARTED_JS, timeout=LIVE_START_TIMEOUT_MS)
        page.wait_for_function(
            """() => [...document.querySelectorAll('.live-cell')].filter(box => {
                   const r = box.nextElementSibling.getBoundingClientRect();
                   return r.bottom >= 0 && r.top <= innerHeight;
               }).every(box => box.dataset.live === 'live')""",
            timeout=LIVE_START_TIMEOUT_MS)
        log.wait_until_settled(page)
        page.wait_for_timeout(1000)    # a last re-layout (fonts, a live view's second draw)
        page.screenshot(path=screenshot_dir / "cross-link-phone.png")
        expect(heading).to_be_in_viewport()
        top = heading.evaluate("h => h.getBoundingClientRect().top")
        assert 0 <= top < PHONE["height"] / 2, f"절 제목이 화면 위쪽에 있지 않습니다 (top={top:.0f}px)"
        log.assert_clean()
