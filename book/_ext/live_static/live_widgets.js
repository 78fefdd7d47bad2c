// "▶ 직접 해 보기": open (or fold away) the live widget panel under a snapshot. The JupyterLite
// REPL iframe is created on the first click only, so a page costs nothing until a reader asks.
document.addEventListener("click", (event) => {
  const button = event.target.closest(".live-widget-button");
  if (!button) return;
  const box = button.closest(".live-widget");
  let panel = box.querySelector("iframe.live-widget-panel");
  if (!panel) {
    panel = document.createElement("iframe");
    panel.className = "live-widget-panel";
    panel.title = "직접 해 보기: 브라우저에서 실행되는 위젯";
    panel.src = button.dataset.src;
    box.appendChild(panel);
  } else {
    panel.hidden = !panel.hidden;
  }
  button.textContent = panel.hidden ? "▶ 직접 해 보기 (브라우저에서 실행)" : "▲ 접기";
  button.setAttribute("aria-expanded", String(!panel.hidden));
});
