// The page's Python: one module worker running Pyodide with our `rules`, `widgets` and ipywidgets.
// It starts from the build-time memory snapshot when it has one (everything already imported) and
// otherwise imports everything itself. Messages, page -> worker:
//   {type: "start", pyodide, archive, snapshot|null}   URLs, all on this site
//   {type: "run", cell, code}                          run a live cell
//   {type: "comm", msgType, content, buffers, msgId}   a comm message of the page's widget manager
// worker -> page: "ready", "failed", "ran", "comm" (from Python) and "idle" (a page message is done).
let bridge;

async function gunzip(response) {
  const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status} ${url}`);
  return response;
}

async function start({ pyodide: pyodideUrl, archive, snapshot }) {
  const started = performance.now();
  const archiveBytes = fetchOk(archive).then((r) => r.arrayBuffer());
  const snapshotBytes = snapshot ? fetchOk(snapshot).then(gunzip) : null;
  const { loadPyodide } = await import(pyodideUrl);
  const indexURL = new URL(".", new URL(pyodideUrl, self.location.href)).href;
  let py;
  try {
    py = await loadPyodide({ indexURL, ...(snapshot ? { _loadSnapshot: snapshotBytes } : {}) });
  } catch (error) {
    // A restore that fails leaves this Pyodide unusable: the page starts a new worker without it.
    postMessage({ type: "failed", restoring: Boolean(snapshot), error: String(error) });
    return;
  }
  // The snapshot holds the imported modules, not the files: unpack them for any later import.
  const sitePackages = py.runPython("import site; site.getsitepackages()[0]");
  py.unpackArchive(await archiveBytes, "zip", { extractDir: sitePackages });
  if (!snapshot) py.runPython("import live_bridge; live_bridge.preload()");
  bridge = py.pyimport("live_bridge");
  const seed = crypto.getRandomValues(new Uint32Array(2));
  bridge.connect((msgType, content, metadata, buffers) => {
    postMessage({ type: "comm", msgType, content: JSON.parse(content), metadata: JSON.parse(metadata), buffers });
  }, seed[0] * 2 ** 32 + seed[1]);
  postMessage({ type: "ready", restored: Boolean(snapshot), ms: performance.now() - started });
}

self.onmessage = async ({ data }) => {
  if (data.type === "start") {
    try {
      await start(data);
    } catch (error) {
      postMessage({ type: "failed", restoring: false, error: String(error) });
    }
  } else if (data.type === "run") {
    try {
      const ids = bridge.run(data.code).toJs();
      postMessage({ type: "ran", cell: data.cell, ids });
    } catch (error) {
      postMessage({ type: "ran", cell: data.cell, error: String(error) });
    }
  } else if (data.type === "comm") {
    try {
      bridge.receive(data.msgType, JSON.stringify(data.content), data.buffers ?? []);
    } finally {
      // ipywidgets' frontend throttles a model's updates until the kernel reports "idle".
      postMessage({ type: "idle", msgId: data.msgId });
    }
  }
};
