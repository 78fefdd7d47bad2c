"""Korean particles chosen from the word they follow: every game's player-facing text goes through here.

A particle after a word depends on whether the word's last sound has a final consonant (받침):
"마법사 결투가를", "주사위가 1로", "6으로", "카드를", "유물을". Text that says 을(를) or (으)로 makes the
reader choose, so no page or button writes them; `attach(word, "을")` writes the right one instead.
"""
import re

# Each particle: (after a final consonant, after a vowel). 으로/로 is the one exception: after ㄹ it is 로.
_PAIRS = [("을", "를"), ("이", "가"), ("은", "는"), ("과", "와"), ("으로", "로"), ("이나", "나"),
          ("이라", "라"), ("이랑", "랑"), ("아", "야"), ("이다", "다"), ("이에요", "예요"), ("이며", "며")]
_FORMS = {form: pair for pair in _PAIRS for form in pair}

_HANGUL_FIRST, _HANGUL_LAST = 0xAC00, 0xD7A3
_RIEUL = 8   # index of ㄹ among the 28 final-consonant slots (0 = none)

# How a digit is read at the end of a number (일, 이, 삼, ...), and the final consonant of that reading.
_DIGIT_FINAL = {"0": 21, "1": _RIEUL, "2": 0, "3": 16, "4": 0, "5": 0, "6": 1, "7": _RIEUL, "8": _RIEUL, "9": 0}
# 십, 백, 천: a number ending in zeros is read with its unit; 만 and every larger unit end in ㄴ or ㄱ.
_UNIT_FINAL = {1: 17, 2: 1, 3: 4}
_OTHER_FINAL = {"½": 4, "%": 0}   # 반, 퍼센트
# Latin letters as read in Korean: 엘, 엠, 엔, 알 end in a consonant; 에이, 비, 씨, ... do not.
_LETTER_FINAL = {"l": _RIEUL, "m": 16, "n": 4, "r": _RIEUL}

_TRAILING = re.compile(r"(\s*\([^()]*\)|[\s\"'”’」』》〉\]\.…!?])+$")


def _final(word: str) -> int:
    """The final-consonant slot (0 = a vowel) of the sound `word` ends with; ValueError if it cannot be read."""
    text = _TRAILING.sub("", str(word))
    if not text:
        raise ValueError(f"조사를 붙일 낱말이 없습니다: {word!r}")
    last = text[-1]
    if _HANGUL_FIRST <= ord(last) <= _HANGUL_LAST:
        return (ord(last) - _HANGUL_FIRST) % 28
    if last in _DIGIT_FINAL:
        digits = re.search(r"[0-9]+$", text).group()
        zeros = len(digits) - len(digits.rstrip("0"))
        if zeros and digits.strip("0"):
            return _UNIT_FINAL.get(zeros, 4)
        return _DIGIT_FINAL[last]
    if last in _OTHER_FINAL:
        return _OTHER_FINAL[last]
    if last.isascii() and last.isalpha():
        return _LETTER_FINAL.get(last.lower(), 0)
    raise ValueError(f"조사를 고를 수 없는 낱말입니다: {word!r}")


def particle(word, form: str) -> str:
    """The particle `form` (either of its two spellings, e.g. "을" or "를") that fits after `word`."""
    after_consonant, after_vowel = _FORMS[form]
    final = _final(word)
    if after_consonant == "으로":
        return "으로" if final and final != _RIEUL else "로"
    return after_consonant if final else after_vowel


def attach(word, form: str) -> str:
    """`word` followed by the particle that fits it: attach("마법사 결투가", "을") == "마법사 결투가를"."""
    return f"{word}{particle(word, form)}"
