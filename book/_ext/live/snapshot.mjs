// Make the live widgets' memory snapshot at build time: Pyodide (the npm package) with our Python
// archive unpacked and every engine and widget module imported, saved as a heap image without its zero
// stretches (sparse_image.mjs), zstd-compressed (by Debian's zstd; read back with zstd_stream.mjs).
// Usage: node snapshot.mjs PYODIDE_DIR ARCHIVE.zip OUT.bin.zst ZSTD_LEVEL   (PYODIDE_DIR: the npm package this
// imports; ZSTD_LEVEL: zstd's option, e.g. -19, from live_widgets.py)
// The image is tied to this exact Pyodide build; the page falls back to a plain start without it.
// Before it is written, it is restored here the way the page's worker restores it, so a snapshot
// that would not restore (or lacks an engine) fails the build instead of every reader's fast start.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { loadPyodide } from "pyodide";
import { PYTHON_ENV, startPyodide } from "./pyodide_start.mjs";
import { readSparseInto, sparseImage } from "./sparse_image.mjs";
import { unzstd } from "./zstd_stream.mjs";

const [pyodideDir, archive, out, zstdLevel] = process.argv.slice(2);
const indexURL = path.resolve(pyodideDir) + path.sep;
const pyodide = await loadPyodide({ indexURL, env: PYTHON_ENV, _makeSnapshot: true });
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(readFileSync(archive)), "zip", { extractDir: sitePackages });
pyodide.runPython("import live_bridge; live_bridge.preload()");
const expected = pyodide.runPython("import rules; list(rules.GAMES)").toJs();
pyodide.runPython("import gc; gc.collect()");
zeroFreeMemory(pyodide._module);
const snapshot = pyodide.makeMemorySnapshot();

// Restored as the worker restores it: with an empty zip for the standard library, its file written
// when an import needs it (or once the page's first cell is live).
const emptyStdlib = path.join(mkdtempSync(path.join(tmpdir(), "stdlib-")), "empty.zip");
writeFileSync(emptyStdlib, new Uint8Array([0x50, 0x4b, 5, 6, ...new Array(18).fill(0)]));
const restored = await startPyodide(indexURL, snapshot, null, emptyStdlib);
const engines = restored.runPython("import live_bridge; live_bridge.engines()").toJs();
if (engines.join() !== expected.join()) {
  throw new Error(`restored snapshot holds engines [${engines}], expected [${expected}]`);
}
const files = new Uint8Array(readFileSync(archive));
const [restoredSitePackages, stdlibPath] = restored.runPython(
  "import site, sys; [site.getsitepackages()[0], next(p for p in sys.path if p.endswith('.zip'))]").toJs();
const bridge = restored.pyimport("live_bridge");
bridge.defer_files(() => {
  restored.FS.writeFile(stdlibPath, readFileSync(path.join(indexURL, "python_stdlib.zip")));
  restored.unpackArchive(files, "zip", { extractDir: restoredSitePackages });
});
// A module of ours the snapshot lacks is imported after its files are written (the first finder).
restored.FS.writeFile("/tmp/archive.zip", files);
const lacking = restored.runPython(`
import sys, zipfile
paths = zipfile.ZipFile("/tmp/archive.zip").namelist()
names = sorted(p[:-3].removesuffix("/__init__").replace("/", ".") for p in paths if p.endswith(".py"))
next((n for n in names if n not in sys.modules and "tests" not in n.split(".")), None)`);
if (lacking) restored.pyimport(lacking);
if (!restored.runPython("import difflib; difflib.SequenceMatcher(None, 'ab', 'b').ratio() > 0")) {
  throw new Error("a standard module the snapshot lacks was not imported from its deferred file");
}
const compressed = spawnSync("zstd", [zstdLevel, "-q", "-c"], { input: sparseImage(snapshot), maxBuffer: 1 << 30 });
if (compressed.status !== 0) throw new Error(`zstd failed: ${compressed.error ?? compressed.stderr}`);
const file = compressed.stdout;
const read = new Uint8Array(snapshot.length); // as the worker reads the file
await readSparseInto(unzstd(new Response(file).body), read);
if (Buffer.compare(read, snapshot) !== 0) throw new Error("the snapshot file does not read back as the heap image");
writeFileSync(out, file);
console.log(`snapshot: ${snapshot.length} bytes, engines ${engines.join(", ")}; ${lacking ?? "nothing"} imported after it`);

// Memory that malloc holds free still has what it last held (8 MB of it here, a tenth of the file):
// take every free byte it can give without growing the heap (a footprint limit makes it refuse
// instead), zero it and give it all back. Only free memory changes; the limit is lifted after.
function zeroFreeMemory(module) {
  module._malloc_set_footprint_limit(module._malloc_footprint());
  const taken = [];
  for (let size = 1 << 24; size >= 16; size >>= 1) {
    for (let at = module._malloc(size); at; at = module._malloc(size)) {
      module.HEAPU8.fill(0, at, at + size);
      taken.push(at);
    }
  }
  taken.forEach((at) => module._free(at));
  module._malloc_set_footprint_limit(-1); // (size_t)-1: no limit, as before
}
