// Stands in for jQuery (a quarter of the page bundle, and some 70 ms of the main thread's start-up
// here). The widget libraries use it for one thing: a view keeps `view.$el`, jQuery's wrapper of its
// element, and reads the element back as `$el[0]`. Backbone's view methods that would call jQuery
// are replaced by @jupyter-widgets/base's NativeView, and no widget of the book uses `$el` itself.
// CommonJS, so that Backbone's `require("jquery")` and the widgets' `import $ from "jquery"` both get it.
function ElementList(element) {
  if (!(this instanceof ElementList)) return new ElementList(element);
  this[0] = element;
  this.length = 1;
}
module.exports = ElementList;
