// Make the live widgets' memory snapshot at build time: Pyodide (the npm package) with our Python
// archive unpacked and every module imported, saved as a gzipped heap image.
// Usage: node snapshot.mjs PYODIDE_DIR ARCHIVE.zip OUT.bin.gz
// The image is tied to this exact Pyodide build; the page falls back to a plain start without it.
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, archive, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, _makeSnapshot: true });
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(readFileSync(archive)), "zip", { extractDir: sitePackages });
pyodide.runPython("import live_bridge; live_bridge.preload()");
writeFileSync(out, gzipSync(pyodide.makeMemorySnapshot(), { level: 6 }));
