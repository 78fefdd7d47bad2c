"""Component data of 엘도라도, loaded from components.json (each value with source and status)."""
import json
from importlib import resources

DATA = json.loads(resources.files(__package__).joinpath("components.json").read_text(encoding="utf-8"))

PLAYER_COUNTS = (2, 3, 4)
HAND_SIZE = DATA["hand_size"]["value"]
MARKET_SLOTS = DATA["market_slots"]["value"]
TOKENS_PER_CAVE = DATA["cave_tokens_per_cave"]["value"]

CARDS = tuple(DATA["cards"])
NAMES = {c: d["name"]["value"] for c, d in DATA["cards"].items()}
_STATS = {c: d["stats"]["value"] for c, d in DATA["cards"].items()}
COLOUR = {c: s["colour"] for c, s in _STATS.items()}
POWER = {c: s["power"] for c, s in _STATS.items()}
COST = {c: s["cost"] for c, s in _STATS.items()}
SINGLE_USE = {c: s["single_use"] for c, s in _STATS.items()}
STARTER_DECK = DATA["starter_deck"]["value"]
STARTERS = tuple(STARTER_DECK)
MARKET_CARDS = tuple(c for c in CARDS if c not in STARTER_DECK)
START_MARKET = tuple(DATA["start_market"]["value"])
RESERVE = tuple(c for c in MARKET_CARDS if c not in START_MARKET)
MARKET_COPIES = {c: _STATS[c]["copies"] for c in MARKET_CARDS}
PURPLE = tuple(c for c in CARDS if COLOUR[c] == "purple")

# Terrain -> the symbol that pays for it; colour of a power card -> its symbols.
SYMBOL_OF = {"jungle": "machete", "village": "coin", "river": "paddle"}
SYMBOLS = ("machete", "paddle", "coin")
CARD_SYMBOLS = {"green": ("machete",), "blue": ("paddle",), "yellow": ("coin",), "white": SYMBOLS, "purple": ()}
TERRAIN_NAMES = {"jungle": "정글", "village": "마을", "river": "강", "rubble": "자갈밭", "basecamp": "베이스캠프",
                 "mountain": "산", "start": "시작 칸"}
SYMBOL_NAMES = {"machete": "마체테", "paddle": "노", "coin": "금화"}
CODE_TERRAIN = {"J": "jungle", "V": "village", "W": "river", "R": "rubble", "B": "basecamp", "M": "mountain",
                "S": "start"}

TOKEN_COUNTS = DATA["cave_tokens"]["value"]
TOKENS = tuple(TOKEN_COUNTS)
TOKEN_POWER = {t: (t.rstrip("0123456789"), int(t[-1])) for t in TOKENS if t[-1].isdigit()}  # machete2 -> (machete, 2)
TOKEN_NAMES = {"draw": "카드 뽑기", "remove": "카드 제거", "replace": "카드 교체", "keep_item": "도구 보존",
               "pass_occupied": "말 통과", "native": "원주민", "change_symbol": "기호 바꾸기",
               **{t: f"{SYMBOL_NAMES[s]} {n}" for t, (s, n) in TOKEN_POWER.items()}}

BLOCKADES = {b["no"]: (b["terrain"], b["req"]) for b in DATA["blockades"]["value"]}
FINISH = DATA["finish"]["value"]
PATHS = {k: d["value"] for k, d in DATA["paths"].items()}
DOUBLE_SIDED = tuple(tuple(p) for p in DATA["double_sided"]["value"])
LARGE = frozenset(s for pair in DOUBLE_SIDED[:7] for s in pair)     # A..N (A/B: the start tile)
STRIPS = frozenset(s for pair in DOUBLE_SIDED[7:] for s in pair)    # O..R


def _side_hexes(letter: str) -> dict:
    """{(q, r): code} of one tile side in its own frame."""
    rows = DATA["sides"][letter]["value"]
    first_r = -3 if letter in LARGE else -1
    out = {}
    for i, row in enumerate(rows):
        r = first_r + i
        q0 = max(-3, -3 - r) if letter in LARGE else (-2 if r == -1 else -3)
        for j, code in enumerate(row.split()):
            out[(q0 + j, r)] = code
    return out


SIDES = {letter: _side_hexes(letter) for letter in DATA["sides"]}
CAVES = {k: [tuple(h) for h in v] for k, v in DATA["caves"]["value"].items()}
START_SPACES = {k: {int(n): tuple(h) for n, h in v.items()} for k, v in DATA["start_spaces"]["value"].items()}


def name(card: str) -> str:
    return NAMES[card]


def token_name(token: str) -> str:
    return TOKEN_NAMES[token]


def symbols(card: str) -> tuple:
    return CARD_SYMBOLS[COLOUR[card]]


def coin_halves(card: str) -> int:
    """What a card is worth when buying, in half coins: yellow and white cards their power, others 1/2."""
    return 2 * POWER[card] if COLOUR[card] in ("yellow", "white") else 1


def all_components() -> dict:
    """Every component of the box: cards, cave tokens and blockades."""
    comp = {c: 4 * n for c, n in STARTER_DECK.items()}
    comp.update(MARKET_COPIES)
    comp.update({f"token:{t}": n for t, n in TOKEN_COUNTS.items()})
    comp.update({f"blockade:{b}": 1 for b in BLOCKADES})
    return comp


def unverified() -> list:
    """Every value no source confirms: (what, value, note) rows for the 잠정값 page."""
    rows = []
    for c, d in DATA["cards"].items():
        for field, label in (("name", "이름"), ("stats", "능력치")):
            if d[field]["status"] == "unverified":
                rows.append((f"{NAMES[c]} 카드 {label}", d[field]["value"], d[field].get("note", _sources(d[field]))))
    for key, label in (("start_spaces", "출발 타일 시작 칸 번호"), ("caves", "동굴 위치"), ("blockades", "장애물 번호"),
                       ("cave_tokens", "동굴 토큰 종류별 수")):
        entry = DATA[key]
        if entry["status"] == "unverified":
            rows.append((label, entry["value"], entry.get("note", _sources(entry))))
    for d in DATA["paths"].values():
        if d["status"] == "unverified":
            rows.append((f"길: {d['value']['name']}", d["value"]["pieces"], d.get("note", _sources(d))))
    return rows


def _sources(entry: dict) -> str:
    return ", ".join(DATA["sources"][s] for s in entry["source"]) or "출처 없음"
