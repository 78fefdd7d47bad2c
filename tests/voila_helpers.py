"""Helpers for the café Voila tests and the benchmark: start `.ci/voila` on a free port, find the app of
a page, drive the 테이블 page, speak the kernel websocket directly, time round trips, and see which
kernels the server still runs.

Timings are taken inside the page (performance.now around a DOM change), not through Playwright, so
they measure click -> websocket -> kernel -> websocket -> DOM and nothing of the test driver."""

from __future__ import annotations

import http.client
import http.cookiejar
import importlib.util
import ipaddress
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, urlsplit

START_TIMEOUT_S = 180  # includes .ci/setup, which is a no-op after the first run
# The caps of the café server the network tests run (conftest.py cafe_on_network).
NETWORK_CAP = 4
NETWORK_PER_ADDRESS = 2
WIDGET_TIMEOUT_MS = 60_000

# The 테이블 page's contract (widgets/common/game_view.py GameView): a status line that counts the moves
# played in its data-moves attribute (not in its text: readers count turns, not engine steps), a chance
# step that the engine can draw ("진행 ...") and an undo button.
MOVE_COUNTER_JS = """() => {
    const el = document.querySelector('.widget-html-content .kr-status[data-moves]');
    return el ? el.dataset.moves : null;
}"""
DRAW_LABEL = "진행 (엔진이 뽑기)"
UNDO_LABEL = "한 수 되돌리기"

# Click the button whose text is `label`, then resolve with the milliseconds until the kernel's answer
# is drawn: the widgets' text changed and, on a page with a move counter, the counter changed. (A click
# on a Button changes nothing in the browser by itself; only the kernel's reply does.)
CLICK_ROUND_TRIP_JS = """async (label) => {
    const text = () => [...document.querySelectorAll('.jupyter-widgets')].map(e => e.textContent).join('|');
    const counter = (%s);
    const button = [...document.querySelectorAll('button')].find(b => b.textContent.trim() === label);
    if (!button) throw new Error('no button ' + label);
    const before = text(), moves = counter();
    const answered = () => text() !== before && (moves === null || counter() !== moves);
    const t0 = performance.now();
    button.click();
    await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no answer from the kernel')), 30000);
        const observer = new MutationObserver(() => {
            if (answered()) { observer.disconnect(); clearTimeout(timer); resolve(); }
        });
        observer.observe(document.body, {subtree: true, childList: true, characterData: true});
    });
    return performance.now() - t0;
}""" % MOVE_COUNTER_JS


def _load(name: str, path: Path):
    if str(path.parent) not in sys.path:  # the café modules import their sibling book_toc
        sys.path.insert(0, str(path.parent))
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module   # as an import would: a dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


def voila_pages(root: Path):
    """The page converter of .ci/voila (its mapping from docnames to notebook paths)."""
    return _load("cafe_pages", root / "book" / "serve" / "cafe_pages.py")


def voila_app(root: Path):
    return _load("cafe", root / "book" / "serve" / "cafe.py")


def cafe_network(root: Path):
    """Where the café's server is reachable (book/serve/cafe_network.py)."""
    return _load("cafe_network", root / "book" / "serve" / "cafe_network.py")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    url: str
    pid: int  # of .ci/voila, which execs the Voila server: the kernels' parent
    log: Path


@contextmanager
def running_voila(root: Path, log_path: Path):
    """Run `bash .ci/voila` on a free port; yield its base URL."""
    with running_cafe(root, log_path) as server:
        yield server.url


