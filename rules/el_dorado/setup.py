"""Setting up a game of 엘도라도: new_game() follows the rulebook's 게임 준비; scenario() builds any position."""
import random

from rules.core import IllegalAction
from rules.core import multiset as ms
from rules.core.korean import attach, particle
from rules.el_dorado import components as C
from rules.el_dorado.board import board, published, random_path
from rules.el_dorado.route import steps_to_finish
from rules.el_dorado.state import PLAY, State

RULE = "게임 준비"


def new_game(num_players: int = 4, seed=None, path="first", caves: bool = False, hands=None, blockades=None) -> State:
    """A shuffled, dealt game at the start of the hat holder's (player 0's) first turn.

    path: 'first' (게임을 처음 한다면), one of the six published paths (components.PATHS),
    'random' (a random path following the 길 만들기 요령), or a path description (board.py).
    caves: play with the cave tokens (동굴 토큰).
    hands: per player the 4 starting cards the real table dealt ({card: count}, or None to deal
    them here); that player's deck is the rest of their starter set.
    blockades: the numbers of the blockade tiles the real table placed, from the start onwards (None:
    drawn here at random).
    """
    _check_players(num_players)
    dealt_hands = hands_given(hands, num_players)
    rng = random.Random(seed)
    desc = _path(path, rng)
    b = board(desc)
    numbers = sorted(C.BLOCKADES)
    rng.shuffle(numbers)
    if blockades is not None:
        placed = _placed_blockades(blockades, len(b.blockade_seams))
        numbers = placed + [n for n in numbers if n not in placed]
    blockades = numbers[:len(b.blockade_seams)]
    if len(blockades) < len(b.blockade_seams):
        raise IllegalAction("장애물은 6개뿐이라 장애물 자리가 6곳을 넘는 길은 만들 수 없습니다", "길 만들기")
    hands, decks = [], []
    for _ in range(num_players):
        cards = [c for c, n in sorted(C.STARTER_DECK.items()) for _ in range(n)]
        rng.shuffle(cards)
        hands.append(_counts(cards[:C.HAND_SIZE]))
        decks.append(_counts(cards[C.HAND_SIZE:]))
    for p, dealt in enumerate(dealt_hands):
        if dealt is not None:
            hands[p], decks[p] = dealt, _rest(C.STARTER_DECK, dealt)
    if caves and len(b.caves) * C.TOKENS_PER_CAVE > sum(C.TOKEN_COUNTS.values()):
        raise IllegalAction("동굴 토큰이 모든 동굴에 4개씩 놓기에 모자랍니다", "동굴 토큰")
    return _build(num_players, desc, caves, pawns=_start_pawns(b, num_players), hands=hands, decks=decks,
                  blockades=blockades, blockade_box=sorted(numbers[len(blockades):]))


def hands_given(hands, num_players: int) -> list:
    """The dealt hands checked against the starter set: 4 cards each that a starter set holds."""
    hands = list(hands) if hands is not None else []
    if len(hands) > num_players:
        raise IllegalAction(f"패는 {num_players}명 것까지만 적을 수 있습니다", RULE)
    out = []
    for p, dealt in enumerate(hands + [None] * (num_players - len(hands))):
        if dealt:
            if sum(dealt.values()) != C.HAND_SIZE:
                raise IllegalAction(f"플레이어 {p + 1}의 처음 패는 {C.HAND_SIZE}장이어야 합니다 "
                                    f"(적은 것: {sum(dealt.values())}장)", "플레이어별 준비")
            for c, n in dealt.items():
                if n > C.STARTER_DECK.get(c, 0):
                    raise IllegalAction(f"플레이어 {p + 1}의 처음 패에 {C.name(c) if c in C.NAMES else c} "
                                        f"{n}장은 기본 카드 8장에 없습니다", "플레이어별 준비")
        out.append(dict(dealt) if dealt else None)
    return out


