"""Make a Pyodide folder that JupyterLite can serve itself, with no CDN.

Usage: python local_pyodide.py NPM_PACKAGE_DIR DEST [ROOT_PACKAGE ...]

The npm `pyodide` package holds only the runtime (pyodide.mjs, pyodide.asm.*, python_stdlib.zip,
pyodide-lock.json); its package wheels live on the jsDelivr CDN. The Pyodide kernel needs a few of
them (micropip, ipython, jedi and their dependencies), all pure Python, so we fetch the same
versions from PyPI. Pyodide rebuilds its wheels, so the bytes (and sha256) differ from PyPI's:
the lock file is rewritten with the sha256 of the wheels we ship.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "package.json")
DEFAULT_ROOTS = ("micropip", "ipython", "jedi")  # what the kernel loads from the lock at start


def canonical(name: str) -> str:
    return name.lower().replace("_", "-")


def closure(packages: dict, roots) -> list[str]:
    """Lock entries needed by roots, following `depends`."""
    seen, todo = set(), [canonical(r) for r in roots]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        if name not in packages:
            sys.exit(f"{name}: not in pyodide-lock.json")
        seen.add(name)
        todo += [canonical(d) for d in packages[name]["depends"]]
    return sorted(seen)


def main(npm_dir: Path, dest: Path, roots) -> None:
    lock = json.loads((npm_dir / "pyodide-lock.json").read_text(encoding="utf-8"))
    packages = lock["packages"]
    python = ".".join(lock["info"]["python"].split(".")[:2])
    needed = closure(packages, roots)
    for name in needed:
        if not packages[name]["file_name"].endswith("-none-any.whl"):
            sys.exit(f"{name}: {packages[name]['file_name']} is not pure Python; only the CDN has it")

    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for name in RUNTIME_FILES:
        shutil.copy2(npm_dir / name, dest / name)

    specs = [f"{packages[n]['name']}=={packages[n]['version']}" for n in needed]
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
         "--python-version", python, "--implementation", "py", "--abi", "none",
         "--platform", "any", "-d", str(dest), *specs],
        check=True,
    )
    for name in needed:
        entry = packages[name]
        wheel = dest / entry["file_name"]
        if not wheel.exists():  # PyPI may tag it differently (py2.py3 vs py3): same release
            stem = f"{entry['file_name'].split('-')[0]}-{entry['version']}-"
            (found,) = dest.glob(stem + "*.whl")
            found.rename(wheel)
        entry["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    (dest / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")
    print(f"pyodide {lock['info']['python']} 로컬 준비: 휠 {len(needed)}개 -> {dest}")


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3:] or DEFAULT_ROOTS)
