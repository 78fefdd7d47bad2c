"""The themes' own words in Korean.

pydata-sphinx-theme ships no Korean catalog and Sphinx's Korean one lacks a few newer messages, so
"Back to top", "Skip to main content", the colour-mode menu, the previous/next links and the
heading links were English on every page. `theme_korean.po` holds their Korean; it is compiled into
the build folder and added behind Sphinx's own catalog (whose translations come first). The book theme
writes a few words into its templates untranslated (the sidebar buttons' tooltips, the sidebar's
label for screen readers): `theme_templates/` holds those templates with the words in Korean.
"""
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from sphinx.application import Sphinx

HERE = Path(__file__).parent


def setup(app: Sphinx):
    folder = Path(app.doctreedir).parent / "locale"
    mo = folder / "ko" / "LC_MESSAGES" / "sphinx.mo"
    mo.parent.mkdir(parents=True, exist_ok=True)
    with open(HERE / "theme_korean.po", encoding="utf-8") as po, open(mo, "wb") as out:
        write_mo(out, read_po(po, locale="ko"))
    app.add_message_catalog("sphinx", str(folder))
    return {"parallel_read_safe": True, "parallel_write_safe": True}
