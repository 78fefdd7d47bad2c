"""The one reader of _toc.yml: the book's pages in reading order, and the chapters of each game."""

from __future__ import annotations

import re
from pathlib import Path

import yaml


def toc_pages(root: Path) -> list[str]:
    """Docnames (e.g. 'book/archaeology/dig') of every page in _toc.yml, in reading order."""
    toc = yaml.safe_load((root / "_toc.yml").read_text(encoding="utf-8"))
    pages = [_strip_suffix(toc["root"])]

    def walk(entries):
        for entry in entries or []:
            if "file" in entry:
                pages.append(_strip_suffix(entry["file"]))
            for key in ("parts", "chapters", "sections"):
                walk(entry.get(key))

    walk([toc])
    return pages


def chapter_pages(root: Path) -> dict[str, list[str]]:
    """{game: [docname, ...]} for the pages of each book/<game>/ folder, in _toc.yml order."""
    games: dict[str, list[str]] = {}
    for docname in toc_pages(root):
        parts = docname.split("/")
        if len(parts) == 3 and parts[0] == "book":
            games.setdefault(parts[1], []).append(docname)
    return games


def _strip_suffix(name: str) -> str:
    return re.sub(r"\.(md|ipynb|rst)$", "", name)
