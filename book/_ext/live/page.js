// The book's widgets in the page: draw every snapshot saved at build time, then (on pages with
// interactive widgets) bring each interactive cell to life in place, through one Python worker.
import { WidgetManager } from "./widget_manager.js";
// No Font Awesome of our own: no widget of the book has an icon, and the theme already loads it.
import "@lumino/widgets/style/index.css";
import "./live_widgets.css";

const STATE = 'script[type="application/vnd.jupyter.widget-state+json"]';
const VIEW = 'script[type="application/vnd.jupyter.widget-view+json"]';
const LABEL = {
  waiting: "미리 보기 · 곧 직접 눌러 볼 수 있어요",
  live: "직접 눌러 보세요 · 이 브라우저에서 규칙 엔진이 돌아갑니다",
  failed: "미리 보기 · 이 브라우저에서는 직접 실행하지 못했어요",
};

function viewTags(root) {
  return [...root.querySelectorAll(VIEW)];
}

// The area each view is drawn into sits right before its view script (as embed.js did).
function areaOf(viewTag) {
  let area = viewTag.previousElementSibling;
  if (!area || !area.classList.contains("widget-subarea")) {
    area = document.createElement("div");
    area.className = "widget-subarea";
    viewTag.before(area);
  }
  return area;
}

async function renderSnapshots() {
  const stateTag = document.querySelector(STATE);
  if (!stateTag) return;
  const manager = new WidgetManager();
  const models = await manager.set_state(JSON.parse(stateTag.textContent));
  const byId = new Map(models.map((model) => [model.model_id, model]));
  await Promise.all(viewTags(document).map(async (tag) => {
    const model = byId.get(JSON.parse(tag.textContent).model_id);
    if (!model) return;
    const area = areaOf(tag);
    area.dataset.view = "snapshot";
    await manager.display_view(await manager.create_view(model), area);
  }));
}

// A comm of the live manager: the widget model's end of an ipywidgets comm in the worker.
class WorkerComm {
  constructor(live, commId, targetName) {
    this.live = live;
    this.comm_id = commId;
    this.target_name = targetName;
    this.onMsg = null;
    this.onClose = null;
  }
  open() {
    throw new Error("live widgets are opened by Python");
  }
  send(data, callbacks, metadata, buffers) {
    return this.live.send("comm_msg", { comm_id: this.comm_id, data }, callbacks, buffers);
  }
  close(data, callbacks, metadata, buffers) {
    return this.live.send("comm_close", { comm_id: this.comm_id, data: data ?? {} }, callbacks, buffers);
  }
  on_msg(callback) {
    this.onMsg = callback;
  }
  on_close(callback) {
    this.onClose = callback;
  }
}

// The widget manager of the live widgets: its models live in the worker's Python.
class LiveManager extends WidgetManager {
  constructor() {
    super();
    this.comms = new Map();
    this.idle = new Map(); // msgId -> the model's iopub status callback (message throttle)
    this.cells = new Map(); // cell index -> {code, done(result)} of a cell being run
    this.worker = null;
  }

  // Resolves once Python is ready in the worker (from the snapshot, or after a plain restart). The
  // page's first script (start.js) has usually started the worker already: adopt it.
  start() {
    this.ready = new Promise((resolve, reject) => {
      this.readyResolve = resolve;
      this.readyReject = reject;
    });
    const { early } = window.liveWidgets;
    window.liveWidgets.early = null;
    if (early) {
      this.attach(early.worker);
      early.messages.forEach((data) => this.receive(data));
    } else {
      this.attach(window.liveWidgets.startWorker(true));
    }
    return this.ready;
  }

  attach(worker) {
    this.worker = worker;
    worker.onmessage = ({ data }) => this.receive(data);
    worker.onerror = (event) => this.readyReject(new Error(event.message || "worker failed to load"));
  }

  receive(data) {
    if (data.type === "ready") {
      window.liveWidgets.started = { restored: data.restored, engines: data.engines, ms: data.ms };
      this.readyResolve();
    } else if (data.type === "failed") {
      this.worker.terminate();
      if (data.restoring) {
        console.warn("live widgets: memory snapshot not restored, starting Python without it:", data.error);
        this.attach(window.liveWidgets.startWorker(false));
        for (const [cell, { code }] of this.cells) this.worker.postMessage({ type: "run", cell, code });
      } else {
        console.error("live widgets: Python did not start:", data.error);
        this.readyReject(new Error(data.error));
      }
    } else if (data.type === "comms") {
      data.messages.forEach((message) => this.fromPython(message));
    } else if (data.type === "idle") {
      this.idle.get(data.msgId)?.({ content: { execution_state: "idle" } });
      this.idle.delete(data.msgId);
    } else if (data.type === "ran") {
      this.cells.get(data.cell).done(data);
      this.cells.delete(data.cell);
    }
  }

