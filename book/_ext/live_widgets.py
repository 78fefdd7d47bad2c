"""Live widgets on the static site, in place, on plain Pyodide.

Every page with widgets loads one script, `_static/live/live-<hash>.js` (built from `live/page.js` with
esbuild, deferred), that draws the build-time snapshots of its widgets (ipywidgets 8 models, drawn by
`live/widget_manager.js`). Above every cell whose widget takes input (a button, a slider...) this
extension puts a small bar: "미리 보기" until the cell is live, then "직접 눌러 보세요", with the cell's
code behind "코드 보기". On such pages a tiny first script (`live/start.js`, inline at the top of the
head, so that no stylesheet download holds it back) starts one Python worker (`live/worker.mjs`,
Pyodide from npm) before the bundle arrives; the bundle adopts it and runs each such
cell there as it comes near the screen; the live views then take the snapshots' place. Page authors
write nothing extra: the cell's own source is reused, preceded by the imports of the cells above it.

At the start of an HTML build the worker's files go to `_static/live/`: the Pyodide runtime (its wasm
zstd-compressed, decompressed by the worker as it downloads), one zip of the Python it needs (our
`rules` and `widgets`, ipywidgets, traitlets and comm as installed in the build's environment, the comm
bridge and a small IPython stand-in from `live/python/`), a zstd-compressed memory snapshot of Pyodide
with all of it imported (made with Node, cached by content) and the zstd decoder as a classic script
for the service worker. Wasm, archive and snapshot names carry a hash of their
content, so a cached old file never pairs with a new one.
"""

from __future__ import annotations

import ast
import builtins
import hashlib
import html
import io
import json
import shutil
import subprocess
import zipfile
from html import escape
from importlib.metadata import distribution
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util import logging

logger = logging.getLogger(__name__)

HERE = Path(__file__).parent
LIVE = HERE / "live"
WAITING_LABEL = "미리 보기 · 곧 직접 눌러 볼 수 있어요"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
# Widget models that only show things; any other model takes input, which makes the widget worth running live.
DISPLAY_ONLY_MODELS = {
    "HTMLModel", "HTMLMathModel", "LabelModel", "ImageModel", "OutputModel",
    "BoxModel", "HBoxModel", "VBoxModel", "GridBoxModel", "TabModel", "AccordionModel", "StackModel",
    "LayoutModel",
}
# What the page bundle draws (live/widget_manager.js): ipywidgets 8 models, descriptions as plain text.
DRAWN_MODULES = {"@jupyter-widgets/base", "@jupyter-widgets/controls"}
DRAWN_MODULE_VERSION = "2."
# Installed distributions the worker needs, copied at the versions the book is built with (pure Python).
WORKER_DISTRIBUTIONS = ("ipywidgets", "traitlets", "comm")
# The Pyodide runtime files the worker fetches (its scripts, pyodide.mjs and pyodide.asm.mjs, are bundled
# into the worker; the npm package also has .d.ts, maps and consoles the site doesn't need).
PYODIDE_FILES = ("python_stdlib.zip", "pyodide-lock.json")
# The runtime's wasm, stored zstd-compressed (2.9 MB instead of 9.6 MB; gzip: 3.5 MB) under a
# content-hashed name: the worker decompresses it while it downloads, so the site's server needs no
# Content-Encoding of its own.
PYODIDE_WASM = "pyodide.asm.wasm"
# What the snapshot is made with (its cached file is reused only while these and the archive stay the same).
SNAPSHOT_SCRIPTS = ("snapshot.mjs", "pyodide_start.mjs", "sparse_image.mjs", "zstd_stream.mjs")
# Debian's zstd for the wasm and the snapshot; no long window: fzstd reads a long window's file at half the speed.
ZSTD_LEVEL = "-19"
ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # fixed: same code, same archive bytes, same name


class live_cell(nodes.General, nodes.Element):
    """The bar above one interactive widget cell: its live state and (on request) its code."""


