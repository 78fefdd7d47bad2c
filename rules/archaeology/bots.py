"""Opponents for 한 판 해 보기 and the benchmark, and the advice of the guided game.

`weigh(state)` values every legal action of the player to move from what that player may see (their
own hand, the market, the discard pile, the chambers' sizes), in points: a hand is worth what its sets
would score if sold now, plus a share of what one more card of the type would add, less the risk that
a thief or a sandstorm takes it first. `sensible_bot` plays the best-weighed action; `greedy_bot` is
the older, simpler bot it is measured against (tests/benchmark.py).
"""
from fractions import Fraction
from functools import lru_cache

from rules.core import multiset as ms
from rules.core.advice import Weighed, best, policy
from rules.core.korean import attach
from rules.archaeology import components as C
from rules.archaeology.actions import (Bury, CancelTrade, ChooseVictim, CloseTrade, EndTurn, Explore, Keep,
                                       MineContinue, MineStop, Offer, Peek, Sell, Take, UseTent)
from rules.archaeology.odds import mine_bust_chance
from rules.archaeology.state import TRADE, trade_value

HOPE = 0.3          # the share of one more card's worth that an unfinished set is counted with
TENT_WORTH = 2.0    # a tent kept for a later storm, in points
MAP_WORTH = 2.0     # a map kept for a later exploration, beyond its sale


