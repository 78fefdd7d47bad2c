// The book's widgets in the page: draw the snapshots saved at build time (those near the screen
// first), then (on pages with interactive widgets) bring each interactive cell to life in place,
// through one Python worker.
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

// The models under these ones: every model their state names ("IPY_MODEL_<id>", as ipywidgets refers
// to a child or a layout), and theirs, and so on.
function modelsUnder(state, ids) {
  const seen = new Set();
  const add = (id) => {
    if (seen.has(id) || !state[id]) return;
    seen.add(id);
    visit(state[id].state);
  };
  const visit = (value) => {
    if (typeof value === "string") {
      if (value.startsWith("IPY_MODEL_")) add(value.slice("IPY_MODEL_".length));
    } else if (value && typeof value === "object") {
      Object.values(value).forEach(visit);
    }
  };
  ids.forEach(add);
  return seen;
}

// The widgets' build-time snapshots. A view is drawn with only the models under it, so that a page
// can draw the views near the screen first: a long page holds over a thousand models, and making them
// all at load would share this thread and the CPU with Python's start.
class Snapshots {
  constructor() {
    const tag = document.querySelector(STATE);
    const { state = {}, ...format } = tag ? JSON.parse(tag.textContent) : {};
    this.state = state;
    this.format = format;
    this.manager = new WidgetManager();
    this.made = new Set(); // ids of the models given to the manager
    this.drawn = new Map(); // view tag -> its drawing (a promise)
    this.last = Promise.resolve(); // drawings run one after another: a later one uses earlier models
  }

  // Draw these views (the ones not drawn or being drawn yet); resolves once all of them are drawn.
  draw(tags) {
    const fresh = tags.filter((tag) => !this.drawn.has(tag));
    if (fresh.length) {
      const drawing = this.last.then(() => this.drawNow(fresh));
      this.last = drawing.catch(() => {}); // a failed drawing fails its own views only
      fresh.forEach((tag) => this.drawn.set(tag, drawing));
    }
    return Promise.all(tags.map((tag) => this.drawn.get(tag)));
  }

  async drawNow(tags) {
    const ids = tags.map((tag) => JSON.parse(tag.textContent).model_id);
    const state = {};
    for (const id of modelsUnder(this.state, ids)) {
      if (this.made.has(id)) continue;
      this.made.add(id);
      state[id] = this.state[id];
    }
    await this.manager.set_state({ ...this.format, state });
    await Promise.all(tags.map(async (tag, i) => {
      if (!this.state[ids[i]]) return;
      const area = areaOf(tag);
      area.dataset.view = "snapshot";
      const model = await this.manager.get_model(ids[i]);
      await this.manager.display_view(await this.manager.create_view(model), area);
    }));
  }
}

