// The page's Python: one module worker running Pyodide with our `rules`, `widgets` and ipywidgets.
// It starts from the build-time memory snapshot when it has one (everything already imported) and
// otherwise imports everything itself. What to start with comes in the worker's name, as JSON
// {pyodide: the runtime folder, wasm: its zstd-compressed pyodide.asm.wasm, archive, snapshot|null (URLs on this
// site), snapshotSize (of the heap image), handedOver: whether the page sends the wasm's and snapshot's
// downloads, which it started before this script came},
// so Python starts as soon as this script runs: a first message would wait for the page's busy main
// thread to hand it over.
// Messages, page -> worker (handled once Python has started, in order):
//   {type: "run", cell, code}                          run a live cell
//   {type: "comm", msgType, content, buffers, msgId}   a comm message of the page's widget manager
//   {type: "files"}                                    the first cell is live: fetch what a restore left out
//   {type: "downloads", wasm, snapshot} | {type: "downloads", error}   (handedOver: first, at once) the
//                                                      wasm's and snapshot's responses {body, status, type}
// worker -> page: "ready" (with the games whose engine was already imported: from the snapshot, all;
// deferred: whether files are still to come), "failed", "ran", "comms" (Python's comm messages,
// {msgType, content, metadata, buffers} each), "idle" (a page message is done) and "files-in" (the
// deferred files' downloads are over).
// Bundled by esbuild at build time with pyodide_start.mjs (and the two scripts of Pyodide it imports)
// and sparse_image.mjs, zstd_stream.mjs.
import { startPyodide } from "./pyodide_start.mjs";
import { readSparseInto } from "./sparse_image.mjs";
import { unzstd } from "./zstd_stream.mjs";

let bridge;

// Python's comm messages go to the page together, ahead of the reply that ends the page message they
// answer ("ran", "idle", "ready"): a first cell sends about a hundred, each one a task of the page's
// busy main thread if posted alone. One that Python sends on its own (from a timer) leaves as soon as
// that task of this worker ends.
const outbox = [];

function toPage(message) {
  if (!outbox.length) queueMicrotask(flushOutbox);
  outbox.push(message);
}

function flushOutbox() {
  if (outbox.length) postMessage({ type: "comms", messages: outbox.splice(0) });
}

