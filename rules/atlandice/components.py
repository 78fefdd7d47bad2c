"""Component data of 아틀란다이스, loaded from components.json (each value with source and status).

The printed board facts no source gives (clock-hand icons of the 15 district boards, the black
market's advance, the clock track, the 도서관 ability) live in the file's "board" section. They are
checked on load by board_from_values(), which also builds the engine's data from any dict of the
same shape: a page can try other values, a test can draw random valid ones.
"""
import json
from importlib import resources

from rules.core import IllegalAction

DATA = json.loads(resources.files(__package__).joinpath("components.json").read_text(encoding="utf-8"))

HERITAGE = tuple(DATA["heritage"])                 # gem, book, food, tool, weapon: index = district - 1
NAMES = {t: d["name"] for t, d in DATA["heritage"].items()}
COPIES = {t: d["copies"]["value"] for t, d in DATA["heritage"].items()}
DISTRICTS = (1, 2, 3, 4, 5)
MARKET = 6                                        # the 시장 (암시장): where 6s lie, no ability
AREAS = DISTRICTS + (MARKET,)
AREA_NAMES = {int(k): d["name"] for k, d in DATA["districts"].items()}
ABILITY = {int(k): d["ability"] for k, d in DATA["districts"].items()}
DISTRICT_HERITAGE = {int(k): d["heritage"] for k, d in DATA["districts"].items() if d["heritage"]}
BOARDS_PER_DISTRICT = DATA["boards_per_district"]["value"]
DICE = DATA["dice"]["value"]
MARKET_START = DATA["market_start"]["value"]
SUBMARINE_START = DATA["submarine_start"]["value"]
PLAYER_COUNTS = tuple(int(n) for n in DATA["dice_by_players"]["value"])
BOARD_COUNT = len(DISTRICTS) * BOARDS_PER_DISTRICT
BOARD_LETTERS = "abc"
FORGE_SOURCES = {"market": "능력 설명대로 시장에서", "district": "알렉스 예시대로 대장간에서"}
LIBRARY_ABILITIES = {"set_die": "남은 주사위 1개의 눈을 바꿔 그 지역으로 옮김 (비공식 추정)", "none": "능력 없음"}
LIBRARY_NAMES = {"set_die": "주사위 바꾸기", "none": "능력 없음"}   # short names for sentences
# What each board value is called in front of people (messages, pages, the correction form); the
# machine keys stay in the data file.
BOARD_LABELS = {"clock_hands": "시설 보드 15장의 시곗바늘 아이콘", "black_market_hands": "시장의 시계 전진",
                "clock_track": "시계 칸", "library_ability": "도서관 능력"}
EVENT_NAMES = {"": "이벤트 없음", "start": "시작 칸", "wave": "파도 칸 (게임 종료)", "donate": "기부"}
HANDS_RANGE = (1, 3)                              # icons per district board (S4, S8)
BOARD_KEYS = ("clock_hands", "black_market_hands", "clock_track", "library_ability")
RULE = "구성품 자료 (게임판과 시설 보드에 인쇄된 값)"
WORKSHOP = 4
L103 = "작업장의 능력은 모두 똑같고 표시된 시계 바늘 아이콘의 숫자가 다릅니다."   # seed line 103, verbatim


def name(heritage: str) -> str:
    return NAMES[heritage]


def area_name(area: int) -> str:
    return AREA_NAMES[area]


def board_id(district: int, index: int) -> str:
    """The three boards of district d are 'da', 'db', 'dc' (as listed in clock_hands)."""
    return f"{district}{BOARD_LETTERS[index]}"


def board_ids(district: int) -> tuple:
    return tuple(board_id(district, i) for i in range(BOARDS_PER_DISTRICT))


def board_district(board: str) -> int:
    return int(board[0])


def dice_in_play(num_players: int) -> int:
    return DATA["dice_by_players"]["value"][str(num_players)]


def heritage_per_stack(num_players: int) -> int:
    return DATA["heritage_per_stack"]["value"][str(num_players)]


def event_name(event: str) -> str:
    if event.startswith("check:"):
        return f"확인: {name(event[6:])}"
    return EVENT_NAMES[event]


