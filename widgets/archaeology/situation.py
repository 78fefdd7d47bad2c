"""상황 입력 확률: set each odds widget (mine, sphinx, dig, thief) to what the table can see.

The practice widgets (ruins.explorer, dig.dig_odds, thief.thief) deal a game of their own; a real
table asks about its own position ("광산에서 2, 2가 나왔는데 한 장 더 뒤집으면?"). Each widget here
takes what the table can see and answers with exact fractions.

What the engine decides and what is counted here:
- the rule (which mine card ends the dig, the odds of the next dig card from the discard pile) is
  asked of the engine on positions built with rules.archaeology.scenario;
- what the table cannot see is counted from the component data in one function,
  `unseen_room_cards`: every copy in play minus every card the table can see. A face-down room
  is taken to be dealt at random from those cards (the rulebook deals the rooms from the shuffled
  treasure deck at setup), which the widgets state in Korean.
"""
from fractions import Fraction
from html import escape
from math import comb
from types import SimpleNamespace

import ipywidgets as w

from rules import archaeology as A
from rules.archaeology import components as C
from rules.archaeology import odds
from rules.core import IllegalAction
from rules.core import multiset as ms
from rules.core.korean import attach
from widgets.archaeology.cards import in_order, pile, provisional_mark, trade_note
from widgets.archaeology.options import player_picker
from widgets.common import LABEL, button, error, info, odds_bars, odds_text, row, rulings, wide
from widgets.common.svg import PALETTE

MINE_ROOM = C.ruin("mine")["chambers"][0]        # 15: the mine's one room at setup
SPHINX_ROOM = C.ruin("sphinx")["chambers"][0]    # 15
BUST_COLOR, SAFE_COLOR, UNKNOWN_COLOR = "#c0392b", "#27ae60", PALETTE["back"]

ASSUMPTION = ("가정: 방의 뒷면 카드는 게임 준비 때 섞인 보물 카드에서 무작위로 놓였으므로, 테이블이 모르는 방의 카드는 "
              "테이블이 볼 수 없는 카드(다른 사람의 패, 발굴지, 방) 가운데서 무작위로 정해졌다고 봅니다. "
              "그래서 종류마다 '게임에 쓰는 장수 − 테이블이 본 장수'에 비례해 나올 수 있습니다. "
              "지도는 방이 채워진 뒤에 덱에 섞이므로 방에 없습니다.")


# --- counting: what the table cannot see ------------------------------------------------------
def variants_of(long: bool = False, sand_hell: bool = False) -> tuple:
    return tuple(v for v, on in (("long", long), ("sand_hell", sand_hell)) if on)


def _check_counts(cards: dict, kinds, players: int, what: str) -> None:
    for card, n in cards.items():
        if card not in kinds:
            label = C.name(card) if card in C.NAMES else card
            raise IllegalAction(f"{players}인 게임에는 {label} 카드를 쓰지 않아 {what}에 넣을 수 없습니다",
                                "게임 준비: 인원별 제외 카드")
        if n < 0:
            raise IllegalAction(f"{what}의 {C.name(card)} 장수는 0 이상이어야 합니다", "구성품")


def _merge(*zones) -> dict:
    total = {}
    for zone in zones:
        for card, n in zone.items():
            if n:
                ms.add(total, card, n)
    return total


def unseen_room_cards(players: int, variants=(), seen=None) -> dict:
    """The cards a ruin room may hold that the table cannot see: copies in play minus `seen`.

    `seen` is every card the table can see, as {type: count}. Only chamber treasures count (the
    rooms are filled before the maps join the deck). Raises IllegalAction (Korean) when `seen`
    holds a type not in play or more copies than the game has.
    """
    kinds = C.chamber_treasures(players, variants)
    seen = dict(seen or {})
    _check_counts(seen, kinds, players, "본 카드")
    pool = {}
    for card in kinds:
        left = C.COPIES[card] - seen.get(card, 0)
        if left < 0:
            raise IllegalAction(f"{attach(C.name(card), '은')} {C.COPIES[card]}장뿐인데 테이블이 본 카드로 "
                                f"{seen[card]}장을 넣었습니다", "구성품")
        if left:
            pool[card] = left
    return pool


