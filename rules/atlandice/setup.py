"""Setting up a game of 아틀란다이스: new_game() follows the rulebook's 게임 준비; scenario() builds any position."""
import random

from rules.core import IllegalAction
from rules.core.korean import attach
from rules.atlandice import components as C
from rules.atlandice.state import _INDEX, PICK, ROLL, State


def new_game(num_players: int = 4, seed=None, forge_source: str = "market", board_data=None,
             virtual_vp: bool = False, stacks=None, first=None) -> State:
    """A set-up game at the first roll of the round (the first player rolls every die).

    forge_source: where the 대장간's extra heritage comes from on a 6: 'market' (the ability text)
    or 'district' (알렉스's example); see READINGS['forge_source'].
    board_data: board values as in components.json's "board" section (None: that file's values).
    virtual_vp: 2 players only; whether the virtual player collects VP tokens (its score is shown).
    stacks: {district: [board ids, top first]} for the stacks the real table shuffled (the others
    are shuffled here), e.g. {3: ['3b', '3a', '3c']}. Only the top board counts: a board under it
    comes up as a chance step (RevealBoard) when the one above it is scored.
    first: the first player the real table drew (None: drawn here at random).
    """
    rng = random.Random(seed)
    C.check_options(num_players, forge_source)
    board = C.BOARD if board_data is None else C.board_from_values(board_data)
    given, stacks = stacks, []
    for d in C.DISTRICTS:
        ids = list(C.board_ids(d))
        rng.shuffle(ids)
        stacks.append(ids)
    for d, order in (given or {}).items():
        d = int(d)
        if d not in C.DISTRICTS or sorted(order) != sorted(C.board_ids(d)):
            raise IllegalAction(f"{d}번 더미는 그 시설의 보드 3장({', '.join(C.board_ids(d)) if d in C.DISTRICTS else '1~5번'})"
                                "을 한 번씩 적어야 합니다", "게임 준비")
        stacks[d - 1] = list(order)
    drawn = rng.randrange(num_players)
    if first is not None and first not in range(num_players):
        raise IllegalAction(f"선 플레이어는 1~{num_players}번 자리 중 하나여야 합니다", "게임 준비")
    on_stack = C.heritage_per_stack(num_players)
    pools = [[on_stack if i == d - 1 else 0 for i in range(len(C.HERITAGE))] for d in C.DISTRICTS]
    return _build(num_players, forge_source, board, virtual_vp, stacks=stacks, pools=pools,
                  market=[C.MARKET_START] * len(C.HERITAGE), first=drawn if first is None else first)


def random_options(rng, num_players: int) -> dict:
    """A random valid set of new_game options: the 대장간 reading, random board data half the time,
    and (2 players) whether the virtual player scores."""
    options = {"forge_source": rng.choice(sorted(C.FORGE_SOURCES))}
    if rng.random() < 0.5:
        options["board_data"] = C.random_board_values(rng)
    if num_players == 2:
        options["virtual_vp"] = rng.random() < 0.5
    return options


