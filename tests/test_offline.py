"""The site with no signal, and a new build replacing an old one (book/_ext/live_offline.py,
book/_ext/live/service_worker.js).

- a phone that has opened two pages keeps working offline: both reopen with live widgets that answer
  through Python, the rest of a visited game's chapter is readable too, and a page never kept says in
  Korean that it needs a connection;
- the site can be added to a home screen (manifest with the book's name and icons);
- deploying a second build never serves a page files of both builds, and the next visit gets the new one.
"""

from __future__ import annotations

import gzip
import hashlib
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path


from conftest import REPO_ROOT
from live_helpers import LIVE_CELL, SW_READY_JS, changes_through_python, started, wait_first_live, wait_until, zstd
from site_helpers import PHONE, TOUCH, load_extension, watched_page

FIRST, SECOND = "book/archaeology/market", "book/el_dorado/movement"
SAME_CHAPTER = "book/archaeology/dig"  # never opened: kept with the chapter of FIRST
NEVER_KEPT = "book/res_arcana/collect"  # a game never visited
CACHE_PREFIX = "rules-notebook-"
KEPT_URLS_JS = """async () => {
    const names = (await caches.keys()).filter(n => n.startsWith('%s'));
    const urls = [];
    for (const name of names) urls.push(...(await (await caches.open(name)).keys()).map(r => r.url));
    return {names, urls};
}""" % CACHE_PREFIX


def kept(page) -> dict:
    return page.evaluate(KEPT_URLS_JS)


def wait_kept(page, urls: list[str]) -> None:
    wait_until(page, "async (urls) => { const r = await (%s)(); return urls.every(u => r.urls.includes(u)); }"
               % KEPT_URLS_JS, urls)


def open_live(page, url: str) -> None:
    page.goto(url, wait_until="load")
    wait_first_live(page)


