"""The state of a game of 아틀란다이스 and its rules: whose move, what is legal, what an action does.

Heritage counts are lists in the order of components.HERITAGE (gem, book, food, tool, weapon),
which is also the order of the districts: the heritage of district d has index d - 1.
Seats 0..n-1 are the players; in a 2-player game seat 2 is the virtual player.
"""
import json
from fractions import Fraction

from rules.core import CHANCE, TERMINAL, GameState, Reading
from rules.core.korean import attach
from rules.atlandice import components as C
from rules.atlandice.actions import (
    Donate, EndDonation, GiveDie, MoveHeritage, MoveSubmarine, RevealBoard, Reroll, RollDie, SetDie,
    TakeDie, TakeHeritage,
)

# Phases. Chance phases are resolved by an outcome, the others by a player's decision.
ROLL, REROLL, REVEAL = "roll", "reroll", "reveal"
PICK, TAKE, INN, WORKSHOP, LIBRARY, DONATION, OVER = (
    "pick", "take", "inn", "workshop", "library", "donation", "over")
CHANCE_PHASES = frozenset({ROLL, REROLL, REVEAL})
PHASE_NAMES = {
    ROLL: "1 - 문 열기 (주사위 굴림)", REROLL: "능력 주사위 굴림", REVEAL: "중간 점수 계산: 새 맨 위 보드 공개",
    PICK: "2 - 지역 방문: 주사위 고르기",
    TAKE: "2 - 지역 방문: 유산 가져오기", INN: "여관 능력", WORKSHOP: "작업장 능력", LIBRARY: "도서관 능력",
    DONATION: "기부 이벤트", OVER: "게임 종료",
}