def visit_live_cell_html(self, node):
    code = node["code"]
    payload = json.dumps(code).replace("</", "<\\/")
    self.body.append(
        f'<div class="live-cell" data-cell="{node["cell"]}" data-live="waiting">'
        f'<span class="live-label">{WAITING_LABEL}</span>'
        f'<details class="live-code"><summary>코드 보기</summary><pre>{escape(code)}</pre></details>'
        f'<script type="application/json">{payload}</script></div>'
    )
    raise nodes.SkipNode


def skip_node(self, node):
    raise nodes.SkipNode


def widget_models(model_ids: list[str], state: dict):
    """Every model under these views (children followed through IPY_MODEL_ refs)."""
    todo, seen = list(model_ids), set()
    while todo:
        model_id = todo.pop()
        model = state.get(model_id)
        if model is None or model_id in seen:
            continue
        seen.add(model_id)
        yield model
        for value in model["state"].values():
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, str) and item.startswith("IPY_MODEL_"):
                    todo.append(item.removeprefix("IPY_MODEL_"))


def is_interactive(models: list[dict]) -> bool:
    """Does any of these widgets take input?"""
    return any(
        m["model_name"] not in DISPLAY_ONLY_MODELS and not m["model_name"].endswith("StyleModel") for m in models
    )


def imports_of(source: str) -> list[str]:
    """The top-level import statements of a cell, as source text."""
    try:
        tree = ast.parse(source)
    except SyntaxError:  # IPython magics: such cells are not reused
        return []
    return [ast.get_source_segment(source, stmt) for stmt in tree.body if isinstance(stmt, (ast.Import, ast.ImportFrom))]


def unbound_names(code: str) -> set[str]:
    """Names the code reads but never binds (nor imports): they came from a cell the worker won't run."""
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


def page_state(env, docname: str) -> dict | None:
    js_files = getattr(env, "nb_metadata", {}).get(docname, {}).get("js_files", {})
    if "ipywidgets_state" not in js_files:
        return None
    return json.loads(js_files["ipywidgets_state"][1]["body"])["state"]


def undrawn_models(state: dict):
    """Why the page bundle could not draw some of these models (it holds only what the book uses)."""
    for model in state.values():
        name = f"{model['model_module']}@{model['model_module_version']} {model['model_name']}"
        if model["model_module"] not in DRAWN_MODULES or not model["model_module_version"].startswith(DRAWN_MODULE_VERSION):
            yield f"{name}: the page bundle draws only ipywidgets 8 base and controls models"
        elif model["state"].get("description_allow_html"):
            yield f"{name}: description_allow_html is not drawn (descriptions are shown as plain text)"


def add_live_controls(app: Sphinx, doctree) -> None:
    env = app.env
    docname = env.docname
    state = page_state(env, docname)
    if state is None:
        return
    for problem in dict.fromkeys(undrawn_models(state)):
        logger.warning("widget %s", problem, location=docname)
    cells = None
    for cell_node in [n for n in doctree.findall(nodes.container) if n.get("nb_element") == "cell_code"]:
        views = widget_views(cell_node)
        models = list(widget_models(views, state))
        if not views or not is_interactive(models):
            continue
        if any(m["model_name"] == "OutputModel" for m in models):
            logger.warning("live widget cell uses an Output widget, which the live worker cannot capture",
                           location=cell_node)
            continue
        cells = cells if cells is not None else notebook_cells(env, docname)
        index = cell_node["cell_index"]
        earlier = [c.source for c in cells[:index] if c.cell_type == "code"]
        imports = [line for source in earlier for line in imports_of(source)]
        code = "\n".join([*dict.fromkeys(imports), cells[index].source.strip()])
        missing = unbound_names(code)
        if missing:
            logger.warning(
                "live widget cell uses %s, defined in an earlier cell; the live worker runs only this "
                "cell plus the imports above it", ", ".join(sorted(missing)),
                location=cell_node,
            )
        cell_node.parent.insert(cell_node.parent.index(cell_node), live_cell(cell=index, code=code))