@contextmanager
def running_cafe(root: Path, log_path: Path, **env: str):
    """Run `bash .ci/voila` (the documented entry, unchanged) on a free port; yield a Server.
    `env` adds environment variables (VOILA_CULL_IDLE_S=..., CAFE_HOST=...); the Server's URL names
    CAFE_ADDRESS when it is set (a loopback address: no test sends anything off this machine)."""
    port = free_port()
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with open(log_path, "w", encoding="utf-8") as log:
        server = subprocess.Popen(
            ["bash", str(root / ".ci" / "voila")],
            cwd=root,
            env={**os.environ, **env, "VOILA_PORT": str(port)},
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: stopping it also stops its kernels
        )
        url = f"http://{env.get('CAFE_ADDRESS', '127.0.0.1')}:{port}"
        try:
            _wait_until_up(server, url, log_path)
            yield Server(url, server.pid, log_path)
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()


def _wait_until_up(server, url: str, log_path: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f".ci/voila exited ({server.returncode}); log: {log_path}")
        try:
            with urllib.request.urlopen(url + "/", timeout=2) as response:
                if response.status == 200:
                    return
        except (OSError, http.client.HTTPException):  # not listening yet, or not Voila answering
            time.sleep(0.5)
    raise RuntimeError(f".ci/voila did not answer on {url} in {START_TIMEOUT_S}s; log: {log_path}")


def kernels(server_pid: int) -> dict[str, int]:
    """{kernel id: resident memory in bytes} of the kernels the server runs now (Linux /proc; a kernel
    runs in a session of its own, as the server's child)."""
    found = {}
    for proc in Path("/proc").iterdir():
        try:
            if not proc.name.isdigit() or _parent(proc) != server_pid:
                continue
            argv = (proc / "cmdline").read_bytes().decode(errors="replace").split("\0")
            status = (proc / "status").read_text()
        except (OSError, ProcessLookupError):  # gone meanwhile
            continue
        if any("ipykernel_launcher" in arg for arg in argv):
            connection = next(arg for arg in argv if arg.endswith(".json"))
            kernel_id = Path(connection).stem.removeprefix("kernel-")
            found[kernel_id] = int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1)) * 1024
    return found


def _parent(proc: Path) -> int:
    return int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])


def fetch(url: str, source: str = "127.0.0.1", timeout: float = 120) -> tuple[int, str]:
    """(status, body) of a GET sent from the loopback address `source` (the café counts kernels per
    client address), following one redirect on the same server."""
    parts = urlsplit(url)
    assert ipaddress.ip_address(parts.hostname).is_loopback and ipaddress.ip_address(source).is_loopback
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout, source_address=(source, 0))
    try:
        connection.request("GET", parts.path or "/")
        response = connection.getresponse()
        body = response.read().decode("utf-8", errors="replace")
        if response.status in (301, 302) and response.getheader("Location", "").startswith("/"):
            return fetch(f"{parts.scheme}://{parts.netloc}{response.getheader('Location')}", source, timeout)
        return response.status, body
    finally:
        connection.close()


def page_kernel_id(html: str) -> str:
    """The kernel a Voila page's HTML was run in (its page config names it)."""
    return re.search(r'"kernelId": "([^"]+)"', html).group(1)


def close_kernel(base: str, kernel_id: str) -> None:
    """What a Voila page does when the reader leaves it (a beacon to /voila/api/shutdown/<id>, with the
    _xsrf cookie the server set): its kernel is shut down at once."""
    cookies = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(cookies))
    opener.open(base + "/", timeout=30).read()
    xsrf = next(c.value for c in cookies if c.name == "_xsrf")
    request = urllib.request.Request(f"{base}/voila/api/shutdown/{kernel_id}", data=b"", method="POST",
                                      headers={"X-XSRFToken": xsrf})
    with opener.open(request, timeout=30) as response:
        assert response.status == 204, response.status


def staff_pin_of(log_path: Path) -> str:
    """The staff PIN the café server made up and printed at start."""
    return re.search(r"직원 PIN \('직원용: 모든 패 보기'\): (\d+)", log_path.read_text(encoding="utf-8")).group(1)


def kernel_id_of(ws_url: str) -> str:
    """The kernel id in a page's websocket URL (/api/kernels/<id>/channels)."""
    return re.search(r"/api/kernels/([^/?]+)/channels", ws_url).group(1)


