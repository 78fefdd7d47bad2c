"""Actions and chance outcomes of 엘도라도. str() is short notation; describe() is Korean.

A payment `pay` is a short string: "" = go on with the power left on the card in play,
"scout" = play that hand card ("native": 원주민's effect), "tok:machete2" = use that cave token,
and for a 자갈밭/베이스캠프 (or a rubble blockade) "cards:" and the cards given, joined by "+" in
sorted order ("cards:explorer+traveler").
"""
from dataclasses import dataclass

from rules.core import Action
from rules.el_dorado.components import name, token_name


def pay_text(pay: str) -> str:
    if pay == "":
        return "내고 남은 탐험치로"
    if pay.startswith("tok:"):
        return f"동굴 토큰 '{token_name(pay[4:])}'으로"
    if pay.startswith("cards:"):
        return ", ".join(name(c) for c in pay[6:].split("+")) + " 카드를 내고"
    if pay == "native":
        return "원주민 카드로 요구치를 무시하고"
    return f"{name(pay)} 카드로"


# --- chance outcomes -------------------------------------------------------------------------
@dataclass(frozen=True)
class Draw(Action):
    """The card drawn from the top of the current player's face-down deck."""
    card: str
    kind = "chance"

    def __str__(self):
        return f"draw:{self.card}"

    def describe(self):
        return f"탐험 카드 더미에서 {name(self.card)} 카드를 뽑았습니다"


@dataclass(frozen=True)
class Token(Action):
    """The top cave token of the cave being explored."""
    token: str
    kind = "chance"

    def __str__(self):
        return f"token:{self.token}"

    def describe(self):
        return f"동굴에서 '{token_name(self.token)}' 토큰이 나왔습니다"


# --- decisions -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Move(Action):
    """Move one pawn onto one adjacent space, paying its requirement with `pay`."""
    pawn: int
    to: str
    pay: str = ""
    kind = "move"

    def __str__(self):
        return f"move:{self.pawn}>{self.to}" + (f":{self.pay}" if self.pay else "")

    def describe(self):
        return f"{self.pawn + 1}번 말을 {pay_text(self.pay)} {self.to} 칸으로 옮깁니다"


@dataclass(frozen=True)
class Break(Action):
    """Pay the blockade on a seam (numbered in race order) next to the pawn, without moving on."""
    pawn: int
    seam: int
    pay: str = ""
    kind = "move"

    def __str__(self):
        return f"break:{self.pawn}>{self.seam}" + (f":{self.pay}" if self.pay else "")

    def describe(self):
        return f"{self.pawn + 1}번 말 옆의 {self.seam + 1}번째 장애물을 {pay_text(self.pay)} 극복합니다"


@dataclass(frozen=True)
class Explore(Action):
    """Take the top token of a cave next to the pawn (caves are numbered as the board lists them)."""
    pawn: int
    cave: int
    kind = "cave"

    def __str__(self):
        return f"explore:{self.pawn}>{self.cave}"

    def describe(self):
        return f"{self.pawn + 1}번 말 옆의 동굴({self.cave + 1})을 탐험합니다"


@dataclass(frozen=True)
class Play(Action):
    """Use a purple card's effect (송신기 names the card it brings in `target`)."""
    card: str
    target: str = ""
    kind = "effect"

    def __str__(self):
        return f"play:{self.card}" + (f":{self.target}" if self.target else "")

    def describe(self):
        text = f"{name(self.card)} 카드의 효과를 씁니다"
        if self.target:
            text += f" ({name(self.target)} 카드를 가져옴)"
        return text


@dataclass(frozen=True)
class UseToken(Action):
    """Use a cave token that does not pay for a space (카드 제거 names the hand card in `card`)."""
    token: str
    card: str = ""
    kind = "effect"

    def __str__(self):
        return f"use:{self.token}" + (f":{self.card}" if self.card else "")

    def describe(self):
        text = f"동굴 토큰 '{token_name(self.token)}'을 씁니다"
        if self.card:
            text += f" ({name(self.card)} 카드를 게임에서 제거)"
        return text


@dataclass(frozen=True)
class Pick(Action):
    """Choose one hand card for the effect being resolved (과학자/탐험 일지: remove; 카드 교체: set aside)."""
    card: str
    kind = "pick"

    def __str__(self):
        return f"pick:{self.card}"

    def describe(self):
        return f"손에서 {name(self.card)} 카드를 고릅니다"


@dataclass(frozen=True)
class Spend(Action):
    """Put a card (or a coin token) towards this turn's purchase."""
    pay: str
    kind = "buy"

    def __str__(self):
        return f"spend:{self.pay}"

    def describe(self):
        return f"구매에 {pay_text(self.pay)} 금화를 냅니다"


@dataclass(frozen=True)
class Buy(Action):
    card: str
    kind = "buy"

    def __str__(self):
        return f"buy:{self.card}"

    def describe(self):
        return f"시장에서 {name(self.card)} 카드를 삽니다"


@dataclass(frozen=True)
class EndTurn(Action):
    """End step 1 (card use); then comes 사용한 카드 버리기."""
    kind = "end"

    def __str__(self):
        return "end"

    def describe(self):
        return "카드 사용을 마칩니다"


@dataclass(frozen=True)
class Discard(Action):
    """Step 2: discard an unused hand card as well."""
    card: str
    kind = "end"

    def __str__(self):
        return f"discard:{self.card}"

    def describe(self):
        return f"쓰지 않은 {name(self.card)} 카드를 버린 카드 더미에 놓습니다"


@dataclass(frozen=True)
class Done(Action):
    """Stop choosing: ends a pick (과학자, 탐험 일지, 카드 교체) or step 2, then draws up to 4."""
    kind = "end"

    def __str__(self):
        return "done"

    def describe(self):
        return "고르기를 마칩니다"
