"""Jupyter itself: every chapter page (a MyST .md) opens as a notebook and its widgets work.

Jupyter opens the .md through jupytext's contents manager, the server extension that the jupytext
package enables; these tests use that same code path, then run each notebook on a python3 kernel with
nbclient and check that every widget cell produced a live widget view. No GUI needed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jupytext
import nbformat
import pytest
from nbclient import NotebookClient

from conftest import BOOK_ROOT
from site_helpers import expects_widget, toc_pages

CHAPTERS = [d for d in toc_pages(BOOK_ROOT) if d.count("/") == 2]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
TIMEOUT_S = 300


def test_jupyter_server_opens_md_pages_with_jupytext():
    """jupytext's server extension is enabled in .venv, so Jupyter serves a page's .md as a notebook."""
    out = subprocess.run([str(Path(sys.executable).parent / "jupyter"), "server", "extension", "list"],
                         capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)
    listing = out.stdout + out.stderr
    assert any("jupytext" in line and "enabled" in line for line in listing.splitlines()), listing

    from jupytext import TextFileContentsManager

    manager = TextFileContentsManager(root_dir=str(BOOK_ROOT))
    page = next(d for d in CHAPTERS if expects_widget(d))
    model = manager.get(f"{page}.md", content=True, type="notebook")
    assert model["type"] == "notebook"
    nbformat.validate(model["content"])
    assert any(c["cell_type"] == "code" for c in model["content"]["cells"])


@pytest.mark.parametrize("docname", CHAPTERS)
def test_page_runs_as_a_notebook(docname):
    path = BOOK_ROOT / f"{docname}.md"
    notebook = jupytext.read(path)
    nbformat.validate(notebook)
    assert notebook.metadata["kernelspec"]["name"] == "python3"

    NotebookClient(notebook, timeout=TIMEOUT_S, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()

    errors = [o for c in notebook.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors, errors
    views = [o for c in notebook.cells if c.cell_type == "code" for o in c.outputs if WIDGET_VIEW in o.get("data", {})]
    if expects_widget(docname):
        assert views, f"{docname}: 위젯이 하나도 나오지 않았습니다"
    # Every view points at a model whose state the kernel sent (what a Jupyter front end draws).
    state = notebook.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
    models = state.get("state", {})
    for view in views:
        model_id = view["data"][WIDGET_VIEW]["model_id"]
        assert model_id in models, f"{docname}: 위젯 {model_id}의 상태가 없습니다"
        json.dumps(models[model_id])
