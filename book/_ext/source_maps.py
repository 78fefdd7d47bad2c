"""Leave the themes' source maps (*.map) out of the built site: only a developer's browser tools ask
for them, and they were a tenth of the site a phone reader's host must serve."""
from pathlib import Path

from sphinx.application import Sphinx


def drop_source_maps(app: Sphinx, exception):
    if exception is None and app.builder.format == "html":
        for path in Path(app.outdir, "_static").rglob("*.map"):
            path.unlink()


def setup(app: Sphinx):
    app.connect("build-finished", drop_source_maps)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
