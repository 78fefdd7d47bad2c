"""Actions and chance outcomes of 아키올로지, and PHRASES: how each is written (notation, Korean) and
the section of the chapter that allows it."""
from dataclasses import dataclass

from rules.core import Action
from rules.core.phrases import Phrase, Rule, phrase_table
from rules.archaeology.components import TREASURES, name


def _cards(cards: tuple) -> str:
    return ", ".join(f"{name(c)} {n}장" for c, n in cards) or "없음"


def _notation(cards: tuple) -> str:
    return "+".join(f"{n}{c}" for c, n in cards)


class ArchaeologyAction(Action):
    """Fields as 아키올로지 writes them: a card by its name, a room by its number from 1, a player too."""

    def note(self, field, value):
        if field == "cards":
            return _notation(value)
        if field == "named":
            return f":{'+'.join(value)}" if value else ""
        if field == "use":
            return "yes" if value else "no"
        return str(value)

    def word(self, field, value):
        if field == "card":
            return name(value)
        if field == "cards":
            return _cards(value)
        if field in ("chamber", "player"):
            return str(value + 1)
        if field == "named":
            return f" (선언: {', '.join(name(t) for t in value)})" if value else ""
        return str(value)


# --- chance outcomes -------------------------------------------------------------------------
@dataclass(frozen=True)
class Draw(ArchaeologyAction):
    """The card turned from the dig deck (발굴지)."""
    card: str
    kind = "chance"

    def rule(self):     # a thief or a sandstorm dug is taught by its own section
        return {"thief": THIEF, "sandstorm": SANDSTORM}.get(self.card, DIG)


@dataclass(frozen=True)
class Steal(ArchaeologyAction):
    """The random card a thief takes from the named player's hand."""
    card: str
    kind = "chance"


@dataclass(frozen=True)
class Refill(ArchaeologyAction):
    """파묻힌 폐허: the card from the face-down pile that the drawer adds, face up, to the next chamber."""
    card: str
    chamber: int = 0
    kind = "chance"


@dataclass(frozen=True)
class Reveal(ArchaeologyAction):
    """광산: the next card turned from the shuffled chamber."""
    card: str
    kind = "chance"


@dataclass(frozen=True)
class SphinxReveal(ArchaeologyAction):
    """스핑크스: the cards revealed at random, as ((type, count), ...)."""
    cards: tuple
    kind = "chance"


# --- decisions -------------------------------------------------------------------------------
@dataclass(frozen=True)
class ChooseVictim(ArchaeologyAction):
    player: int
    kind = "thief"


@dataclass(frozen=True)
class UseTent(ArchaeologyAction):
    use: bool
    kind = "tent"

    def describe(self):     # two sentences, not one with a blank
        return "천막을 써서 모래 폭풍을 막습니다" if self.use else "천막을 쓰지 않습니다"


@dataclass(frozen=True)
class Bury(ArchaeologyAction):
    card: str
    kind = "bury"


@dataclass(frozen=True)
class Offer(ArchaeologyAction):
    """Put a hand card forward for a market trade."""
    card: str
    kind = "trade"


@dataclass(frozen=True)
class Take(ArchaeologyAction):
    """Take a market card against the cards offered."""
    card: str
    kind = "trade"


@dataclass(frozen=True)
class CloseTrade(ArchaeologyAction):
    kind = "trade"


@dataclass(frozen=True)
class CancelTrade(ArchaeologyAction):
    kind = "trade"


@dataclass(frozen=True)
class Explore(ArchaeologyAction):
    """Explore a chamber by spending maps; 스핑크스 names two treasure types first."""
    chamber: int
    named: tuple = ()
    kind = "explore"

    def __post_init__(self):   # the same two types named in either order are the same declaration
        order = {t: i for i, t in enumerate(TREASURES)}
        object.__setattr__(self, "named", tuple(sorted(self.named, key=lambda t: (order.get(t, len(order)), t))))


@dataclass(frozen=True)
class Keep(ArchaeologyAction):
    """묘실: the cards kept from the chamber looked at."""
    cards: tuple
    kind = "explore"


@dataclass(frozen=True)
class MineContinue(ArchaeologyAction):
    kind = "explore"


@dataclass(frozen=True)
class MineStop(ArchaeologyAction):
    kind = "explore"


@dataclass(frozen=True)
class Sell(ArchaeologyAction):
    card: str
    count: int
    kind = "sell"


@dataclass(frozen=True)
class Peek(ArchaeologyAction):
    """신전: after a museum sale, look at every card of one chamber."""
    chamber: int
    kind = "peek"


@dataclass(frozen=True)
class EndTurn(ArchaeologyAction):
    kind = "end"


# --- how each is written, and the rule that allows it ------------------------------------------
DIG = Rule("dig", "rule-arch-dig", "보물 발굴",
           "차례의 처음에 발굴지에서 카드 1장을 뽑습니다. 보물은 패로, 도둑과 모래 폭풍은 곧바로 효과를 냅니다.")
