"""Multisets of card types as plain dicts {type: count}, with no zero entries."""


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
    """Every sub-multiset of exactly k cards, as frozen tuples, in the order of their counts (the first
    type's count first, lowest first). Only counts that can still add up to k are tried."""
    cards = sorted(ms)
    room = [0] * (len(cards) + 1)       # room[i]: the cards of the types from i on
    for i in range(len(cards) - 1, -1, -1):
        room[i] = room[i + 1] + ms[cards[i]]

    def rest(i, k):
        if k == 0:
            yield ()
        elif room[i] >= k > 0:
            c = cards[i]
            for n in range(min(ms[c], k) + 1):
                for tail in rest(i + 1, k - n):
                    yield ((c, n),) + tail if n else tail

    return rest(0, k)