# Every place where the rulebook is ambiguous, silent or self-contradictory and the engine had to
# choose, in one place: Reading(what the engine does, the other reading, the seed's own words).
READINGS = {
    "forge_source": Reading(
        "대장간: 다시 굴린 주사위가 6이면 능력 설명대로 시장에서 유산 1개(아무 종류)를 더 가져온다. 시장이 비었으면 "
        "능력을 쓰지 못한다 (엔진의 기본 읽기)",
        "알렉스 예시대로 대장간 보드에서 유산 1개를 더 가져온다 (테이블과 한 판 해 보기의 '대장간 읽기'에서 고를 수 있음)",
        "주사위의 눈이 6이 나오면 시장에 놓인 유산 1개를 추가로 가져옵니다. / 그녀는 주사위를 굴려 6이 나왔으므로 "
        "대장장이에서 또 다른 무기를 가져옵니다."),
    "library_ability": Reading(
        "도서관 능력은 구성품 자료 파일의 잠정값을 따른다. 값이 '주사위 바꾸기'(비공식 이름)이면 아직 남은 주사위 1개를 "
        "다른 지역(남아 있는 시설 또는 시장)의 눈으로 바꿔 그 지역으로 옮기고, '능력 없음'이면 아무것도 하지 않는다",
        "실제 능력은 어느 출처에도 없다. 실물의 도서관이 이 둘과 다른 일을 한다면 자료 파일만으로는 고칠 수 없고 엔진에 그 "
        "능력을 새로 넣어야 한다",
        "2번 시설 보드 - 도서관"),
    "jeweler_ability": Reading(
        "보석 가게(원문에서 빠짐; 출처 S2, S7): 가져온 주사위를 다시 굴려 홀수면 보석 가게 보드에서 유산 1개를 아무 종류나 "
        "더 가져온다. 보드가 이미 비었으면 굴리지 않는다",
        "더 가져오는 유산은 보석뿐이다",
        "1번 시설 보드-보석가게"),
    "empty_area_visit": Reading(
        "유산이 하나도 없는 지역도 주사위가 있으면 방문할 수 있다: 주사위만 가져가고 능력은 그대로 쓴다",
        "유산이 없는 지역은 방문할 수 없다",
        "주사위가 없는 지역은 방문할 수 없습니다."),
    "abilities_mandatory": Reading(
        "쓸 수 있는 시설 능력(여관, 작업장, 도서관 포함)은 반드시 쓴다. 쓸 수 없을 때(시장이 빔, 옮길 곳이 없음)만 건너뛴다",
        "능력은 쓰고 싶을 때만 쓴다",
        "선 플레이어부터 시계 방향으로 각 플레이어는 다음을 수행해야 합니다: ... c) 마지막으로, 선택한 지역의 효과를 "
        "적용합니다"),
    "submarine_extra": Reading(
        "잠수함 추가 유산은 방문한 시설에 남은 것 중 아무 종류나 1개를 반드시 가져온다 (알렉스는 대장간에서 보석을 받음)",
        "추가 유산은 가져가고 싶을 때만 가져간다",
        "방문 중인 지역에 잠수함 토큰이 있는 경우, 해당 지역에서 추가 자원을 하나 더 가져갑니다(자원이 있는 경우)."),
    "depletion_trigger": Reading(
        "중간 점수 계산은 방문(유산, 잠수함 추가, 능력)을 모두 마친 뒤, 그 방문 중에 유산을 가져가 맨 위 보드가 빈 경우에만 "
        "한다. 반납 뒤 새 맨 위 보드에 유산이 하나도 오지 않으면 그 보드는 빈 채로 남았다가, 나중에 놓인 유산이 다시 모두 "
        "가져가질 때 점수 계산을 한다",
        "빈 채로 드러난 새 보드도 곧바로 다시 점수 계산을 한다",
        "플레이어가 가져온 주사위에 해당하는 시설 보드의 능력을 사용하고 난 후 유산이 없는 시설 보드가 생길 경우 중간 점수 "
        "계산을 합니다."),
    "zero_holdings": Reading(
        "어느 다수 경쟁(중간 점수 계산, 확인, 최종 점수)에서든 그 유산을 1개 이상 가진 사람만 1위·2위가 된다. 중간 점수 "
        "계산에서 아무도 그 유산이 없으면 빈 보드는 아무도 갖지 못하고 상자로 간다",
        "아무도 없으면 모두가 0개로 1위 동점이 되어, 한 명이 보드를 갖고 나머지는 승점 토큰 3개씩 받는다",
        "유산이 없는 시설 보드에 해당하는 유산을 가장 많이 가진 플레이어가 시설 보드를 뒤집어서 가져옵니다."),
    "depletion_tie": Reading(
        "1위가 여럿이면 방문한 플레이어부터 차례 순서로 먼저 오는 1위가 보드를 갖고(가상 플레이어는 맨 뒤), 나머지 1위는 "
        "승점 토큰 3개씩 받는다 (보드도 토큰 3개도 3점이라 점수는 같다)",
        "동점인 플레이어들이 누가 보드를 가질지 의논해 정한다",
        "만약 유산을 가장 많이 가진 플레이어가 여러 명일 경우 1명은 시설 보드를 , 나머지 플레이어는 승점 토큰 3개를 "
        "가져옵니다."),
    "depletion_return": Reading(
        "'점수 계산을 한 유산'은 모든 플레이어(가상 플레이어 포함)가 가진 그 종류의 유산 전부다: 시장의 그 유산이 3개가 될 "
        "때까지 채우고, 나머지는 새 맨 위 보드에 놓는다",
        "보드나 승점을 받은 플레이어의 유산만 반납한다",
        "중간 점수 계산을 한 유산을 다음과 같이 반납합니다. 먼저 게임판의 시장 위에 해당하는 유산이 3개가 되게 놓습니다."),
    "retired_heritage": Reading(
        "같은 번호 보드 3장이 모두 없어지면 반납된 유산과 시장·다른 보드에 있던 그 종류의 유산을 모두 상자에 넣고, 그 시설의 "
        "주사위는 시장 옆으로 옮긴다. 이후 그 눈의 주사위는 시장에 놓인다",
        "반납된 유산만 상자에 넣고, 시장과 다른 보드에 있는 그 종류의 유산은 남겨 둔다",
        "해당하는 유산을 모두 상자에 돌려놓습니다. 사용하지 않고 남은 주사위는 모두 게임판의 시장 옆으로 옮깁니다."),
    "check_event": Reading(
        "확인 이벤트는 예시대로 시곗바늘 칸에 그려진 유산 한 종류만 비교해, 가장 많이 가진 사람(동점이면 모두)이 승점 토큰 "
        "1개를 받는다",
        "깨진 첫 문장대로 가진 유산 전체의 수를 비교한다",
        "유산이 가장 많은 플레이어 또는 총 자원이 가장 많은 플레이어가 1점의 승리 점수를 획득합니다."),
    "clock_board": Reading(
        "시곗바늘은 3단계 때 마지막 주사위가 놓인 시설의 그 순간 맨 위 보드(그 라운드에 점수 계산으로 새로 드러난 보드일 수 "
        "있음)의 아이콘 수만큼 움직인다. 마지막 주사위가 시장에 있으면 게임판에 인쇄된 시장의 전진 칸 수(잠정값)만큼 움직인다",
        "주사위를 굴린 때 맨 위에 있던 보드의 아이콘 수만큼 움직인다",
        "그 주사위에 해당하는 시설 보드에 표시된 바늘 아이콘의 개수만큼 시곗바늘을 전진 시킵니다."),
    "clock_events": Reading(
        "이벤트는 시곗바늘이 멈춘 칸의 것만 일어난다. 파도 칸을 넘는 전진은 파도 칸에서 멈추고, 파도 칸에서는 이벤트 없이 "
        "곧바로 게임이 끝난다",
        "바늘이 지나간 칸의 이벤트도 모두 일어난다",
        "바늘이 가리키는 공간의 효과를 적용합니다(효과가 있을 경우)."),
    "donation_order": Reading(
        "기부는 선 플레이어부터 한 사람씩, 원하는 만큼 2개씩 기부한 뒤 다음 사람으로 넘어간다. 유산이 2개 미만인 사람은 "
        "건너뛴다. 기부한 유산은 그 종류 시설의 맨 위 보드에 놓는다",
        "한 번에 2개씩 돌아가며 기부하고, 모두가 그만둘 때까지 여러 바퀴 돈다",
        "선 플레이어부터 차례대로 횟수에 상관없이 이 작업은 수행할 수 있습니다. 기부한 자원은 해당 시설 구역에 다시 "
        "놓으세요"),
    "donation_rate": Reading(
        "원문과 노아·라이언 예시대로 유산 2개(종류 무관)에 승점 토큰 1개다",
        "한 판매처(S8)의 설명대로 2개에 승점 2점이다",
        "각 플레이어는 턴 순서에 따라 자원 2개를 기부하여 1점의 승리 점수를 얻을 수 있습니다."),
    "inn_target": Reading(
        "여관은 시장의 유산 1개(아무 종류)를 여관이 아닌, 아직 남아 있는 시설의 맨 위 보드로 옮긴다. '이벤트가 발생하지 "
        "않습니다'는 이 이동이 중간 점수 계산을 일으키지 않는다는 뜻이다",
        "옮기는 유산은 옮겨 갈 시설의 종류여야 한다",
        "이 능력으로는 이벤트가 발생하지 않습니다. / 시장에 있는 유산 하나를 3번 시설 보드를 제외한 다른 시설 보드로 "
        "옮깁니다."),
    "workshop_target": Reading(
        "작업장은 잠수함을 지금 자리와 다른, 아직 남아 있는 시설 보드 옆으로 옮긴다. 잠수함이 있던 시설이 사라지면 작업장 "
        "능력으로 옮길 때까지 그 자리에 남는다",
        "잠수함을 시장 옆이나 없어진 시설 자리로도 옮길 수 있다",
        "잠수함 말을 지금 있는 시설 보드에서 다른 시설 보드로 옮깁니다."),
    "boards_same_ability": Reading(
        "시설마다 보드 3장의 능력은 같고, 보드끼리 다른 것은 시곗바늘 아이콘의 수뿐이다. 원문은 이것을 작업장에 대해서만 "
        "말하지만, 이 책은 다른 시설의 보드도 그렇다고 본다",
        "원문이 작업장만 따로 말했으니 다른 시설은 보드마다 능력이 다를 수 있다 (그렇다면 실물 보드를 보고 엔진에 보드별 "
        "능력을 넣어야 한다)",
        "작업장의 능력은 모두 똑같고 표시된 시계 바늘 아이콘의 숫자가 다릅니다."),
    "market_is_black_market": Reading(
        "원문의 '시장'과 '암시장'은 같은 곳이다: 6 주사위가 놓이고, 시작할 때 유산이 종류별로 3개씩 놓이며 능력은 없다",
        "암시장은 유산이 없는 따로 된 곳이다",
        "암시장: 번호가 6인 주사위는 항상 암시장 옆에 놓입니다. / 시장은 아무 능력이 없습니다. 다만 가져올 수 있는 유산의 "
        "종류가 많습니다."),
    "virtual_choices": Reading(
        "가상 플레이어에게 준 주사위의 방문(유산, 잠수함 추가, 능력의 모든 선택)은 주사위를 준 플레이어가 정한다",
        "유산만 준 플레이어가 고르고, 능력의 선택은 상대가 정한다",
        "플레이어가 주사위를 가상 플레이어에게 줄 때, 관련 지역(Area)에서 원하는 자원 하나를 선택하여 가상 플레이어 토큰에 "
        "놓습니다. 그런 다음 해당 지역의 효과를 정상적으로 가상 플레이어에게 적용합니다."),
    "virtual_vp": Reading(
        "가상 플레이어는 모든 다수 경쟁에 참여하지만 기본으로는 승점 토큰을 받지 않는다. '가상 플레이어도 승점 받기'를 "
        "고르면 토큰을 받고 가상 플레이어의 점수도 계산된다. 어느 쪽이든 사람 플레이어의 점수와 승자는 같다",
        "가상 플레이어도 늘 승점을 받는다",
        "원하는 경우 가상 플레이어에게 승점을 줄 수 있지만, 반드시 그럴 필요는 없습니다."),
    "virtual_donation": Reading(
        "가상 플레이어는 기부하지 않는다",
        "가상 플레이어의 유산도 기부 이벤트에서 쓰인다",
        "3단계, 4단계 및 게임 종료 시점에서, 가상 플레이어는 점수 계산에서 다수 자리를 두고 경쟁합니다."),
    "scores_midgame": Reading(
        "게임 중에 보이는 점수는 지금 끝난다면 받을 점수(승점 토큰 + 보드 3점씩 + 유산 종류별 3점/1점)다",
        "게임 중에는 승점 토큰과 보드 점수만 센다"),
}

