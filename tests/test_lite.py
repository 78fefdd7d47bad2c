"""Live widgets on the static site: JupyterLite + Pyodide, every file served by the site itself.

- every chapter page with a widget has a "직접 해 보기" control;
- nothing in the built site (pages, JupyterLite config, Pyodide lock) points at a CDN;
- for each game, a widget becomes live in the browser and a click makes the engine compute anew;
- a stale JupyterLite build cache can't make a rebuild fall back to the CDN.

Games come from _toc.yml, so a new game is covered as soon as it is in the TOC."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import BOOK_ROOT, _offline_prefix
from lite_helpers import LIVE_BUTTON, console_text, open_live, page_url, probe_for
from site_helpers import expects_widget, outside_references, toc_pages, watched_page

PAGES = toc_pages(BOOK_ROOT)
GAMES = sorted({docname.split("/")[1] for docname in PAGES if docname.count("/") == 2})
KERNEL = "@jupyterlite/pyodide-kernel-extension:kernel"
LOCAL_PYODIDE = "./static/pyodide/pyodide.mjs"
CDN_MARKERS = ("cdn.jsdelivr.net", "fonts.googleapis", "fonts.gstatic", "cdnjs.cloudflare.com", "unpkg.com", "pypi.org", "files.pythonhosted.org")


def kernel_settings(lite: Path) -> dict:
    config = json.loads((lite / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    return config["litePluginSettings"][KERNEL]


def assert_local_pyodide(lite: Path) -> None:
    settings = kernel_settings(lite)
    assert settings.get("pyodideUrl") == LOCAL_PYODIDE, f"Pyodide를 사이트 밖에서 받습니다: {settings.get('pyodideUrl')}"
    assert (lite / LOCAL_PYODIDE).is_file() and (lite / "static/pyodide/pyodide-lock.json").is_file()
    assert settings.get("disablePyPIFallback") is True, "piplite가 PyPI로 넘어갈 수 있습니다"
    assert all(url.startswith("./") for url in settings["pipliteUrls"]), settings["pipliteUrls"]


def test_every_widget_page_has_a_live_control(built_site: Path):
    missing = [
        docname for docname in PAGES
        if expects_widget(docname) and LIVE_BUTTON[1:] not in (built_site / f"{docname}.html").read_text(encoding="utf-8")
    ]
    assert missing == [], f"'직접 해 보기' 단추가 없는 쪽: {missing}"


def test_site_references_no_cdn(built_site: Path):
    """Pages fetch nothing from other hosts; JupyterLite's config, settings and wheel index, and the
    Pyodide lock name no CDN; the wheels the lock lists are here with the sha256 it expects."""
    assert outside_references(built_site) == []
    lite = built_site / "lite"
    assert_local_pyodide(lite)
    configs = [p for p in lite.rglob("*.json") if not p.name.endswith(".schema.json")]
    configs += [*lite.rglob("*.ipynb"), *built_site.rglob("*.css"), *(built_site / "_static").glob("live_widgets*")]
    found = [f"{p.relative_to(built_site)}: {m}" for p in configs for m in CDN_MARKERS if m in p.read_text(encoding="utf-8")]
    assert found == []

    pyodide = lite / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    shipped = [entry for entry in lock["packages"].values() if (pyodide / entry["file_name"]).is_file()]
    assert {"micropip", "ipython"} <= {entry["name"] for entry in shipped}
    for entry in shipped:
        digest = hashlib.sha256((pyodide / entry["file_name"]).read_bytes()).hexdigest()
        assert digest == entry["sha256"], f"{entry['file_name']}: pyodide-lock.json sha256 불일치"
    wheels = {p.name.split("-")[0] for p in (lite / "pypi").glob("*.whl")}
    assert {"kr_rules_notebook", "ipywidgets", "comm", "jupyterlab_widgets"} <= wheels


@pytest.mark.parametrize("game", GAMES)
def test_live_widget_runs_the_engine(browser, site_url, screenshot_dir, game):
    """Click 직접 해 보기, wait for the widget in the browser kernel, click a button: the engine's
    new answer appears. Every request off 127.0.0.1 is blocked and fails the test."""
    probe = probe_for(game)
    with watched_page(browser, {"width": 1280, "height": 900}) as (page, _context, log):
        page.goto(page_url(site_url, game, probe), wait_until="load")
        frame, _seconds = open_live(page, probe)
        before = console_text(frame)
        assert probe.expect not in before
        frame.get_by_role("button", name=probe.clicks[0], exact=True).last.click()
        frame.get_by_text(probe.expect).last.wait_for(timeout=30_000)
        assert console_text(frame) != before
        assert "import " not in console_text(frame), "코드가 보입니다"
        page.locator("iframe.live-widget-panel").scroll_into_view_if_needed()
        page.screenshot(path=screenshot_dir / f"lite__{game}.png")
        log.assert_clean()


def test_stale_jupyterlite_cache_keeps_local_pyodide(built_site: Path):
    """The known trap: a `.jupyterlite.doit.db` from an earlier build, the output deleted, then a
    rebuild that skips patching the kernel config and silently uses the CDN. Rebuild offline
    through .ci/build in exactly that state: the site must still load Pyodide from itself."""
    lite_src = BOOK_ROOT / "book" / "lite"
    stale = subprocess.run(  # a real doit database, written where a jupyter lite build run from there puts it
        [sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(lite_src),
         "--output-dir", str(BOOK_ROOT / "_build" / "stale-lite")],
        cwd=lite_src, stdin=subprocess.DEVNULL, capture_output=True, text=True,
    )
    assert stale.returncode == 0, stale.stderr[-2000:]
    assert (lite_src / ".jupyterlite.doit.db").exists()
    shutil.rmtree(built_site / "lite")
    shutil.rmtree(BOOK_ROOT / "_build" / "stale-lite")

    rebuilt = subprocess.run(
        _offline_prefix() + ["bash", str(BOOK_ROOT / ".ci" / "build")],
        cwd=BOOK_ROOT, stdin=subprocess.DEVNULL, capture_output=True, text=True,
    )
    assert rebuilt.returncode == 0, rebuilt.stdout[-3000:]
    assert_local_pyodide(built_site / "lite")
    left = [p for p in (BOOK_ROOT, lite_src) if (p / ".jupyterlite.doit.db").exists()]
    assert left == [], f"doit 캐시가 남았습니다: {left}"
