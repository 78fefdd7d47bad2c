"""The café server shuts down the kernel of a page that is gone, and never one whose page is open:
`.ci/voila` with a cull timeout of a few seconds (VOILA_CULL_IDLE_S), two 테이블 pages, one closed."""

from __future__ import annotations

from contextlib import ExitStack

import pytest

from conftest import BOOK_ROOT
from site_helpers import DESKTOP, watched_page
from voila_helpers import (
    DRAW_LABEL,
    app_url,
    click_round_trip,
    kernel_id_of,
    kernels,
    running_cafe,
    voila_pages,
    wait_for_moves,
    wait_for_widgets,
    wait_until,
    wait_until_done,
)

CULL_IDLE_S = 4
CULL_INTERVAL_S = 1
LOG = BOOK_ROOT / "_build" / "voila-culling.log"


@pytest.fixture(scope="module")
def cafe():
    with running_cafe(BOOK_ROOT, LOG, VOILA_CULL_IDLE_S=str(CULL_IDLE_S),
                      VOILA_CULL_INTERVAL_S=str(CULL_INTERVAL_S)) as server:
        yield server


def open_table(stack, browser, url: str):
    """(page, kernel id) of a 테이블 app opened in a fresh watched context kept open by `stack`."""
    page, _context, log = stack.enter_context(watched_page(browser, DESKTOP))
    sockets = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.goto(url)
    wait_for_widgets(page)
    wait_until_done(page)
    return page, log, kernel_id_of(next(u for u in sockets if "/api/kernels/" in u))


def test_closed_page_kernel_goes_open_idle_page_kernel_stays(browser, cafe):
    pages = voila_pages(BOOK_ROOT)
    table = app_url(cafe.url, pages.notebook_paths(BOOK_ROOT)["book/archaeology/table"])
    with ExitStack() as stays_open:
        kept, kept_log, kept_kernel = open_table(stays_open, browser, table)
        # Opened after `kept`, so `kept` has been idle at least as long whenever this one is culled:
        # the pass that culls it saw `kept` idle past the timeout too, and spared it for its connection.
        with ExitStack() as closed:
            _gone, _log, gone_kernel = open_table(closed, browser, table)
            assert {kept_kernel, gone_kernel} <= set(kernels(cafe.pid))
        wait_until(lambda: gone_kernel not in kernels(cafe.pid), 60, "닫힌 쪽의 커널 종료")
        assert kept_kernel in kernels(cafe.pid), "열려 있는 쪽의 커널이 종료되었습니다"
        # The open table kept its game: its kernel still answers.
        click_round_trip(kept, DRAW_LABEL)
        wait_for_moves(kept, 1)
        kept_log.assert_clean()
    log = LOG.read_text(encoding="utf-8")
    assert f"Culling 'idle' kernel 'python3' ({gone_kernel})" in log
    assert not any(kept_kernel in line for line in log.splitlines() if "Culling" in line)
