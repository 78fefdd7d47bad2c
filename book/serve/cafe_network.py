"""How tablets reach the café server: which address it listens on, the address a tablet opens, the
short table links (/table/<game>) that the QR codes hold, the start page's QR codes and the message
printed at start.

Settings (environment, read by cafe.py):
    CAFE_HOST     where the server listens: 127.0.0.1 (default, this computer only), or 0.0.0.0 to
                  serve the café's network
    CAFE_ADDRESS  the address a tablet opens (default: this computer's own address on its network, read
                  from its network interfaces; set it when the computer has several, or a name)
"""
from __future__ import annotations

import fcntl
import ipaddress
import os
import socket
import struct
from dataclasses import dataclass
from urllib.parse import quote

import tornado.web

from qr import qr_svg, qr_text

ANY = {"0.0.0.0", "::", ""}
# Interfaces a tablet cannot be on: container and virtual-machine bridges.
VIRTUAL = ("lo", "docker", "veth", "br-", "virbr", "vmnet", "tun", "tap")
SIOCGIFADDR = 0x8915  # Linux: the IPv4 address of an interface


def lan_addresses() -> list[str]:
    """IPv4 addresses of this computer's network interfaces (Linux; no packet is sent)."""
    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        for _, name in socket.if_nameindex():
            if name.startswith(VIRTUAL):
                continue
            try:
                packed = fcntl.ioctl(s.fileno(), SIOCGIFADDR, struct.pack("256s", name[:15].encode()))
            except OSError:  # no IPv4 address on it
                continue
            found.append(socket.inet_ntoa(packed[20:24]))
    return found


def is_loopback(host: str) -> bool:
    try:
        return host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@dataclass
class Network:
    host: str     # what the server listens on
    address: str  # what a tablet opens
    port: int

    @classmethod
    def from_env(cls, port: int) -> "Network":
        host = os.environ.get("CAFE_HOST", "127.0.0.1")
        address = os.environ.get("CAFE_ADDRESS") or (next(iter(lan_addresses()), "127.0.0.1") if host in ANY else host)
        return cls(host, address, port)

    @property
    def serves_network(self) -> bool:
        return not is_loopback(self.host)

    def url(self, path: str = "/") -> str:
        host = f"[{self.address}]" if ":" in self.address else self.address
        return f"http://{host}:{self.port}{path}"


def table_path(game: str) -> str:
    """The short, stable link of a game's table page (the page's own name changes with the TOC)."""
    return f"/table/{game}"


class TableLinkHandler(tornado.web.RequestHandler):
    """/table/<game> -> that game's 테이블 page."""

    def initialize(self, tables: dict):
        self.tables = tables

    def get(self, game: str):
        if game not in self.tables:
            raise tornado.web.HTTPError(404)
        self.redirect(f"/voila/render/{quote(self.tables[game]['page'])}")


def start_page(network: Network, tables: dict) -> dict:
    """What the start page shows (the cafe template's tree.html): the address and a QR code for the
    start page and for each game's table; QR codes only when tablets can reach the server."""
    page = {"network": network.serves_network, "url": network.url("/"), "tables": []}
    if network.serves_network:
        page["qr"] = qr_svg(page["url"], title="카페 테이블 모드 시작 쪽")
        for game, table in tables.items():
            url = network.url(table_path(game))
            page["tables"].append({"game": game, "title": table["title"], "url": url,
                                   "qr": qr_svg(url, title=f"{table['title']} 테이블")})
    return page


def start_message(network: Network, tables: dict, printed_pin: str | None, caps: tuple[int, int]) -> str:
    if not network.serves_network:
        return (f"\n카페 테이블 모드가 준비되었습니다: {network.url('/')}\n"
                "(이 컴퓨터에서만 열립니다. 태블릿에서 열려면 CAFE_HOST=0.0.0.0 bash .ci/voila. 끝내려면 Ctrl+C)\n")
    lines = [f"\n카페 테이블 모드가 카페 네트워크에 열렸습니다: {network.url('/')}",
             "태블릿에서 이 주소를 열거나 아래 QR 코드를 찍으세요. 시작 쪽에 게임마다 테이블 QR 코드가 있습니다.",
             qr_text(network.url("/"))]
    lines += [f"  {table['title']} 테이블: {network.url(table_path(game))}" for game, table in tables.items()]
    lines.append(f"직원 PIN ('직원용: 모든 패 보기'): {printed_pin}" if printed_pin
                 else "직원 PIN: CAFE_STAFF_PIN으로 정한 값")
    lines.append(f"테이블은 한 번에 {caps[0]}개까지, 기기 하나에 {caps[1]}개까지 열립니다. 끝내려면 Ctrl+C\n")
    return "\n".join(lines)
