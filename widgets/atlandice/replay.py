"""A worked example stepped through on the city picture: each step is a state the engine reached by
applying the example's action, with the rulebook's words beside it."""
from html import escape

import ipywidgets as w

from widgets.atlandice import examples as E
from widgets.atlandice.board import view_html
from widgets.common import button, info, row


class Stepper:
    """◀ 이전 / 다음 ▶ through the steps of one replay (or of one of several, chosen from a menu)."""

    def __init__(self, replays, labels=None):
        self.replays = replays
        self.pick = w.Dropdown(options=[(label, i) for i, label in enumerate(labels or [])] or [("", 0)],
                               description="읽기", layout=w.Layout(width="auto", max_width="100%"))
        self.pick.observe(lambda _: self.go(0), "value")
        self.caption, self.picture = w.HTML(), w.HTML(layout=w.Layout(max_width="100%"))
        self.index = 0
        tools = row(button("◀ 이전", lambda: self.go(self.index - 1)), button("다음 ▶", lambda: self.go(self.index + 1),
                                                                           "primary"),
                    button("처음으로", lambda: self.go(0)))
        head = [self.pick] if labels else []
        self.widget = w.VBox(head + [tools, self.caption, self.picture], layout=w.Layout(max_width="100%"))
        self.go(0)

    @property
    def replay(self) -> E.Replay:
        return self.replays[self.pick.value]

    def go(self, index: int):
        steps = self.replay.steps
        if not steps:
            self.caption.value = info(f"이 값으로는 예시가 성립하지 않습니다: {self.replay.why}")
            self.picture.value = ""
            return
        self.index = max(0, min(index, len(steps) - 1))
        caption, state = steps[self.index]
        last = self.index == len(steps) - 1
        note = f"<div><b>결과</b>: {escape(self.replay.why)}</div>" if last else ""
        edge = " (처음)" if self.index == 0 else (" (끝)" if last else "")
        self.caption.value = (f"<div><b>{self.index + 1}/{len(steps)}단계{edge}</b> · {escape(caption)}</div>{note}")
        self.picture.value = view_html(state.public_view(None), E.NAMES)


def dice_placement() -> w.VBox:
    return Stepper([E.dice_placement()]).widget


def alex_forge() -> w.VBox:
    """Both readings of the 대장간 in one menu: the example's own, then the ability text's (the default)."""
    labels = ["알렉스 예시대로: 대장간 보드에서", "능력 설명대로: 시장에서 (엔진 기본값)"]
    return Stepper([E.alex_forge("district"), E.alex_forge("market")], labels).widget


def clock_three() -> w.VBox:
    return Stepper([E.clock_three()]).widget


def noah_check() -> w.VBox:
    return Stepper([E.noah_check()]).widget


def donation_noah_ryan() -> w.VBox:
    return Stepper([E.donation_noah_ryan()]).widget
