"""How many tables the café server keeps open at once: every opened page starts a kernel (about 60 MB),
so a few hundred reloads from anyone on the café's Wi-Fi would exhaust the machine.

CappedKernelManager refuses a new kernel when MAX_KERNELS are alive (or starting), or when the address
that asks already holds KERNELS_PER_ADDRESS. Before refusing an address, it frees that address's oldest
kernel whose page once connected and has left (a tablet that reloaded without saying goodbye, as iPads
do: the page's own shutdown beacon only fires on browsers that support beforeunload). A page that never
connected (a plain HTTP client, or a page still loading) is never taken away; the culling ends it.

CafePageHandler tells the manager who asks (the request's address, through a context variable that
follows the request's task into Voila's start_kernel) and answers a refusal with a Korean page (503)
instead of a kernel. The server and the tables already open go on as before.
"""
from __future__ import annotations

import contextvars
import uuid
from html import escape

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Integer
from voila.tornado.handler import TornadoVoilaHandler

CLIENT = contextvars.ContextVar("cafe_client", default=None)
RETRY_AFTER_S = 30


class TablesFull(Exception):
    def __init__(self, per_address: bool):
        super().__init__("per address" if per_address else "server")
        self.per_address = per_address


class CappedKernelManager(AsyncMappingKernelManager):
    max_kernels = Integer(40, config=True, help="kernels alive at once, starting ones included")
    kernels_per_address = Integer(6, config=True, help="kernels one client address may hold")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._owners: dict[str, str | None] = {}  # kernel id -> address of the page request that started it
        self._starting: set[str] = set()
        self._connected_once: set[str] = set()

    async def start_kernel(self, *, kernel_id=None, **kwargs):
        address = CLIENT.get()
        leaving = self._admit(address)  # decided without awaiting: a burst cannot slip past the count
        kernel_id = kernel_id or str(uuid.uuid4())
        self._owners[kernel_id] = address
        self._starting.add(kernel_id)
        try:
            if leaving:
                self.log.info("카페: 같은 기기(%s)가 떠난 쪽의 커널을 닫고 새 테이블을 엽니다: %s", address, leaving)
                await self.shutdown_kernel(leaving, now=True)
            return await super().start_kernel(kernel_id=kernel_id, **kwargs)
        except BaseException:
            self._owners.pop(kernel_id, None)
            raise
        finally:
            self._starting.discard(kernel_id)

    def _admit(self, address) -> str | None:
        """Room for one more kernel for `address`: None, or the id of a kernel of the same address to
        shut down first (already out of the count). Raises TablesFull."""
        self._owners = {k: a for k, a in self._owners.items() if k in self._starting or k in self}
        self._connected_once &= set(self._owners)
        held = [k for k, a in self._owners.items() if a == address]
        over_address = len(held) >= self.kernels_per_address
        if not over_address and len(self._owners) < self.max_kernels:
            return None
        left = [k for k in held if k in self._connected_once and not self._kernel_connections.get(k)]
        if not left:
            self.log.warning("카페: %s에 새 커널을 열지 않았습니다 (열린 커널 %d개, 이 주소 %d개)",
                             address, len(self._owners), len(held))
            raise TablesFull(per_address=over_address)
        oldest = min(left, key=lambda k: self.get_kernel(k).last_activity)
        del self._owners[oldest]
        return oldest

    def notify_connect(self, kernel_id):
        super().notify_connect(kernel_id)
        self._connected_once.add(kernel_id)


class CafePageHandler(TornadoVoilaHandler):
    """Voila's page handler, with the café's answer when no kernel can be started."""

    async def get(self, path=None):
        CLIENT.set(self.request.remote_ip)
        try:
            await super().get(path)
        except TablesFull as full:  # raised before Voila wrote any of the page
            self.clear()
            self.set_status(503)
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Cache-Control", "no-store")
            self.set_header("Retry-After", str(RETRY_AFTER_S))
            self.finish(full_page(full.per_address, self.request.uri))


def full_page(per_address: bool, uri: str) -> str:
    """The Korean page a table gets instead of a kernel; it tries again by itself."""
    why = ("이 기기에서 이미 여러 테이블을 열어 두었습니다. 쓰지 않는 테이블 창을 닫으면 자리가 납니다."
           if per_address else "열려 있는 테이블이 서버가 감당할 수 있는 수만큼 찼습니다. 다른 테이블이 끝나면 자리가 납니다.")
    return f"""<!DOCTYPE html>
<html lang="ko"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="{RETRY_AFTER_S}">
<title>빈 테이블이 없습니다</title>
<style>
body {{ font-family: "NanumGothic", "Noto Sans KR", sans-serif; margin: 0; padding: 24px 16px;
       background: #faf7f2; color: #222; line-height: 1.6; }}
main {{ max-width: 32em; margin: 0 auto; }}
h1 {{ font-size: 1.4em; margin: 0 0 .6em; }}
.why {{ border-left: 4px solid #c0392b; background: #fdecea; padding: 8px 12px; border-radius: 4px; }}
a {{ display: inline-block; margin-top: 1em; padding: 10px 16px; background: #2c7be5; color: #fff;
     border-radius: 6px; text-decoration: none; }}
</style></head>
<body><main id="kr-cafe-full">
<h1>지금은 빈 테이블이 없습니다</h1>
<p class="why">{escape(why)}</p>
<p>이 화면은 {RETRY_AFTER_S}초마다 저절로 다시 시도합니다. 열려 있는 다른 테이블의 게임은 그대로입니다.
급하면 카운터의 직원에게 알려 주세요.</p>
<a href="{escape(uri, quote=True)}">지금 다시 시도</a>
</main></body></html>
"""
