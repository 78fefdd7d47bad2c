"""A multiset picked from a menu (a tap on a picture cannot reach the kernel): add one of the chosen kind,
take one out, empty it all; what is held is drawn below. A game says what one may hold and how it looks."""
import ipywidgets as w

from widgets.common.ui import button, error, row, wide


class CountPicker:
    """counts: {kind: how many}; menu: the kind the buttons act on; on_change: called after every change."""

    def __init__(self, options, counts=None, on_change=None, *, description: str, add: str, remove: str,
                 clear: str):
        self.counts = dict(counts or {})
        self.on_change = on_change
        self.menu = w.Dropdown(options=options, description=description, layout=wide())
        self.shown, self.message = w.HTML(layout=w.Layout(max_width="100%")), w.HTML()
        self.widget = w.VBox([row(self.menu, button(add, self.add, "primary"), button(remove, self.remove),
                                  button(clear, self.clear)), self.message, self.shown],
                             layout=w.Layout(max_width="100%"))
        self.show()

    def refusal(self, kind) -> str:
        """Why one more `kind` may not be added ('' if it may)."""
        return ""

    def missing(self, kind) -> str:
        """The message for taking out a `kind` none of which is held."""
        raise NotImplementedError

    def html(self) -> str:
        """What is held, drawn."""
        raise NotImplementedError

    def add(self):
        kind = self.menu.value
        if why := self.refusal(kind):
            self.message.value = error(why)
            return
        self.counts[kind] = self.counts.get(kind, 0) + 1
        self.changed()

    def remove(self):
        kind = self.menu.value
        if not self.counts.get(kind):
            self.message.value = error(self.missing(kind))
            return
        self.counts[kind] -= 1
        if not self.counts[kind]:
            del self.counts[kind]
        self.changed()

    def clear(self):
        self.set({})

    def set(self, counts):
        self.counts = dict(counts)
        self.changed()

    def changed(self):
        self.message.value = ""
        self.show()
        if self.on_change:
            self.on_change()

    def show(self):
        self.shown.value = self.html()