def _room_check(room_size: int, known: dict, pool: dict, limit: int, label: str) -> None:
    if room_size < 1:
        raise IllegalAction("방에 남은 카드는 1장 이상이어야 합니다 (빈 방은 탐험할 수 없습니다)", "유적 탐험")
    if room_size > limit:
        raise IllegalAction(f"{label} 방에는 카드가 {limit}장보다 많을 수 없습니다", "유적 타일")
    if ms.size(known) > room_size:
        raise IllegalAction(f"방에 있다고 아는 카드 {ms.size(known)}장이 방에 남은 {room_size}장보다 많습니다", "유적 탐험")
    if room_size - ms.size(known) > ms.size(pool):
        raise IllegalAction(f"테이블이 볼 수 없는 보물은 {ms.size(pool)}장뿐이라 모르는 방의 카드 "
                            f"{room_size - ms.size(known)}장을 채울 수 없습니다", "구성품")


# --- 광산 --------------------------------------------------------------------------------------
def mine_next_card_odds(players: int, variants=(), revealed=None, room_size: int = MINE_ROOM - 2,
                        known=None, elsewhere=None) -> dict:
    """{type: chance the next mine card is that type}, from what the table can see.

    The room holds `room_size` face-down cards: the `known` ones (e.g. returned after an earlier
    bust) and room_size - |known| cards dealt at random from `unseen_room_cards`; each card of the
    room is equally likely to be revealed next. So a type's chance is
    (known[t] + unknown * pool[t] / |pool|) / room_size.
    """
    revealed, known, elsewhere = dict(revealed or {}), dict(known or {}), dict(elsewhere or {})
    kinds = C.chamber_treasures(players, variants)
    for zone, what in ((revealed, "공개한 카드"), (known, "방에 있다고 아는 카드"), (elsewhere, "그 밖에 보이는 카드")):
        _check_counts(zone, kinds, players, what)
    pool = unseen_room_cards(players, variants, _merge(revealed, known, elsewhere))
    if room_size + ms.size(revealed) > MINE_ROOM:
        raise IllegalAction(f"광산 방에는 처음에 {MINE_ROOM}장이 있으므로 공개한 {ms.size(revealed)}장과 "
                            f"남은 {room_size}장을 합쳐 {MINE_ROOM}장을 넘을 수 없습니다", "유적 타일: 광산")
    _room_check(room_size, known, pool, MINE_ROOM, "광산")
    unknown, hidden = room_size - ms.size(known), ms.size(pool)
    chances = {}
    for card in kinds:
        p = Fraction(known.get(card, 0), room_size)
        if unknown:
            p += Fraction(unknown * pool.get(card, 0), hidden * room_size)
        if p:
            chances[card] = p
    return chances


def mine_bust_types(players: int, variants=(), revealed=None) -> frozenset:
    """The card types whose reveal ends the dig now, asked of the engine.

    For each candidate type the engine gets a mine position: a room holding the revealed cards and
    one card of that type; the revealed cards are turned one by one, then odds.mine_bust_chance
    says whether the last card busts (1) or not (0). A revealed set that has already busted makes
    the engine end the dig, which is reported as an error.
    """
    revealed = dict(revealed or {})
    busting = set()
    for card in C.chamber_treasures(players, variants):
        if revealed.get(card, 0) >= C.COPIES[card]:
            continue    # no copy left to come up
        room = _merge(revealed, {card: 1})
        hands = [{"map": 1}] + [{} for _ in range(players - 1)]
        state = A.scenario(players=players, ruin="mine", variants=variants, hands=hands, chambers=[room])
        state = state.apply(A.Explore(0))
        for shown, n in in_order(revealed):
            for _ in range(n):
                if state.phase == "mine":
                    state = state.apply(A.MineContinue())
                state = state.apply(A.Reveal(shown))
                if state.last_bust:
                    raise IllegalAction(f"공개한 카드의 교환 가치 합계가 이미 {C.MINE_LIMIT}를 넘었습니다: "
                                        "발굴이 강제 중단되어 더 뒤집을 수 없습니다", "유적 타일: 광산")
        if odds.mine_bust_chance(state) == 1:
            busting.add(card)
    return frozenset(busting)


def mine_answer(players: int, variants=(), revealed=None, room_size: int = MINE_ROOM - 2,
                known=None, elsewhere=None) -> dict:
    """Everything the mine widget shows: the bust chance, each type's chance, which types bust."""
    revealed = dict(revealed or {})
    C.check_options(players, "mine", variants)
    chances = mine_next_card_odds(players, variants, revealed, room_size, known, elsewhere)
    busting = mine_bust_types(players, variants, revealed)
    return {"bust": sum((p for c, p in chances.items() if c in busting), Fraction(0)), "chances": chances,
            "busting": busting, "total": A.trade_value(revealed)}


