// The site's service worker (sw.js at the site's root; book/_ext/live_offline.py writes it with the
// build's lists in front of this file). It keeps a phone reading with no signal:
// - installed after a page's first live widget, it keeps the site's shell and the live widgets'
//   runtime (SHELL, RUNTIME; the runtime only when the reader does not save data) and the pages
//   already open, in one cache named for this build's content (BUILD); the runtime's two big files
//   decompressed (with DECODER, the site's zstd decoder), so that a later page only reads them;
// - every page opened while it runs is kept, and a page can ask for the rest of its game's chapter
//   (CHAPTERS; the page asks only on a connection that is not metered);
// - kept files are answered from the cache, the rest from the network, and with no network a page
//   not kept gets OFFLINE ("연결이 필요해요").
// A new build has a new sw.js (BUILD changes with any file), which the browser installs beside the old
// one. Until it is active, the old worker answers every navigation from the network (the new build's
// page) and gives that page nothing from its own cache, then hands over: the new worker deletes the
// old cache whole. A page not kept that comes from the network before the browser has fetched the new
// sw.js is treated the same way (answerNavigation reads the site's sw.js after it), and what this worker
// keeps in the background is stored only if the site still serves its build once all of it has come. A
// page is thus never served files of two builds.
const CACHE = `rules-notebook-${BUILD}`;
// Opened once: a worker that a newer build's has replaced may still finish a task, and opening its cache
// by name again would bring back the cache the new worker deleted.
const cacheOpened = caches.open(CACHE);
const SCOPE = new URL("./", location.href).href;
const absolute = (path) => new URL(path, SCOPE).href;
importScripts(absolute(DECODER)); // liveZstd
// Kept decompressed, with the content types by which the page's worker knows them: the wasm as
// application/wasm (the browser then compiles it while reading it, and can reuse that code on the
// next page), the memory snapshot as the heap image it reads.
const KEPT_DECOMPRESSED = [
  [/\/pyodide\.asm-[0-9a-f]+\.wasm\.zst$/, "application/wasm"],
  [/\/snapshot-[0-9a-f]+\.bin\.zst$/, "application/x-heap-image"],
];
// Pages that this worker answered, each with whether it is a newer build's (a promise while that is being
// found out): a newer build's page gets no file of this cache. A newer build's page is also marked in the
// cache, for the browser may stop this worker and start it anew while the page loads (only a page this
// instance did not answer costs that lookup).
const answeredPages = new Map();
const newerPageMark = (clientId) => absolute(`.newer-page/${clientId}`);

function notePage(clientId, newer) {
  answeredPages.set(clientId, newer);
  return newer.then(async (isNewer) => isNewer && (await cacheOpened).put(newerPageMark(clientId), new Response("")));
}

async function isNewerPage(clientId) {
  if (answeredPages.has(clientId)) return answeredPages.get(clientId);
  return Boolean(clientId && (await (await cacheOpened).match(newerPageMark(clientId))));
}

// What this worker fetches is always checked against the server ("no-cache"): an old build's file in
// the browser's HTTP cache must neither enter this build's cache nor reach a new build's page.
function network(request) {
  return fetch(request.mode === "navigate" ? request.url : request, { cache: "no-cache" });
}

// A file from the network as this worker keeps it.
async function fetchToKeep(url) {
  const response = await network(new Request(url));
  if (!response.ok) throw new Error(`${response.status} ${url}`);
  const [, type] = KEPT_DECOMPRESSED.find(([pattern]) => pattern.test(url)) ?? [];
  return type ? new Response(liveZstd.unzstd(response.body), { headers: { "Content-Type": type } }) : response;
}

