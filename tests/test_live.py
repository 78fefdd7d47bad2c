"""Live widgets on the static site: Pyodide in a worker, every file served by the site itself.

- every page with an interactive widget goes live in place (its snapshot view replaced by the live
  one) on a desktop and on a 375 px phone, and working the widget changes it through Python;
- a live view, before anyone touches it, shows what its snapshot showed (every option, title, picture);
- snapshots far down a long page are drawn once its first cell is live, or when the reader reaches them;
- Python starts from the build-time memory snapshot, which holds every game's engine (a heap grown past
  the wasm's initial memory still restores), and without it when a restore fails;
- the worker's files are named for their content (an old cached file never pairs with a new one);
- no page error, no request off 127.0.0.1 (watched_page blocks and records them).

Pages come from _toc.yml, so a new page with an interactive widget is covered as soon as it is built."""

from __future__ import annotations

import hashlib
import os
import subprocess
from pathlib import Path

import pytest

from conftest import BOOK_ROOT
from live_helpers import (LIVE_CELL, zstd, busiest_page, changes_through_python, live_pages, started, wait_all_live,
                          wait_first_live)
from site_helpers import DESKTOP, PHONE, TOUCH, expects_widget, load_extension, toc_pages, watched_page

PAGES = toc_pages(BOOK_ROOT)
VIEWPORTS = {"desktop": (DESKTOP, {}), "phone": (PHONE, TOUCH)}
# Widget views of live cells: each must be drawn by the live manager, not left as the snapshot.
SNAPSHOT_VIEWS_LEFT_JS = f"""() => [...document.querySelectorAll('{LIVE_CELL}')].flatMap(box =>
    [...box.nextElementSibling.querySelectorAll('.widget-subarea')]).filter(a => a.dataset.view !== 'live').length"""

# The text of each live cell's output (its widget views), in page order.
LIVE_OUTPUT_TEXTS_JS = f"""() => [...document.querySelectorAll('{LIVE_CELL}')].map(box => box.nextElementSibling.innerText)"""
# Are all the widget views of the live cells drawn (each view's script has its drawn area before it)?
VIEWS_DRAWN_JS = f"""() => [...document.querySelectorAll('{LIVE_CELL}')].every(box =>
    [...box.nextElementSibling.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]')]
        .every(s => s.previousElementSibling?.matches('.widget-subarea') && s.previousElementSibling.querySelector('.jupyter-widgets')))"""

# Is the page's last widget view drawn (its area holds a rendered widget)?
LAST_VIEW_DRAWN_JS = """() => {
    const area = [...document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]')]
        .at(-1).previousElementSibling;
    return Boolean(area && area.classList.contains('widget-subarea') && area.querySelector('.jupyter-widgets'));
}"""


# Node: a snapshot whose heap outgrew the wasm's own initial memory (30 MB in Pyodide 314) restores
# through pyodide_start.mjs, as the worker restores the site's snapshot. Prints the two heap sizes.
GROWN_HEAP_RESTORE_JS = """
import { loadPyodide } from "pyodide";
import { startPyodide } from "./book/_ext/live/pyodide_start.mjs";
const indexURL = process.cwd() + "/node_modules/pyodide/";
const made = await loadPyodide({ indexURL, _makeSnapshot: true });
const initial = made._module.HEAP8.length;
made.runPython("kept = bytearray(range(256)) * (40 << 12)");  // 40 MB that must survive the restore
const restored = await startPyodide(indexURL, made.makeMemorySnapshot());
console.log(initial, restored._module.HEAP8.length, restored.runPython("len(kept) == 40 << 20 and kept[-1] == 255"));
"""


@pytest.fixture(scope="module")
def interactive_pages(built_site: Path) -> list[str]:
    return live_pages(built_site, PAGES)


def test_chapter_pages_have_live_widgets(interactive_pages):
    """Most chapter pages carry an interactive widget; the live path must not quietly lose them."""
    chapters = [d for d in PAGES if expects_widget(d)]
    assert len(interactive_pages) >= len(chapters) - 2, f"라이브 셀이 있는 쪽: {interactive_pages}"


