"""Actions and chance outcomes of 레즈 아르카나. str() is short notation; describe() is Korean."""
from dataclasses import dataclass

from rules.core import Action
from rules.core.korean import attach
from rules.res_arcana.components import POWERS, cost_text, ess, name


# --- chance outcomes -------------------------------------------------------------------------
@dataclass(frozen=True)
class Draw(Action):
    """The card that comes off the top of a player's face-down artifact deck."""
    card: str
    kind = "chance"

    def __str__(self):
        return f"draw:{self.card}"

    def describe(self):
        return f"유물 카드 더미에서 {name(self.card)} 카드가 나왔습니다"


@dataclass(frozen=True)
class MonumentDraw(Action):
    """The monument that comes off the top of the face-down monument deck."""
    monument: str
    kind = "chance"

    def __str__(self):
        return f"monument:{self.monument}"

    def describe(self):
        return f"기념물 카드 더미에서 {name(self.monument)} 카드가 나왔습니다"


# --- setup -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class DraftPick(Action):
    card: str
    kind = "setup"

    def __str__(self):
        return f"draft:{self.card}"

    def describe(self):
        return f"드래프트에서 {name(self.card)} 카드를 갖고 나머지를 넘깁니다"


@dataclass(frozen=True)
class ChooseMage(Action):
    mage: str
    kind = "setup"

    def __str__(self):
        return f"mage:{self.mage}"

    def describe(self):
        return f"마법사 {attach(name(self.mage), '을')} 고릅니다"


@dataclass(frozen=True)
class ChooseItem(Action):
    item: str
    kind = "setup"

    def __str__(self):
        return f"item:{self.item}"

    def describe(self):
        return f"마법 아이템 {attach(name(self.item), '을')} 고릅니다"


# --- collect phase ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Collect(Action):
    """Take every essence off one component into the pool (take=True), or leave them all."""
    component: str
    take: bool
    kind = "collect"

    def __str__(self):
        return f"{'take' if self.take else 'leave'}:{self.component}"

    def describe(self):
        if self.take:
            return f"{name(self.component)} 위의 정수를 모두 가져옵니다"
        return f"{name(self.component)} 위의 정수를 그대로 둡니다"


@dataclass(frozen=True)
class CollectCost(Action):
    """저주받은 용광로: pay the collect cost (1 죽음) or turn the component."""
    pay: bool
    kind = "collect"

    def __str__(self):
        return "curse:pay" if self.pay else "curse:turn"

    def describe(self):
        return "죽음 1개를 냅니다 (저주)" if self.pay else "정수를 내지 않고 구성품을 돌립니다"


# --- the actions of the action phase ---------------------------------------------------------
@dataclass(frozen=True)
class Place(Action):
    card: str
    kind = "place"

    def __str__(self):
        return f"place:{self.card}"

    def describe(self):
        return f"손에 든 {name(self.card)} 카드를 배치합니다"


@dataclass(frozen=True)
class ClaimMonument(Action):
    """A face-up monument, or monument='deck' for the unseen top card of the monument deck."""
    monument: str
    kind = "claim"

    def __str__(self):
        return f"monument:claim:{self.monument}"

    def describe(self):
        if self.monument == "deck":
            return "기념물 카드 더미 맨 윗장을 보지 않고 가져옵니다 (금 4개)"
        return f"기념물 {attach(name(self.monument), '을')} 가져옵니다 (금 4개)"


@dataclass(frozen=True)
class ClaimPlace(Action):
    place: str
    kind = "claim"

    def __str__(self):
        return f"claim:{self.place}"

    def describe(self):
        return f"마력의 장소 {attach(name(self.place), '을')} 가져옵니다"


@dataclass(frozen=True)
class Discard(Action):
    """Discard a card from hand for 1 금 (gold=True) or 2 essences other than gold."""
    card: str
    gold: bool
    kind = "discard"

    def __str__(self):
        return f"discard:{self.card}:{'G' if self.gold else '2'}"

    def describe(self):
        reward = "금 1개" if self.gold else "금이 아닌 정수 2개"
        return f"{name(self.card)} 카드를 버리고 {reward}를 받습니다"


@dataclass(frozen=True)
class Use(Action):
    """Use power number `power` (0 or 1) of one of your components."""
    component: str
    power: int
    kind = "power"

    def __str__(self):
        return f"use:{self.component}:{self.power}"

    def describe(self):
        text = f"{name(self.component)}의 {self.power + 1}번째 마력을 사용합니다"
        powers = POWERS.get(self.component, ())
        if 0 <= self.power < len(powers):
            power = powers[self.power]
            text += f" (비용: {'돌리기 + ' if power['turn'] else ''}{cost_text(power['cost'])})"
        return text


