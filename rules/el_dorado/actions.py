"""Actions and chance outcomes of 엘도라도, and PHRASES: how each is written (notation, Korean) and
the section of the chapter that allows it.

A payment `pay` is a short string: "" = go on with the power left on the card in play,
"scout" = play that hand card ("native": 원주민's effect), "tok:machete2" = use that cave token,
and for a 자갈밭/베이스캠프 (or a rubble blockade) "cards:" and the cards given, joined by "+" in
sorted order ("cards:explorer+traveler").
"""
from dataclasses import dataclass

from rules.core import Action
from rules.core.korean import attach
from rules.core.phrases import Phrase, Rule, phrase_table
from rules.el_dorado.components import name, token_name


def pay_text(pay: str) -> str:
    if pay == "":
        return "내고 남은 탐험치로"
    if pay.startswith("tok:"):
        return "동굴 토큰 " + attach(f"'{token_name(pay[4:])}'", "으로")
    if pay.startswith("cards:"):
        return ", ".join(name(c) for c in pay[6:].split("+")) + " 카드를 내고"
    if pay == "native":
        return "원주민 카드로 요구치를 무시하고"
    return f"{name(pay)} 카드로"


class ElDoradoAction(Action):
    """Fields as 엘도라도 writes them: a pawn, seam or cave by its number from 1, a card or token by its
    name, a payment as pay_text says it; in the notation an optional field follows a colon, or is left out."""

    def note(self, field, value):
        if self.__dataclass_fields__[field].default == "":
            return f":{value}" if value else ""
        return str(value)

    def word(self, field, value):
        if field in ("pawn", "seam", "cave"):
            return str(value + 1)
        if field == "pay":
            return pay_text(value)
        if field == "token":
            return token_name(value)
        if field == "target":
            return f" ({name(value)} 카드를 가져옴)" if value else ""
        if field == "card":
            return name(value)
        return str(value)


# --- chance outcomes -------------------------------------------------------------------------
@dataclass(frozen=True)
class Draw(ElDoradoAction):
    """The card drawn from the top of the current player's face-down deck."""
    card: str
    kind = "chance"


@dataclass(frozen=True)
class Token(ElDoradoAction):
    """The top cave token of the cave being explored."""
    token: str
    kind = "chance"


# --- decisions -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Move(ElDoradoAction):
    """Move one pawn onto one adjacent space, paying its requirement with `pay`."""
    pawn: int
    to: str
    pay: str = ""
    kind = "move"

    def rule(self):     # a space entered with 원주민 or a cave token is taught by that card's or token's section
        return _paid_rule(self.pay, MOVE)


@dataclass(frozen=True)
class Break(ElDoradoAction):
    """Pay the blockade on a seam (numbered in race order) next to the pawn, without moving on."""
    pawn: int
    seam: int
    pay: str = ""
    kind = "move"

    def rule(self):
        return _paid_rule(self.pay, BLOCKADE)


@dataclass(frozen=True)
class Explore(ElDoradoAction):
    """Take the top token of a cave next to the pawn (caves are numbered as the board lists them)."""
    pawn: int
    cave: int
    kind = "cave"


@dataclass(frozen=True)
class Play(ElDoradoAction):
    """Use a purple card's effect (송신기 names the card it brings in `target`)."""
    card: str
    target: str = ""
    kind = "effect"


@dataclass(frozen=True)
class UseToken(ElDoradoAction):
    """Use a cave token that does not pay for a space (카드 제거 names the hand card in `card`)."""
    token: str
    card: str = ""
    kind = "effect"

    def word(self, field, value):
        if field == "card":
            return f" ({name(value)} 카드를 게임에서 제거)" if value else ""
        if field == "token":        # quoted, so that the particle follows the quote
            return f"'{token_name(value)}'"
        return super().word(field, value)


@dataclass(frozen=True)
class Pick(ElDoradoAction):
    """Choose one hand card for the effect being resolved (과학자/탐험 일지: remove; 카드 교체: set aside)."""
    card: str
    kind = "pick"


@dataclass(frozen=True)
class Spend(ElDoradoAction):
    """Put a card (or a coin token) towards this turn's purchase."""
    pay: str
    kind = "buy"


@dataclass(frozen=True)
class Buy(ElDoradoAction):
    card: str
    kind = "buy"


@dataclass(frozen=True)
class EndTurn(ElDoradoAction):
    """End step 1 (card use); then comes 사용한 카드 버리기."""
    kind = "end"


@dataclass(frozen=True)
class Discard(ElDoradoAction):
    """Step 2: discard an unused hand card as well."""
    card: str
    kind = "end"


