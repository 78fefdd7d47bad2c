"""Random taps on a widget, as a person would tap a phone screen: a widget must never reach a dead end.
Each game's dead-end test lists its widgets and calls assert_no_dead_end."""
import random

import ipywidgets as w

STEPS = 300


def controls(widget):
    """Every control a person can use, depth first."""
    found = []
    stack = [widget]
    while stack:
        node = stack.pop()
        if isinstance(node, w.Accordion) and node.selected_index is None:
            found.append(node)   # folded: a tap on its title opens it; what is inside is out of reach
            continue
        if isinstance(node, (w.Button, w.Dropdown, w.SelectMultiple, w.Checkbox, w.IntText, w.BoundedIntText,
                             w.IntSlider, w.Text, w.Textarea)) and not getattr(node, "disabled", False):
            found.append(node)
        stack.extend(reversed(getattr(node, "children", ())))
    return found


def press(control, rng, texts):
    """What a tap does, calling the handlers directly so that an exception reaches the test."""
    if isinstance(control, w.Accordion):
        control.selected_index = 0
    elif isinstance(control, w.Button):
        for handler in control._click_handlers.callbacks:
            handler(control)
    elif isinstance(control, w.Dropdown):
        if control.options:
            control.index = rng.randrange(len(control.options))
    elif isinstance(control, w.SelectMultiple):
        control.index = tuple(i for i in range(len(control.options)) if rng.random() < 0.5)
    elif isinstance(control, w.IntSlider):
        control.value = rng.randint(control.min, control.max)
    elif isinstance(control, w.Checkbox):
        control.value = not control.value
    elif isinstance(control, (w.IntText, w.BoundedIntText)):
        control.value = rng.choice([-1, 0, 1, 2, 3, 7, 40])
    elif isinstance(control, (w.Text, w.Textarea)):
        control.value = rng.choice(texts)


def assert_no_dead_end(name: str, factory, steps: int = STEPS, texts=("", "은지", "2")):
    """Press random enabled controls `steps` times: no error may escape and something is always left to press."""
    rng = random.Random(name)
    widget = factory()
    for step in range(steps):
        found = controls(widget)
        assert found, f"{name}: {step}번째 조작 뒤 쓸 수 있는 조작이 하나도 없습니다"
        buttons = [c for c in found if isinstance(c, w.Button)]
        # Buttons are what moves a widget on: press one most of the time.
        press(rng.choice(buttons) if buttons and rng.random() < 0.7 else rng.choice(found), rng, texts)
