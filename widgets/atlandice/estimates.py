"""The sentences of the book that state a board value (clock track, clock-hand icons, the market's advance,
the 도서관 ability), written from the data file when the page is built, so that a corrected file changes
every page and no old number is left in the prose. Each value carries the 잠정값 mark while the file
calls it unverified. Output is MyST Markdown, shown by a page with IPython's Markdown()."""
from collections import Counter

from rules.atlandice import components as C

MARK = "(⚠️ {term}`잠정값`)"
CONFIRMED = "(실물로 확인한 값)"


def _entry(data, key):
    entry = (data or C.DATA)["board"][key]
    return entry["value"], entry["status"] == "unverified"


def mark(unverified: bool) -> str:
    return MARK if unverified else CONFIRMED


def plain_mark(*keys) -> str:
    """', 잠정값' after a number shown in a widget (no yellow there) that comes from an unverified value."""
    return ", 잠정값" if any(C.is_unverified(k) for k in keys) else ""


def track_sentence(data=None) -> str:
    track, unverified = _entry(data, "clock_track")
    checks = [C.name(space[6:]) for space in track if space.startswith("check:")]
    donations = track.count("donate")
    count = Counter(checks)
    if sorted(count) == sorted(C.NAMES.values()) and set(count.values()) == {1}:
        which = "유산마다 1칸"
    else:
        which = ", ".join(f"{n} {k}칸" for n, k in count.items())
    check_text = f"확인 칸 **{len(checks)}칸**({which})" if checks else "확인 칸 **없음**"
    return (f"지금 값은 시작 칸과 파도 칸을 합쳐 모두 **{len(track)}칸**, {check_text}, 기부 칸 **{donations}칸**입니다 "
            f"{mark(unverified)}.")


def hands_sentence(data=None) -> str:
    hands, unverified = _entry(data, "clock_hands")
    rows = {d: hands[str(d)] for d in C.DISTRICTS}
    shapes = {tuple(sorted(r)) for r in rows.values()}
    if len(shapes) == 1:
        (shape,) = shapes
        now = f"더미마다 보드 {C.BOARDS_PER_DISTRICT}장의 아이콘이 **{'·'.join(map(str, shape))}개**"
    else:
        now = ", ".join(f"{C.area_name(d)} **{'·'.join(map(str, r))}**" for d, r in rows.items())
    return f"지금 값은 {now}입니다 {mark(unverified)}."


def market_sentence(data=None) -> str:
    advance, unverified = _entry(data, "black_market_hands")
    return f"지금 값은 **{advance}칸**입니다 {mark(unverified)}."


def library_sentence(data=None) -> str:
    ability, unverified = _entry(data, "library_ability")
    detail = {"set_die": "아직 도시에 남은 주사위 1개를 다른 지역의 눈으로 바꿔 그 지역으로 옮김"}.get(ability)
    basis = {"set_die": " 이 값은 한 미리보기 기사가 말한 \"주사위 눈 바꾸기\" 효과가 어느 시설에도 배정되지 않은 데서 "
                        "한 추정입니다."}.get(ability, "") if unverified else ""
    others = ", ".join(f'"{n}"' for k, n in C.LIBRARY_NAMES.items() if k != ability)
    return (f"지금 값은 **{C.LIBRARY_NAMES[ability]}**{f'({detail})' if detail else ''}입니다 {mark(unverified)}.{basis} "
            f"자료 파일에서 고를 수 있는 다른 값은 {others}입니다. 실물의 도서관이 이와 다른 일을 한다면 자료 파일만으로는 "
            "고칠 수 없고, 엔진에 그 능력을 새로 넣어야 합니다.")


def provisional_list(data=None) -> str:
    """The list at the top of the 잠정값 page: what is known of each value, and the value the engine uses now."""
    lo, hi = C.HANDS_RANGE
    return "\n".join([
        "- **시계 칸**: 칸 수, 확인·기부 칸의 자리, 확인 칸마다 그려진 유산. 어느 출처에도 없습니다. " + track_sentence(data),
        f"- **시설 보드 15장의 시곗바늘 아이콘 수**: 아이콘이 {lo}~{hi}개라는 것(출판 전 소개 기사와 판매처 설명), 여관 보드 "
        "하나가 2개라는 것(원문 70~72행의 예시), 작업장 보드 3장의 수가 모두 같지는 않다는 것(원문 103행 \"… 시계 바늘 아이콘의 숫자가 "
        "다릅니다\", 작업장에 대해서만 한 말)만 확인했습니다. " + hands_sentence(data),
        "- **마지막 주사위가 시장에 남았을 때** 시곗바늘이 움직이는 칸 수: 게임판에 인쇄되어 있을 값인데 출처가 없습니다. "
        + market_sentence(data),
        "- **도서관 능력**: 원문 98행에는 제목(\"2번 시설 보드 - 도서관\")만 있고, 어느 출처에도 없습니다. "
        + library_sentence(data),
    ])