# --- 스핑크스 ------------------------------------------------------------------------------------
def _hyper(population: int, good: int, draws: int, hits: int) -> Fraction:
    if draws > population or hits > draws or hits > good or draws - hits > population - good:
        return Fraction(0)
    return Fraction(comb(good, hits) * comb(population - good, draws - hits), comb(population, draws))


def sphinx_haul(players: int, variants=(), named=("pot", "parchment"), room_size: int = SPHINX_ROOM,
                known=None, elsewhere=None) -> dict:
    """{k: chance of taking exactly k cards} when naming `named` at the sphinx, exact.

    min(5, room) cards are revealed at random from the room (the engine's reading sphinx_fewer);
    j of them come from the `known` part (hypergeometric), the others from the unknown part, which
    is itself a random subset of `unseen_room_cards`, so they are a random draw from that pool.
    """
    known, elsewhere = dict(known or {}), dict(elsewhere or {})
    C.check_options(players, "sphinx", variants)
    kinds = C.chamber_treasures(players, variants)
    named = tuple(named)
    if len(named) != C.SPHINX_NAMES or len(set(named)) != C.SPHINX_NAMES:
        raise IllegalAction("스핑크스에서는 서로 다른 보물 2종을 선언합니다", "유적 타일: 스핑크스")
    for card in named:
        if card not in kinds:
            label = C.name(card) if card in C.NAMES else card
            raise IllegalAction(f"{players}인 게임의 방에는 {label} 카드가 없어 선언할 수 없습니다", "유적 타일: 스핑크스")
    _check_counts(known, kinds, players, "방에 있다고 아는 카드")
    _check_counts(elsewhere, kinds, players, "그 밖에 보이는 카드")
    pool = unseen_room_cards(players, variants, _merge(known, elsewhere))
    _room_check(room_size, known, pool, SPHINX_ROOM, "스핑크스")
    shown = min(C.SPHINX_REVEAL, room_size)
    k, hidden = ms.size(known), ms.size(pool)
    unknown = room_size - k
    known_named = sum(known.get(c, 0) for c in named)
    pool_named = sum(pool.get(c, 0) for c in named)
    dist = {n: Fraction(0) for n in range(shown + 1)}
    for j in range(min(k, shown) + 1):
        p_j = Fraction(comb(k, j) * comb(unknown, shown - j), comb(room_size, shown))
        if not p_j:
            continue
        for a in range(j + 1):
            p_a = _hyper(k, known_named, j, a)
            for b in range(shown - j + 1):
                dist[a + b] += p_j * p_a * _hyper(hidden, pool_named, shown - j, b)
    return dist


def expectation(dist: dict) -> Fraction:
    return sum((n * p for n, p in dist.items()), Fraction(0))


# --- 보물 발굴 ------------------------------------------------------------------------------------
def dig_position(players: int, variants=(), deck_left: int = 30, thieves_out: int = 0,
                 storms_out: int = 0) -> A.State:
    """A position with the table's counts: the dig deck holds `deck_left` cards, the discard pile
    the thieves and sandstorms already drawn. Every thief and sandstorm not in the discard pile is
    still in the dig deck; the rest of the deck is treasure (which treasures does not matter)."""
    C.check_options(players, "pyramid", variants)
    thieves, storms = C.thieves(players, variants), C.sandstorms(players, variants)
    for n, label in ((deck_left, "발굴지에 남은 카드"), (thieves_out, "버린 도둑"), (storms_out, "버린 모래 폭풍")):
        if n < 0:
            raise IllegalAction(f"{label}는 0장 이상이어야 합니다", "게임 진행")
    if thieves_out > thieves:
        raise IllegalAction(f"{players}인 게임의 도둑은 {thieves}장뿐인데 버린 카드 더미에 {thieves_out}장이라고 했습니다",
                            "게임 준비 4. 특수 카드")
    if storms_out > storms:
        raise IllegalAction(f"{players}인 게임의 모래 폭풍은 {storms}장뿐인데 버린 카드 더미에 {storms_out}장이라고 했습니다",
                            "게임 준비 4. 특수 카드")
    start = ms.size(A.new_game(num_players=players, seed=0, ruin="pyramid", variants=variants).deck)
    if deck_left > start - thieves_out - storms_out:
        raise IllegalAction(f"발굴지는 처음에 {start}장이고 버린 도둑·모래 폭풍 {thieves_out + storms_out}장이 빠졌으므로 "
                            f"{start - thieves_out - storms_out}장보다 많이 남을 수 없습니다", "게임 준비 5. 발굴지")
    specials = (thieves - thieves_out) + (storms - storms_out)
    if deck_left < specials:
        raise IllegalAction(f"버린 카드 더미에 없는 도둑 {thieves - thieves_out}장과 모래 폭풍 {storms - storms_out}장은 "
                            f"모두 발굴지에 있으므로 발굴지에는 {specials}장 이상 남아 있어야 합니다", "보물 발굴 TIP")
    deck = {c: n for c, n in (("thief", thieves - thieves_out), ("sandstorm", storms - storms_out)) if n}
    fill = deck_left - specials
    for card in C.treasures_in_play(players, variants):
        take = min(fill, C.COPIES[card])
        if take:
            deck[card] = take
        fill -= take
    discard = {c: n for c, n in (("thief", thieves_out), ("sandstorm", storms_out)) if n}
    return A.scenario(players=players, variants=variants, deck=deck, discard=discard, dig=bool(deck))


