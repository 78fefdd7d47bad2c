"""Actions and chance outcomes of 아키올로지. str() is short notation; describe() is Korean."""
from dataclasses import dataclass

from rules.core import Action
from rules.archaeology.components import TREASURES, name


def _cards(cards: tuple) -> str:
    return ", ".join(f"{name(c)} {n}장" for c, n in cards) or "없음"


def _notation(cards: tuple) -> str:
    return "+".join(f"{n}{c}" for c, n in cards)


# --- chance outcomes -------------------------------------------------------------------------
@dataclass(frozen=True)
class Draw(Action):
    """The card turned from the dig deck (발굴지)."""
    card: str
    kind = "chance"

    def __str__(self):
        return f"draw:{self.card}"

    def describe(self):
        return f"발굴지에서 {name(self.card)} 카드가 나왔습니다"


@dataclass(frozen=True)
class Steal(Action):
    """The random card a thief takes from the named player's hand."""
    card: str
    kind = "chance"

    def __str__(self):
        return f"steal:{self.card}"

    def describe(self):
        return f"도둑이 {name(self.card)} 카드를 훔쳤습니다"


@dataclass(frozen=True)
class Refill(Action):
    """파묻힌 폐허: the card from the face-down pile that the drawer adds, face up, to the next chamber."""
    card: str
    chamber: int = 0
    kind = "chance"

    def __str__(self):
        return f"refill:{self.chamber}:{self.card}"

    def describe(self):
        return f"보물 더미에서 {name(self.card)} 카드 1장을 {self.chamber + 1}번 방에 더합니다"


@dataclass(frozen=True)
class Reveal(Action):
    """광산: the next card turned from the shuffled chamber."""
    card: str
    kind = "chance"

    def __str__(self):
        return f"reveal:{self.card}"

    def describe(self):
        return f"광산에서 {name(self.card)} 카드가 공개되었습니다"


@dataclass(frozen=True)
class SphinxReveal(Action):
    """스핑크스: the cards revealed at random, as ((type, count), ...)."""
    cards: tuple
    kind = "chance"

    def __str__(self):
        return f"sphinx:{_notation(self.cards)}"

    def describe(self):
        return f"스핑크스에서 공개된 카드: {_cards(self.cards)}"


# --- decisions -------------------------------------------------------------------------------
@dataclass(frozen=True)
class ChooseVictim(Action):
    player: int
    kind = "thief"

    def __str__(self):
        return f"victim:{self.player}"

    def describe(self):
        return f"도둑으로 플레이어 {self.player + 1}의 패에서 1장을 훔칩니다"


@dataclass(frozen=True)
class UseTent(Action):
    use: bool
    kind = "tent"

    def __str__(self):
        return "tent:yes" if self.use else "tent:no"

    def describe(self):
        return "천막을 써서 모래 폭풍을 막습니다" if self.use else "천막을 쓰지 않습니다"


@dataclass(frozen=True)
class Bury(Action):
    card: str
    kind = "bury"

    def __str__(self):
        return f"bury:{self.card}"

    def describe(self):
        return f"{name(self.card)} 1장을 모래 폭풍에 잃고 시장에 내려놓습니다"


@dataclass(frozen=True)
class Offer(Action):
    """Put a hand card forward for a market trade."""
    card: str
    kind = "trade"

    def __str__(self):
        return f"offer:{self.card}"

    def describe(self):
        return f"물물교환에 {name(self.card)} 1장을 내놓습니다"


@dataclass(frozen=True)
class Take(Action):
    """Take a market card against the cards offered."""
    card: str
    kind = "trade"

    def __str__(self):
        return f"take:{self.card}"

    def describe(self):
        return f"시장에서 {name(self.card)} 1장을 가져옵니다"


@dataclass(frozen=True)
class CloseTrade(Action):
    kind = "trade"

    def __str__(self):
        return "trade:close"

    def describe(self):
        return "물물교환을 마칩니다"


@dataclass(frozen=True)
class CancelTrade(Action):
    kind = "trade"

    def __str__(self):
        return "trade:cancel"

    def describe(self):
        return "물물교환을 취소하고 내놓은 카드를 되가져옵니다"


@dataclass(frozen=True)
class Explore(Action):
    """Explore a chamber by spending maps; 스핑크스 names two treasure types first."""
    chamber: int
    named: tuple = ()
    kind = "explore"

    def __post_init__(self):   # the same two types named in either order are the same declaration
        order = {t: i for i, t in enumerate(TREASURES)}
        object.__setattr__(self, "named", tuple(sorted(self.named, key=lambda t: (order.get(t, len(order)), t))))

    def __str__(self):
        return f"explore:{self.chamber}" + (f":{'+'.join(self.named)}" if self.named else "")

    def describe(self):
        text = f"지도를 내고 {self.chamber + 1}번 방을 탐험합니다"
        if self.named:
            text += f" (선언: {', '.join(name(t) for t in self.named)})"
        return text


@dataclass(frozen=True)
class Keep(Action):
    """묘실: the cards kept from the chamber looked at."""
    cards: tuple
    kind = "explore"

    def __str__(self):
        return f"keep:{_notation(self.cards)}"

    def describe(self):
        return f"묘실에서 {_cards(self.cards)}을 가져갑니다"


@dataclass(frozen=True)
class MineContinue(Action):
    kind = "explore"

    def __str__(self):
        return "mine:more"

    def describe(self):
        return "광산에서 카드를 1장 더 공개합니다"


@dataclass(frozen=True)
class MineStop(Action):
    kind = "explore"

    def __str__(self):
        return "mine:stop"

    def describe(self):
        return "공개를 멈추고 공개된 카드를 모두 가져갑니다"


@dataclass(frozen=True)
class Sell(Action):
    card: str
    count: int
    kind = "sell"

    def __str__(self):
        return f"sell:{self.count}{self.card}"

    def describe(self):
        return f"{name(self.card)} {self.count}장을 박물관에 판매합니다"


@dataclass(frozen=True)
class Peek(Action):
    """신전: after a museum sale, look at every card of one chamber."""
    chamber: int
    kind = "peek"

    def __str__(self):
        return f"peek:{self.chamber}"

    def describe(self):
        return f"신전 {self.chamber + 1}번 방의 카드를 몰래 확인합니다"


@dataclass(frozen=True)
class EndTurn(Action):
    kind = "end"

    def __str__(self):
        return "end"

    def describe(self):
        return "턴을 마칩니다"