def greedy_bot(state, rng):
    """Explores when it can, sells the best-paying set when the set is full, else ends the turn.

    It never trades; it uses a tent when it would lose two or more cards; it stops a mine dig
    once the next card busts more often than not.
    """
    actions = state.legal_actions()
    hand = state.hands[state.current_player()]
    for action in actions:
        if isinstance(action, UseTent):
            return UseTent(sum(hand.values()) // 2 >= 2)
    if any(isinstance(a, MineStop) for a in actions):
        return MineStop() if mine_bust_chance(state) > 0.5 else actions[0]
    explores = [a for a in actions if isinstance(a, Explore)]
    if explores:
        return max(explores, key=lambda a: (sum(state.chambers[a.chamber].values()), a.named))
    sells = [a for a in actions if isinstance(a, Sell)]
    full = [a for a in sells if a.count == min(C.max_set(a.card), hand[a.card])
            and (a.count == C.max_set(a.card) or EndTurn() not in actions)]
    if full:
        return max(full, key=lambda a: C.sale_value(a.card, a.count))
    if EndTurn() in actions:
        return EndTurn()
    return rng.choice(actions)


# --- what a hand is worth ----------------------------------------------------------------------
def _sets_now(card: str, n: int) -> int:
    """Points for n cards of a type sold in the largest sets the table allows."""
    m = C.max_set(card)
    full, rest = divmod(n, m)
    return full * C.sale_value(card, m) + (C.sale_value(card, rest) if rest else 0)


def _risk(state) -> float:
    """Chance that a card held now is lost before its owner's next turn: the thieves and sandstorms
    still in the dig deck (counted from the face-up discard pile), one draw per player."""
    size = ms.size(state.deck)
    if not size:
        return 0.0
    cards = C.game_cards(state.num_players, state.variants)
    bad = sum(cards[c] - state.discard.get(c, 0) for c in ("thief", "sandstorm"))
    return min(0.5, bad / size * state.num_players * 0.3)


@lru_cache(maxsize=4096)
def _type_worth(card: str, n: int, risk: float) -> float:
    """What n cards of one type add to a hand: their sets' points now, a share of one more card's worth
    while the set can still grow, less the risk of losing them first; maps also for exploring."""
    if card not in C.SALE or not n:
        return 0.0
    now = _sets_now(card, n)
    hope = HOPE * (_sets_now(card, n + 1) - now) if n % C.max_set(card) else 0.0
    return (now + hope) * (1 - risk) + (MAP_WORTH * n if card == "map" else 0.0)


def hand_worth(state, hand: dict) -> float:
    risk = _risk(state)
    # one order of the sum, whatever order the dict was built in: a plan made again mid-trade is the same
    return sum(_type_worth(card, n, risk) for card, n in sorted(hand.items()))


def _plus(a: dict, b: dict) -> dict:
    return {c: a.get(c, 0) + b.get(c, 0) for c in set(a) | set(b)}


def _unseen(state) -> dict:
    """The treasure cards the player to move cannot see, by type: where a face-down card comes from."""
    pool = {c: n for c, n in C.game_cards(state.num_players, state.variants).items() if c in C.SALE}
    seen = [state.hands[state.current_player()], state.market, state.discard, state.revealed, state.offer,
            state.taken] + [{c: n} for sales in state.museum for c, n in sales]
    for zone in seen:
        for c, n in zone.items():
            if c in pool:
                pool[c] = max(0, pool[c] - n)
    return pool


def _card_gain(state, hand: dict) -> float:
    """What one face-down card adds to `hand`, on average over the cards the player cannot see."""
    pool = _unseen(state)
    size = ms.size(pool)
    if not size:
        return 0.0
    base = hand_worth(state, hand)
    return sum(n * (hand_worth(state, {**hand, c: hand.get(c, 0) + 1}) - base) for c, n in pool.items()) / size


def _cards(cards: dict) -> str:
    return ", ".join(f"{C.name(c)} {n}장" for c, n in cards.items() if n)


# --- every decision -----------------------------------------------------------------------------
def weigh(state) -> list:
    """Every legal action of the player to move with its worth in points and the reason, in words."""
    actions = state.legal_actions()
    if state.phase == TRADE:
        return _weigh_trade_steps(state, actions)
    hand = dict(state.hands[state.current_player()])
    base = hand_worth(state, hand)
    plan = _best_trade(state) if any(isinstance(a, Offer) for a in actions) else None
    out = []
    for a in actions:
        if isinstance(a, Sell):
            left = dict(hand)
            left[a.card] -= a.count
            points = C.sale_value(a.card, a.count)
            value = points + hand_worth(state, left) - base
            size = "가장 큰 묶음이라 점수가 가장 높습니다" if a.count == C.max_set(a.card) else \
                f"{C.max_set(a.card)}장 묶음이면 {C.sale_value(a.card, C.max_set(a.card))}점입니다"
            out.append(Weighed(a, value, f"{C.name(a.card)} {a.count}장을 한 번에 팔면 {points}점: {size}"))
        elif isinstance(a, EndTurn):
            out.append(Weighed(a, 0.0, "더 할 만한 행동이 없으면 턴을 마칩니다"))
        elif isinstance(a, Explore):
            out.append(_weigh_explore(state, a, hand, base))
        elif isinstance(a, Offer):
            if plan and a.card == min(plan[0]):
                give, take, gain = plan
                out.append(Weighed(a, gain, _trade_reason(give, take)))
            else:
                out.append(Weighed(a, None, f"{attach(C.name(a.card), '을')} 내놓아도 패가 좋아지는 교환이 없습니다"))
        elif isinstance(a, Peek):
            out.append(Weighed(a, 0.5, f"신전 {a.chamber + 1}번 방을 보면 다음 탐험 때 고르기 쉽습니다"))
        elif isinstance(a, ChooseVictim):
            n = ms.size(state.hands[a.player])
            most = max(ms.size(state.hands[p]) for p in range(state.num_players) if p != state.turn)
            out.append(Weighed(a, n, f"플레이어 {a.player + 1}의 패는 {n}장입니다"
                                     + (": 패가 가장 많은 사람에게서 훔칩니다" if n == most else "")))
        elif isinstance(a, UseTent):
            out.append(_weigh_tent(state, a))
        elif isinstance(a, Bury):
            left = dict(hand)
            left[a.card] -= 1
            loss = base - hand_worth(state, left)
            out.append(Weighed(a, -loss, f"{C.name(a.card)} 1장을 잃으면 패의 값이 {loss:.1f}점 줄어듭니다"))
        elif isinstance(a, Keep):
            kept = dict(a.cards)
            gain = hand_worth(state, _plus(hand, kept)) - base
            out.append(Weighed(a, gain, f"{attach(_cards(kept), '이')} 패에 가장 큰 값을 더합니다 (+{gain:.1f}점)"))
        elif isinstance(a, (MineContinue, MineStop)):
            out.append(_weigh_mine(state, a, hand, base))
        else:
            out.append(Weighed(a, 0.0, a.describe()))
    # An offer that starts no useful trade ranks below every other move: it could only be taken back.
    floor = min((w.value for w in out if w.value is not None), default=0.0) - 1.0
    return [w if w.value is not None else Weighed(w.action, floor, w.reason) for w in out]


def _weigh_explore(state, a, hand, base) -> Weighed:
    room = ms.size(state.chambers[a.chamber])
    maps = state.maps_needed()
    spent = dict(hand)
    spent["map"] -= maps
    per_card = _card_gain(state, spent)
    if state.ruin == "tomb":
        got = min(C.TOMB_KEEP, room)
    elif state.ruin == "sphinx":
        pool = _unseen(state)
        share = Fraction(sum(pool.get(t, 0) for t in a.named), max(1, ms.size(pool)))
        got = float(share * min(C.SPHINX_REVEAL, room))
    elif state.ruin == "mine":
        got = min(2, room)
    else:
        got = room
    value = hand_worth(state, spent) - base + got * per_card * 1.2
    named = f", {', '.join(C.name(t) for t in a.named)} 선언" if a.named else ""
    return Weighed(a, value, f"{a.chamber + 1}번 방에는 {room}장이 있습니다{named}: 지도 {maps}장으로 "
                             f"약 {got:.1f}장을 얻습니다")


def _weigh_tent(state, a) -> Weighed:
    p = state.current_player()
    lose = ms.size(state.hands[p]) // 2
    if a.use:
        return Weighed(a, lose * 1.5 - TENT_WORTH, f"천막을 쓰면 패 {lose}장을 지킵니다")
    return Weighed(a, 0.0, f"천막을 아끼고 패 {lose}장을 잃습니다")


def public_mine_bust(state) -> Fraction:
    """Chance that the next mine card ends the dig, from what the explorer can see: the room's cards
    are a random part of the cards they cannot see."""
    pool = _unseen(state)
    size = ms.size(pool)
    left = C.MINE_LIMIT - trade_value(state.revealed)
    return Fraction(sum(n for c, n in pool.items() if C.TRADE[c] > left), size) if size else Fraction(0)


def _weigh_mine(state, a, hand, base) -> Weighed:
    shown = dict(state.revealed)
    keep = hand_worth(state, _plus(hand, shown)) - base
    bust = public_mine_bust(state)
    pool = _unseen(state)
    left = C.MINE_LIMIT - trade_value(shown)
    safe = {c: n for c, n in pool.items() if C.TRADE[c] <= left}
    more = 0.0
    if ms.size(safe):
        for c, n in safe.items():
            grown = {**shown, c: shown.get(c, 0) + 1}
            more += n / ms.size(pool) * (hand_worth(state, _plus(hand, grown)) - base)
    odds = f"{bust.numerator}/{bust.denominator}" if bust.denominator != 1 else f"{bust}"
    if isinstance(a, MineStop):
        verdict = "멈추는 편이 낫습니다" if keep >= more else "멈추면 안전하지만 한 장 더가 평균적으로 낫습니다"
        return Weighed(a, keep, f"터질 확률 {odds} ({float(bust) * 100:.0f}%): {verdict}")
    verdict = "한 장 더 뒤집어 볼 만합니다" if more > keep else "터지면 공개한 카드를 모두 잃습니다"
    return Weighed(a, more, f"터질 확률 {odds} ({float(bust) * 100:.0f}%): {verdict}")


# --- market trades ---------------------------------------------------------------------------------
def _best_trade(state):
    """(give, take, gain) of the trade that most raises the hand's worth, or None: up to two cards taken
    of one type, paid with up to three cards of other types (maps kept for exploring)."""
    hand = state.hands[state.turn]
    risk = _risk(state)

    def change(card, delta):    # what the hand's worth gains when `delta` cards of `card` come or go
        return _type_worth(card, hand.get(card, 0) + delta, risk) - _type_worth(card, hand.get(card, 0), risk)

    payable = {c: n for c, n in hand.items() if c != "map" and n}
    gives = [(dict(g), trade_value(dict(g)), sum(change(c, -n) for c, n in g))
             for k in (1, 2, 3) for g in ms.sub_multisets(payable, k)]
    best_plan = None
    for card in sorted(state.market):
        if card not in C.SALE:
            continue
        for k in range(1, min(2, state.market[card]) + 1):
            need, got = C.TRADE[card] * k, change(card, k)
            for give, value, lost in gives:
                if card in give or value < need:
                    continue
                gain = round(got + lost, 6)
                if gain > 1.0 and (best_plan is None or gain > best_plan[2]):
                    best_plan = (give, {card: k}, gain)
    return best_plan


def _trade_reason(give: dict, take: dict) -> str:
    return (f"{attach(_cards(give), '을')} 내고 시장의 {attach(_cards(take), '을')} 가져오면 묶음이 커집니다 "
            f"(교환 가치 {trade_value(give)} ≥ {trade_value(take)})")


def _weigh_trade_steps(state, actions) -> list:
    """Inside a trade: offer the rest of the planned cards, take the planned ones, then close."""
    start = {c: state.hands[state.turn].get(c, 0) + state.offer.get(c, 0) for c in
             set(state.hands[state.turn]) | set(state.offer)}
    plan = _trade_plan_from(state, start)
    out = []
    for a in actions:
        value, reason = -1.0, "계획한 교환에 없는 카드입니다"
        if plan:
            give, take, gain = plan
            missing = {c: n - state.offer.get(c, 0) for c, n in give.items() if n > state.offer.get(c, 0)}
            wanted = {c: n - state.taken.get(c, 0) for c, n in take.items() if n > state.taken.get(c, 0)}
            why = _trade_reason(give, take)
            if isinstance(a, Offer) and a.card in missing:
                value, reason = gain, why
            elif isinstance(a, Take) and not missing and a.card in wanted:
                value, reason = gain, why
            elif isinstance(a, CloseTrade) and not missing and not wanted:
                value, reason = gain, "내놓을 카드와 가져올 카드가 모두 정해졌습니다: " + why
        if isinstance(a, CancelTrade):
            value, reason = (0.0 if plan else 0.5), "교환을 취소하면 내놓은 카드를 되가져옵니다"
        out.append(Weighed(a, value, reason))
    return out


def _trade_plan_from(state, hand):
    """The trade plan of the player who now has `hand` (their hand before offering) and the market
    before they took anything: the same plan weigh() made when the trade began."""
    market = {c: state.market.get(c, 0) + state.taken.get(c, 0) for c in set(state.market) | set(state.taken)}
    probe = state._copy()
    probe.hands = [dict(h) for h in state.hands]
    probe.hands[state.turn] = {c: n for c, n in hand.items() if n}
    probe.market = {c: n for c, n in market.items() if n}
    plan = _best_trade(probe)
    if plan and all(plan[0].get(c, 0) >= n for c, n in state.offer.items()):
        return plan
    return None


sensible_bot = policy(weigh)


def advise(state) -> Weighed:
    return best(weigh(state))
