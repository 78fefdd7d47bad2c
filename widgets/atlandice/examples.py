"""The rulebook's worked examples as replays: each one a list of (caption, state) built by applying the
example's actions to a position, for any board data (the data-correction page replays them with the
values staff try). A replay says whether the example still holds with those values, and why not.

Seats as in tests/test_atlandice_examples.py: 노아 0, 라이언 1, 알렉스 2."""
from dataclasses import dataclass, field

from rules.core.korean import particle
from rules import atlandice as A
from rules.atlandice import components as C

NOAH, RYAN, ALEX = 0, 1, 2
NAMES = ["노아", "라이언", "알렉스"]
TITLES = {
    "atl-dice-placement": "문 열기: 주사위를 지역 옆에 놓기",
    "atl-alex-forge": "알렉스의 대장간 방문",
    "atl-clock-three": "남은 \"3\" 주사위가 시계를 2칸 움직임",
    "atl-noah-check": "노아의 보석 확인",
    "atl-donation-noah-ryan": "노아와 라이언의 기부",
}

PAGES = {"atl-dice-placement": "round", "atl-alex-forge": "round", "atl-clock-three": "clock",
         "atl-noah-check": "clock", "atl-donation-noah-ryan": "clock"}   # the chapter page of each example


@dataclass
class Replay:
    example: str
    steps: list = field(default_factory=list)        # (caption, state)
    holds: bool = True
    why: str = ""                                     # what the example shows, or why it does not hold

    @property
    def title(self) -> str:
        return TITLES[self.example]


def _run(replay: Replay, state, moves) -> Replay:
    """Apply `moves` [(action, caption)] from `state`, keeping every state for the step-through."""
    for action, caption in moves:
        state = state.apply(action)
        replay.steps.append((caption, state))
    return replay


def dice_placement(board=None) -> Replay:
    s = A.new_game(3, seed=1, board_data=board)
    r = Replay("atl-dice-placement", [("선 플레이어가 주사위 7개를 모두 굴립니다 (3인; 나온 눈은 이 책이 정한 예).", s)])
    moves = [(A.RollDie(f), f"\"{f}\"{particle(f, '이')} 나와 " + (f"{C.area_name(f)} 옆에 놓입니다." if f < 6 else
                                                     "시장(암시장) 옆에 놓입니다.")) for f in (1, 2, 6, 6, 3, 5, 4)]
    _run(r, s, moves)
    end = r.steps[-1][1]
    r.holds = end.dice == [1, 1, 1, 1, 1, 2]
    r.why = "1~5는 그 번호의 시설 옆에, 6 두 개는 시장 옆에 놓였습니다." if r.holds else "주사위가 제자리에 놓이지 않았습니다."
    return r


def alex_forge(forge_source="district", board=None) -> Replay:
    s = A.scenario(players=3, first=ALEX, submarine=5, boards={5: {"weapon": 3, "gem": 1}},
                   dice={5: 1, 1: 2, 2: 2, 3: 1, 4: 1}, forge_source=forge_source, board_data=board)
    where = "대장간 보드" if forge_source == "district" else "시장"
    r = Replay("atl-alex-forge", [("알렉스의 차례. 대장간 옆에 \"5\" 주사위와 잠수함이 있습니다.", s)])
    _run(r, s, [
        (A.TakeDie(5), "a) 알렉스가 대장간을 골라 \"5\" 주사위를 가져옵니다."),
        (A.TakeHeritage("weapon"), "b) 대장간의 유산 하나: 무기."),
        (A.TakeHeritage("gem"), "b) 잠수함이 대장간 옆에 있어 하나 더: 보석."),
        (A.Reroll(6), "c) 대장간 능력: 가져온 주사위를 다시 굴려 6이 나왔습니다."),
        (A.TakeHeritage("weapon"), f"c) 6이므로 {where}에서 무기 하나를 더 가져옵니다."),
    ])
    end = r.steps[-1][1]
    left = {"weapon": 1} if forge_source == "district" else {"weapon": 2}
    r.holds = end.held(ALEX) == {"gem": 1, "weapon": 2} and end.heritage_at(5) == left
    r.why = (f"알렉스는 무기 2개와 보석 1개를 가졌고, 대장간 보드에는 무기 {left['weapon']}개가 남았습니다"
             f"{' (시장의 무기가 하나 줄었습니다)' if forge_source == 'market' else ''}.")
    return r