def dig_answer(players: int, variants=(), deck_left: int = 30, thieves_out: int = 0, storms_out: int = 0) -> dict:
    """odds.public_dig_odds of the table's position: {'thief', 'sandstorm', 'treasure'} or {} (empty deck)."""
    return odds.public_dig_odds(dig_position(players, variants, deck_left, thieves_out, storms_out))


# --- 도둑 --------------------------------------------------------------------------------------
def thief_take_odds(players: int, variants=(), hand_size: int = 5, known=None) -> dict:
    """{type: chance the thief takes one of the victim's known cards of that type, None: an unknown card}.

    The engine's thief takes one card of the victim's hand at random (the STEAL chance node draws
    every card with the same chance; reading thief_targets), so each card is 1/hand_size.
    """
    known = dict(known or {})
    C.check_options(players, "pyramid", variants)
    kinds = C.treasures_in_play(players, variants)
    _check_counts(known, kinds, players, "알고 있는 카드")
    for card, n in known.items():
        if n > C.COPIES[card]:
            raise IllegalAction(f"{attach(C.name(card), '은')} {C.COPIES[card]}장뿐인데 {n}장을 넣었습니다", "구성품")
    if hand_size < 1:
        raise IllegalAction("패가 없는 플레이어는 도둑의 대상이 될 수 없습니다 (패는 1장 이상)", "보물 발굴 (2) 도둑")
    most = sum(C.COPIES[c] for c in kinds)
    if hand_size > most:
        raise IllegalAction(f"{players}인 게임의 보물은 모두 {most}장이라 패가 {hand_size}장일 수 없습니다", "구성품")
    if ms.size(known) > hand_size:
        raise IllegalAction(f"알고 있는 카드 {ms.size(known)}장이 패 {hand_size}장보다 많습니다", "보물 발굴 (2) 도둑")
    chances = {c: Fraction(n, hand_size) for c, n in in_order(known) if n}
    if hand_size > ms.size(known):
        chances[None] = Fraction(hand_size - ms.size(known), hand_size)
    return chances


# --- the widgets' shared machinery ----------------------------------------------------------------
def _cards_text(cards: dict) -> str:
    return ", ".join(f"{C.name(c)} {n}장" for c, n in in_order(cards)) or "없음"


def _count_box(value: int, description: str) -> w.IntText:
    return w.IntText(value=value, description=description, style=LABEL,
                     layout=w.Layout(width="230px", max_width="100%"))


