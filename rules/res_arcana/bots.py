"""Opponents for 한 판 해 보기 and the benchmark, and the advice of the guided game.

`weigh(state)` values every legal action of the player to move in 승점 from what that player may see
(the table, their own hand; never another hand, a deck's order or the monument deck's top): each move
is tried on a copy and the player's own follow-up steps (which essence to pay, which to take ...) are
settled by simple preferences (rules.res_arcana.worth), then the position is valued. A blind monument is
valued by its exact odds, a pass by the first player token it may win. `sensible_bot` plays the best
move; `greedy_bot` is the older, simpler bot it is measured against (tests/benchmark.py).
"""
from rules.core import CHANCE
from rules.core.advice import Weighed, best, policy
from rules.core.korean import attach
from rules.res_arcana import components as C
from rules.res_arcana.actions import (
    Accept, ChooseItem, ChooseMage, ClaimMonument, ClaimPlace, Collect, CollectCost, Convert, Discard, DraftPick,
    Gain, Ignore, Into, Lose, Order, Pass, Pay, PickCard, Place, React, Target, Use, Waive,
)
from rules.res_arcana.odds import blind_monument_odds
from rules.res_arcana.worth import (
    INCOME, TOKEN_RISK, WIN, ess_worth, essence_worth, placing_worth, position_worth, rounds_left, settle,
)

UNIT = "점"
# An action taken now rather than after a pass: the essences it turns over this round come back as more
# actions in the rounds left (an engine grows by being used), beyond what the position shows at once.
TEMPO = {"claim": 1.5, "place": .6, "power": .4, "discard": .3}


def greedy_bot(state, rng):
    """Claims places and monuments first, then places artifacts (points first), uses powers,
    discards for gold, and passes when nothing else is left; reacts to every life loss.

    Inside a step (paying, choosing essences, targets) it picks at random.
    """
    actions = state.legal_actions()

    def value(a):
        if isinstance(a, ClaimPlace):
            return 8
        if isinstance(a, ClaimMonument):
            return 7 if a.monument == "deck" else 7 + C.VP[a.monument]
        if isinstance(a, Place):
            return 5 + C.VP[a.card]
        if isinstance(a, (React, Ignore)):
            return 6
        if isinstance(a, Accept):
            return 1
        if isinstance(a, Use):
            return 4
        if isinstance(a, Discard):
            return 2 if a.gold else 1.5
        if isinstance(a, Pass):
            return 0
        return 3
    return max(actions, key=lambda a: (value(a), rng.random()))


# --- every decision -----------------------------------------------------------------------------
def weigh(state) -> list:
    """Every legal action of the player to move with its worth in 승점 and the reason, in words."""
    p = state.current_player()
    if p == CHANCE or state.is_terminal():
        return []
    base = position_worth(state, p)
    # rounded: a sum's last digits depend on the order a state's dicts were built in, not on the position
    return [Weighed(w.action, round(w.value, 6), w.reason) for w in
            (_weigh(state, p, a, base) for a in state.legal_actions())]


def _weigh(state, p, a, base) -> Weighed:
    if isinstance(a, ClaimMonument) and a.monument == "deck":
        return _blind_monument(state, p, a)
    if isinstance(a, Pass):
        return _pass(state, p, a)
    after = settle(state.apply(a), p)     # the move with the player's own follow-up steps taken
    value = position_worth(after, p) - base + _on_rivals(state, p, a) + _tempo(a)
    return Weighed(a, value, _reason(state, p, a, value, after))


def _tempo(a) -> float:
    """A power that does not turn its component can be used again and again: it gets no tempo, or the bot
    would trade essences back and forth all round."""
    if isinstance(a, Use) and not C.POWERS[a.component][a.power]["turn"]:
        return 0.0
    return TEMPO.get(a.kind, 0.0)


def _on_rivals(state, p, a) -> float:
    """A power's life loss hurts the rivals who have not passed; essences it gives them help them."""
    if not isinstance(a, Use):
        return 0.0
    rivals = sum(1 for q in range(state.num_players) if q != p and not state.passed[q])
    total = 0.0
    for op in C.POWERS[a.component][a.power]["effect"]:
        if op[0] == "attack":
            total += .3 * op[1] * .6 * rivals
        elif op[0] == "rivals_gain":
            total -= .5 * sum(op[1].values()) * .3 * (state.num_players - 1)
    return total


