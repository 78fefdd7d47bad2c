"""Comm bridge between ipywidgets in the browser worker and the page's widget manager.

ipywidgets talks to a frontend only through `comm.create_comm`; here every comm message goes to
the page (a JS function the worker hands over with `connect`) and the page's messages come back
through `receive`. `run` executes one live cell and returns the model ids of the widgets it shows.
"""

from __future__ import annotations

import ast
import importlib
import importlib.abc
import json
import os
import pkgutil
import random
import sys

# One frontend, the page: an echo of its own update would only be dropped there.
os.environ["JUPYTER_WIDGETS_ECHO"] = "0"

import comm  # noqa: E402
from comm.base_comm import BaseComm, CommManager  # noqa: E402

_manager = CommManager()
_send = None  # the page's message function, set by connect() (never in the memory snapshot)
_queued: list[tuple] = []  # messages sent before the page connected (widgets made at import time)
_shown: list = []  # what display() was given while a cell runs


class PageComm(BaseComm):
    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        content = {"comm_id": self.comm_id, "data": data or {}}
        if msg_type == "comm_open":
            content.update(target_name=keys["target_name"], target_module=keys.get("target_module"))
        message = (msg_type, json.dumps(content), json.dumps(metadata or {}), [bytes(b) for b in buffers or []])
        if _send is None:
            _queued.append(message)
        else:
            _post(message)


def _post(message) -> None:
    from pyodide.ffi import to_js

    msg_type, content, metadata, buffers = message
    _send(msg_type, content, metadata, to_js(buffers))


comm.create_comm = PageComm
comm.get_comm_manager = lambda: _manager

import ipywidgets  # noqa: E402  (after the comm hooks: it registers its targets with our manager)

ipywidgets.register_comm_target()


_install = None  # set by the worker after a restore: writes the files the restore leaves out


def defer_files(install) -> None:
    """After a restore the snapshot holds every module, not the files they came from (the standard
    library's zip and our archive): the worker fetches and writes those once the page's first cell is
    live (install_files), or at once, synchronously, when an import needs a file first."""
    global _install
    _install = install


def install_files() -> bool:
    """Write the deferred files if that is still to do; whether it was."""
    global _install
    install, _install = _install, None
    if install is None:
        return False
    install()
    importlib.invalidate_caches()
    return True


class _InstallOnMiss(importlib.abc.MetaPathFinder):
    """First on sys.meta_path: a module not yet imported may need a file still to be written (the
    standard library's zip finder knows its modules from the snapshot, yet its file is empty until
    then). Finds nothing itself: the usual finders then look at the written files."""

    def find_spec(self, name, path=None, target=None):
        install_files()
        return None


sys.meta_path.insert(0, _InstallOnMiss())


def preload() -> None:
    """Import every engine and widget module, so the memory snapshot holds all that the pages run
    (a cell then only builds its widget)."""
    import rules
    import widgets

    for package in (rules, widgets):
        for module in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            importlib.import_module(module.name)


def engines() -> list[str]:
    """The registered games whose engine is imported (after a restore: the ones the snapshot holds)."""
    rules = sys.modules.get("rules")
    return [game for game in rules.GAMES if f"rules.{game}" in sys.modules] if rules else []


def connect(send, seed: int) -> None:
    """Start talking to the page; reseed `random` (a restored snapshot would repeat its state)."""
    global _send
    _send = send
    random.seed(seed)
    while _queued:
        _post(_queued.pop(0))


def receive(msg_type: str, content: str, buffers) -> None:
    """A comm message from the page (an update of a widget's state, a button click...)."""
    content = json.loads(content)
    target = _manager.get_comm(content["comm_id"])
    if target is None:
        return
    msg = {"content": content, "buffers": [memoryview(b.to_bytes()) for b in buffers], "metadata": {}, "header": {}}
    if msg_type == "comm_close":
        target.handle_close(msg)
    else:
        target.handle_msg(msg)


def displayed(obj) -> None:
    _shown.append(obj)


def run(code: str) -> list[str]:
    """Run one live cell in a fresh namespace; the model ids of the widgets it displays, in order
    (display() calls, then the value of a last expression, as in a notebook)."""
    tree = ast.parse(code)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    namespace = {"__name__": "__main__"}
    _shown.clear()
    exec(compile(tree, "<live cell>", "exec"), namespace)
    if last is not None:
        value = eval(compile(ast.Expression(last.value), "<live cell>", "eval"), namespace)
        if value is not None:
            _shown.append(value)
    return [obj.model_id for obj in _shown if isinstance(obj, ipywidgets.Widget)]