def short_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def python_archive(root: Path) -> bytes:
    """The zip unpacked into the worker's site-packages: everything its Python imports."""
    sources = [(root / "rules", "rules"), (root / "widgets", "widgets"), *((p, p.name) for p in (LIVE / "python").iterdir())]
    for name in WORKER_DISTRIBUTIONS:
        dist = distribution(name)
        top = {Path(str(f)).parts[0] for f in dist.files if str(f).endswith(".py")}
        sources += [(Path(dist.locate_file(t)), t) for t in sorted(top)]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for source, name in sources:
            files = [source] if source.is_file() else sorted(source.rglob("*"))
            for path in files:
                rel = Path(name) / path.relative_to(source) if source.is_dir() else Path(name)
                if path.is_dir() or "__pycache__" in rel.parts or "tests" in rel.parts[1:2] or path.suffix == ".pyc":
                    continue
                info = zipfile.ZipInfo(rel.as_posix(), ZIP_TIME)
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, path.read_bytes())
    return buffer.getvalue()


def build_assets(app: Sphinx) -> None:
    """Write the worker and page files to _static/live and remember their names for the pages."""
    if app.builder.format != "html":
        return
    root = Path(app.srcdir)
    modules = root / "node_modules"
    pyodide = modules / "pyodide"
    esbuild = modules / ".bin" / "esbuild"
    for needed in (esbuild, pyodide / PYODIDE_WASM, *(pyodide / f for f in PYODIDE_FILES)):
        if not needed.exists():
            raise ExtensionError(f"{needed} is missing: run .ci/setup")
    version = json.loads((pyodide / "package.json").read_text(encoding="utf-8"))["version"]
    out = Path(app.outdir) / "_static" / "live"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)

    runtime = f"pyodide-{version}"
    (out / runtime).mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, out / runtime / name)
    cache = Path(app.outdir).parent / ".live-snapshots"
    wasm = compressed_wasm(pyodide / PYODIDE_WASM, Path(app.outdir).parent / ".live-wasm")
    wasm_name = f"pyodide.asm-{short_hash(wasm)}.wasm.zst"
    (out / wasm_name).write_bytes(wasm)

    archive = python_archive(root)
    archive_name = f"python-{short_hash(archive)}.zip"
    (out / archive_name).write_bytes(archive)
    snapshot_key = (archive + version.encode() + ZSTD_LEVEL.encode()
                    + b"".join((LIVE / f).read_bytes() for f in SNAPSHOT_SCRIPTS))
    snapshot_name = f"snapshot-{short_hash(snapshot_key)}.bin.zst"
    if not (cache / snapshot_name).is_file():
        shutil.rmtree(cache, ignore_errors=True)
        cache.mkdir(parents=True)
        logger.info("[live_widgets] memory snapshot -> %s", snapshot_name)
        made = subprocess.run(
            ["node", str(LIVE / "snapshot.mjs"), str(pyodide), str(out / archive_name), str(cache / snapshot_name),
             ZSTD_LEVEL],
            stdin=subprocess.DEVNULL, capture_output=True, text=True,
        )
        if made.returncode != 0:
            raise ExtensionError(f"memory snapshot failed:\n{made.stderr[-3000:]}")
    shutil.copy2(cache / snapshot_name, out / snapshot_name)

    worker = esbuild_output(root, esbuild, [
        str(LIVE / "worker.mjs"), "--bundle", "--format=esm", "--minify",
        "--external:node:*",  # Pyodide's Node-only imports, never taken in a browser
    ])
    worker_name = f"worker-{short_hash(worker)}.mjs"
    (out / worker_name).write_bytes(worker)

    esbuild_output(root, esbuild, [
        str(LIVE / "page.js"), "--bundle", "--minify", "--format=iife", f"--outdir={out}", "--entry-names=live-[hash]",
        # Descriptions are never HTML on the book's pages: no HTML sanitizer (with its parser) in the bundle.
        f"--alias:sanitize-html={LIVE / 'escaped_descriptions.js'}",
        f"--alias:jquery={LIVE / 'jquery_stand_in.js'}",
    ])
    decoder = esbuild_output(root, esbuild, [str(LIVE / "zstd_stream.mjs"), "--bundle", "--minify", "--format=iife",
                                             "--global-name=liveZstd"])
    (out / f"zstd-{short_hash(decoder)}.js").write_bytes(decoder)
    (script,) = out.glob("live-*.js")
    (style,) = out.glob("live-*.css")
    app.live_assets = {
        "script": f"live/{script.name}",
        "style": f"live/{style.name}",
        "starter": (LIVE / "start.js").read_text(encoding="utf-8"),
        "attributes": {
            "data-worker": worker_name,
            "data-pyodide": f"{runtime}/",
            "data-wasm": wasm_name,
            "data-archive": archive_name,
            "data-snapshot": snapshot_name,
            "data-snapshot-size": str(snapshot_image_size(out / snapshot_name)),
        },
    }


