"""What is legal in 레즈 아르카나: whether a pool can pay a cost (payable), discounts and placement costs,
the options of the main decision and of every decision task (`_opts_<task>`), and why an action is
illegal. A mixin of State (state.py), apart from what the actions do (effects.py) and the automatic
steps (tasks.py); it reads the state and never changes it."""
from itertools import permutations

from rules.core import CHANCE
from rules.core.korean import attach
from rules.res_arcana import components as C
from rules.res_arcana.actions import (
    Accept, ChooseItem, ChooseMage, ClaimMonument, ClaimPlace, Collect, CollectCost, Convert,
    Discard, DraftPick, Gain, Ignore, Into, LookAt, Lose, Order, Pass, Pay,
    PickCard, Place, React, Rival, Target, Use, Waive,
)
from rules.res_arcana.phases import OVER

E5 = C.ESSENCES


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


class Choices:
    """The legal options of State (a mixin: State keeps the fields)."""

    __slots__ = ()

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
