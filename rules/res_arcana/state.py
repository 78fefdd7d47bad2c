"""The state of a game of 레즈 아르카나 and its rules: whose move, what is legal, what an action does.

Everything that happens is a *task* on a stack (`tasks`, top = last). A task is a small JSON dict
{"t": kind, "p": player, ...}. Automatic tasks run at once; a decision task waits for its player
(a reaction waits for the rival who reacts); a chance task waits for a random outcome. With the
stack empty it is the turn player's main decision of the action phase.
"""
from fractions import Fraction
from itertools import permutations

from rules.core import CHANCE, TERMINAL, GameState, Reading
from rules.core.korean import attach
from rules.res_arcana import components as C
from rules.res_arcana.actions import (
    Accept, ChooseItem, ChooseMage, ClaimMonument, ClaimPlace, Collect, CollectCost, Convert,
    Discard, DraftPick, Draw, Gain, Ignore, Into, LookAt, Lose, MonumentDraw, Order, Pass, Pay,
    PickCard, Place, React, Rival, Target, Use, Waive,
)

E5 = C.ESSENCES
SETUP, COLLECT, ACTIONS, OVER = "setup", "collect", "actions", "over"
PHASE_NAMES = {SETUP: "게임 준비", COLLECT: "1. 수집", ACTIONS: "2. 액션", OVER: "게임 종료"}
TASK_NAMES = {
    "draft": "드래프트", "mage": "마법사 고르기", "item": "마법 아이템 고르기", "take": "구성품 위 정수 가져오기",
    "forge": "수집 비용 (저주)", "pay": "비용 내기", "gain_any": "정수 고르기", "convert": "같은 종류 정수 내기",
    "into": "받을 정수 종류", "target": "구성품 고르기", "pick": "카드 고르기", "rival": "경쟁자 고르기",
    "look_choice": "볼 카드 더미 고르기", "order": "카드 순서 정하기", "react": "생명 손실 반응",
    "lose": "생명 대신 정수 버리기", "statue": "황금 조각상 반응", "draw": "카드 뽑기", "look": "카드 보기",
    "mon_draw": "기념물 카드 뽑기",
}
CHANCE_TASKS = frozenset({"draw", "look", "mon_draw"})

