"""Actions and chance outcomes of 레즈 아르카나, and PHRASES: how each is written (notation, Korean) and
the section of the chapter that allows it."""
from dataclasses import dataclass

from rules.core import Action
from rules.core.phrases import Phrase, Rule, phrase_table
from rules.res_arcana.components import POWERS, ess, name
from rules.res_arcana.texts import power_text

_CARDS = ("card", "mage", "item", "component", "place", "monument")


class ResArcanaAction(Action):
    """Fields as 레즈 아르카나 writes them: a component by its Korean name, an essence by its name, a
    player by their seat number from 1."""

    def note(self, field, value):
        if field == "cards":
            return ",".join(value)
        return str(value)

    def word(self, field, value):
        if field in _CARDS:
            return name(value)
        if field == "essence":
            return ess(value)
        if field == "player":
            return str(value + 1)
        if field == "power":
            return str(value + 1)
        if field == "cards":
            return ", ".join(name(c) for c in value)
        return str(value)


def _with_power(text: str, component: str, power: int) -> str:
    """A power's sentence followed by what the card prints for it, cost → effect: a button says what it does."""
    powers = POWERS.get(component, ())
    return f"{text}: {power_text(powers[power])}" if 0 <= power < len(powers) else text


# --- chance outcomes -------------------------------------------------------------------------
@dataclass(frozen=True)
class Draw(ResArcanaAction):
    """The card that comes off the top of a player's face-down artifact deck."""
    card: str
    kind = "chance"


@dataclass(frozen=True)
class MonumentDraw(ResArcanaAction):
    """The monument that comes off the top of the face-down monument deck."""
    monument: str
    kind = "chance"


# --- setup -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class DraftPick(ResArcanaAction):
    card: str
    kind = "setup"


@dataclass(frozen=True)
class ChooseMage(ResArcanaAction):
    mage: str
    kind = "setup"


@dataclass(frozen=True)
class ChooseItem(ResArcanaAction):
    item: str
    kind = "setup"


# --- collect phase ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Collect(ResArcanaAction):
    """Take every essence off one component into the pool (take=True), or leave them all."""
    component: str
    take: bool
    kind = "collect"

    def note(self, field, value):
        return ("take" if value else "leave") if field == "take" else super().note(field, value)

    def word(self, field, value):
        return ("모두 가져옵니다" if value else "그대로 둡니다") if field == "take" else super().word(field, value)


@dataclass(frozen=True)
class CollectCost(ResArcanaAction):
    """저주받은 용광로: pay the collect cost (1 죽음) or turn the component."""
    pay: bool
    kind = "collect"

    def note(self, field, value):
        return "pay" if value else "turn"

    def describe(self):     # two sentences, not one with a blank
        return "죽음 1개를 냅니다 (저주)" if self.pay else "정수를 내지 않고 구성품을 돌립니다"


# --- the actions of the action phase ---------------------------------------------------------
@dataclass(frozen=True)
class Place(ResArcanaAction):
    card: str
    kind = "place"


@dataclass(frozen=True)
class ClaimMonument(ResArcanaAction):
    """A face-up monument, or monument='deck' for the unseen top card of the monument deck."""
    monument: str
    kind = "claim"

    def describe(self):     # the deck's top card has no name yet
        if self.monument == "deck":
            return "기념물 카드 더미 맨 윗장을 보지 않고 가져옵니다 (금 4개)"
        return super().describe()


@dataclass(frozen=True)
class ClaimPlace(ResArcanaAction):
    place: str
    kind = "claim"


@dataclass(frozen=True)
class Discard(ResArcanaAction):
    """Discard a card from hand for 1 금 (gold=True) or 2 essences other than gold."""
    card: str
    gold: bool
    kind = "discard"

    def note(self, field, value):
        return ("G" if value else "2") if field == "gold" else super().note(field, value)

    def word(self, field, value):
        return ("금 1개" if value else "금이 아닌 정수 2개") if field == "gold" else super().word(field, value)


