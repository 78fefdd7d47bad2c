"""Live widgets on the static site, with no server.

Every notebook cell whose output is an interactive ipywidget (one with a button, slider, dropdown...)
keeps its build-time snapshot and gets a "▶ 직접 해 보기" button under it. The button opens a
JupyterLite REPL (Pyodide kernel, code hidden) in a panel that runs the same cell, importing our own
`rules` and `widgets` from the project wheel in the site's `lite/pypi/` folder. Page authors write
nothing extra: the cell's own source is reused, preceded by the imports of the cells above it.

At the end of an HTML build the JupyterLite site is built into `<outdir>/lite`: the REPL app only,
the two federated extensions the widgets need, Pyodide from the site itself (never a CDN).
"""

from __future__ import annotations

import ast
import builtins
import json
import posixpath
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlencode, quote

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util import logging

logger = logging.getLogger(__name__)

HERE = Path(__file__).parent
BUTTON_TEXT = "▶ 직접 해 보기 (브라우저에서 실행)"
NOTE_TEXT = "위 그림은 미리 계산해 둔 모습입니다. 누르면 이 브라우저 안에서 규칙 엔진이 직접 돌아갑니다 (처음 한 번은 10–20초)."
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
# Widget models that only show things; any other model takes input, which makes the widget worth running live.
DISPLAY_ONLY_MODELS = {
    "HTMLModel", "HTMLMathModel", "LabelModel", "ImageModel", "OutputModel",
    "BoxModel", "HBoxModel", "VBoxModel", "GridBoxModel", "TabModel", "AccordionModel", "StackModel",
    "LayoutModel",
}
# Federated JupyterLab extensions the live widgets need (others in the venv, e.g. voila's, are left out).
LAB_EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "@jupyterlite/pyodide-kernel-extension")
DOIT_DB = ".jupyterlite.doit.db"
CDN_MARKERS = ("cdn.jsdelivr.net", "fonts.googleapis", "unpkg.com", "cdnjs.cloudflare.com")


class live_widget(nodes.General, nodes.Element):
    """The button (and, once clicked, the REPL panel) under one widget snapshot."""


def visit_live_widget_html(self, node):
    self.body.append(
        f'<div class="live-widget"><button type="button" class="live-widget-button" '
        f'data-src="{self.attval(node["src"])}">{BUTTON_TEXT}</button>'
        f'<span class="live-widget-note">{NOTE_TEXT}</span></div>'
    )
    raise nodes.SkipNode


def skip_node(self, node):
    raise nodes.SkipNode


def is_interactive(model_ids: list[str], state: dict) -> bool:
    """Does any widget under these views (children followed through IPY_MODEL_ refs) take input?"""
    todo, seen = list(model_ids), set()
    while todo:
        model = state.get(todo.pop())
        if model is None or id(model) in seen:
            continue
        seen.add(id(model))
        name = model["model_name"]
        if name not in DISPLAY_ONLY_MODELS and not name.endswith("StyleModel"):
            return True
        for value in model["state"].values():
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, str) and item.startswith("IPY_MODEL_"):
                    todo.append(item.removeprefix("IPY_MODEL_"))
    return False


def imports_of(source: str) -> list[str]:
    """The top-level import statements of a cell, as source text."""
    try:
        tree = ast.parse(source)
    except SyntaxError:  # IPython magics: such cells are not reused
        return []
    return [ast.get_source_segment(source, stmt) for stmt in tree.body if isinstance(stmt, (ast.Import, ast.ImportFrom))]


def unbound_names(code: str) -> set[str]:
    """Names the code reads but never binds (nor imports): they came from a cell the REPL won't run."""
    tree = ast.parse(code)
    bound, read = set(dir(builtins)) | {"display"}, set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (read if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, ast.alias):
            bound.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
    return read - bound


def notebook_cells(env, docname: str):
    """The page's cells as myst-nb itself read them (so cell indexes match the doctree)."""
    from myst_nb.core.read import create_nb_reader

    path = str(env.doc2path(docname))
    text = Path(path).read_text(encoding="utf-8")
    reader = create_nb_reader(path, env.myst_config, env.mystnb_config, text)
    return reader.read(text).cells if reader else []


def widget_views(cell_node) -> list[str]:
    """Model ids of the widget views rendered in a cell's output."""
    ids = []
    for raw in cell_node.findall(nodes.raw):
        text = raw.astext()
        if WIDGET_VIEW in text:
            payload = text.split(">", 1)[1].rsplit("</script>", 1)[0]
            ids.append(json.loads(payload)["model_id"])
    return ids