class SituationForm:
    """The controls of one odds widget and the last situation that gave an answer.

    A situation is a dict: plain fields (player count, counts) bound to controls, and zones
    ({type: count}) filled by tapping a card type. Every change is proposed; if the answer cannot be
    computed (bad input) a Korean error shows, the controls go back to the last good situation, and
    the previous answer stays on screen.
    """

    def __init__(self, fields: dict, zones: dict, compute, kinds, on_tap=None, on_clear=None):
        self.fields = fields              # name -> control
        self.zone_labels = {k: label for k, (label, _) in zones.items()}
        self.compute, self.kinds, self.on_tap, self.on_clear = compute, kinds, on_tap, on_clear
        self.good = {name: c.value for name, c in fields.items()}
        self.good.update({k: dict(cards) for k, (_, cards) in zones.items()})
        self.message, self.answer = w.HTML(), w.HTML(layout=w.Layout(max_width="100%"))
        self.shown = w.HTML(layout=w.Layout(max_width="100%"))
        self.zone = w.Dropdown(options=[(label, k) for k, label in self.zone_labels.items()],
                               description="넣을 곳", style=LABEL, layout=wide())
        self.type_row = row()
        self.type_buttons = {}
        self.clear = button("이곳 비우기", self.clear_zone)
        self._syncing = False
        for name, control in fields.items():
            control.observe(lambda change, name=name: self.changed(name, change["new"]), "value")
        html = self.compute(self.good)    # the opening example must be valid
        self.answer.value = html
        self.sync()

    def situation(self) -> dict:
        return {k: dict(v) if isinstance(v, dict) else v for k, v in self.good.items()}

    def propose(self, situation: dict) -> bool:
        try:
            html = self.compute(situation)
        except (IllegalAction, ValueError, KeyError) as exc:
            self.message.value = error(str(exc))
            self.sync()                   # the controls show the situation of the answer again
            return False
        self.good = situation
        self.answer.value = html
        self.message.value = ""
        self.sync()
        return True

    def changed(self, name, value):
        if self._syncing:
            return
        s = self.situation()
        s[name] = value
        self.propose(s)

    def tap(self, card: str):
        s = self.situation()
        zone = self.zone.value
        ms.add(s[zone], card)
        if self.on_tap:
            self.on_tap(s, zone, card)
        self.propose(s)

    def clear_zone(self):
        s = self.situation()
        zone = self.zone.value
        if self.on_clear:
            self.on_clear(s, zone)
        s[zone] = {}
        self.propose(s)

    def sync(self):
        self._syncing = True
        try:
            for name, control in self.fields.items():
                if control.value != self.good[name]:
                    control.value = self.good[name]
        finally:
            self._syncing = False
        kinds = tuple(self.kinds(self.good))
        if tuple(self.type_buttons) != kinds:
            self.type_buttons = {
                c: button(f"{C.name(c)} {C.TRADE[c]}", lambda c=c: self.tap(c)) for c in kinds}
            for c, b in self.type_buttons.items():
                b.tooltip = f"{C.name(c)} 한 장 넣기 (교환 가치 {C.TRADE[c]})"
            self.type_row.children = list(self.type_buttons.values())
        self.shown.value = "".join(
            f"<div><small><b>{escape(label)}</b>: {escape(_cards_text(self.good[k]))}</small>"
            f"{pile(self.good[k], 50) if self.good[k] else ''}</div>"
            for k, label in self.zone_labels.items())

    def tally_rows(self) -> list:
        top = [self.zone] if len(self.zone_labels) > 1 else []
        return [row(*top, self.clear), w.HTML("<small>카드 종류를 누를 때마다 한 장씩 넣습니다 (숫자는 교환 가치)</small>"),
                self.type_row, self.shown]


def _frame(title: str, intro: str, rows: list, form: SituationForm, assumption: str = "") -> w.VBox:
    parts = [w.HTML(f"<b>{escape(title)}</b><div><small>{escape(intro)}</small></div>"), *rows,
             form.message, form.answer]
    if assumption:
        parts.append(w.HTML(f'<div style="white-space:normal"><small>📌 {escape(assumption)}</small></div>'))
    ui = w.VBox(parts, layout=w.Layout(max_width="100%", border="1px solid #ddd", padding="4px"))
    ui.parts = SimpleNamespace(form=form, message=form.message, answer=form.answer, zone=form.zone,
                               clear=form.clear, types=lambda: dict(form.type_buttons), fields=form.fields,
                               situation=form.situation)
    return ui


def _long_box(value: bool) -> w.Checkbox:
    return w.Checkbox(value=value, description="기나긴 탐험 (2~3인)", indent=False, layout=wide())


def _chamber_kinds(s) -> tuple:
    try:
        return C.chamber_treasures(s["players"], variants_of(s.get("long", False)))
    except (IllegalAction, KeyError):
        return C.chamber_treasures(5)


# --- 광산 widget ---------------------------------------------------------------------------------
MINE_ZONES = {"revealed": "이번에 공개한 카드", "known": "방에 있다고 아는 카드",
              "elsewhere": "시장·버린 더미·박물관의 카드"}