THIEF = Rule("thief", "rule-arch-thief", "도둑",
             "도둑을 뽑으면 다른 사람 한 명을 골라 그 사람의 패에서 1장을 보지 않고 가져옵니다.")
SANDSTORM = Rule("sandstorm", "rule-arch-sandstorm", "모래 폭풍",
                 "모래 폭풍이 나오면 모두 패의 절반(소수점 버림)을 시장에 내려놓습니다. 천막이 있으면 한 번 막을 수 있습니다.")
ACTIONS = Rule("market", "rule-arch-actions", "기타 행동",
               "발굴을 마치면 물물교환, 유적 탐험, 박물관 판매를 원하는 만큼 하고, 할 것이 없으면 턴을 마칩니다.")
TRADE = Rule("market", "rule-arch-trade", "시장 물물교환",
             "내놓는 카드의 교환 가치 합만큼, 그보다 같거나 낮은 가치의 시장 카드를 가져옵니다. 차액은 돌려받지 못합니다.")
EXPLORE = Rule("ruins", "rule-arch-explore", "유적 탐험",
               "지도를 내고 유적의 방 하나를 탐험해 보물을 얻습니다. 턴당 1번만 할 수 있습니다.")
TEMPLE = Rule("ruins", "rule-arch-temple", "신전", "박물관에 판매한 뒤 신전의 방 하나를 몰래 볼 수 있습니다.")
TOMB = Rule("ruins", "rule-arch-tomb", "묘실", "묘실의 방을 탐험하면 그 방의 카드를 보고 정해진 장수만 골라 가져갑니다.")
MINE = Rule("ruins", "rule-arch-mine", "광산",
            "광산에서는 카드를 1장씩 공개하다가 멈출 수 있습니다. 교환 가치 합이 5를 넘는 순간 아무것도 얻지 못합니다.")
SPHINX = Rule("ruins", "rule-arch-sphinx", "스핑크스",
              "보물 2종을 선언하고 방에서 5장을 공개해, 선언한 종류만 가져갑니다.")
BURIED = Rule("ruins", "rule-arch-buried", "파묻힌 폐허", "탐험한 방은 보물 더미에서 1장을 채웁니다.")
MUSEUM = Rule("museum", "rule-arch-museum", "박물관 판매",
              "같은 보물을 한 묶음으로 팔아 점수를 얻습니다. 한 번에 많이 팔수록 장당 점수가 높습니다.")

PHRASES = phrase_table({
    Draw: Phrase("draw:{card}", "발굴지에서 {card} 카드가 나왔습니다", DIG),
    Steal: Phrase("steal:{card}", "도둑이 {card} 카드를 훔쳤습니다", THIEF),
    Refill: Phrase("refill:{chamber}:{card}", "보물 더미에서 {card} 카드 1장을 {chamber}번 방에 더합니다", BURIED),
    Reveal: Phrase("reveal:{card}", "광산에서 {card} 카드가 공개되었습니다", MINE),
    SphinxReveal: Phrase("sphinx:{cards}", "스핑크스에서 공개된 카드: {cards}", SPHINX),
    ChooseVictim: Phrase("victim:{player}", "도둑으로 플레이어 {player}의 패에서 1장을 훔칩니다", THIEF),
    UseTent: Phrase("tent:{use}", "", SANDSTORM),
    Bury: Phrase("bury:{card}", "{card} 1장을 모래 폭풍에 잃고 시장에 내려놓습니다", SANDSTORM),
    Offer: Phrase("offer:{card}", "물물교환에 {card} 1장을 내놓습니다", TRADE),
    Take: Phrase("take:{card}", "시장에서 {card} 1장을 가져옵니다", TRADE),
    CloseTrade: Phrase("trade:close", "물물교환을 마칩니다", TRADE),
    CancelTrade: Phrase("trade:cancel", "물물교환을 취소하고 내놓은 카드를 되가져옵니다", TRADE),
    Explore: Phrase("explore:{chamber}{named}", "지도를 내고 {chamber}번 방을 탐험합니다{named}", EXPLORE),
    Keep: Phrase("keep:{cards}", "묘실에서 {cards:을} 가져갑니다", TOMB),
    MineContinue: Phrase("mine:more", "광산에서 카드를 1장 더 공개합니다", MINE),
    MineStop: Phrase("mine:stop", "공개를 멈추고 공개된 카드를 모두 가져갑니다", MINE),
    Sell: Phrase("sell:{count}{card}", "{card} {count}장을 박물관에 판매합니다", MUSEUM),
    Peek: Phrase("peek:{chamber}", "신전 {chamber}번 방의 카드를 몰래 확인합니다", TEMPLE),
    EndTurn: Phrase("end", "턴을 마칩니다", ACTIONS),
})
