"""The sensible bot's weighing of 아틀란다이스: every legal action of the player to move, in points, with the
reason in the game's words.

A move is weighed by the rest of the visit it starts, each later choice of the same player at its best
and a re-roll averaged over its exact odds (1/2 for 보석 가게's odd face, 1/6 for 대장간's 6): where the
visit ends (the next player's pick, a new round, a board about to come up) the position is valued by
rules.atlandice.outlook. Nothing read here is hidden from the player to move.
"""
from fractions import Fraction

from rules.core import CHANCE
from rules.core.advice import Weighed, best
from rules.core.korean import attach
from rules.atlandice import components as C
from rules.atlandice.actions import (EndDonation, GiveDie, MoveHeritage, MoveSubmarine, SetDie, TakeDie,
                                     TakeHeritage)
from rules.atlandice.outlook import margin
from rules.atlandice.state import DONATION, INN, LIBRARY, REROLL, TAKE, WORKSHOP

UNIT = "점"
VISIT_PHASES = frozenset({TAKE, INN, WORKSHOP, LIBRARY})
NUDGE = 0.05       # a tie-break in points where the outlook sees no difference (the 여관, the 잠수함)
BONUS_WORDS = {"jeweler": "홀수가", "forge": "6이"}


# --- looking through the rest of a visit -----------------------------------------------------------
class Line:
    """The best continuation of a visit: its value, the choices made on its likeliest branch, the
    position where it ends and the chance that a re-roll on the way gives one more heritage."""
    __slots__ = ("value", "moves", "end", "bonus")

    def __init__(self, value, moves, end, bonus=None):
        self.value, self.moves, self.end, self.bonus = value, moves, end, bonus


def line(state, me: int) -> Line:
    player = state.current_player()
    if player == CHANCE and state.phase == REROLL:
        return _reroll(state, me)
    if player == me and state.phase in VISIT_PHASES:
        top = None
        for action in state.legal_actions():
            after = line(state.apply(action), me)
            value = after.value + _nudge(state, me, action)
            if top is None or value > top[0]:
                top = (value, action, after)
        value, action, after = top
        return Line(value, [action] + after.moves, after.end, after.bonus)
    return Line(margin(state, me), [], state)


def _reroll(state, me: int) -> Line:
    """A re-roll: the faces that give one more heritage and those that do not, each weighed once."""
    bonus_p, groups = Fraction(0), {}
    for outcome, p in state.chance_outcomes():
        after = state.apply(outcome)
        extra = after.phase == TAKE and len(after.steps) > len(state.steps)
        bonus_p += p if extra else 0
        if extra not in groups:
            groups[extra] = [Fraction(0), line(after, me)]
        groups[extra][0] += p
    value = sum(float(p) * ln.value for p, ln in groups.values())
    likely = max(groups.values(), key=lambda g: g[0])[1]
    return Line(value, likely.moves, likely.end, bonus_p)


def _nudge(state, me: int, action) -> float:
    """Where the outlook is blind: heritage the 여관 adds slows a board's emptying (good when a rival leads
    its type), and the submarine is worth most beside heritage and a die."""
    if isinstance(action, MoveHeritage):
        leader = _sole_leader(state, C.HERITAGE[action.district - 1])
        return 0.0 if leader is None else (-NUDGE if leader == me else NUDGE)
    if isinstance(action, MoveSubmarine):
        d = action.district
        return NUDGE * (min(2, sum(state.pools[d - 1])) + bool(state.dice[d - 1])) / 3
    return 0.0


def _sole_leader(state, heritage: str):
    ranks = state.majority(heritage, second=False)
    return next(iter(ranks)) if len(ranks) == 1 else None


# --- every decision ------------------------------------------------------------------------------
def weigh(state) -> list:
    """Every legal action of the player to move with its worth in points and the reason, in words."""
    me = state.current_player()
    if state.phase == DONATION:
        return [_weigh_donation(state, me, a) for a in state.legal_actions()]
    base = margin(state, me)
    out = []
    for action in state.legal_actions():
        ln = line(state.apply(action), me)
        ln.moves.insert(0, action)
        out.append(Weighed(action, round(ln.value + _nudge(state, me, action) - base, 6), _story(state, me, ln)))
    return out


def advise(state) -> Weighed:
    return best(weigh(state))


def _weigh_donation(state, me: int, action) -> Weighed:
    base = margin(state, me)
    if isinstance(action, EndDonation):
        return Weighed(action, 0.0, "기부를 마치면 가진 유산과 순위가 그대로 남습니다")
    after = state.apply(action)
    value = round(margin(after, me) - base, 6)
    lost = [t for t in dict.fromkeys((action.first, action.second)) if _rank(after, me, t) > _rank(state, me, t)]
    if lost:
        what = ", ".join(_standing(after, me, t) for t in lost)
        return Weighed(action, value, f"승점 토큰 1개를 받지만 순위가 내려갑니다: {what}")
    return Weighed(action, value, f"{_pair(action)} 내도 순위는 그대로라 승점 토큰 1개가 남는 장사입니다")


def _pair(action) -> str:
    if action.first == action.second:
        return f"{C.name(action.first)} 2개를"
    return f"{C.name(action.first)}·{attach(C.name(action.second), '을')}"


# --- the reason, in the game's words ---------------------------------------------------------------
def _rank(state, seat: int, heritage: str) -> int:
    """1 for a leader (tied or not), 2 for the second, 3 for anyone else (none held: 3)."""
    return state.majority(heritage).get(seat, 3)


