// Make the live widgets' memory snapshot at build time: Pyodide (the npm package) with our Python
// archive unpacked and every engine and widget module imported, saved as a gzipped heap image without its
// zero stretches (sparse_image.mjs).
// Usage: node snapshot.mjs PYODIDE_DIR ARCHIVE.zip OUT.bin.gz   (PYODIDE_DIR: the npm package this imports)
// The image is tied to this exact Pyodide build; the page falls back to a plain start without it.
// Before it is written, it is restored here the way the page's worker restores it, so a snapshot
// that would not restore (or lacks an engine) fails the build instead of every reader's fast start.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { loadPyodide } from "pyodide";
import { startPyodide } from "./pyodide_start.mjs";
import { gunzipSparseInto, sparseImage } from "./sparse_image.mjs";

const [pyodideDir, archive, out] = process.argv.slice(2);
const indexURL = path.resolve(pyodideDir) + path.sep;
const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(readFileSync(archive)), "zip", { extractDir: sitePackages });
pyodide.runPython("import live_bridge; live_bridge.preload()");
const expected = pyodide.runPython("import rules; list(rules.GAMES)").toJs();
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
const file = gzipSync(sparseImage(snapshot), { level: 6 });
const read = new Uint8Array(snapshot.length); // as the worker reads the file
await gunzipSparseInto(new Response(file), read);
if (Buffer.compare(read, snapshot) !== 0) throw new Error("the snapshot file does not read back as the heap image");
writeFileSync(out, file);
console.log(`snapshot: ${snapshot.length} bytes, engines ${engines.join(", ")}; ${lacking ?? "nothing"} imported after it`);