def app_url(base: str, notebook: str) -> str:
    """URL of the Voila app of a generated notebook ('아키올로지/12 테이블.ipynb')."""
    return f"{base}/voila/render/{quote(notebook)}"


def wait_for_widgets(page) -> None:
    page.wait_for_selector(".jupyter-widgets", state="visible", timeout=WIDGET_TIMEOUT_MS)


# Voila has run every cell and shown them (voila_finish() reveals #rendered_cells), and the fonts the
# rendered page needs are in.
PAGE_DONE_JS = """() => {
    const cells = document.querySelector('#rendered_cells');
    return cells && getComputedStyle(cells).display !== 'none' && document.fonts.status === 'loaded';
}"""


def wait_until_done(page) -> None:
    page.wait_for_function(PAGE_DONE_JS, timeout=WIDGET_TIMEOUT_MS)


def time_to_first_widget(page, url: str) -> float:
    """Seconds from navigation to the first visible widget (the notebook ran, the kernel is connected)."""
    start = time.perf_counter()
    page.goto(url)
    wait_for_widgets(page)
    return time.perf_counter() - start


def move_count(page) -> int | None:
    value = page.evaluate(MOVE_COUNTER_JS)
    return None if value is None else int(value)


def click_round_trip(page, label: str) -> float:
    """Milliseconds from a click on the button `label` until the kernel's answer shows in the page.
    Waits (untimed) for the button first: the kernel may still be drawing the previous answer."""
    page.get_by_role("button", name=label, exact=True).first.wait_for(timeout=WIDGET_TIMEOUT_MS)
    return page.evaluate(CLICK_ROUND_TRIP_JS, label)


def wait_for_moves(page, moves: int) -> None:
    """Wait until the 테이블 page's counter reads `moves` (the kernel may still be sending updates)."""
    page.wait_for_function(f"() => ({MOVE_COUNTER_JS})() === '{moves}'", timeout=WIDGET_TIMEOUT_MS)


def archaeology_first_move(page) -> str:
    """Tell the engine which card the table drew (a thief is turned face up, so the table may pick it);
    the log line it leaves tells it in the drawer's name."""
    drawn = page.locator("select", has=page.locator("option", has_text="도둑 카드가 나왔습니다"))
    thief = drawn.locator("option", has_text="도둑 카드가 나왔습니다").text_content()
    drawn.select_option(label=thief)
    click_round_trip(page, "이 카드가 나왔다고 하기")
    return "플레이어 1: " + thief.replace("\xa0", " ").split(" · ")[0]


def res_arcana_first_move(page) -> str:
    """The first step is a card only its drawer may see, so the table lets the engine draw it; the log
    tells the table only that a card was drawn."""
    click_round_trip(page, "진행 (엔진이 뽑기)")
    return "플레이어 1: 유물 카드 1장을 뽑았습니다"


def el_dorado_first_move(page) -> str:
    """Hand the screen to player 1 (a decision over a hidden hand; after an undo it is still theirs)
    and end their card use."""
    hand_over = page.get_by_role("button", name="플레이어 1에게 화면 넘기기", exact=True)
    if hand_over.count():
        hand_over.first.click()   # no move is made: the next button shows once the kernel has answered
    click_round_trip(page, "카드 사용을 마칩니다")
    return "플레이어 1: 카드 사용을 마칩니다"


def atlandice_first_move(page) -> str:
    """Tell the engine one die of the first player's roll (every die is rolled in the open); the log
    tells it as a roll of the whole table."""
    rolled = page.locator("select", has=page.locator("option", has_text="주사위 하나가 1로 나왔습니다"))
    one = rolled.locator("option", has_text="주사위 하나가 1로 나왔습니다").text_content()
    rolled.select_option(label=one)
    click_round_trip(page, "이 주사위가 나왔다고 하기")
    return "🎲: " + one.replace("\xa0", " ").split(" · ")[0]


