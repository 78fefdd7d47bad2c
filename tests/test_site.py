"""Browser tests of the built book: strict build, every TOC page loads offline, widgets
render from the embedded snapshot, Korean renders in a Korean font, phones don't scroll sideways.

Pages come from _toc.yml, so a new chapter is covered as soon as it is in the TOC."""

from __future__ import annotations

import posixpath
import re
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from conftest import BOOK_ROOT
from site_helpers import (DESKTOP, LIVE_START_TIMEOUT_MS, LIVE_STARTED_JS, PHONE, TOUCH, expects_widget,
                          outside_references, toc_pages, watched_page)

PAGES = toc_pages(BOOK_ROOT)
# Snapshots far from the screen are drawn once the page's first cell is live: as long as a live start.
RENDER_TIMEOUT_MS = LIVE_START_TIMEOUT_MS

# Every widget view script must have been replaced by a rendered widget (embed.js inserts a
# .widget-subarea holding the .jupyter-widgets tree right before the script).
UNRENDERED_VIEWS_JS = """() => [...document.querySelectorAll(
    'script[type="application/vnd.jupyter.widget-view+json"]')].filter(s => {
        const prev = s.previousElementSibling;
        return !(prev && prev.classList.contains('widget-subarea')
                 && prev.querySelector('.jupyter-widgets'));
    }).length"""

# What a widget looks like when it did NOT render: the text/plain fallback or a loading note.
RAW_WIDGET_TEXT = re.compile(
    r"Loading widget|\b(?:VBox|HBox|GridBox|Box|Tab|Accordion|IntSlider|FloatSlider|"
    r"Label|HTML|Output|Button|ToggleButtons|Dropdown)\("
)


def page_url(site_url: str, docname: str) -> str:
    return f"{site_url}/{docname}.html"


def shot_name(docname: str, kind: str) -> str:
    return f"{docname.replace('/', '__')}-{kind}.png"


@contextmanager
def open_page(browser, url: str, viewport: dict):
    """Open url in a fresh context that blocks and records every request off 127.0.0.1."""
    with watched_page(browser, viewport) as (page, context, log):
        page.goto(url, wait_until="load")
        # Widgets render asynchronously after load. If loading already went wrong (say embed.js
        # is missing) don't wait: the assertions report it, with the failed request.
        if not log.problems():
            try:
                page.wait_for_function(f"({UNRENDERED_VIEWS_JS})() === 0", timeout=RENDER_TIMEOUT_MS)
            except PlaywrightTimeout:
                pass  # reported by assert_rendered
            # The last requests are the fonts the rendered page needs; wait until they are in
            # (a condition; Chromium's "networkidle" sometimes never comes on these pages).
            page.wait_for_function("document.fonts.status === 'loaded'")
        yield page, context, log


def assert_rendered(page) -> None:
    left = page.evaluate(UNRENDERED_VIEWS_JS)
    assert left == 0, f"렌더링되지 않은 위젯 {left}개 ({RENDER_TIMEOUT_MS // 1000}초 대기)"


def heading_fonts(context, page) -> list[str]:
    """Font families Chromium actually used to draw the text of the page's main <h1>."""
    cdp = context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    # article h1: the visible title (the theme also has a print-only copy outside <article>).
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": "article h1"})["nodeId"]
    assert node, "본문 제목(h1)이 없습니다"
    fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    return [f["familyName"] for f in fonts if f.get("glyphCount", 0) > 0]


def test_book_builds_strictly(built_site: Path):
    """The strict build succeeded and produced exactly one HTML page per TOC entry."""
    built = {
        p.relative_to(built_site).with_suffix("").as_posix()
        for p in built_site.rglob("*.html")
        if not p.relative_to(built_site).parts[0].startswith("_")
    }
    # Root redirect, Sphinx's own pages, and what the service worker shows for a page not kept offline.
    built -= {"index", "genindex", "search", "offline"}
    assert built == set(PAGES), f"TOC와 빌드된 쪽이 다릅니다: {sorted(built ^ set(PAGES))}"


def test_no_outside_assets(built_site: Path):
    """No built page loads a script or stylesheet from another host (no CDN)."""
    assert outside_references(built_site) == []


