"""Helpers for the site tests: read the TOC, find outside references, watch a browser page."""

from __future__ import annotations

import importlib.util
import ipaddress
import re
import statistics
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, field, fields
from pathlib import Path
from urllib.parse import urlsplit

# Pages of a game folder (book/<game>/...) that are not expected to carry a widget.
PAGES_WITHOUT_WIDGETS = {"index", "provisional", "glossary"}

# The screens the browser tests and benchmarks use: a desktop window, and a phone held in the hand
# (375 px wide; with TOUCH it takes taps and has a mobile viewport).
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 812}
TOUCH = {"has_touch": True, "is_mobile": True}

# True once a page's live widgets have started (at once on a page without any) and, once a cell was
# sent to Python, the files a restored worker fetches after the first live cell are in. Leaving a page
# earlier cancels its Python worker's downloads, which a NetworkLog counts as failed requests.
LIVE_STARTED_JS = ("!document.querySelector('.live-cell') || (window.liveWidgets.started"
                   " && (!window.liveWidgets.runAsked || window.liveWidgets.filesIn))")
LIVE_START_TIMEOUT_MS = 60_000


def toc_pages(root: Path) -> list[str]:
    """Docnames (e.g. 'book/archaeology/dig') of every page in _toc.yml, in reading order
    (read by book/serve/book_toc.py, the one reader of the TOC)."""
    return _book_toc(root).toc_pages(root)


def _book_toc(root: Path):
    return _load_module(root / "book" / "serve" / "book_toc.py")


def load_extension(name: str):
    """One of the book's Sphinx extensions (book/_ext/<name>.py), as a module; like the build, with the
    extensions' folder on the path, since an extension may import its sibling (page_titles)."""
    folder = Path(__file__).resolve().parents[1] / "book" / "_ext"
    if str(folder) not in sys.path:
        sys.path.append(str(folder))
    return _load_module(folder / f"{name}.py")


def _load_module(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def expects_widget(docname: str) -> bool:
    """Chapter pages of a game (book/<game>/<page>) must show at least one widget."""
    parts = docname.split("/")
    return len(parts) == 3 and parts[0] == "book" and parts[2] not in PAGES_WITHOUT_WIDGETS


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about"):
        return True
    return _is_loopback(parts.hostname)


def _is_loopback(host) -> bool:
    """127.0.0.0/8: this machine (the café's network tests serve on 127.0.0.2, never off the machine)."""
    try:
        return ipaddress.ip_address(host or "").is_loopback
    except ValueError:
        return False


# <script src="http..."> or <link ... href="http..."> in built HTML: things a browser
# fetches on load. Plain <a href> links to other sites are fine.
_FETCHED_URL = re.compile(
    r"<script\b[^>]*\bsrc=[\"'](?P<s>(?:https?:)?//[^\"']+)"
    r"|<link\b[^>]*\bhref=[\"'](?P<l>(?:https?:)?//[^\"']+)",
    re.IGNORECASE,
)


def outside_references(html_dir: Path) -> list[str]:
    """'page.html: url' for every script/link in the built site that points off 127.0.0.1."""
    found = []
    for page in sorted(html_dir.rglob("*.html")):
        for match in _FETCHED_URL.finditer(page.read_text(encoding="utf-8", errors="replace")):
            url = match.group("s") or match.group("l")
            if not is_local(url if "://" in url else "http:" + url):
                found.append(f"{page.relative_to(html_dir)}: {url}")
    return found


@dataclass
class NetworkLog:
    """What went wrong while a page loaded; every list must stay empty."""

    blocked: list[str] = field(default_factory=list)  # requests to other hosts (aborted)
    failed: list[str] = field(default_factory=list)  # requests that failed to load
    bad_status: list[str] = field(default_factory=list)  # responses with status >= 400
    js_errors: list[str] = field(default_factory=list)  # uncaught exceptions in the page
    in_flight: set = field(default_factory=set)  # requests started and not yet finished or failed

    def attach(self, context, page) -> None:
        context.route("**/*", self._route)
        page.on("request", lambda request: self.in_flight.add(request))
        page.on("requestfinished", lambda request: self.in_flight.discard(request))
        page.on("requestfailed", self._on_failed)
        page.on("response", self._on_response)
        page.on("pageerror", self._on_error)

    def wait_until_settled(self, page, timeout_s: float = 60) -> None:
        """Wait until every request the page started has finished or failed: leaving a page aborts what
        it still loads (on a busy machine a worker's download can be complete for the page's code yet
        not yet for the browser), and an abort a reader causes by leaving is no failure of the site."""
        deadline = time.monotonic() + timeout_s
        while self.in_flight:
            assert time.monotonic() < deadline, f"끝나지 않은 요청: {[r.url for r in self.in_flight]}"
            page.wait_for_timeout(50)    # lets Playwright deliver the requests' events

    def _route(self, route):
        url = route.request.url
        if is_local(url):
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort("blockedbyclient")

    def _on_error(self, exc):
        self.js_errors.append(str(exc))

    def _on_failed(self, request):
        self.in_flight.discard(request)
        if is_local(request.url):  # blocked ones are already recorded
            self.failed.append(f"{request.url} ({request.failure})")

    def _on_response(self, response):
        if response.status >= 400:
            self.bad_status.append(f"{response.status} {response.url}")

    def assert_clean(self) -> None:
        assert not self.problems(), f"요청/스크립트 문제: {self.problems()}"

    def problems(self) -> dict[str, list[str]]:
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "in_flight" and getattr(self, f.name)}


def summary(samples: list[float]) -> dict[str, float]:
    """Median, 95th percentile and maximum of timing samples (for the benchmark, never asserted)."""
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"n": len(ordered), "median": statistics.median(ordered), "p95": p95, "max": ordered[-1]}


@contextmanager
def watched_page(browser, viewport: dict, **context_options):
    """(page, context, log): a page in a fresh Korean context whose requests off 127.0.0.1 are
    blocked and recorded in `log`. context_options go to new_context (a phone: has_touch, is_mobile).
    The site's service worker is blocked unless asked for (service_workers="allow"): a test that is not
    about offline reading need not have it download the runtime again in the background."""
    context_options.setdefault("service_workers", "block")
    context = browser.new_context(viewport=viewport, locale="ko-KR", **context_options)
    page = context.new_page()
    log = NetworkLog()
    log.attach(context, page)
    try:
        yield page, context, log
    finally:
        context.close()