def snapshot_texts(browser, url: str) -> list[str]:
    """The text of each live cell's output as its snapshot draws it (Python held back, so nothing goes live)."""
    with watched_page(browser, DESKTOP) as (page, context, log):
        context.route("**/_static/live/snapshot-*.bin.zst", lambda route: None)  # left unanswered
        page.goto(url, wait_until="load")
        boxes = page.locator(LIVE_CELL)
        for i in range(boxes.count()):
            boxes.nth(i).locator("xpath=following-sibling::div[1]").scroll_into_view_if_needed()
        page.wait_for_function(VIEWS_DRAWN_JS)
        assert log.js_errors == [] and log.blocked == []
        return page.evaluate(LIVE_OUTPUT_TEXTS_JS)


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_every_interactive_page_goes_live(browser, site_url, built_site, screenshot_dir, interactive_pages, viewport):
    """On the desktop, each untouched live view must also read exactly as its snapshot: the worker runs
    the cell's code again and builds the same widgets, so a lost update (a dropdown with no options, a
    folded panel with no title, a missing map) shows as a difference."""
    size, options = VIEWPORTS[viewport]
    for docname in interactive_pages:
        url = f"{site_url}/{docname}.html"
        snapshots = snapshot_texts(browser, url) if viewport == "desktop" else None
        with watched_page(browser, size, **options) as (page, _context, log):
            page.goto(url, wait_until="load")
            wait_all_live(page)
            assert started(page)["restored"] is True, f"{docname}: 메모리 스냅샷에서 시작하지 않았습니다"
            assert page.evaluate(SNAPSHOT_VIEWS_LEFT_JS) == 0, f"{docname}: 미리 보기가 라이브 위젯으로 바뀌지 않았습니다"
            if snapshots is not None:
                lives = page.evaluate(LIVE_OUTPUT_TEXTS_JS)
                for i, (snapshot, live) in enumerate(zip(snapshots, lives, strict=True)):
                    assert live == snapshot, f"{docname}: {i}번째 라이브 셀이 미리 보기와 다르게 보입니다"
            boxes = page.locator(LIVE_CELL)
            assert any(changes_through_python(page, boxes.nth(i)) for i in range(boxes.count())), (
                f"{docname}: 위젯을 눌러도 파이썬이 아무것도 바꾸지 않습니다"
            )
            if viewport == "phone":
                width = page.evaluate("document.documentElement.scrollWidth")
                assert width <= PHONE["width"], f"{docname}: 가로 스크롤 {width}px"
            page.locator(LIVE_CELL).first.scroll_into_view_if_needed()
            page.screenshot(path=screenshot_dir / f"live__{docname.replace('/', '__')}-{viewport}.png")
            log.assert_clean()


def test_snapshot_holds_every_engine(browser, site_url):
    """Every registered game's engine is in the memory snapshot: the restored Python has them imported
    before any cell runs (a page of one game must not pay for importing its engine)."""
    from rules import GAMES

    with watched_page(browser, DESKTOP) as (page, _context, log):
        page.goto(f"{site_url}/book/archaeology/market.html", wait_until="load")
        wait_first_live(page)
        assert started(page)["restored"] is True
        assert started(page)["engines"] == list(GAMES), "메모리 스냅샷에 빠진 게임 엔진이 있습니다"
        log.assert_clean()