@dataclass(frozen=True)
class Done(ElDoradoAction):
    """Stop choosing: ends a pick (과학자, 탐험 일지, 카드 교체) or step 2, then draws up to 4."""
    kind = "end"


# --- how each is written, and the rule that allows it ------------------------------------------
MOVE = Rule("movement", "rule-ed-move", "말 이동하기",
            "카드 1장으로 옆 칸에 갑니다. 카드의 기호가 칸의 기호와 같고 숫자(탐험치)가 칸의 요구치 이상이어야 하며, "
            "남은 숫자로 같은 기호의 칸을 이어서 갈 수 있습니다.")
BLOCKADE = Rule("blockades", "rule-ed-blockade", "장애물",
                "타일 사이의 장애물은 칸처럼 요구치에 맞는 카드를 내고 극복합니다. 처음 극복한 사람이 장애물을 가져가며, "
                "도착한 사람끼리 승패를 가릴 때 씁니다.")
CAVE = Rule("caves", "rule-ed-cave", "동굴 탐험",
            "동굴과 인접한 칸에서 멈추면 그 동굴의 맨 위 토큰을 가져옵니다. 탐험하면 이동을 멈춘 것이라 남은 탐험치는 사라집니다.")
TOKENS = Rule("caves", "rule-ed-tokens", "동굴 토큰의 효과",
              "가진 동굴 토큰은 자기 차례에 원하는 만큼 쓰고, 쓴 토큰은 상자에 넣습니다. 마체테·노·금화 토큰은 같은 숫자의 "
              "카드처럼 한 번 씁니다.")
BUY = Rule("buying", "rule-ed-buy", "탐험 카드 구매",
           "이동에 쓰지 않은 카드로 시장에서 한 차례에 1장까지 삽니다. 노란색·하얀색 카드는 적힌 숫자만큼, 나머지는 "
           "1장당 금화 ½개이고, 남는 금화는 버려집니다.")
PURPLE = Rule("buying", "rule-ed-purple", "보라색 카드",
              "보라색 카드는 차례 중 언제든지 효과를 쓰고 차례를 이어 갑니다: 카드 뽑기, 시장 카드 가져오기, 원주민의 이동.")
DISCARD = Rule("turn_end", "rule-ed-discard", "사용한 카드 버리기",
               "카드 사용을 마치면 낸 카드를 모두 버리고, 쓰지 않은 카드는 들고 있거나 골라서 버립니다. 그다음 손이 4장이 "
               "되게 뽑습니다.")
DRAW = Rule("turn_end", "rule-ed-draw", "카드 뽑기",
            "차례 끝에 손이 4장이 되게 뽑습니다. 더미가 모자라면 버린 카드 더미를 섞어 새 더미를 만듭니다.")


def _paid_rule(pay: str, rule: Rule) -> Rule:
    return PURPLE if pay == "native" else TOKENS if pay.startswith("tok:") else rule


PHRASES = phrase_table({
    Draw: Phrase("draw:{card}", "탐험 카드 더미에서 {card} 카드를 뽑았습니다", DRAW),
    Token: Phrase("token:{token}", "동굴에서 '{token}' 토큰이 나왔습니다", TOKENS),
    Move: Phrase("move:{pawn}>{to}{pay}", "{pawn}번 말을 {pay} {to} 칸으로 옮깁니다", MOVE),
    Break: Phrase("break:{pawn}>{seam}{pay}", "{pawn}번 말 옆의 {seam}번째 장애물을 {pay} 극복합니다", BLOCKADE),
    Explore: Phrase("explore:{pawn}>{cave}", "{pawn}번 말 옆의 동굴({cave})을 탐험합니다", CAVE),
    Play: Phrase("play:{card}{target}", "{card} 카드의 효과를 씁니다{target}", PURPLE),
    UseToken: Phrase("use:{token}{card}", "동굴 토큰 {token:을} 씁니다{card}", TOKENS),
    Pick: Phrase("pick:{card}", "손에서 {card} 카드를 고릅니다", PURPLE),
    Spend: Phrase("spend:{pay}", "구매에 {pay} 금화를 냅니다", BUY),
    Buy: Phrase("buy:{card}", "시장에서 {card} 카드를 삽니다", BUY),
    EndTurn: Phrase("end", "카드 사용을 마칩니다", DISCARD),
    Discard: Phrase("discard:{card}", "쓰지 않은 {card} 카드를 버린 카드 더미에 놓습니다", DISCARD),
    Done: Phrase("done", "고르기를 마칩니다", DISCARD),
})