// The urls not kept yet, fetched, and stored if the site still serves this build once all have come
// (a page fetched after a deploy is the new build's).
async function keepMissing(cache, urls) {
  const kept = new Set((await cache.keys()).map((request) => request.url));
  const missing = urls.filter((url) => !kept.has(url));
  if (!missing.length) return;
  const fetched = await Promise.all(missing.map((url) => fetchToKeep(url).catch(() => null)));
  if (!(await servesThisBuild().catch(() => false))) return;
  await Promise.all(fetched.map((response, i) => response && cache.put(missing[i], response)));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await cacheOpened;
    const saveData = Boolean(self.navigator.connection?.saveData);
    const urls = [...SHELL, ...(saveData ? [] : RUNTIME)].map(absolute);
    await Promise.all(urls.map(async (url) => cache.put(url, await fetchToKeep(url))));
    if (!(await servesThisBuild())) {
      // A newer build came during the install: this worker gives way to the newer one.
      await caches.delete(CACHE);
      throw new Error("a newer build was deployed");
    }
    // The pages open now came before this worker: keep them too.
    const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    await keepMissing(cache, open.map((client) => client.url.split("#")[0]).filter((url) => url.startsWith(SCOPE)));
    // The first worker of this browser takes over at once; a new build's waits for the next
    // navigation (see answerNavigation).
    if (!self.registration.active) await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith("rules-notebook-") && name !== CACHE)
      .map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const { type, page } = event.data ?? {};
  if (type === "take-over") {
    event.waitUntil(self.skipWaiting());
  } else if (type === "chapter") {
    // The rest of the page's chapter (book/<game>/...), fetched in the background; a port sent along
    // hears when it is done.
    const chapter = Object.values(CHAPTERS).find((pages) => pages.map(absolute).includes(page)) ?? [];
    event.waitUntil(cacheOpened.then((cache) => keepMissing(cache, chapter.map(absolute)))
      .finally(() => event.ports[0]?.postMessage("kept")));
  }
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  if (request.mode === "navigate") {
    event.respondWith(answerNavigation(event));
  } else {
    event.respondWith(isNewerPage(event.clientId).then((newer) => {
      if (!newer) return answer(request);
      // Asked again: the browser activates the new worker only once this one has nothing in flight.
      self.registration.waiting?.postMessage({ type: "take-over" });
      return network(request);
    }));
  }
});

async function answerNavigation(event) {
  const waiting = self.registration.waiting;
  if (waiting) {
    // A new build is installed: this page comes from the network, then the new worker takes over.
    try {
      const response = await network(event.request);
      await notePage(event.resultingClientId, Promise.resolve(true));
      waiting.postMessage({ type: "take-over" });
      return response;
    } catch {
      // No signal: this build's kept page, below.
    }
  }
  const cache = await cacheOpened;
  const kept = await cache.match(event.request);
  if (kept) {
    notePage(event.resultingClientId, Promise.resolve(false));
    return kept;
  }
  // A page not kept comes from the network, which may serve a build deployed since this worker's (the
  // browser looks for its new sw.js only after this navigation): if the site's sw.js, read once the page
  // has come, is not this worker's, the page is the new build's, gets no file of this cache and is not
  // kept in it. Its files wait for the answer, not the page.
  let response;
  try {
    response = await network(event.request);
  } catch {
    return offlinePage(cache); // no signal
  }
  const newer = servesThisBuild().then((same) => !same, () => false);
  event.waitUntil(notePage(event.resultingClientId, newer));
  if (storable(response)) {
    const copy = response.clone();
    event.waitUntil(newer.then((isNewer) => isNewer || cache.put(event.request, copy)));
  }
  return response;
}

// Does the site serve this worker's build now (its sw.js's BUILD line this worker's)? Asked by a fetch of
// its own (registration.update() can keep a navigation waiting for seconds); rejects with no signal.
async function servesThisBuild() {
  const served = await (await fetch(self.location.href, { cache: "no-store" })).text();
  return served.includes(`const BUILD = ${JSON.stringify(BUILD)};`);
}

// A page's file: kept (found by its path, ?v= aside: this cache holds one build), else from the network and kept.
async function answer(request) {
  const cache = await cacheOpened;
  const kept = await cache.match(request, { ignoreSearch: true });
  if (kept) return kept;
  const response = await network(request);
  if (storable(response)) cache.put(request, response.clone());
  return response;
}

// What a page not kept gets with no signal: OFFLINE, kept at install.
async function offlinePage(cache) {
  const offline = await cache.match(absolute(OFFLINE));
  return new Response(offline.body, { status: 503, headers: offline.headers });
}

function storable(response) {
  return response.ok && response.type === "basic" && !response.headers.get("Cache-Control")?.includes("no-store");
}
