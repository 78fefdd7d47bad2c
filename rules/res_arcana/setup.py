"""Setting up a game of 레즈 아르카나: new_game() follows the rulebook's 게임 준비; scenario() builds any position."""
import random

from rules.core import IllegalAction
from rules.res_arcana import components as C
from rules.res_arcana.state import ACTIONS, SETUP, State


def new_game(num_players: int = 2, seed=None, variants=(), first_player: int = 0) -> State:
    """A dealt game, at its first decision.

    variants: 'first_game' (시작 세트 1~4, 첫 게임용 면) or 'draft' (드래프트).
    Only this initial deal uses the seed; every later draw is a chance node.
    """
    rng = random.Random(seed)
    variants = sorted(set(variants))
    C.check_options(num_players, variants)
    n = num_players
    places = [C.FIRST_GAME_PLACES[tile - 1] if "first_game" in variants else rng.choice(sides)
              for tile, sides in C.TILES.items()]      # all 5 tiles, whatever the player count
    monuments = list(C.MONUMENTS)
    rng.shuffle(monuments)
    if "first_game" in variants:
        artifacts = [a for a in C.ARTIFACTS if a not in starter_cards(n)]
        rng.shuffle(artifacts)
        size = C.DECK_SIZE - C.HAND_SIZE
        mages, cards = [[] for _ in range(n)], [artifacts[p * size:(p + 1) * size] for p in range(n)]
        rest = artifacts[n * size:] + [m for m in C.MAGES if m not in starter_mages(n)]
    else:
        all_mages, artifacts = list(C.MAGES), list(C.ARTIFACTS)
        rng.shuffle(all_mages)
        rng.shuffle(artifacts)
        mages = [all_mages[p * C.MAGES_DEALT:(p + 1) * C.MAGES_DEALT] for p in range(n)]
        if "draft" in variants:     # every seat's first packet, then every seat's second packet
            first, second = (size for size, _ in C.RULES["draft_rounds"])
            cards = [artifacts[p * first:(p + 1) * first] + artifacts[n * first + p * second:n * first + (p + 1) * second]
                     for p in range(n)]
        else:
            cards = [artifacts[p * C.DECK_SIZE:(p + 1) * C.DECK_SIZE] for p in range(n)]
        rest = all_mages[n * C.MAGES_DEALT:] + artifacts[n * C.DECK_SIZE:]
    return from_deal(n, variants, first_player, places, monuments[:C.FACE_UP_MONUMENTS], mages, cards, rest)


def starter_mages(n: int) -> list:
    return [C.STARTER_SETS[p + 1][0] for p in range(n)]


def starter_cards(n: int) -> set:
    """The artifacts the first game's starter sets put in the hands of n players."""
    return {a for p in range(n) for a in C.STARTER_SETS[p + 1][1]}


def from_deal(n, variants, first_player, places, face_up, mages, cards, rest) -> State:
    """A game at its first decision from a deal: the 5 places, the face-up monuments (the others make the
    monument deck), each seat's mages and artifacts (first game: the 5 face-down deck cards; draft: the
    first packet then the second) and the rest, into the box."""
    if not 0 <= first_player < n:
        raise IllegalAction(f"선 플레이어는 0~{n - 1} 중 하나여야 합니다", "게임 준비 5")
    s = _blank(n, variants, first_player)
    for tile, sides in C.TILES.items():
        side = next(pl for pl in places if pl in sides)
        s.places.append(side)
        s.box.append(sides[1 - sides.index(side)])
    s.mon_up = list(face_up)
    s.mon_deck = sorted(m for m in C.MONUMENTS if m not in face_up)
    for p in range(n):
        s._gain(p, C.RULES["start_essences"])

    steps = []
    if "first_game" in variants:
        for p in range(n):
            s.mage[p], s.hand[p] = C.STARTER_SETS[p + 1][0], list(C.STARTER_SETS[p + 1][1])
            s.deck[p] = sorted(cards[p])
    else:
        for p in range(n):
            s.mage_options[p] = list(mages[p])
        if "draft" in variants:
            batches = C.RULES["draft_rounds"]
            first = batches[0][0]
            for p in range(n):
                s.draft[p], s.draft_next[p] = sorted(cards[p][:first]), sorted(cards[p][first:])
            order = [(first_player + k) % n for k in range(n)]
            for size, direction in batches:
                for _ in range(size):
                    steps += [{"t": "draft", "p": p} for p in order]
                    steps.append({"t": "draft_rotate", "p": first_player, "dir": 1 if direction == "left" else -1})
        else:
            for p in range(n):
                s.deck[p] = sorted(cards[p])
        steps += [{"t": "draw", "p": p} for p in range(n) for _ in range(C.HAND_SIZE)]
        steps += [{"t": "mage", "p": (first_player + k) % n} for k in range(n)]
    s.box += list(rest)
    steps += [{"t": "item", "p": (first_player - 1 - k) % n} for k in range(n)]   # from the right, counter-clockwise
    steps.append({"t": "setup_done", "p": first_player})
    s.tasks = list(reversed(steps))
    s._run()
    return s