def mine_html(s: dict) -> str:
    players, variants = s["players"], variants_of(s["long"])
    a = mine_answer(players, variants, s["revealed"], s["room"], s["known"], s["elsewhere"])
    left = C.MINE_LIMIT - a["total"]
    shown = " + ".join(str(C.TRADE[c]) for c, n in in_order(s["revealed"]) for _ in range(n)) or "없음"
    busting = [C.name(c) for c in C.chamber_treasures(players, variants) if c in a["busting"]]
    if busting:
        why = (f"교환 가치가 {left + 1} 이상인 카드({', '.join(busting)})가 나오면 합계가 {C.MINE_LIMIT}를 넘어 "
               "발굴이 강제 중단되고, 공개한 카드를 하나도 가져가지 못합니다.")
    else:
        why = f"어떤 카드가 나와도 합계가 {C.MINE_LIMIT}를 넘지 않습니다."
    stop = (f" 지금 멈추면 공개한 {ms.size(s['revealed'])}장을 모두 가져갑니다." if s["revealed"] else "")
    bars = [(("💥 " if c in a["busting"] else "") + C.name(c), p, BUST_COLOR if c in a["busting"] else SAFE_COLOR)
            for c, p in sorted(a["chances"].items(), key=lambda item: -item[1])]
    hidden = ms.size(unseen_room_cards(players, variants, _merge(s["revealed"], s["known"], s["elsewhere"])))
    mark = provisional_mark(set(s["revealed"]) | set(a["chances"]), "trade")
    return (info(f"<b>한 장 더 뒤집으면 터질 확률: {odds_text(a['bust'])}</b>{mark}", False)
            + f"<div>{players}인 게임 · 공개한 카드 {escape(shown)} → 교환 가치 합계 <b>{a['total']}</b> / "
              f"{C.MINE_LIMIT} (남은 여유 {left}). {escape(why)}{escape(stop)}</div>"
            + f"<div><small>광산 방에 남은 뒷면 카드 {s['room']}장 (그중 아는 카드 {ms.size(s['known'])}장) · "
              f"테이블이 볼 수 없는 보물 {hidden}장</small></div>"
            + "<b>다음 카드의 종류</b> <small>(💥 = 터짐)</small>" + odds_bars(bars)
            + trade_note(set(s["revealed"]) | set(a["chances"]))
            + "<small>규칙서 4. 광산: 공개된 카드의 교환 가치 합계가 5를 초과하는 순간 곧바로 발굴이 강제 중단됩니다.</small>"
            + rulings(A.READINGS, "mine_bust_return"))


def mine_odds(players: int = 4, revealed=None, room=None, known=None, elsewhere=None, long: bool = False) -> w.VBox:
    """광산: the cards revealed this exploration and what the table knows of the rest -> the chance
    that the next card pushes the revealed trade value above 5. Opens on '2, 2' (two 동전)."""
    revealed = {"coin": 2} if revealed is None else dict(revealed)
    room = MINE_ROOM - ms.size(revealed) if room is None else room
    fields = {"players": player_picker(players), "long": _long_box(long),
              "room": _count_box(room, "방에 남은 뒷면 카드")}

    def on_tap(s, zone, card):        # a revealed card came out of the room
        if zone == "revealed":
            s["room"] -= 1

    def on_clear(s, zone):            # cleared reveals go back into the room (as after a bust)
        if zone == "revealed":
            s["room"] += ms.size(s["revealed"])

    form = SituationForm(fields, {"revealed": (MINE_ZONES["revealed"], revealed),
                                  "known": (MINE_ZONES["known"], dict(known or {})),
                                  "elsewhere": (MINE_ZONES["elsewhere"], dict(elsewhere or {}))},
                         lambda s: mine_html(s), _chamber_kinds, on_tap, on_clear)
    rows = [row(fields["players"], fields["long"]), *form.tally_rows(), row(fields["room"]),
            w.HTML("<small>공개한 카드를 넣으면 방에 남은 카드가 한 장씩 줄어듭니다. 앞선 강제 중단으로 방에 돌아간 카드처럼 "
                   "방에 있다고 아는 카드는 '방에 있다고 아는 카드'에 넣으세요.</small>")]
    return _frame("⛏️ 광산: 한 장 더 뒤집으면 터질 확률",
                  "예: '광산에서 2, 2가 나왔는데 한 장 더 뒤집으면 터질 확률은?' — 교환 가치 2인 동전 두 장을 공개한 상태로 "
                  "열립니다. 테이블에서 보이는 대로 바꿔 보세요.", rows, form, ASSUMPTION)


