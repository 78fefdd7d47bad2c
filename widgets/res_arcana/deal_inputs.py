"""테이블 setup rows for a real deal of 레즈 아르카나: the places of power and face-up monuments as the table laid
them out, and each seat's dealt cards typed with the screen handed to that seat, then hidden. The engine
checks the deal (rules/res_arcana/deal.py); nothing here decides a rule."""
from html import escape

import ipywidgets as w

from rules.core import IllegalAction
from rules.res_arcana import components as C
from rules.res_arcana.deal import seat_counts
from widgets.common.ui import LABEL, button, error, row, wide

BY_NAME = {kind: {C.name(c).replace(" ", ""): c for c in C.ALL if C.KIND[c] == kind} for kind in ("mage", "artifact")}
WORDS = {"mage": "마법사", "artifact": "유물"}


def names_list(kinds) -> str:
    """The names a seat may type, folded: a phone keyboard needs the exact spelling."""
    body = "".join(f"<div><b>{WORDS[k]}</b>: {escape(', '.join(sorted(C.name(c) for c in C.ALL if C.KIND[c] == k)))}</div>"
                   for k in kinds)
    return f"<details><summary><small>이름 목록</small></summary><small>{body}</small></details>"


def parse(text: str, kind: str) -> list:
    """'불의 용, 용의 알' as typed (spaces inside a name ignored) -> the cards; an unknown name raises."""
    cards = []
    for part in text.replace("，", ",").split(","):
        if part.strip():
            card = BY_NAME[kind].get(part.replace(" ", ""))
            if card is None:
                raise IllegalAction(f"알 수 없는 {WORDS[kind]} 이름입니다: {part.strip()}", "게임 준비")
            cards.append(card)
    return cards


class SeatCards:
    """One seat's dealt cards: typed by that player with the screen handed over, hidden once confirmed."""

    def __init__(self, player: int, seat_name):
        self.player, self.seat_name = player, seat_name
        self.mages = w.Text(description="마법사", placeholder="예: 연금술사, 드루이드", style=LABEL,
                            layout=w.Layout(width="100%"))
        self.artifacts = w.Textarea(description="유물", placeholder="예: 불의 용, 용의 알, …", style=LABEL,
                                    layout=w.Layout(width="100%", height="4.5em"))
        self.note = w.HTML()
        self.private = w.VBox([self.note, self.mages, self.artifacts, row(button("확인하고 가리기", self.confirm, "success"))],
                              layout=w.Layout(max_width="100%", display="none"))
        self.status = w.HTML("<small>아직 입력하지 않음</small>")
        self.open_button = button("카드 입력", self.open, "info")
        self.variants = ()

    def widgets(self, name) -> list:
        return [row(name, self.open_button, self.status), self.private]

    def open(self):
        """Fresh fields each time: what was typed before is never shown again."""
        self.wipe()
        mages, cards = seat_counts(self.variants)
        self.mages.layout.display = None if mages else "none"
        who = escape(self.seat_name(self.player))
        if mages:
            self.note.value = (f"<small>{who}만 보세요. 받은 카드의 이름을 쉼표로 나누어 적습니다: 마법사 {mages}장, "
                               f"유물 {cards}장{' (첫 묶음 4장, 다음 묶음 4장 순서로)' if 'draft' in self.variants else ''}."
                               "</small>" + names_list(("mage", "artifact")))
        else:   # the first game's deck is seen by no player: the staff types it while dealing
            self.note.value = (f"<small>직원용: {who} 자리에 뒷면으로 나눈 유물 더미 {cards}장의 이름을 쉼표로 나누어 "
                               "적습니다 (손님에게는 보이지 않게).</small>" + names_list(("artifact",)))
        self.private.layout.display = None

    def confirm(self):
        try:
            mages, cards = self.cards()
        except IllegalAction as exc:
            self.note.value = error(str(exc))
            return
        self.private.layout.display = "none"
        self.status.value = f"<small>입력함 (마법사 {len(mages)}장, 유물 {len(cards)}장, 가려 둠)</small>"

    def cards(self) -> tuple:
        return parse(self.mages.value, "mage"), parse(self.artifacts.value, "artifact")

    def wipe(self):
        self.mages.value = self.artifacts.value = ""


class DealInputs:
    """The setup rows of a real deal, shown when the staff switch it on."""

    def __init__(self, seat_name):
        self.real = w.Checkbox(value=False, description="실제로 나눈 카드로 시작 (장소 · 기념물 · 각자의 카드 입력)",
                               indent=False, layout=wide())
        self.places = [w.Dropdown(options=[(C.name(a), a), (C.name(b), b)], description=f"장소 {tile}",
                                  layout=wide()) for tile, (a, b) in C.TILES.items()]
        self.monuments = [w.Dropdown(options=[(C.name(m), m) for m in C.MONUMENTS], value=C.MONUMENTS[i],
                                     description=f"기념물 {i + 1}", style=LABEL, layout=wide()) for i in range(2)]
        help_ = w.HTML("<small>가운데에 놓은 마력의 장소 5장의 면과 공개된 기념물 2장을 고르세요. 나머지 기념물은 섞은 더미라 "
                       "순서는 입력하지 않습니다(가져올 때 나온 카드를 고름). 각 자리의 카드는 그 사람에게 화면을 넘겨 "
                       "'카드 입력'으로 적게 하세요.</small>")
        self.box = w.VBox([help_, row(*self.places), row(*self.monuments)],
                          layout=w.Layout(max_width="100%", display="none"))
        self.real.observe(lambda _: self.show(), "value")
        self.seats = [SeatCards(p, seat_name) for p in range(max(C.PLAYER_COUNTS))]

    def show(self):
        self.box.layout.display = None if self.real.value else "none"
        for seat in self.seats:
            seat.open_button.layout.display = seat.status.layout.display = None if self.real.value else "none"
            if not self.real.value:
                seat.private.layout.display = "none"

    def set_variants(self, variants):
        for seat in self.seats:
            seat.variants = variants
        first = "first_game" in variants
        for dropdown, side in zip(self.places, C.FIRST_GAME_PLACES):
            if first:
                dropdown.value = side
            dropdown.disabled = first     # the first game lays out fixed sides

    def deal(self, n: int) -> dict:
        """The typed deal as dealt_game's arguments (an unknown name raises IllegalAction)."""
        cards = [seat.cards() for seat in self.seats[:n]]
        return {"places": [d.value for d in self.places], "monuments": [d.value for d in self.monuments],
                "mages": [m for m, _ in cards], "artifacts": [a for _, a in cards]}

    def wipe(self):
        for seat in self.seats:
            seat.wipe()
