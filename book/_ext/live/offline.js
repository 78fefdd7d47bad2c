// Inline in every page's head: registers the site's service worker (sw.js, in the folder data-root,
// relative to the page), which keeps the site readable with no signal. On a page with live cells it
// waits for the first one (window.liveWidgets.firstLive, set by the page bundle), so that its
// downloads never share the bandwidth with what that cell waits for. Then, on a connection that is
// not metered and a reader who does not save data, it asks for the rest of this page's chapter.
(() => {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  const script = document.currentScript;
  const worker = new URL(script.dataset.root + "sw.js", document.baseURI);
  addEventListener("load", async () => {
    await window.liveWidgets?.firstLive;
    const registration = await navigator.serviceWorker.register(worker).catch((error) => {
      console.warn("offline reading unavailable:", String(error));
    });
    if (!registration) return;
    const connection = navigator.connection;
    if (connection?.saveData || connection?.type === "cellular") return;
    await navigator.serviceWorker.ready;
    const page = location.href.split("#")[0];
    (navigator.serviceWorker.controller ?? registration.active)?.postMessage({ type: "chapter", page });
  });
})();