@dataclass(frozen=True)
class Use(ResArcanaAction):
    """Use power number `power` (0 or 1) of one of your components."""
    component: str
    power: int
    kind = "power"

    def describe(self):
        return _with_power(super().describe(), self.component, self.power)


@dataclass(frozen=True)
class Pass(ResArcanaAction):
    """Pass, swapping the magic item for `item` from the supply."""
    item: str
    kind = "pass"


# --- steps inside an action (costs, gains, targets) ------------------------------------------
@dataclass(frozen=True)
class Pay(ResArcanaAction):
    """Pay one essence of the 'any essence' part of a cost."""
    essence: str
    kind = "pay"


@dataclass(frozen=True)
class Waive(ResArcanaAction):
    """Use one point of discount on this essence of the cost ('any' for the any-essence part)."""
    essence: str
    kind = "pay"

    def word(self, field, value):
        return "원하는 정수" if value == "any" else super().word(field, value)


@dataclass(frozen=True)
class Gain(ResArcanaAction):
    """Choose one essence of a gain of 'N essences of your choice'."""
    essence: str
    kind = "gain"


@dataclass(frozen=True)
class Convert(ResArcanaAction):
    """A cost of 'X essences all of one type': pay `count` essences of `essence`."""
    essence: str
    count: int
    kind = "pay"


@dataclass(frozen=True)
class Into(ResArcanaAction):
    """프리즘: the one type every converted essence becomes."""
    essence: str
    kind = "gain"


@dataclass(frozen=True)
class Target(ResArcanaAction):
    """Choose a component in play (to straighten, destroy, turn, or put an essence on)."""
    component: str
    kind = "target"


@dataclass(frozen=True)
class PickCard(ResArcanaAction):
    """Choose a card (from a hand or a discard pile)."""
    card: str
    kind = "target"


@dataclass(frozen=True)
class Rival(ResArcanaAction):
    player: int
    kind = "target"


@dataclass(frozen=True)
class LookAt(ResArcanaAction):
    """Seer, Hawk, Oracle: look at the top 3 of your artifact deck ('own') or the monument deck."""
    deck: str
    kind = "target"

    def word(self, field, value):
        return "자신의 유물 카드 더미" if value == "own" else "기념물 카드 더미"


@dataclass(frozen=True)
class Order(ResArcanaAction):
    """Put the cards looked at back on top, the first named on top."""
    cards: tuple
    kind = "target"


@dataclass(frozen=True)
class React(ResArcanaAction):
    """Use a reaction power (out of turn; not an action)."""
    component: str
    power: int
    kind = "react"

    def describe(self):
        return _with_power(super().describe(), self.component, self.power)

    def rule(self):     # 황금 조각상 reacts to a victory check, not to a life loss
        return STATUE if self.component == "golden_statue" else REACT


@dataclass(frozen=True)
class Ignore(ResArcanaAction):
    """Ignore a life loss by the option the attacking power itself offers."""
    kind = "react"


@dataclass(frozen=True)
class Accept(ResArcanaAction):
    """Take the life loss (or, at a victory check, use no reaction)."""
    kind = "react"


@dataclass(frozen=True)
class Lose(ResArcanaAction):
    """Life loss without enough 생명: discard this other essence (2 per missing 생명)."""
    essence: str
    kind = "lose"


# --- how each is written, and the rule that allows it ------------------------------------------
MAGE = Rule("setup", "rule-ra-mage", "마법사 고르기",
            "받은 마법사 2장 중 1장을 고릅니다. 마법사의 능력과 마력은 게임 내내 내 것이니, 손패의 유물과 잘 맞는 쪽을 고릅니다.")
ITEM = Rule("setup", "rule-ra-item", "마법 아이템 고르기",
            "선 플레이어의 오른쪽 사람부터 거꾸로 돌아가며 가운데의 마법 아이템을 1개씩 고릅니다. 패스할 때마다 바꿀 수 있습니다.")