def scenario(players: int = 2, pools=None, mages=None, items=None, play=None, hands=None, decks=None,
             deck_tops=None, discards=None, turned=(), on=None, passed=None, first: int = 0, turn=None,
             round: int = 1, monuments=None, monument_deck=None, places=None, phase: str = "actions",
             token=None) -> State:
    """Any position, for worked examples.

    pools: [{essence: n}] per player (missing essences are 0). mages/items: one id (or None) per
    player. play/hands/decks/discards: [[card ids]] per player (decks face down, deck_tops face
    down in a known order). on: {component: {essence: n}}. monuments: the face-up monuments;
    monument_deck and places default to empty. phase='actions' starts at `turn`'s main decision,
    phase='collect' at the collect phase of round `round`. Unplaced components go to the box; the
    supply holds the rest of the essences.

    first: this round's first player. passed: who has passed this round; the first of them took the
    first player token (L35), so `token` names that player (inferred when only one has passed).
    A position play cannot reach is refused (see _check_reachable).
    """
    n = players
    if n not in C.PLAYER_COUNTS:
        raise IllegalAction("플레이어 수는 2~4명이어야 합니다", "게임 개요")
    s = _blank(n, [], first)
    per = lambda value, default: [list(x) for x in value] if value is not None else [list(default) for _ in range(n)]
    s.pool = [{e: dict(x or {}).get(e, 0) for e in C.ESSENCES} for x in (pools or [{}] * n)]
    s.mage = list(mages) if mages is not None else [None] * n
    s.item = list(items) if items is not None else list(("protection", "research", "alchemy", "reanimate")[:n])
    s.play, s.hand, s.deck = per(play, []), per(hands, []), per(decks, [])
    s.top, s.discard = per(deck_tops, []), per(discards, [])
    s.deck = [sorted(d) for d in s.deck]
    s.turned = list(turned)
    s.on = {c: {e: k for e, k in ess.items() if k} for c, ess in (on or {}).items() if any(ess.values())}
    s.passed = list(passed) if passed is not None else [False] * n
    s.round, s.turn = round, first if turn is None else turn
    s.mon_up = list(monuments or [])
    s.mon_deck = sorted(monument_deck or [])
    s.places = list(places or [])
    s.items_free = [i for i in C.ITEMS if i not in s.item]
    placed = [c for cards in s.zones().values() for c in cards]
    unknown = set(placed) - set(C.ALL)
    if unknown:
        raise IllegalAction(f"알 수 없는 구성품입니다: {', '.join(sorted(unknown))}", "구성품")
    if len(placed) != len(set(placed)):
        raise IllegalAction("같은 구성품을 두 곳에 놓았습니다", "구성품")
    s.box = [c for c in C.ALL if c not in placed]
    _check_reachable(s, phase, token)
    if token is not None or any(s.passed):
        s.first, s.token_taken = (token if token is not None else s.passed.index(True)), True
    for e in C.ESSENCES:
        s.supply[e] = C.SUPPLY - sum(pool[e] for pool in s.pool) - sum(x.get(e, 0) for x in s.on.values())
    if phase == "collect":
        s.round -= 1
        s.turned = []
        s.tasks = [{"t": "new_round", "p": first}]
        s._run()
    elif phase != "actions":
        raise IllegalAction("시작 단계는 액션 단계나 수집 단계여야 합니다", "게임 플레이")
    else:
        s.phase = ACTIONS
        s._run()
    return s


