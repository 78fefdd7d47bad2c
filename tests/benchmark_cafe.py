"""The café under a rush: 20 tables open the 테이블 page at once, play moves, close; then how many kernels
and how much memory the server still holds once the culling has had its time. Then the server alone: 20
plain HTTP requests of the page at once (no browser), each read to its end, for which Voila starts a
kernel and runs every cell of the page. Prints figures, asserts nothing.

The 20 browsers run on this machine too: the CPU seconds the server (Voila and its kernels), the
browsers and the whole machine used are printed apart, because in a café each table brings its own
device and only the server's share is the café's. On 2 cores the browsers take most of the machine while
the tables open, so the rush's time to a first widget is mostly the browsers'; the server alone, and one
table opened alone (printed last), say what a table in a café waits for. A page that shows no widget in
OPEN_TIMEOUT_S counts as an error either way.

    .venv/bin/python tests/benchmark_cafe.py                   # 20 tables, the shortest safe cull time
    .venv/bin/python tests/benchmark_cafe.py --cull-idle 600   # the café's own setting (takes 12 min)
    .venv/bin/python tests/benchmark_cafe.py --server-only     # only the 20 plain requests (no browsers)
    .venv/bin/python tests/benchmark_cafe.py --cap 12          # the server's cap on kernels (CAFE_MAX_KERNELS)

Memory per kernel and the time to one more table's first widget are printed with the rush's tables still
open, and again at the cap: the server filled with plain requests to one kernel short of --cap (default:
the café's own cap), one table opened in a browser, then one request more, which gets the Korean page.
One machine stands in for every tablet here, so the per-address cap is set to the cap.

--cull-idle and --cull-interval are the server's VOILA_CULL_IDLE_S and VOILA_CULL_INTERVAL_S. A kernel
counts as disconnected until its page has loaded and connected, so the cull time must stay above the
slowest page load of the rush, or tables are culled before they open; on 2 cores a rush of 20 takes
half a minute, far more than one table alone suggests. By default the cull time is therefore just above the
time a page gets to show its first widget (OPEN_TIMEOUT_S; a slower page counts as an error anyway), so
no kernel can be culled while its page may still open. The kernels are counted when none is left, or
--linger seconds after the last page closed (default: the cull time plus two checks and a margin)."""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from conftest import CHROMIUM, CHROMIUM_ARGS, REPO_ROOT  # noqa: E402
from site_helpers import DESKTOP, summary, watched_page  # noqa: E402
from voila_helpers import (  # noqa: E402
    DRAW_LABEL, PAGE_DONE_JS, UNDO_LABEL, app_url, click_round_trip, close_kernel, fetch, kernels, page_kernel_id,
    running_cafe, voila_app, voila_pages,
)