@dataclass(frozen=True)
class Pass(Action):
    """Pass, swapping the magic item for `item` from the supply."""
    item: str
    kind = "pass"

    def __str__(self):
        return f"pass:{self.item}"

    def describe(self):
        return f"패스하고 마법 아이템을 {attach(name(self.item), '으로')} 바꿉니다"


# --- steps inside an action (costs, gains, targets) ------------------------------------------
@dataclass(frozen=True)
class Pay(Action):
    """Pay one essence of the 'any essence' part of a cost."""
    essence: str
    kind = "pay"

    def __str__(self):
        return f"pay:{self.essence}"

    def describe(self):
        return f"비용으로 {ess(self.essence)} 1개를 냅니다"


@dataclass(frozen=True)
class Waive(Action):
    """Use one point of discount on this essence of the cost ('any' for the any-essence part)."""
    essence: str
    kind = "pay"

    def __str__(self):
        return f"waive:{self.essence}"

    def describe(self):
        what = "원하는 정수" if self.essence == "any" else ess(self.essence)
        return f"할인으로 비용의 {what} 1개를 뺍니다"


@dataclass(frozen=True)
class Gain(Action):
    """Choose one essence of a gain of 'N essences of your choice'."""
    essence: str
    kind = "gain"

    def __str__(self):
        return f"gain:{self.essence}"

    def describe(self):
        return f"{ess(self.essence)} 1개를 받습니다"


@dataclass(frozen=True)
class Convert(Action):
    """A cost of 'X essences all of one type': pay `count` essences of `essence`."""
    essence: str
    count: int
    kind = "pay"

    def __str__(self):
        return f"convert:{self.count}{self.essence}"

    def describe(self):
        return f"{ess(self.essence)} {self.count}개를 냅니다"


@dataclass(frozen=True)
class Into(Action):
    """프리즘: the one type every converted essence becomes."""
    essence: str
    kind = "gain"

    def __str__(self):
        return f"into:{self.essence}"

    def describe(self):
        return f"모두 {attach(ess(self.essence), '으로')} 받습니다"


@dataclass(frozen=True)
class Target(Action):
    """Choose a component in play (to straighten, destroy, turn, or put an essence on)."""
    component: str
    kind = "target"

    def __str__(self):
        return f"target:{self.component}"

    def describe(self):
        return f"{attach(name(self.component), '을')} 고릅니다"


@dataclass(frozen=True)
class PickCard(Action):
    """Choose a card (from a hand or a discard pile)."""
    card: str
    kind = "target"

    def __str__(self):
        return f"card:{self.card}"

    def describe(self):
        return f"{name(self.card)} 카드를 고릅니다"


@dataclass(frozen=True)
class Rival(Action):
    player: int
    kind = "target"

    def __str__(self):
        return f"rival:{self.player}"

    def describe(self):
        return f"플레이어 {attach(self.player + 1, '을')} 경쟁자로 고릅니다"


@dataclass(frozen=True)
class LookAt(Action):
    """Seer, Hawk, Oracle: look at the top 3 of your artifact deck ('own') or the monument deck."""
    deck: str
    kind = "target"

    def __str__(self):
        return f"look:{self.deck}"

    def describe(self):
        return "자신의 유물 카드 더미 맨 위 3장을 봅니다" if self.deck == "own" else "기념물 카드 더미 맨 위 3장을 봅니다"


@dataclass(frozen=True)
class Order(Action):
    """Put the cards looked at back on top, the first named on top."""
    cards: tuple
    kind = "target"

    def __str__(self):
        return "order:" + ",".join(self.cards)

    def describe(self):
        return "맨 위부터 " + ", ".join(name(c) for c in self.cards) + " 순서로 되돌려 놓습니다"


@dataclass(frozen=True)
class React(Action):
    """Use a reaction power (out of turn; not an action)."""
    component: str
    power: int
    kind = "react"

    def __str__(self):
        return f"react:{self.component}:{self.power}"

    def describe(self):
        return f"{name(self.component)}의 반응 마력을 사용합니다"


@dataclass(frozen=True)
class Ignore(Action):
    """Ignore a life loss by the option the attacking power itself offers."""
    kind = "react"

    def __str__(self):
        return "ignore"

    def describe(self):
        return "공격한 마력이 제시한 방법으로 생명 손실을 무시합니다"


@dataclass(frozen=True)
class Accept(Action):
    """Take the life loss (or, at a victory check, use no reaction)."""
    kind = "react"

    def __str__(self):
        return "accept"

    def describe(self):
        return "반응 마력을 쓰지 않습니다"


@dataclass(frozen=True)
class Lose(Action):
    """Life loss without enough 생명: discard this other essence (2 per missing 생명)."""
    essence: str
    kind = "lose"

    def __str__(self):
        return f"lose:{self.essence}"

    def describe(self):
        return f"생명 대신 {ess(self.essence)} 1개를 버립니다"