def compressed_wasm(wasm: Path, cache: Path) -> bytes:
    """The wasm file zstd-compressed (same bytes for the same file), from `cache` unless the file changed."""
    data = wasm.read_bytes()
    cached = cache / f"{short_hash(data + ZSTD_LEVEL.encode())}.zst"
    if not cached.is_file():
        shutil.rmtree(cache, ignore_errors=True)
        cache.mkdir(parents=True)
        cached.write_bytes(zstd(data, ZSTD_LEVEL))
    return cached.read_bytes()


def zstd(data: bytes, *options: str) -> bytes:
    made = subprocess.run(["zstd", "-q", *options, "-c"], input=data, capture_output=True)
    if made.returncode != 0:
        raise ExtensionError(f"zstd failed (apt: zstd, installed by .ci/setup):\n{made.stderr.decode(errors='replace')}")
    return made.stdout


def snapshot_image_size(path: Path) -> int:
    """The size of the heap image in a snapshot file (its first header field, see live/sparse_image.mjs)."""
    return int.from_bytes(zstd(path.read_bytes(), "-d")[:4], "little")


def esbuild_output(root: Path, esbuild: Path, args: list[str]) -> bytes:
    """Run esbuild; its output (on stdout when no --outdir is given)."""
    made = subprocess.run(
        [str(esbuild), *args, "--log-level=warning"], cwd=root, stdin=subprocess.DEVNULL, capture_output=True,
    )
    if made.returncode != 0:
        raise ExtensionError(f"esbuild failed:\n{made.stderr.decode(errors='replace')[-3000:]}")
    return made.stdout


def pages_with_new_assets(app: Sphinx, env, added, changed, removed) -> list[str]:
    """Pages naming the assets of an earlier build are rewritten (their names changed with their content)."""
    key = json.dumps(getattr(app, "live_assets", None), sort_keys=True)
    if getattr(env, "live_assets_key", None) == key:
        return []
    env.live_assets_key = key
    return [docname for docname in env.found_docs if page_state(env, docname) is not None]


def add_page_assets(app: Sphinx, pagename: str, templatename, context, doctree) -> None:
    """Pages with widgets get the renderer (myst-nb's own widget scripts are switched off)."""
    if doctree is None or page_state(app.env, pagename) is None:
        return
    assets = app.live_assets
    if any(True for _ in doctree.findall(live_cell)):
        # First of the page's scripts, before the stylesheets (a script after them waits for them all):
        # it starts Python before the bundle and the page are loaded.
        context["metatags"] += starter_tag(assets, context["pathto"]("_static/live/", 1))
    app.add_css_file(assets["style"])
    app.add_js_file(assets["script"], defer="defer")


def starter_tag(assets: dict, live_folder: str) -> str:
    attributes = {**assets["attributes"], "data-base": live_folder}
    data = "".join(f' {name}="{html.escape(value)}"' for name, value in attributes.items())
    return f"\n    <script{data}>{assets['starter']}</script>"


def setup(app: Sphinx):
    app.add_node(
        live_cell,
        html=(visit_live_cell_html, None),
        latex=(skip_node, None), text=(skip_node, None), man=(skip_node, None), texinfo=(skip_node, None),
    )
    app.connect("builder-inited", build_assets)
    app.connect("env-get-outdated", pages_with_new_assets)
    app.connect("doctree-read", add_live_controls)
    app.connect("html-page-context", add_page_assets)
    return {"version": "2", "parallel_read_safe": True, "parallel_write_safe": True}