// A comm of the live manager: the widget model's end of an ipywidgets comm in the worker.
class WorkerComm {
  constructor(live, commId, targetName) {
    this.live = live;
    this.comm_id = commId;
    this.target_name = targetName;
    this.onMsg = null;
    this.onClose = null;
    this.early = []; // Python's messages that came before the model listened (see on_msg)
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
  // The model is made asynchronously after its comm opens, while the updates Python sent right after
  // the opening (a cell's widgets set up further: options, titles, pictures) come in the same batch:
  // they wait here for the model, as a kernel's messages wait for the comm_open handler in Jupyter.
  on_msg(callback) {
    this.onMsg = callback;
    this.early.splice(0).forEach(callback);
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
      window.liveWidgets.filesIn = !data.deferred;
      this.readyResolve();
    } else if (data.type === "files-in") {
      window.liveWidgets.filesIn = true;
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
      } else if (comm?.onMsg) {
        comm.onMsg(msg);
      } else {
        comm?.early.push(msg);
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
    window.liveWidgets.runAsked = true;
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

// Settles when the page's first cell is live (or could not be), whenever the reader brings one near
// the screen; at once on a page with none to start. The service worker waits for it (offline.js).
let liveOnce;
const anyLive = new Promise((resolve) => (liveOnce = resolve));

// Run one cell in the worker and put its live views where its snapshot views are (once drawn).
async function goLive(box, snapshots) {
  const cell = box.nextElementSibling;
  const tags = viewTags(cell);
  try {
    const ready = start(); // rejects when Python cannot start (a run would then never answer)
    const ran = live.run(Number(box.dataset.cell), JSON.parse(box.querySelector("script").textContent));
    const [ids] = await Promise.all([ran, ready, snapshots.draw(tags)]);
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
  liveOnce();
}

const live = new LiveManager();
// start.js defines window.liveWidgets on pages with live cells; pages without draw snapshots only.
window.liveWidgets = Object.assign(window.liveWidgets ?? {}, { manager: live, firstLive: anyLive });
let started = null;
const start = () => (started ??= live.start());
// A worker that start.js started is adopted now (it may be ready already); readers who asked to save
// data start Python at their first touch of a widget instead.
const saveData = Boolean(navigator.connection?.saveData);
if (window.liveWidgets.early) start();

// Is this element within half a screen of the viewport (as onceNear's)?
function nearScreen(element) {
  const { top, bottom } = element.getBoundingClientRect();
  return bottom >= -innerHeight / 2 && top <= innerHeight * 1.5;
}

// Call `reached(element)` once for each element, when it comes within half a screen of the viewport.
function onceNear(elements, reached) {
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      reached(entry.target);
    }
  }, { rootMargin: "50% 0px" });
  elements.forEach((element) => observer.observe(element));
}

// Bring the cells to life as they come near the screen. Resolves once the first of the cells near it
// now is live (or could not be); at once when none is started now.
function startLive(boxes, snapshots) {
  // The cells near the screen are sent to the worker now, before their snapshots are drawn: Python
  // runs them while this thread draws, instead of after the observer's first report.
  const now = saveData ? [] : boxes.filter(nearScreen);
  const pending = boxes.filter((box) => !now.includes(box));
  const first = now.map((box) => goLive(box, snapshots));
  const watch = () => onceNear(pending, (box) => goLive(box, snapshots));
  if (saveData) {
    const touched = (event) => {
      if (!event.target.closest?.(".cell_output")) return;
      document.removeEventListener("pointerdown", touched, true);
      document.removeEventListener("focusin", touched, true);
      watch();
    };
    document.addEventListener("pointerdown", touched, true);
    document.addEventListener("focusin", touched, true);
  } else {
    watch();
  }
  return first.length ? Promise.race(first) : Promise.resolve();
}

// Resolves when this thread has nothing else to do (Safari has no requestIdleCallback: after the tasks queued now).
function idle() {
  return new Promise((resolve) => (window.requestIdleCallback ?? setTimeout)(resolve));
}

async function main() {
  const boxes = [...document.querySelectorAll(".live-cell")];
  if (!boxes.length || saveData) liveOnce(); // a data saver's Python starts at a touch: no wait for it
  const snapshots = new Snapshots();
  // A view's place is its cell's output (the view's script tag has no box of its own).
  const tags = viewTags(document);
  // A reader sent to a section (a link to #...) must find it where it was placed: everything above it
  // is drawn first, then the section is brought back into view.
  snapshots.draw(location.hash ? tags : tags.filter((tag) => nearScreen(tag.parentElement)));
  addEventListener("hashchange", async () => {
    await snapshots.draw(tags);
    document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  });
  const firstLive = boxes.length ? startLive(boxes, snapshots) : Promise.resolve();
  // The other snapshots: each as it comes near the screen, and all of them once the first live cell
  // is in place, one output at a time while this thread is idle (drawn at once, a long page's rest kept
  // it busy for half a second, delaying the other cells near the screen and the reader's first taps).
  const outputs = new Set(tags.map((tag) => tag.parentElement));
  onceNear([...outputs], (output) => snapshots.draw(viewTags(output)));
  // What a restored Python fetches last (its standard library's file, our modules' files) shares no
  // bandwidth with the first live cell.
  anyLive.then(() => live.worker?.postMessage({ type: "files" }));
  await firstLive;
  for (const output of outputs) {
    await idle();
    await snapshots.draw(viewTags(output));
  }
}

if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", main);
} else {
  main();
}