def test_manifest_names_the_book_with_icons(built_site: Path):
    manifest = json.loads((built_site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == "규칙 노트북" and manifest["lang"] == "ko" and manifest["display"] == "standalone"
    assert (built_site / manifest["start_url"]).is_file()
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        data = (built_site / icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            side = int(icon["sizes"].split("x")[0])
            assert data[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(data[16:20], "big") == side
    page = (built_site / f"{FIRST}.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="../../manifest.webmanifest">' in page


def test_kept_pages_work_offline(browser, site_url):
    """Two pages opened online, then no signal: both reopen with live widgets, a page of a visited
    game's chapter never opened is readable, a page of another game says it needs a connection."""
    with watched_page(browser, PHONE, service_workers="allow", **TOUCH) as (page, context, log):
        for doc in (FIRST, SECOND):
            open_live(page, f"{site_url}/{doc}.html")
            wait_until(page, SW_READY_JS)
        # The first page came before the worker: it kept it at install; the second passed through it.
        wait_kept(page, [f"{site_url}/{doc}.html" for doc in (FIRST, SECOND, SAME_CHAPTER)])
        assert len(kept(page)["names"]) == 1
        log.wait_until_settled(page)

        context.set_offline(True)
        for doc in (FIRST, SECOND):
            open_live(page, f"{site_url}/{doc}.html")
            assert started(page)["restored"] is True
            boxes = page.locator(f'{LIVE_CELL}[data-live="live"]')
            assert changes_through_python(page, boxes.first), f"{doc}: 연결 없이 위젯이 파이썬으로 바뀌지 않습니다"
        page.goto(f"{site_url}/{SAME_CHAPTER}.html", wait_until="load")
        assert "아키올로지" in page.title()
        page.goto(f"{site_url}/{NEVER_KEPT}.html", wait_until="load")
        text = page.locator("main").inner_text()
        assert "연결이 필요해요" in text and "인터넷에 연결" in text, text
        assert log.js_errors == [] and log.blocked == []


# Two builds deployed in turn: B is A with every page, the page bundle (a new content-hashed name) and
# a file whose name carries no hash (the site's stylesheet) changed, and its own sw.js.
def make_second_build(first: Path, second: Path) -> None:
    shutil.copytree(first, second, symlinks=True)
    live = second / "_static" / "live"
    (bundle,) = live.glob("live-*.js")
    data = bundle.read_bytes() + b"\n// build B\n"
    renamed = f"live-B{hashlib.sha256(data).hexdigest()[:7].upper()}.js"
    bundle.unlink()
    (live / renamed).write_bytes(data)
    css = second / "_static" / "css" / "site.css"
    css.write_text(css.read_text(encoding="utf-8") + "\n/* build B */\n", encoding="utf-8")
    # Sphinx names a changed stylesheet anew (site.css?v=<its checksum>), as it would in a real build.
    old_css = re.search(r'_static/css/site\.css\?v=[0-9a-f]+', (first / f"{FIRST}.html").read_text(encoding="utf-8")).group(0)
    new_css = f"_static/css/site.css?v={hashlib.sha256(css.read_bytes()).hexdigest()[:8]}"
    for page in second.rglob("*.html"):
        text = page.read_text(encoding="utf-8").replace(bundle.name, renamed).replace(old_css, new_css)
        page.write_text(text.replace("</body>", "<!-- build B --></body>"), encoding="utf-8")
    sw = (first / "sw.js").read_text(encoding="utf-8")
    chapters = json.loads(re.search(r"^const CHAPTERS = (.*);$", sw, re.M).group(1))
    load_extension("live_offline").write_offline_files(second, chapters)
    assert (second / "sw.js").read_text(encoding="utf-8") != sw


@contextmanager
def switchable_site(folder: Path):
    """The site's own server on a folder that is a symlink, so that a deploy is a switch of the link."""
    server = subprocess.Popen([sys.executable, str(REPO_ROOT / "book" / "serve" / "static_site.py"), str(folder), "0"],
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, text=True)
    try:
        yield f"http://127.0.0.1:{server.stdout.readline().split()[1]}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def deploy(link: Path, build: Path) -> None:
    fresh = link.with_name("switch")
    fresh.symlink_to(build)
    os.replace(fresh, link)


def served_forms(path: Path) -> list[bytes]:
    """A file as the site may serve it (the service worker keeps the runtime's wasm and snapshot decompressed)."""
    if not path.is_file():
        return []
    data = path.read_bytes()
    if path.suffix != ".zst":
        return [data]
    return [data, zstd(data, "-d")]


# The live widgets' files named for their content: the name tells the file (and the service worker's
# decompressed snapshot, 20 MB, is more than the browser's inspector keeps of a response body).
CONTENT_NAMED = re.compile(r"/_static/live/[^/]+-[0-9a-f]{16}\.[^/]+$")


def build_of(responses: list[tuple[str, bytes | None]], site_url: str, builds: dict[str, Path]) -> set[str]:
    """The builds every one of a page's responses could have come from (a file alike in both fits both; a
    content-named file, body None, fits the builds that have it)."""
    fits = set(builds)
    for url, body in responses:
        path = url.removeprefix(site_url + "/").split("?")[0].split("#")[0]
        fits &= {name for name, root in builds.items()
                 if ((root / path).is_file() if body is None else body in served_forms(root / path))}
        sizes = ", ".join(f"{name} {(root / path).stat().st_size if (root / path).is_file() else '없음'}"
                          for name, root in builds.items())
        assert fits, (f"{url}: 어느 빌드의 파일과도 다릅니다"
                      + ("" if body is None else f" (본문 {len(body)} 바이트; 빌드마다 {sizes})")
                      + "".join(f"\n{u}" for u, _ in responses))
    return fits


@contextmanager
def build_a_then_b(browser, built_site: Path, tmp_path: Path):
    """Build A served and build B ready to deploy; yields (visit, deploy_b, page, log): visit(doc) opens a
    page (live) and returns the builds all its responses fit."""
    builds = {"A": tmp_path / "A", "B": tmp_path / "B"}
    shutil.copytree(built_site, builds["A"], symlinks=True)
    make_second_build(builds["A"], builds["B"])
    link = tmp_path / "site"
    link.symlink_to(builds["A"])
    with switchable_site(link) as site, watched_page(browser, PHONE, service_workers="allow", **TOUCH) as (page, _c, log):
        responses: list[tuple[str, bytes | None]] = []
        page.on("response", lambda r: responses.append((r.url, None if CONTENT_NAMED.search(r.url) else r.body()))
                if r.ok and r.url.startswith(site) else None)

        def visit(doc: str) -> set[str]:
            responses.clear()
            open_live(page, f"{site}/{doc}.html")
            log.wait_until_settled(page)
            return build_of(responses, site, builds)

        yield visit, lambda: deploy(link, builds["B"]), page, log


def test_a_new_build_replaces_the_old_one_whole(browser, built_site: Path, tmp_path: Path):
    with build_a_then_b(browser, built_site, tmp_path) as (visit, deploy_b, page, log):
        assert visit(FIRST) == {"A"}
        wait_until(page, SW_READY_JS)
        assert visit(SECOND) == {"A"}

        deploy_b()
        # Kept pages still come whole from A, while the browser installs B's worker beside A's.
        assert visit(FIRST) == {"A"}
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        wait_until(page, "async () => Boolean((await navigator.serviceWorker.getRegistration()).waiting)")
        # The next visits get B, whole, while B's worker takes over (the browser lets it once A's worker
        # has nothing in flight) and deletes A's cache.
        for doc in (SECOND, FIRST, SECOND):
            assert visit(doc) == {"B"}, doc
        wait_until(page, "async () => (await caches.keys()).filter(n => n.startsWith('%s')).length === 1" % CACHE_PREFIX)
        assert log.js_errors == [] and log.blocked == []


def test_a_new_page_opened_before_the_new_worker_gets_no_old_file(browser, built_site: Path, tmp_path: Path):
    """After a deploy, a page A's worker never kept comes from the network, that is from B, before the
    browser has even fetched B's worker: none of its files may come from A's cache."""
    with build_a_then_b(browser, built_site, tmp_path) as (visit, deploy_b, page, log):
        assert visit(FIRST) == {"A"}
        wait_until(page, SW_READY_JS)
        deploy_b()
        assert visit(NEVER_KEPT) == {"B"}
        assert log.js_errors == [] and log.blocked == []


def test_pages_kept_in_the_background_after_a_deploy_are_left_out(browser, built_site: Path, tmp_path: Path):
    """A's worker keeps a chapter in the background while B is deployed: the pages it then fetches are
    B's, and kept in A's cache they would be served with A's files. It keeps none of them."""
    with build_a_then_b(browser, built_site, tmp_path) as (visit, deploy_b, page, log):
        assert visit(FIRST) == {"A"}
        wait_until(page, SW_READY_JS)
        deploy_b()
        chapter_page = page.url.replace(FIRST, SECOND)
        page.evaluate("""(page) => new Promise((done, fail) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = done;
            navigator.serviceWorker.controller.postMessage({ type: "chapter", page }, [channel.port2]);
            setTimeout(() => fail(new Error("서비스 워커가 장을 다 받았다고 알리지 않습니다")), 120000);
        })""", chapter_page)
        assert not [url for url in kept(page)["urls"] if "/book/el_dorado/" in url]
        assert visit(SECOND) == {"B"}
        assert log.js_errors == [] and log.blocked == []


def test_the_server_gzips_text_and_sends_the_rest_as_stored(site_url, built_site: Path):
    """The project's server sends text gzipped to a browser that takes it, as common static hosts do, and
    everything else (the zstd files the worker decompresses) as stored, with no Content-Encoding."""
    host, port = site_url.removeprefix("http://").split(":")
    (snapshot,) = (built_site / "_static" / "live").glob("snapshot-*.bin.zst")
    cases = [(f"/{FIRST}.html", {"Accept-Encoding": "gzip, br"}, "gzip", built_site / f"{FIRST}.html"),
             (f"/{FIRST}.html", {}, None, built_site / f"{FIRST}.html"),
             (f"/_static/live/{snapshot.name}", {"Accept-Encoding": "gzip"}, None, snapshot)]
    for path, headers, encoding, file in cases:
        connection = http.client.HTTPConnection(host, int(port), timeout=30)
        connection.request("GET", path, headers=headers)
        reply = connection.getresponse()
        body = reply.read()
        connection.close()
        assert reply.status == 200 and reply.getheader("Content-Encoding") == encoding, (path, headers)
        assert (gzip.decompress(body) if encoding else body) == file.read_bytes(), path
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    connection.request("GET", "/book", headers={"Accept-Encoding": "gzip"})
    reply = connection.getresponse()
    assert reply.status == 301 and reply.getheader("Location") == "/book/", "폴더 주소는 슬래시가 붙은 주소로 보냅니다"
