"""The café under a rush: 20 tables open the 테이블 page at once, play moves, close; then, a while later,
how many kernels and how much memory the server still holds. Prints figures, asserts nothing.

    .venv/bin/python tests/benchmark_cafe.py                                # cull after 10 min, look at 12 min
    .venv/bin/python tests/benchmark_cafe.py --cull-idle 20 --linger 45     # a short run

--cull-idle and --cull-interval are the server's VOILA_CULL_IDLE_S and VOILA_CULL_INTERVAL_S; --linger
is how long after the last page closed the kernels are counted ("a few minutes"). A kernel counts as
disconnected until its page has loaded and connected, so --cull-idle must stay above the slowest page
load of the rush (20 tables on 2 cores: over 20 s), or tables are culled before they open."""

from __future__ import annotations

import argparse
import sys
import time
from contextlib import ExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from conftest import CHROMIUM, CHROMIUM_ARGS, REPO_ROOT  # noqa: E402
from site_helpers import summary, watched_page  # noqa: E402
from voila_helpers import (  # noqa: E402
    DRAW_LABEL, UNDO_LABEL, app_url, click_round_trip, kernels, running_cafe, voila_pages, wait_for_widgets,
    wait_until_done,
)

# Milliseconds from navigation start until the first widget is in the page, taken by the page itself
# (fails after 120 s: a page whose kernel was culled before it connected never shows one).
FIRST_WIDGET_JS = """() => new Promise((resolve, reject) => {
    const seen = () => document.querySelector('.jupyter-widgets');
    setTimeout(() => reject(new Error('no widget after 120 s')), 120000 - performance.now());
    if (seen()) return resolve(performance.now());
    new MutationObserver((_, observer) => {
        if (seen()) { observer.disconnect(); resolve(performance.now()); }
    }).observe(document, {subtree: true, childList: true});
})"""
MB = 1024 * 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--moves", type=int, default=10, help="clicks per table (draw, undo, draw, ...)")
    parser.add_argument("--cull-idle", type=int, default=600, help="seconds (VOILA_CULL_IDLE_S)")
    parser.add_argument("--cull-interval", type=int, default=60, help="seconds (VOILA_CULL_INTERVAL_S)")
    parser.add_argument("--linger", type=float, default=720, help="seconds after closing to count kernels")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    notebook = voila_pages(REPO_ROOT).notebook_paths(REPO_ROOT)["book/archaeology/table"]
    log_path = REPO_ROOT / "_build" / "voila-benchmark.log"
    errors: list[str] = []
    with running_cafe(REPO_ROOT, log_path, VOILA_CULL_IDLE_S=str(args.cull_idle),
                      VOILA_CULL_INTERVAL_S=str(args.cull_interval)) as cafe, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        url = app_url(cafe.url, notebook)
        first_widget, clicks = [], []
        with ExitStack() as tables:
            opened = [tables.enter_context(watched_page(browser, {"width": 1280, "height": 900}))
                      for _ in range(args.tables)]
            for page, _context, _log in opened:  # all navigations start before any page is waited for
                page.goto(url, wait_until="commit")
            print(f"{args.tables}개 테이블을 여는 중...", flush=True)
            playing = []  # the tables that opened: only they play
            for page, _context, _log in opened:
                try:
                    first_widget.append(page.evaluate(FIRST_WIDGET_JS) / 1000)
                    wait_for_widgets(page)
                    wait_until_done(page)
                    playing.append(page)
                except Exception as exc:  # noqa: BLE001 - counted and printed, the run goes on
                    errors.append(f"열기: {exc}")
            print(f"열림 (오류 {len(errors)}개); 수를 두는 중...", flush=True)
            for i in range(args.moves):
                for page in playing:
                    try:
                        clicks.append(click_round_trip(page, DRAW_LABEL if i % 2 == 0 else UNDO_LABEL))
                    except Exception as exc:  # noqa: BLE001
                        errors.append(f"클릭: {exc}")
            held = kernels(cafe.pid)
            errors += [f"{k}: {v}" for _p, _c, log in opened for k, v in log.problems().items()]
        print(f"모두 닫음; {args.linger:.0f}초 기다리는 중...", flush=True)
        closed_at = time.monotonic()
        while time.monotonic() - closed_at < args.linger:
            time.sleep(1)
        left = kernels(cafe.pid)
        browser.close()

    print(f"테이블 {args.tables}개, 테이블마다 클릭 {args.moves}번; 컬링: 유휴 {args.cull_idle}초, 검사 {args.cull_interval}초")
    print(f"오류 {len(errors)}개" + "".join(f"\n  {e[:300]}" for e in errors[:10]))
    if first_widget:
        s = summary(first_widget)
        print(f"첫 위젯까지 중앙값 {s['median']:.1f} s, p95 {s['p95']:.1f} s, 최대 {s['max']:.1f} s")
    if clicks:
        s = summary(clicks)
        print(f"클릭 왕복 중앙값 {s['median']:.0f} ms, p95 {s['p95']:.0f} ms (n={s['n']})")
    print(f"열려 있을 때 커널 {len(held)}개, {sum(held.values()) / MB:.0f} MB")
    print(f"닫고 {args.linger:.0f}초 뒤 커널 {len(left)}개, {sum(left.values()) / MB:.0f} MB")


if __name__ == "__main__":
    main()
