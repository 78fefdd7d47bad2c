"""A game from what a real table dealt (the café's 테이블 page): the places of power, the face-up monuments
and each seat's cards, checked the way the rulebook's 게임 준비 deals them. The monument deck's order stays
unknown (each monument drawn is a chance step), and so does the order each seat's deck is drawn in."""
from rules.core import IllegalAction
from rules.core.korean import attach
from rules.res_arcana import components as C
from rules.res_arcana.setup import from_deal, starter_cards, starter_mages
from rules.res_arcana.state import State

WHY = "게임 준비"


def seat_counts(variants) -> tuple:
    """(mages, artifacts) a seat is dealt: the first game gives the mage and 3 cards of a starter set and
    deals only the 5 face-down deck cards."""
    if "first_game" in variants:
        return 0, C.DECK_SIZE - C.HAND_SIZE
    return C.MAGES_DEALT, C.DECK_SIZE


def dealt_game(num_players: int, places, monuments, mages, artifacts, variants=(), first_player: int = 0) -> State:
    """The game the table dealt, at its first decision.

    places: one side of each of the 5 tiles (the first game: its fixed sides, or None). monuments: the 2
    face-up monuments. mages, artifacts: per seat, the 2 mages and 8 artifacts dealt (the first game: no
    mages, the 5 deck cards; the draft: the first packet of 4, then the second).
    A deal the rules cannot make raises IllegalAction with the reason in Korean.
    """
    variants = sorted(set(variants))
    C.check_options(num_players, variants)
    n = num_players
    first_game = "first_game" in variants
    places = list(C.FIRST_GAME_PLACES) if first_game and not places else list(places or ())
    _check_places(places, first_game)
    monuments = list(monuments or ())
    _check_kind(monuments, "monument", "기념물")
    if len(monuments) != C.FACE_UP_MONUMENTS or len(set(monuments)) != len(monuments):
        raise IllegalAction(f"공개된 기념물은 서로 다른 {C.FACE_UP_MONUMENTS}장이어야 합니다 (받은 것: {_names(monuments)})", WHY)
    mages = [list(m or ()) for m in (mages or [()] * n)]
    artifacts = [list(a or ()) for a in (artifacts or [()] * n)]
    if len(mages) != n or len(artifacts) != n:
        raise IllegalAction(f"{n}인 게임은 자리 {n}곳의 카드를 모두 입력해야 합니다", WHY)
    want_mages, want_cards = seat_counts(variants)
    for p in range(n):
        _check_kind(mages[p], "mage", "마법사")
        _check_kind(artifacts[p], "artifact", "유물")
        if len(mages[p]) != want_mages:
            raise IllegalAction(f"플레이어 {p + 1}: 마법사는 {want_mages}장이어야 합니다 (받은 것 {len(mages[p])}장)", WHY)
        if len(artifacts[p]) != want_cards:
            raise IllegalAction(f"플레이어 {p + 1}: 유물은 {want_cards}장이어야 합니다 (받은 것 {len(artifacts[p])}장)", WHY)
    _check_once(mages, artifacts, n, first_game)
    dealt = {c for seat in mages + artifacts for c in seat}
    if first_game:
        dealt |= starter_cards(n) | set(starter_mages(n))
    rest = [c for c in C.MAGES + C.ARTIFACTS if c not in dealt]
    return from_deal(n, variants, first_player, places, monuments, mages, artifacts, rest)


def _names(cards) -> str:
    return ", ".join(C.name(c) for c in cards) or "없음"


def _check_kind(cards, kind, word):
    wrong = [c for c in cards if C.KIND.get(c) != kind]
    if wrong:
        raise IllegalAction(f"{_names(wrong)}: {word} 카드가 아닙니다", WHY)


def _check_places(places, first_game):
    _check_kind(places, "place", "마력의 장소")
    tiles = {}
    for pl in places:
        tile = C.COMPONENTS[pl]["tile"]["value"]
        if tile in tiles:
            raise IllegalAction(f"{attach(C.name(tiles[tile]), '와')} {attach(C.name(pl), '은')} 한 타일의 두 면입니다: "
                                "타일마다 한 면만 놓습니다", WHY)
        tiles[tile] = pl
    if len(tiles) != len(C.TILES):
        raise IllegalAction(f"마력의 장소는 타일 {len(C.TILES)}장에서 한 면씩 모두 놓습니다 (받은 것 {len(tiles)}장)", WHY)
    if first_game and sorted(places) != sorted(C.FIRST_GAME_PLACES):
        raise IllegalAction("첫 게임은 마력의 장소를 첫 게임용 면으로 놓습니다", WHY)


def _check_once(mages, artifacts, n, first_game):
    """No card dealt twice, and in the first game none of the starter sets' cards dealt into a deck."""
    seen = {}
    if first_game:
        for p in range(n):
            for c in (C.STARTER_SETS[p + 1][0], *C.STARTER_SETS[p + 1][1]):
                seen[c] = f"플레이어 {p + 1}의 시작 세트"
    for p in range(n):
        for c in mages[p] + artifacts[p]:
            where = f"플레이어 {p + 1}"
            if c in seen:
                raise IllegalAction(f"{C.name(c)} 카드를 두 번 나누었습니다 ({seen[c]}, {where})", WHY)
            seen[c] = where