_FIELDS = ("num_players", "forge_source", "virtual_vp", "first", "phase", "to_roll", "dice", "taken",
           "dice_box", "stacks", "pools", "market", "box", "holdings", "tokens", "won", "boards_box",
           "submarine", "clock", "picks", "gave", "area", "beneficiary", "steps", "source", "emptied",
           "queue", "revealing", "round")
_TYPES = len(C.HERITAGE)
_INDEX = {t: i for i, t in enumerate(C.HERITAGE)}
_BOARD_CACHE = {}

# Every action instance, made once: legal_actions() hands out these very objects.
_ROLL = {f: RollDie(f) for f in range(1, 7)}
_REROLL = {f: Reroll(f) for f in range(1, 7)}
_ROLL_OUTCOMES = [(_ROLL[f], Fraction(1, 6)) for f in range(1, 7)]
_REROLL_OUTCOMES = [(_REROLL[f], Fraction(1, 6)) for f in range(1, 7)]
_TAKE_DIE = {a: TakeDie(a) for a in C.AREAS}
_GIVE_DIE = {a: GiveDie(a) for a in C.AREAS}
_TAKE = [TakeHeritage(t) for t in C.HERITAGE]
_INN = {(i, d): MoveHeritage(t, d) for i, t in enumerate(C.HERITAGE) for d in C.DISTRICTS}
_SUB = {d: MoveSubmarine(d) for d in C.DISTRICTS}
_SET = {(s, t): SetDie(s, t) for s in C.AREAS for t in C.AREAS}
_DONATE = {(i, j): Donate(C.HERITAGE[i], C.HERITAGE[j]) for i in range(_TYPES) for j in range(i, _TYPES)}
_END_DONATION = EndDonation()
INN_DISTRICT, FORGE_DISTRICT = 3, 5