class Board:
    """The engine's view of the printed board data (validated, immutable)."""

    __slots__ = ("hands", "black_market_hands", "track", "library", "_values")

    def __init__(self, values: dict):
        self._values = json.loads(json.dumps(values))          # a private deep copy
        self.hands = {board_id(d, i): h for d in DISTRICTS
                      for i, h in enumerate(values["clock_hands"][str(d)])}
        self.black_market_hands = values["black_market_hands"]
        self.track = tuple(values["clock_track"])
        self.library = values["library_ability"]

    @property
    def last_space(self) -> int:
        return len(self.track) - 1

    def values(self) -> dict:
        """The plain values dict this board was built from (a fresh copy)."""
        return json.loads(json.dumps(self._values))

    def __eq__(self, other):
        return isinstance(other, Board) and self._values == other._values

    def __hash__(self):
        return hash(json.dumps(self._values, sort_keys=True))


def board_from_values(values) -> Board:
    """Check a dict of board values and build the engine's data from it.

    `values` has the keys of components.json's "board" section, each a plain value
    (e.g. {"clock_hands": {"1": [1, 2, 3], ...}, "black_market_hands": 1,
    "clock_track": ["start", "", "check:gem", ..., "wave"], "library_ability": "set_die"}).
    A Board is returned as it is. Raises IllegalAction with a Korean message saying what is wrong.
    """
    if isinstance(values, Board):
        return values
    if not isinstance(values, dict):
        raise IllegalAction("보드 자료는 항목마다 값을 적은 묶음이어야 합니다", RULE)
    missing = [k for k in BOARD_KEYS if k not in values]
    if missing:
        raise IllegalAction(f"보드 자료에 항목이 없습니다: {', '.join(BOARD_LABELS[k] for k in missing)}", RULE)
    unknown = sorted(set(values) - set(BOARD_KEYS))
    if unknown:
        raise IllegalAction(f"보드 자료에 알 수 없는 항목이 있습니다 ({', '.join(map(repr, unknown))})", RULE)
    _check_hands(values["clock_hands"])
    _check_black_market(values["black_market_hands"])
    _check_track(values["clock_track"])
    if values["library_ability"] not in LIBRARY_ABILITIES:
        raise IllegalAction(f"도서관 능력은 {' 또는 '.join(LIBRARY_NAMES.values())} 중 하나여야 합니다. 실물의 능력이 "
                            f"이 둘과 다르면 엔진에 그 능력을 새로 넣어야 합니다 (받은 값: {values['library_ability']!r})",
                            RULE)
    return Board(values)


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_hands(hands) -> None:
    lo, hi = HANDS_RANGE
    if not isinstance(hands, dict) or set(hands) != {str(d) for d in DISTRICTS}:
        raise IllegalAction("시곗바늘 아이콘 수는 시설 1~5번마다 하나씩 있어야 합니다", RULE)
    for d in DISTRICTS:
        row = hands[str(d)]
        if not isinstance(row, list) or len(row) != BOARDS_PER_DISTRICT:
            raise IllegalAction(f"시곗바늘 아이콘 수: {d}번({area_name(d)})에는 보드 {BOARDS_PER_DISTRICT}장의 "
                                f"값을 차례로 적어야 합니다 (받은 값: {row!r})", RULE)
        for i, h in enumerate(row):
            if not _is_int(h) or not lo <= h <= hi:
                raise IllegalAction(f"{area_name(d)} 보드 {board_id(d, i)}의 시곗바늘 아이콘 수는 {lo}~{hi} 사이의 "
                                    f"정수여야 합니다 (받은 값: {h!r})", RULE)
    row = hands[str(WORKSHOP)]
    if len(set(row)) == 1:
        # L103 says it of the 작업장 only; the other districts are not held to it (READINGS['boards_same_ability']).
        raise IllegalAction(f"작업장 보드 3장의 시곗바늘 아이콘 수가 모두 {row[0]}개로 같습니다. 원문 103행은 "
                            f"“{L103}”라고 하므로 작업장 보드끼리는 아이콘 수가 달라야 합니다", RULE)


def _check_black_market(n) -> None:
    if not _is_int(n) or n < 1:
        raise IllegalAction(f"시장의 시계 전진 칸 수는 1 이상의 정수여야 합니다 (받은 값: {n!r})", RULE)


