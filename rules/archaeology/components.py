"""Component data of 아키올로지, loaded from components.json (each value with source and status)."""
import json
from importlib import resources

from rules.core import IllegalAction

DATA = json.loads(resources.files(__package__).joinpath("components.json").read_text(encoding="utf-8"))

TREASURES = tuple(DATA["treasures"])            # every treasure type, maps included
SPECIALS = tuple(DATA["specials"])              # thief, sandstorm, tent
RUINS = tuple(DATA["ruins"])
VARIANTS = {"long": "기나긴 탐험", "sand_hell": "모래 지옥", "lucky": "운 좋은 초심자"}
PLAYER_COUNTS = (2, 3, 4, 5)
HAND_SIZE = 4
MARKET_SIZE = 5
MINE_LIMIT = 5        # a mine dig stops the moment revealed trade value exceeds this
SPHINX_REVEAL = 5
SPHINX_NAMES = 2
TOMB_KEEP = 2

NAMES = {t: d["name"] for t, d in {**DATA["treasures"], **DATA["specials"]}.items()}
TRADE = {t: d["trade"]["value"] for t, d in DATA["treasures"].items()}
SALE = {t: tuple(d["sale"]["value"]) for t, d in DATA["treasures"].items()}
COPIES = {t: d["copies"]["value"] for t, d in {**DATA["treasures"], **DATA["specials"]}.items()}


def name(card: str) -> str:
    return NAMES[card]


def max_set(card: str) -> int:
    """Largest set of this type one museum sale may hold (the width of its printed table)."""
    return len(SALE[card])


def sale_value(card: str, count: int) -> int:
    return SALE[card][count - 1]


def ruin(key: str) -> dict:
    return DATA["ruins"][key]


def thieves(num_players: int, variants=()) -> int:
    n = DATA["thieves_by_players"]["value"][str(num_players)]
    return n + 1 if "long" in variants else n


def sandstorms(num_players: int, variants=()) -> int:
    if "sand_hell" in variants:
        return COPIES["sandstorm"]
    return DATA["sandstorms_by_players"][str(num_players)]["value"]


def sandstorms_unverified(num_players: int, variants=()) -> bool:
    """True where the sandstorm count in use is a 잠정값 (모래 지옥 uses all 6, a known count)."""
    return ("sand_hell" not in variants
            and DATA["sandstorms_by_players"][str(num_players)]["status"] == "unverified")


def treasures_in_play(num_players: int, variants=()) -> tuple:
    """Treasure types used at this player count (기나긴 탐험 puts the removed ones back)."""
    if "long" in variants:
        return TREASURES
    removed = DATA["removed_by_players"]["value"][str(num_players)]
    return tuple(t for t in TREASURES if t not in removed)


def chamber_treasures(num_players: int, variants=()) -> tuple:
    """Treasure types a ruin chamber can hold: chambers are filled before the maps join the deck."""
    return tuple(t for t in treasures_in_play(num_players, variants) if t != "map")


def tent_uses(variants=()) -> int:
    """모래 지옥 lets every tent be used twice (flipped on first use, removed on the second)."""
    return 2 if "sand_hell" in variants else 1


def check_options(num_players: int, ruin_key: str, variants) -> None:
    if num_players not in PLAYER_COUNTS:
        raise IllegalAction(f"플레이어 수는 2~5명이어야 합니다 (받은 값: {num_players})", "구성품")
    if ruin_key not in RUINS:
        raise IllegalAction(f"알 수 없는 유적입니다: {ruin_key}", "유적 타일")
    unknown = set(variants) - set(VARIANTS)
    if unknown:
        raise IllegalAction(f"알 수 없는 응용 규칙입니다: {', '.join(sorted(unknown))}", "응용 규칙")
    if "long" in variants and num_players > 3:
        raise IllegalAction("기나긴 탐험은 2~3인용 응용 규칙입니다", "응용 규칙 1. 기나긴 탐험")


def unverified() -> list:
    """Every value no source confirms: (what, value, note, where in components.json) rows for the 잠정값 page."""
    rows = []
    for key, d in DATA["treasures"].items():
        for field, label in (("copies", "수량"), ("trade", "교환 가치"), ("sale", "판매 가치 표")):
            entry = d[field]
            if entry["status"] == "unverified":
                rows.append((f"{d['name']} {label}", entry["value"], entry.get("note", _sources(entry)),
                             f"treasures → {key} → {field}"))
    for n, entry in DATA["sandstorms_by_players"].items():
        if entry["status"] == "unverified":
            rows.append((f"{n}인 게임의 모래 폭풍 수", entry["value"], entry.get("note", _sources(entry)),
                         f"sandstorms_by_players → {n}"))
    return rows


def provisional_values(kinds, field: str) -> list:
    """(name, value) of each kind's `field` ("trade", "sale") that no source confirms, in component order:
    what a figure computed from those kinds rests on."""
    kinds = set(kinds)
    return [(d["name"], d[field]["value"]) for key, d in DATA["treasures"].items()
            if key in kinds and d[field]["status"] == "unverified"]


def is_unverified(card: str, field: str) -> bool:
    return DATA["treasures"][card][field]["status"] == "unverified"


def _sources(entry: dict) -> str:
    return ", ".join(DATA["sources"][s] for s in entry["source"]) or "출처 없음"


def game_cards(num_players: int, variants=()) -> dict:
    """Copies of each card used in a game at this player count and these variants."""
    cards = {t: n for t, n in COPIES.items() if t in treasures_in_play(num_players, variants)}
    cards["thief"] = thieves(num_players, variants)
    cards["sandstorm"] = sandstorms(num_players, variants)
    cards["tent"] = num_players
    return cards
