// Stands in for the `sanitize-html` package (a third of the page bundle, with its HTML parser and
// postcss), which @jupyter-widgets/base-manager needs only to draw a description given as HTML
// (`description_allow_html=True`). No widget of the book does that (the build refuses one, see
// live_widgets.py), so a description is shown as the plain text it is.
export default function escapedDescription(text) {
  const holder = document.createElement("span");
  holder.textContent = text;
  return holder.innerHTML;
}
