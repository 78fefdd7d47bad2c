"""Drive the live widgets of the static site (Pyodide in a worker, views in place) and measure them.

Used by tests/test_live.py and by the benchmark script: time from navigation to the first live
widget and to all of a page's (cold: fresh browser profile; warm: same profile, page loaded again),
click latency through the worker's Python, and the size of the built site. Nothing here asserts a
timing."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from site_helpers import DESKTOP, summary

LIVE_CELL = ".live-cell"
LIVE_TIMEOUT_MS = 60_000  # a plain (no snapshot) start on 2 busy cores, with margin
CHANGE_TIMEOUT_MS = 10_000

# The market page's checker: 교환하기 runs State.trade, 처음으로 rebuilds the table; each click makes
# the engine compute new text (the benchmark's click latency).
LATENCY_PAGE = "book/archaeology/market"
LATENCY_CLICKS = ("교환하기", "처음으로")

# Click a button of a live cell's widget and resolve with the ms until its text changes (page clock).
_CLICK_LATENCY_JS = """([box, label, timeoutMs]) => new Promise((resolve, reject) => {
    const root = box.nextElementSibling;
    const button = [...root.querySelectorAll('button')].find(b => b.innerText.trim() === label);
    if (!button) return reject(new Error('no button ' + label));
    const before = root.innerText;
    const start = performance.now();
    const observer = new MutationObserver(() => {
        if (root.innerText !== before) { observer.disconnect(); resolve(performance.now() - start); }
    });
    observer.observe(root, {subtree: true, childList: true, characterData: true, attributes: true});
    setTimeout(() => { observer.disconnect(); reject(new Error('no change after ' + label)); }, timeoutMs);
    button.click();
})"""


def live_pages(html_dir: Path, docnames: list[str]) -> list[str]:
    """The pages (of these) that have at least one interactive widget, i.e. a live cell."""
    return [d for d in docnames if 'class="live-cell"' in (html_dir / f"{d}.html").read_text(encoding="utf-8")]


def busiest_page(html_dir: Path, docnames: list[str]) -> str:
    """The page (of these) with the most live cells (all of them go live through one worker)."""
    return max(live_pages(html_dir, docnames),
               key=lambda d: (html_dir / f"{d}.html").read_text(encoding="utf-8").count('class="live-cell"'))


def wait_all_live(page, timeout_ms: int = LIVE_TIMEOUT_MS) -> None:
    """Bring every live cell near the screen in turn (cells go live as they come near) and wait until
    each one is live; a cell that failed stops the wait at once."""
    boxes = page.locator(LIVE_CELL)
    for i in range(boxes.count()):
        box = boxes.nth(i)
        box.scroll_into_view_if_needed()
        try:
            page.wait_for_function(
                "box => box.dataset.live !== 'waiting'", arg=box.element_handle(), timeout=timeout_ms
            )
        except PlaywrightTimeout:
            # Where the cell is now tells a cell never seen near the screen (one that moved away as
            # drawings above it grew) from one that was started and never answered.
            where = box.evaluate("b => [Math.round(b.getBoundingClientRect().top), innerHeight]")
            raise AssertionError(f"{i}번째 라이브 셀이 {timeout_ms / 1000:.0f}초 동안 켜지지 않았습니다 "
                                 f"(화면 위에서 {where[0]} px, 화면 높이 {where[1]} px)") from None
        state = box.get_attribute("data-live")
        assert state == "live", f"{i}번째 라이브 셀이 켜지지 않았습니다 ({state})"


def zstd(data: bytes, *options: str) -> bytes:
    """Debian's zstd on bytes: compressed, or with "-d" decompressed (the site's wasm and snapshot)."""
    return subprocess.run(["zstd", "-q", *options, "-c"], input=data, capture_output=True, check=True).stdout


def wait_first_live(page, timeout_ms: int = LIVE_TIMEOUT_MS) -> None:
    page.locator(LIVE_CELL).first.scroll_into_view_if_needed()
    page.wait_for_selector(f'{LIVE_CELL}[data-live="live"]', state="attached", timeout=timeout_ms)


def started(page) -> dict:
    """How the page's Python started: {'restored': from the memory snapshot?, 'ms': worker time}."""
    return page.evaluate("window.liveWidgets.started")


