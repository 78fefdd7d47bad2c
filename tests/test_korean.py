"""The particle helper: every component name and number gets a definite, right particle."""
import json
from pathlib import Path

import pytest

from rules import GAMES
from rules.core.korean import attach, particle

ROOT = Path(__file__).resolve().parent.parent


def component_names(games=GAMES) -> list:
    """Every "name" in these games' component data files, plus the games' own names."""
    names = {GAMES[g] for g in games}

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "name" and isinstance(value, str):
                    names.add(value)
                elif key == "name" and isinstance(value, dict) and isinstance(value.get("value"), str):
                    names.add(value["value"])
                else:
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    for game in games:
        walk(json.loads((ROOT / "rules" / game / "components.json").read_text(encoding="utf-8")))
    return sorted(names)


def read_number(n: int) -> str:
    """How a number is read aloud (Sino-Korean), written independently of the helper: 21 -> 이십일."""
    digits = "영일이삼사오육칠팔구"
    if n == 0:
        return "영"
    words = []
    if n >= 10000:
        return read_number(n // 10000).removeprefix("일") + "만" + (read_number(n % 10000) if n % 10000 else "")
    for value, unit in ((1000, "천"), (100, "백"), (10, "십"), (1, "")):
        d = n // value % 10
        if d:
            words.append(("" if d == 1 and unit else digits[d]) + unit)
    return "".join(words)


def has_final(syllable: str) -> bool:
    return (ord(syllable) - 0xAC00) % 28 != 0


def test_every_component_name_takes_a_definite_particle():
    names = component_names()
    assert len(names) > 100, "every game's component names are read"
    for name in names:
        for form in ("을", "이", "은", "과", "으로"):
            result = attach(name, form)
            assert result.startswith(name) and "(" not in result[len(name):], (name, form, result)


def test_numbers_take_the_particle_of_how_they_are_read():
    for n in range(0, 10001):
        spoken = read_number(n)[-1]
        final = has_final(spoken)
        rieul = (ord(spoken) - 0xAC00) % 28 == 8
        assert (particle(n, "을"), particle(n, "이"), particle(str(n), "으로")) == (
            "을" if final else "를", "이" if final else "가", "으로" if final and not rieul else "로"), n


@pytest.mark.parametrize("word, form, expected", [
    ("마법사 결투가", "을", "마법사 결투가를"),      # the button the issue quotes
    ("1", "으로", "1로"),                          # "주사위 하나가 1로 나왔습니다"
    ("6", "으로", "6으로"),
    ("유물", "를", "유물을"),                      # either spelling asks for the same particle
    ("길", "으로", "길로"),                        # ㄹ takes 로
    ("강", "로", "강으로"),
    ("마체테", "와", "마체테와"),
    ("베이스캠프", "은", "베이스캠프는"),
    ("B1", "이", "B1이"),                          # 비일
    ("1a", "이", "1a가"),                          # 일에이
    ("용 굴레 (돌림)", "을", "용 굴레 (돌림)를"),  # a parenthesis after a word does not change its particle
    ("'낙원'", "과", "'낙원'과"),
    ("½", "이", "½이"),                            # 반
])
def test_examples(word, form, expected):
    assert attach(word, form) == expected


def test_a_word_it_cannot_read_is_an_error_not_a_guess():
    for word in ("", "#", "  "):
        with pytest.raises(ValueError):
            attach(word, "을")