SPHINX_SEARCH = re.compile(r'<script[^>]+src="[^"]*(searchindex|searchtools|language_data)\.js')


def test_pages_leave_out_sphinx_search(built_site: Path):
    """Search is Pagefind's: no page loads Sphinx's search scripts and index ahead of itself (the theme
    puts them in every head), and the site holds none of them."""
    pages = list(built_site.rglob("*.html"))
    assert len(pages) > len(PAGES)
    loading = [p.name for p in pages if SPHINX_SEARCH.search(p.read_text(encoding="utf-8"))]
    assert loading == [], f"Sphinx 찾기 스크립트를 싣는 쪽: {loading}"
    left = [n for n in ("searchindex.js", "_static/searchtools.js", "_static/language_data.js") if (built_site / n).exists()]
    assert left == [], f"쓰지 않는 Sphinx 찾기 파일이 사이트에 남아 있습니다: {left}"


# Every icon the theme shows on the page, as it draws it: a glyph of Font Awesome's web font.
THEME_ICONS_JS = """() => [...document.querySelectorAll('.fa-solid, .fas')].filter(i => i.checkVisibility()).map(i => {
    const glyph = getComputedStyle(i, '::before');
    return {icon: i.className, content: glyph.content, font: glyph.fontFamily, width: i.getBoundingClientRect().width};
})"""


def test_the_watch_blocks_and_records_only_requests_off_this_machine(browser, site_url):
    """Every browser test's offline proof: a request to another host is aborted and recorded, while the
    site's own requests (and data: URLs) pass untouched."""
    with watched_page(browser, DESKTOP) as (page, _context, log):
        page.goto(page_url(site_url, "book/index"), wait_until="load")
        answers = page.evaluate("""async () => Promise.all(
            ['https://example.com/a.js', '/book/index.html', 'data:text/plain,1'].map(
                url => fetch(url).then(r => r.status, () => 'blocked')))""")
    assert answers == ["blocked", 200, 200]
    assert log.blocked == ["https://example.com/a.js"]
    assert not log.failed and not log.bad_status


def test_header_icons_need_no_script(browser, site_url, built_site: Path):
    """The theme's header icons (☰, contents, search, light/dark) come from its icon font; the site
    leaves out Font Awesome's 1.5 MB script, the heaviest script a page ran before its widgets went live."""
    assert not list(built_site.rglob("fontawesome.js")), "Font Awesome 스크립트가 사이트에 남아 있습니다"
    with watched_page(browser, PHONE, **TOUCH) as (page, _context, log):
        page.goto(page_url(site_url, "book/archaeology/market"), wait_until="load")
        page.wait_for_function("document.fonts.status === 'loaded'")
        icons = page.evaluate(THEME_ICONS_JS)
        assert {"fa-bars", "fa-list", "fa-magnifying-glass"} <= {c for i in icons for c in i["icon"].split()}, icons
        for icon in icons:
            assert icon["content"] not in ("none", "normal", '""'), f"아이콘 글자가 없습니다: {icon}"
            assert "Font Awesome" in icon["font"], f"아이콘이 아이콘 글꼴로 그려지지 않습니다: {icon}"
        assert page.evaluate("document.fonts.check('900 16px \"Font Awesome 6 Free\"')"), "아이콘 글꼴을 읽지 못했습니다"
        assert all(i["width"] > 0 for i in icons), icons
        log.assert_clean()


@pytest.mark.parametrize("docname", PAGES)
def test_page(browser, site_url, screenshot_dir, docname):
    with open_page(browser, page_url(site_url, docname), DESKTOP) as (page, context, log):
        page.screenshot(path=screenshot_dir / shot_name(docname, "desktop"), full_page=True)
        log.assert_clean()
        assert_rendered(page)

        outputs = " ".join(page.locator("article .cell_output").all_inner_texts())
        raw = RAW_WIDGET_TEXT.search(outputs)
        assert raw is None, f"렌더링되지 않은 위젯 텍스트: {raw and raw.group(0)!r}"

        if expects_widget(docname):
            widget = page.locator("article .cell_output .jupyter-widgets[class*='widget-']")
            assert widget.count() > 0, "위젯이 하나도 렌더링되지 않았습니다"
            assert widget.first.is_visible(), "위젯이 보이지 않습니다"

        families = heading_fonts(context, page)
        assert any("nanum" in f.lower() for f in families), f"제목이 한글 글꼴로 그려지지 않음: {families}"


