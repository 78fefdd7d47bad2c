"""Serve a built site folder on 127.0.0.1 (stdlib only).

Usage: python book/serve/static_site.py DIRECTORY [PORT]     (PORT defaults to $PORT or 8000; 0 = any free port)

Prints "READY <port>" on stdout once listening, so a test can wait for it.

/cafe.json tells the book's front page where the café (.ci/voila) listens: {"url": "http://127.0.0.1:N/"},
N read from the port file the café writes beside the site (_build/voila/port) while it runs; {"url": null}
when the café is not running (no port file, or nothing listens on its port), so the front page offers no
link that would be refused, and the browser itself never asks the café anything.

Text files (pages, scripts, styles, JSON, SVG) go gzipped to a browser that accepts it, as any common
static host sends them: the site needs no such header (its big binary files are stored compressed), it
is only slower without it.
"""

import email.utils
import functools
import gzip
import http.server
import json
import os
import socket
import sys

MIME = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".woff": "font/woff",
    ".woff2": "font/woff2",
}


COMPRESSED = {".html", ".js", ".mjs", ".css", ".json", ".svg", ".webmanifest", ".txt"}

CAFE_PORT_FILE = os.path.join(os.pardir, "voila", "port")  # relative to the served folder


def _listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        return True
    except OSError:
        return False


@functools.lru_cache(maxsize=512)
def _gzipped(path: str, mtime_ns: int, size: int) -> bytes:  # the file's state: a changed file is read anew
    with open(path, "rb") as f:
        return gzip.compress(f.read(), compresslevel=6, mtime=0)


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}

    def do_GET(self):
        if self.path.split("?")[0] != "/cafe.json":
            return self._send_gzipped() or super().do_GET()
        try:
            with open(os.path.join(self.directory, CAFE_PORT_FILE), encoding="utf-8") as f:
                port = int(f.read())
        except (OSError, ValueError):
            port = None     # not running: the front page shows no link (an answer, not an error, for the browser)
        if port and not _listening(port):
            port = None     # stopped without removing its note (killed)
        body = json.dumps({"url": port and f"http://127.0.0.1:{port}/"}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _send_gzipped(self) -> bool:
        """Answer with the gzipped file if it is text and the browser takes gzip; whether it did."""
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not self.path.split("?")[0].endswith("/"):
                return False  # the usual redirect to the folder's URL
            path = os.path.join(path, "index.html")
        if os.path.splitext(path)[1] not in COMPRESSED or "gzip" not in self.headers.get("Accept-Encoding", ""):
            return False
        try:
            stat = os.stat(path)
        except OSError:
            return False  # the usual 404
        body = _gzipped(path, stat.st_mtime_ns, stat.st_size)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", email.utils.formatdate(stat.st_mtime, usegmt=True))
        self.end_headers()
        self.wfile.write(body)
        return True

    def log_message(self, format, *args):  # keep test and terminal output quiet
        pass


def main(argv: list[str]) -> None:
    if not argv:
        sys.exit(__doc__)
    directory = os.path.abspath(argv[0])
    if not os.path.isdir(directory):
        sys.exit(f"폴더가 없습니다: {directory}")
    port = int(argv[1]) if len(argv) > 1 else int(os.environ.get("PORT", "8000"))
    handler = functools.partial(Handler, directory=directory)
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        server.daemon_threads = True
        print(f"READY {server.server_address[1]}", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main(sys.argv[1:])