function reply(message) {
  flushOutbox();
  postMessage(message);
}

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status} ${url}`);
  return response;
}

async function fetchBytes(url) {
  return new Uint8Array(await (await fetchOk(url)).arrayBuffer());
}

// For an import that needs a deferred file before it has come: a worker may wait for it.
function fetchBytesNow(url) {
  const request = new XMLHttpRequest();
  request.open("GET", url, false);
  request.responseType = "arraybuffer";
  request.send();
  if (request.status !== 200) throw new Error(`${request.status} ${url}`);
  return new Uint8Array(request.response);
}

// An empty zip: what a restore is given for the standard library (its modules are in the snapshot).
const EMPTY_ZIP = "data:application/zip;base64,UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==";

// The content types of the two big files as the site's service worker keeps them, decompressed.
const KEPT_WASM = "application/wasm";
const KEPT_SNAPSHOT = "application/x-heap-image";

// Pyodide fetches the runtime folder's pyodide.asm.wasm and compiles it as it streams in; the site
// stores it zstd-compressed under another name, so that one request is answered with the decompressed
// stream. A service worker that keeps it decompressed answers with application/wasm, passed on as it
// is (the browser can then reuse the code it compiled from it on an earlier page).
function serveCompressedWasm(pyodide, wasmResponse) {
  const wanted = new URL("pyodide.asm.wasm", pyodide).href;
  const plainFetch = self.fetch;
  self.fetch = async (input, init) => {
    if (String(input) !== wanted) return plainFetch(input, init);
    const response = await wasmResponse();
    if (response.headers.get("Content-Type") === KEPT_WASM) return response;
    return new Response(unzstd(response.body), { headers: { "Content-Type": KEPT_WASM } });
  };
}

// Asked for by the page once its first cell is live: the files a restore left out.
let fetchDeferred = () => {};

// The wasm's and the snapshot's downloads, when the page's first script started them (handedOver).
let handOver;
const handed = new Promise((resolve) => (handOver = resolve));

async function handedResponse(which, url) {
  const downloads = await handed;
  if (downloads.error) throw new Error(`${downloads.error} ${url}`);
  const { body, status, type } = downloads[which];
  if (status !== 200) throw new Error(`${status} ${url}`);
  return new Response(body, { headers: type ? { "Content-Type": type } : {} });
}

async function start({ pyodide, wasm, archive, snapshot, snapshotSize, handedOver }) {
  const started = performance.now();
  const download = (which, url) => (handedOver ? handedResponse(which, url) : fetchOk(url));
  serveCompressedWasm(pyodide, () => download("wasm", wasm));
  const archiveBytes = snapshot ? null : fetchBytes(archive);
  const snapshotBytes = snapshot ? new Uint8Array(snapshotSize) : null;
  const filled = snapshot ? download("snapshot", snapshot).then((response) => readSparseInto(
    response.headers.get("Content-Type") === KEPT_SNAPSHOT ? response.body : unzstd(response.body), snapshotBytes)) : null;
  filled?.catch(() => {}); // its failure is reported by startPyodide, which awaits it later
  let py;
  try {
    py = await startPyodide(pyodide, snapshotBytes, filled, EMPTY_ZIP);
  } catch (error) {
    // A restore that fails leaves this Pyodide unusable: the page starts a new worker without it.
    postMessage({ type: "failed", restoring: Boolean(snapshot), error: String(error) });
    return;
  }
  const [sitePackages, stdlibPath] = py.runPython(
    "import site, sys; [site.getsitepackages()[0], next(p for p in sys.path if p.endswith('.zip'))]").toJs();
  const stdlibURL = new URL("python_stdlib.zip", pyodide).href;
  const unpack = (files) => py.unpackArchive(files, "zip", { extractDir: sitePackages });
  if (snapshot) {
    // The snapshot holds the imported modules, not their files: the standard library's zip (2.5 MB)
    // and our archive come after the first live cell, so that they share no bandwidth with what it
    // waits for; an import that needs them earlier fetches them at once (live_bridge's first finder).
    bridge = py.pyimport("live_bridge");
    let fetched = null;
    bridge.defer_files(() => {
      const [stdlib, files] = fetched ?? [fetchBytesNow(stdlibURL), fetchBytesNow(archive)];
      py.FS.writeFile(stdlibPath, stdlib);
      unpack(files);
    });
    fetchDeferred = () => {
      fetchDeferred = () => {};
      Promise.all([fetchBytes(stdlibURL), fetchBytes(archive)]).then((files) => {
        fetched = files;
        bridge.install_files();
      }, (error) => console.warn("live widgets: deferred files not fetched:", String(error)))
        .finally(() => reply({ type: "files-in" }));
    };
  } else {
    unpack(await archiveBytes);
    py.runPython("import live_bridge; live_bridge.preload()");
    bridge = py.pyimport("live_bridge");
  }
  const seed = crypto.getRandomValues(new Uint32Array(2));
  bridge.connect((msgType, content, metadata, buffers) => {
    toPage({ msgType, content: JSON.parse(content), metadata: JSON.parse(metadata), buffers });
  }, seed[0] * 2 ** 32 + seed[1]);
  const engines = bridge.engines().toJs();
  reply({ type: "ready", restored: Boolean(snapshot), deferred: Boolean(snapshot), engines, ms: performance.now() - started });
}

const starting = start(JSON.parse(self.name)).catch((error) => {
  postMessage({ type: "failed", restoring: false, error: String(error) });
});

self.onmessage = async ({ data }) => {
  if (data.type === "downloads") return handOver(data);
  await starting;
  if (!bridge) return; // Python did not start: the page knows ("failed") and ends this worker
  if (data.type === "files") {
    fetchDeferred();
  } else if (data.type === "run") {
    try {
      const ids = bridge.run(data.code).toJs();
      reply({ type: "ran", cell: data.cell, ids });
    } catch (error) {
      reply({ type: "ran", cell: data.cell, error: String(error) });
    }
  } else if (data.type === "comm") {
    try {
      bridge.receive(data.msgType, JSON.stringify(data.content), data.buffers ?? []);
    } finally {
      // ipywidgets' frontend throttles a model's updates until the kernel reports "idle".
      reply({ type: "idle", msgId: data.msgId });
    }
  }
};