def _change(before, after, p) -> str:
    """What the move did to the player's essences and points, as the table would count it."""
    paid = {e: before.pool[p][e] - after.pool[p][e] for e in C.ESSENCES if before.pool[p][e] > after.pool[p][e]}
    got = {e: after.pool[p][e] - before.pool[p][e] for e in C.ESSENCES if after.pool[p][e] > before.pool[p][e]}
    placed = {}
    for c in after.components_of(p):
        for e, n in after.on.get(c, {}).items():
            if n > before.on.get(c, {}).get(e, 0):
                placed[e] = placed.get(e, 0) + n - before.on.get(c, {}).get(e, 0)
    parts = [f"{label}: {C.cost_text(amounts)}" for label, amounts in
             (("내는 정수", paid), ("받는 정수", got), ("구성품 위에 올리는 정수", placed)) if amounts]
    points = after.vp(p) - before.vp(p)
    if points:
        parts.append(f"승점 {points:+d}점")
    return " · ".join(parts) or "정수는 그대로"


def _blind_monument(state, p, a) -> Weighed:
    """The top card is a chance: its points averaged over the monuments the player cannot see."""
    odds = blind_monument_odds(state, p)
    r = rounds_left(state, p)
    mean = float(sum(prob * (C.VP[m] + INCOME[m] * r) for m, prob in odds.items()))
    value = mean - ess_worth(C.MONUMENT_COST, state, p)
    best_vp = max((C.VP[m] for m in odds), default=0)
    top = sum(prob for m, prob in odds.items() if C.VP[m] == best_vp)
    return Weighed(a, value, f"보지 않고 가져오면 남은 기념물 {len(odds)}장 중 하나: 승점 {best_vp}점짜리일 확률 "
                             f"{top.numerator}/{top.denominator}, 평균 승점 {float(sum(p_ * C.VP[m] for m, p_ in odds.items())):.1f}점")


def _pass(state, p, a) -> Weighed:
    """Passing gives up this round's other actions; what it wins now is the first player token (while no one
    has passed, at the risk that someone else passes first) and, the last to pass, the victory check."""
    others = [q for q in range(state.num_players) if q != p]
    item_gain = (INCOME[a.item] - INCOME[state.item[p]]) * rounds_left(state, p)
    if all(state.passed[q] for q in others):
        scores = [state.vp(q) for q in range(state.num_players)]
        if max(scores) >= C.WIN_VP:
            ranking = [(s, state.tiebreak(q)) for q, s in enumerate(scores)]
            top = max(ranking)
            if ranking[p] == top:
                return Weighed(a, WIN, f"마지막으로 패스하면 승점 확인: 내가 {scores[p]}점으로 가장 높아 이깁니다")
            return Weighed(a, -WIN, f"마지막으로 패스하면 승점 확인: {max(scores)}점인 사람이 있어 내가 집니다. "
                                    "할 수 있는 액션을 먼저 하세요")
        return Weighed(a, 0.1 * item_gain, f"마지막으로 패스합니다: 아무도 10점이 안 되어 다음 라운드로 갑니다. "
                                           f"{attach(C.name(a.item), '을')} 가져옵니다")
    if not state.token_taken:
        keep = "지킵니다" if state.first == p else "가져옵니다"
        return Weighed(a, C.TOKEN_VP * TOKEN_RISK + 0.1 * item_gain,
                       f"먼저 패스하면 선 플레이어 토큰(1점)을 {keep}. 남이 먼저 패스하면 그 사람이 가져갑니다. "
                       f"마법 아이템은 {attach(C.name(a.item), '으로')} 바꿉니다")
    return Weighed(a, 0.1 * item_gain, f"더 할 만한 액션이 없으면 패스하고 마법 아이템을 {attach(C.name(a.item), '으로')} "
                                       "바꿉니다 (카드 1장을 뽑음)")


