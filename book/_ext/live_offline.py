"""The site keeps working with no signal, and can be added to a phone's home screen.

At the end of an HTML build this writes, at the site's root: `sw.js` (the service worker,
`live/service_worker.js` with this build's lists in front), `manifest.webmanifest` with the book's
name and icons (`icon.svg`, `icon-192.png`, `icon-512.png`, drawn here) and `offline.html`, the page a
reader with no signal gets for a page the phone has not kept. Every page's head gets the manifest,
the icons and a small inline script (`live/offline.js`) that registers the worker.

The worker's cache is named for the build (BUILD: a hash of every file it may keep and every page), so
a new build brings a new sw.js and replaces the old cache whole. See live/service_worker.js.
"""

from __future__ import annotations

import hashlib
import html
import json
import struct
import zlib
from pathlib import Path

from sphinx.application import Sphinx

HERE = Path(__file__).parent
LIVE = HERE / "live"
NAME = "규칙 노트북"
THEME_COLOR = "#1d6b57"
PAPER = "#fdfaf2"
GOLD = "#e8b33a"
OFFLINE_PAGE = "offline.html"
ICONS = {"icon-192.png": 192, "icon-512.png": 512}
# Kept at install (the shell): what any kept page needs around it.
SHELL_FILES = ("manifest.webmanifest", "icon.svg", *ICONS, OFFLINE_PAGE, "index.html", "book/index.html")
# Files of _static that no page loads: the theme's other languages, TrueType copies of its web fonts,
# launch-button logos.
UNUSED_STATIC = ("locales/", ".ttf", "images/logo_", ".map")

OFFLINE_HTML = """<!DOCTYPE html>
<html lang="ko">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="{color}">
<title>연결이 필요해요 — {name}</title>
<link rel="icon" href="icon.svg">
<style>
body {{ font-family: system-ui, sans-serif; margin: 0; padding: 2rem 1.25rem; background: {paper}; color: #222; line-height: 1.6; }}
main {{ max-width: 32rem; margin: 0 auto; }}
h1 {{ font-size: 1.4rem; color: {color}; }}
a {{ color: {color}; }}
</style>
</head>
<body>
<main class="offline-page">
<h1>연결이 필요해요</h1>
<p>이 쪽은 아직 이 기기에 저장되지 않아서 인터넷에 연결되어야 열 수 있어요.</p>
<p>한 번 열어 본 쪽은 연결 없이도 읽고 위젯을 직접 눌러 볼 수 있어요. 연결이 느리지 않을 때는
열어 본 쪽이 속한 게임의 다른 쪽도 미리 저장해 둡니다.</p>
<p><a href="book/index.html">처음 화면으로</a> · 연결되면 이 쪽을 다시 불러 주세요.</p>
</main>
</body>
</html>
"""


def icon_svg() -> str:
    """The book's icon: a page with rule lines on the book's green, and a gold game piece."""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
        f'<rect width="512" height="512" rx="96" fill="{THEME_COLOR}"/>'
        f'<rect x="112" y="88" width="288" height="336" rx="24" fill="{PAPER}"/>'
        + "".join(f'<rect x="160" y="{y}" width="192" height="24" rx="12" fill="{THEME_COLOR}"/>' for y in (160, 224, 288))
        + f'<circle cx="352" cy="384" r="72" fill="{GOLD}" stroke="{THEME_COLOR}" stroke-width="16"/>'
        "</svg>"
    )


def _rgb(color: str) -> tuple[int, int, int]:
    return tuple(int(color[i:i + 2], 16) for i in (1, 3, 5))