OPEN_TIMEOUT_S = 120
# Installed in every table before it navigates: the page notes, from its first moment, when (ms from
# navigation start) the first widget enters it and when the page has its whole HTML. The tables are read
# one after another, so a time taken at reading would be the reading's time, not the page's.
PAGE_CLOCK_JS = """new MutationObserver((_, observer) => {
    if (document.querySelector('.jupyter-widgets')) { window.firstWidgetMs = performance.now(); observer.disconnect(); }
}).observe(document, {subtree: true, childList: true});
document.addEventListener('DOMContentLoaded', () => { window.htmlMs = performance.now(); });"""
FIRST_WIDGET_MS = "() => window.firstWidgetMs"  # undefined until the page has a widget
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"   # a cell output holding a widget, in Voila's HTML
MB = 1024 * 1024
SAFE_CULL_IDLE_S = OPEN_TIMEOUT_S + 10


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--moves", type=int, default=10, help="clicks per table (draw, undo, draw, ...)")
    parser.add_argument("--cull-idle", type=int, default=SAFE_CULL_IDLE_S, help="seconds (VOILA_CULL_IDLE_S)")
    parser.add_argument("--cull-interval", type=int, default=5, help="seconds (VOILA_CULL_INTERVAL_S)")
    parser.add_argument("--linger", type=float, help="most seconds after closing before kernels are counted")
    parser.add_argument("--server-only", action="store_true", help="only the rush of plain requests, no browsers")
    parser.add_argument("--cap", type=int, default=voila_app(REPO_ROOT).MAX_KERNELS, help="CAFE_MAX_KERNELS")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    notebook = voila_pages(REPO_ROOT).notebook_paths(REPO_ROOT)["book/archaeology/table"]
    log_path = REPO_ROOT / "_build" / "voila-benchmark.log"
    errors: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        if args.linger is None:
            args.linger = args.cull_idle + 2 * args.cull_interval + 15
        with running_cafe(REPO_ROOT, log_path, VOILA_CULL_IDLE_S=str(args.cull_idle),
                          VOILA_CULL_INTERVAL_S=str(args.cull_interval), CAFE_MAX_KERNELS=str(args.cap),
                          CAFE_KERNELS_PER_ADDRESS=str(args.cap)) as cafe, CpuMeter(cafe.pid) as cpu:
            if not args.server_only:
                rush(browser, cafe, cpu, app_url(cafe.url, notebook), args, errors)
                print(f"CPU: 서버(Voila와 커널) {cpu.server:.0f} s, 브라우저 {args.tables}개 {cpu.browser:.0f} s, "
                      f"기계 전체 {cpu.machine:.0f} s")
            before = cpu.server
            server_rush(cafe, app_url(cafe.url, notebook), args)
            print(f"  그동안 서버 CPU {cpu.server - before:.0f} s")
            if not args.server_only:
                alone(browser, app_url(cafe.url, notebook))
                at_cap(browser, cafe, app_url(cafe.url, notebook), args.cap)
        browser.close()


class CpuMeter(threading.Thread):
    """CPU seconds used by the server's processes (the server and its kernels), by Chromium's, and by the
    whole machine, read from /proc every half second (a culled kernel's time is kept from its last
    reading). What is neither is the benchmark itself: Playwright's driver and this script."""

    def __init__(self, server_pid: int):
        super().__init__(daemon=True)
        self.server_pid, self.seen, self.done = server_pid, {}, threading.Event()
        self.tick = os.sysconf("SC_CLK_TCK")
        self.machine_start = self._machine_busy()

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.done.set()
        self.join()

    def run(self):
        while not self.done.wait(0.5):
            for proc in Path("/proc").iterdir():
                try:
                    if not proc.name.isdigit():
                        continue
                    stat = (proc / "stat").read_text().rsplit(")", 1)[1].split()
                    argv = (proc / "cmdline").read_bytes()
                except OSError:
                    continue
                # Chromium rewrites the command line of its renderers and helpers as one string with
                # spaces, so the program is the first word, not the first NUL-separated argument.
                program = argv.split(b"\0")[0].split(b" ")[0]
                kind = "server" if self._serves(int(proc.name), int(stat[1])) else (
                    "browser" if program.endswith(b"/chromium") else None)
                if kind:
                    self.seen[proc.name] = (kind, (int(stat[11]) + int(stat[12])) / self.tick)

    def _serves(self, pid: int, parent: int) -> bool:
        return pid == self.server_pid or parent == self.server_pid

    def _machine_busy(self) -> float:
        """CPU seconds all cores have spent on anything but idling and waiting for the disk, since boot."""
        user, nice, system, idle, iowait, *rest = map(int, Path("/proc/stat").read_text().split()[1:9])
        return (user + nice + system + sum(rest)) / self.tick

    def total(self, kind: str) -> float:
        return sum(cpu for k, cpu in self.seen.values() if k == kind)

    server = property(lambda self: self.total("server"))
    browser = property(lambda self: self.total("browser"))
    machine = property(lambda self: self._machine_busy() - self.machine_start)