def _values(board) -> dict:
    return C.board_values() if board is None else C.board_from_values(board).values()


def _clock_spot(values: dict, wanted):
    """Where the last die can lie so that the clock stops on a space `wanted` accepts:
    (area, stack order of that district or None, start space, stop space), or None."""
    track = values["clock_track"]
    last = len(track) - 1
    options = [(C.MARKET, None, values["black_market_hands"])]
    for d in C.DISTRICTS:
        for i, h in enumerate(values["clock_hands"][str(d)]):
            ids = list(C.board_ids(d))
            options.append((d, [ids[i]] + ids[:i] + ids[i + 1:], h))
    for area, stack, h in options:
        for stop in range(1, last):
            if wanted(track[stop]) and stop - h >= 0:
                return area, stack, stop - h, stop
    return None


def _last_pick(players_first, spot, **kw):
    """A 3-player position with one visit left: the last picker takes the market die, `spot`'s die stays."""
    area, stack, start, _ = spot
    dice = {C.MARKET: 2} if area == C.MARKET else {area: 1, C.MARKET: 1}
    stacks = {area: stack} if stack else None
    return A.scenario(players=3, picks=5, first=players_first, dice=dice, clock=start, stacks=stacks, **kw)


def _where(area) -> str:
    return "시장(암시장)" if area == C.MARKET else C.area_name(area)


def clock_three(board=None) -> Replay:
    values = _values(board)
    r = Replay("atl-clock-three")
    twos = [i for i, h in enumerate(values["clock_hands"]["3"]) if h == 2]
    if not twos:
        r.holds, r.why = False, "여관(3번) 보드 3장 중 시곗바늘 아이콘이 2개인 보드가 없습니다 (원문 예시: 3번 보드의 바늘 2개)."
        return r
    ids = list(C.board_ids(3))
    stack = [ids[twos[0]]] + [b for b in ids if b != ids[twos[0]]]
    track = values["clock_track"]
    events = [p for p in range(len(track) - 3) if track[p + 2] not in ("", "wave")]
    if not events:
        r.holds, r.why = False, "시곗바늘이 2칸 움직여 이벤트 칸에 멈출 수 있는 자리가 시계 칸에 없습니다."
        return r
    start = events[0]
    event = track[start + 2]
    kind = event[6:] if event.startswith("check:") else "food"
    s = A.scenario(players=3, picks=5, first=0, dice={3: 1, C.MARKET: 1}, clock=start, stacks={3: stack},
                   holdings=[{kind: 2}, {}, {}], board_data=values)
    r.steps.append((f"주사위 6개를 가져가고 마지막 하나를 고를 차례. 여관 맨 위 보드 {stack[0]}의 바늘 아이콘은 2개, "
                    f"시곗바늘은 {start + 1}번째 칸에 있습니다.", s))
    _run(r, s, [(A.TakeDie(C.MARKET), "알렉스가 시장의 주사위를 가져갑니다."),
                (A.TakeHeritage("gem"), f"유산을 가져가면 \"3\" 주사위 하나가 남고, 시곗바늘이 2칸 움직여 "
                                        f"{C.event_name(event)} 칸에 멈춥니다.")])
    end = r.steps[-1][1]
    happened = end.tokens[NOAH] == 1 if event.startswith("check:") else end.phase == "donation"
    r.holds = end.clock == start + 2 and happened
    r.why = f"시곗바늘이 {start + 1}번째 칸에서 {end.clock + 1}번째 칸으로 2칸 움직이고 {C.event_name(event)} 이벤트가 일어났습니다."
    return r


