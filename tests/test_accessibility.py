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


# Every kind of widget control appears on these: dropdowns, sliders, checkboxes, text boxes, buttons, the
# cards and spaces that open on a tap (details), links in widget text.
KEYBOARD_PAGES = ["book/archaeology/market", "book/el_dorado/movement", "book/res_arcana/actions",
                  "book/atlandice/depletion", "book/el_dorado/play"]
CONTROLS = ", ".join(f".jupyter-widgets {c}" for c in ("button", "select", "input", "textarea", "[role=slider]",
                                                      "summary", "a[href]"))
MARK_CONTROLS_JS = """(selector) => {
    let n = 0;
    for (const e of document.querySelectorAll(selector)) {
        // what is on screen: not in a closed <details> (whose summary is a control itself) nor hidden
        if (e.checkVisibility({visibilityProperty: true}) && !e.disabled) e.dataset.kbControl = n++;
    }
    return n;
}"""
FOCUSED_CONTROL_JS = "() => document.activeElement?.closest('[data-kb-control]')?.dataset.kbControl ?? null"


@pytest.mark.parametrize("docname", KEYBOARD_PAGES)
def test_every_widget_control_is_reached_by_keyboard(browser, site_url, docname):
    """With the widgets live, Tab alone reaches every control a reader could tap (none is left to a mouse)."""
    with watched_page(browser, PHONE) as (page, _, log):
        page.goto(f"{site_url}/{docname}.html")
        wait_all_live(page)
        count = page.evaluate(MARK_CONTROLS_JS, CONTROLS)
        assert count > 3, "위젯의 조작 요소를 찾지 못했습니다"
        reached = set()
        for _ in range(count * 3 + 200):          # the page's own links and the theme's come in between
            page.keyboard.press("Tab")
            control = page.evaluate(FOCUSED_CONTROL_JS)
            if control is not None:
                reached.add(control)
            if len(reached) == count:
                break
        missed = page.evaluate("""(reached) => [...document.querySelectorAll('[data-kb-control]')]
            .filter(e => !reached.includes(e.dataset.kbControl))
            .map(e => `${e.tagName.toLowerCase()} '${(e.textContent || e.value || '').trim().slice(0, 30)}'`)""",
                               sorted(reached))
        assert missed == [], f"키보드(Tab)로 닿지 않는 조작 요소: {missed}"
        log.assert_clean()


def test_a_move_is_played_by_keyboard(browser, site_url):
    """On 한 판 해 보기 a move button reached by Tab and pressed with Enter plays the move."""
    with watched_page(browser, PHONE) as (page, _, log):
        page.goto(f"{site_url}/book/el_dorado/play.html")
        wait_all_live(page)
        moves = page.locator(".kr-status[data-moves]")
        before = moves.get_attribute("data-moves")
        target = page.locator(".kr-moves button").first
        target.evaluate("b => b.dataset.kbTarget = 'yes'")
        for _ in range(300):
            page.keyboard.press("Tab")
            if page.evaluate("() => document.activeElement?.dataset.kbTarget === 'yes'"):
                break
        else:
            pytest.fail("Tab으로 첫 수 단추에 닿지 못했습니다")
        page.keyboard.press("Enter")
        page.wait_for_function("(before) => document.querySelector('.kr-status[data-moves]').dataset.moves !== before",
                               arg=before)
        log.assert_clean()