def scenario(players: int = 3, holdings=None, market=None, boards=None, stacks=None, dice=None,
             picks: int = 0, gave=None, first: int = 0, submarine: int = C.SUBMARINE_START, clock: int = 0,
             tokens=None, won=None, forge_source: str = "market", board_data=None,
             virtual_vp: bool = False) -> State:
    """Any position, for worked examples. Heritage is given as {type: count}.

    holdings: one dict per seat (2 players: a third for the virtual player).
    market: the 시장's heritage (default: 3 of each type).
    boards: {district: heritage on its top board} (default: nothing).
    stacks: {district: [board ids, top first]} (default: 'da', 'db', 'dc'; [] = retired).
    dice: {area: dice there} with `picks` dice already taken this round (by the players in turn
    order from `first`; in 2 players `gave[p]` says whether one of p's went to the virtual
    player). None: the round starts with the roll. Heritage not placed anywhere is in the box.
    """
    C.check_options(players, forge_source)
    board = C.BOARD if board_data is None else C.board_from_values(board_data)
    seats = players + (players == 2)
    if not 0 <= first < players:
        raise IllegalAction(f"선 플레이어는 0~{players - 1} 중 하나여야 합니다", "게임 준비")
    holdings = [_heritage(h) for h in (holdings or [{}] * seats)]
    if len(holdings) != seats:
        raise IllegalAction(f"유산은 자리마다 하나씩, {seats}개를 정해야 합니다 (2인: 가상 플레이어 포함)", "게임 준비")
    stacks = {d: list(C.board_ids(d)) for d in C.DISTRICTS} | {
        int(d): list(s) for d, s in (stacks or {}).items()}
    boards = {int(d): h for d, h in (boards or {}).items()}
    pools = [_heritage(boards.get(d, {})) for d in C.DISTRICTS]
    state = _build(players, forge_source, board, virtual_vp, stacks=[stacks[d] for d in C.DISTRICTS],
                   pools=pools, market=_heritage(market) if market is not None else [C.MARKET_START] * 5,
                   first=first, holdings=holdings, submarine=submarine, clock=clock,
                   tokens=list(tokens) if tokens is not None else None,
                   won=[list(w) for w in won] if won is not None else None)
    _check_scenario(state, seats)
    if dice is not None:
        _place_dice(state, {int(a): n for a, n in dice.items()}, picks, gave)
    elif picks:
        raise IllegalAction("가져간 주사위가 있으면 남은 주사위의 자리(dice)도 정해야 합니다", "게임 진행")
    return state


def _build(num_players, forge_source, board, virtual_vp, *, stacks, pools, market, first,
           holdings=None, submarine=C.SUBMARINE_START, clock=0, tokens=None, won=None) -> State:
    seats = num_players + (num_players == 2)
    s = State.__new__(State)
    values = dict(
        num_players=num_players, forge_source=forge_source, virtual_vp=bool(virtual_vp), first=first,
        phase=ROLL, to_roll=C.dice_in_play(num_players), dice=[0] * len(C.AREAS), taken=[0] * seats,
        dice_box=C.DICE - C.dice_in_play(num_players), stacks=stacks, pools=pools, market=market,
        box=[0] * len(C.HERITAGE), holdings=holdings or [[0] * len(C.HERITAGE) for _ in range(seats)],
        tokens=tokens if tokens is not None else [0] * seats,
        won=won if won is not None else [[] for _ in range(seats)], boards_box=[],
        submarine=submarine, clock=clock, picks=0, gave=[False] * num_players if num_players == 2 else [],
        area=0, beneficiary=-1, steps=[], source=0, emptied=0, queue=[], revealing=0, round=1)
    assert set(values) == set(State.FIELDS)
    for f, v in values.items():
        setattr(s, f, v)
    s.board = board
    s._legal = s._fresh = None
    s.box = _leftover(s)
    s.boards_box = _boards_left_over(s)
    return s


def _heritage(given: dict) -> list:
    unknown = sorted(set(given) - set(C.HERITAGE))
    if unknown:
        raise IllegalAction(f"알 수 없는 유산입니다: {', '.join(map(str, unknown))}", "구성품")
    if any(not isinstance(n, int) or n < 0 for n in given.values()):
        raise IllegalAction("유산 개수는 0 이상의 정수여야 합니다", "구성품")
    return [given.get(t, 0) for t in C.HERITAGE]


def _leftover(state: State) -> list:
    """Heritage not placed anywhere stays in the box."""
    placed = state.inventory()
    box = []
    for t in C.HERITAGE:
        if placed[t] > C.COPIES[t]:
            raise IllegalAction(f"{attach(C.name(t), '은')} {C.COPIES[t]}개뿐인데 {placed[t]}개를 배치했습니다", "구성품")
        box.append(C.COPIES[t] - placed[t])
    return box