def add_live_controls(app: Sphinx, doctree) -> None:
    env = app.env
    docname = env.docname
    js_files = getattr(env, "nb_metadata", {}).get(docname, {}).get("js_files", {})
    if "ipywidgets_state" not in js_files:
        return
    state = json.loads(js_files["ipywidgets_state"][1]["body"])["state"]
    cells = None
    lite = posixpath.relpath("lite", posixpath.dirname(docname) or ".")
    for cell_node in [n for n in doctree.findall(nodes.container) if n.get("nb_element") == "cell_code"]:
        views = widget_views(cell_node)
        if not views or not is_interactive(views, state):
            continue
        cells = cells if cells is not None else notebook_cells(env, docname)
        index = cell_node["cell_index"]
        earlier = [c.source for c in cells[:index] if c.cell_type == "code"]
        imports = [line for source in earlier for line in imports_of(source)]
        code = "\n".join(dict.fromkeys(imports)) + "\n" + cells[index].source.strip()
        missing = unbound_names(code)
        if missing:
            logger.warning(
                "live widget cell uses %s, defined in an earlier cell; the live REPL runs only this "
                "cell plus the imports above it", ", ".join(sorted(missing)),
                location=cell_node,
            )
        query = {
            "kernel": "python", "showBanner": "0", "hideCodeInput": "1", "execute": "1",
            "code": "\n".join([app.config.live_widgets_install, code]),
        }
        node = live_widget(src=f"{lite}/repl/index.html?{urlencode(query, quote_via=quote)}")
        cell_node.parent.insert(cell_node.parent.index(cell_node) + 1, node)


def labextension_dir(name: str) -> Path:
    from jupyter_core.paths import jupyter_path

    for root in jupyter_path("labextensions"):
        if (Path(root) / name / "package.json").is_file():
            return Path(root) / name
    raise ExtensionError(f"JupyterLab extension {name} is not installed (run .ci/setup)")


def build_lite(app: Sphinx, error) -> None:
    if error is not None or app.builder.format != "html":
        return
    lite_dir = Path(app.srcdir) / app.config.live_widgets_lite_dir
    output = Path(app.outdir) / "lite"
    for needed in ("static/pyodide/pyodide.mjs", "static/pyodide/pyodide-lock.json"):
        if not (lite_dir / needed).is_file():
            raise ExtensionError(f"{lite_dir / needed} is missing: run .ci/setup (no CDN fallback)")
    # A doit database left by an earlier build makes `jupyter lite build` skip the steps that point
    # the kernel at the local Pyodide (the site would fall back to the CDN): always start clean.
    (lite_dir / DOIT_DB).unlink(missing_ok=True)
    shutil.rmtree(output, ignore_errors=True)
    command = [sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(lite_dir), "--output-dir", str(output)]
    for name in LAB_EXTENSIONS:
        command.append(f"--LiteBuildConfig.federated_extensions={labextension_dir(name)}")
    logger.info("[live_widgets] JupyterLite (repl) -> %s", output)
    done = subprocess.run(command, cwd=lite_dir, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    (lite_dir / DOIT_DB).unlink(missing_ok=True)
    if done.returncode != 0:
        raise ExtensionError(f"jupyter lite build failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    check_lite_site(output)


def check_lite_site(output: Path) -> None:
    """Refuse a JupyterLite site whose kernel would load Pyodide or packages from outside the site."""
    for config in output.rglob("jupyter-lite.json"):
        text = config.read_text(encoding="utf-8")
        data = json.loads(text)["jupyter-config-data"]
        settings = data.get("litePluginSettings", {}).get("@jupyterlite/pyodide-kernel-extension:kernel", {})
        url = settings.get("pyodideUrl")
        if config.parent == output and url != "./static/pyodide/pyodide.mjs":
            raise ExtensionError(f"{config}: pyodideUrl is {url!r}, not the local Pyodide")
        if any(marker in text for marker in CDN_MARKERS):
            raise ExtensionError(f"{config} refers to a CDN")
    if not (output / "static/pyodide/pyodide.mjs").is_file():
        raise ExtensionError(f"{output}/static/pyodide was not copied")


def add_static_path(app: Sphinx, config) -> None:
    config.html_static_path.append(str(HERE / "live_static"))


def setup(app: Sphinx):
    app.add_config_value("live_widgets_lite_dir", "book/lite", "html")
    # First line of every live cell: install the project wheel (and ipywidgets) from lite/pypi.
    app.add_config_value("live_widgets_install", "%pip install kr-rules-notebook", "html")
    app.add_node(
        live_widget,
        html=(visit_live_widget_html, None),
        latex=(skip_node, None), text=(skip_node, None), man=(skip_node, None), texinfo=(skip_node, None),
    )
    app.connect("config-inited", add_static_path)
    app.connect("doctree-read", add_live_controls)
    app.connect("build-finished", build_lite)
    app.add_css_file("live_widgets.css")
    app.add_js_file("live_widgets.js")
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
