"""Printable QR labels for the game boxes (book/labels.md): one label per game with its name, its player
count, a QR code of its 5분 만에 배우기 page on the published site, and that address in words.

The rulebooks themselves send players to the rules by a QR code on the box. The published address is
one setting, `kr_site_url` in _config.yml; the codes are made at build time with segno (PyPI, pure
Python, no network), the same QR helper as the café's start page (book/serve/qr.py).
"""
from __future__ import annotations

import html
import importlib.util
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import Directive
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

QR_HELPER = Path(__file__).resolve().parents[1] / "serve" / "qr.py"


def _qr_svg():
    spec = importlib.util.spec_from_file_location("kr_qr", QR_HELPER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.qr_svg


def label_html(name: str, players: tuple, url: str, qr_svg) -> str:
    counts = f"{min(players)}~{max(players)}인"
    return (f'<div class="kr-box-label"><div class="kr-box-label-text"><b>{html.escape(name)}</b>'
            f"<span>{counts} · 규칙 노트북</span><span>휴대폰 카메라로 찍으면 5분 만에 배우기가 열립니다.</span>"
            f'<span class="kr-box-label-url">{html.escape(url)}</span></div>'
            f'{qr_svg(url, scale=3, title=f"{name} 5분 만에 배우기")}</div>')


class BoxLabels(Directive):
    """```{box-labels}``` -> every registered game's label, in the book's order."""

    def run(self):
        import rules

        site = self.state.document.settings.env.config.kr_site_url
        if not site.startswith(("https://", "http://")):
            raise ExtensionError(f"kr_site_url must be the published address (https://...), not {site!r}")
        site = site.rstrip("/") + "/"
        qr_svg = _qr_svg()
        labels = [label_html(name, rules.game(game).PLAYER_COUNTS, f"{site}book/{game}/quickstart.html", qr_svg)
                  for game, name in rules.GAMES.items()]
        return [nodes.raw("", f'<div class="kr-box-labels">{"".join(labels)}</div>', format="html")]


def setup(app: Sphinx):
    app.add_config_value("kr_site_url", "", "html")
    app.add_directive("box-labels", BoxLabels)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