# Every place where the rulebook is ambiguous, silent or self-contradictory and the engine had to
# choose, in one place: Reading(what the engine does, the other reading, the seed's own words).
READINGS = {
    "collect_order": Reading(
        "수집 단계는 선 플레이어부터 한 명씩 진행한다. 각자 구성품 위 정수를 가져올지 둘지를 먼저 정하고, 수집 능력을 "
        "받은 뒤, 수집 비용(저주받은 용광로)을 마지막에 낸다 (어떤 순서든 되므로 가장 유리한 순서로 고정)",
        "모두 동시에 원하는 순서로 수집한다 (수집 비용을 먼저 내면 방금 받은 죽음으로 낼 수 없음)",
        "일반적으로 모든 플레이어가 동시에 정수를 수집하지만, ... 선 플레이어부터 시계 방향 순서대로 이 단계를 진행할 수 "
        "있습니다. / (원하는 순서대로 실행)"),
    "supply_unlimited": Reading(
        "정수는 무제한이다: 공급처를 종류마다 30개에서 세기 시작하고, 모자라면 5개 표시 칩으로 잔돈을 바꾼 것으로 보아 "
        "음수까지 센다",
        "토큰이 떨어지면 더 받을 수 없다",
        "정수의 개수는 제한이 없습니다."),
    "any_includes_gold": Reading(
        "비용의 '원하는 정수'는 금으로도 낼 수 있다. 받는 '원하는 정수'는 카드마다 표시된 제한(대부분 금 제외)을 따른다",
        "비용의 '원하는 정수'도 금으로는 낼 수 없다 (참고 자료 한 곳의 읽기)",
        "라면, 원하는 정수를 냅니다."),
    "discount_choice": Reading(
        "할인은 금이 아닌 비용만 줄이고, 여러 할인의 합만큼 배치하는 사람이 어느 정수를 뺄지 하나씩 고른다. 뺄 수 있는 "
        "것보다 할인이 크면 비용은 0이 된다",
        "할인이 정해진 정수('원하는 정수' 부분)부터 자동으로 빠진다",
        "배치 비용을 감소시키는 할인 능력(마법공학자, 용 굴레, 용의 둥지)은 서로 중첩하여 사용하거나 ... 비용이 0 미만이 "
        "되더라도 최종 비용은 0이 됩니다."),
    "discount_mandatory": Reading(
        "할인 능력은 언제나 적용되므로(능력은 돌려져 있어도 적용) 할인 점수는 반드시 다 쓴다; 어느 정수에 쓸지만 고른다",
        "할인을 쓰지 않고 비용을 다 낼 수도 있다",
        "능력: 수집 능력, 할인 능력, 또는 (조건이 갖춰져 있다면) 구성품이 돌려져 있어도 적용하는 승점 계산식."),
    "discount_on_power_cost": Reading(
        "마력으로 유물을 배치할 때(납골당, 용의 알, 마법사의 경연장) 할인은 그 유물의 배치 비용에만 쓰고 마력 자체의 "
        "비용(납골당의 죽음 1개, 경연장의 원하는 정수 4개)에는 쓰지 않는다",
        "할인을 마력의 비용에도 쓸 수 있다",
        "또는 유물을 배치하는 마력(납골당, 용의 알, 마법사의 경연장)과 함께 사용할 수 있습니다."),
    "useful_targets": Reading(
        "대상이 필요한 마력(바로 세우기, 파괴, 배치, 돌리기, 3장 보기, 인어)은 알맞은 대상이 있을 때만 쓸 수 있고, 바로 "
        "세우기 마력은 그 마력이 있는 구성품 자신을 바로 세우지 않는다(경비견의 '자신 바로 세우기'만 예외)",
        "대상이 없어도 비용을 내고 마력을 쓸 수 있으며, 자기 자신을 바로 세울 수도 있다",
        "어떤 마력(예: 불의 성배, 재생, 마녀)은 돌린 구성품을 바로 세워서, 마력을 다시 사용할 수 있도록 합니다."),
    "guard_dog_turned_only": Reading(
        "경비견의 첫 번째 마력(자신 바로 세우기)은 경비견이 돌려져 있을 때만 쓸 수 있다",
        "바로 서 있을 때도 (효과 없이) 쓸 수 있다",
        "경비견: 대부분의 마력과는 달리, 경비견이 돌려져 있을 때 첫 번째 마력 (자신을 바로 세우기)을 사용합니다."),
    "life_loss_order": Reading(
        "생명 손실은 공격한 플레이어의 왼쪽부터 시계 방향으로, 패스하지 않은 경쟁자마다 한 명씩 반응을 정한다. 반응 "
        "마력이나 공격 마력이 제시한 무시 방법이 없으면 바로 생명을 잃는다",
        "모든 경쟁자가 동시에 정한다",
        "모든 경쟁자는 표시된 수만큼 각자의 정수 저장소에서 생명을 버립니다."),
    "life_loss_choice": Reading(
        "생명이 모자라 다른 정수 2개씩을 버릴 때 어느 정수를 버릴지는 잃는 사람이 고른다(금 포함, 생명 제외)",
        "공격한 사람이 고른다",
        "원하는 다른 정수 2개를 (최대한 버릴 수 있는 만큼) 버려야 합니다."),
    "life_loss_partial_pair": Reading(
        "생명이 모자라는데 다른 정수도 (모자라는 생명 × 2)개보다 적으면, 남은 다른 정수를 모두 버린다(2개를 채우지 "
        "못한 마지막 한 개까지)",
        "2개를 다 채울 수 있는 만큼만 버리고, 짝이 맞지 않는 마지막 한 개는 남긴다 (참고 자료의 '가지고 있다면', "
        "영문 규칙서의 '가능하다면 2개')",
        "버리지 못하는 생명 1개당 원하는 다른 정수 2개를 (최대한 버릴 수 있는 만큼) 버려야 합니다."),
    "lose_order": Reading(
        "생명 대신 버릴 정수는 활기-평온-죽음-금 순서로 하나씩 고른다(어떤 조합이든 고를 수 있음)",
        "버릴 정수 묶음을 한 번에 고른다 (같은 결과)"),
    "gain_order": Reading(
        "'원하는 정수 N개'를 받을 때는 한 개씩 고르되, 같은 묶음이 여러 번 세어지지 않도록 활기-생명-평온-죽음 순서로만 "
        "고른다(어떤 조합이든 고를 수 있음)",
        "받을 정수 묶음을 한 번에 고른다 (같은 결과)",
        "이때 표시된 수 만큼의 정수를 원하는 조합으로 선택해서 받되"),
    "look_reshuffle": Reading(
        "맨 위 3장을 볼 때 유물 카드 더미가 3장보다 적으면, 남은 카드 밑으로 버린 카드 더미를 섞어 넣고 이어서 본다. "
        "그래도 모자라면 있는 만큼만 본다. 본 카드는 원하는 순서로 맨 위에 되돌린다",
        "더미에 남은 카드만 본다",
        "만약 카드 더미에 있는 카드가 3장 미만이라면(유물의 경우, 버린 카드를"),
    "look_knowledge": Reading(
        "기념물 더미 맨 위를 본 사람만 그 순서를 안다(다른 사람이 다시 보면 그 사람만 안다). 자신의 유물 더미 맨 위는 "
        "그 주인만 안다",
        "본 카드를 모두에게 보여 준다"),
    "divination_discard": Reading(
        "점술은 3장을 (하나씩, 필요하면 버린 카드를 섞어서) 뽑은 다음 손에서 뽑은 장수만큼 골라 버린다(손의 어느 "
        "카드든). 더미와 버린 카드를 합쳐도 3장이 안 되면 있는 만큼 뽑고 그만큼 버린다(참고 자료가 인용한 영문 규칙서: "
        "모두 뽑은 다음 그 수만큼 버림)",
        "뽑은 장수와 상관없이 3장을 버리거나, 뽑은 카드 중에서만 버린다",
        "일부 마력의 효과(점술, 매, 신탁소)로 카드 더미에서 3장을 뽑을 수 있습니다. 만약 카드 더미에 있는 카드가 3장 "
        "미만이라면(유물의 경우, 버린 카드를"),
    "item_swap": Reading(
        "패스할 때 마법 아이템 교환은 반드시 한다(가운데의 다른 아이템 중 하나). 돌려주는 아이템 위의 정수는 주인의 정수 "
        "저장소로 간다",
        "아이템을 그대로 둘 수도 있다",
        "b. 마법 아이템을 가운데에 진열된 다른 아이템과 서로 바꾸기."),
    "passed_item_side": Reading(
        "패스할 때 받은 마법 아이템의 '패스' 면은 표시일 뿐이다: 다음 라운드에 앞면으로 뒤집어 그대로 쓴다",
        "'패스' 면에는 다른 능력이 있다",
        "새로 가져온 마법 아이템을 '패스' 면으로 뒤집어 놓습니다."),
    "token_holder": Reading(
        "선 플레이어 토큰의 1점은 지금 토큰을 가진 사람(이번 라운드에 처음 패스한 사람, 아직 아무도 패스하지 않았으면 "
        "이번 라운드의 선 플레이어)이 받는다",
        "라운드 끝의 승점 확인에서만 센다",
        "승점을 계산할 때 선 플레이어 토큰을 가진 플레이어는 1승점을 얻습니다."),
    "mid_round_check": Reading(
        "산호성·마법사의 경연장의 승점 확인은 라운드 끝의 확인과 같다: 누구든 10점 이상이면 게임이 끝나고, 마력을 쓴 "
        "사람이 아니어도 가장 높은 사람이 이긴다",
        "마력을 쓴 사람만 이길 수 있고, 그 사람이 가장 높지 않으면 아무 일도 없다",
        "(승리하기 위해서는, 다른 플레이어가 더 많은 점수를 획득하기 전에 10 이상의 가장 높은 승점을 가진 상태에서 "
        "승점을 확인해야 합니다)."),
    "statue_offer": Reading(
        "황금 조각상은 승점 확인마다 그 주인에게 묻되, 3점을 더해도 10점에 못 미쳐 결과를 바꿀 수 없을 때는 묻지 않는다. "
        "비용은 돌리기와 금 3개(자료 3곳의 읽기)",
        "돌리지 않고 금 3개만 낸다 (자료 1곳)",
        "황금 조각상의 반응 마력(금 3개를 버리고 일시적으로 3점을 얻기)는 소유한 플레이어의 패스 여부와 상관없이 "
        "사용할 수 있습니다."),
    "first_game_deck": Reading(
        "첫 게임에는 플레이어 1~4가 시작 세트 1~4를 자리 순서대로 받고, 쓰는 시작 세트의 손패 카드를 뺀 나머지 유물에서 "
        "5장씩 무작위로 나누어 더미를 만든다. 마법 아이템은 보통 게임처럼 고른다",
        "쓰지 않는 시작 세트의 카드도 빼고 나눈다",
        "첫 게임: 모두 <<"),
    "convert_types": Reading(
        "가열로·현자의 돌은 금이 아닌 한 종류 X개(X≥1)를 금 X개로 바꾼다. 프리즘은 한 종류(금 포함) X개를 금이 아닌 "
        "다른 한 종류 X개로 바꾼다",
        "금도 금으로 바꿀 수 있다 (아무 효과 없음)",
        "어떤 마력(예: 가열로, 현자의 돌, 프리즘)은 같은 종류의 정수 여러 개를 비용으로 내면, 같은 수만큼의 원하는"),
    "mermaid_target": Reading(
        "인어는 정수 저장소의 평온·생명·금 1개를 인어가 아닌 자신의 구성품(마법사, 마법 아이템 포함) 위에 올린다",
        "마력의 장소 위에만 올린다",
        "인어: 개인 정수 저장소에 있는 평온, 생명, 금 중 1개를 다른 구성품 중 한 곳에 올려놓습니다."),
    "dragon_teeth_cost": Reading(
        "용의 이빨 두 번째 마력의 활기 3개는 정수 저장소에서 낸다",
        "용의 이빨 위에 모은 활기 3개를 낸다"),
    "cost_total": Reading(
        "타락한 제단·불타는 채찍·제물 단검·제물 구멍이 세는 '배치 비용의 정수 개수'는 카드에 인쇄된 비용(원하는 정수 "
        "포함)의 합이며 할인 전 값이다",
        "실제로 낸 (할인 후) 비용을 센다",
        "비용에 표시된 정수를 모두 합하여 센 다음, 수식을 적용하고"),
    "monument_refill": Reading(
        "공개된 기념물을 가져가면 기념물 더미 맨 윗장으로 채운다; 더미가 비었으면 채우지 않는다",
        "더미가 비면 기념물을 더 가져올 수 없다",
        "공개된 카드에서 가져온 경우, (가능하다면) 카드 더미에서"),
    "empty_draw": Reading(
        "유물 카드 더미와 버린 카드 더미가 모두 비었으면 카드를 뽑지 않는다",
        "뽑을 수 없으면 패스할 수 없다",
        "그런 다음, (가능하다면) 카드 1장을 뽑습니다."),
    "two_player_rival": Reading(
        "2인 게임에서 경쟁자를 고르는 마력(최면의 수반, 나무정령)은 유일한 경쟁자를 자동으로 고른다",
        "고르는 단계를 따로 둔다 (같은 결과)"),
    "draft_order": Reading(
        "드래프트와 마법사 고르기는 모두가 동시에 고르는 것을 선 플레이어부터 한 명씩 고르는 것으로 바꾸어 진행한다 "
        "(서로 고른 카드를 보지 못함)",
        "동시에 고른다 (같은 결과)",
        "마법사와 마법 아이템은 1라운드 시작 전에 선택합니다."),
}

_FIELDS = ("num_players", "variants", "round", "phase", "first", "token_taken", "turn", "passed", "pool",
           "mage", "mage_options", "item", "hand", "deck", "top", "discard", "play", "turned", "on",
           "items_free", "mon_up", "mon_deck", "mon_top", "mon_known", "places", "box", "supply",
           "draft", "draft_next", "tasks", "scratch", "statue", "final")


