// Start Pyodide from a memory snapshot (or without one), the same way in the page's worker and in
// Node at build time. Pyodide's two scripts are imported here, not by loadPyodide, so that the
// worker's bundle carries them: a worker's own module imports wait for the page's main thread, which
// is busy running the page bundle just then.
//
// Why the memory is grown by hand: restoring copies the snapshot's heap image into the wasm memory
// (`HEAP8.set`). Pyodide asks Emscripten for an INITIAL_MEMORY as large as the snapshot, but
// pyodide.asm.wasm declares its own memory (30 MB, 480 pages, in 314.0.6) instead of importing one,
// so that setting is never read. A heap that grew past 30 MB while the snapshot's modules were
// imported then fails to restore with "offset is out of bounds" (pyodide/pyodide#6254). Growing the
// new module's memory to the snapshot's size before the restore fixes it at any heap size.
import { loadPyodide } from "pyodide";
import createModule from "pyodide/pyodide.asm.mjs";

// Python as the snapshot is made and as a page runs it: without docstrings and asserts (-OO), which
// takes 7% off the snapshot; no page shows a docstring.
export const PYTHON_ENV = { HOME: "/home/pyodide", PYTHONOPTIMIZE: "2" };

// indexURL: the folder of the runtime files (pyodide.asm.wasm, python_stdlib.zip, pyodide-lock.json),
// ending in "/" (a URL, or in Node a path). snapshot: the heap image's bytes, or null for a plain
// start; `filled` resolves once they are all there. loadPyodide waits for the snapshot before it even
// starts compiling the wasm, so the worker hands over a buffer of the right size at once and fills it
// (download and decompress) while the module is made; the restore waits for `filled`. emptyStdlib: where
// a restore finds an empty zip for the standard library, whose modules the snapshot already holds (a
// data: URL in a browser, a file in Node); its real file is written later (live_bridge.defer_files).
export function startPyodide(indexURL, snapshot = null, filled = null, emptyStdlib = null) {
  if (!snapshot) return loadPyodide({ indexURL, env: PYTHON_ENV, createPyodideModule: createModule });
  return loadPyodide({
    indexURL,
    env: PYTHON_ENV,
    stdLibURL: emptyStdlib,
    _loadSnapshot: snapshot,
    async createPyodideModule(settings) {
      const module = await createModule(settings);
      await filled;
      module.growMemory(snapshot.byteLength); // header + heap image: room for the heap
      return module;
    },
  });
}