def _boards_left_over(state: State) -> list:
    """Boards neither in a stack nor won were set aside (nobody held that heritage)."""
    placed = [b for s in state.stacks for b in s] + [b for w in state.won for b in w]
    every = [b for d in C.DISTRICTS for b in C.board_ids(d)]
    if sorted(placed) != sorted(set(placed)) or not set(placed) <= set(every):
        raise IllegalAction("시설 보드는 15장(1a~5c)이고 한 장은 한 곳에만 있을 수 있습니다", "구성품")
    for d in C.DISTRICTS:
        if any(C.board_district(b) != d for b in state.stacks[d - 1]):
            raise IllegalAction(f"{C.area_name(d)} 더미에는 {d}번 보드만 놓을 수 있습니다", "게임 준비")
    return [b for b in every if b not in placed]


def _check_scenario(state: State, seats: int) -> None:
    if len(state.tokens) != seats or len(state.won) != seats:
        raise IllegalAction(f"승점 토큰과 얻은 보드는 자리마다 하나씩, {seats}개를 정해야 합니다", "게임 준비")
    if state.submarine not in C.DISTRICTS:
        raise IllegalAction("잠수함은 시설 보드(1~5번) 옆에 있어야 합니다", "게임 준비")
    if not 0 <= state.clock < state.board.last_space:
        raise IllegalAction(f"시곗바늘은 0~{state.board.last_space - 1}번 칸에 있어야 합니다", "게임 준비")
    for d in C.DISTRICTS:
        if state.stacks[d - 1]:
            continue
        i = _INDEX[C.DISTRICT_HERITAGE[d]]
        if any(state.pools[d - 1]) or state.market[i] or any(h[i] for h in state.holdings) \
                or any(p[i] for p in state.pools):
            raise IllegalAction(f"{C.area_name(d)} 보드가 모두 없어졌으므로 {attach(C.name(C.DISTRICT_HERITAGE[d]), '은')} "
                                "모두 상자에 있어야 합니다", "중간 점수 계산")


def _place_dice(state: State, dice: dict, picks: int, gave) -> None:
    n = state.num_players
    in_play = C.dice_in_play(n)
    if set(dice) - set(C.AREAS) or any(not isinstance(k, int) or k < 0 for k in dice.values()):
        raise IllegalAction("주사위 자리는 1~6번 지역이고 개수는 0 이상이어야 합니다", "1 - 문을 엽니다")
    if not 0 <= picks < state.total_picks():
        raise IllegalAction(f"이번 라운드에 가져간 주사위는 0~{state.total_picks() - 1}개여야 합니다", "2 - 지역 방문")
    if sum(dice.values()) + picks != in_play:
        raise IllegalAction(f"{n}인 게임의 주사위는 {in_play}개입니다 (남은 {sum(dice.values())}개 + 가져간 {picks}개)",
                            "게임 준비")
    for a, k in dice.items():
        if k and a != C.MARKET and not state.stacks[a - 1]:
            raise IllegalAction(f"{attach(C.area_name(a), '은')} 없어졌으므로 그 주사위는 시장에 놓입니다", "중간 점수 계산")
    gave = list(gave) if gave is not None else [False] * len(state.gave)
    if len(gave) != len(state.gave):
        raise IllegalAction("gave는 2인 게임에서만, 플레이어마다 하나씩 정합니다", "7. 2인용 규칙")
    state.dice = [dice.get(a, 0) for a in C.AREAS]
    state.to_roll, state.picks, state.gave, state.phase = 0, picks, gave, PICK
    for i in range(picks):
        state.taken[(state.first + i) % n] += 1
    for p, given in enumerate(gave):
        if given:
            if not state._own_picks(p):
                raise IllegalAction("아직 주사위를 고르지 않은 플레이어는 가상 플레이어에게 줄 수 없습니다", "7. 2인용 규칙")
            state.taken[p] -= 1
            state.taken[state.virtual()] += 1
    for p in range(len(gave)):
        if not gave[p] and state._own_picks(p) == 3:
            raise IllegalAction("세 주사위 중 하나는 가상 플레이어에게 주어야 합니다", "7. 2인용 규칙")
