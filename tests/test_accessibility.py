"""Pages every reader can use: axe-core (npm, injected from node_modules, no CDN) finds no critical or
serious violation on any page of the site at 375 px with touch, with the widgets as the build drew them
(snapshots) and again once they are live.

Pages come from _toc.yml, so a new page is checked as soon as it is built."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import BOOK_ROOT
from live_helpers import wait_all_live
from site_helpers import PHONE, TOUCH, toc_pages, watched_page

PAGES = toc_pages(BOOK_ROOT)
AXE = BOOK_ROOT / "node_modules" / "axe-core" / "axe.min.js"
# A reader who asked to save data: Python starts at their first touch, so the page keeps its snapshots.
SAVE_DATA_JS = "Object.defineProperty(NetworkInformation.prototype, 'saveData', {get: () => true});"
DRAWN_JS = """() => [...document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]')]
    .every(s => s.previousElementSibling?.classList.contains('widget-subarea'))"""
VIOLATIONS_JS = """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
    .filter(v => ['critical', 'serious'].includes(v.impact))
    .map(v => `${v.impact} ${v.id}: ${v.nodes.length}곳, 예: ${v.nodes[0].target.join(' ')} — ${v.nodes[0].failureSummary}`)"""


def violations(page) -> list[str]:
    page.add_script_tag(path=str(AXE))
    return page.evaluate(VIOLATIONS_JS)


def test_axe_finds_what_it_must(browser, site_url):
    """The check itself: a dropdown without a name and light grey text are reported."""
    with watched_page(browser, PHONE, **TOUCH) as (page, _, _log):
        page.goto(f"{site_url}/book/index.html")
        page.evaluate("""() => document.querySelector('article').insertAdjacentHTML('beforeend',
            '<select><option>1</option></select><p style="color:#bbb">흐린 글씨</p>')""")
        found = " ".join(violations(page))
        assert "select-name" in found and "color-contrast" in found


@pytest.mark.parametrize("docname", PAGES)
def test_no_serious_accessibility_violation(browser, site_url, docname):
    url = f"{site_url}/{docname}.html"
    with watched_page(browser, PHONE, **TOUCH) as (page, context, log):
        context.add_init_script(SAVE_DATA_JS)
        page.goto(url + "#kr-every-snapshot")          # a jump to a section draws every snapshot first
        page.wait_for_function(DRAWN_JS)
        page.wait_for_function("document.fonts.status === 'loaded'")
        assert violations(page) == [], "미리 보기(스냅숏) 상태"
    if not Path(BOOK_ROOT / "_build" / "html" / f"{docname}.html").read_text(encoding="utf-8").count("live-cell"):
        return
    with watched_page(browser, PHONE, **TOUCH) as (page, _, log):
        page.goto(url)
        wait_all_live(page)
        assert violations(page) == [], "라이브 상태"
        log.wait_until_settled(page)
        log.assert_clean()
