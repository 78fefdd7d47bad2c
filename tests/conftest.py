"""Shared fixtures. The site fixtures (book build, static server, browser) are lazy:
only tests that ask for them pay for them, so the rules tests stay fast."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
# The book to build and test. Defaults to this repository; point it at a copy to test
# the pipeline in isolation (BOOK_ROOT=/tmp/some-copy).
BOOK_ROOT = Path(os.environ.get("BOOK_ROOT", REPO_ROOT)).resolve()
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _offline_prefix() -> list[str]:
    """Run the build in a fresh network namespace (loopback only) when the machine allows it,
    so a page that reaches for the internet at build time fails instead of silently working."""
    if not (shutil.which("unshare") and shutil.which("ip")):
        return []
    probe = subprocess.run(
        ["unshare", "-n", "sh", "-c", "ip link set lo up"], capture_output=True
    )
    if probe.returncode != 0:
        return []
    return ["unshare", "-n", "sh", "-c", 'ip link set lo up && exec "$0" "$@"']


@pytest.fixture(scope="session")
def built_site() -> Path:
    """Build the book once per test session with .ci/build (strict: -W -n). Returns _build/html."""
    html = BOOK_ROOT / "_build" / "html"
    if os.environ.get("BOOK_SKIP_BUILD") == "1" and html.is_dir():
        return html  # local iteration on the browser tests only
    cmd = ["bash", str(BOOK_ROOT / ".ci" / "build")]
    log_path = BOOK_ROOT / "_build" / "build.log"
    log_path.parent.mkdir(parents=True, exist_ok=True)
    result = subprocess.run(
        _offline_prefix() + cmd,
        cwd=BOOK_ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    log = re.sub(r"\x1b\[[0-9;]*m", "", result.stdout)  # drop terminal colours
    log_path.write_text(log, encoding="utf-8")
    if result.returncode != 0:
        pytest.fail(
            f"책 빌드 실패 (exit {result.returncode}); full log: {log_path}\n{_build_failure_summary(log)}",
            pytrace=False,
        )
    return html


def _build_failure_summary(log: str) -> str:
    """The warnings/errors of a failed build (the cause), then the last lines of the log."""
    lines = log.splitlines()
    causes = [
        line
        for line in lines
        if re.search(r"WARNING|ERROR|Error\b", line) and "IPKernelApp" not in line
    ]
    return "\n".join(causes[:40] + ["...", *lines[-15:]])


@pytest.fixture(scope="session")
def site_url(built_site: Path):
    """Serve the built site on a free port of 127.0.0.1 with the project's own server."""
    server = subprocess.Popen(
        [sys.executable, str(REPO_ROOT / "book" / "serve" / "static_site.py"), str(built_site), "0"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        line = server.stdout.readline()  # "READY <port>" once it listens
        if not line.startswith("READY "):
            pytest.fail(f"static_site.py did not start: {line!r}", pytrace=False)
        yield f"http://127.0.0.1:{line.split()[1]}"
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} 가 없습니다; run .ci/setup", pytrace=False)
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def screenshot_dir() -> Path:
    path = BOOK_ROOT / "_build" / "screenshots"
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="session")
def cafe_on_network():
    """The café server as a café runs it for its tablets, bound to every interface (CAFE_HOST=0.0.0.0) and
    opened at a second loopback address (127.0.0.2), with caps small enough for a burst to reach. One
    server for test_cafe_network.py and test_voila.py's hostile-message test."""
    from voila_helpers import NETWORK_CAP, NETWORK_PER_ADDRESS, running_cafe

    state = BOOK_ROOT / "_build" / "voila-network-state"   # its own PIN, and no saved game of an earlier run
    shutil.rmtree(state, ignore_errors=True)
    with running_cafe(BOOK_ROOT, BOOK_ROOT / "_build" / "voila-network.log", CAFE_HOST="0.0.0.0",
                      CAFE_ADDRESS="127.0.0.2", CAFE_MAX_KERNELS=str(NETWORK_CAP),
                      CAFE_KERNELS_PER_ADDRESS=str(NETWORK_PER_ADDRESS), CAFE_STATE_DIR=str(state)) as server:
        yield server
