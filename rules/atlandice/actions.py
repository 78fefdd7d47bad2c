"""Actions and chance outcomes of 아틀란다이스. str() is short notation; describe() is Korean.

Areas are numbered as the dice: 1~5 the districts, 6 the 시장 (암시장).
"""
from dataclasses import dataclass

from rules.core import Action
from rules.core.korean import attach
from rules.atlandice.components import area_name, name


# --- chance outcomes -------------------------------------------------------------------------
@dataclass(frozen=True)
class RollDie(Action):
    """One die of the round's roll (문 열기): the face it shows."""
    face: int
    kind = "chance"

    def __str__(self):
        return f"roll:{self.face}"

    def describe(self):
        return f"주사위 하나가 {attach(self.face, '으로')} 나왔습니다"


@dataclass(frozen=True)
class Reroll(Action):
    """보석 가게 / 대장간: the die just taken, rolled again."""
    face: int
    kind = "chance"

    def __str__(self):
        return f"reroll:{self.face}"

    def describe(self):
        return f"가져온 주사위를 다시 굴려 {attach(self.face, '이')} 나왔습니다"


@dataclass(frozen=True)
class RevealBoard(Action):
    """A district's top board emptied and the next one comes up: the clock-hand icons it shows.
    Boards of a district differ only in those icons (READINGS['boards_same_ability']: the seed says so of the
    작업장 only), so the outcome names the count, not the board."""
    district: int
    hands: int
    kind = "chance"

    def __str__(self):
        return f"reveal:{self.district}={self.hands}"

    def describe(self):
        return f"{area_name(self.district)}의 새 맨 위 보드가 드러났습니다: 시곗바늘 아이콘 {self.hands}개"


# --- decisions -------------------------------------------------------------------------------
@dataclass(frozen=True)
class TakeDie(Action):
    """Visit an area that has a die: take the die."""
    area: int
    kind = "die"

    def __str__(self):
        return f"die:{self.area}"

    def describe(self):
        return f"{area_name(self.area)}의 주사위를 가져가 방문합니다"


@dataclass(frozen=True)
class GiveDie(Action):
    """2인 규칙: take a die for the virtual player; it visits that area."""
    area: int
    kind = "die"

    def __str__(self):
        return f"give:{self.area}"

    def describe(self):
        return f"{area_name(self.area)}의 주사위를 가상 플레이어에게 줍니다"


@dataclass(frozen=True)
class TakeHeritage(Action):
    """One heritage of the chosen type from the area being taken from."""
    heritage: str
    kind = "heritage"

    def __str__(self):
        return f"take:{self.heritage}"

    def describe(self):
        return f"{name(self.heritage)} 1개를 가져옵니다"


@dataclass(frozen=True)
class MoveHeritage(Action):
    """여관: one heritage from the market onto another district's board."""
    heritage: str
    district: int
    kind = "ability"

    def __str__(self):
        return f"inn:{self.heritage}>{self.district}"

    def describe(self):
        return f"시장의 {name(self.heritage)} 1개를 {area_name(self.district)} 보드로 옮깁니다"


@dataclass(frozen=True)
class MoveSubmarine(Action):
    """작업장: the submarine moves beside another district."""
    district: int
    kind = "ability"

    def __str__(self):
        return f"sub:{self.district}"

    def describe(self):
        return f"잠수함을 {area_name(self.district)} 옆으로 옮깁니다"


@dataclass(frozen=True)
class SetDie(Action):
    """도서관 (잠정값 'set_die'): turn a die still in the city so it moves from one area to another."""
    source: int
    target: int
    kind = "ability"

    def __str__(self):
        return f"lib:{self.source}>{self.target}"

    def describe(self):
        return f"{area_name(self.source)}의 주사위 하나를 {attach(area_name(self.target), '으로')} 바꿔 놓습니다"


@dataclass(frozen=True)
class Donate(Action):
    """기부: two heritage (types in the order of components.HERITAGE) for one VP token."""
    first: str
    second: str
    kind = "donate"

    def __str__(self):
        return f"donate:{self.first}+{self.second}"

    def describe(self):
        return f"{name(self.first)} 1개와 {name(self.second)} 1개를 기부하고 승점 토큰 1개를 받습니다"


@dataclass(frozen=True)
class EndDonation(Action):
    kind = "donate"

    def __str__(self):
        return "donate:end"

    def describe(self):
        return "기부를 마칩니다"
