"""The café's Voila server (run by .ci/voila): the book's pages as apps, on this computer only or, with
CAFE_HOST=0.0.0.0, on the café's network for the tablets at the tables (cafe_network.py: addresses, QR
codes, the start message).

    python book/serve/cafe.py <folder written by cafe_pages.py> <port>

Settings (environment): CAFE_HOST, CAFE_ADDRESS (cafe_network.py); CAFE_MAX_KERNELS and
CAFE_KERNELS_PER_ADDRESS, the tables open at once and per client address (cafe_gate.py; the defaults
are sized in MAX_KERNELS below); CAFE_STAFF_PIN, the staff PIN (4 to 12 digits). Serving the network,
the staff view asks for that PIN, or for one made up at start and printed; on this computer only it
asks for none unless CAFE_STAFF_PIN is set (widgets/common/staff_pin.py). CAFE_STATE_DIR is the
server's state folder (default <folder>/state; one server to a folder): the hashed PIN, the count of
wrong PINs, and every table's game (widgets/common/table_saves.py), named to the kernels in
KR_CAFE_STATE.

A kernel whose page is gone is shut down: once no browser is connected to it and it has been idle for
CULL_IDLE_S seconds (env VOILA_CULL_IDLE_S, default 10 minutes; checked every VOILA_CULL_INTERVAL_S,
default 1 minute). A connected kernel is never culled, however long its table thinks, and neither is a
busy one. Without this, a café running all day keeps every table's kernel it ever opened.

A Voila page talks to its kernel over a websocket. Stock Voila (0.5.13) already refuses execute_request
through the kernel manager's allowed-message list, but still lets shutdown and other requests through,
and that list is a setting one upgrade away from changing. WidgetOnlyConnection is our own, narrower
gate: it passes on only the few message types ipywidgets needs, on the shell channel.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from jupyter_server.services.kernels.connection.base import (
    deserialize_binary_message,
    deserialize_msg_from_ws_v1,
)
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from traitlets.config import Config

from cafe_gate import CafePageHandler, CappedKernelManager
from cafe_network import Network, TableLinkHandler, start_message, start_page, table_path
from cafe_pages import TABLES_FILE
from widgets.common import staff_pin, table_saves

# What the widget manager sends: open/close/message a widget's comm, ask which comms exist, and the
# kernel_info handshake every client makes on connect. Everything else (execute_request, complete,
# inspect, history, shutdown, interrupt, debug, input_reply...) is dropped.
WIDGET_MESSAGES = frozenset(
    {"comm_open", "comm_msg", "comm_close", "comm_info_request", "kernel_info_request"}
)
V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"


class WidgetOnlyConnection(ZMQChannelsWebsocketConnection):
    """A kernel websocket that forwards widget traffic and nothing else, in both wire protocols."""

    def handle_incoming_message(self, incoming_msg) -> None:
        try:
            channel, msg_type = self._channel_and_type(incoming_msg)
        except Exception:  # anything we cannot read is not something a widget sent
            channel, msg_type = None, None
        if channel != "shell" or msg_type not in WIDGET_MESSAGES:
            self.log.warning("카페 모드: 브라우저가 보낸 %r 메시지(%r 채널)를 버렸습니다", msg_type, channel)
            return
        super().handle_incoming_message(incoming_msg)

    def _channel_and_type(self, incoming_msg) -> tuple[str | None, str]:
        """The channel and header msg_type exactly as the parent class will forward them."""
        if self.subprotocol == V1_PROTOCOL:
            channel, parts = deserialize_msg_from_ws_v1(incoming_msg)
            header = self.session.unpack(parts[0])
        else:
            if isinstance(incoming_msg, bytes):
                msg = deserialize_binary_message(incoming_msg)
            else:
                msg = json.loads(incoming_msg)
            channel, header = msg.get("channel") or "shell", msg["header"]  # the parent's default channel
        return channel, header["msg_type"]


PORT_FILE = "port"
STATE_DIR = "state"
# Kernels alive at once. A table's kernel holds about 60 MB (57 MB measured after a game of the 테이블
# page; tests/benchmark_cafe.py prints it). On the café's 2-core, 8 GB counter computer, with the
# system, a browser and headroom for long games taking half of it, 4 GB / 100 MB per kernel (the
# measured size with room to grow) = 40 tables, more than a café has tables and few enough that the
# 2 cores still draw a table's page in seconds when many open together.
MAX_KERNELS = 40
# One tablet or phone: a table or two, a reload or two before the old page has gone, and the staff's
# own; a device that asks for more is refused (its pages that connected and left are freed first).
KERNELS_PER_ADDRESS = 6
CULL_IDLE_S = int(os.environ.get("VOILA_CULL_IDLE_S", "600"))
CULL_INTERVAL_S = int(os.environ.get("VOILA_CULL_INTERVAL_S", "60"))
# After a cell's reply, how long Voila waits for the rest of its output (the widget) before it draws the
# page without it. nbclient's 4 s lost the widget of most tables in a rush of 20 on 2 cores, leaving
# them a blank page; a page that is late is better than one that is empty.
IOPUB_TIMEOUT_S = 120


def config(out: Path, port: int, host: str = "127.0.0.1", start: dict | None = None,
           caps: tuple[int, int] = (MAX_KERNELS, KERNELS_PER_ADDRESS)) -> Config:
    c = Config()
    c.Voila.ip = host
    c.Voila.port = port
    c.Voila.port_retries = 0  # the printed address and QR codes name this port: another one would be wrong
    c.Voila.open_browser = False
    c.Voila.kernel_websocket_connection_class = WidgetOnlyConnection
    c.Voila.tornado_settings = {"jinja_template_vars": {"cafe": start or {}}}  # the start page (tree.html)
    c.VoilaConfiguration.multi_kernel_manager_class = CappedKernelManager
    c.CappedKernelManager.max_kernels, c.CappedKernelManager.kernels_per_address = caps
    c.MappingKernelManager.cull_idle_timeout = CULL_IDLE_S
    c.MappingKernelManager.cull_interval = CULL_INTERVAL_S
    c.MappingKernelManager.cull_connected = False
    c.MappingKernelManager.cull_busy = False
    c.VoilaExecutor.iopub_timeout = IOPUB_TIMEOUT_S
    c.VoilaConfiguration.template = "cafe"  # written by cafe_pages.py: lab without CDN links
    c.VoilaConfiguration.classic_tree = True  # a plain list of links; the lab tree polls /api/kernels (404)
    c.VoilaConfiguration.strip_sources = True
    c.VoilaConfiguration.show_tracebacks = False
    c.VoilaConfiguration.file_allowlist = []  # /voila/files serves nothing; pages need no files
    c.VoilaConfiguration.file_denylist = [r".*"]
    return c


def cafe_voila():
    """Voila with the café's page handler (the cap on kernels) and the short /table/<game> links."""
    from voila.app import Voila
    from voila.tornado.handler import TornadoVoilaHandler

    class CafeVoila(Voila):
        tables: dict = {}

        def init_handlers(self):
            handlers = [(h[0], CafePageHandler, *h[2:]) if h[1] is TornadoVoilaHandler else h
                        for h in super().init_handlers()]
            return [(table_path(r"(\w+)"), TableLinkHandler, {"tables": self.tables}), *handlers]

    return CafeVoila


