"""Turn the book's chapter pages into the notebooks the café Voila serves (run by .ci/voila).

    python book/serve/cafe_pages.py <book root> <output dir>

Writes <output>/pages/<game title>/<NN page title>.ipynb for every page of book/<game>/ in _toc.yml, so
the Voila tree reads like the book's table of contents; <output>/tables.json, each game's 테이블 page
(for the café's short /table/<game> links and their QR codes); and <output>/share/voila/templates/cafe/,
Voila's lab template without its Font Awesome CDN links (the widgets bundle already carries the icon
font) and with the café's own start page (cafe_tree.html: Korean, the tablets' address and QR codes).

MyST-only syntax that Jupyter's Markdown cannot show (admonitions, label targets, {ref} roles, links to
.md pages) is rewritten to plain Markdown; code cells are taken as they are.
"""
from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

import jupytext
import nbformat

from book_toc import chapter_pages

_TARGET = re.compile(r"^\([\w-]+\)=\s*$", re.M)
_ROLE = re.compile(r"\{(?:ref|doc)\}`(?:([^`<]*?)\s*<[^>]*>|([^`]*))`")
_FENCE_OPEN = re.compile(r"^(:{3,})\{(\w[\w-]*)\}\s*(.*)$")
_LINK = re.compile(r"\]\(([^)\s#]+)\.md(#[^)]*)?\)")
_ADMONITION_TITLES = {"note": "참고", "tip": "팁", "warning": "주의", "important": "중요", "seealso": "함께 보기"}
_REMOTE_LINK = re.compile(r"[ \t]*<link\b[^>]*\bhref=\"(?:https?:)?//[^\"]*\"[^>]*>\n?")


def title(path: Path) -> str:
    match = re.search(r"^# (.+)$", path.read_text(encoding="utf-8"), re.M)
    return match.group(1).strip() if match else path.stem


def notebook_paths(root: Path) -> dict[str, str]:
    """{docname: path of its notebook relative to the pages folder}."""
    paths = {}
    for game, docnames in chapter_pages(root).items():
        folder = title(root / "book" / game / "index.md")
        for number, docname in enumerate(docnames):
            # characters a file name cannot hold become spaces, one space where several meet ("판: 같이")
            name = " ".join(re.sub(r'[/\\:*?"<>|]', " ", title(root / f"{docname}.md")).split())
            paths[docname] = f"{folder}/{number:02d} {name}.ipynb"
    return paths


def plain_markdown(text: str, link) -> str:
    """MyST Markdown -> Markdown that Jupyter renders; `link(page)` maps a sibling page name to a URL."""
    text = _TARGET.sub("", text)
    text = _ROLE.sub(lambda m: (m.group(1) or m.group(2) or "").strip(), text)
    text = _LINK.sub(lambda m: f"]({link(m.group(1))}{m.group(2) or ''})", text)
    out, quote = [], None   # quote: the colon fence of the admonition being turned into a blockquote
    for line in text.split("\n"):
        opened = _FENCE_OPEN.match(line)
        if quote is None and opened:
            quote = opened.group(1)
            head = opened.group(3) or _ADMONITION_TITLES.get(opened.group(2), "")
            out.append(f"> **{head}**" if head else ">")
            out.append(">")
        elif quote is not None and line.strip() == quote:
            quote = None
            out.append("")
        elif quote is not None:
            if not re.match(r"^:\w+:", line):  # directive options such as :class: warning
                out.append(f"> {line}" if line else ">")
        else:
            out.append(line)
    return "\n".join(out)


def convert(root: Path, docname: str, paths: dict[str, str]) -> nbformat.NotebookNode:
    notebook = jupytext.read(root / f"{docname}.md")
    here = Path(paths[docname]).parent
    game = docname.split("/")[1]

    def link(target: str) -> str:
        page = f"book/{game}/{target}"
        if page not in paths:
            return "../"  # a page outside the chapters (the book's front page): the tree
        relative = Path(paths[page])
        return (relative.name if relative.parent == here else f"../{relative}").replace(" ", "%20")

    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            cell.source = plain_markdown(cell.source, link)
    notebook.metadata.pop("jupytext", None)
    nbformat.validate(notebook)
    return notebook


SITE_CSS = "book/_vendor/css/site.css"
TABLES_FILE = "tables.json"
_CSS_END = "{%- endblock notebook_css -%}"


def write_template(out: Path, site_css: str) -> None:
    """The 'cafe' Voila template: 'lab' with the remote <link>s of its pages removed (lab's index.html.j2,
    and base's page.html under which the tree and error pages are drawn), and the book's own style sheet
    inlined into the app pages: the same fonts, pictures that fit a tablet, and button labels that wrap
    instead of ending in "…"."""
    import voila.paths

    lab, base = (Path(voila.paths.collect_template_paths(["voila"], name, prune=True)[0]) for name in ("lab", "base"))
    cafe = out / "share" / "voila" / "templates" / "cafe"
    cafe.mkdir(parents=True, exist_ok=True)
    pages = {
        "index.html.j2": (lab / "index.html.j2").read_text(encoding="utf-8"),
        "base_page.html": (base / "page.html").read_text(encoding="utf-8"),
        "page.html": (lab / "page.html").read_text(encoding="utf-8").replace(
            "'voila/templates/base/page.html'", "'base_page.html'"),
    }
    if pages["index.html.j2"].count(_CSS_END) != 1:
        raise SystemExit("voila_pages: Voila's lab template has no notebook_css block to add the book's style to")
    pages["index.html.j2"] = pages["index.html.j2"].replace(_CSS_END, f"<style>\n{site_css}</style>\n{_CSS_END}")
    pages["tree.html"] = (Path(__file__).parent / "cafe_tree.html").read_text(encoding="utf-8")
    for name, text in pages.items():
        text = _REMOTE_LINK.sub("", text)
        if re.search(r"\b(?:href|src)=\"(?:https?:)?//", text):
            raise SystemExit(f"voila_pages: {name} of Voila's template still loads something from another host")
        (cafe / name).write_text(text, encoding="utf-8")
    (cafe / "conf.json").write_text(json.dumps({"base_template": "lab"}), encoding="utf-8")


def main(root: Path, out: Path) -> None:
    # Written beside the served folder and swapped in whole: a café already serving this folder (an
    # update, or a second server) never finds it half written; a page removed from the TOC disappears.
    pages, fresh, stale = out / "pages", out / "pages.new", out / "pages.old"
    for folder in (fresh, stale):
        shutil.rmtree(folder, ignore_errors=True)
    paths = notebook_paths(root)
    for docname, relative in paths.items():
        target = fresh / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(convert(root, docname, paths), target)
    if pages.exists():
        pages.rename(stale)
    fresh.rename(pages)
    shutil.rmtree(stale, ignore_errors=True)
    tables = {docname.split("/")[1]: {"title": relative.split("/")[0], "page": relative}
              for docname, relative in paths.items() if docname.endswith("/table")}
    (out / TABLES_FILE).write_text(json.dumps(tables, ensure_ascii=False, indent=1), encoding="utf-8")
    write_template(out, (root / SITE_CSS).read_text(encoding="utf-8"))
    print(f"[voila] {len(paths)}개 쪽을 노트북으로 바꿈: {pages}")


if __name__ == "__main__":
    main(Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve())
