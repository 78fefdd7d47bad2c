// The first script of a page with live cells (inline at the top of its head): it starts the page's
// Python worker at once, before the stylesheets, the page bundle (live-*.js) and the page itself.
// Its data attributes name the worker's files, in the folder data-base (relative to the page).
// The bundle then adopts the running worker and the messages it has sent so far. It also starts
// workers through `startWorker` (a restart without the snapshot, or a data saver's first touch).
(() => {
  const script = document.currentScript;
  const streamsTransfer = () => {
    try {
      const stream = new ReadableStream();
      new MessageChannel().port1.postMessage(stream, [stream]);
      return true;
    } catch {
      return false; // the worker downloads them itself
    }
  };
  const asset = (name) => new URL(script.dataset.base + name, document.baseURI).href;
  const live = (window.liveWidgets = {
    startWorker(useSnapshot) {
      const start = {
        pyodide: asset(script.dataset.pyodide),
        wasm: asset(script.dataset.wasm),
        archive: asset(script.dataset.archive),
        snapshot: useSnapshot ? asset(script.dataset.snapshot) : null,
        snapshotSize: Number(script.dataset.snapshotSize),
      };
      // The worker's own script (1 MB) takes a while to come: on a first visit the runtime's two big
      // files are asked for now and handed over as they stream in (where streams can be handed to a
      // worker). A page that the site's service worker controls lets the worker read them itself:
      // from its cache that takes a quarter of the time, as a handed-over stream's every chunk passes
      // through this page's main thread, busy with the page just then.
      const handOver = useSnapshot && streamsTransfer() && !navigator.serviceWorker?.controller;
      const early = handOver ? [start.wasm, start.snapshot].map((url) => fetch(url)) : null;
      const worker = new Worker(asset(script.dataset.worker), {
        type: "module", name: JSON.stringify({ ...start, handedOver: Boolean(early) }),
      });
      early && Promise.all(early).then(
        (responses) => {
          const [wasm, snapshot] = responses.map((r) => ({ body: r.body, status: r.status, type: r.headers.get("Content-Type") }));
          worker.postMessage({ type: "downloads", wasm, snapshot }, [wasm.body, snapshot.body]);
        },
        (error) => worker.postMessage({ type: "downloads", error: String(error) }),
      );
      return worker;
    },
    early: null, // {worker, messages} of the worker started here, until the bundle adopts it
  });
  // Readers who asked to save data start Python at their first touch of a widget instead.
  if (navigator.connection?.saveData) return;
  const worker = live.startWorker(true);
  const messages = [];
  worker.onmessage = ({ data }) => messages.push(data);
  worker.onerror = (event) => messages.push({ type: "failed", restoring: false, error: event.message || "worker failed to load" });
  live.early = { worker, messages };
})();