# --- 스핑크스 widget ------------------------------------------------------------------------------
SPHINX_ZONES = {"known": "방에 있다고 아는 카드", "elsewhere": "시장·버린 더미·박물관의 카드"}


def sphinx_html(s: dict) -> str:
    players, variants = s["players"], variants_of(s["long"])
    named = (s["first"], s["second"])
    dist = sphinx_haul(players, variants, named, s["room"], s["known"], s["elsewhere"])
    e = expectation(dist)
    at_least = {n: sum((p for k, p in dist.items() if k >= n), Fraction(0)) for n in (1, 2)}
    shown = min(C.SPHINX_REVEAL, s["room"])
    exp_text = f"{e.numerator}/{e.denominator}장 (약 {float(e):.2f}장)" if e.denominator != 1 else f"{e}장"
    bars = [(f"{k}장 가져감", p, SAFE_COLOR if k else BUST_COLOR) for k, p in dist.items()]
    return (info(f"<b>기대 획득 장수 {exp_text}</b><br>1장 이상 가져갈 확률 <b>{odds_text(at_least[1])}</b> · "
                 f"2장 이상 <b>{odds_text(at_least[2])}</b>", False)
            + f"<div>{players}인 게임 · 선언 {escape(C.name(named[0]))} + {escape(C.name(named[1]))} · "
              f"방 {s['room']}장 중 {shown}장 공개 (그중 아는 카드 {ms.size(s['known'])}장)</div>"
            + "<b>가져가는 장수</b>" + odds_bars(bars)
            + "<small>규칙서 5. 스핑크스: 방의 카드를 섞어 무작위로 5장을 공개하고, 선언한 2종만 가져갑니다. "
              "나머지는 방으로 돌아갑니다.</small>" + rulings(A.READINGS, "sphinx_names", "sphinx_fewer"))


def sphinx_odds(players: int = 4, named=("pot", "parchment"), room: int = SPHINX_ROOM, known=None,
                elsewhere=None, long: bool = False) -> w.VBox:
    """스핑크스: two declared types, the room's size and any known cards -> the expected haul and the
    chance of taking at least one / at least two cards, exact."""
    kinds = C.chamber_treasures(5)
    options = [(C.name(k), k) for k in kinds]
    fields = {"players": player_picker(players), "long": _long_box(long),
              "first": w.Dropdown(options=options, value=named[0], description="선언 1", layout=wide()),
              "second": w.Dropdown(options=options, value=named[1], description="선언 2", layout=wide()),
              "room": _count_box(room, "방에 남은 뒷면 카드")}
    form = SituationForm(fields, {k: (label, dict((known if k == "known" else elsewhere) or {}))
                                  for k, label in SPHINX_ZONES.items()},
                         lambda s: sphinx_html(s), _chamber_kinds)
    rows = [row(fields["players"], fields["long"]), row(fields["first"], fields["second"]), row(fields["room"]),
            *form.tally_rows()]
    return _frame("🦁 스핑크스: 선언한 2종을 몇 장 가져갈까",
                  "예: 게임 초반, 방 15장에 질그릇 파편과 양피지 두루마리를 선언한 경우로 열립니다. "
                  "앞선 탐험에서 공개되고 돌아간 카드는 '방에 있다고 아는 카드'에 넣으세요.", rows, form, ASSUMPTION)


# --- 보물 발굴 widget ------------------------------------------------------------------------------
def dig_html(s: dict) -> str:
    players, variants = s["players"], variants_of(s["long"], s["sand_hell"])
    chances = dig_answer(players, variants, s["deck"], s["thieves"], s["storms"])
    thieves, storms = C.thieves(players, variants), C.sandstorms(players, variants)
    counted = (f"도둑 {thieves}장 − 버린 {s['thieves']}장 = 발굴지에 {thieves - s['thieves']}장 · "
               f"모래 폭풍 {storms}장 − 버린 {s['storms']}장 = 발굴지에 {storms - s['storms']}장")
    provisional = (f"<div><small>⚠️ {players}인 게임의 모래 폭풍 {storms}장은 잠정값입니다 "
                   "(실물 카드 하단의 인원별 수량으로 확인해 주세요).</small></div>"
                   if C.sandstorms_unverified(players, variants) else "")
    if not chances:
        return info("발굴지가 비었습니다. 이제 아무도 보물 발굴을 할 수 없습니다.") + provisional
    bars = [("도둑", chances["thief"], PALETTE["thief"]), ("모래 폭풍", chances["sandstorm"], PALETTE["sandstorm"]),
            ("보물 (지도 포함)", chances["treasure"], PALETTE["back"])]
    return (info(f"<b>다음 발굴 카드</b> · 발굴지 {s['deck']}장", False) + odds_bars(bars)
            + f"<div><small>{escape(counted)}</small></div>" + provisional
            + "<small>규칙서 TIP: 버린 카드 더미를 잘 살펴본다면, 발굴지에 남은 도둑·모래 폭풍 카드가 몇 장인지 "
              "역계산할 수 있습니다. 발굴지의 나머지는 보물(지도 포함)입니다.</small>")