def _placed_blockades(numbers, seams: int) -> list:
    """The blockade numbers a table placed, checked: one per blockade place of the path, each tile once."""
    numbers = list(numbers)
    if len(numbers) != seams:
        raise IllegalAction(f"이 길에는 장애물 자리가 {seams}곳이라 장애물 번호를 {seams}개 적어야 합니다 "
                            f"(적은 것: {len(numbers)}개)", "길 만들기")
    for n in numbers:
        if n not in C.BLOCKADES:
            raise IllegalAction(f"장애물 번호는 {min(C.BLOCKADES)}~{max(C.BLOCKADES)}입니다 (적은 것: {n})", "길 만들기")
    if len(set(numbers)) != len(numbers):
        raise IllegalAction("같은 장애물 번호를 두 번 적었습니다: 장애물 타일은 한 번호에 1개뿐입니다", "길 만들기")
    return numbers


def _rest(full: dict, part: dict) -> dict:
    return {c: n - part.get(c, 0) for c, n in full.items() if n - part.get(c, 0)}


def random_options(rng: random.Random, num_players: int) -> dict:
    """A random valid set of new_game options (path and variant)."""
    return {"path": rng.choice(sorted(C.PATHS) + ["random"]), "caves": rng.random() < 0.5}


def scenario(players: int = 2, path="first", caves: bool = False, pawns=None, hands=None, decks=None,
             discards=None, plays=None, stacks=None, slots=None, blockades=None, taken=None, tokens=None,
             cave_piles=None, overrides=None, arrived=None, turn: int = 0, hat: int = 0) -> State:
    """Any position, for worked examples. Cards as {type: count} per player; pawns as hexes "q,r".

    pawns: per player a list of hexes (two each in a 2-player game); default: the start spaces.
    stacks/slots: the market (default: as set up); blockades: the blockade number on each seam
    (None = already taken; default 1, 2, 3, ... in race order); tokens: cave tokens held per player;
    overrides: {hex: code} to change single spaces of the path (e.g. {"4,-3": "J3"}); arrived: the
    players already in El Dorado (all their pawns "E"), first arrival first.
    Cards placed nowhere are in the box. The position starts at step 1 of `turn`'s turn.
    """
    _check_players(players)
    desc = _path(path, random.Random(0))
    if overrides:
        desc = dict(desc, overrides=dict(overrides))
    b = board(desc)
    pawns = [list(p) for p in pawns] if pawns is not None else _start_pawns(b, players)
    if len(pawns) != players or any(len(p) != (2 if players == 2 else 1) for p in pawns):
        raise IllegalAction("말은 3~4명이면 1명당 1개, 2명이면 1명당 2개입니다", "플레이어별 준비")
    for p in pawns:
        for h in p:
            if h != "E" and h not in b.terrain:
                raise IllegalAction(f"{h} 칸은 길 위에 없습니다", "상황 만들기")
    n_seams = len(b.blockade_seams)
    blockades = list(blockades) if blockades is not None else list(range(1, n_seams + 1))
    taken = [list(t) for t in taken] if taken is not None else [[] for _ in range(players)]
    if len(blockades) != n_seams:
        raise IllegalAction(f"이 길에는 장애물 자리가 {n_seams}곳 있습니다", "길 만들기")
    used = [x for x in blockades if x is not None] + [x for t in taken for x in t]
    if len(set(used)) != len(used) or not set(used) <= set(C.BLOCKADES):
        raise IllegalAction("장애물 1~6은 한 번씩만 놓을 수 있습니다", "장애물")
    if not 0 <= turn < players:
        raise IllegalAction(f"차례는 0~{players - 1} 중 하나여야 합니다", "차례 진행")

    def per_player(zone):
        return [dict(z) for z in zone] if zone is not None else [{} for _ in range(players)]

    hands, decks, discards, plays = (per_player(z) for z in (hands, decks, discards, plays))
    if stacks is None:      # the market holds every market card not placed with a player
        stacks = dict(C.MARKET_COPIES)
        for zone in hands + decks + discards + plays:
            for c, k in zone.items():
                if c in stacks:
                    stacks[c] -= k
        stacks = {c: k for c, k in stacks.items() if k > 0}
    if slots is None:
        slots = [c if c in stacks else None for c in C.START_MARKET]
    arrived = list(arrived or [])
    if sorted(arrived) != sorted(p for p in range(players) if all(h == "E" for h in pawns[p])):
        raise IllegalAction("엘도라도에 도착한 사람(arrived)은 말이 모두 'E'인 사람과 같아야 합니다", "게임 종료")
    state = _build(players, desc, caves, pawns=pawns, hands=hands, decks=decks,
                   discards=discards, plays=plays, blockades=blockades,
                   blockade_box=sorted(set(C.BLOCKADES) - set(used)), taken=taken, tokens=per_player(tokens),
                   stacks=stacks, slots=slots, cave_piles=cave_piles, turn=turn, hat=hat)
    state.arrived = arrived
    return state