def noah_check(board=None) -> Replay:
    values = _values(board)
    r = Replay("atl-noah-check")
    spot = _clock_spot(values, lambda e: e == "check:gem")
    if spot is None:
        r.holds, r.why = False, "시계 칸에 보석 확인 칸이 없어 보석 확인 이벤트가 일어날 수 없습니다."
        return r
    s = _last_pick(RYAN, spot, holdings=[{"gem": 3}, {"gem": 2, "book": 4}, {"gem": 1, "weapon": 5}],
                   board_data=values)
    r.steps.append((f"마지막 방문. 남을 주사위는 {_where(spot[0])}에 있고 시곗바늘은 {spot[2] + 1}번째 칸. 보석: 노아 3, 라이언 2, "
                    "알렉스 1 (수는 이 책이 정한 예).", s))
    _run(r, s, [(A.TakeDie(C.MARKET), "노아가 시장의 주사위를 가져갑니다."),
                (A.TakeHeritage("tool"), f"1. 시곗바늘이 {spot[3] + 1}번째 칸(보석 확인)에 멈춰 보석 이벤트가 발생합니다. "
                                         "2~3. 보석을 가장 많이 가진 노아가 승점 토큰 1개를 받습니다.")])
    end = r.steps[-1][1]
    r.holds = end.tokens == [1, 0, 0] and end.held(NOAH)["gem"] == 3
    r.why = "노아만 승점 토큰 1개를 받고, 모두 유산을 그대로 가집니다."
    return r


def donation_noah_ryan(board=None) -> Replay:
    values = _values(board)
    r = Replay("atl-donation-noah-ryan")
    spot = _clock_spot(values, lambda e: e == "donate")
    if spot is None:
        r.holds, r.why = False, "시계 칸에 기부 칸이 없어 기부 이벤트가 일어날 수 없습니다."
        return r
    s = _last_pick(NOAH, spot, holdings=[{"gem": 3, "weapon": 1}, {"gem": 2, "book": 1}, {}],
                   boards={1: {"gem": 2}, 5: {"weapon": 1}}, board_data=values)
    r.steps.append((f"마지막 방문은 알렉스. 남을 주사위는 {_where(spot[0])}에 있고 시곗바늘은 {spot[2] + 1}번째 칸입니다.", s))
    _run(r, s, [(A.TakeDie(C.MARKET), "알렉스가 시장의 주사위를 가져갑니다."),
                (A.TakeHeritage("tool"), f"1. 시곗바늘이 {spot[3] + 1}번째 칸(기부)에 멈춰 기부 이벤트가 발생합니다."),
                (A.Donate("gem", "gem"), "2. 선 플레이어 노아부터: 보석 2개를 기부하고 승점 토큰 1개."),
                (A.Donate("gem", "weapon"), "2. 노아가 보석 1개와 무기 1개를 더 기부하고 승점 토큰 1개 (모두 2개)."),
                (A.Donate("gem", "gem"), "3. 라이언이 보석 2개를 기부하고 승점 토큰 1개. 책 1개로는 더 못 하고, 알렉스도 "
                                         "유산이 1개뿐이라 기부가 끝납니다.")])
    end = r.steps[-1][1]
    r.holds = end.tokens == [2, 1, 0] and end.heritage_at(1).get("gem") == 7 and end.phase == "roll"
    r.why = "노아 승점 토큰 2개, 라이언 1개. 기부한 보석은 보석 가게 보드로, 무기는 대장간 보드로 돌아갔습니다."
    return r


def all_replays(board=None) -> list:
    """Every worked example of the chapter with these board values (the 대장간 with both readings)."""
    return [dice_placement(board), alex_forge("district", board), alex_forge("market", board), clock_three(board),
            noah_check(board), donation_noah_ryan(board)]