# --- the reason, in the game's terms ------------------------------------------------------------------
def _reason(state, p, a, value, after) -> str:
    if isinstance(a, Place):
        return _place_reason(state, p, a.card, value)
    if isinstance(a, ClaimMonument):
        return f"{C.name(a.monument)}: 금 4개로 승점 {C.VP[a.monument]}점" + _engine(a.monument, state, p)
    if isinstance(a, ClaimPlace):
        return f"마력의 장소 {C.name(a.place)}: 승점 {C.VP[a.place]}점" + _engine(a.place, state, p)
    if isinstance(a, Discard):
        what = "금 1개" if a.gold else "금이 아닌 정수 2개"
        return (f"{attach(C.name(a.card), '은')} 배치해도 얻는 것이 작아({placing_worth(state, p, a.card):.1f}점), "
                f"버리고 {attach(what, '을')} 받는 편이 낫습니다" if value > 0 else
                f"{attach(C.name(a.card), '은')} 배치할 값어치가 있어 버리면 손해입니다")
    if isinstance(a, Use):
        verdict = "쓸 만합니다" if value > 0 else "지금은 내는 것이 받는 것보다 큽니다"
        return f"{C.name(a.component)}의 마력: {_change(state, after, p)} — {verdict}"
    if isinstance(a, (Pay, Lose)):
        return f"{attach(C.ess(a.essence), '은')} 지금 가장 덜 아쉬운 정수입니다" if value >= -0.35 else \
            f"{attach(C.ess(a.essence), '은')} 아껴 둘 정수입니다"
    if isinstance(a, Waive):
        what = "원하는 정수" if a.essence == "any" else C.ess(a.essence)
        return f"할인으로 {attach(what, '을')} 빼면 귀한 정수를 아낍니다"
    if isinstance(a, (Gain, Into)):
        return f"{attach(C.ess(a.essence), '은')} 지금 가장 쓸모 있는 정수입니다 (정수 1개 {essence_worth(a.essence, state, p):.2f}점)"
    if isinstance(a, Collect):
        return _collect_reason(a, value)
    if isinstance(a, CollectCost):
        return "죽음 1개를 내면 용광로의 마력을 이번 라운드에도 씁니다" if a.pay else "죽음을 아끼고 용광로를 돌립니다"
    if isinstance(a, ChooseMage):
        return f"{attach(C.name(a.mage), '은')} 손패와 함께 라운드마다 약 {INCOME[a.mage]:.1f}점어치를 냅니다"
    if isinstance(a, ChooseItem):
        return f"{attach(C.name(a.item), '은')} 라운드마다 약 {INCOME[a.item]:.1f}점어치를 냅니다"
    if isinstance(a, DraftPick):
        return f"{C.name(a.card)}: 배치하면 약 {placing_worth(state, p, a.card):.1f}점어치입니다"
    if isinstance(a, (Target, PickCard)):
        card = a.component if isinstance(a, Target) else a.card
        return f"{attach(C.name(card), '을')} 고르면 내 자리가 {value:+.1f}점 달라집니다"
    if isinstance(a, Convert):
        return f"{C.ess(a.essence)} {a.count}개를 바꾸면 {value:+.1f}점입니다"
    if isinstance(a, React):
        return f"{C.name(a.component)}의 반응 마력으로 손실을 막습니다 ({value:+.1f}점)"
    if isinstance(a, Ignore):
        return f"공격한 마력이 허락한 방법으로 손실을 무시합니다 ({value:+.1f}점)"
    if isinstance(a, Accept):
        return f"반응하지 않으면 내 자리가 {value:+.1f}점 달라집니다"
    if isinstance(a, Order):
        return "가장 먼저 쓸 카드를 맨 위에 둡니다"
    return f"내 자리가 {value:+.1f}점 달라집니다"


def _engine(c, state, p) -> str:
    income = INCOME[c]
    return (f" · 라운드마다 약 {income:.1f}점어치 (남은 라운드 약 {rounds_left(state, p):.0f}번)"
            if income > 0.05 else "")


def _place_reason(state, p, card, value) -> str:
    verdict = "배치할 만합니다" if value > 0 else "지금은 비용에 비해 얻는 것이 작습니다"
    return (f"{C.name(card)}: 승점 {C.VP[card]}점{_engine(card, state, p)} · 비용 {C.cost_text(C.COST[card])}"
            f" — {verdict}")


def _collect_reason(a, value) -> str:
    where = C.name(a.component)
    if C.VP_ON.get(a.component) and not a.take:
        return f"{where} 위의 정수는 그대로 두면 승점이 됩니다"
    if a.take:
        return f"{where} 위의 정수를 가져와 이번 라운드에 씁니다 ({value:+.1f}점)"
    if any(op[0] in ("windup", "vault") for op in C.COLLECT.get(a.component, ())):
        return f"{where} 위에 두면 다음 수집 때 불어납니다 ({value:+.1f}점)"
    return f"{where} 위의 정수는 나중에 가져와도 됩니다 ({value:+.1f}점)"


sensible_bot = policy(weigh)


def advise(state) -> Weighed:
    return best(weigh(state))
