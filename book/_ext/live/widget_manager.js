// The widget manager of the book's pages: it draws ipywidgets 8 models (@jupyter-widgets/base 2.x,
// @jupyter-widgets/controls 2.x, the only kinds the build lets onto a page, see live_widgets.py) and
// nothing else. html-manager's HTMLManager would do the same, but it also carries the ipywidgets 7
// libraries and JupyterLab's output area and renderers: twice the bundle to fetch, parse and run.
import * as base from "@jupyter-widgets/base";
import { ManagerBase } from "@jupyter-widgets/base-manager";
import * as controls from "@jupyter-widgets/controls";
import { MessageLoop } from "@lumino/messaging";
import { Widget } from "@lumino/widgets";
import "@jupyter-widgets/controls/css/widgets-base.css";
// The theme defines no JupyterLab colours: the controls' stylesheet reads them from here.
import "@jupyter-widgets/controls/css/labvariables.css";

const MODULES = { "@jupyter-widgets/base": base, "@jupyter-widgets/controls": controls };

// A box whose children are replaced while their views are still being made (a game screen redrawn
// after every move) can itself be removed before they are ready; @jupyter-widgets/controls then reads
// the removed box's panel and throws. A child view that arrives for a removed box is removed too.
controls.BoxView.prototype.add_child_model = function (model) {
  const placeholder = new Widget();
  this.luminoWidget.addWidget(placeholder);
  return this.create_child_view(model)
    .then((view) => {
      if (this.luminoWidget.isDisposed) {
        view.remove();
        return view;
      }
      this.luminoWidget.insertWidget(this.luminoWidget.widgets.indexOf(placeholder), view.luminoWidget);
      placeholder.dispose();
      return view;
    })
    .catch(base.reject("Could not add child view to box", true));
};

export class WidgetManager extends ManagerBase {
  constructor() {
    super();
    this.views = new Set(); // displayed views, told when the window is resized
    window.addEventListener("resize", () => {
      this.views.forEach((view) => MessageLoop.postMessage(view.luminoWidget, Widget.ResizeMessage.UnknownSize));
    });
  }

  async display_view(view, el) {
    Widget.attach(view.luminoWidget, el);
    this.views.add(view);
    view.once("remove", () => this.views.delete(view));
  }

  async loadClass(className, moduleName, moduleVersion) {
    const module = MODULES[moduleName];
    if (!module || !moduleVersion.startsWith("2.")) throw new Error(`not an ipywidgets 8 model: ${moduleName}@${moduleVersion}`);
    if (!module[className]) throw new Error(`no ${className} in ${moduleName}`);
    return module[className];
  }

  // Snapshots have no kernel; the live manager (page.js) opens its comms from the worker.
  _get_comm_info() {
    return Promise.resolve({});
  }

  _create_comm() {
    return Promise.reject(new Error("widgets are opened by Python"));
  }
}

// A slider's handle is what a screen reader reaches, and ipywidgets leaves it without a name: it takes
// the slider's description.
for (const View of [controls.IntSliderView, controls.FloatSliderView]) {
  const render = View.prototype.render;
  View.prototype.render = function () {
    render.call(this);
    this.el.querySelectorAll("[role=slider]").forEach((handle) => handle.setAttribute("aria-label", this.model.get("description")));
  };
}