def _board(values: dict):
    key = json.dumps(values, sort_keys=True)
    if key not in _BOARD_CACHE:
        if len(_BOARD_CACHE) > 64:
            _BOARD_CACHE.clear()
        _BOARD_CACHE[key] = C.board_from_values(values)
    return _BOARD_CACHE[key]


def counts(heritage: list) -> dict:
    """{type: count} of a heritage list, without zeros."""
    return {t: n for t, n in zip(C.HERITAGE, heritage) if n}


class State(GameState):
    """An immutable game state: apply() returns a new State and never changes this one."""

    # The fields of _FIELDS, plus board, _legal (cached legal actions) and _fresh (the lists an
    # apply() has already copied) live in the instance __dict__, so that a copy is one dict copy.

    PHASE_NAMES = PHASE_NAMES
    FIELDS = _FIELDS

    # --- protocol ------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase in CHANCE_PHASES:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        if phase == DONATION:
            return self.queue[0]
        return self.picker()

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def chance_outcomes(self) -> list:
        """[(outcome, probability)] of the chance node: one die (six faces of 1/6), or the board that
        comes up on a stack, each clock-hand count as likely as the boards left that show it."""
        if self.phase == ROLL:
            return list(_ROLL_OUTCOMES)
        if self.phase == REROLL:
            return list(_REROLL_OUTCOMES)
        if self.phase == REVEAL:
            d = self.revealing
            hands = [self.board.hands[b] for b in self.stacks[d - 1]]
            return [(RevealBoard(d, h), Fraction(hands.count(h), len(hands))) for h in sorted(set(hands))]
        return []

    def _do(self, action):
        super()._do(action)
        self._fresh = None                 # done: this state is now as immutable as the one it came from

    def scores(self) -> list:
        """Points of each player: VP tokens + 3 per board won + 3/1 per heritage type majority."""
        return [self._points(p) for p in range(self.num_players)]

    def virtual_score(self):
        """The virtual player's points (2 players with virtual_vp=True), else None."""
        if self.virtual() is None or not self.virtual_vp:
            return None
        return self._points(self.virtual())

    def winners(self) -> list:
        """The players with the most points; a tie is a shared victory (the virtual player never wins)."""
        scores = self.scores()
        best = max(scores)
        return [p for p, s in enumerate(scores) if s == best]

    def _json_data(self) -> dict:
        return super()._json_data() | {"board": self.board.values()}

    def _restore(self, data):
        self.board = _board(data["board"])
        self._fresh = None

    def turn_label(self) -> str:
        """The round, counted from 1 as the rulebook's 라운드 (a roll, the visits, the clock, the first player)."""
        return f"{self.round}라운드"

    def __repr__(self):
        return f"<아틀란다이스 {self.num_players}인 시계 {self.clock}칸 {PHASE_NAMES[self.phase]}>"

    # --- what each seat may see --------------------------------------------------------------
    def public_view(self, seat=None, reveal_all=False) -> dict:
        """What `seat` may see (None: the whole table; reveal_all: the staff's view). JSON-able.

        Everything is open (heritage, dice, market, clock, submarine) except the boards under
        each top board, shown as counts (their clock-hand icons stay hidden until they come up, and
        their order is decided only then: the engine does not know it either), and the boards won,
        kept face down and so shown as counts. No seat knows more than the table: `seat` sees what
        None sees. While a new top board is coming up (REVEAL) its icons are None.
        """
        seats = [{"seat": p, "virtual": p == self.virtual(), "heritage": counts(self.holdings[p]),
                  "vp_tokens": self.tokens[p], "dice": self.taken[p],
                  "boards_won": list(self.won[p]) if reveal_all else len(self.won[p])}
                 for p in range(len(self.holdings))]
        districts = []
        for d in C.DISTRICTS:
            stack = self.stacks[d - 1]
            shown = bool(stack) and d != self.revealing
            under = stack[1:] if shown else stack
            districts.append({
                "district": d, "name": C.area_name(d), "boards_left": len(stack),
                "stack": sorted(under) if reveal_all else len(under),
                "stack_hands": [self.board.hands[b] for b in sorted(under)] if reveal_all else None,
                "top_board": stack[0] if shown else None,
                "top_clock_hands": self.board.hands[stack[0]] if shown else None,
                "heritage": counts(self.pools[d - 1]), "dice": self.dice[d - 1],
                "submarine": self.submarine == d})
        return {
            "num_players": self.num_players, "seat": seat, "reveal_all": reveal_all,
            "phase": self.phase, "phase_name": PHASE_NAMES[self.phase],
            "current_player": self.current_player(), "first_player": self.first, "seats": seats,
            "districts": districts,
            "market": {"heritage": counts(self.market), "dice": self.dice[C.MARKET - 1]},
            "box": {"heritage": counts(self.box), "dice": self.dice_box, "boards": len(self.boards_box)},
            "dice_to_roll": self.to_roll, "dice_taken_this_round": self.picks,
            "virtual_given": list(self.gave),
            "submarine": self.submarine, "clock": self.clock, "clock_track": list(self.board.track),
            "black_market_hands": self.board.black_market_hands, "library_ability": self.board.library,
            "visiting": self.area or None, "taking_from": self.source or None,
            "forge_source": self.forge_source, "scores": self.scores(), "virtual_score": self.virtual_score(),
        }

    def describe_action(self, action, seat=None, reveal_all=False, names=None) -> str:
        """Korean text of `action`, about to be applied here (the screens put who does it in front).

        Nothing an action shows is hidden in this game, so every seat reads the same text; a choice made
        for the virtual player says so."""
        if action.kind != "chance" and self.area and self.beneficiary != self.current_player() \
                and not isinstance(action, (TakeDie, GiveDie)):
            return f"(가상 플레이어를 위해) {action.describe()}"
        return action.describe()

    def public_outcomes(self, seat=None, reveal_all=False, names=None) -> list:
        """The chance outcomes as `seat` may tell them apart: [(text, probability, outcomes)].
        A die is rolled and a board comes up in the open, so every outcome is its own entry."""
        return [(self.describe_action(o, seat, reveal_all, names), p, [o]) for o, p in self.chance_outcomes()]

    def inventory(self) -> dict:
        """{component: count} over every zone (players, boards, market, box, dice): never changes."""
        total = {t: 0 for t in C.HERITAGE}
        for zone in self.heritage_zones().values():
            for t, n in zone.items():
                total[t] += n
        total["board"] = (sum(len(s) for s in self.stacks) + sum(len(w) for w in self.won)
                          + len(self.boards_box))
        total["die"] = sum(self.dice) + sum(self.taken) + self.to_roll + self.dice_box
        return total

    def heritage_zones(self) -> dict:
        """Every place heritage can be, as {zone: {type: count}}."""
        z = {"market": counts(self.market), "box": counts(self.box)}
        for d in C.DISTRICTS:
            z[f"district{d}"] = counts(self.pools[d - 1])
        for p, h in enumerate(self.holdings):
            z[f"seat{p}"] = counts(h)
        return z

    # --- helpers for widgets, tests and the book ------------------------------------------
    def virtual(self):
        """The virtual player's seat (2 players), else None."""
        return 2 if self.num_players == 2 else None

    def picker(self) -> int:
        """The player whose visit it is (and who decides for the virtual player)."""
        return (self.first + self.picks) % self.num_players

    def total_picks(self) -> int:
        return 6 if self.num_players == 2 else 2 * self.num_players

    def in_play(self, district: int) -> bool:
        """A district is in play while it has a board left."""
        return bool(self.stacks[district - 1])

    def area_of(self, face: int) -> int:
        """Where a die showing `face` lies: its district, or the market for 6s and retired districts."""
        return face if face <= 5 and self.stacks[face - 1] else C.MARKET

    def top_board(self, district: int):
        stack = self.stacks[district - 1]
        return stack[0] if stack else None

    def heritage_at(self, area: int) -> dict:
        return counts(self._pool(area))

    def held(self, seat: int) -> dict:
        return counts(self.holdings[seat])

    def clock_event(self, space=None) -> str:
        return self.board.track[self.clock if space is None else space]

    def last_die_advance(self, area: int) -> int:
        """Spaces the clock moves when the die left over lies in `area`."""
        if area == C.MARKET:
            return self.board.black_market_hands
        return self.board.hands[self.stacks[area - 1][0]]

    def majority(self, heritage: str, second: bool = True) -> dict:
        """{seat: rank} for one type: 1 for every tied leader, 2 for the second (only with a
        single leader). Holding none never ranks (virtual player included)."""
        i = _INDEX[heritage]
        have = [h[i] for h in self.holdings]
        best = max(have)
        if best == 0:
            return {}
        ranks = {s: 1 for s, n in enumerate(have) if n == best}
        if second and len(ranks) == 1:
            runner = max((n for n in have if n < best), default=0)
            if runner:
                ranks.update({s: 2 for s, n in enumerate(have) if n == runner})
        return ranks

    def final_majority_points(self) -> list:
        """Points per seat from the heritage majorities: 3 for the most, 1 for the second."""
        points = [0] * len(self.holdings)
        for t in C.HERITAGE:
            for s, rank in self.majority(t).items():
                points[s] += 3 if rank == 1 else 1
        return points

    def _points(self, seat: int) -> int:
        return self.tokens[seat] + 3 * len(self.won[seat]) + self.final_majority_points()[seat]

    def _pool(self, area: int) -> list:
        return self.market if area == C.MARKET else self.pools[area - 1]

    # --- legal actions ---------------------------------------------------------------------
    def _decisions(self) -> list:
        phase = self.phase
        if phase == TAKE:
            pool = self._pool(self.source)
            return [_TAKE[i] for i in range(_TYPES) if pool[i]]
        if phase == PICK:
            return self._picks()
        if phase == INN:
            targets = self._inn_targets()
            return [_INN[i, d] for i in range(_TYPES) if self.market[i] for d in targets]
        if phase == WORKSHOP:
            return [_SUB[d] for d in self._submarine_targets()]
        if phase == LIBRARY:
            return [_SET[s, t] for s in C.AREAS if self.dice[s - 1] for t in self._die_targets(s)]
        if phase == DONATION:
            h = self.holdings[self.queue[0]]
            acts = [_DONATE[i, j] for (i, j) in _DONATE if h[i] and h[j] and (i != j or h[i] >= 2)]
            return acts + [_END_DONATION]
        return []

    def _picks(self) -> list:
        areas = [a for a in C.AREAS if self.dice[a - 1]]
        if self.num_players != 2:
            return [_TAKE_DIE[a] for a in areas]
        p = self.picker()
        if self.gave[p]:
            return [_TAKE_DIE[a] for a in areas]
        if self._own_picks(p) == 2:          # the third die must go to the virtual player
            return [_GIVE_DIE[a] for a in areas]
        return [_TAKE_DIE[a] for a in areas] + [_GIVE_DIE[a] for a in areas]

    def _own_picks(self, player: int) -> int:
        """Dice `player` has picked this round (for the virtual player or not)."""
        return sum(1 for i in range(self.picks) if (self.first + i) % self.num_players == player)

    def _inn_targets(self) -> list:
        return [d for d in C.DISTRICTS if d != INN_DISTRICT and self.stacks[d - 1]]

    def _submarine_targets(self) -> list:
        return [d for d in C.DISTRICTS if d != self.submarine and self.stacks[d - 1]]

    def _die_targets(self, source: int) -> list:
        return [t for t in C.AREAS if t != source and (t == C.MARKET or self.stacks[t - 1])]

    def _why_illegal(self, action) -> tuple:
        """(Korean message, rule) for an action that is not legal here."""
        phase = PHASE_NAMES[self.phase]
        if self.phase == OVER:
            return "게임이 이미 끝났습니다", "게임 종료"
        if self.phase in CHANCE_PHASES:
            what = "더미에서 드러날 보드가" if self.phase == REVEAL else "주사위 눈이"
            return f"지금은 {phase}: {what} 무작위로 정해질 차례입니다 ({action})", phase
        if getattr(action, "kind", None) == "chance":
            return f"지금은 {phase} 단계로, 플레이어가 결정할 차례입니다", phase
        if self.phase == PICK and isinstance(action, (TakeDie, GiveDie)):
            return self._why_not_pick(action)
        if self.phase == TAKE and isinstance(action, TakeHeritage):
            where = C.area_name(self.source)
            if action.heritage not in _INDEX:
                return f"알 수 없는 유산입니다: {action.heritage}", "구성품"
            return f"{where}에 {attach(C.name(action.heritage), '이')} 없습니다", "2 - 지역 방문 b) 그 지역의 유산 1개"
        if self.phase == INN and isinstance(action, MoveHeritage):
            rule = "시설 보드 능력: 여관"
            if action.district == INN_DISTRICT:
                return "여관 능력으로는 여관(3번) 보드로 옮길 수 없습니다", rule
            if action.district not in C.DISTRICTS or not self.stacks[action.district - 1]:
                return "남아 있는 시설 보드로만 옮길 수 있습니다", rule
            return f"시장에 {attach(C.NAMES.get(action.heritage, action.heritage), '이')} 없습니다", rule
        if self.phase == WORKSHOP and isinstance(action, MoveSubmarine):
            rule = "시설 보드 능력: 작업장"
            if action.district == self.submarine:
                return "잠수함은 지금 있는 곳과 다른 시설 보드로 옮겨야 합니다", rule
            return "잠수함은 남아 있는 시설 보드(1~5번) 옆으로만 옮길 수 있습니다", rule
        if self.phase == LIBRARY and isinstance(action, SetDie):
            rule = "시설 보드 능력: 도서관 (잠정값)"
            if action.source not in C.AREAS or not self.dice[action.source - 1]:
                return "그 지역에는 남은 주사위가 없습니다", rule
            return "주사위는 다른 지역, 곧 남아 있는 시설이나 시장의 눈으로만 바꿀 수 있습니다", rule
        if self.phase == DONATION and isinstance(action, Donate):
            return "가진 유산 2개를 내야 기부할 수 있습니다", "이벤트 2. 기부"
        return f"지금은 {phase} 단계라 할 수 없는 행동입니다: {action}", phase

    def _why_not_pick(self, action) -> tuple:
        rule = "2 - 지역 방문: 중요"
        if isinstance(action, GiveDie):
            if self.num_players != 2:
                return "가상 플레이어는 2인 게임에만 있습니다", "7. 2인용 규칙"
            if self.gave[self.picker()]:
                return "가상 플레이어에게는 한 라운드에 주사위 1개만 줍니다", "7. 2인용 규칙"
        elif self.num_players == 2 and not self.gave[self.picker()] and self._own_picks(self.picker()) == 2:
            return "세 주사위 중 하나는 가상 플레이어에게 주어야 하므로 이 주사위는 가상 플레이어에게 줍니다", "7. 2인용 규칙"
        return "주사위가 없는 지역은 방문할 수 없습니다", rule

    # --- effects (one method per action class) -------------------------------------------
    def _do_RollDie(self, a):
        dice = self._own("dice")
        dice[self.area_of(a.face) - 1] += 1
        self.to_roll -= 1
        if not self.to_roll:
            self.phase = PICK

    def _do_RevealBoard(self, a):
        stack = self._own_row("stacks", a.district - 1)
        board = next(b for b in stack if self.board.hands[b] == a.hands)
        stack.remove(board)
        stack.insert(0, board)
        self.revealing = 0
        self._next_pick()

    def _do_TakeDie(self, a):
        self._visit(a.area, self.picker())

    def _do_GiveDie(self, a):
        self._own("gave")[self.picker()] = True
        self._visit(a.area, self.virtual())

    def _do_TakeHeritage(self, a):
        i = _INDEX[a.heritage]
        source = self.source
        if source == C.MARKET:
            pool = self._own("market")
        else:
            pool = self._own_row("pools", source - 1)
        pool[i] -= 1
        self._own_row("holdings", self.beneficiary)[i] += 1
        if source != C.MARKET and not any(pool):
            self.emptied = source
        self._own("steps").pop(0)
        self._advance()

    def _do_Reroll(self, a):
        ability = C.ABILITY[self.area]
        if ability == "jeweler" and a.face % 2:
            self._own("steps").insert(0, self.area)
        elif ability == "forge" and a.face == 6:
            self._own("steps").insert(0, C.MARKET if self.forge_source == "market" else FORGE_DISTRICT)
        self._advance()

    def _do_MoveHeritage(self, a):
        i = _INDEX[a.heritage]
        self._own("market")[i] -= 1
        self._own_row("pools", a.district - 1)[i] += 1
        self._advance()

    def _do_MoveSubmarine(self, a):
        self.submarine = a.district
        self._advance()

    def _do_SetDie(self, a):
        dice = self._own("dice")
        dice[a.source - 1] -= 1
        dice[a.target - 1] += 1
        self._advance()

    def _do_Donate(self, a):
        p = self.queue[0]
        held = self._own_row("holdings", p)
        for t in (a.first, a.second):
            i = _INDEX[t]
            held[i] -= 1
            if self.stacks[i]:
                self._own_row("pools", i)[i] += 1     # back onto its district's top board
            else:
                self._own("box")[i] += 1
        self._own("tokens")[p] += 1
        self._next_donor()

    def _do_EndDonation(self, a):
        self._own("queue").pop(0)
        self._next_donor()

    # --- a visit ---------------------------------------------------------------------------
    def _visit(self, area: int, beneficiary: int):
        self._own("dice")[area - 1] -= 1
        self._own("taken")[beneficiary] += 1
        self.area, self.beneficiary, self.emptied = area, beneficiary, 0
        steps = [area]
        if area == self.submarine:
            steps.append(area)                  # the submarine's extra heritage
        if area != C.MARKET:
            steps.append(0)                     # 0: the district's ability
        self.steps = steps
        self._fresh.add("steps")
        self._advance()

    def _advance(self):
        """Run the visit's pending steps up to the next decision or roll; end the visit when done."""
        steps = self.steps
        while steps:
            step = steps[0]
            if step:
                if any(self._pool(step)):
                    self.phase, self.source = TAKE, step
                    return
                self._own("steps").pop(0)
                steps = self.steps
                continue
            self._own("steps").pop(0)
            steps = self.steps
            if self._start_ability():
                return
        self._end_visit()

    def _start_ability(self) -> bool:
        """Enter the visited district's ability; False if it cannot be used (nothing happens)."""
        ability = C.ABILITY[self.area]
        phase = None
        if ability == "jeweler":
            phase = REROLL if any(self.pools[self.area - 1]) else None
        elif ability == "forge":
            source = C.MARKET if self.forge_source == "market" else FORGE_DISTRICT
            phase = REROLL if any(self._pool(source)) else None
        elif ability == "inn":
            phase = INN if any(self.market) and self._inn_targets() else None
        elif ability == "workshop":
            phase = WORKSHOP if self._submarine_targets() else None
        elif ability == "library" and self.board.library == "set_die":
            phase = LIBRARY if any(self._die_targets(s) for s in C.AREAS if self.dice[s - 1]) else None
        if phase is None:
            return False
        self.phase, self.source = phase, 0
        return True

    def _end_visit(self):
        if self.emptied:
            self._deplete(self.emptied)
        self.area, self.beneficiary, self.source, self.emptied = 0, -1, 0, 0
        self.picks += 1
        if self.revealing:
            self.phase = REVEAL
        else:
            self._next_pick()

    def _next_pick(self):
        if self.picks == self.total_picks():
            self._clock_step()
        else:
            self.phase = PICK

    def _deplete(self, district: int):
        """중간 점수 계산: the emptied top board goes to the leader; the heritage comes back."""
        i = district - 1
        have = [h[i] for h in self.holdings]
        stack = self._own_row("stacks", i)
        board = stack.pop(0)
        ranks = self.majority(C.HERITAGE[i])
        leaders = [s for s in self._seat_order() if ranks.get(s) == 1]
        if not leaders:
            self._own("boards_box").append(board)     # nobody holds any: the board leaves the game
        else:
            self._own_row("won", leaders[0]).append(board)
            for s in leaders[1:]:
                self._give_tokens(s, 3)
            for s, rank in ranks.items():
                if rank == 2:
                    self._give_tokens(s, 1)
        total = sum(have)
        for s, n in enumerate(have):
            if n:
                self._own_row("holdings", s)[i] = 0
        market = self._own("market")
        to_market = min(total, max(0, C.MARKET_START - market[i]))
        market[i] += to_market
        rest = total - to_market
        if stack:
            self._own_row("pools", i)[i] += rest
            if len({self.board.hands[b] for b in stack}) > 1:
                self.revealing = district     # which board comes up is a chance step of its own
            return
        box = self._own("box")                           # the third board is gone: the district retires
        box[i] += rest + market[i]
        market[i] = 0
        for d in range(len(C.DISTRICTS)):
            if self.pools[d][i]:
                box[i] += self.pools[d][i]
                self._own_row("pools", d)[i] = 0
        dice = self._own("dice")
        dice[C.MARKET - 1] += dice[i]
        dice[i] = 0

    def _seat_order(self) -> list:
        """Turn order from the visiting player; the virtual player last."""
        n = self.num_players
        order = [(self.picker() + k) % n for k in range(n)]
        return order + ([self.virtual()] if self.virtual() is not None else [])

    def _give_tokens(self, seat: int, n: int):
        if seat != self.virtual() or self.virtual_vp:
            self._own("tokens")[seat] += n

    # --- the clock and the end of a round ------------------------------------------------
    def _clock_step(self):
        last = next(a for a in C.AREAS if self.dice[a - 1])
        self.clock = min(self.clock + self.last_die_advance(last), self.board.last_space)
        if self.clock == self.board.last_space:
            self.phase = OVER
            return
        event = self.board.track[self.clock]
        if event.startswith("check:"):
            for s in self.majority(event[6:], second=False):
                self._give_tokens(s, 1)
        elif event == "donate":
            self.queue = [(self.first + k) % self.num_players for k in range(self.num_players)]
            self._fresh.add("queue")
            self.phase = DONATION
            self._next_donor()
            return
        self._end_round()

    def _next_donor(self):
        queue = self.queue
        while queue and sum(self.holdings[queue[0]]) < 2:
            self._own("queue").pop(0)
            queue = self.queue
        if queue:
            self.phase = DONATION
        else:
            self._end_round()

    def _end_round(self):
        self.first = (self.first + 1) % self.num_players
        self.round += 1
        self._start_round()

    def _start_round(self):
        """Every die in play goes back to the first player, who rolls them all."""
        self.to_roll = sum(self.dice) + sum(self.taken)
        self.dice = [0] * len(C.AREAS)
        self.taken = [0] * len(self.taken)
        self.gave = [False] * len(self.gave)
        self.picks = 0
        self.phase = ROLL

    # --- copying --------------------------------------------------------------------------
    def _copy(self) -> "State":
        new = State.__new__(State)
        new.__dict__ = dict(self.__dict__)
        new._legal = None
        new._fresh = set()
        return new

    def _own(self, field: str) -> list:
        """The list `field` of this new state, copied on its first change (the old state keeps its own)."""
        if field not in self._fresh:
            setattr(self, field, list(getattr(self, field)))
            self._fresh.add(field)
        return getattr(self, field)

    def _own_row(self, field: str, i: int) -> list:
        outer = self._own(field)
        key = (field, i)
        if key not in self._fresh:
            outer[i] = list(outer[i])
            self._fresh.add(key)
        return outer[i]
