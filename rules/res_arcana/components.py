"""Component data of 레즈 아르카나, loaded from components.json (each value with source and status)."""
import json
from importlib import resources

from rules.core import IllegalAction

DATA = json.loads(resources.files(__package__).joinpath("components.json").read_text(encoding="utf-8"))

ESSENCES = ("E", "L", "C", "D", "G")          # 활기, 생명, 평온, 죽음, 금
NON_GOLD = "ELCD"
ESSENCE_NAMES = DATA["essences"]["value"]
PLAYER_COUNTS = (2, 3, 4)
RULES = {k: d["value"] for k, d in DATA["rules"].items()}
WIN_VP = RULES["win_vp"]
HAND_SIZE = RULES["hand_size"]
DECK_SIZE = RULES["deck_size"]
MAGES_DEALT = RULES["mages_dealt"]
FACE_UP_MONUMENTS = RULES["face_up_monuments"]
MONUMENT_COST = RULES["monument_cost"]
TOKEN_VP = RULES["token_vp"]
LIFE_LOSS_OTHER = RULES["life_loss_other"]
LOOK_COUNT = RULES["look_count"]
SUPPLY = RULES["essence_supply"]
FIRST_GAME_PLACES = tuple(DATA["first_game"]["places"]["value"])
STARTER_SETS = {int(k): (m, tuple(a)) for k, (m, a) in DATA["first_game"]["starter_sets"]["value"].items()}
VARIANTS = {"first_game": "첫 게임 (시작 세트와 첫 게임용 면)", "draft": "드래프트"}

COMPONENTS = DATA["components"]
KIND = {c: d["kind"] for c, d in COMPONENTS.items()}
MAGES = tuple(c for c, k in KIND.items() if k == "mage")
ITEMS = tuple(c for c, k in KIND.items() if k == "item")
MONUMENTS = tuple(c for c, k in KIND.items() if k == "monument")
PLACES = tuple(c for c, k in KIND.items() if k == "place")
ARTIFACTS = tuple(c for c, k in KIND.items() if k == "artifact")
NAMES = {c: d["name"]["value"] for c, d in COMPONENTS.items()}
EN = {c: d["en"] for c, d in COMPONENTS.items()}
_NO_COST = {"value": {}}
COST = {c: {e: n for e, n in d.get("cost", _NO_COST)["value"].items() if n} for c, d in COMPONENTS.items()}
VP = {c: d["vp"]["value"] for c, d in COMPONENTS.items()}
TYPES = {c: tuple(d["types"]["value"]) if "types" in d else () for c, d in COMPONENTS.items()}
COLLECT = {c: d["collect"]["value"] for c, d in COMPONENTS.items() if "collect" in d}
# each power with its essence cost split once (fixed part, any-part) for the legality checks
POWERS = {c: [dict(p, fix={e: n for e, n in p["cost"].items() if e != "any"}, any=p["cost"].get("any", 0))
              for p in d["powers"]["value"]] for c, d in COMPONENTS.items() if "powers" in d}
DISCOUNTS = {c: d["discount"]["value"] for c, d in COMPONENTS.items() if "discount" in d}
VP_ON = {c: d["vp_on"]["value"] for c, d in COMPONENTS.items() if "vp_on" in d}
ON_CLAIM = {c: d["on_claim"]["value"] for c, d in COMPONENTS.items() if "on_claim" in d}
FIX = {c: {e: n for e, n in cost.items() if e != "any"} for c, cost in COST.items()}     # fixed essences
WFIX = {c: {e: n for e, n in fix.items() if e != "G"} for c, fix in FIX.items()}        # discountable part
ANY = {c: cost.get("any", 0) for c, cost in COST.items()}
TILES = {}
for _c in PLACES:
    TILES.setdefault(COMPONENTS[_c]["tile"]["value"], {})[COMPONENTS[_c]["side"]["value"]] = _c
TILES = {t: (s["A"], s["B"]) for t, s in sorted(TILES.items())}
ALL = MAGES + ITEMS + MONUMENTS + PLACES + ARTIFACTS


def name(c: str) -> str:
    return NAMES.get(c, c)


def ess(e: str) -> str:
    return ESSENCE_NAMES.get(e, e)


def is_dragon(c: str) -> bool:
    return "dragon" in TYPES[c]


def is_creature(c: str) -> bool:
    return "creature" in TYPES[c]


def cost_total(c: str) -> int:
    """Every essence printed in the placement cost, 'any' included (제물 단검, 제물 구멍, ...)."""
    return sum(COST[c].values())


def cost_text(cost: dict) -> str:
    parts = [f"{ess(e)} {cost[e]}" for e in ESSENCES if cost.get(e)]
    if cost.get("any"):
        parts.append(f"원하는 정수 {cost['any']}")
    return " + ".join(parts) or "정수 없음"


def check_options(num_players: int, variants) -> None:
    if num_players not in PLAYER_COUNTS:
        raise IllegalAction(f"플레이어 수는 2~4명이어야 합니다 (받은 값: {num_players})", "게임 개요")
    unknown = set(variants) - set(VARIANTS)
    if unknown:
        raise IllegalAction(f"알 수 없는 응용 규칙입니다: {', '.join(sorted(unknown))}", "게임 준비")
    if {"first_game", "draft"} <= set(variants):
        raise IllegalAction("첫 게임 시작 세트와 드래프트는 함께 쓸 수 없습니다", "게임 준비")


def _sources(entry: dict) -> str:
    return ", ".join(DATA["sources"][s] for s in entry["source"]) or "출처 없음"


def unverified() -> list:
    """Every value no source confirms: (what, value, note) rows for the 잠정값 page."""
    rows = []
    for key, entry in DATA["rules"].items():
        if entry["status"] == "unverified":
            rows.append((f"규칙 값 {key}", entry["value"], entry.get("note", _sources(entry))))
    for key, entry in DATA["first_game"].items():
        if entry["status"] == "unverified":
            label = {"places": "첫 게임용 마력의 장소 면", "starter_sets": "첫 게임 시작 세트"}.get(key, f"첫 게임 {key}")
            rows.append((label, entry["value"], entry.get("note", _sources(entry))))
    labels = {"name": "한국어 이름", "cost": "비용", "vp": "승점", "types": "종류", "collect": "수집 능력",
              "powers": "마력", "discount": "할인 능력", "vp_on": "승점 계산식", "on_claim": "가져올 때 효과"}
    for c, d in COMPONENTS.items():
        for field, label in labels.items():
            entry = d.get(field)
            if entry and entry["status"] == "unverified":
                rows.append((f"{NAMES[c]} ({EN[c]}) {label}", entry["value"], entry.get("note", _sources(entry))))
    return rows


def is_unverified(c: str, field: str) -> bool:
    entry = COMPONENTS[c].get(field)
    return bool(entry) and entry["status"] == "unverified"
