// On a phone the chapter list and the page contents open as a modal <dialog> (pydata-sphinx-theme).
// A link to a section of this same page scrolls there but leaves the dialog covering it, so the
// reader would not see where they landed: close the dialog when such a link is followed.
document.addEventListener("click", (event) => {
  const link = event.target.closest("dialog[open] a[href^='#']");
  if (link) link.closest("dialog").close();
});
