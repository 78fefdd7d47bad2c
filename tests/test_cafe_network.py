"""The café server on the café's network (conftest.py cafe_on_network: CAFE_HOST=0.0.0.0, opened at
127.0.0.2; every request here goes to a loopback address, from loopback addresses): it answers on any
address of the machine, its start page's QR codes open the pages they name, a burst of page requests
gets no more kernels than the caps allow and the rest a Korean page while the open tables play on, and
the staff view asks for the PIN the server printed."""

from __future__ import annotations

import ipaddress
import subprocess
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack

import pytest

from conftest import BOOK_ROOT
from site_helpers import DESKTOP, PHONE, watched_page
from voila_helpers import (
    DRAW_LABEL,
    FIRST_TABLE_MOVE,
    NETWORK_CAP,
    NETWORK_PER_ADDRESS,
    WIDGET_TIMEOUT_MS,
    app_url,
    cafe_network,
    click_round_trip,
    close_kernel,
    fetch,
    kernels,
    page_kernel_id,
    staff_pin_of,
    voila_pages,
    wait_for_moves,
    wait_for_widgets,
    wait_until_done,
)

PAGES = voila_pages(BOOK_ROOT)
NOTEBOOKS = PAGES.notebook_paths(BOOK_ROOT)
GAMES = sorted(PAGES.chapter_pages(BOOK_ROOT))
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"   # a cell output holding a widget
FULL = "지금은 빈 테이블이 없습니다"
STAFF_VIEW = "직원용: 모든 패 보기"


def open_table(stack: ExitStack, browser, url: str, viewport=DESKTOP):
    """(page, log) of a 테이블 app opened in a watched context that `stack` keeps open."""
    page, _context, log = stack.enter_context(watched_page(browser, viewport))
    page.goto(url)
    wait_for_widgets(page)
    wait_until_done(page)
    return page, log


def table_url(cafe, game: str = "archaeology") -> str:
    return app_url(cafe.url, NOTEBOOKS[f"book/{game}/table"])


def test_the_address_tablets_open_is_found_on_this_computer(monkeypatch):
    """Without CAFE_ADDRESS the printed address and the QR codes name this computer's own address on its
    network, read from its interfaces (nothing is sent), never a loopback one."""
    network = cafe_network(BOOK_ROOT)
    found = network.lan_addresses()
    assert all(not ipaddress.ip_address(a).is_loopback and ipaddress.ip_address(a).version == 4 for a in found)
    monkeypatch.delenv("CAFE_ADDRESS", raising=False)
    monkeypatch.setenv("CAFE_HOST", "0.0.0.0")
    assert network.Network.from_env(8866).address == (found[0] if found else "127.0.0.1")
    monkeypatch.setenv("CAFE_HOST", "127.0.0.1")
    assert not network.Network.from_env(8866).serves_network


def test_answers_on_any_address_of_the_machine(cafe_on_network):
    port = cafe_on_network.url.rsplit(":", 1)[1]
    for address in ("127.0.0.2", "127.0.0.3"):
        status, body = fetch(f"http://{address}:{port}/", source="127.0.0.1", timeout=30)
        assert status == 200 and "카페 테이블 모드" in body
    log = cafe_on_network.log.read_text(encoding="utf-8")
    assert f"카페 테이블 모드가 카페 네트워크에 열렸습니다: {cafe_on_network.url}/" in log


def test_start_page_qr_codes_open_their_pages(browser, cafe_on_network, screenshot_dir, tmp_path):
    """Each QR code as the start page draws it (a screenshot of it, read by zbarimg) names the page
    written under it, and that page answers: the start page, and each game's table with its widget."""
    with watched_page(browser, PHONE) as (page, _context, log):
        page.goto(cafe_on_network.url + "/")
        page.screenshot(path=screenshot_dir / "voila-network-start-phone.png", full_page=True)
        assert page.locator(".kr-cafe-url").inner_text() == cafe_on_network.url + "/"
        figures = page.locator("figure.kr-qr-start, figure.kr-qr-table")
        decoded = {}
        for i in range(figures.count()):
            figure = figures.nth(i)
            png = tmp_path / f"qr-{i}.png"
            figure.locator("svg").screenshot(path=png)
            read = subprocess.run(["zbarimg", "--quiet", "--raw", str(png)], capture_output=True, text=True)
            assert read.returncode == 0, f"QR 코드를 읽지 못했습니다: {figure.inner_text()}"
            decoded[read.stdout.strip()] = figure.get_attribute("data-url")
        log.assert_clean()
    assert all(url == shown for url, shown in decoded.items()), decoded
    assert set(decoded) == {cafe_on_network.url + "/"} | {f"{cafe_on_network.url}/table/{g}" for g in GAMES}
    for url in decoded:
        status, body = fetch(url, source="127.0.0.21")
        assert status == 200, url
        if "/table/" in url:
            assert WIDGET_VIEW in body and "테이블" in body, url
            close_kernel(cafe_on_network.url, page_kernel_id(body))   # as the page does when left


