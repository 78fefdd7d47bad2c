"""A hand of cards picked from a menu (a tap on a card picture cannot reach the kernel): add one,
take one out, empty it; the pictures below show what is in it."""
import ipywidgets as w

from rules.el_dorado import components as C
from widgets.common import button, error, row, wide
from widgets.el_dorado.cards import pile


class HandPicker:
    def __init__(self, hand=None, cards=C.CARDS, most=8, on_change=None, label="패"):
        self.hand = dict(hand or {})
        self.most, self.label, self.on_change = most, label, on_change
        self.card = w.Dropdown(options=[(C.name(c), c) for c in cards], description="카드", layout=wide())
        self.pictures, self.message = w.HTML(layout=w.Layout(max_width="100%")), w.HTML()
        self.widget = w.VBox([row(self.card, button(f"{label}에 넣기", self.add, "primary"), button("한 장 빼기", self.remove),
                                  button(f"{label} 비우기", self.clear)), self.message, self.pictures],
                             layout=w.Layout(max_width="100%"))
        self.show()

    def add(self):
        if sum(self.hand.values()) >= self.most:
            self.message.value = error(f"{self.label}에는 카드를 {self.most}장까지 넣을 수 있습니다.")
            return
        self.hand[self.card.value] = self.hand.get(self.card.value, 0) + 1
        self.changed()

    def remove(self):
        c = self.card.value
        if not self.hand.get(c):
            self.message.value = error(f"{self.label}에 {C.name(c)} 카드가 없습니다.")
            return
        self.hand[c] -= 1
        if not self.hand[c]:
            del self.hand[c]
        self.changed()

    def clear(self):
        self.hand = {}
        self.changed()

    def set(self, hand):
        self.hand = dict(hand)
        self.changed()

    def changed(self):
        self.message.value = ""
        self.show()
        if self.on_change:
            self.on_change()

    def show(self):
        self.pictures.value = f"<small>{self.label} {sum(self.hand.values())}장</small>" + pile(self.hand, 50)