def dig_odds_from_table(players: int = 4, deck: int = 30, thieves: int = 3, storms: int = 1,
                        long: bool = False, sand_hell: bool = False) -> w.VBox:
    """보물 발굴: player count, variants, cards left in the dig deck and the thieves and sandstorms in
    the discard pile -> the exact odds of thief / sandstorm / treasure next (odds.public_dig_odds)."""
    fields = {"players": player_picker(players), "long": _long_box(long),
              "sand_hell": w.Checkbox(value=sand_hell, description="모래 지옥", indent=False, layout=wide()),
              "deck": _count_box(deck, "발굴지에 남은 카드"), "thieves": _count_box(thieves, "버린 도둑"),
              "storms": _count_box(storms, "버린 모래 폭풍")}
    form = SituationForm(fields, {}, lambda s: dig_html(s), lambda s: ())
    rows = [row(fields["players"], fields["long"], fields["sand_hell"]), row(fields["deck"]),
            row(fields["thieves"], fields["storms"])]
    return _frame("🧱 보물 발굴: 테이블에서 센 대로 다음 카드 확률",
                  "예: 4인 게임, 발굴지 30장, 버린 카드 더미에 도둑 3장과 모래 폭풍 1장이 있는 경우로 열립니다.",
                  rows, form)


# --- 도둑 widget ---------------------------------------------------------------------------------
def thief_html(s: dict) -> str:
    players, variants = s["players"], variants_of(s["long"])
    chances = thief_take_odds(players, variants, s["hand"], s["known"])
    bars = [("알 수 없는 카드" if c is None else f"알고 있는 {C.name(c)}", p,
             UNKNOWN_COLOR if c is None else PALETTE[c]) for c, p in chances.items()]
    unknown = s["hand"] - ms.size(s["known"])
    note = (f"<div><small>알 수 없는 {unknown}장도 알고 있는 종류일 수 있으니, 그 종류를 가져갈 확률은 "
            "적어도 위의 값입니다.</small></div>" if unknown and s["known"] else "")
    return (info(f"<b>지목한 플레이어의 패 {s['hand']}장 중 1장을 무작위로 가져갑니다</b> · 한 장마다 "
                 f"{odds_text(Fraction(1, s['hand']))}", False)
            + odds_bars(bars) + note + rulings(A.READINGS, "thief_targets"))


def thief_odds(players: int = 4, hand: int = 5, known=None, long: bool = False) -> w.VBox:
    """도둑: the number of cards in the victim's hand and the ones the table knows (e.g. taken face up
    from the market) -> the chance the thief takes each known type, and '알 수 없는 카드' for the rest."""
    known = {"mask": 1} if known is None else dict(known)
    fields = {"players": player_picker(players), "long": _long_box(long), "hand": _count_box(hand, "상대 패의 장수")}

    def kinds(s):
        try:
            return C.treasures_in_play(s["players"], variants_of(s.get("long", False)))
        except (IllegalAction, KeyError):
            return C.TREASURES

    form = SituationForm(fields, {"known": ("테이블이 아는 상대의 카드", known)},
                         lambda s: thief_html(s), kinds)
    rows = [row(fields["players"], fields["long"]), row(fields["hand"]), *form.tally_rows()]
    return _frame("🦹 도둑: 지목한 사람에게서 무엇을 가져올까",
                  "예: 상대의 패 5장 중 시장에서 앞면으로 가져간 파라오 가면 1장만 아는 경우로 열립니다. "
                  "테이블이 아는 상대의 카드(시장에서 가져간 카드 등)를 눌러 넣으세요.", rows, form)
