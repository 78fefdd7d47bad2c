"""What the widget tests of every game use to look at a widget as a person does: find its buttons, read
everything on its screen, hand a table's screen over."""
import ipywidgets as w

HAND_OVER = "에게 화면 넘기기"


def walk(widget):
    """The widget and everything inside it, depth first."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def button(widget, label):
    found = [b for b in walk(widget) if isinstance(b, w.Button) and b.description == label]
    assert found, f"{label!r} 단추가 없습니다"
    return found[0]


def hand_over(t):
    """The table's '○○에게 화면 넘기기' button."""
    found = [b for b in walk(t.actions) if isinstance(b, w.Button) and b.description.endswith(HAND_OVER)]
    assert found, "화면 넘기기 단추가 없습니다"
    return found[0]


def screen_text(widget) -> str:
    """Everything a person can read on the widget: texts, labels, menus, tooltips."""
    parts = []
    for d in walk(widget):
        for attr in ("value", "description", "tooltip", "placeholder"):
            v = getattr(d, attr, None)
            if isinstance(v, str):
                parts.append(v)
        if isinstance(d, w.Dropdown):
            parts += [str(label) for label in d._options_labels]
    return "\n".join(parts)


def game_screen(t) -> str:
    """A table's screen below the settings (they hold only fixed help and what staff typed, wiped at start)."""
    return "\n".join(screen_text(part) for part in t.widget.children if part is not t.settings)
