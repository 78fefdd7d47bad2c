// The first script of a page with live cells: it starts the page's Python worker at once, before the
// page bundle (live-*.js, over a megabyte to fetch and run) and before the page itself is parsed.
// The bundle then adopts the running worker and the messages it has sent so far. It also starts
// workers through `startWorker` (a restart without the snapshot, or a data saver's first touch).
(() => {
  const script = document.currentScript;
  const asset = (name) => new URL(name, script.src).href;
  const live = (window.liveWidgets = {
    startWorker(useSnapshot) {
      const start = {
        pyodide: asset(script.dataset.pyodide),
        wasm: asset(script.dataset.wasm),
        archive: asset(script.dataset.archive),
        snapshot: useSnapshot ? asset(script.dataset.snapshot) : null,
        snapshotSize: Number(script.dataset.snapshotSize),
      };
      return new Worker(asset(script.dataset.worker), { type: "module", name: JSON.stringify(start) });
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
