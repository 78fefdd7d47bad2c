"""Actions and chance outcomes of 아틀란다이스, and PHRASES: how each is written (notation, Korean) and the
section of the chapter that allows it.

Areas are numbered as the dice: 1~5 the districts, 6 the 시장 (암시장).
"""
from dataclasses import dataclass

from rules.core import Action
from rules.core.phrases import Phrase, Rule, phrase_table
from rules.atlandice.components import area_name, name

AREA_FIELDS = frozenset({"area", "district", "source", "target"})
HERITAGE_FIELDS = frozenset({"heritage", "first", "second"})


class AtlandiceAction(Action):
    """Fields as 아틀란다이스 says them: an area by its name, a heritage type by its name."""

    def word(self, field, value):
        if field in AREA_FIELDS:
            return area_name(value)
        if field in HERITAGE_FIELDS:
            return name(value)
        return str(value)


# --- chance outcomes -------------------------------------------------------------------------
@dataclass(frozen=True)
class RollDie(AtlandiceAction):
    """One die of the round's roll (문 열기): the face it shows."""
    face: int
    kind = "chance"


@dataclass(frozen=True)
class Reroll(AtlandiceAction):
    """보석 가게 / 대장간: the die just taken, rolled again."""
    face: int
    kind = "chance"


@dataclass(frozen=True)
class RevealBoard(AtlandiceAction):
    """A district's top board emptied and the next one comes up: the clock-hand icons it shows.
    Boards of a district differ only in those icons (READINGS['boards_same_ability']: the seed says so of the
    작업장 only), so the outcome names the count, not the board."""
    district: int
    hands: int
    kind = "chance"


# --- decisions -------------------------------------------------------------------------------
@dataclass(frozen=True)
class TakeDie(AtlandiceAction):
    """Visit an area that has a die: take the die."""
    area: int
    kind = "die"


@dataclass(frozen=True)
class GiveDie(AtlandiceAction):
    """2인 규칙: take a die for the virtual player; it visits that area."""
    area: int
    kind = "die"


@dataclass(frozen=True)
class TakeHeritage(AtlandiceAction):
    """One heritage of the chosen type from the area being taken from."""
    heritage: str
    kind = "heritage"


@dataclass(frozen=True)
class MoveHeritage(AtlandiceAction):
    """여관: one heritage from the market onto another district's board."""
    heritage: str
    district: int
    kind = "ability"


@dataclass(frozen=True)
class MoveSubmarine(AtlandiceAction):
    """작업장: the submarine moves beside another district."""
    district: int
    kind = "ability"


@dataclass(frozen=True)
class SetDie(AtlandiceAction):
    """도서관 (잠정값 'set_die'): turn a die still in the city so it moves from one area to another."""
    source: int
    target: int
    kind = "ability"


@dataclass(frozen=True)
class Donate(AtlandiceAction):
    """기부: two heritage (types in the order of components.HERITAGE) for one VP token."""
    first: str
    second: str
    kind = "donate"


@dataclass(frozen=True)
class EndDonation(AtlandiceAction):
    kind = "donate"


# --- how each is written, and the rule that allows it ------------------------------------------
ROLL = Rule("round", "rule-atl-roll", "1 - 문을 엽니다",
            "라운드의 처음에 선 플레이어가 주사위를 모두 굴려 눈에 맞는 시설 옆에, 6은 시장 옆에 놓습니다.")
VISIT = Rule("round", "rule-atl-visit", "2 - 지역을 방문합니다",
             "주사위가 있는 지역에서 주사위 1개를 가져오고, 그곳의 유산 1개(잠수함이 옆에 있으면 1개 더)를 가져온 뒤 "
             "그 시설의 능력을 씁니다.")
ABILITIES = Rule("abilities", "rule-atl-abilities", "시설 보드 능력",
                 "방문한 시설의 능력을 씁니다. 보석 가게는 다시 굴려 홀수, 대장간은 6이 나오면 유산 1개를 더 가져옵니다.")
LIBRARY = Rule("abilities", "rule-atl-library", "2번 도서관",
               "도서관 능력(잠정값): 아직 남은 주사위 1개의 눈을 바꿔 다른 지역으로 옮깁니다.")