def _path(path, rng) -> dict:
    if isinstance(path, dict):
        return path
    if path == "random":
        return random_path(rng)
    return published(path)


def _check_players(n):
    if n not in C.PLAYER_COUNTS:
        raise IllegalAction(f"플레이어 수는 2~4명이어야 합니다 (받은 값: {n})", "구성물")


def _start_pawns(b, n) -> list:
    """The hat holder on start space 1, the others on the next free ones; 2 players: 1&3 and 2&4."""
    if n == 2:
        return [[b.starts[1], b.starts[3]], [b.starts[2], b.starts[4]]]
    return [[b.starts[p + 1]] for p in range(n)]


def _build(n, desc, caves, *, pawns, hands, decks, blockades, blockade_box, discards=None, plays=None,
           taken=None, tokens=None, stacks=None, slots=None, cave_piles=None, turn=0, hat=0) -> State:
    s = State.__new__(State)
    b = board(desc)
    held = tokens or [{} for _ in range(n)]
    unseen = dict(C.TOKEN_COUNTS)
    for h in held:
        for t, k in h.items():
            if t not in unseen or unseen[t] < k:
                raise IllegalAction(f"동굴 토큰 '{t}'{particle(t, '이')} 모자랍니다", "동굴 토큰")
            ms.remove(unseen, t, k)
    if cave_piles is None:
        cave_piles = [C.TOKENS_PER_CAVE if caves else 0 for _ in b.caves]
    if len(cave_piles) != len(b.caves) or sum(cave_piles) > ms.size(unseen):
        raise IllegalAction("동굴마다 토큰 더미 수를 정해야 하고, 드러나지 않은 토큰보다 많을 수 없습니다", "동굴 토큰")
    values = dict(
        num_players=n, path=desc, caves_variant=bool(caves), hat=hat, pawns=pawns, decks=decks, hands=hands,
        discards=discards or [{} for _ in range(n)], plays=plays or [{} for _ in range(n)], box={},
        stacks=dict(stacks) if stacks is not None else dict(C.MARKET_COPIES),
        slots=list(slots) if slots is not None else list(C.START_MARKET),
        blockades=blockades, blockade_box=blockade_box, taken=taken or [[] for _ in range(n)],
        cave_piles=list(cave_piles), unseen=unseen, held=held, used_tokens={}, turn=turn, phase=PLAY, todo=[],
        active=None, coins=0, bought=False, recolor=False, pass_occupied=False, last_item=None,
        ready=[[] for _ in pawns[turn]], arrived=[], turns=1, last_progress=0,
        records=[[0 if h == "E" else steps_to_finish(b).get(h, 99) for h in p] for p in pawns])
    assert set(values) == set(State.FIELDS)
    for f, v in values.items():
        setattr(s, f, v)
    s._legal, s._chances, s._board, s._item = None, None, b, None
    if len(s.slots) != C.MARKET_SLOTS:
        raise IllegalAction("시장판에는 6칸이 있습니다", "시장 준비")
    s.box = _leftover(s)
    return s


def _leftover(state: State) -> dict:
    """Cards not placed anywhere stay in the box (the starter sets of missing players among them)."""
    placed = {}
    for zone in [state.stacks] + state.decks + state.hands + state.discards + state.plays:
        for c, k in zone.items():
            if c not in C.NAMES:
                raise IllegalAction(f"알 수 없는 카드입니다: {c}", "구성물")
            ms.add(placed, c, k)
    box = {}
    for card, copies in C.all_components().items():
        if card not in C.NAMES:
            continue
        if placed.get(card, 0) > copies:
            raise IllegalAction(f"{attach(C.name(card), '은')} {copies}장뿐인데 {placed[card]}장을 배치했습니다", "구성물")
        if copies > placed.get(card, 0):
            box[card] = copies - placed.get(card, 0)
    return box


def _counts(cards) -> dict:
    out = {}
    for c in cards:
        ms.add(out, c)
    return out