def _standing(state, seat: int, heritage: str) -> str:
    """Where `seat` stands in one type's race, as the end of a sentence: "보석 3개로 단독 1위입니다"."""
    i = C.HERITAGE.index(heritage)
    have = [h[i] for h in state.holdings]
    mine = have[seat]
    rival = max(n for s, n in enumerate(have) if s != seat)
    what = C.name(heritage)
    if not mine:
        return f"{attach(what, '이')} 하나도 없습니다"
    if mine > rival:
        return f"{what} {mine}개로 단독 1위입니다" + (f" (다음은 {rival}개)" if rival else "")
    if mine == rival:
        return f"{what} {mine}개로 공동 1위입니다"
    return f"{what} {mine}개로 1위({rival}개)보다 {rival - mine}개 적습니다"


def _who(state, seat: int) -> str:
    return "가상 플레이어" if seat == state.virtual() else f"플레이어 {seat + 1}"


def _story(state, me: int, ln: Line) -> str:
    """One or two sentences: what the move takes and where that leaves the race, then the biggest thing the
    visit sets off (a board scored, the clock) or the re-roll's odds."""
    first = ln.moves[0]
    taken = [a.heritage for a in ln.moves if isinstance(a, TakeHeritage)]
    for_virtual = isinstance(first, GiveDie) or (state.area and state.beneficiary != me)
    seat = state.virtual() if for_virtual else me
    sentences = [_taking(state, first, taken, seat, for_virtual)]
    events = _scored(state, me, ln.end) + _clock(state, ln.end)
    if ln.bonus:
        word = BONUS_WORDS[C.ABILITY[_area(state, first)]]
        events.append(f"다시 굴려 {word} 나오면(확률 {ln.bonus.numerator}/{ln.bonus.denominator}) 유산 1개를 더 가져옵니다")
    for a in ln.moves[1:]:
        if isinstance(a, (MoveHeritage, MoveSubmarine, SetDie)):
            events.append(f"능력으로 {a.describe()}")
    return ". ".join(sentences + events[:1])


def _area(state, first) -> int:
    return first.area if isinstance(first, (TakeDie, GiveDie)) else state.area


def _taking(state, first, taken: list, seat: int, for_virtual: bool) -> str:
    if isinstance(first, (MoveHeritage, MoveSubmarine, SetDie)):
        return _ability_effect(state, first)
    where = f"{C.area_name(first.area)}에서 " if isinstance(first, TakeDie) else ""
    if not taken:
        area = _area(state, first)
        return f"{where}가져올 유산이 없습니다: " + ("주사위만 가져옵니다" if area == C.MARKET else "주사위를 가져와 능력만 씁니다")
    things = attach("·".join(C.name(t) for t in dict.fromkeys(taken)), "을")
    after = state
    for t in taken:       # the race as the taking leaves it, before a scoring sends the heritage back
        after = _with_one_more(after, seat, t)
    main = max(dict.fromkeys(taken), key=lambda t: (-_rank(after, seat, t), taken.count(t)))
    if isinstance(first, GiveDie):
        return f"{C.area_name(first.area)}의 주사위와 {things} 가상 플레이어에게 주면 가상 플레이어는 {_standing(after, seat, main)}"
    if for_virtual:
        return f"가상 플레이어에게 {things} 주면 가상 플레이어는 {_standing(after, seat, main)}"
    return f"{where}{things} 가져오면 {_standing(after, seat, main)}"


def _with_one_more(state, seat: int, heritage: str):
    probe = state._copy()
    probe.holdings = [list(h) for h in state.holdings]
    probe.holdings[seat][C.HERITAGE.index(heritage)] += 1
    return probe


def _ability_effect(state, action) -> str:
    me = state.current_player()
    if isinstance(action, MoveHeritage):
        heritage = C.DISTRICT_HERITAGE[action.district]
        leader = _sole_leader(state, heritage)
        whose = ("아무도 앞서지 않은" if leader is None else "내가 앞선" if leader == me
                 else f"{attach(_who(state, leader), '이')} 앞선")
        return f"{whose} {C.name(heritage)}의 {C.area_name(action.district)} 보드에 유산이 늘어 그 보드가 늦게 빕니다"
    if isinstance(action, MoveSubmarine):
        d = action.district
        return (f"{C.area_name(d)} 옆에는 유산 {sum(state.pools[d - 1])}개와 주사위 {state.dice[d - 1]}개가 있습니다: "
                "그곳을 방문하면 유산을 1개 더 가져옵니다")
    return f"{C.area_name(action.source)}의 주사위가 {C.area_name(action.target)}에 놓입니다"


def _scored(state, me: int, end) -> list:
    """The boards scored on the way and what `me` got from them."""
    out = []
    for d in C.DISTRICTS:
        if len(end.stacks[d - 1]) < len(state.stacks[d - 1]):
            winner = next((s for s in range(len(end.won)) if len(end.won[s]) > len(state.won[s])), None)
            tokens = end.tokens[me] - state.tokens[me]
            if winner == me:
                got = "내가 보드를 가져갑니다(3점)"
            elif winner is None:
                got = "아무도 보드를 갖지 못합니다"
            else:
                got = f"{attach(_who(state, winner), '이')} 보드를 가져갑니다"
            if tokens and winner != me:
                got += f", 나는 승점 토큰 {tokens}개"
            out.append(f"{C.area_name(d)} 보드가 비어 중간 점수 계산: {got}")
    return out


def _clock(state, end) -> list:
    if end.clock == state.clock:
        return []
    space = end.board.track[end.clock]
    moved = end.clock - state.clock
    if end.is_terminal():
        return [f"남은 주사위로 시곗바늘이 {moved}칸 나아가 파도 칸에 닿고 게임이 끝납니다"]
    what = {"": "이벤트 없는 칸", "donate": "기부 칸"}.get(space) or f"{C.name(space[6:])} 확인 칸"
    return [f"남은 주사위로 시곗바늘이 {moved}칸 나아가 {what}에 멈춥니다"]
