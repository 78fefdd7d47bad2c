"""A game's pages are named with their game ("엘도라도 · 게임 준비") in the browser's tab and in search
results: every game has a 게임 준비, a 카페 빠른 답, a 테이블 ..., and a reader with two games open in
two tabs, or a list of results, could not tell them apart by the page's own title."""
from sphinx.application import Sphinx


def game_page_title(env, doc: str) -> str | None:
    """"<game> · <page>" for a game's page (book/<game>/<page>, not the game's own first page), else None."""
    parts = doc.split("/")
    game = f"{'/'.join(parts[:2])}/index"
    if len(parts) == 3 and parts[2] != "index" and game in env.titles and doc in env.titles:
        return f"{env.titles[game].astext()} · {env.titles[doc].astext()}"
    return None


def add_to_context(app: Sphinx, pagename, templatename, context, doctree) -> None:
    # theme_templates/layout.html puts it in <title>
    context["game_page_title"] = game_page_title(app.env, pagename)


def setup(app: Sphinx):
    app.connect("html-page-context", add_to_context)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