INN = Rule("abilities", "rule-atl-inn", "3번 여관",
           "여관 능력: 시장의 유산 1개를 여관이 아닌 다른 시설 보드로 옮깁니다.")
WORKSHOP = Rule("abilities", "rule-atl-workshop", "4번 작업장",
                "작업장 능력: 잠수함을 다른 시설 보드 옆으로 옮깁니다. 잠수함 옆 시설을 방문하면 유산을 1개 더 가져옵니다.")
RETURN = Rule("depletion", "rule-atl-return", "유산의 반납",
              "시설 보드가 비면 그 유산을 시장과 새 맨 위 보드로 돌려놓습니다. 새 보드의 시곗바늘 아이콘 수는 이때 드러납니다.")
DONATION = Rule("clock", "rule-atl-donation", "이벤트 2. 기부",
                "시곗바늘이 기부 칸에 멈추면, 선 플레이어부터 유산 2개를 내고 승점 토큰 1개를 받는 일을 원하는 만큼 합니다.")
VIRTUAL = Rule("two_players", "rule-atl-virtual", "2인용 규칙",
               "2인 게임에서는 각자 주사위 3개를 고르고, 그중 1개는 가상 플레이어에게 줍니다. 가상 플레이어도 다수를 두고 "
               "경쟁합니다.")
# Sections no action is named for: what a visit or the clock sets off (the guided game tells them when they happen).
DEPLETION = Rule("depletion", "rule-atl-depletion", "중간 점수 계산",
                 "시설 보드의 유산이 모두 가져가지면, 그 유산 1위가 보드(3점)를, 2위가 승점 토큰 1개를 받습니다. 1위가 "
                 "여럿이면 한 명은 보드, 나머지는 토큰 3개씩 받고 2위는 없습니다.")
CLOCK = Rule("clock", "rule-atl-clock", "3 - 시곗바늘 움직이기",
             "모두 주사위를 고르면 남은 주사위 1개가 놓인 시설 보드의 시곗바늘 아이콘 수만큼 시곗바늘이 나아갑니다.")
CHECK = Rule("clock", "rule-atl-check", "이벤트 1. 확인",
             "시곗바늘이 확인 칸에 멈추면 그 칸의 유산을 가장 많이 가진 사람(동점이면 모두)이 승점 토큰 1개를 받습니다.")
END = Rule("end", "rule-atl-end", "최종 점수 계산",
           "시곗바늘이 파도 칸에 닿으면 끝납니다. 유산 종류마다 1위 3점, 2위 1점, 얻은 보드 한 장에 3점, 승점 토큰을 더합니다.")

PHRASES = phrase_table({
    RollDie: Phrase("roll:{face}", "주사위 하나가 {face:으로} 나왔습니다", ROLL),
    Reroll: Phrase("reroll:{face}", "가져온 주사위를 다시 굴려 {face:이} 나왔습니다", ABILITIES),
    RevealBoard: Phrase("reveal:{district}={hands}", "{district}의 새 맨 위 보드가 드러났습니다: 시곗바늘 아이콘 {hands}개",
                        RETURN),
    TakeDie: Phrase("die:{area}", "{area}의 주사위를 가져가 방문합니다", VISIT),
    GiveDie: Phrase("give:{area}", "{area}의 주사위를 가상 플레이어에게 줍니다", VIRTUAL),
    TakeHeritage: Phrase("take:{heritage}", "{heritage} 1개를 가져옵니다", VISIT),
    MoveHeritage: Phrase("inn:{heritage}>{district}", "시장의 {heritage} 1개를 {district} 보드로 옮깁니다", INN),
    MoveSubmarine: Phrase("sub:{district}", "잠수함을 {district} 옆으로 옮깁니다", WORKSHOP),
    SetDie: Phrase("lib:{source}>{target}", "{source}의 주사위 하나를 {target:으로} 바꿔 놓습니다", LIBRARY),
    Donate: Phrase("donate:{first}+{second}", "{first} 1개와 {second} 1개를 기부하고 승점 토큰 1개를 받습니다", DONATION),
    EndDonation: Phrase("donate:end", "기부를 마칩니다", DONATION),
})