def test_a_burst_beyond_the_cap_gets_the_korean_page(browser, cafe_on_network, screenshot_dir):
    """18 requests at once from three addresses (one table's tablet would make one): the tables get no
    more kernels than the caps, the rest the Korean page; a table open meanwhile plays on, and once the
    burst's pages are left a new table opens and plays."""
    sources = [f"127.0.0.{n}" for n in (31, 32, 33) for _ in range(6)]
    with ExitStack() as stack:
        playing, playing_log = open_table(stack, browser, table_url(cafe_on_network))
        before = set(kernels(cafe_on_network.pid))
        with ThreadPoolExecutor(len(sources)) as pool:
            answers = list(pool.map(lambda source: (source, *fetch(table_url(cafe_on_network), source)), sources))
        alive = set(kernels(cafe_on_network.pid))
        opened = [(source, body) for source, status, body in answers if status == 200]
        refused = [body for _source, status, body in answers if status != 200]
        try:
            assert len(alive) == NETWORK_CAP and len(before) < NETWORK_CAP
            assert len(opened) == len(alive - before) == NETWORK_CAP - len(before)
            assert all(WIDGET_VIEW in body for _source, body in opened)
            assert all(sum(s == source for s, _ in opened) <= NETWORK_PER_ADDRESS for source in set(sources))
            assert len(refused) == len(sources) - len(opened) and all(FULL in body for body in refused)
            statuses = {status for _source, status, _body in answers}
            assert statuses == {200, 503}, statuses
            # The table that was open plays on.
            click_round_trip(playing, DRAW_LABEL)
            wait_for_moves(playing, 1)
            playing_log.assert_clean()
            with watched_page(browser, PHONE) as (page, _context, _log):
                page.set_content(refused[0])
                page.screenshot(path=screenshot_dir / "voila-network-full-phone.png")
        finally:
            for _source, body in opened:   # the burst's pages are left, as a browser leaves a page
                close_kernel(cafe_on_network.url, page_kernel_id(body))
    with ExitStack() as stack:
        page, log = open_table(stack, browser, table_url(cafe_on_network, "res_arcana"))
        FIRST_TABLE_MOVE["res_arcana"](page)
        wait_for_moves(page, 1)
        log.assert_clean()


def test_a_device_that_left_its_tables_gets_a_new_one(browser, cafe_on_network):
    """A tablet that reloads or leaves without telling the server (iPads send no goodbye) still gets a
    table at its per-address cap: its own pages that connected and left make room."""
    for _ in range(NETWORK_PER_ADDRESS + 1):
        with ExitStack() as stack:   # closing the context says nothing to the server
            page, log = open_table(stack, browser, table_url(cafe_on_network, "atlandice"))
            log.assert_clean()
    assert len(kernels(cafe_on_network.pid)) <= NETWORK_CAP


def test_staff_view_asks_for_the_pin(browser, cafe_on_network):
    pin = staff_pin_of(cafe_on_network.log)
    wrong = "000000" if pin != "000000" else "111111"
    with ExitStack() as stack:
        page, log = open_table(stack, browser, table_url(cafe_on_network))
        board = page.locator(".kr-board")
        hidden = board.inner_text()
        switch = page.locator("label", has_text=STAFF_VIEW).locator("input[type=checkbox]")
        box = page.locator("input[type=password]")
        switch.click()
        box.wait_for(state="visible")
        page.wait_for_function("el => !el.checked", arg=switch.element_handle())
        box.fill(wrong)
        page.get_by_role("button", name="확인", exact=True).click()
        page.get_by_text("PIN이 맞지 않습니다").wait_for()
        assert "아무것도 바뀌지 않았습니다" in page.locator(".jupyter-widgets").first.inner_text()
        assert not switch.is_checked() and board.inner_text() == hidden
        box.fill(pin)
        page.get_by_role("button", name="확인", exact=True).click()
        page.wait_for_function("el => el.checked", arg=switch.element_handle())
        page.wait_for_function("([el, hidden]) => el.innerText !== hidden", arg=[board.element_handle(), hidden])
        assert not box.is_visible()
        log.assert_clean()


@pytest.mark.parametrize("game", ["archaeology"])
def test_table_saved_on_the_server_resumes_in_a_new_page(browser, cafe_on_network, game):
    """A table's game, after a move, is offered under '이어서 하기' on a page opened later (another
    kernel, as after a reload or a restart), and goes on from there."""
    with ExitStack() as stack:
        page, log = open_table(stack, browser, table_url(cafe_on_network, game))
        page.locator("input[placeholder='플레이어 1']").fill("은지")
        # The kernel draws the table anew with the name: the move's controls are then the new ones.
        page.locator(".jupyter-widgets").get_by_text("은지").first.wait_for(timeout=WIDGET_TIMEOUT_MS)
        FIRST_TABLE_MOVE[game](page)
        wait_for_moves(page, 1)
        log.assert_clean()
    with ExitStack() as stack:
        page, log = open_table(stack, browser, table_url(cafe_on_network, game))
        page.get_by_text("이어서 하기 (서버에 저장된 게임)").click()
        menu = page.locator("select", has=page.locator("option", has_text="은지"))
        menu.select_option(label=menu.locator("option", has_text="은지").first.text_content())
        page.get_by_role("button", name="이 게임 이어서 하기", exact=True).click()
        wait_for_moves(page, 1)
        page.get_by_text("저장된 게임을 이어서 합니다").wait_for()
        log.assert_clean()