DRAFT = Rule("setup", "rule-ra-draft", "드래프트",
             "받은 묶음에서 1장을 갖고 나머지를 옆 사람에게 넘기기를 되풀이해 유물 8장을 모읍니다.")
COLLECT_ON = Rule("collect", "rule-ra-collect-on", "구성품 위의 정수",
                  "수집 단계에 구성품 위의 정수는 구성품마다 모두 가져오거나 모두 둡니다. 둔 정수는 승점이나 이자가 되기도 합니다.")
GAIN = Rule("collect", "rule-ra-gain", "원하는 정수 받기",
            "'원하는 정수 N개'는 표시된 수만큼 원하는 조합으로 받습니다. 금 금지 같은 제한이 있으면 지킵니다.")
FORGE = Rule("collect", "rule-ra-forge", "수집 비용",
             "저주받은 용광로는 수집 단계마다 죽음 1개를 내거나, 내지 않으면 돌려집니다(그 라운드에 마력을 쓸 수 없음).")
PLACE = Rule("actions", "rule-ra-place", "유물 배치",
             "1액션으로 손의 유물 1장의 배치 비용(카드 왼쪽 위)을 내고 내 앞에 놓습니다. 놓은 유물의 승점, 능력, 마력이 내 것이 됩니다.")
CLAIM = Rule("actions", "rule-ra-claim", "기념물 또는 마력의 장소 소유",
             "1액션으로 기념물(금 4개, 공개된 2장이나 더미 맨 윗장)이나 마력의 장소(카드의 비용)를 가져옵니다. 승점의 큰 몫입니다.")
DISCARD = Rule("actions", "rule-ra-discard", "유물 버리기",
               "1액션으로 손의 카드 1장을 버리고 금 1개나 금이 아닌 정수 2개를 받습니다. 쓰지 않을 카드를 정수로 바꾸는 방법입니다.")
COST = Rule("actions", "rule-ra-cost", "비용 내기",
            "비용의 '원하는 정수'는 아무 정수로나 냅니다. 어느 정수를 낼지는 내는 사람이 하나씩 고릅니다.")
DISCOUNT = Rule("actions", "rule-ra-discount", "할인",
                "할인 능력은 금이 아닌 비용을 줄입니다. 할인 1점마다 어느 정수를 뺄지 고릅니다.")
POWER = Rule("powers", "rule-ra-powers", "마력 사용",
             "1액션으로 바로 서 있는 내 구성품의 마력 1개를 씁니다. 화살표 왼쪽이 비용(돌리기 포함), 오른쪽이 효과입니다.")
EFFECTS = Rule("powers", "rule-ra-effects", "마력의 대상 고르기",
               "마력이 버리기, 파괴, 배치, 바로 세우기처럼 대상을 요구하면 알맞은 구성품이나 카드를 하나 고릅니다.")
CONVERT = Rule("powers", "rule-ra-convert", "같은 종류 정수 바꾸기",
               "가열로, 현자의 돌, 프리즘은 같은 종류의 정수 X개를 내고 같은 수만큼 다른 정수를 받습니다. X는 내는 사람이 정합니다.")
MIRROR = Rule("powers", "rule-ra-mirror", "경쟁자 1명 고르기",
              "최면의 수반과 나무정령은 경쟁자 1명의 정수 저장소에 있는 정수의 수만큼 받습니다. 그 경쟁자의 정수는 줄지 않습니다.")
LOOK = Rule("powers", "rule-ra-look", "맨 위 3장 보기",
            "매, 신탁소, 예언자는 카드 더미 맨 위 3장을 보고 원하는 순서로 되돌려 놓습니다. 본 사람만 그 순서를 압니다.")
REACT = Rule("powers", "rule-ra-react", "반응 마력",
             "반응 마력은 액션이 아니라 조건(생명 손실 등)이 생길 때 씁니다. 공격받은 사람이 쓸지 정합니다.")