def staff_pin_for(network: Network, state: Path) -> str | None:
    """Set up the staff PIN; returns a PIN made up here (to print), None if staff chose it or none applies."""
    chosen = os.environ.get("CAFE_STAFF_PIN", "").strip()
    if chosen and not staff_pin.valid_pin(chosen):
        raise SystemExit("CAFE_STAFF_PIN: 직원 PIN은 숫자 4~12자리여야 합니다.")
    if not (chosen or network.serves_network):
        (state / staff_pin.PIN_FILE).unlink(missing_ok=True)  # a PIN of an earlier network run must not linger
        return None
    pin = chosen or staff_pin.new_pin()
    staff_pin.set_pin(state, pin)
    return None if chosen else pin


def env_count(name: str, default: int) -> int:
    value = os.environ.get(name, str(default))
    if not value.isdigit() or int(value) < 1:
        raise SystemExit(f"{name}: 1 이상의 정수여야 합니다 ({value!r})")
    return int(value)


def main(out: Path, port: int) -> None:
    # The 'cafe' template is found through the Jupyter data path.
    os.environ["JUPYTER_PATH"] = os.pathsep.join(
        p for p in (str(out / "share"), os.environ.get("JUPYTER_PATH", "")) if p
    )
    network = Network.from_env(port)
    caps = env_count("CAFE_MAX_KERNELS", MAX_KERNELS), env_count("CAFE_KERNELS_PER_ADDRESS", KERNELS_PER_ADDRESS)
    state = Path(os.environ.get("CAFE_STATE_DIR") or out / STATE_DIR).resolve()
    state.mkdir(mode=0o700, parents=True, exist_ok=True)
    printed_pin = staff_pin_for(network, state)
    table_saves.forget_old(state)
    os.environ[staff_pin.STATE_ENV] = str(state)  # every kernel inherits the server's environment
    tables = json.loads((out / TABLES_FILE).read_text(encoding="utf-8"))
    print(start_message(network, tables, printed_pin, caps), flush=True)

    voila = cafe_voila()
    voila.tables = tables
    # The port it runs on, for the book's front page (static_site.py answers /cafe.json from it).
    port_file = out / PORT_FILE
    port_file.write_text(str(port), encoding="utf-8")
    try:
        # The served folder holds only the generated notebooks: the tree can show nothing else.
        voila.launch_instance(argv=[str(out / "pages")],
                              config=config(out, port, network.host, start_page(network, tables), caps))
    finally:
        # Another café may have started on this folder since (it wrote its own port): leave its note.
        if port_file.exists() and port_file.read_text(encoding="utf-8") == str(port):
            port_file.unlink()


if __name__ == "__main__":
    main(Path(sys.argv[1]).resolve(), int(sys.argv[2]))