def changes_through_python(page, box) -> bool:
    """Work the cell's widget as a reader can (each visible button in turn, then another choice in each
    visible dropdown, then one more in each visible number box: nothing inside a folded panel) until its
    text changes. A snapshot never changes: only the worker's Python can compute new text."""
    cell = box.locator("xpath=following-sibling::div[1]")
    before = cell.inner_text()
    controls = cell.locator("button:not([disabled]):visible")
    actions = [controls.nth(i).click for i in range(controls.count())]
    selects = cell.locator("select:visible")
    for i in range(selects.count()):
        select = selects.nth(i)
        other = select.evaluate("s => [...s.options].map(o => o.value).find(v => v !== s.value) ?? null")
        if other is not None:
            actions.append(lambda s=select, v=other: s.select_option(v))
    numbers = cell.locator("input[type=number]:visible")
    for i in range(numbers.count()):
        actions.append(lambda n=numbers.nth(i): (n.fill(str(int(n.input_value() or 0) + 1)), n.press("Enter")))
    for act in actions:
        act()
        try:
            page.wait_for_function(
                "([cell, before]) => cell.innerText !== before",
                arg=[cell.element_handle(), before], timeout=CHANGE_TIMEOUT_MS,
            )
            return True
        except PlaywrightTimeout:  # this control changed nothing visible: try the next one
            continue
    return False


def click_latency_ms(page, box, label: str, timeout_ms: int = 30_000) -> float:
    return page.evaluate(_CLICK_LATENCY_JS, [box.element_handle(), label, timeout_ms])


def main_thread_s(cdp) -> dict[str, float]:
    """Seconds the page's main thread has been busy so far: all its tasks, and running scripts in them."""
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return {"tasks": metrics["TaskDuration"], "scripts": metrics["ScriptDuration"]}


# Before the page's own scripts: note the page clock (ms since navigation start) each time a live cell
# shows its live views, so a figure is the page's own time, not the time until this harness noticed
# (Playwright's polling and round trips add 0.2-0.3 s on this machine); and the main thread's long
# tasks ([start, end] ms), each a time when a reader's tap waits.
_LIVE_CLOCK_JS = """window.__liveAt = [];
new MutationObserver((records) => {
    for (const r of records) if (r.target.dataset && r.target.dataset.live === 'live') window.__liveAt.push(performance.now());
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-live']});
window.__longTasks = [];
new PerformanceObserver((list) => {
    for (const task of list.getEntries()) window.__longTasks.push([task.startTime, task.startTime + task.duration]);
}).observe({type: 'longtask', buffered: true});"""


def time_to_live(browser, url: str, viewport=DESKTOP, **context_options) -> dict[str, float]:
    """Seconds from navigation to the first live widget and to all of the page's, 'cold' in a fresh
    profile (empty caches), 'warm' on a second load in the same profile, on the page's clock; the
    same as this harness saw them ('seen': wall clock from page.goto until the selector matched);
    the main thread's busy seconds until the first live widget, and its longest task (ms) from then
    until all widgets are live ('longest task')."""
    context = browser.new_context(viewport=viewport, locale="ko-KR", **context_options)
    context.add_init_script(_LIVE_CLOCK_JS)
    try:
        result = {}
        for run in ("cold", "warm"):
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Performance.enable")
            start = time.perf_counter()
            page.goto(url, wait_until="commit")
            wait_first_live(page)
            result[f"{run} first seen"] = time.perf_counter() - start
            result[f"{run} main thread"] = main_thread_s(cdp)
            wait_all_live(page)
            result[f"{run} all seen"] = time.perf_counter() - start
            live_at = page.evaluate("window.__liveAt")
            first, last = min(live_at), max(live_at)
            result[f"{run} first"], result[f"{run} all"] = first / 1000, last / 1000
            result[f"{run} longest task"] = max((end - begin for begin, end in page.evaluate("window.__longTasks")
                                                 if end > first and begin < last), default=0)
            result[f"{run} restored"] = started(page)["restored"]
            page.close()
        return result
    finally:
        context.close()