def test_snapshot_larger_than_the_initial_memory_restores():
    result = subprocess.run(
        ["node", "--input-type=module", "-e", GROWN_HEAP_RESTORE_JS],
        cwd=BOOK_ROOT, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    initial, restored, kept = result.stdout.split()
    assert int(restored) > int(initial), "스냅샷의 힙이 처음 메모리보다 크지 않아 이 검사가 의미가 없습니다"
    assert kept == "true"


def test_plain_start_when_the_snapshot_fails(browser, site_url):
    """A snapshot that does not restore (here: well-formed zstd, not the heap image the page expects)
    must not cost the reader the live widget: the page starts Python without it."""
    broken = zstd(os.urandom(1 << 16))
    with watched_page(browser, DESKTOP) as (page, context, log):
        context.route("**/_static/live/snapshot-*.bin.zst", lambda route: route.fulfill(status=200, body=broken))
        page.goto(f"{site_url}/book/archaeology/market.html", wait_until="load")
        wait_first_live(page)
        assert started(page)["restored"] is False
        box = page.locator(f'{LIVE_CELL}[data-live="live"]').first
        assert changes_through_python(page, box)
        log.assert_clean()


def test_far_snapshots_are_drawn_when_the_reader_reaches_them(browser, site_url, built_site):
    """On a long page, the snapshots far below the screen wait for the first live cell (making their
    models would slow Python's start), yet a reader who scrolls there first sees them at once. Here
    Python never starts (its memory snapshot never arrives), so only scrolling can draw the last one."""
    doc = busiest_page(built_site, PAGES)
    with watched_page(browser, DESKTOP) as (page, context, log):
        context.route("**/_static/live/snapshot-*.bin.zst", lambda route: None)  # left unanswered
        page.goto(f"{site_url}/{doc}.html", wait_until="load")
        page.wait_for_selector('.widget-subarea[data-view="snapshot"] .jupyter-widgets')
        assert not page.evaluate(LAST_VIEW_DRAWN_JS), "화면에서 먼 위젯을 파이썬보다 먼저 그렸습니다"
        page.locator(".cell_output:has(script[type='application/vnd.jupyter.widget-view+json'])").last \
            .scroll_into_view_if_needed()
        page.wait_for_function(LAST_VIEW_DRAWN_JS)
        assert page.locator(f'{LIVE_CELL}[data-live="live"]').count() == 0
        assert log.js_errors == [] and log.blocked == []


def test_far_snapshots_are_drawn_once_the_first_cell_is_live(browser, site_url, built_site):
    """A reader who has not scrolled still finds the whole long page drawn by the time they scroll
    (drawn while the page is idle, after the first live cell)."""
    doc = busiest_page(built_site, PAGES)
    with watched_page(browser, DESKTOP) as (page, _context, log):
        page.goto(f"{site_url}/{doc}.html", wait_until="load")
        page.wait_for_selector(f'{LIVE_CELL}[data-live="live"]', state="attached")
        page.wait_for_function(LAST_VIEW_DRAWN_JS)
        assert page.evaluate("scrollY") == 0
        log.assert_clean()


def test_worker_files_are_named_for_their_content(built_site: Path):
    live = built_site / "_static" / "live"
    for pattern in ("python-*.zip", "worker-*.mjs", "zstd-*.js", "pyodide.asm-*.wasm.zst"):
        (path,) = live.glob(pattern)
        assert path.name.split("-")[1].split(".")[0] == hashlib.sha256(path.read_bytes()).hexdigest()[:16], path.name
    (snapshot,) = live.glob("snapshot-*.bin.zst")
    pages = [p.read_text(encoding="utf-8") for p in (built_site / "book").rglob("*.html")]
    for name in (snapshot.name, next(live.glob("python-*.zip")).name):
        assert any(f'"{name}"' in text for text in pages), f"{name} 을 가리키는 쪽이 없습니다"


def test_the_runtime_wasm_is_stored_compressed(built_site: Path):
    """The site holds Pyodide's wasm only zstd-compressed (the worker decompresses it), byte for byte the
    npm package's."""
    live = built_site / "_static" / "live"
    assert not list(live.rglob("*.wasm")), "압축하지 않은 wasm이 사이트에 남아 있습니다"
    (wasm,) = live.glob("pyodide.asm-*.wasm.zst")
    assert zstd(wasm.read_bytes(), "-d") == (BOOK_ROOT / "node_modules" / "pyodide" / "pyodide.asm.wasm").read_bytes()


def test_the_build_names_the_widgets_the_page_bundle_cannot_draw():
    """The page bundle draws ipywidgets 8 base and controls models, descriptions as text: a page with any
    other widget must fail the strict build, not show a broken widget."""
    live_widgets = load_extension("live_widgets")
    drawn = {"model_module": "@jupyter-widgets/controls", "model_module_version": "2.0.0",
             "model_name": "ButtonModel", "state": {"description_allow_html": False}}
    undrawn = {
        "ipywidgets 7": {**drawn, "model_module_version": "1.5.0"},
        "output": {**drawn, "model_module": "@jupyter-widgets/output", "model_module_version": "1.0.0", "model_name": "OutputModel"},
        "html description": {**drawn, "state": {"description_allow_html": True}},
    }
    assert list(live_widgets.undrawn_models({"a": drawn})) == []
    for name, model in undrawn.items():
        assert len(list(live_widgets.undrawn_models({"a": drawn, "b": model}))) == 1, name
