"""Korean full-text search with Pagefind instead of Sphinx's built-in search.

Sphinx indexes "천막은" as one word, so a reader typing "천막" (or "천막을") misses the page. At the end of
an HTML build this extension indexes the book's own pages (every document in the TOC; not the search
page, the general index or the JupyterLite runtime) with Pagefind into `<outdir>/pagefind/`, and the
search page (`search.html`, where the theme's search box and Ctrl+K send a query) shows Pagefind's
results. Two Korean fixes:

- words joined by "·" ("도둑·모래 폭풍") are indexed as separate words: Pagefind only splits on ASCII
  punctuation, so the dot is given spaces around it in the indexed copy of the page;
- the search page drops one trailing particle (or a question's -면 ending) from query words of three or
  more syllables (search_static/pagefind-search.js): Pagefind matches word prefixes, so "유적에서" ->
  "유적" also finds "유적을", "유적이", "유적".

Pictures (the SVG cards and boards drawn by the widgets) are indexed by their text equivalent, the
aria-label, not by the numbers drawn on them. A result of a game's page is titled with its game
("아키올로지 · 게임 준비", page_titles.py).

The build fails when a page ends up with nothing indexed.
"""

from __future__ import annotations

import asyncio
import html as html_text
import re
import shutil
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util import logging

from page_titles import game_page_title

logger = logging.getLogger(__name__)

HERE = Path(__file__).parent
OUTPUT = "pagefind"
# The article body only: not the sidebars, the header, the page-contents list or the footer.
ROOT_SELECTOR = "article.bd-article"
# Anchor marks, the live-widget button and note (the same sentence on every widget page), and the
# widgets' code cells (hidden from readers anyway).
# .live-code: a live cell's code; .kr-staff: the folded boxes for staff that name the data file and its
# keys. Readers search for rules, and a result's text is what they read.
EXCLUDE_SELECTORS = [".headerlink", ".live-widget", ".live-code", ".cell_input", ".toggle-details__summary", ".kr-staff"]


_LABELLED_SVG = re.compile(r"<svg\b(?=[^>]*\baria-label=)")


_ARTICLE = re.compile(r'<article class="bd-article"[^>]*>')


# A section's first heading. Sphinx puts the id on <section>; Pagefind makes a sub-result (the section
# a reader can be sent to) only of a heading that has an id itself.
_SECTION_HEADING = re.compile(r'(<section id="([^"]+)"[^>]*>\s*(?:<span id="[^"]*"></span>\s*)*<h[1-6])(?![^>]*\bid=)')


def indexed_copy(html: str, title: str | None = None) -> str:
    """The page as Pagefind reads it: "·" stands between spaces so the words on each side are words,
    a labelled picture is indexed by its label (Pagefind skips what an SVG draws), each section's heading
    carries its section's id (so a result can open that section), and `title` (if given) is the title
    its results show."""
    html = _LABELLED_SVG.sub('<svg data-pagefind-index-attrs="aria-label"', html)
    html = _SECTION_HEADING.sub(lambda m: f'{m.group(1)} id="{m.group(2)}"', html)
    if title:
        meta = f'<span data-pagefind-meta="title:{html_text.escape(title)}" hidden></span>'
        html = _ARTICLE.sub(lambda m: m.group(0) + meta, html, count=1)
    return html.replace("·", " · ")


async def write_index(outdir: Path, pages: dict[str, str | None]) -> dict[str, int]:
    """Index `pages` ({path relative to outdir: its results' title, None for the page's own}) into
    outdir/pagefind; {page: words indexed}."""
    from pagefind.index import IndexConfig, PagefindIndex

    # The index is written to output_path when the context closes without an error.
    config = IndexConfig(root_selector=ROOT_SELECTOR, exclude_selectors=EXCLUDE_SELECTORS,
                         force_language="ko", output_path=str(outdir / OUTPUT))
    shutil.rmtree(outdir / OUTPUT, ignore_errors=True)  # no fragment of an older build stays behind
    words = {}
    async with PagefindIndex(config=config) as index:
        for page, title in pages.items():
            html = (outdir / page).read_text(encoding="utf-8")
            result = await index.add_html_file(content=indexed_copy(html, title), source_path=page)
            words[page] = result["page_word_count"]
        files = await index.get_files()
    # Closing the context has the Pagefind service write the files too, but the service is stopped as soon
    # as it answers, which can cut a file short (once, on a busy machine, its wasm at 64 KiB: search then
    # never answers). So the files it handed over are written here, whole, over its copies.
    for file in files:
        path = outdir / OUTPUT / file["path"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(file["content"])
    return words


def build_index(app: Sphinx, exception) -> None:
    if exception is not None or app.builder.format != "html":
        return
    outdir = Path(app.outdir)
    pages = {app.builder.get_target_uri(doc): game_page_title(app.env, doc) for doc in sorted(app.env.found_docs)}
    words = asyncio.run(write_index(outdir, pages))
    empty = [page for page, count in words.items() if count == 0]
    if not words or empty:
        raise ExtensionError(f"Pagefind indexed nothing in: {empty or 'any page'} (root {ROOT_SELECTOR!r})")
    logger.info(f"[pagefind] {len(words)} pages, {sum(words.values())} words -> {outdir / OUTPUT}")


def add_paths(app: Sphinx, config) -> None:
    config.templates_path.append(str(HERE / "search_templates"))
    config.html_static_path.append(str(HERE / "search_static"))


def setup(app: Sphinx):
    app.connect("config-inited", add_paths)
    app.connect("build-finished", build_index)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
