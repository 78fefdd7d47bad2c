"""카페 테이블 모드: `.ci/voila` serves every chapter page as a Voila app. For each game (a folder of
book/), a rule page's button and the 테이블 page round-trip through the kernel; the browser can't run
code in the kernel; nothing is fetched from another host; the 테이블 page fits a 375 px phone."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import urllib.request
from contextlib import contextmanager

import pytest
from playwright.sync_api import expect

from conftest import BOOK_ROOT, REPO_ROOT
from site_helpers import DESKTOP, PHONE, watched_page
from voila_helpers import (
    DRAW_LABEL,
    FIRST_TABLE_MOVE,
    UNDO_LABEL,
    app_url,
    click_round_trip,
    move_count,
    running_voila,
    send_to_kernel,
    voila_app,
    voila_pages,
    wait_for_moves,
    wait_for_widgets,
    wait_until_done,
)

PAGES = voila_pages(BOOK_ROOT)
NOTEBOOKS = PAGES.notebook_paths(BOOK_ROOT)  # {docname: notebook path under the served folder}
GAMES = sorted(PAGES.chapter_pages(BOOK_ROOT))
NOT_RULE_PAGES = {"index", "table", "provisional", "quickstart", "guided", "answers"}   # guides, not rule sections
LOG = BOOK_ROOT / "_build" / "voila.log"

# Text of every widget on the page: it changes only when the kernel sends new state (a Button click
# changes nothing by itself in the browser).
WIDGET_TEXT_JS = "() => [...document.querySelectorAll('.jupyter-widgets')].map(e => e.textContent).join('|')"


@pytest.fixture(scope="module")
def voila_url():
    with running_voila(BOOK_ROOT, LOG) as url:
        yield url


@contextmanager
def open_app(browser, url: str, viewport=DESKTOP):
    """A Voila app in a fresh context that blocks and records every request off 127.0.0.1."""
    with watched_page(browser, viewport) as (page, _context, log):
        sockets = []
        page.on("websocket", lambda ws: sockets.append(ws.url))
        page.goto(url)
        wait_for_widgets(page)
        wait_until_done(page)
        yield page, log, sockets


def table_notebook(game: str) -> str:
    docname = f"book/{game}/table"
    assert docname in NOTEBOOKS, f"{game}: 테이블 쪽(book/{game}/table.md)이 목차에 없습니다"
    return NOTEBOOKS[docname]


def test_a_page_waits_for_its_widget_when_the_kernels_are_slow(tmp_path):
    """Voila draws a page once the cells have run; a cell's output that comes later than the executor's
    IOPub wait is dropped, and nbclient's 4 s default dropped the widget of most tables when 20 opened at
    once (tests/benchmark_cafe.py): those tables got a page with nothing to play on. The café's wait must
    reach the executor Voila really runs (a setting under a wrong class name would be silently ignored)."""
    import nbformat
    from voila.execute import VoilaExecutor

    cafe = voila_app(BOOK_ROOT)
    executor = VoilaExecutor(nbformat.v4.new_notebook(), config=cafe.config(tmp_path, 0))
    assert executor.iopub_timeout == cafe.IOPUB_TIMEOUT_S >= 60


def test_tree_lists_the_games_and_only_the_pages(browser, voila_url):
    with watched_page(browser, PHONE) as (page, _context, log):
        page.goto(voila_url + "/")  # the tree is one static page: "load" is all it needs
        listed = page.locator("body").inner_text()
        for game in GAMES:
            folder = NOTEBOOKS[f"book/{game}/index"].split("/")[0]
            assert folder in listed
            page.goto(f"{voila_url}/voila/tree/{folder}")
            names = page.locator("body").inner_text()
            for docname, notebook in NOTEBOOKS.items():
                if docname.split("/")[1] == game:
                    assert notebook.split("/")[1] in names
        log.assert_clean()
    # Nothing but the generated notebooks is reachable: no files, no repository, no other root.
    for path in ("/voila/files/" + NOTEBOOKS[f"book/{GAMES[0]}/index"], "/voila/render/../../_config.yml",
                 "/voila/tree/..", "/api/kernels", "/terminals/1", "/api/terminals"):
        response = browser.new_context().request.get(voila_url + path)
        assert response.status >= 400, f"{path}: {response.status}"


@pytest.mark.parametrize("game", GAMES)
def test_rule_page_button_round_trips(browser, voila_url, screenshot_dir, game):
    """The first rule page with a Button: clicking it makes the kernel redraw something."""
    rule_pages = [d for d in PAGES.chapter_pages(BOOK_ROOT)[game] if d.split("/")[2] not in NOT_RULE_PAGES]
    for docname in rule_pages:
        with open_app(browser, app_url(voila_url, NOTEBOOKS[docname])) as (page, log, _):
            buttons = page.locator("button.widget-button")
            if buttons.count() == 0:
                log.assert_clean()
                continue
            label = buttons.first.inner_text().strip()
            before = page.evaluate(WIDGET_TEXT_JS)
            elapsed = click_round_trip(page, label)
            assert page.evaluate(WIDGET_TEXT_JS) != before
            page.screenshot(path=screenshot_dir / f"voila-{game}-rule-page.png", full_page=True)
            log.assert_clean()
            print(f"{docname}: '{label}' 왕복 {elapsed:.0f} ms")
            return
    pytest.fail(f"{game}: 단추가 있는 규칙 쪽이 없습니다")


@pytest.mark.parametrize("game", GAMES)
def test_table_page_keeps_a_game(browser, voila_url, screenshot_dir, game):
    assert game in FIRST_TABLE_MOVE, f"{game}: 테이블 쪽의 첫 수를 두는 방법(FIRST_TABLE_MOVE)이 없습니다"
    with open_app(browser, app_url(voila_url, table_notebook(game))) as (page, log, _):
        start = move_count(page)
        assert start == 0, "새 게임에는 둔 수가 없습니다"
        line = FIRST_TABLE_MOVE[game](page)
        wait_for_moves(page, 1)
        page.locator("details", has_text=line).wait_for()
        # Undo goes back, and the same move can be made again.
        click_round_trip(page, UNDO_LABEL)
        wait_for_moves(page, 0)
        FIRST_TABLE_MOVE[game](page)
        wait_for_moves(page, 1)
        # A new game for two: the seats follow the player count, chosen in the browser.
        page.locator("select").first.select_option(label="2인")
        page.wait_for_function("() => document.querySelectorAll('input[placeholder^=플레이어]').length === 2")
        click_round_trip(page, "이 설정으로 게임 시작")
        wait_for_moves(page, 0)
        assert page.locator(".widget-html-content small", has_text="2인").count() >= 1
        page.screenshot(path=screenshot_dir / f"voila-{game}-table-desktop.png", full_page=True)
        log.assert_clean()


# Voila scrolls #rendered_cells, not the document: look for any element that scrolls sideways.
SIDEWAYS_JS = """() => [...document.querySelectorAll('*')].filter(e => e.scrollWidth > e.clientWidth + 1
    && (e === document.documentElement || ['auto', 'scroll'].includes(getComputedStyle(e).overflowX)))
    .map(e => `${e.tagName}#${e.id}.${e.className}: ${e.scrollWidth} > ${e.clientWidth}px`)"""
# A button whose label does not fit is drawn cut off with "…" unless the book's style sheet (inlined into
# the café template) lets labels wrap: every shown button must allow it, and none may overflow.
CUT_LABELS_JS = """() => [...document.querySelectorAll('.jupyter-button')].filter(b => b.offsetParent !== null
    && (getComputedStyle(b).whiteSpace !== 'normal' || b.scrollWidth > b.clientWidth + 1)).map(b => b.textContent.trim())"""


@pytest.mark.parametrize("game", GAMES)
def test_table_page_fits_a_phone(browser, voila_url, screenshot_dir, game):
    """On a 375 px phone nothing on the 테이블 page scrolls sideways, at the start or after the first move,
    and no button label is cut off."""
    with open_app(browser, app_url(voila_url, table_notebook(game)), PHONE) as (page, log, _):
        page.locator(".jupyter-widgets").first.scroll_into_view_if_needed()
        page.screenshot(path=screenshot_dir / f"voila-{game}-table-phone.png")
        assert page.evaluate(SIDEWAYS_JS) == [], "가로 스크롤 발생 (첫 화면)"
        FIRST_TABLE_MOVE[game](page)
        wait_for_moves(page, 1)
        page.get_by_role("button", name=UNDO_LABEL).scroll_into_view_if_needed()
        page.screenshot(path=screenshot_dir / f"voila-{game}-table-phone-turn.png")
        assert page.evaluate(SIDEWAYS_JS) == [], "가로 스크롤 발생 (플레이어 차례)"
        assert page.evaluate(CUT_LABELS_JS) == [], "잘린 단추 글"
        log.assert_clean()


def test_serves_this_computer_only_by_default(voila_url):
    """Without CAFE_HOST the café listens on 127.0.0.1 alone: another address of the machine (here a second
    loopback one, as a tablet would use the café network's) finds nothing."""
    port = int(voila_url.rsplit(":", 1)[1])
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.2", port), timeout=10).close()


@pytest.mark.parametrize("where", ["this_computer", "network"])
def test_browser_cannot_execute_code(browser, request, tmp_path, where):
    """execute_request and friends sent to the page's kernel (from the page itself, and over both
    websocket protocols) never run; the widgets keep working. The same on the café's network
    (CAFE_HOST=0.0.0.0, conftest.py cafe_on_network)."""
    if where == "this_computer":
        voila_url, log_path = request.getfixturevalue("voila_url"), LOG
    else:
        cafe = request.getfixturevalue("cafe_on_network")
        voila_url, log_path = cafe.url, cafe.log
    marker = tmp_path / "executed"
    code = f"open({str(marker)!r}, 'w').write('x')"
    execute = {"code": code, "silent": False, "store_history": True, "user_expressions": {},
               "allow_stdin": False, "stop_on_error": True}
    with open_app(browser, app_url(voila_url, table_notebook(GAMES[0]))) as (page, log, sockets):
        kernel_ws = next(url for url in sockets if "/api/kernels/" in url)
        # 1. The page's own JavaScript, with the JSON protocol a browser speaks by default.
        seen = page.evaluate(
            """async ([url, execute]) => {
                const ws = new WebSocket(url.split('?')[0]);
                await new Promise(r => ws.onopen = r);
                const msg = (type, content) => JSON.stringify({channel: 'shell', content, metadata: {},
                    parent_header: {}, buffers: [], header: {msg_id: crypto.randomUUID(), msg_type: type,
                    session: 'x', username: '', date: '', version: '5.3'}});
                const seen = [];
                const done = new Promise(r => ws.onmessage = e => {
                    const type = JSON.parse(e.data).header.msg_type;
                    seen.push(type);
                    if (type === 'kernel_info_reply') r();
                });
                ws.send(msg('execute_request', execute));
                ws.send(msg('kernel_info_request', {}));
                await done;
                ws.close();
                return seen;
            }""",
            [kernel_ws, execute],
        )
        assert "kernel_info_reply" in seen and "execute_reply" not in seen, seen
        # 2. Python clients on both protocols, also trying the other channels and request types.
        attempts = [("shell", "execute_request", execute), ("control", "execute_request", execute),
                    ("shell", "inspect_request", {"code": "open", "cursor_pos": 4, "detail_level": 1}),
                    ("shell", "complete_request", {"code": "imp", "cursor_pos": 3}),
                    ("shell", "history_request", {"hist_access_type": "tail", "n": 10, "output": True,
                                                  "raw": True}),
                    ("control", "shutdown_request", {"restart": False}),
                    ("shell", "shutdown_request", {"restart": False})]
        for v1 in (False, True):
            seen = send_to_kernel(kernel_ws, attempts, v1=v1)
            assert seen is not None, "kernel_info_reply가 오지 않았습니다"
            refused = {"execute_reply", "execute_input", "inspect_reply", "complete_reply", "history_reply",
                       "shutdown_reply"}
            assert not refused & set(seen), seen
        assert not marker.exists(), "브라우저가 보낸 코드가 커널에서 실행되었습니다"
        # The widgets still answer.
        click_round_trip(page, DRAW_LABEL)
        wait_for_moves(page, 1)
        log.assert_clean()
    assert "버렸습니다" in log_path.read_text(encoding="utf-8")


def test_front_page_links_to_cafe_mode_only_locally(browser, voila_url, site_url, built_site):
    """Served from 127.0.0.1 the front page shows the link to the Voila server while it runs, on the port
    that server runs on (a free one here, not 8866; the latest café started, when the network tests run
    one too); on a public host it doesn't."""
    cafe = f"http://127.0.0.1:{(BOOK_ROOT / '_build' / 'voila' / 'port').read_text(encoding='utf-8')}/"
    with urllib.request.urlopen(cafe, timeout=30) as reply:
        assert reply.status == 200, "포트 파일이 가리키는 카페가 응답하지 않습니다"
    with watched_page(browser, PHONE) as (page, _context, log):
        page.goto(site_url + "/book/index.html", wait_until="load")
        link = page.locator("#kr-cafe-mode a")
        expect(link).to_have_attribute("href", cafe)
        assert link.is_visible()
        assert "켜져 있습니다" in page.locator("#kr-cafe-mode").inner_text()
        log.assert_clean()
    # The same built page as a static host would serve it (no request leaves the test).
    context = browser.new_context(viewport=PHONE, locale="ko-KR")
    page = context.new_page()
    context.route("https://book.example/**", lambda route: route.fulfill(
        body=(built_site / "book" / "index.html").read_bytes(), content_type="text/html")
        if route.request.url.endswith("/book/index.html") else route.abort())
    try:
        page.goto("https://book.example/book/index.html", wait_until="load")
        assert page.locator("#kr-cafe-mode").count() == 1
        assert not page.locator("#kr-cafe-mode a").is_visible()
    finally:
        context.close()


def test_front_page_offers_no_cafe_link_while_the_cafe_is_stopped(tmp_path):
    """With no café running (no port file beside the site, or one left by a killed café), /cafe.json names
    no address, so the front page keeps its café box hidden instead of linking to a server that refuses
    the connection; with one listening, it names that one."""
    site = tmp_path / "html"
    site.mkdir()
    server = subprocess.Popen([sys.executable, str(REPO_ROOT / "book" / "serve" / "static_site.py"), str(site), "0"],
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, text=True)
    try:
        port = server.stdout.readline().split()[1]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/cafe.json", timeout=30) as reply:
            assert json.load(reply) == {"url": None}
        (tmp_path / "voila").mkdir()
        with socket.socket() as cafe:
            cafe.bind(("127.0.0.1", 0))
            cafe_port = cafe.getsockname()[1]
            (tmp_path / "voila" / "port").write_text(str(cafe_port))
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/cafe.json", timeout=30) as reply:
                assert json.load(reply) == {"url": None}, "아무것도 듣지 않는 포트"
            cafe.listen()
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/cafe.json", timeout=30) as reply:
                assert json.load(reply) == {"url": f"http://127.0.0.1:{cafe_port}/"}
    finally:
        server.terminate()
        server.wait(timeout=10)
