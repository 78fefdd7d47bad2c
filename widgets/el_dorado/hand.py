"""A hand (or pile) of cards picked from a menu; the pictures below show what is in it."""
from rules.el_dorado import components as C
from widgets.common.picker import CountPicker
from widgets.el_dorado.cards import pile


class HandPicker(CountPicker):
    def __init__(self, hand=None, cards=C.CARDS, most=8, on_change=None, label="패"):
        self.most, self.label = most, label
        super().__init__([(C.name(c), c) for c in cards], hand, on_change, description="카드", add=f"{label}에 넣기",
                         remove="한 장 빼기", clear=f"{label} 비우기")

    def refusal(self, card) -> str:
        return f"{self.label}에는 카드를 {self.most}장까지 넣을 수 있습니다." if sum(self.counts.values()) >= self.most else ""

    def missing(self, card) -> str:
        return f"{self.label}에 {C.name(card)} 카드가 없습니다."

    def html(self) -> str:
        return f"<small>{self.label} {sum(self.counts.values())}장</small>" + pile(self.counts, 50)