def server_rush(cafe, url: str, args) -> None:
    """The same rush without browsers: every page requested at once and read to its end (Voila has then
    run the page's cells in a kernel of its own), timed from the request to the last byte."""
    def fetch(_):
        start = time.monotonic()
        with urllib.request.urlopen(url, timeout=OPEN_TIMEOUT_S) as response:
            body = response.read().decode("utf-8")
        if WIDGET_VIEW not in body:
            raise RuntimeError("쪽에 위젯이 없습니다")
        return time.monotonic() - start

    with ThreadPoolExecutor(args.tables) as pool:
        futures = [pool.submit(fetch, i) for i in range(args.tables)]
    times, errors = [], []
    for future in futures:
        try:
            times.append(future.result())
        except Exception as exc:  # noqa: BLE001 - counted and printed
            errors.append(str(exc))
    print(f"서버만 (브라우저 없이 요청 {args.tables}개를 한꺼번에): 오류 {len(errors)}개"
          + "".join(f"\n  {e[:300]}" for e in errors[:5]))
    if times:
        s = summary(times)
        print(f"쪽을 다 받기까지 중앙값 {s['median']:.1f} s, p95 {s['p95']:.1f} s, 최대 {s['max']:.1f} s; "
              f"커널 {len(kernels(cafe.pid))}개")


def alone(browser, url: str) -> None:
    """One table opened while no other is opening: what the rush's figures compare with."""
    print(f"테이블 하나만 열면 첫 위젯까지 {one_table(browser, url):.1f} s")


def one_table(browser, url: str) -> float:
    """Seconds to the first widget of one table opened now (closed again)."""
    with watched_page(browser, DESKTOP) as (page, context, _log):
        context.add_init_script(PAGE_CLOCK_JS)
        page.goto(url, wait_until="commit")
        page.wait_for_function(FIRST_WIDGET_MS, timeout=OPEN_TIMEOUT_S * 1000)
        return page.evaluate(FIRST_WIDGET_MS) / 1000


def memory_line(held: dict) -> str:
    return (f"커널 {len(held)}개, 모두 {sum(held.values()) / MB:.0f} MB, 커널 하나 평균 "
            f"{sum(held.values()) / max(1, len(held)) / MB:.0f} MB")


def at_cap(browser, cafe, url: str, cap: int) -> None:
    """The server one kernel short of its cap (plain requests, four at a time), then one table in a
    browser, then one request more from another device (127.0.0.9: this one's own left table would be
    freed for it): it gets the Korean page."""
    def fill(_):
        status, body = fetch(url)
        return page_kernel_id(body) if status == 200 else None

    start = time.monotonic()
    with ThreadPoolExecutor(4) as pool:
        filled = [k for k in pool.map(fill, range(cap - 1 - len(kernels(cafe.pid)))) if k]
    print(f"상한 {cap}개: 요청만으로 커널 {len(kernels(cafe.pid))}개까지 채움 ({time.monotonic() - start:.0f}초)")
    print(f"  그때 테이블 하나를 열면 첫 위젯까지 {one_table(browser, url):.1f} s; {memory_line(kernels(cafe.pid))}")
    start = time.monotonic()
    status, body = fetch(url, source="127.0.0.9")
    print(f"  상한을 넘는 요청: {status} '지금은 빈 테이블이 없습니다' 쪽 {'있음' if '빈 테이블' in body else '없음'}, "
          f"{(time.monotonic() - start) * 1000:.0f} ms")
    for kernel_id in filled:
        close_kernel(cafe.url, kernel_id)