LIFE_LOSS = Rule("powers", "rule-ra-life-loss", "생명 손실",
                 "생명 손실은 생명으로 냅니다. 생명이 모자라면 모자란 1개마다 다른 정수 2개를 버립니다. 공격한 마력이 무시 방법을 줄 때도 있습니다.")
PASS = Rule("pass", "rule-ra-pass", "패스하기",
            "더 할 액션이 없으면 패스합니다. 처음 패스하면 선 플레이어 토큰(1점), 마법 아이템을 가운데 것과 바꾸고, 카드 1장을 뽑습니다.")
STATUE = Rule("victory", "rule-ra-statue", "황금 조각상",
              "승점 확인 때 황금 조각상의 주인은 돌리고 금 3개를 내어 그 확인에서만 3점을 더할 수 있습니다.")

PHRASES = phrase_table({
    Draw: Phrase("draw:{card}", "유물 카드 더미에서 {card} 카드가 나왔습니다"),
    MonumentDraw: Phrase("monument:{monument}", "기념물 카드 더미에서 {monument} 카드가 나왔습니다", CLAIM),
    DraftPick: Phrase("draft:{card}", "드래프트에서 {card} 카드를 갖고 나머지를 넘깁니다", DRAFT),
    ChooseMage: Phrase("mage:{mage}", "마법사 {mage:을} 고릅니다", MAGE),
    ChooseItem: Phrase("item:{item}", "마법 아이템 {item:을} 고릅니다", ITEM),
    Collect: Phrase("{take}:{component}", "{component} 위의 정수를 {take}", COLLECT_ON),
    CollectCost: Phrase("curse:{pay}", "", FORGE),
    Place: Phrase("place:{card}", "손에 든 {card} 카드를 배치합니다", PLACE),
    ClaimMonument: Phrase("monument:claim:{monument}", "기념물 {monument:을} 가져옵니다 (금 4개)", CLAIM),
    ClaimPlace: Phrase("claim:{place}", "마력의 장소 {place:을} 가져옵니다", CLAIM),
    Discard: Phrase("discard:{card}:{gold}", "{card} 카드를 버리고 {gold:을} 받습니다", DISCARD),
    Use: Phrase("use:{component}:{power}", "{component}의 {power}번째 마력을 사용합니다", POWER),
    Pass: Phrase("pass:{item}", "패스하고 마법 아이템을 {item:으로} 바꿉니다", PASS),
    Pay: Phrase("pay:{essence}", "비용으로 {essence} 1개를 냅니다", COST),
    Waive: Phrase("waive:{essence}", "할인으로 비용의 {essence} 1개를 뺍니다", DISCOUNT),
    Gain: Phrase("gain:{essence}", "{essence} 1개를 받습니다", GAIN),
    Convert: Phrase("convert:{count}{essence}", "{essence} {count}개를 냅니다", CONVERT),
    Into: Phrase("into:{essence}", "모두 {essence:으로} 받습니다", CONVERT),
    Target: Phrase("target:{component}", "{component:을} 고릅니다", EFFECTS),
    PickCard: Phrase("card:{card}", "{card} 카드를 고릅니다", EFFECTS),
    Rival: Phrase("rival:{player}", "플레이어 {player:을} 경쟁자로 고릅니다", MIRROR),
    LookAt: Phrase("look:{deck}", "{deck} 맨 위 3장을 봅니다", LOOK),
    Order: Phrase("order:{cards}", "맨 위부터 {cards} 순서로 되돌려 놓습니다", LOOK),
    React: Phrase("react:{component}:{power}", "{component}의 반응 마력을 사용합니다", REACT),
    Ignore: Phrase("ignore", "공격한 마력이 제시한 방법으로 생명 손실을 무시합니다", LIFE_LOSS),
    Accept: Phrase("accept", "반응 마력을 쓰지 않습니다", REACT),
    Lose: Phrase("lose:{essence}", "생명 대신 {essence} 1개를 버립니다", LIFE_LOSS),
})
