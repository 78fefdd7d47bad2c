"""The printable box labels (book/labels.md, book/_ext/box_labels.py): one label per game, each QR code
decodes (zbarimg, Debian's zbar-tools) to that game's quick start on the published address set in
_config.yml, and the page printed on A4 cuts no label across two sheets."""
from __future__ import annotations

import re
import subprocess
from io import BytesIO

import yaml

from conftest import BOOK_ROOT
from site_helpers import DESKTOP, watched_page
from rules import GAMES

SITE_URL = yaml.safe_load((BOOK_ROOT / "_config.yml").read_text(encoding="utf-8"))["sphinx"]["config"]["kr_site_url"]


def test_each_code_decodes_to_its_games_quick_start(browser, site_url, tmp_path):
    with watched_page(browser, DESKTOP, device_scale_factor=3) as (page, _, log):   # a camera's sharp look
        page.goto(f"{site_url}/book/labels.html")
        labels = page.locator(".kr-box-label")
        assert labels.count() == len(GAMES)
        for i, (game, name) in enumerate(GAMES.items()):
            label = labels.nth(i)
            expected = f"{SITE_URL.rstrip('/')}/book/{game}/quickstart.html"
            assert name in label.inner_text() and expected in label.inner_text()
            shot = tmp_path / f"{game}.png"
            label.locator("svg").screenshot(path=str(shot))
            decoded = subprocess.run(["zbarimg", "--quiet", "--raw", str(shot)], capture_output=True, text=True)
            assert decoded.stdout.strip() == expected, decoded.stderr
            assert (BOOK_ROOT / "_build" / "html" / "book" / game / "quickstart.html").is_file()
        log.assert_clean()


def test_the_page_prints_on_a4_without_cutting_a_label(browser, site_url):
    from pypdf import PdfReader

    with watched_page(browser, DESKTOP) as (page, _, _log):
        page.goto(f"{site_url}/book/labels.html")
        page.wait_for_function("document.fonts.status === 'loaded'")
        pdf = PdfReader(BytesIO(page.pdf(format="A4", print_background=True)))
    sheets = [re.sub(r"[\s\x01]+", "", sheet.extract_text()) for sheet in pdf.pages]   # \x01: a PDF's space
    for game, name in GAMES.items():
        url = re.sub(r"\s+", "", f"{SITE_URL.rstrip('/')}/book/{game}/quickstart.html")
        holding = [i for i, text in enumerate(sheets) if url in text]
        assert len(holding) == 1, f"{name}: 라벨의 주소가 한 장에 온전히 있지 않습니다 ({holding})"
        assert name.replace(" ", "") in sheets[holding[0]], f"{name}: 이름과 주소가 다른 장에 있습니다"
