"""Thin caller of book/serve/static_site.py (the site's static server), for scripts that start it from here."""
import runpy
import sys
from pathlib import Path

sys.argv[0] = str(Path(__file__).resolve().parent.parent / "book" / "serve" / "static_site.py")
runpy.run_path(sys.argv[0], run_name="__main__")
