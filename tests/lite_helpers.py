"""Drive the live widgets of the static site (JupyterLite REPL on Pyodide) and measure them.

Used by tests/test_lite.py and by the benchmark script: time from page load to a live widget (cold:
fresh browser profile; warm: same profile, page loaded again), click latency in the browser kernel,
and the size of the built site. Nothing here asserts a timing."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from site_helpers import summary

LIVE_BUTTON = ".live-widget-button"
LIVE_PANEL = "iframe.live-widget-panel"
LIVE_TIMEOUT_MS = 180_000  # cold Pyodide start on 2 busy cores


@dataclass(frozen=True)
class LiveProbe:
    """Where a game's live widget is tried: a chapter page, the buttons clicked in turn (each makes
    the engine compute a new answer), and a text the first click must bring up."""

    page: str  # book/<game>/<page>
    clicks: tuple[str, ...]
    expect: str


# One probe per game (a new game's test fails until it gets one here).
PROBES = {
    # 시장 물물교환: 교환하기 runs State.trade (new hand and market); 처음으로 rebuilds the table.
    "archaeology": LiveProbe("market", ("교환하기", "처음으로"), "교환했습니다"),
}

# Text of the REPL's cells (the code itself is hidden), i.e. what the live widget shows.
_CONSOLE_TEXT_JS = "() => document.querySelector('.jp-CodeConsole-content')?.innerText ?? ''"

# Click a button of the live widget and resolve with the ms until its text changes (in-page clock).
_CLICK_LATENCY_JS = """([label, timeoutMs]) => new Promise((resolve, reject) => {
    const root = document.querySelector('.jp-CodeConsole-content');
    const button = [...root.querySelectorAll('button')].filter(b => b.innerText.trim() === label).pop();
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


def probe_for(game: str) -> LiveProbe:
    if game not in PROBES:
        raise LookupError(f"tests/lite_helpers.py PROBES 에 '{game}' 의 라이브 위젯 시험을 추가하세요")
    return PROBES[game]


def page_url(site_url: str, game: str, probe: LiveProbe) -> str:
    return f"{site_url}/book/{game}/{probe.page}.html"


def repl_frame(page):
    """The Frame of the live panel's JupyterLite REPL."""
    handle = page.locator(LIVE_PANEL).last.element_handle(timeout=10_000)
    return handle.content_frame()


def open_live(page, probe: LiveProbe, timeout_ms: int = LIVE_TIMEOUT_MS) -> tuple[object, float]:
    """Click the live control of the first widget that has the probe's button; wait until the widget
    is live in the REPL. Returns (REPL frame, seconds from the click)."""
    start = time.perf_counter()
    page.locator(LIVE_BUTTON).first.click()
    frame = repl_frame(page)
    frame.get_by_role("button", name=probe.clicks[0], exact=True).last.wait_for(timeout=timeout_ms)
    return frame, time.perf_counter() - start


def console_text(frame) -> str:
    return frame.evaluate(_CONSOLE_TEXT_JS)


def click_latency_ms(frame, label: str, timeout_ms: int = 30_000) -> float:
    """Click one button of the live widget; ms until the widget's text changed (the kernel answered)."""
    return frame.evaluate(_CLICK_LATENCY_JS, [label, timeout_ms])


def time_to_live(browser, site_url: str, game: str, viewport=None) -> dict[str, float]:
    """Seconds from navigation to a live widget: 'cold' in a fresh profile (empty caches), 'warm' on a
    second load in the same profile. 'page_load' is navigation to the page's load event (cold)."""
    probe = probe_for(game)
    context = browser.new_context(viewport=viewport or {"width": 1280, "height": 900}, locale="ko-KR")
    try:
        result = {}
        for run in ("cold", "warm"):
            page = context.new_page()
            start = time.perf_counter()
            page.goto(page_url(site_url, game, probe), wait_until="load")
            if run == "cold":
                result["page_load"] = time.perf_counter() - start
            open_live(page, probe)
            result[run] = time.perf_counter() - start
            page.close()
        return result
    finally:
        context.close()


def interaction_latency(browser, site_url: str, game: str, clicks: int = 20) -> dict[str, float]:
    """Median and 95th percentile (ms) of click -> new engine answer shown, in the browser kernel."""
    probe = probe_for(game)
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="ko-KR")
    try:
        page = context.new_page()
        page.goto(page_url(site_url, game, probe), wait_until="load")
        frame, _ = open_live(page, probe)
        samples = [click_latency_ms(frame, probe.clicks[i % len(probe.clicks)]) for i in range(clicks)]
        return summary(samples)
    finally:
        context.close()


def site_size(html_dir: Path) -> dict[str, int]:
    """Bytes of the built site: total, and the JupyterLite parts (app, Pyodide, wheels) vs the book."""

    def size(path: Path) -> int:
        if path.is_file():
            return path.stat().st_size
        return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())

    lite = html_dir / "lite"
    parts = {
        "total": size(html_dir),
        "lite": size(lite),
        "lite/static/pyodide": size(lite / "static" / "pyodide"),
        "lite/build": size(lite / "build"),
        "lite/extensions": size(lite / "extensions"),
        "lite/pypi": size(lite / "pypi"),
    }
    parts["book (without lite)"] = parts["total"] - parts["lite"]
    return parts