def rush(browser, cafe, cpu, url: str, args, errors: list[str]) -> None:
    """Open the tables at once, play, close them all, and print the figures."""
    first_widget, html, clicks = [], [], []
    with ExitStack() as tables:
        opened = [tables.enter_context(watched_page(browser, DESKTOP)) for _ in range(args.tables)]
        for page, context, _log in opened:
            context.add_init_script(PAGE_CLOCK_JS)
        for page, _context, _log in opened:  # goto would wait for each response before the next table
            page.evaluate("url => { location.href = url; }", url)
        started, server_cpu, browser_cpu, machine_cpu = time.monotonic(), cpu.server, cpu.browser, cpu.machine
        print(f"{args.tables}개 테이블을 한꺼번에 여는 중...", flush=True)
        playing = []  # the tables that opened: only they play
        for page, _context, _log in opened:
            left_ms = max(1, OPEN_TIMEOUT_S - (time.monotonic() - started)) * 1000
            try:
                page.wait_for_function(PAGE_DONE_JS, timeout=left_ms)
            except Exception:  # noqa: BLE001 - counted and printed, the run goes on
                errors.append(f"열기: {OPEN_TIMEOUT_S}초 안에 쪽이 다 그려지지 않았습니다")
                continue
            try:   # Voila has drawn every cell; the widgets follow once the page has its kernel
                page.wait_for_function(FIRST_WIDGET_MS, timeout=left_ms)
            except Exception:  # noqa: BLE001
                errors.append(f"열기: 쪽은 다 그려졌는데 {OPEN_TIMEOUT_S}초 안에 위젯이 없습니다")
                continue
            first_widget.append(page.evaluate(FIRST_WIDGET_MS) / 1000)
            html.append(page.evaluate("() => window.htmlMs") / 1000)
            playing.append(page)
        took = time.monotonic() - started
        print(f"열림 (오류 {len(errors)}개, {took:.0f}초; 그동안 CPU 서버 {cpu.server - server_cpu:.0f} s, 브라우저 "
              f"{cpu.browser - browser_cpu:.0f} s, 기계 전체 {cpu.machine - machine_cpu:.0f} s / "
              f"{os.cpu_count() * took:.0f} s); 수를 두는 중...", flush=True)
        for i in range(args.moves):
            for page in playing:
                try:
                    clicks.append(click_round_trip(page, DRAW_LABEL if i % 2 == 0 else UNDO_LABEL))
                except Exception as exc:  # noqa: BLE001
                    errors.append(f"클릭: {exc}")
        held = kernels(cafe.pid)
        errors += [f"{k}: {v}" for _p, _c, log in opened for k, v in log.problems().items()]
        print(f"테이블 {len(playing)}개가 열려 있을 때: {memory_line(held)}; 하나 더 열면 첫 위젯까지 "
              f"{one_table(browser, url):.1f} s", flush=True)
    print(f"모두 닫음; 커널이 모두 닫히기를 (길어야 {args.linger:.0f}초) 기다리는 중...", flush=True)
    closed_at = time.monotonic()
    while (left := kernels(cafe.pid)) and time.monotonic() - closed_at < args.linger:
        time.sleep(1)  # the server's culling leaves no event to wait for: poll it
    after = time.monotonic() - closed_at

    print(f"테이블 {args.tables}개, 테이블마다 클릭 {args.moves}번; 컬링: 유휴 {args.cull_idle}초, 검사 {args.cull_interval}초")
    print(f"오류 {len(errors)}개" + "".join(f"\n  {e[:300]}" for e in errors[:10]))
    if html:
        s = summary(html)
        print(f"쪽의 HTML을 다 받기까지(Voila가 모든 셀을 실행함) 중앙값 {s['median']:.1f} s, 최대 {s['max']:.1f} s")
    if first_widget:
        s = summary(first_widget)
        print(f"첫 위젯까지 중앙값 {s['median']:.1f} s, p95 {s['p95']:.1f} s, 최대 {s['max']:.1f} s")
        if s["max"] >= args.cull_idle:
            print(f"주의: 가장 느린 쪽({s['max']:.1f} s)이 컬링 유휴 시간 이상: 열리기 전에 닫힌 테이블이 있을 수 있습니다")
    if clicks:
        s = summary(clicks)
        print(f"클릭 왕복 중앙값 {s['median']:.0f} ms, p95 {s['p95']:.0f} ms (n={s['n']})")
    print(f"닫고 {after:.0f}초 뒤 커널 {len(left)}개, {sum(left.values()) / MB:.0f} MB")


if __name__ == "__main__":
    main()