# The phone the issue measures with: a reader who scanned a code on a game box, café Wi-Fi.
PHONE_CPU_SLOWDOWN = 4  # Emulation.setCPUThrottlingRate
PHONE_NETWORK = {"offline": False, "latency": 40, "downloadThroughput": 20e6 / 8, "uploadThroughput": 5e6 / 8}
# The site's service worker is active and controls the page.
SW_READY_JS = "async () => { await navigator.serviceWorker.ready; return Boolean(navigator.serviceWorker.controller); }"


def wait_until(page, js: str, arg=None, timeout_s: float = 60) -> None:
    """Wait until an async page function resolves truthy (wait_for_function takes a promise as truthy)."""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(js, arg):
        assert time.monotonic() < deadline, f"{timeout_s:.0f}초 동안 참이 되지 않았습니다: {js[:120]}"
        page.wait_for_timeout(100)


# Bytes the page received until `liveAt` (its clock): the page itself and every file whose request
# started by then, its worker's script included (the page's resource timing, headers and all).
_BYTES_BY_JS = """(liveAt) => performance.getEntriesByType('navigation')[0].transferSize + performance
    .getEntriesByType('resource').filter((e) => e.startTime <= liveAt).reduce((sum, e) => sum + e.transferSize, 0)"""


def first_and_later_visit(browser, first_url: str, later_url: str, viewport=DESKTOP, phone_profile=False,
                          **context_options) -> dict[str, float]:
    """A reader's first visit (fresh profile: empty caches, no service worker) to first_url, then, in the
    same tab once the site's service worker holds the runtime, a visit to later_url. Seconds from
    navigation to each page's first live widget (page clock), and the bytes received for the requests
    that started before the first page's was live ('bytes'). phone_profile: the CPU 4x slower and
    20/5 Mbit/s with 40 ms latency (the worker's downloads are throttled with the page's)."""
    context = browser.new_context(viewport=viewport, locale="ko-KR", **context_options)
    context.add_init_script(_LIVE_CLOCK_JS)
    in_flight = set()
    context.on("request", lambda request: in_flight.add(request))
    context.on("requestfailed", lambda request: in_flight.discard(request))
    context.on("requestfinished", lambda request: in_flight.discard(request))
    try:
        page = context.new_page()
        if phone_profile:
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU_SLOWDOWN})
            cdp.send("Network.emulateNetworkConditions", PHONE_NETWORK)
        result = {}
        for visit, url in (("first", first_url), ("later", later_url)):
            page.goto(url, wait_until="commit")
            wait_first_live(page)
            live_at = min(page.evaluate("window.__liveAt"))
            result[visit] = live_at / 1000
            if visit == "first":
                wait_until(page, SW_READY_JS)
                deadline = time.monotonic() + LIVE_TIMEOUT_MS / 1000
                while in_flight and time.monotonic() < deadline:  # the deferred files, the chapter kept
                    page.wait_for_timeout(100)
                result["bytes"] = page.evaluate(_BYTES_BY_JS, live_at)
        return result
    finally:
        context.close()


def interaction_latency(browser, site_url: str, clicks: int = 20) -> dict[str, float]:
    """Median and 95th percentile (ms) of click -> the engine's new answer shown, in the browser."""
    context = browser.new_context(viewport=DESKTOP, locale="ko-KR")
    try:
        page = context.new_page()
        page.goto(f"{site_url}/{LATENCY_PAGE}.html", wait_until="load")
        wait_first_live(page)
        box = page.locator(f'{LIVE_CELL}[data-live="live"]').first
        samples = [click_latency_ms(page, box, LATENCY_CLICKS[i % len(LATENCY_CLICKS)]) for i in range(clicks)]
        return summary(samples)
    finally:
        context.close()


def site_size(html_dir: Path) -> dict[str, int]:
    """Bytes of the built site: total, the live widgets' part (Pyodide, Python, snapshot, bundles), its
    parts over 1 MB and the page bundle, the rest."""

    def size(path: Path) -> int:
        return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())

    live = html_dir / "_static" / "live"
    parts = {"total": size(html_dir), "_static/live": size(live)}
    for child in sorted(live.iterdir()):
        if child.is_dir() or child.stat().st_size > 1_000_000 or child.match("live-*.js"):
            parts[f"_static/live/{child.name}"] = size(child) if child.is_dir() else child.stat().st_size
    parts["book (without live)"] = parts["total"] - parts["_static/live"]
    return parts
