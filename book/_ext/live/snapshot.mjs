// Make the live widgets' memory snapshot at build time: Pyodide (the npm package) with our Python
// archive unpacked and every engine and widget module imported, saved as a gzipped heap image.
// Usage: node snapshot.mjs PYODIDE_DIR ARCHIVE.zip OUT.bin.gz   (PYODIDE_DIR: the npm package this imports)
// The image is tied to this exact Pyodide build; the page falls back to a plain start without it.
// Before it is written, it is restored here the way the page's worker restores it, so a snapshot
// that would not restore (or lacks an engine) fails the build instead of every reader's fast start.
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { loadPyodide } from "pyodide";
import { startPyodide } from "./pyodide_start.mjs";

const [pyodideDir, archive, out] = process.argv.slice(2);
const indexURL = path.resolve(pyodideDir) + path.sep;
const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(readFileSync(archive)), "zip", { extractDir: sitePackages });
pyodide.runPython("import live_bridge; live_bridge.preload()");
const expected = pyodide.runPython("import rules; list(rules.GAMES)").toJs();
const snapshot = pyodide.makeMemorySnapshot();

const restored = await startPyodide(indexURL, snapshot);
const engines = restored.runPython("import live_bridge; live_bridge.engines()").toJs();
if (engines.join() !== expected.join()) {
  throw new Error(`restored snapshot holds engines [${engines}], expected [${expected}]`);
}
writeFileSync(out, gzipSync(snapshot, { level: 6 }));
console.log(`snapshot: ${snapshot.length} bytes, engines ${engines.join(", ")}`);
