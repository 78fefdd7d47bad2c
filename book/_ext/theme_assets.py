"""What the site leaves out of the theme's files.

- Source maps (*.map): only a developer's browser tools ask for them, and they were a tenth of the
  site a phone reader's host must serve.
- Font Awesome's script (`fontawesome.js`, 1.5 MB): the theme's stylesheet already draws its icons
  from Font Awesome's web font; the script only redraws them as SVG (for icons a site adds, which
  this book does not). Parsing and running it was the heaviest script work on a page's main thread
  before its first widget went live (about 0.4 s on this machine, more on a phone). The theme's
  template that names it is replaced by `theme_templates/static/webpack-macros.html`.
- Sphinx's own search (`searchtools.js`, `language_data.js`, `searchindex.js`): the theme loads them
  in the head of every page, ahead of the page itself, for a search-as-you-type box this book does
  not use; search is Pagefind's (pagefind_search.py). The index alone is 0.2 MB, parsed before a page
  shows. `theme_templates/layout.html` leaves them out.
"""
from pathlib import Path

import pydata_sphinx_theme
from sphinx.application import Sphinx

HERE = Path(__file__).parent
LEFT_OUT = ("_static/scripts/fontawesome.js", "_static/scripts/fontawesome.js.LICENSE.txt",
            "_static/searchtools.js", "_static/language_data.js", "searchindex.js")


def add_templates(app: Sphinx, config) -> None:
    # First in the path: the themes add their component folders earlier, and ours replace some of those.
    config.templates_path.insert(0, str(HERE / "theme_templates"))
    # The theme's asset links carry a version in their URL, so a browser never keeps an old file.
    config.html_context["theme_asset_digest"] = pydata_sphinx_theme.__version__


def drop_files(app: Sphinx, exception) -> None:
    if exception is None and app.builder.format == "html":
        for path in Path(app.outdir, "_static").rglob("*.map"):
            path.unlink()
        for name in LEFT_OUT:
            Path(app.outdir, name).unlink(missing_ok=True)


def setup(app: Sphinx):
    app.connect("config-inited", add_templates)
    app.connect("build-finished", drop_files)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
