"""Serve a built site folder on 127.0.0.1 (stdlib only).

Usage: python .ci/serve.py DIRECTORY [PORT]     (PORT defaults to $PORT or 8000; 0 = any free port)

Prints "READY <port>" on stdout once listening, so a test can wait for it.
"""

import functools
import http.server
import os
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


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}

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