def _check_track(track) -> None:
    if not isinstance(track, list) or len(track) < 2:
        raise IllegalAction("시계 칸은 시작 칸과 파도 칸을 포함해 2칸 이상이어야 합니다", RULE)
    if track[0] != "start":
        raise IllegalAction(f"시계의 첫 칸은 시작 칸(화살표 칸)이어야 합니다 (받은 값: {_space_name(track[0])})", RULE)
    if track[-1] != "wave":
        raise IllegalAction(f"시계의 마지막 칸은 파도 칸이어야 합니다 (받은 값: {_space_name(track[-1])})", RULE)
    for i, space in enumerate(track[1:-1], start=1):
        ok = space in ("", "donate") or (isinstance(space, str) and space.startswith("check:")
                                         and space[6:] in HERITAGE)
        if not ok:
            raise IllegalAction(f"시계의 {i + 1}번째 칸을 알 수 없습니다: 이벤트 없는 칸, 기부, 유산의 확인 칸 중 "
                                f"하나여야 합니다 (받은 값: {space!r})", RULE)


def _space_name(space) -> str:
    """A clock space as people call it, for messages ('start' -> '시작 칸'); anything else quoted as given."""
    try:
        return f"'{event_name(space)}'"
    except (KeyError, TypeError, AttributeError):
        return repr(space)


def board_warnings(values) -> list:
    """Korean warnings for valid values that disagree with a worked example of the seed: a warning, not a
    refusal, because an example illustrates a rule and the real board outranks it."""
    warnings = []
    if 2 not in values["clock_hands"][str(3)]:
        warnings.append("여관(3번) 보드 3장 중 시곗바늘 아이콘이 2개인 보드가 없습니다. 원문 70~72행의 예시(“3번 시설 보드에 "
                        "표시된 시곗바늘을 확인합니다. … 시곗바늘을 앞으로 2칸 움직입니다.”)는 2개인 여관 보드를 보여 줍니다. "
                        "실물이 정말 그렇다면 이대로 두어도 됩니다")
    return warnings


def board_values() -> dict:
    """The values of components.json's "board" section as a plain dict (a fresh copy)."""
    return {k: json.loads(json.dumps(DATA["board"][k]["value"])) for k in BOARD_KEYS}


def random_board_values(rng) -> dict:
    """A random valid set of board values (for tests and for 'what if' pages)."""
    length = rng.randint(2, 30)
    spaces = [""] * 3 + ["donate"] + [f"check:{t}" for t in HERITAGE]
    return {
        "clock_hands": {str(d): _random_row(rng, d) for d in DISTRICTS},
        "black_market_hands": rng.randint(1, 4),
        "clock_track": ["start"] + [rng.choice(spaces) for _ in range(length - 2)] + ["wave"],
        "library_ability": rng.choice(sorted(LIBRARY_ABILITIES)),
    }


def _random_row(rng, district: int) -> list:
    lo, hi = HANDS_RANGE
    while True:
        row = [rng.randint(lo, hi) for _ in range(BOARDS_PER_DISTRICT)]
        if district != WORKSHOP or len(set(row)) > 1:          # L103: the 작업장 boards differ
            return row


BOARD = board_from_values(board_values())   # components.json itself is checked on import


def check_options(num_players: int, forge_source: str) -> None:
    if num_players not in PLAYER_COUNTS:
        raise IllegalAction(f"플레이어 수는 2~4명이어야 합니다 (받은 값: {num_players})", "구성품")
    if forge_source not in FORGE_SOURCES:
        raise IllegalAction(f"대장간 읽기는 {' 또는 '.join(FORGE_SOURCES.values())} 중 하나여야 합니다 "
                            f"(받은 값: {forge_source!r})", "시설 보드 능력: 대장간")


def unverified() -> list:
    """Every value no source confirms: (what, value, note) rows for the 잠정값 page."""
    labels = {"clock_hands": "시설 보드별 시곗바늘 아이콘 수", "black_market_hands": "시장(암시장)에 남은 주사위의 시계 전진 칸 수",
              "clock_track": "시계 칸 배치 (칸 수, 확인·기부 이벤트 위치)", "library_ability": "도서관 능력"}
    rows = []
    for key in BOARD_KEYS:
        entry = DATA["board"][key]
        if entry["status"] == "unverified":
            rows.append((labels[key], entry["value"], entry.get("note", _sources(entry))))
    return rows


def is_unverified(key: str) -> bool:
    return DATA["board"][key]["status"] == "unverified"


def _sources(entry: dict) -> str:
    return ", ".join(DATA["sources"][s] for s in entry["source"]) or "출처 없음"