@pytest.mark.parametrize("docname", PAGES)
def test_phone_width(browser, site_url, screenshot_dir, docname):
    """On a 375 px phone the page itself never scrolls sideways (wide widgets scroll inside)."""
    with open_page(browser, page_url(site_url, docname), PHONE) as (page, _context, log):
        page.screenshot(path=screenshot_dir / shot_name(docname, "phone"), full_page=True)
        log.assert_clean()
        assert_rendered(page)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"가로 스크롤 발생: scrollWidth={width}px > 375px"


def assert_on_screen(locator, what: str) -> None:
    """The element is shown and lies across the phone screen, not off to a side."""
    expect(locator).to_be_in_viewport()
    box = locator.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], f"{what}: 화면 밖에 있습니다 {box}"


def open_dialog(page, button: str, dialog: str):
    """Tap the visible `button` the way a reader does and return the sidebar `dialog` it opens."""
    page.locator(button).filter(visible=True).tap()
    opened = page.locator(f"{dialog}[open]")
    # The bug this guards against: the tap showed only the button's tooltip, nothing opened.
    expect(opened, f"{button} 단추를 눌러도 창이 열리지 않습니다").to_be_visible()
    return opened


@pytest.mark.parametrize("docname", PAGES)
def test_phone_menu(browser, site_url, screenshot_dir, docname):
    """On a touch phone ☰ opens the chapter list, and tapping the next page in it goes there."""
    following = PAGES[(PAGES.index(docname) + 1) % len(PAGES)]
    with watched_page(browser, PHONE, **TOUCH) as (page, _context, log):
        page.goto(page_url(site_url, docname), wait_until="load")
        menu = open_dialog(page, ".primary-toggle", "#pst-primary-sidebar-modal")
        chapters = menu.locator("nav.bd-docs-nav")
        assert_on_screen(chapters, "목차")
        page.screenshot(path=screenshot_dir / shot_name(docname, "phone-menu"))

        page.wait_for_function(LIVE_STARTED_JS, timeout=LIVE_START_TIMEOUT_MS)   # then leave
        log.wait_until_settled(page)
        href = posixpath.relpath(f"{following}.html", posixpath.dirname(docname))
        chapters.locator(f"a[href='{href}']").tap()
        expect(page).to_have_url(page_url(site_url, following))
        expect(page.locator("article h1").first).to_be_visible()
        page.wait_for_function(LIVE_STARTED_JS, timeout=LIVE_START_TIMEOUT_MS)   # its downloads done, too
        log.wait_until_settled(page)
        log.assert_clean()


@pytest.mark.parametrize("docname", PAGES)
def test_phone_page_contents(browser, site_url, screenshot_dir, docname):
    """On a touch phone the contents button opens this page's sections; tapping the last one
    closes the list and shows that section."""
    with watched_page(browser, PHONE, **TOUCH) as (page, _context, log):
        page.goto(page_url(site_url, docname), wait_until="load")
        if page.locator(".secondary-toggle").count() == 0:
            # The theme leaves the button out when there is nothing to list; make sure that's why.
            assert page.locator("article section section").count() == 0, "절이 있는데 목차 단추가 없습니다"
            log.assert_clean()
            return
        contents = open_dialog(page, ".secondary-toggle", "#pst-secondary-sidebar-modal")
        assert_on_screen(contents.locator("nav.page-toc"), "이 쪽의 목차")
        page.screenshot(path=screenshot_dir / shot_name(docname, "phone-contents"))

        last = contents.locator("nav.page-toc a[href^='#']:visible").last   # #### and deeper stay folded
        anchor = last.get_attribute("href")
        last.tap()
        expect(contents).to_be_hidden()  # the list closes, it doesn't cover the section...
        expect(page.locator("#pst-secondary-sidebar")).to_be_hidden()  # ...and slides off screen
        expect(page).to_have_url(page_url(site_url, docname) + anchor)
        expect(page.locator(f"[id='{anchor[1:]}'] > :is(h2, h3, h4)")).to_be_in_viewport()
        log.assert_clean()
