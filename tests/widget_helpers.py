"""What the widget tests of every game use to look at a widget as a person does: find its buttons, read
everything on its screen, hand a table's screen over, make a move, play a table's whole game."""
import ipywidgets as w

from rules import CHANCE

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


def press(t, action):
    """Make `action` on a game screen the way a person does: its button, or its entry in a menu and then 실행
    (found by the words the screen gives it)."""
    label = t.say(action)
    for b in walk(t.actions):
        if isinstance(b, w.Button) and b.description == label:
            return b.click()
    for box in walk(t.actions):
        menus = [d for d in getattr(box, "children", ()) if isinstance(d, w.Dropdown)]
        if menus and action in menus[0]._options_values:
            menus[0].value = action
            return button(box, "실행").click()
    raise AssertionError(f"화면에 '{label}' 단추도 메뉴도 없습니다")


def choices(t):
    """Every move a game screen offers: (label, press) for each action button and each entry of an action menu."""
    found = []
    for box in walk(t.actions):
        if not isinstance(box, w.HBox):
            continue
        menus = [k for k in box.children if isinstance(k, w.Dropdown)]
        buttons = [k for k in box.children if isinstance(k, w.Button)]
        if menus:   # a menu and its 실행 button
            run = next(b for b in buttons if b.description == "실행")
            for label, value in zip(menus[0]._options_labels, menus[0]._options_values):
                found.append((label, lambda m=menus[0], v=value, r=run: (setattr(m, "value", v), r.click())))
        else:
            found += [(b.description, b.click) for b in buttons if not b.description.endswith(HAND_OVER)]
    return found


def engine_draws(t):
    button(t.actions, "진행 (엔진이 뽑기)").click()


def play_through(t, check, decide, chance=engine_draws, limit=5000) -> int:
    """A whole game on a table widget, played as staff do; returns the number of moves. Before every move
    `check(t)`; a chance step is `chance(t)`; a decision is `decide(t)` on the deciding player's screen
    (handed over to them first when the game's decisions hide something). Every step must make a move."""
    for _ in range(limit):
        s, before = t.state, len(t.history)
        if s.is_terminal():
            return before - 1
        check(t)
        if s.current_player() == CHANCE:
            chance(t)
        else:
            if t.HIDDEN_DECISIONS and t.looking.value != s.current_player():
                hand_over(t).click()
            assert not t.HIDDEN_DECISIONS or t.looking.value == s.current_player()
            decide(t)
        assert len(t.history) > before and t.state is not s, t.message.value
    raise AssertionError("게임이 끝나지 않았습니다")
