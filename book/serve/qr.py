"""QR codes for the café's addresses, made offline with segno (pure Python): an inline SVG for a page
(the café's start page; later the book's printable box labels) and a block of text for a terminal.

The SVG draws dark modules on a white square with the quiet zone the standard asks for, so a tablet's
camera reads it on any page background; its size is set in CSS pixels per module."""
from __future__ import annotations

import io

import segno

# M recovers from about 15% damage: enough for a screen or a printed label, smaller than Q or H.
ERROR_LEVEL = "m"
QUIET_ZONE = 4  # modules of white around the code, as ISO/IEC 18004 requires


def qr_svg(url: str, scale: int = 4, title: str = "") -> str:
    """An <svg> element that encodes `url`; `title` is what a screen reader says for it."""
    code = segno.make(url, error=ERROR_LEVEL, micro=False)
    return code.svg_inline(scale=scale, border=QUIET_ZONE, dark="#000", light="#fff",
                           title=title or None, svgclass="kr-qr", lineclass=None, omitsize=False)


def qr_text(url: str) -> str:
    """The code drawn with block characters, two rows a line, for a terminal or a log."""
    out = io.StringIO()
    segno.make(url, error=ERROR_LEVEL, micro=False).terminal(out=out, compact=True, border=2)
    return out.getvalue()
