"""The café's Voila server (run by .ci/voila): the book's pages as apps, reachable from this machine only.

    python book/serve/cafe.py <folder written by cafe_pages.py> <port>

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
CULL_IDLE_S = int(os.environ.get("VOILA_CULL_IDLE_S", "600"))
CULL_INTERVAL_S = int(os.environ.get("VOILA_CULL_INTERVAL_S", "60"))
# After a cell's reply, how long Voila waits for the rest of its output (the widget) before it draws the
# page without it. nbclient's 4 s lost the widget of most tables in a rush of 20 on 2 cores, leaving
# them a blank page; a page that is late is better than one that is empty.
IOPUB_TIMEOUT_S = 120


def config(out: Path, port: int) -> Config:
    c = Config()
    c.Voila.ip = "127.0.0.1"
    c.Voila.port = port
    c.Voila.open_browser = False
    c.Voila.kernel_websocket_connection_class = WidgetOnlyConnection
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


def main(out: Path, port: int) -> None:
    from voila.app import Voila

    # The 'cafe' template is found through the Jupyter data path.
    os.environ["JUPYTER_PATH"] = os.pathsep.join(
        p for p in (str(out / "share"), os.environ.get("JUPYTER_PATH", "")) if p
    )
    # The port it runs on, for the book's front page (static_site.py answers /cafe.json from it).
    port_file = out / PORT_FILE
    port_file.write_text(str(port), encoding="utf-8")
    try:
        # The served folder holds only the generated notebooks: the tree can show nothing else.
        Voila.launch_instance(argv=[str(out / "pages")], config=config(out, port))
    finally:
        port_file.unlink(missing_ok=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]).resolve(), int(sys.argv[2]))
