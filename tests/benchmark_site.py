"""Site figures (printed, never asserted): build times, site size, a reader's first visit and a later
page on a desktop and on the issue's phone profile (first live widget, bytes received before it), time
from navigation to the first live widget and to all widgets of the busiest page (cold and warm), click latency through the
browser's Python, and interaction latency under Voila.

Run after `bash .ci/setup`:  .venv/bin/python tests/benchmark_site.py [--built]
It rebuilds the book from scratch (to time a clean build), so it takes a few minutes; with --built it
measures the site already in _build/html instead; --visits prints only the site's size and the first and
later visits (desktop and phone profile).
"""
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from playwright.sync_api import sync_playwright  # noqa: E402

from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from live_helpers import busiest_page, first_and_later_visit, interaction_latency, site_size, time_to_live  # noqa: E402
from site_helpers import DESKTOP, PHONE, TOUCH, summary, toc_pages  # noqa: E402
from voila_helpers import (  # noqa: E402
    app_url, running_voila, table_latencies, time_to_first_widget, voila_pages, wait_until_done,
)

GAMES = sorted({doc.split("/")[1] for doc in toc_pages(ROOT) if doc.count("/") == 2})
HTML = ROOT / "_build" / "html"


def timed_build() -> float:
    start = time.perf_counter()
    subprocess.run(["bash", ".ci/build"], cwd=ROOT, check=True, stdin=subprocess.DEVNULL,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


# A reader's first visit and then a later page (the site's service worker holding the runtime), on a
# desktop and on the phone (375 px, touch, CPU 4x slower, 20/5 Mbit/s, 40 ms).
VISITS = (("book/archaeology/market", "book/el_dorado/movement"), ("book/res_arcana/notes", "book/res_arcana/collect"))
PROFILES = {"데스크톱": (DESKTOP, {}, False), "휴대폰 (CPU 4배 느림, 20 Mbit/s, 40 ms)": (PHONE, TOUCH, True)}
VISIT_RUNS = 3

LIVE_RUNS = 5  # cold + warm loads per page: one load varies by a few tenths of a second here
LIVE_FIGURES = (("cold first", "콜드 첫 위젯"), ("cold all", "모두"), ("warm first", "웜 첫 위젯"), ("warm all", "모두"))


def seconds(runs: list[dict], key: str) -> str:
    values = sorted(r[key] for r in runs)
    return f"{statistics.median(values):.2f} s [{values[0]:.2f}–{values[-1]:.2f}]"


def median_of(runs: list[dict], run: str, part: str) -> float:
    return statistics.median(r[f"{run} main thread"][part] for r in runs)


def ms(stats: dict) -> str:
    return f"중앙값 {stats['median']:.0f} ms · 95백분위 {stats['p95']:.0f} ms (n={stats['n']})"


def print_visits(browser, site: str) -> None:
    for first, later in VISITS:
        for profile, (viewport, options, slow) in PROFILES.items():
            runs = [first_and_later_visit(browser, f"{site}/{first}.html", f"{site}/{later}.html",
                                          viewport, slow, **options) for _ in range(VISIT_RUNS)]
            print(f"[{first} → {later}] {profile} ({VISIT_RUNS}번의 중앙값 [가장 빠름–느림]): 첫 방문 첫 위젯 "
                  f"{seconds(runs, 'first')} · 다음 쪽 {seconds(runs, 'later')} · 첫 위젯까지 받은 바이트 "
                  f"{statistics.median(r['bytes'] for r in runs) / 1e6:.1f} MB")


def main():
    print("규칙 노트북 사이트 벤치마크 (목표: 첫 라이브 위젯 콜드·웜 2초 이내, 휴대폰 첫 방문 4초·다음 쪽 2초 이내, "
          "첫 위젯까지 8 MB 이하, 상호작용 100 ms 미만, 사이트 35 MB 이하)")
    if "--built" in sys.argv:
        print("빌드: 재지 않음 (--built: 이미 있는 _build/html을 씀)")
    else:
        shutil.rmtree(ROOT / "_build", ignore_errors=True)
        clean = timed_build()
        cached = timed_build()
        print(f"빌드: 처음부터 {clean:.1f} s · 캐시 사용 {cached:.1f} s")
    for part, size in site_size(HTML).items():
        print(f"  크기 {part}: {size / 1e6:.1f} MB")

    server = subprocess.Popen([sys.executable, str(ROOT / "book" / "serve" / "static_site.py"), str(HTML), "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        port = server.stdout.readline().split()[1]  # "READY <port>" once it listens
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            site = f"http://127.0.0.1:{port}"
            print_visits(browser, site)
            if "--visits" in sys.argv:
                return
            for name, docname, (viewport, options) in (("시장 쪽", "book/archaeology/market", (DESKTOP, {})),
                                                       ("시장 쪽, 375 px 휴대폰", "book/archaeology/market", (PHONE, TOUCH)),
                                                       ("가장 바쁜 쪽", busiest_page(HTML, toc_pages(ROOT)), (DESKTOP, {}))):
                runs = [time_to_live(browser, f"{site}/{docname}.html", viewport, **options) for _ in range(LIVE_RUNS)]
                print(f"[{docname}] {name} 라이브 위젯, 탐색부터 (쪽의 시계, {LIVE_RUNS}번의 중앙값 [가장 빠름–느림]): "
                      + " · ".join(f"{label} {seconds(runs, key)}" for key, label in LIVE_FIGURES))
                print("  이 벤치마크가 알아챈 때까지 (Playwright의 확인 지연 포함): "
                      + " · ".join(f"{label} {seconds(runs, key + ' seen')}" for key, label in LIVE_FIGURES))
                print("  첫 위젯까지 메인 스레드 (중앙값): " + " · ".join(
                    f"{label} 작업 {median_of(runs, run, 'tasks'):.2f} s (스크립트 {median_of(runs, run, 'scripts'):.2f} s)"
                    for run, label in (("cold", "콜드"), ("warm", "웜")))
                    + f" · 스냅샷 복원 {sum(r['cold restored'] + r['warm restored'] for r in runs)}/{2 * LIVE_RUNS}")
                print("  첫 라이브부터 모두 라이브까지 메인 스레드의 가장 긴 작업 (그동안 누른 것이 기다림, 중앙값): "
                      + " · ".join(f"{label} {statistics.median(r[f'{run} longest task'] for r in runs):.0f} ms"
                                   for run, label in (("cold", "콜드"), ("warm", "웜"))))
            print(f"브라우저 파이썬 클릭 지연: {ms(interaction_latency(browser, site))}")
            pages = voila_pages(ROOT)
            with running_voila(ROOT, ROOT / "_build" / "voila-benchmark.log") as voila:
                notebooks = pages.notebook_paths(ROOT)
                for game in GAMES:
                    page = browser.new_page(viewport=DESKTOP)
                    first = time_to_first_widget(page, app_url(voila, notebooks[f"book/{game}/table"]))
                    wait_until_done(page)  # every cell shown (untimed), as the Voila tests wait
                    print(f"[{game}] Voila 테이블: 첫 위젯 {first:.1f} s · 되돌리기 왕복 {ms(summary(table_latencies(page, game)))}")
                    page.close()
            browser.close()
    finally:
        server.terminate()


if __name__ == "__main__":
    main()
