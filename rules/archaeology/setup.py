"""Setting up a game of 아키올로지: new_game() follows the rulebook's 게임 준비; scenario() builds any position."""
import random

from rules.core import IllegalAction
from rules.core import multiset as ms
from rules.core.korean import attach
from rules.archaeology import components as C
from rules.archaeology.state import ACTIONS, DIG, State, trade_value


def new_game(num_players: int = 4, seed=None, ruin=None, variants=(), sand_order=None, hands=None,
             market=None) -> State:
    """A shuffled, dealt game at the first dig of the start player.

    ruin: one of components.RUINS, or None to draw a ruin tile at random (as the rulebook says).
    variants: any of 'long' (기나긴 탐험), 'sand_hell' (모래 지옥), 'lucky' (운 좋은 초심자).
    sand_order: players from the one who most recently walked on sand; the first starts
    (운 좋은 초심자 breaks ties in this order). Default: player 0, then 1, 2, ...
    hands, market: what the real table dealt, where known: a list with {type: count} or None per seat,
    and the market as {type: count}; the rest is shuffled and dealt as usual.
    """
    rng = random.Random(seed)
    variants = tuple(sorted(set(variants)))
    ruin = rng.choice(C.RUINS) if ruin is None else ruin
    C.check_options(num_players, ruin, variants)
    sand_order = _check_sand_order(num_players, sand_order)

    in_play = [t for t in C.treasures_in_play(num_players, variants) if t != "map"]
    given = _check_dealt(num_players, variants, hands, market)
    cards = [t for t in in_play for _ in range(C.COPIES[t] - sum(g.get(t, 0) for g in given if g))]
    rng.shuffle(cards)
    hands = [dict(given[p]) if given[p] else _take(cards, C.HAND_SIZE) for p in range(num_players)]
    market = dict(given[-1]) if given[-1] else _take(cards, C.MARKET_SIZE)
    tile = C.ruin(ruin)
    chambers = [_take(cards, n) for n in tile["chambers"]]
    pile = _take(cards, tile["pile"])
    deck = _counts(cards)
    ms.add(deck, "map", C.COPIES["map"])
    ms.add(deck, "thief", C.thieves(num_players, variants))
    ms.add(deck, "sandstorm", C.sandstorms(num_players, variants))

    if "lucky" in variants:   # lowest hand trade value starts; ties by who walked on sand last
        start = min(sand_order, key=lambda p: (trade_value(hands[p]), sand_order.index(p)))
    else:
        start = sand_order[0]
    return _build(num_players, ruin, variants, hands=hands, market=market, chambers=chambers,
                  pile=pile, deck=deck, turn=start, start_player=start)


def random_options(rng: random.Random, num_players: int) -> dict:
    """A random valid set of new_game options: ruin, variants and the order of the sand walkers."""
    allowed = [v for v in C.VARIANTS if v != "long" or num_players <= 3]
    order = list(range(num_players))
    rng.shuffle(order)
    return {"ruin": rng.choice(C.RUINS), "variants": tuple(v for v in allowed if rng.random() < 0.5),
            "sand_order": order}


def scenario(players: int = 2, ruin: str = "pyramid", variants=(), hands=None, market=None,
             deck=None, chambers=None, pile=None, discard=None, museum=None, tents=None,
             turn: int = 0, dig: bool = False, compulsory: bool = False) -> State:
    """Any position, for worked examples: give the cards of each zone as {type: count}.

    Cards not placed anywhere go to the box. With dig=True the turn starts with a dig
    (the deck must not be empty); otherwise it starts at the 기타 행동 step.
    """
    variants = tuple(sorted(set(variants)))
    C.check_options(players, ruin, variants)
    n_chambers = len(C.ruin(ruin)["chambers"])
    chambers = [dict(r) for r in (chambers or [{}] * n_chambers)]
    if len(chambers) != n_chambers:
        raise IllegalAction(f"{C.ruin(ruin)['name']}에는 방이 {n_chambers}개 있습니다", "유적 타일")
    if not 0 <= turn < players:
        raise IllegalAction(f"차례는 0~{players - 1} 중 하나여야 합니다", "게임 진행")
    state = _build(players, ruin, variants,
                   hands=[dict(h) for h in (hands or [{}] * players)], market=dict(market or {}),
                   chambers=chambers, pile=dict(pile or {}), deck=dict(deck or {}),
                   discard=dict(discard or {}),
                   museum=[[tuple(s) for s in m] for m in (museum or [[] for _ in range(players)])],
                   tents=list(tents) if tents is not None else None, turn=turn, start_player=turn,
                   compulsory=compulsory)
    _check_in_play(state)
    if len(state.hands) != players or len(state.museum) != players or len(state.tents) != players:
        raise IllegalAction("패, 박물관, 천막은 플레이어마다 하나씩 정해야 합니다", "게임 준비")
    if dig and not state.deck:
        raise IllegalAction("발굴지가 비어 있어 발굴할 수 없습니다", "게임 종료")
    state.phase = DIG if dig else ACTIONS
    if not dig:
        state._to_actions()
    return state