# How a game's 테이블 page makes the first move of a new game on the table's screen, as a person does it;
# each returns the log line that move leaves. Every game with a 테이블 page needs one.
FIRST_TABLE_MOVE = {
    "archaeology": archaeology_first_move,
    "res_arcana": res_arcana_first_move,
    "el_dorado": el_dorado_first_move,
    "atlandice": atlandice_first_move,
}


def table_latencies(page, game: str, clicks: int = 20) -> list[float]:
    """Round trips of "한 수 되돌리기" on a game's 테이블 page: its first move as a person makes it
    (FIRST_TABLE_MOVE, untimed), then the undo, timed, `clicks` times."""
    out = []
    for _ in range(clicks):
        FIRST_TABLE_MOVE[game](page)
        wait_for_moves(page, 1)
        out.append(click_round_trip(page, UNDO_LABEL))
        wait_for_moves(page, 0)
    return out


# --- the kernel websocket, spoken directly (what a hostile page could send) ----------------------
def _message(msg_type: str, content: dict, session: str) -> dict:
    return {
        "header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": session,
                   "username": "", "date": "", "version": "5.3"},
        "parent_header": {}, "metadata": {}, "content": content, "buffers": [],
    }


def _v1_frame(channel: str, msg: dict) -> bytes:
    """A message in the binary v1.kernel.websocket.jupyter.org protocol (jupyter_server's layout)."""
    parts = [json.dumps(msg[k]).encode() for k in ("header", "parent_header", "metadata", "content")]
    offsets = [8 * (1 + 1 + len(parts) + 1)]
    offsets.append(offsets[-1] + len(channel.encode()))
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    head = len(offsets).to_bytes(8, "little") + b"".join(o.to_bytes(8, "little") for o in offsets)
    return head + channel.encode() + b"".join(parts)


def send_to_kernel(ws_url: str, messages: list[tuple[str, str, dict]], v1: bool, reply_timeout: float = 20):
    """Open a new connection to a kernel's channels URL and send (channel, msg_type, content) messages,
    then a kernel_info_request; return the msg_types received before its reply (or None if none came).

    The shell channel handles requests in order, so once kernel_info_reply is back the kernel has
    already handled (or never received) everything sent before it."""
    import websocket  # websocket-client, a dependency of jupyter_server

    session = uuid.uuid4().hex
    ws = websocket.create_connection(
        ws_url.split("?")[0] + f"?session_id={session}",
        subprotocols=["v1.kernel.websocket.jupyter.org"] if v1 else None,
        timeout=reply_timeout,
    )
    try:
        for channel, msg_type, content in [*messages, ("shell", "kernel_info_request", {})]:
            msg = _message(msg_type, content, session)
            if v1:
                ws.send_binary(_v1_frame(channel, msg))
            else:
                ws.send(json.dumps({**msg, "channel": channel}))
        seen = []
        deadline = time.monotonic() + reply_timeout
        while time.monotonic() < deadline:
            frame = ws.recv()
            header = _header_of(frame, v1)
            seen.append(header["msg_type"])
            if header["msg_type"] == "kernel_info_reply":
                return seen
        return None
    finally:
        ws.close()


def _header_of(frame, v1: bool) -> dict:
    if v1 and isinstance(frame, bytes):
        count = int.from_bytes(frame[:8], "little")
        offsets = [int.from_bytes(frame[8 * (i + 1): 8 * (i + 2)], "little") for i in range(count)]
        return json.loads(frame[offsets[1]: offsets[2]])
    return json.loads(frame)["header"]


def wait_until(condition, timeout_s: float, what: str) -> None:
    """Poll `condition()` until it holds (for server-side state no page event reports)."""
    deadline = time.monotonic() + timeout_s
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{timeout_s:.0f}초 안에 일어나지 않았습니다: {what}")
        time.sleep(0.25)