def _in_round_rect(x, y, left, top, width, height, radius) -> bool:
    cx = min(max(x, left + radius), left + width - radius)
    cy = min(max(y, top + radius), top + height - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2 and left <= x <= left + width and top <= y <= top + height


def icon_png(size: int) -> bytes:
    """The same icon as a PNG (home screens want one), drawn pixel by pixel on the SVG's 512 grid."""
    green, paper, gold = _rgb(THEME_COLOR), _rgb(PAPER), _rgb(GOLD)
    rows = []
    for py in range(size):
        row = bytearray([0])  # filter: none
        for px in range(size):
            x, y = (px + 0.5) * 512 / size, (py + 0.5) * 512 / size
            color, alpha = green, 255
            if not _in_round_rect(x, y, 0, 0, 512, 512, 96):
                alpha = 0
            elif (x - 352) ** 2 + (y - 384) ** 2 <= 64 ** 2:
                color = gold
            elif (x - 352) ** 2 + (y - 384) ** 2 <= 80 ** 2:
                color = green
            elif _in_round_rect(x, y, 112, 88, 288, 336, 24) and not any(
                _in_round_rect(x, y, 160, top, 192, 24, 12) for top in (160, 224, 288)
            ):
                color = paper
            row += bytes((*color, alpha))
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")


def manifest() -> str:
    return json.dumps({
        "name": NAME,
        "short_name": NAME,
        "description": "보드게임 규칙서 네 권을 한국어로, 직접 눌러 보는 위젯과 함께",
        "lang": "ko",
        "start_url": "book/index.html",
        "scope": "./",
        "display": "standalone",
        "background_color": PAPER,
        "theme_color": THEME_COLOR,
        "icons": [
            {"src": "icon.svg", "sizes": "any", "type": "image/svg+xml"},
            *({"src": name, "sizes": f"{size}x{size}", "type": "image/png", "purpose": "any"} for name, size in ICONS.items()),
        ],
    }, ensure_ascii=False, indent=1)


def runtime_files(outdir: Path) -> list[str]:
    """The files of _static kept at install: the live widgets' runtime and what the theme's pages load."""
    static = outdir / "_static"
    return sorted(
        p.relative_to(outdir).as_posix() for p in static.rglob("*")
        if p.is_file() and not any(part in p.relative_to(static).as_posix() for part in UNUSED_STATIC)
    )


def chapters(app: Sphinx) -> dict[str, list[str]]:
    """Each game's pages (book/<game>/...), as site paths."""
    found: dict[str, list[str]] = {}
    for docname in sorted(app.env.found_docs):
        parts = docname.split("/")
        if len(parts) == 3 and parts[0] == "book":
            found.setdefault(parts[1], []).append(app.builder.get_target_uri(docname))
    return found


def build_id(outdir: Path) -> str:
    """A hash of every file the worker may keep (the site's files without sw.js) and of its own code."""
    digest = hashlib.sha256((LIVE / "service_worker.js").read_bytes())
    for path in sorted(p for p in outdir.rglob("*") if p.is_file() and p.name != "sw.js"):
        digest.update(path.relative_to(outdir).as_posix().encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def service_worker(outdir: Path, chapter_pages: dict[str, list[str]]) -> str:
    lists = {
        "BUILD": build_id(outdir),
        "SHELL": list(SHELL_FILES),
        "RUNTIME": runtime_files(outdir),
        "CHAPTERS": chapter_pages,
        "OFFLINE": OFFLINE_PAGE,
        "DECODER": next((outdir / "_static" / "live").glob("zstd-*.js")).relative_to(outdir).as_posix(),
    }
    head = "".join(f"const {name} = {json.dumps(value, ensure_ascii=False)};\n" for name, value in lists.items())
    return head + (LIVE / "service_worker.js").read_text(encoding="utf-8")


def write_offline_files(outdir: Path, chapter_pages: dict[str, list[str]]) -> None:
    """Write the offline page, manifest and icons, then sw.js (last: its BUILD hashes all the others)."""
    (outdir / OFFLINE_PAGE).write_text(OFFLINE_HTML.format(name=NAME, color=THEME_COLOR, paper=PAPER), encoding="utf-8")
    (outdir / "manifest.webmanifest").write_text(manifest(), encoding="utf-8")
    (outdir / "icon.svg").write_text(icon_svg(), encoding="utf-8")
    for name, size in ICONS.items():
        (outdir / name).write_bytes(icon_png(size))
    (outdir / "sw.js").write_text(service_worker(outdir, chapter_pages), encoding="utf-8")


def add_head_tags(app: Sphinx, pagename: str, templatename, context, doctree) -> None:
    if "metatags" not in context:  # the index pages Sphinx makes itself
        return
    root = context["pathto"]("", 1)  # the site's root, relative to this page ("../../" or "")
    registration = (LIVE / "offline.js").read_text(encoding="utf-8")
    context["metatags"] += (
        f'\n    <link rel="manifest" href="{root}manifest.webmanifest">'
        f'\n    <meta name="theme-color" content="{THEME_COLOR}">'
        f'\n    <link rel="apple-touch-icon" href="{root}icon-192.png">'
        f'\n    <script data-root="{html.escape(root)}">{registration}</script>'
    )


def write_at_end(app: Sphinx, exception) -> None:
    if exception is None and app.builder.format == "html":
        write_offline_files(Path(app.outdir), chapters(app))


def setup(app: Sphinx):
    app.connect("html-page-context", add_head_tags)
    app.connect("build-finished", write_at_end, priority=900)  # last: BUILD hashes what the others wrote
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
