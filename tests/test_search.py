"""The book's Korean search (book/_ext/pagefind_search.py) on the built site in Chromium, desktop and
375 px, with every request off 127.0.0.1 blocked: each query of tests/search_helpers.py (particles
attached, spaces dropped) lists every page that holds its words; the theme's search box and Ctrl+K lead
there; only the book's pages are indexed."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from conftest import BOOK_ROOT
from search_helpers import PAGE_SIZE, QUERIES, RESULTS_SHOWN_JS, expected_pages, search
from site_helpers import DESKTOP, LIVE_START_TIMEOUT_MS, LIVE_STARTED_JS, PHONE, toc_pages, watched_page

PAGES = toc_pages(BOOK_ROOT)
VIEWPORTS = {"desktop": DESKTOP, "phone": PHONE}


def test_only_the_books_pages_are_indexed(built_site):
    """Not the search page, the general index or the live runtime's files: the TOC's pages."""
    entry = json.loads((built_site / "pagefind" / "pagefind-entry.json").read_text(encoding="utf-8"))
    assert {language: meta["page_count"] for language, meta in entry["languages"].items()} == {"ko": len(PAGES)}


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_every_query_finds_its_pages(browser, site_url, built_site, screenshot_dir, viewport):
    expected = expected_pages(built_site, PAGES)
    chapters_covered = set().union(*expected.values())
    assert {d for d in PAGES if d.count("/") == 2} <= chapters_covered, "질의 목록이 닿지 않는 장이 있습니다"
    missed = {}
    with watched_page(browser, VIEWPORTS[viewport]) as (page, _context, log):
        for query, _stems in QUERIES:
            assert expected[query], f"{query}: 이 말이 있는 쪽이 없습니다 (질의 목록의 잘못)"
            found = search(page, site_url, query)
            if expected[query] - found:
                missed[query] = sorted(expected[query] - found)
        page.screenshot(path=screenshot_dir / f"search-{viewport}.png")
        log.assert_clean()
    assert not missed, f"찾지 못한 쪽: {missed}"


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_theme_search_box_and_ctrl_k_lead_to_the_results(browser, site_url, viewport):
    with watched_page(browser, VIEWPORTS[viewport]) as (page, _context, log):
        page.goto(f"{site_url}/book/archaeology/dig.html")
        page.wait_for_function(LIVE_STARTED_JS, timeout=LIVE_START_TIMEOUT_MS)   # then leave the page,
        log.wait_until_settled(page)                                            # its downloads done
        page.keyboard.press("Control+k")
        box = page.locator("dialog[open] form.bd-search input[name=q], .search-button__wrapper.show form.bd-search input[name=q]").first
        box.fill("천막은")
        box.press("Enter")
        page.wait_for_url("**/search.html?q=*")
        page.wait_for_function(RESULTS_SHOWN_JS, arg=PAGE_SIZE)
        titles = page.locator("a.pagefind-ui__result-link").all_inner_texts()
        assert "아키올로지 · 모래 폭풍" in titles, titles   # a game's page is titled with its game
        # The search page's own box searches again as one types.
        page.locator(".pagefind-ui__search-input").fill("유적에서")
        page.wait_for_function("() => document.querySelector('.pagefind-ui__message')?.textContent.includes('유적에서')")
        page.wait_for_function(RESULTS_SHOWN_JS, arg=PAGE_SIZE)
        assert "아키올로지 · 유적 탐험과 유적 타일" in page.locator("a.pagefind-ui__result-link").all_inner_texts()
        log.assert_clean()


# Are the live cells near the screen all live (the ones the reader would see grow above the section)?
NEAR_CELLS_LIVE_JS = """() => [...document.querySelectorAll('.live-cell')].filter(b => {
    const r = b.getBoundingClientRect(); return r.bottom >= -innerHeight / 2 && r.top <= innerHeight * 1.5;
}).every(b => b.dataset.live === 'live')"""


def test_a_result_opens_its_page_at_the_matching_section(browser, site_url):
    """On a phone, a phrase from deep inside a long page (유적 탐험: the 스핑크스 section) opens that page
    at that section, and the section stays on screen while the snapshots and live widgets above it grow."""
    with watched_page(browser, PHONE, has_touch=True, is_mobile=True) as (page, _context, log):
        search(page, site_url, "서로 다른 2종 선언")
        link = page.locator("a.pagefind-ui__result-link", has_text="유적 탐험과 유적 타일").first
        href = link.get_attribute("href")
        assert "#" in href, f"결과가 쪽의 맨 위로 갑니다: {href}"
        link.tap()
        page.wait_for_url("**/ruins.html#*")
        heading = page.locator(f"[id='{href.split('#')[1]}'] > :is(h2, h3, h4)").first
        assert "스핑크스" in heading.inner_text()
        expect(heading).to_be_in_viewport()
        page.wait_for_function(LIVE_STARTED_JS, timeout=LIVE_START_TIMEOUT_MS)
        page.wait_for_function(NEAR_CELLS_LIVE_JS, timeout=LIVE_START_TIMEOUT_MS)
        expect(heading).to_be_in_viewport()
        log.wait_until_settled(page)
        log.assert_clean()