def _check_reachable(s, phase, token):
    """Refuse a position no game reaches: the builder must not start an example the rules forbid."""
    n, why = s.num_players, "게임 플레이"
    if not 0 <= s.first < n or not 0 <= s.turn < n:
        raise IllegalAction(f"선 플레이어와 차례는 플레이어 1~{n} 중 하나여야 합니다", why)
    if len(s.passed) != n:
        raise IllegalAction("패스 여부는 플레이어마다 하나씩 정해야 합니다", why)
    if phase == "collect" and any(s.passed):
        raise IllegalAction("수집 단계에서는 아직 아무도 패스하지 않았습니다", "1. 수집")
    if phase == "actions" and all(s.passed):
        raise IllegalAction("모두 패스했다면 라운드가 이미 끝나 승점을 확인했습니다", "패스하기")
    if phase == "actions" and s.passed[s.turn]:
        raise IllegalAction("패스한 플레이어에게는 차례가 오지 않습니다", "패스하기")
    holders = [p for p in range(n) if s.passed[p]]
    if token is not None and token not in holders:
        raise IllegalAction("선 플레이어 토큰은 이번 라운드에 처음 패스한 사람이 가져갑니다: 토큰을 가진 사람은 "
                            "패스한 플레이어 중 한 명이어야 합니다", "패스하기")
    if token is None and len(holders) > 1:
        raise IllegalAction("여러 명이 패스했다면 그중 처음 패스해 선 플레이어 토큰을 가져간 사람을 정해야 합니다",
                            "패스하기")
    if len(s.mon_up) > C.FACE_UP_MONUMENTS or (len(s.mon_up) < C.FACE_UP_MONUMENTS and s.mon_deck):
        raise IllegalAction(f"공개된 기념물은 {C.FACE_UP_MONUMENTS}장이고, 더미가 빌 때만 그보다 적습니다", "기념물")
    owned = {c for p in range(n) for c in s.components_of(p)}
    if set(s.turned) - owned:
        raise IllegalAction("돌린 구성품은 누군가의 앞에 있어야 합니다", "돌리기")
    if set(s.on) - owned:
        raise IllegalAction("정수는 누군가의 앞에 있는 구성품 위에만 놓입니다", "정수")
    if any(k < 0 for pool in s.pool for k in pool.values()) or any(k < 0 for x in s.on.values() for k in x.values()):
        raise IllegalAction("정수의 개수는 0 이상이어야 합니다", "정수")


def _blank(n, variants, first) -> State:
    s = State.__new__(State)
    values = dict(
        num_players=n, variants=variants, round=0, phase=SETUP, first=first, token_taken=False, turn=first,
        passed=[False] * n, pool=[{e: 0 for e in C.ESSENCES} for _ in range(n)], mage=[None] * n,
        mage_options=[[] for _ in range(n)], item=[None] * n, hand=[[] for _ in range(n)],
        deck=[[] for _ in range(n)], top=[[] for _ in range(n)], discard=[[] for _ in range(n)],
        play=[[] for _ in range(n)], turned=[], on={}, items_free=list(C.ITEMS), mon_up=[], mon_deck=[],
        mon_top=[], mon_known=[], places=[], box=[], supply={e: C.SUPPLY for e in C.ESSENCES},
        draft=[[] for _ in range(n)], draft_next=[[] for _ in range(n)], tasks=[], scratch={},
        statue=[0] * n, final=None)
    assert set(values) == set(State.FIELDS)
    for f, v in values.items():
        setattr(s, f, v)
    s._legal, s._owned = None, set()
    return s


def random_options(rng, num_players: int) -> dict:
    """A random valid set of new_game options."""
    return {"variants": rng.choice([(), ("first_game",), ("draft",)]), "first_player": rng.randrange(num_players)}
