"""Multisets of card types as plain dicts {type: count}, with no zero entries."""
from itertools import product


def add(ms: dict, card: str, n: int = 1) -> None:
    ms[card] = ms.get(card, 0) + n


def remove(ms: dict, card: str, n: int = 1) -> None:
    left = ms[card] - n
    if left < 0:
        raise KeyError(card)
    if left:
        ms[card] = left
    else:
        del ms[card]


def size(ms: dict) -> int:
    return sum(ms.values())


def frozen(ms: dict) -> tuple:
    """Hashable, sorted form used inside actions: ((type, count), ...)."""
    return tuple(sorted((c, n) for c, n in ms.items() if n))


def sub_multisets(ms: dict, k: int):
    """Every sub-multiset of exactly k cards, as frozen tuples (small k and few types only)."""
    cards = sorted(ms)
    for counts in product(*(range(min(ms[c], k) + 1) for c in cards)):
        if sum(counts) == k:
            yield tuple((c, n) for c, n in zip(cards, counts) if n)