def payable(pool, fix, any_=0, waive=0, wfix=None, wany=0, allow=None) -> bool:
    """Can `pool` pay the fixed essences `fix` plus `any_` essences of `allow` (None: any type)?

    Up to `waive` discount points may be taken off the waivable part: `wfix` (non-gold fixed
    essences, per type) and `wany` (of the any-part).
    """
    short = fixed = 0
    for e in E5:
        need = fix.get(e, 0)
        if need > pool[e]:
            lack = need - pool[e]
            if lack > (wfix.get(e, 0) if wfix else 0):
                return False
            short += lack
            need = pool[e]
        fixed += need
    if short > waive:
        return False
    rem = min(waive - short, (sum(wfix.values()) if wfix else 0) - short + wany)
    if allow is None:
        avail = sum(pool.values()) - fixed
    else:
        avail = sum(pool[e] - min(fix.get(e, 0), pool[e]) for e in allow)
    return any_ - rem <= avail


class State(GameState):
    """An immutable game state: apply() returns a new State and never changes this one."""

    __slots__ = _FIELDS + ("_legal", "_owned")
    PHASE_NAMES = PHASE_NAMES
    FIELDS = _FIELDS

    # --- protocol ------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.tasks:
            top = self.tasks[-1]
            return CHANCE if top["t"] in CHANCE_TASKS else top["p"]
        return TERMINAL if self.phase == OVER else self.turn

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def chance_outcomes(self) -> list:
        """[(outcome, probability)] of the chance node: each face-down card equally likely."""
        if not self.tasks or self.tasks[-1]["t"] not in CHANCE_TASKS:
            return []
        t = self.tasks[-1]
        if t["t"] == "mon_draw" or (t["t"] == "look" and t["which"] == "monuments"):
            pile, outcome = self.mon_deck, MonumentDraw
        else:
            pile, outcome = self.deck[t["p"]], Draw
        p = Fraction(1, len(pile))
        return [(outcome(c), p) for c in pile]

    def _do(self, action):
        super()._do(action)
        self._run()                        # the tasks an action leaves run until a decision is due

    def scores(self) -> list:
        if self.final is not None:
            return list(self.final)
        return [self.vp(p) for p in range(self.num_players)]

    def winners(self) -> list:
        """Most VP; a tie goes to the most essences in the pool (금 counts 2); still tied: shared."""
        scores = self.scores()
        ranking = [(s, self.tiebreak(p)) for p, s in enumerate(scores)]
        best = max(ranking)
        return [p for p, r in enumerate(ranking) if r == best]

    def tiebreak(self, p: int) -> int:
        pool = self.pool[p]
        return sum(pool.values()) + pool["G"]

    def _restore(self, data):
        self._owned = set()

    def __repr__(self):
        return f"<레즈 아르카나 {self.num_players}인 {self.round}라운드 {PHASE_NAMES[self.phase]}>"

    # --- helpers for widgets, tests and the book ------------------------------------------
    def turn_label(self) -> str:
        """The rulebook counts a game in rounds (수집 → 액션 → 승점 확인); setup comes before round 1."""
        return f"{self.round}라운드" if self.round else ""

    def phase_name(self) -> str:
        if self.tasks:
            return TASK_NAMES.get(self.tasks[-1]["t"], PHASE_NAMES[self.phase])
        return PHASE_NAMES[self.phase]

    def components_of(self, p: int) -> list:
        """Every component player p has in front of them: mage, magic item, then what they placed."""
        return [c for c in (self.mage[p], self.item[p]) if c] + self.play[p]

    def owner(self, c: str):
        for p in range(self.num_players):
            if c == self.mage[p] or c == self.item[p] or c in self.play[p]:
                return p
        return None

    def essences_on(self, c: str) -> dict:
        return self.on.get(c, {})

    def vp(self, p: int) -> int:
        """Victory points now: artifacts, monuments, places (base + formula), token, 황금 조각상."""
        total = self.statue[p] + (C.TOKEN_VP if self.first == p else 0)
        for c in self.play[p]:
            total += C.VP[c]
            formula = C.VP_ON.get(c)
            if formula == "beasts":
                total += sum(C.is_creature(a) + 2 * C.is_dragon(a) for a in self.play[p])
            elif formula:
                total += self.on.get(c, {}).get(formula, 0)
        return total

    def zones(self) -> dict:
        """Every place a component can be, as {zone: [components]}."""
        z = {"box": self.box, "items_free": self.items_free, "mon_up": self.mon_up, "mon_deck": self.mon_deck,
             "mon_top": self.mon_top, "places": self.places}
        for p in range(self.num_players):
            z[f"mage{p}"] = [self.mage[p]] if self.mage[p] else []
            z[f"item{p}"] = [self.item[p]] if self.item[p] else []
            for f in ("mage_options", "hand", "deck", "top", "discard", "play", "draft", "draft_next"):
                z[f"{f}{p}"] = getattr(self, f)[p]
        return z

    def inventory(self) -> dict:
        """{component or essence: count} over every zone (box and supply included); never changes."""
        inv = {}
        for cards in self.zones().values():
            for c in cards:
                inv[c] = inv.get(c, 0) + 1
        for e in E5:
            inv[e] = (self.supply[e] + sum(pool[e] for pool in self.pool)
                      + sum(on.get(e, 0) for on in self.on.values()))
        return inv

    def public_view(self, seat=None, reveal_all=False) -> dict:
        """What `seat` may see (None: the whole table; reveal_all: the staff's private view).

        Hands, decks (with the known tops), the monument deck, the mage options, the draft packets
        and the box appear only as counts; a seat sees its own, and its undrawn deck as an unordered
        list (not in the first-game variant, whose 5 dealt cards are unseen). Mages are shown once everyone has
        chosen. Play areas, turned components, essences, discard piles (face up) are public. JSON-able.
        """
        def mine(p):
            return reveal_all or p == seat

        chosen = not any(t["t"] == "mage" for t in self.tasks)
        players = []
        for p in range(self.num_players):
            view = {"pool": dict(self.pool[p]), "item": self.item[p], "play": list(self.play[p]),
                    "discard": list(self.discard[p]), "passed": self.passed[p], "vp": self.vp(p),
                    "hand": len(self.hand[p]), "deck": len(self.deck[p]) + len(self.top[p]),
                    "mage": self.mage[p] if chosen or mine(p) else (None if self.mage[p] is None else "?"),
                    "mage_options": len(self.mage_options[p]), "draft": len(self.draft[p]),
                    "draft_next": len(self.draft_next[p])}
            if mine(p):
                view.update(hand_cards=sorted(self.hand[p]), deck_top=list(self.top[p]),
                            mage_option_cards=list(self.mage_options[p]), draft_cards=list(self.draft[p]))
            if p == seat and not reveal_all and "first_game" not in self.variants:
                # each player looked at their 8 dealt cards (setup step 6); the draw order stays unknown
                view["deck_known"] = sorted(self.deck[p])
            if reveal_all:
                view.update(deck_cards=list(self.deck[p]), draft_next_cards=list(self.draft_next[p]))
            players.append(view)
        knows = reveal_all or (seat is not None and seat in self.mon_known)
        top = self.tasks[-1] if self.tasks else None
        view = {
            "game": "res_arcana", "round": self.round, "phase": self.phase, "phase_name": self.phase_name(),
            "seat": seat, "reveal_all": reveal_all,
            "first_player": self.first, "token_passed": self.token_taken, "turn": self.turn,
            "current_player": self.current_player(), "players": players, "turned": list(self.turned),
            "on": {c: dict(e) for c, e in self.on.items()}, "items_free": list(self.items_free),
            "monuments_face_up": list(self.mon_up), "monument_deck": len(self.mon_deck) + len(self.mon_top),
            "monument_deck_top": list(self.mon_top) if knows else [], "places": list(self.places),
            "box": len(self.box), "supply": dict(self.supply), "statue": list(self.statue),
            "pending": None if top is None else {"task": top["t"], "player": top.get("p"),
                                                  "life": top.get("n") if top["t"] == "react" else None},
            "final": self.final,
        }
        if reveal_all:
            view.update(monument_deck_cards=list(self.mon_deck), box_cards=list(self.box))
        return view

    def describe_action(self, action, seat=None, reveal_all=False, names=None) -> str:
        """Korean text of `action`, about to be applied here, as `seat` may read it.

        A card drawn or looked at is known to its deck's owner only, a draft pick to the picker, a
        mage choice to the chooser (until all have chosen), a new deck order to who set it. A
        monument taken from the deck or turned face up is public.
        """
        def who(p):
            return names[p] if names else f"플레이어 {p + 1}"

        t = self.tasks[-1] if self.tasks else {"t": None, "p": self.turn}
        p = t.get("p")
        if reveal_all or seat == p:
            return action.describe()
        if isinstance(action, Draw):
            return f"{attach(who(p), '이')} 유물 카드 1장을 {'보았' if t['t'] == 'look' else '뽑았'}습니다"
        if isinstance(action, MonumentDraw) and t["t"] == "look":
            return f"{attach(who(p), '이')} 기념물 카드 더미의 카드 1장을 보았습니다"
        if isinstance(action, DraftPick):
            return f"{attach(who(p), '이')} 드래프트에서 카드 1장을 골랐습니다"
        if isinstance(action, ChooseMage):
            return f"{attach(who(p), '이')} 마법사를 골랐습니다 (모두 고른 뒤 공개)"
        if isinstance(action, Order):
            return f"{attach(who(p), '이')} 본 카드를 원하는 순서로 되돌려 놓습니다"
        return action.describe()

    # --- costs -------------------------------------------------------------------------------
    def discount(self, p: int, card: str) -> int:
        """Discount points on placing `card`: every discount ability of p's components (turned too)."""
        n = 0
        for c in self.components_of(p):
            d = C.DISCOUNTS.get(c)
            if d and (d["what"] == "artifact" or C.is_dragon(card)):
                n += d["n"]
        return n

    def _discounts(self, p: int) -> tuple:
        """(points on every artifact, extra points on a dragon) for p."""
        every = dragon = 0
        for c in self.components_of(p):
            d = C.DISCOUNTS.get(c)
            if d:
                if d["what"] == "artifact":
                    every += d["n"]
                else:
                    dragon += d["n"]
        return every, dragon

    def placement_task(self, p: int, card: str, reduce=0, extra=None) -> dict:
        """The pay task of placing `card` (discounts + `reduce`), plus `extra` essences of a power."""
        fix, wfix, any_ = C.FIX[card], C.WFIX[card], C.ANY[card]
        task = {"t": "pay", "p": p, "fix": fix, "any": any_, "waive": self.discount(p, card) + reduce,
                "wfix": wfix, "wany": any_}
        if extra:
            task["fix"] = {e: fix.get(e, 0) + extra.get(e, 0) for e in E5 if fix.get(e, 0) + extra.get(e, 0)}
            task["any"] += extra.get("any", 0)
        return task

    def can_place(self, p: int, card: str, reduce=0, extra=None) -> bool:
        t = self.placement_task(p, card, reduce, extra)
        return payable(self.pool[p], t["fix"], t["any"], t["waive"], t["wfix"], t["wany"])

    # --- legal decisions -----------------------------------------------------------------
    def _decisions(self) -> list:
        if not self.tasks:
            return self._main_actions()
        t = self.tasks[-1]
        return getattr(self, "_opts_" + t["t"])(t)

    def _main_actions(self) -> list:
        p = self.turn
        pool = self.pool[p]
        every, dragon = self._discounts(p)
        acts = [Place(c) for c in sorted(self.hand[p])
                if payable(pool, C.FIX[c], C.ANY[c], every + dragon * C.is_dragon(c), C.WFIX[c], C.ANY[c])]
        if pool["G"] >= C.MONUMENT_COST["G"]:
            acts += [ClaimMonument(m) for m in self.mon_up]
            if self.mon_deck or self.mon_top:
                acts.append(ClaimMonument("deck"))
        acts += [ClaimPlace(pl) for pl in self.places if payable(pool, C.COST[pl])]
        for c in sorted(set(self.hand[p])):
            acts += [Discard(c, True), Discard(c, False)]
        turned = self.turned
        for c in self.components_of(p):
            for i, power in enumerate(C.POWERS.get(c, ())):
                if "react" not in power and ((c in turned) == ("while_turned" in power)) and self._usable(p, c, power):
                    acts.append(Use(c, i))
        acts += [Pass(i) for i in self.items_free]
        return acts

    def _usable(self, p: int, c: str, power: dict) -> bool:
        turned = c in self.turned
        if power.get("while_turned"):
            if not turned:
                return False
        elif turned:
            return False
        pool = self.pool[p]
        fix, any_ = power["fix"], power["any"]
        extra = power.get("extra")
        if extra == "athanor":
            if self.on.get(c, {}).get("E", 0) < 6 or not any(pool[e] for e in C.NON_GOLD):
                return False
        elif extra == "same_type":
            kinds = C.NON_GOLD if power["effect"][0][1] == "G" else E5
            if not any(pool[e] and payable(dict(pool, **{e: pool[e] - 1}), fix, any_) for e in kinds):
                return False
        elif not payable(pool, fix, any_):
            return False
        if extra in ("turn_creature", "turn_dragon"):
            test = C.is_creature if extra == "turn_creature" else C.is_dragon
            if not any(test(a) and a != c and a not in self.turned for a in self.play[p]):
                return False
        elif extra == "destroy_any":
            if not any(C.KIND[a] == "artifact" for a in self.play[p]):
                return False
        elif extra == "destroy_other":
            if not any(C.KIND[a] == "artifact" and a != c for a in self.play[p]):
                return False
        elif extra == "destroy_beast":
            if not any(C.TYPES[a] for a in self.play[p]):
                return False
        elif extra == "dagger":
            if not self.hand[p]:
                return False
        for op in power["effect"]:
            kind = op[0]
            if kind == "straighten":
                if not self._straighten_targets(p, c, op[1]):
                    return False
            elif kind == "place":
                if not self._place_choices(p, c, power, op):
                    return False
            elif kind == "mermaid":
                if not any(pool[e] for e in op[1]) or len(self.components_of(p)) < 2:
                    return False
            elif kind == "look3":
                if not self._look_decks(p):
                    return False
        return True

    def _straighten_targets(self, p, c, what) -> list:
        test = C.is_creature if what == "creature" else None
        return [x for x in self.components_of(p)
                if x in self.turned and x != c and (test is None or test(x))]

    def _place_choices(self, p, c, power, op) -> list:
        """Cards a placing power may place now (with its own essence cost merged into the payment)."""
        _, what, src, reduce = op
        if src == "hand":
            cards = self.hand[p]
        elif src == "own_discard":
            cards = self.discard[p]
        else:
            cards = [x for q in range(self.num_players) for x in self.discard[q]]
        if what == "dragon":
            cards = [x for x in cards if C.is_dragon(x)]
        if reduce == "free":
            return sorted(set(cards)) if payable(self.pool[p], power["cost"]) else []
        extra = power["cost"]
        return sorted(x for x in set(cards) if self.can_place(p, x, reduce, extra))

    def _look_decks(self, p) -> list:
        decks = []
        if self.top[p] or self.deck[p] or self.discard[p]:
            decks.append("own")
        if self.mon_top or self.mon_deck:
            decks.append("monuments")
        return decks

    # decision options, one method per task kind
    def _opts_draft(self, t):
        return [DraftPick(c) for c in sorted(self.draft[t["p"]])]

    def _opts_mage(self, t):
        return [ChooseMage(m) for m in self.mage_options[t["p"]]]

    def _opts_item(self, t):
        return [ChooseItem(i) for i in self.items_free]

    def _opts_take(self, t):
        return [Collect(t["c"], True), Collect(t["c"], False)]

    def _opts_forge(self, t):
        return [CollectCost(True), CollectCost(False)]

    def _opts_pay(self, t):
        pool = self.pool[t["p"]]
        if t["waive"]:
            return [Waive(e) for e in self._waive_options(t)]
        allow = t.get("allow") or E5
        return [Pay(e) for e in allow if pool[e] > t["fix"].get(e, 0)]

    def _waive_options(self, t) -> list:
        out = []
        pool = self.pool[t["p"]]
        for e in C.NON_GOLD:
            if t["wfix"].get(e):
                fix = dict(t["fix"], **{e: t["fix"][e] - 1})
                wfix = dict(t["wfix"], **{e: t["wfix"][e] - 1})
                if payable(pool, fix, t["any"], t["waive"] - 1, wfix, t["wany"], t.get("allow")):
                    out.append(e)
        if t["wany"] and payable(pool, t["fix"], t["any"] - 1, t["waive"] - 1, t["wfix"], t["wany"] - 1,
                                 t.get("allow")):
            out.append("any")
        return out

    def _opts_gain_any(self, t):
        return [Gain(e) for e in t["allow"][t.get("min", 0):]]

    def _opts_convert(self, t):
        pool = self.pool[t["p"]]
        out = []
        for e in t["kinds"]:
            for n in range(1, pool[e] + 1):
                if payable(dict(pool, **{e: pool[e] - n}), t["fix"], t["any"]):
                    out.append(Convert(e, n))
        return out

    def _opts_into(self, t):
        return [Into(e) for e in C.NON_GOLD if e != self.scratch.get("x_type")]

    def _opts_target(self, t):
        return [Target(c) for c in t["opts"]]

    def _opts_pick(self, t):
        return [PickCard(c) for c in t["opts"]]

    def _opts_rival(self, t):
        return [Rival(q) for q in range(self.num_players) if q != t["p"]]

    def _opts_look_choice(self, t):
        return [LookAt(d) for d in self._look_decks(t["p"])]

    def _opts_order(self, t):
        cards = (self.mon_top if t["which"] == "monuments" else self.top[t["p"]])[:t["k"]]
        return [Order(perm) for perm in permutations(cards)]

    def _opts_react(self, t):
        p = t["p"]
        acts = [React(c, i) for c, i in self._reactions(p, t.get("dragon"))]
        if self._can_ignore(p, t["opt"]):
            acts.append(Ignore())
        return acts + [Accept()]

    def _reactions(self, p, dragon) -> list:
        out = []
        for c in self.components_of(p):
            for i, power in enumerate(C.POWERS.get(c, ())):
                kind = power.get("react")
                if kind == "life_loss" or (kind == "dragon_attack" and dragon):
                    if (not power["turn"] or c not in self.turned) and payable(self.pool[p], power["cost"]):
                        out.append((c, i))
        return out

    def _can_ignore(self, p, opt) -> bool:
        if opt is None:
            return False
        if opt.startswith("pay:"):
            return self.pool[p][opt[4:]] > 0
        if opt == "destroy":
            return any(C.KIND[a] == "artifact" for a in self.play[p])
        return bool(self.hand[p])        # "discard"

    def _opts_lose(self, t):
        pool = self.pool[t["p"]]
        kinds, start = "ECDG", t.get("min", 0)
        return [Lose(kinds[i]) for i in range(start, 4)
                if pool[kinds[i]] and sum(pool[k] for k in kinds[i:]) >= t["n"]]

    def _opts_statue(self, t):
        return [React("golden_statue", 0), Accept()]

    # --- why an action is illegal ------------------------------------------------------------
    def _why_illegal(self, action) -> tuple:
        phase = self.phase_name()
        if self.phase == OVER:
            return "게임이 이미 끝났습니다", "승점 확인"
        if self.current_player() == CHANCE:
            return f"지금은 {phase}: 카드가 무작위로 정해질 차례입니다 ({action})", phase
        if action.kind == "chance":
            return f"지금은 {phase} 단계로, 플레이어가 결정할 차례입니다", phase
        if self.tasks:
            return f"지금은 {attach(phase, '을')} 할 차례라 할 수 없는 행동입니다: {action}", phase
        p = self.turn
        if isinstance(action, (Place, Discard)):
            if action.card not in self.hand[p]:
                return f"손에 {C.NAMES.get(action.card, action.card)} 카드가 없습니다", "액션 종류: 유물 배치/버리기"
            return "할인을 모두 써도 배치 비용을 낼 정수가 부족합니다", "비용"
        if isinstance(action, ClaimMonument):
            if self.pool[p]["G"] < C.MONUMENT_COST["G"]:
                return "기념물의 소유 비용은 금 4개입니다", "액션 종류: 기념물 소유"
            return "공개된 기념물 2장 중 1장이나 기념물 카드 더미의 맨 윗장만 가져올 수 있습니다", "액션 종류: 기념물 소유"
        if isinstance(action, ClaimPlace):
            if action.place not in self.places:
                return "그 마력의 장소는 가운데에 없습니다 (한번 누군가의 소유가 되면 가져올 수 없음)", "액션 종류: 마력의 장소 소유"
            return "소유 비용을 낼 정수가 부족합니다", "비용"
        if isinstance(action, Use):
            if action.component not in self.components_of(p):
                return "자신의 구성품의 마력만 사용할 수 있습니다", "마력"
            powers = C.POWERS.get(action.component, ())
            if not 0 <= action.power < len(powers):
                return f"{C.name(action.component)}에는 {action.power + 1}번째 마력이 없습니다", "마력"
            power = powers[action.power]
            if power.get("react"):
                return "반응 마력은 액션으로 쓰지 않고, 조건이 생길 때 씁니다", "반응 마력"
            turned = action.component in self.turned
            if power.get("while_turned") and not turned:
                return "이 마력은 구성품이 돌려져 있을 때만 쓸 수 있습니다", "구성품 부연 설명: 경비견"
            if turned and not power.get("while_turned"):
                return "돌린 구성품의 마력은 바로 세우기 전에는 사용할 수 없습니다", "마력"
            return "그 마력의 비용을 낼 수 없거나 대상이 없습니다", "마력"
        if isinstance(action, Pass):
            return "패스할 때는 가운데에 있는 다른 마법 아이템과 바꿔야 합니다", "패스하기"
        return f"지금은 {phase} 단계라 할 수 없는 행동입니다: {action.describe()}", phase

    # --- effects of decisions (one method per action class) ----------------------------------
    def _top(self) -> dict:
        """The top task, copied so that changing it never touches an earlier state."""
        t = dict(self.tasks[-1])
        self.tasks[-1] = t
        return t

    def _do_Draw(self, a):
        t = self.tasks[-1]
        p = t["p"]
        self._w("deck", p).remove(a.card)
        if t["t"] == "look":
            self._w("top", p).append(a.card)
        else:
            self.tasks.pop()
            self._w("hand", p).append(a.card)

    def _do_MonumentDraw(self, a):
        t = self.tasks[-1]
        self.mon_deck.remove(a.monument)
        if t["t"] == "look":
            self.mon_top.append(a.monument)
        else:
            self.tasks.pop()
            self._monument_arrives(t, a.monument)

    def _do_DraftPick(self, a):
        p = self.tasks.pop()["p"]
        self._w("draft", p).remove(a.card)
        self._w("deck", p).append(a.card)
        self._w("deck", p).sort()

    def _do_ChooseMage(self, a):
        p = self.tasks.pop()["p"]
        self.mage[p] = a.mage
        self._w("mage_options", p).remove(a.mage)
        self.box.extend(self.mage_options[p])
        self.mage_options[p] = []

    def _do_ChooseItem(self, a):
        p = self.tasks.pop()["p"]
        self.items_free.remove(a.item)
        self.item[p] = a.item

    def _do_Collect(self, a):
        t = self.tasks.pop()
        if a.take:
            self._gain(t["p"], self.on.pop(a.component), from_supply=False)

    def _do_CollectCost(self, a):
        t = self.tasks.pop()
        if a.pay:
            self._spend(t["p"], {"D": 1})
        else:
            self._turn(t["c"])

    def _do_Place(self, a):
        p = self.turn
        self.tasks.append({"t": "next_turn", "p": p})
        self.tasks.append({"t": "enter", "p": p, "c": a.card, "src": "hand"})
        self.tasks.append(self.placement_task(p, a.card))

    def _do_ClaimMonument(self, a):
        p = self.turn
        self._spend(p, C.MONUMENT_COST)
        self.tasks.append({"t": "next_turn", "p": p})
        if a.monument == "deck":
            self.tasks.append({"t": "mon_draw", "p": p, "why": "claim"})
        else:
            self.mon_up.remove(a.monument)
            self.tasks.append({"t": "mon_draw", "p": p, "why": "refill"})
            self._monument_arrives({"p": p, "why": "claim"}, a.monument)

    def _monument_arrives(self, t, m):
        if t["why"] == "refill":
            self.mon_up.append(m)
            return
        self._w("play", t["p"]).append(m)
        for op in reversed(C.ON_CLAIM.get(m, ())):
            self._push_effect(t["p"], m, op)

    def _do_ClaimPlace(self, a):
        p = self.turn
        self._spend(p, C.COST[a.place])
        self.places.remove(a.place)
        self._w("play", p).append(a.place)
        self.tasks.append({"t": "next_turn", "p": p})

    def _do_Discard(self, a):
        p = self.turn
        self._w("hand", p).remove(a.card)
        self._w("discard", p).append(a.card)
        self.tasks.append({"t": "next_turn", "p": p})
        if a.gold:
            self._gain(p, {"G": C.RULES["discard_gold"]})
        else:
            self.tasks.append({"t": "gain_any", "p": p, "n": C.RULES["discard_other"], "allow": C.NON_GOLD})

    def _do_Use(self, a):
        p = self.turn
        self.tasks.append({"t": "next_turn", "p": p})
        self._use_power(p, a.component, a.power)

    def _use_power(self, p, c, i):
        power = C.POWERS[c][i]
        self.scratch = {"c": c}
        if power["turn"]:
            self._turn(c)
        effects = power["effect"]
        places = effects[0][0] == "place"
        for op in reversed(effects):
            self._push_effect(p, c, op, power)
        extra = power.get("extra")
        cost = power["cost"]
        fix = {e: n for e, n in cost.items() if e != "any"}
        if extra == "same_type":
            self.tasks.append({"t": "convert", "p": p, "fix": fix, "any": cost.get("any", 0),
                               "kinds": C.NON_GOLD if effects[0][1] == "G" else "".join(E5)})
        elif extra == "athanor":
            self._remove_on(c, {"E": 6})
            self.tasks.append({"t": "convert", "p": p, "fix": {}, "any": 0, "kinds": C.NON_GOLD})
        elif extra in ("turn_creature", "turn_dragon"):
            test = C.is_creature if extra == "turn_creature" else C.is_dragon
            opts = [x for x in self.play[p] if test(x) and x != c and x not in self.turned]
            self.tasks.append({"t": "target", "p": p, "what": "turn", "opts": opts})
        elif extra in ("destroy_any", "destroy_other", "destroy_beast"):
            opts = [x for x in self.play[p] if C.KIND[x] == "artifact" and not (extra == "destroy_other" and x == c)
                    and (extra != "destroy_beast" or C.TYPES[x])]
            self.tasks.append({"t": "target", "p": p, "what": "destroy", "opts": opts})
        elif extra == "destroy_self":
            self._destroy(p, c)
        elif extra == "dagger":
            self._destroy(p, c)
            self.tasks.append({"t": "pick", "p": p, "what": "discard", "opts": sorted(set(self.hand[p]))})
        if cost and not places and extra != "same_type":
            self.tasks.append({"t": "pay", "p": p, "fix": fix, "any": cost.get("any", 0), "waive": 0,
                               "wfix": {}, "wany": 0, "rec": effects[0][0] == "put_paid"})

    def _push_effect(self, p, c, op, power=None):
        kind = op[0]
        t = self.tasks
        if kind == "gain":
            t.append({"t": "gain", "p": p, "ess": op[1]})
        elif kind == "gain_any":
            t.append({"t": "gain_any", "p": p, "n": op[1], "allow": op[2]})
        elif kind == "put":
            t.append({"t": "gain", "p": p, "ess": op[1], "dest": c})
        elif kind == "put_any":
            t.append({"t": "gain_any", "p": p, "n": op[1], "allow": op[2], "dest": c})
        elif kind == "put_paid":
            t.append({"t": "put_paid", "p": p, "dest": c})
        elif kind == "rivals_gain":
            t.append({"t": "rivals_gain", "p": p, "ess": op[1]})
        elif kind == "attack":
            t.append({"t": "attack", "p": p, "n": op[1], "opt": op[2], "dragon": C.is_dragon(c)})
        elif kind == "draw":
            t.extend({"t": "draw", "p": p} for _ in range(op[1]))
        elif kind == "discard":
            t.extend({"t": "discard_hand", "p": p} for _ in range(op[1]))
        elif kind == "look3":
            t.append({"t": "look_choice", "p": p})
        elif kind == "straighten":
            t.append({"t": "target", "p": p, "what": "straighten", "opts": self._straighten_targets(p, c, op[1])})
        elif kind == "straighten_self":
            t.append({"t": "straighten_self", "p": p, "c": c})
        elif kind == "gain_x":
            t.append({"t": "gain_x", "p": p} if op[1] == "G" else {"t": "into", "p": p})
        elif kind == "gain_cost":
            t.append({"t": "gain_cost", "p": p, "plus": op[1], "allow": op[2]})
        elif kind == "mirror":
            t.append({"t": "mirror", "p": p, "count": op[1], "get": op[2]})
            t.append({"t": "rival", "p": p})
        elif kind == "place":
            t.append({"t": "pick", "p": p, "what": "place", "reduce": op[3], "extra": power["cost"],
                      "opts": self._place_choices(p, c, power, op)})
        elif kind == "check":
            t.append({"t": "check", "p": p, "why": "mid"})
        elif kind == "mermaid":
            opts = [x for x in self.components_of(p) if x != c]
            t.append({"t": "target", "p": p, "what": "mermaid", "opts": opts})
            t.append({"t": "pay", "p": p, "fix": {}, "any": 1, "waive": 0, "wfix": {}, "wany": 0, "rec": True,
                      "allow": op[1]})
        else:   # "statue": only used at a victory check
            raise AssertionError(kind)

    def _do_Pass(self, a):
        p = self.turn
        self.passed[p] = True
        if not self.token_taken:
            self.token_taken, self.first = True, p
        old = self.item[p]
        if old in self.on:
            self._gain(p, self.on.pop(old), from_supply=False)
        if old in self.turned:
            self.turned.remove(old)
        self.items_free.remove(a.item)
        self.items_free.append(old)
        self.items_free.sort(key=C.ITEMS.index)
        self.item[p] = a.item
        self.tasks.append({"t": "next_turn", "p": p})
        self.tasks.append({"t": "draw", "p": p})

    def _do_Pay(self, a):
        t = self._top()
        p = t["p"]
        self._spend(p, {a.essence: 1})
        t["any"] -= 1
        if t.get("rec"):
            self.scratch = dict(self.scratch, paid=a.essence)

    def _do_Waive(self, a):
        t = self._top()
        t["waive"] -= 1
        if a.essence == "any":
            t["any"] -= 1
            t["wany"] -= 1
        else:
            t["fix"] = dict(t["fix"], **{a.essence: t["fix"][a.essence] - 1})
            t["wfix"] = dict(t["wfix"], **{a.essence: t["wfix"][a.essence] - 1})

    def _do_Gain(self, a):
        t = self._top()
        dest = t.get("dest")
        if dest:
            self._put(dest, {a.essence: 1})
        else:
            self._gain(t["p"], {a.essence: 1})
        t["n"] -= 1
        t["min"] = t["allow"].index(a.essence)
        if not t["n"]:
            self.tasks.pop()

    def _do_Convert(self, a):
        t = self.tasks.pop()
        self._spend(t["p"], {a.essence: a.count})
        self.scratch = dict(self.scratch, x=a.count, x_type=a.essence)
        if t["fix"] or t["any"]:
            self.tasks.append({"t": "pay", "p": t["p"], "fix": t["fix"], "any": t["any"], "waive": 0,
                               "wfix": {}, "wany": 0})

    def _do_Into(self, a):
        t = self.tasks.pop()
        self._gain(t["p"], {a.essence: self.scratch["x"]})

    def _do_Target(self, a):
        t = self.tasks.pop()
        p, c = t["p"], a.component
        what = t["what"]
        if what == "straighten":
            self.turned.remove(c)
        elif what == "turn":
            self._turn(c)
        elif what == "destroy":
            self.scratch = dict(self.scratch, cost_total=C.cost_total(c))
            self._destroy(p, c)
        else:   # mermaid
            self._put(c, {self.scratch["paid"]: 1})

    def _do_PickCard(self, a):
        t = self.tasks.pop()
        p = t["p"]
        if t["what"] == "discard":
            self._w("hand", p).remove(a.card)
            self._w("discard", p).append(a.card)
            self.scratch = dict(self.scratch, cost_total=C.cost_total(a.card))
            return
        src = "hand"
        for q in range(self.num_players):
            if a.card in self.discard[q]:
                src = f"discard{q}"
        self.tasks.append({"t": "enter", "p": p, "c": a.card, "src": src})
        if t["reduce"] != "free":
            self.tasks.append(self.placement_task(p, a.card, t["reduce"], t["extra"]))
        elif t["extra"]:
            self.tasks.append({"t": "pay", "p": p, "fix": {e: n for e, n in t["extra"].items() if e != "any"},
                               "any": t["extra"].get("any", 0), "waive": 0, "wfix": {}, "wany": 0})

    def _do_Rival(self, a):
        self.tasks.pop()
        self.scratch = dict(self.scratch, rival=a.player)

    def _do_LookAt(self, a):
        t = self.tasks.pop()
        self.tasks.append({"t": "look", "p": t["p"], "which": a.deck})
        if a.deck == "monuments" and t["p"] not in self.mon_known:
            self.mon_known = self.mon_known + [t["p"]]

    def _do_Order(self, a):
        t = self.tasks.pop()
        if t["which"] == "monuments":
            self.mon_top[:t["k"]] = list(a.cards)
            self.mon_known = [t["p"]]
        else:
            self._w("top", t["p"])[:t["k"]] = list(a.cards)

    def _do_React(self, a):
        t = self.tasks.pop()
        p = t["p"]
        power = C.POWERS[a.component][a.power]
        if power["turn"]:
            self._turn(a.component)
        self._spend(p, power["cost"])
        for op in power["effect"]:
            if op[0] == "put":
                self._put(a.component, op[1])
            elif op[0] == "statue":
                self.statue[p] += op[1]

    def _do_Ignore(self, a):
        t = self.tasks.pop()
        p, opt = t["p"], t["opt"]
        if opt.startswith("pay:"):
            self._spend(p, {opt[4:]: 1})
        elif opt == "destroy":
            opts = [x for x in self.play[p] if C.KIND[x] == "artifact"]
            self.tasks.append({"t": "target", "p": p, "what": "destroy", "opts": opts})
        else:
            self.tasks.append({"t": "pick", "p": p, "what": "discard", "opts": sorted(set(self.hand[p]))})

    def _do_Accept(self, a):
        t = self.tasks.pop()
        if t["t"] == "statue":
            return
        p = t["p"]
        pool = self.pool[p]
        lost = min(t["n"], pool["L"])
        self._spend(p, {"L": lost})
        others = C.LIFE_LOSS_OTHER * (t["n"] - lost)
        if not others:
            return
        have = sum(pool[e] for e in "ECDG")
        if have <= others:
            self._spend(p, {e: pool[e] for e in "ECDG"})
        else:
            self.tasks.append({"t": "lose", "p": p, "n": others})

    def _do_Lose(self, a):
        t = self._top()
        self._spend(t["p"], {a.essence: 1})
        t["n"] -= 1
        t["min"] = "ECDG".index(a.essence)
        if not t["n"]:
            self.tasks.pop()

    # --- automatic tasks -------------------------------------------------------------------
    def _run(self):
        """Run automatic tasks until a decision or a chance outcome is needed (or the game ends)."""
        self._legal = None
        tasks = self.tasks
        while tasks:
            t = tasks[-1]
            if not getattr(self, "_auto_" + t["t"])(t):
                return

    def _auto_draft(self, t):
        return False

    def _auto_mage(self, t):
        return False

    def _auto_item(self, t):
        return False

    def _auto_take(self, t):
        return False

    def _auto_statue(self, t):
        return False

    def _auto_look_choice(self, t):
        decks = self._look_decks(t["p"])
        if len(decks) == 1:
            self._do_LookAt(LookAt(decks[0]))
            return True
        if not decks:
            self.tasks.pop()
            return True
        return False

    def _auto_target(self, t):
        if not t["opts"]:
            self.tasks.pop()
            return True
        if len(t["opts"]) == 1:
            self._do_Target(Target(t["opts"][0]))
            return True
        return False

    def _auto_pick(self, t):
        if not t["opts"]:
            self.tasks.pop()
            return True
        if len(t["opts"]) == 1:
            self._do_PickCard(PickCard(t["opts"][0]))
            return True
        return False

    def _auto_rival(self, t):
        if self.num_players == 2:
            self._do_Rival(Rival(1 - t["p"]))
            return True
        return False

    def _auto_convert(self, t):
        return False

    def _auto_into(self, t):
        return False

    def _auto_forge(self, t):
        if self.pool[t["p"]]["D"]:
            return False
        self.tasks.pop()
        self._turn(t["c"])
        return True

    def _auto_react(self, t):
        if len(self._opts_react(t)) == 1:
            self._do_Accept(Accept())
            return True
        return False

    def _auto_lose(self, t):
        opts = self._opts_lose(t)
        if len(opts) == 1:
            self._do_Lose(opts[0])
            return True
        return False

    def _auto_order(self, t):
        if t["k"] <= 1:
            self.tasks.pop()
            return True
        return False

    def _auto_pay(self, t):
        if t["waive"]:
            cap = sum(t["wfix"].values()) + t["wany"]
            if t["waive"] >= cap:
                t = self._top()
                t["fix"] = {e: n - t["wfix"].get(e, 0) for e, n in t["fix"].items() if n - t["wfix"].get(e, 0)}
                t["any"] -= t["wany"]
                t["waive"], t["wfix"], t["wany"] = 0, {}, 0
                return True
            opts = self._waive_options(t)
            if len(opts) > 1:
                return False
            if opts:
                self._do_Waive(Waive(opts[0]))
            else:
                self._top()["waive"] = 0
            return True
        if t["any"]:
            opts = self._opts_pay(t)
            pool, fix = self.pool[t["p"]], t["fix"]
            if len(opts) > 1 and sum(pool[a.essence] - fix.get(a.essence, 0) for a in opts) > t["any"]:
                return False
            self._do_Pay(opts[0])    # one type left, or every essence left must be paid anyway
            return True
        self.tasks.pop()
        self._spend(t["p"], t["fix"])
        return True

    def _auto_gain_any(self, t):
        allow = t["allow"][t.get("min", 0):]
        if len(allow) > 1:
            return False
        self.tasks.pop()
        ess = {allow: t["n"]}
        if t.get("dest"):
            self._put(t["dest"], ess)
        else:
            self._gain(t["p"], ess)
        return True

    def _auto_gain(self, t):
        self.tasks.pop()
        if t.get("dest"):
            self._put(t["dest"], t["ess"])
        else:
            self._gain(t["p"], t["ess"])
        return True

    def _auto_put_paid(self, t):
        self.tasks.pop()
        self._put(t["dest"], {self.scratch["paid"]: 1})
        return True

    def _auto_rivals_gain(self, t):
        self.tasks.pop()
        for q in range(self.num_players):
            if q != t["p"]:
                self._gain(q, t["ess"])
        return True

    def _auto_attack(self, t):
        self.tasks.pop()
        n = self.num_players
        victims = [(t["p"] + k) % n for k in range(1, n)]
        for q in reversed(victims):
            if not self.passed[q]:
                self.tasks.append({"t": "react", "p": q, "n": t["n"], "opt": t["opt"], "dragon": t["dragon"]})
        return True

    def _auto_draw(self, t):
        p = t["p"]
        if self.top[p]:
            self.tasks.pop()
            self._w("hand", p).append(self._w("top", p).pop(0))
            return True
        if self.deck[p]:
            return False
        if self.discard[p]:
            self.deck[p] = sorted(self.discard[p])
            self.discard[p] = []
            return False
        self.tasks.pop()          # nothing left to draw
        i = len(self.tasks) - 1
        while i >= 0 and self.tasks[i]["t"] == "draw" and self.tasks[i]["p"] == p:
            i -= 1
        if i >= 0 and self.tasks[i]["t"] == "discard_hand" and self.tasks[i]["p"] == p:
            del self.tasks[i]     # 점술 discards as many cards as it drew (divination_discard)
        return True

    def _auto_discard_hand(self, t):
        self.tasks.pop()
        hand = sorted(set(self.hand[t["p"]]))
        if hand:
            self.tasks.append({"t": "pick", "p": t["p"], "what": "discard", "opts": hand})
        return True

    def _auto_look(self, t):
        p, which = t["p"], t["which"]
        top, deck = (self.mon_top, self.mon_deck) if which == "monuments" else (self.top[p], self.deck[p])
        if len(top) >= C.LOOK_COUNT or not (deck or (which == "own" and self.discard[p])):
            self.tasks.pop()
            self.tasks.append({"t": "order", "p": p, "which": which, "k": min(C.LOOK_COUNT, len(top))})
            return True
        if not deck:
            self.deck[p] = sorted(self.discard[p])
            self.discard[p] = []
        return False

    def _auto_mon_draw(self, t):
        if self.mon_top:
            self.tasks.pop()
            self._monument_arrives(t, self.mon_top.pop(0))
            if not self.mon_top:
                self.mon_known = []
            return True
        if self.mon_deck:
            return False
        self.tasks.pop()          # an empty monument deck refills nothing
        return True

    def _auto_straighten_self(self, t):
        self.tasks.pop()
        self.turned.remove(t["c"])
        return True

    def _auto_gain_x(self, t):
        self.tasks.pop()
        self._gain(t["p"], {"G": self.scratch["x"]})
        return True

    def _auto_gain_cost(self, t):
        self.tasks.pop()
        n = self.scratch.get("cost_total", 0) + t["plus"]
        if n:
            if len(t["allow"]) == 1:
                self._gain(t["p"], {t["allow"]: n})
            else:
                self.tasks.append({"t": "gain_any", "p": t["p"], "n": n, "allow": t["allow"]})
        return True

    def _auto_mirror(self, t):
        self.tasks.pop()
        n = self.pool[self.scratch["rival"]][t["count"]]
        if n:
            self._gain(t["p"], {t["get"]: n})
        return True

    def _auto_enter(self, t):
        self.tasks.pop()
        p, c, src = t["p"], t["c"], t["src"]
        (self._w("hand", p) if src == "hand" else self._w("discard", int(src[7:]))).remove(c)
        self._w("play", p).append(c)
        return True

    def _auto_check(self, t):
        """A victory check: offer 황금 조각상 where it could matter, then judge."""
        self.tasks.pop()
        self.tasks.append({"t": "judge", "p": t["p"], "why": t["why"]})
        n = self.num_players
        for q in reversed([(self.first + k) % n for k in range(n)]):
            if "golden_statue" in self.play[q] and self._usable_statue(q):
                self.tasks.append({"t": "statue", "p": q})
        return True

    def _usable_statue(self, q) -> bool:
        power = C.POWERS["golden_statue"][0]
        return ("golden_statue" not in self.turned and payable(self.pool[q], power["cost"])
                and self.vp(q) + power["effect"][0][1] >= C.WIN_VP)

    def _auto_judge(self, t):
        self.tasks.pop()
        scores = [self.vp(p) for p in range(self.num_players)]
        self.statue = [0] * self.num_players
        if max(scores) >= C.WIN_VP:
            self.final = scores
            self.phase = OVER
            self.tasks.clear()
        return True

    def _auto_next_turn(self, t):
        self.tasks.pop()
        n = self.num_players
        if all(self.passed):
            self.tasks.append({"t": "new_round", "p": self.first})
            self.tasks.append({"t": "check", "p": self.first, "why": "round"})
            return True
        turn = (self.turn + 1) % n
        while self.passed[turn]:
            turn = (turn + 1) % n
        self.turn = turn
        return True

    def _auto_new_round(self, t):
        """No winner: straighten everything, flip the token and items back, collect again."""
        self.tasks.pop()
        self.turned = []
        self.passed = [False] * self.num_players
        self.token_taken = False
        self.round += 1
        self.turn = self.first
        self.phase = COLLECT
        n = self.num_players
        self.tasks.append({"t": "start_actions", "p": self.first})
        for q in reversed([(self.first + k) % n for k in range(n)]):
            self.tasks.append({"t": "collect", "p": q})
        return True

    def _auto_start_actions(self, t):
        self.tasks.pop()
        self.phase = ACTIONS
        self.turn = self.first
        return True

    def _auto_collect(self, t):
        """One player's collect phase: take/leave decisions first, then collect abilities, then costs."""
        self.tasks.pop()
        p = t["p"]
        comps = self.components_of(p)
        self.tasks.append({"t": "collect_gains", "p": p})
        for c in reversed(comps):
            if self.on.get(c):
                self.tasks.append({"t": "take", "p": p, "c": c})
        return True

    def _auto_collect_gains(self, t):
        self.tasks.pop()
        p = t["p"]
        later, costs = [], []
        for c in self.components_of(p):
            for op in C.COLLECT.get(c, ()):
                kind = op[0]
                if kind == "gain":
                    self._gain(p, op[1])
                elif kind == "one_of":
                    later.append({"t": "gain_any", "p": p, "n": 1, "allow": op[1]})
                elif kind == "any":
                    later.append({"t": "gain_any", "p": p, "n": op[1], "allow": op[2]})
                elif kind == "vault":
                    if self.on.get(c, {}).get("G"):
                        later.append({"t": "gain_any", "p": p, "n": op[1], "allow": op[2]})
                elif kind == "windup":
                    on = self.on.get(c)
                    if on:
                        self._put(c, {e: op[1] for e in on})
                else:   # "forge": a collect cost, paid after every gain
                    costs.append({"t": "forge", "p": p, "c": c})
        self.tasks.extend(costs)            # the stack runs the gains first, the costs last
        self.tasks.extend(reversed(later))
        return True

    def _auto_draft_rotate(self, t):
        self.tasks.pop()
        n = self.num_players
        if not any(self.draft):
            self.draft, self.draft_next = self.draft_next, [[] for _ in range(n)]
            return True
        self.draft = [self.draft[(q - t["dir"]) % n] for q in range(n)]
        return True

    def _auto_setup_done(self, t):
        self.tasks.pop()
        self.tasks.append({"t": "new_round", "p": self.first})
        return True

    # --- low-level moves -----------------------------------------------------------------
    def _gain(self, p, ess, from_supply=True):
        pool = self.pool[p]
        for e, n in ess.items():
            pool[e] += n
            if from_supply:
                self.supply[e] -= n

    def _spend(self, p, ess):
        pool = self.pool[p]
        for e, n in ess.items():
            if n:
                pool[e] -= n
                self.supply[e] += n

    def _put(self, c, ess):
        on = dict(self.on.get(c, {}))
        for e, n in ess.items():
            on[e] = on.get(e, 0) + n
            self.supply[e] -= n
        self.on[c] = on

    def _remove_on(self, c, ess):
        on = dict(self.on[c])
        for e, n in ess.items():
            on[e] -= n
            self.supply[e] += n
            if not on[e]:
                del on[e]
        if on:
            self.on[c] = on
        else:
            del self.on[c]

    def _turn(self, c):
        if c not in self.turned:
            self.turned.append(c)

    def _destroy(self, p, c):
        """From play to its owner's discard pile; essences on it go back to the supply."""
        self._w("play", p).remove(c)
        self._w("discard", p).append(c)
        if c in self.turned:
            self.turned.remove(c)
        if c in self.on:
            self._remove_on(c, self.on[c])

    def _w(self, field: str, p: int) -> list:
        """Player p's list in `field`, copied the first time this state changes it (copy on write)."""
        key = (field, p)
        lists = getattr(self, field)
        if key not in self._owned:
            self._owned.add(key)
            lists[p] = list(lists[p])
        return lists[p]

    def _copy(self) -> "State":
        new = State.__new__(State)
        new.num_players, new.variants, new.round, new.phase = self.num_players, self.variants, self.round, self.phase
        new.first, new.token_taken, new.turn, new.final = self.first, self.token_taken, self.turn, self.final
        new.passed, new.mage, new.item, new.statue = list(self.passed), list(self.mage), list(self.item), list(self.statue)
        new.pool = [dict(x) for x in self.pool]
        new.mage_options, new.hand, new.deck = list(self.mage_options), list(self.hand), list(self.deck)
        new.top, new.discard, new.play = list(self.top), list(self.discard), list(self.play)
        new.draft, new.draft_next = list(self.draft), list(self.draft_next)
        new.turned, new.on, new.items_free = list(self.turned), dict(self.on), list(self.items_free)
        new.mon_up, new.mon_deck, new.mon_top = list(self.mon_up), list(self.mon_deck), list(self.mon_top)
        new.mon_known, new.places, new.box = list(self.mon_known), list(self.places), list(self.box)
        new.supply, new.tasks, new.scratch = dict(self.supply), list(self.tasks), self.scratch
        new._legal, new._owned = None, set()
        return new