def _build(num_players, ruin, variants, *, hands, market, chambers, pile, deck, turn,
           start_player, discard=None, museum=None, tents=None, compulsory=False) -> State:
    s = State.__new__(State)
    values = dict(
        num_players=num_players, ruin=ruin, variants=variants, deck=deck, hands=hands,
        market=market, discard=discard or {}, museum=museum or [[] for _ in range(num_players)],
        chambers=chambers, pile=pile, box={},
        tents=tents if tents is not None else [C.tent_uses(variants)] * num_players,
        turn=turn, phase=DIG, queue=[], sheltered=[], to_bury=0, victim=None, offer={},
        taken={}, dug=False, acted=False, explored=False, sold=False, peeks=0, chamber=None,
        revealed={}, named=(), refill_next=0, passes=0, compulsory=compulsory,
        seen=[{} for _ in range(num_players)], last_bust=False, start_player=start_player)
    assert set(values) == set(State.FIELDS)
    for f, v in values.items():
        setattr(s, f, v)
    s._legal = None
    s.box = _leftover(s)
    if not s.deck:
        s._to_actions()
    return s


def _leftover(state: State) -> dict:
    """Components not placed anywhere: they stay in the box."""
    placed = state.total_cards()
    box = {}
    for card, copies in C.COPIES.items():
        if placed.get(card, 0) > copies:
            raise IllegalAction(f"{attach(C.name(card), '은')} {copies}장뿐인데 {placed[card]}장을 배치했습니다",
                                "구성품")
        if copies > placed.get(card, 0):
            box[card] = copies - placed.get(card, 0)
    unknown = set(placed) - set(C.COPIES)
    if unknown:
        raise IllegalAction(f"알 수 없는 카드입니다: {', '.join(sorted(unknown))}", "구성품")
    return box


def _check_dealt(num_players, variants, hands, market) -> list:
    """The hands (one per seat) and the market the table dealt, checked: [hand or None, ..., market or None]."""
    rule = "게임 준비: 4장씩, 시장 5장"
    hands = list(hands) if hands is not None else [None] * num_players
    if len(hands) != num_players:
        raise IllegalAction(f"패는 {num_players}명 몫을 정해야 합니다 (모르는 자리는 비워 둠)", rule)
    given = [{c: n for c, n in g.items() if n} if g else None for g in hands + [market]]
    in_play = set(C.treasures_in_play(num_players, variants)) - {"map"}
    for i, cards in enumerate(given):
        if not cards:
            continue
        where = "시장" if i == num_players else f"플레이어 {i + 1}의 패"
        size = C.MARKET_SIZE if i == num_players else C.HAND_SIZE
        unknown = [c for c in cards if c not in in_play]
        if unknown:
            names = ", ".join(C.name(c) if c in C.NAMES else c for c in unknown)
            raise IllegalAction(f"{where}: {num_players}인 게임의 처음에 나올 수 없는 카드입니다 ({names})", rule)
        if any(n < 0 for n in cards.values()) or ms.size(cards) != size:
            topic = "시장은" if i == num_players else f"{where}는"
            raise IllegalAction(f"{topic} {size}장이어야 합니다 (받은 것: {ms.size(cards)}장)", rule)
    for c in in_play:
        used = sum(g.get(c, 0) for g in given if g)
        if used > C.COPIES[c]:
            raise IllegalAction(f"{attach(C.name(c), '은')} {C.COPIES[c]}장뿐인데 {used}장을 적었습니다", "구성품")
    return given


def _check_in_play(state: State) -> None:
    """A position may hold only cards this player count and these variants put in the game."""
    in_game = C.game_cards(state.num_players, state.variants)
    placed = {c: n for c, n in state.total_cards().items() if n > state.box.get(c, 0)}
    for card in placed:
        if card != "tent" and card not in in_game:
            raise IllegalAction(f"{state.num_players}인 게임에는 {C.name(card)} 카드를 쓰지 않습니다",
                                "게임 준비: 인원별 제외 카드")


def _check_sand_order(num_players, sand_order) -> list:
    order = list(range(num_players)) if sand_order is None else list(sand_order)
    if sorted(order) != list(range(num_players)):
        raise IllegalAction("모래를 밟은 순서에는 모든 플레이어가 한 번씩 있어야 합니다", "게임 진행: 선 플레이어")
    return order


def _take(cards: list, n: int) -> dict:
    taken = _counts(cards[:n])
    del cards[:n]
    return taken


def _counts(cards) -> dict:
    out = {}
    for c in cards:
        ms.add(out, c)
    return out
