"""The table drawn from what a seat may see (State.public_view): the centre (places of power, monuments,
magic items) and each player's area (mage, item, artifacts with the essences on them, pool, hand).

Only a view reaches this module, so a hidden card can appear only where the engine's view says the
seat may see it."""
from html import escape

from rules.res_arcana import components as C
from widgets.common import nothing
from widgets.res_arcana.cards import (ESSENCE_LETTERS, KIND_COLORS, KIND_NAMES, MARK, essence_chip, is_provisional,
                                      lines, pool_html)

TASK_WAITS = {"react": "생명 손실 반응", "statue": "황금 조각상 반응", "lose": "생명 대신 정수 버리기"}


def card_text(c: str) -> str:
    """Everything printed on component c, a line per part, each unconfirmed part with its 잠정값 mark."""
    rows = "".join(f"<div><b>{escape(label)}</b>: {escape(body)}{' ' + MARK if unsure else ''}</div>"
                   for label, body, unsure in lines(c))
    return f"<div><small>{KIND_NAMES[C.KIND[c]]} · {escape(C.EN[c])}</small></div>{rows}"


def tile(c: str, turned=False, on=None) -> str:
    """One component as a small tile with its name; a tap opens everything printed on it (a phone has
    no hover, so nothing lives in a tooltip)."""
    turned_mark = " ↻돌림" if turned else ""
    essences = f" {pool_html(on)}" if on else ""
    mark = ' <small style="background:#f1c40f;padding:0 2px">잠정</small>' if is_provisional(c) else ""
    tilt = "transform:rotate(-4deg);opacity:.75;" if turned else ""
    color = KIND_COLORS[C.KIND[c]]
    return (f'<details class="kr-card" style="display:inline-block;vertical-align:top;margin:2px;max-width:100%">'
            f'<summary style="list-style:none;cursor:pointer;display:inline-block;padding:1px 5px;'
            f'border:2px solid {color};border-radius:5px;background:#fbf7ef;{tilt}font-size:90%">'
            f'{escape(C.name(c))}{turned_mark}{mark}{essences} <span style="color:#5f5f5f">ⓘ</span></summary>'
            f'<div style="border:1px solid {color};border-radius:5px;background:#fff;padding:3px 6px;margin-top:2px;'
            f'font-size:85%;max-width:22em;white-space:normal">{card_text(c)}</div></details>')


def legend() -> str:
    """What each essence letter stands for: the chips carry only the letter."""
    return ("<div><small>정수: " + " ".join(f"{essence_chip(e)} {C.ess(e)}" for e in ESSENCE_LETTERS)
            + " · 구성품 이름을 누르면 카드 내용이 펼쳐집니다</small></div>")


def tiles(cards, view) -> str:
    if not cards:
        return nothing()
    return "".join(tile(c, c in view["turned"], view["on"].get(c)) for c in cards)


def view_html(view: dict, names=None) -> str:
    def who(p):
        return escape(names[p]) if names else f"플레이어 {p + 1}"

    pending = view["pending"]
    waits = ""
    if pending and pending["task"] in TASK_WAITS and pending["player"] is not None:
        waits = f" · {who(pending['player'])}의 {TASK_WAITS[pending['task']]}"
        if pending["life"]:
            waits += f" (생명 {pending['life']})"
    when = f"{view['round']}라운드" if view["round"] else "게임 준비 중"
    rows = [f"<div><b>{when}</b> · {escape(view['phase_name'])} · 선 플레이어: "
            f"{who(view['first_player'])}{' (먼저 패스해 토큰을 가져옴)' if view['token_passed'] else ''}"
            f"{'' if view['final'] else ' · 차례: ' + who(view['turn'])}{waits}</div>"]
    # a small rule table (book/res_arcana situations) may have no places or monuments at all: no empty rows
    if view["places"]:
        rows.append(f"<div><small>마력의 장소</small> {tiles(view['places'], view)}</div>")
    if view["monuments_face_up"] or view["monument_deck"]:
        rows.append(f"<div><small>공개된 기념물</small> {tiles(view['monuments_face_up'], view)} "
                    f"<small>· 기념물 더미 {view['monument_deck']}장</small></div>")
    if view["monument_deck_top"]:
        rows.append(f"<div><small>기념물 더미 맨 위 (본 사람만 앎, 위부터)</small> "
                    f"{tiles(view['monument_deck_top'], view)}</div>")
    rows.append(f"<div><small>가운데의 마법 아이템</small> {tiles(view['items_free'], view)}</div>")
    for p, pl in enumerate(view["players"]):
        mage = pl["mage"]
        mage_html = (tile(mage, mage in view["turned"], view["on"].get(mage)) if mage not in (None, "?")
                     else "<small>(고르는 중)</small>" if mage == "?" else "")
        item = tile(pl["item"], pl["item"] in view["turned"], view["on"].get(pl["item"])) if pl["item"] else ""
        statue = f" (황금 조각상 +{view['statue'][p]})" if view["statue"][p] else ""
        head = (f"<b>{who(p)}</b> · 승점 {pl['vp']}{statue}{' · 패스함' if pl['passed'] else ''} · 손패 {pl['hand']}장 · "
                f"유물 더미 {pl['deck']}장 · 저장소 {pool_html(pl['pool'])}")
        body = [f"<div>{head}</div>", f"<div>{mage_html}{item}{tiles(pl['play'], view) if pl['play'] else ''}</div>"]
        if pl["discard"]:
            body.append(f"<div><small>버린 카드 (앞면)</small> {tiles(pl['discard'], {'turned': [], 'on': {}})}</div>")
        if "hand_cards" in pl:
            body.append(f"<div><small>손패 (본인만 봄)</small> {tiles(pl['hand_cards'], {'turned': [], 'on': {}})}</div>")
            if pl.get("deck_known"):
                body.append(f"<div><small>유물 더미에 남은 카드 (본인만 봄, 뽑는 순서는 모름)</small> "
                            f"{tiles(pl['deck_known'], {'turned': [], 'on': {}})}</div>")
            if pl["deck_top"]:
                body.append(f"<div><small>유물 더미 맨 위 (본인만 앎, 위부터)</small> "
                            f"{tiles(pl['deck_top'], {'turned': [], 'on': {}})}</div>")
            if pl["mage_option_cards"]:
                body.append(f"<div><small>받은 마법사 후보</small> "
                            f"{tiles(pl['mage_option_cards'], {'turned': [], 'on': {}})}</div>")
            if pl["draft_cards"]:
                body.append(f"<div><small>드래프트 묶음</small> {tiles(pl['draft_cards'], {'turned': [], 'on': {}})}</div>")
        if pl.get("deck_cards"):
            body.append(f"<div><small>유물 더미 (모두 보기)</small> "
                        f"{tiles(sorted(pl['deck_cards']), {'turned': [], 'on': {}})}</div>")
        rows.append(f'<div style="border-top:1px solid #ddd;margin-top:4px;padding-top:2px">{"".join(body)}</div>')
    if view.get("monument_deck_cards"):
        rows.append(f"<div><small>기념물 더미 (모두 보기)</small> {tiles(sorted(view['monument_deck_cards']), view)}</div>")
    rows.append(legend())
    return f'<div style="max-width:100%;overflow-wrap:anywhere">{"".join(rows)}</div>'
