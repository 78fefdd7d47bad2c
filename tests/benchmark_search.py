"""Recall of the book's search on the query list of tests/search_helpers.py, through the search page in
Chromium (the site as built in _build/html; run `bash .ci/build` first). Prints figures, asserts nothing.

    .venv/bin/python tests/benchmark_search.py
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from conftest import CHROMIUM, CHROMIUM_ARGS, REPO_ROOT  # noqa: E402
from search_helpers import QUERIES, expected_pages, search  # noqa: E402
from site_helpers import DESKTOP, summary, toc_pages, watched_page  # noqa: E402

HTML = REPO_ROOT / "_build" / "html"


def main() -> None:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout, sync_playwright

    if not (HTML / "pagefind").is_dir():
        sys.exit(f"{HTML}/pagefind 가 없습니다: 먼저 bash .ci/build")
    expected = expected_pages(HTML, toc_pages(REPO_ROOT))
    server = subprocess.Popen([sys.executable, str(REPO_ROOT / "book" / "serve" / "static_site.py"), str(HTML), "0"],
                              stdout=subprocess.PIPE, text=True)
    try:
        url = f"http://127.0.0.1:{server.stdout.readline().split()[1]}"
        found_total = expected_total = 0
        times = []
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            with watched_page(browser, DESKTOP) as (page, _context, log):
                for query, _stems in QUERIES:
                    start = time.perf_counter()
                    try:
                        found = search(page, url, query, timeout_ms=10_000)
                    except PlaywrightTimeout:  # no result at all
                        found = set()
                    times.append((time.perf_counter() - start) * 1000)
                    hits = expected[query] & found
                    found_total += len(hits)
                    expected_total += len(expected[query])
                    missed = sorted(expected[query] - found)
                    print(f"{query:<14} {len(hits):>2}/{len(expected[query]):<2}" + (f"  놓침: {missed}" if missed else ""))
                problems = log.problems()
            browser.close()
        print(f"\n재현율 {found_total}/{expected_total} = {found_total / expected_total:.1%} ({len(QUERIES)}개 질의)")
        stats = summary(times)
        print(f"질의 한 번 (쪽 열기부터 결과까지) 중앙값 {stats['median']:.0f} ms, p95 {stats['p95']:.0f} ms")
        if problems:
            print(f"요청/스크립트 문제: {problems}")
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