  fromPython({ msgType, content, metadata, buffers }) {
    const msg = { content, metadata, buffers, header: { msg_type: msgType }, parent_header: {} };
    if (msgType === "comm_open") {
      const comm = new WorkerComm(this, content.comm_id, content.target_name);
      this.comms.set(content.comm_id, comm);
      this.handle_comm_open(comm, msg);
    } else {
      const comm = this.comms.get(content.comm_id);
      if (msgType === "comm_close") {
        this.comms.delete(content.comm_id);
        comm?.onClose?.(msg);
      } else {
        comm?.onMsg?.(msg);
      }
    }
  }

  send(msgType, content, callbacks, buffers) {
    const msgId = crypto.randomUUID();
    const status = callbacks?.iopub?.status;
    if (status) this.idle.set(msgId, status);
    this.worker.postMessage({ type: "comm", msgType, content, buffers: buffers ?? [], msgId });
    return msgId;
  }

  // Sent at once: the worker runs it as soon as its Python is ready (a restarted worker is sent it again).
  run(cell, code) {
    return new Promise((resolve, reject) => {
      const done = (data) => (data.error ? reject(new Error(data.error)) : resolve(data.ids));
      this.cells.set(cell, { code, done });
      this.worker.postMessage({ type: "run", cell, code });
    });
  }
}

function setLabel(box, state) {
  box.dataset.live = state;
  box.querySelector(".live-label").textContent = LABEL[state];
}

// Run one cell in the worker and put its live views where its snapshot views are (once drawn).
async function goLive(box, snapshotsDrawn) {
  const cell = box.nextElementSibling;
  const tags = viewTags(cell);
  try {
    const ready = start(); // rejects when Python cannot start (a run would then never answer)
    const ran = live.run(Number(box.dataset.cell), JSON.parse(box.querySelector("script").textContent));
    const [ids] = await Promise.all([ran, ready, snapshotsDrawn]);
    const views = await Promise.all(ids.map(async (id) => live.create_view(await live.get_model(id))));
    views.forEach((view, i) => {
      if (!tags[i]) return;
      const area = areaOf(tags[i]);
      area.replaceChildren();
      area.dataset.view = "live";
      live.display_view(view, area);
    });
    setLabel(box, "live");
  } catch (error) {
    console.error("live widgets: cell", box.dataset.cell, error);
    setLabel(box, "failed");
  }
}

const live = new LiveManager();
// start.js defines window.liveWidgets on pages with live cells; pages without draw snapshots only.
window.liveWidgets = Object.assign(window.liveWidgets ?? {}, { manager: live });
let started = null;
const start = () => (started ??= live.start());
// A worker that start.js started is adopted now (it may be ready already); readers who asked to save
// data start Python at their first touch of a widget instead.
const saveData = Boolean(navigator.connection?.saveData);
if (window.liveWidgets.early) start();

// Is this element within half a screen of the viewport (as the observer's rootMargin below)?
function nearScreen(element) {
  const { top, bottom } = element.getBoundingClientRect();
  return bottom >= -innerHeight / 2 && top <= innerHeight * 1.5;
}

function startLive(boxes, snapshotsDrawn) {
  const pending = new Set(boxes);
  if (!saveData) {
    // The cells near the screen are sent to the worker now, before their snapshots are drawn: Python
    // runs them while this thread draws, instead of after the observer's first report.
    for (const box of boxes.filter(nearScreen)) {
      pending.delete(box);
      goLive(box, snapshotsDrawn);
    }
  }
  const near = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting || !pending.has(entry.target)) continue;
      pending.delete(entry.target);
      near.unobserve(entry.target);
      goLive(entry.target, snapshotsDrawn);
    }
  }, { rootMargin: "50% 0px" });
  if (saveData) {
    const touched = (event) => {
      if (!event.target.closest?.(".cell_output")) return;
      document.removeEventListener("pointerdown", touched, true);
      document.removeEventListener("focusin", touched, true);
      pending.forEach((box) => near.observe(box));
    };
    document.addEventListener("pointerdown", touched, true);
    document.addEventListener("focusin", touched, true);
  } else {
    pending.forEach((box) => near.observe(box));
  }
}

async function main() {
  const boxes = [...document.querySelectorAll(".live-cell")];
  const snapshotsDrawn = renderSnapshots();
  if (boxes.length) startLive(boxes, snapshotsDrawn);
  await snapshotsDrawn;
}

if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", main);
} else {
  main();
}
