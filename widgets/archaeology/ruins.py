"""유적 탐험: the setup of each ruin tile, and an explorer that plays one ruin through engine actions."""
import random
from collections import Counter
from html import escape

import ipywidgets as w

from rules import archaeology as A
from rules.archaeology import bots, components as C, odds
from rules.core import CHANCE, TERMINAL, IllegalAction, sample_chance
from widgets.archaeology.board import ROMAN, board_html
from widgets.archaeology.cards import pile, provisional_mark, trade_note
from widgets.archaeology.sandstorm import cheapest_loss
from widgets.common import LABEL, button, error, info, odds_text, row, wide


def notation(ruin: str) -> str:
    """The rulebook's setup notation, e.g. 'Ⅰ(2), Ⅱ(5), Ⅲ(8)'."""
    tile = C.ruin(ruin)
    text = ", ".join(f"{ROMAN[i]}({n})" for i, n in enumerate(tile["chambers"]))
    return text + (f" + 별도의 보물 카드 덱({tile['pile']})" if tile["pile"] else "")


def tile_html(ruin: str) -> str:
    """The tile as printed: brown circles (chambers) with their card counts, and the maps it costs."""
    tile = C.ruin(ruin)
    circles = "".join(
        f'<svg width="64" height="78" viewBox="0 0 64 78" role="img" aria-label="{ROMAN[i]}번 방 {n}장">'
        f'<circle cx="32" cy="32" r="28" fill="#8b5a2b" stroke="#4a2c10" stroke-width="3"/>'
        f'<text x="32" y="41" font-size="24" text-anchor="middle" fill="#fff" font-weight="bold">{n}</text>'
        f'<text x="32" y="74" font-size="13" text-anchor="middle">{ROMAN[i]}번 방</text></svg>'
        for i, n in enumerate(tile["chambers"]))
    extra = (f'<div><small>별도의 보물 카드 덱 {tile["pile"]}장 (뒷면) · 방의 카드는 앞면으로 놓습니다</small></div>'
             if tile["pile"] else "<div><small>방의 카드는 뒷면으로 놓습니다</small></div>")
    return (f'<div style="border:1px solid #c8a165;border-radius:8px;padding:6px;max-width:100%">'
            f'<b>{escape(tile["name"])}</b> · 준비 {escape(notation(ruin))} · 탐험에 지도 🧭 {tile["maps"]}장'
            f'<div style="display:flex;flex-wrap:wrap;gap:4px">{circles}</div>{extra}</div>')


def deal(ruin: str, seed: int) -> A.State:
    """A real 2-player deal of this ruin (from `seed`), player 1 also holding maps and playing first.

    The dig deck stays in, so turns go on as in a game: after "턴 마치기" the opponent plays its turn
    and player 1 digs again."""
    dealt = A.new_game(num_players=2, seed=seed, ruin=ruin)
    maps = min(C.COPIES["map"], 3 * C.ruin(ruin)["maps"])
    hands = [dict(h) for h in dealt.hands]
    hands[0]["map"] = maps
    deck = dict(dealt.deck)
    deck["map"] -= maps
    return A.scenario(players=2, ruin=ruin, hands=hands, market=dealt.market, chambers=dealt.chambers,
                      pile=dealt.pile, deck=deck)


def opponent(state, rng):
    """The opponent ends its turn as soon as it may: the widget is about player 1's exploring."""
    actions = state.legal_actions()
    if A.EndTurn() in actions:
        return A.EndTurn()
    if state.phase == "tent":
        return A.UseTent(False)
    if state.phase == "bury":
        return cheapest_loss(state)
    return bots.greedy_bot(state, rng)


MAX_OPPONENT_STEPS = 500
# Action kinds the explorer draws with its own controls; any other legal action gets a plain button.
OWN_CONTROLS = {"explore", "peek", "trade"}


class Explorer:
    """Widget state: the engine state, a seeded RNG for chance nodes, and what the user saw.

    Player 1 explores; the opponent (player 2) plays its turns by itself. Every change is an engine
    action, chance outcomes included, so the game goes on as at a table."""

    def __init__(self, ruin: str, seed: int = 1):
        self.ruin, self.seed = ruin, seed
        self.table = w.HTML(layout=w.Layout(max_width="100%"))
        self.controls = w.VBox(layout=w.Layout(max_width="100%"))
        self.message = w.HTML()
        self.log = w.HTML()
        self.show_all = w.Checkbox(value=False, description="방 속 카드 보기 (연습용)", indent=False)
        self.show_all.observe(lambda _: self.render(), "value")
        self.seed_label = w.HTML()
        kinds = C.chamber_treasures(2)
        options = [(C.name(k), k) for k in kinds]
        self.named = [w.Dropdown(options=options, value=kinds[i], description=f"선언 {i + 1}", layout=wide())
                      for i in (0, 1)]
        for d in self.named:
            d.observe(lambda _: self.render(), "value")
        self.keep = w.Dropdown(description="가져갈 카드", style=LABEL, layout=wide())
        self.widget = w.VBox([
            w.HTML(tile_html(ruin)),
            row(self.seed_label, button("다시 섞기", self.reshuffle), self.show_all),
            self.table, self.controls, self.message, self.log],
            layout=w.Layout(max_width="100%", border="1px solid #ddd", padding="4px"))
        self.reset()

    # --- state changes --------------------------------------------------------------
    def reset(self):
        self.rng = random.Random(self.seed)
        self.state = deal(self.ruin, self.seed)
        self.lines, self.revealed = [], []
        self.message.value = info("방을 골라 탐험해 보세요. 지도가 모자라거나 규칙에 어긋나면 엔진이 이유를 알려 줍니다.")
        self.render()

    def reshuffle(self):
        self.seed += 1
        self.reset()

    def act(self, action) -> bool:
        """Apply one action; on IllegalAction show the engine's Korean reason and keep the state."""
        try:
            text = self.state.describe_action(action, seat=0)
            who = "상대" if self.state.turn == 1 else "나"
            self.state = self.state.apply(action)
        except IllegalAction as exc:
            self.message.value = error(str(exc))
            return False
        self.lines.append(f"{who}: {text}")
        self.message.value = ""
        return True

    def resolve_chance(self):
        """Chance nodes of player 1's exploring (mine, sphinx, ruin refill) drawn from the seeded RNG;
        a dig waits for its button, so the user sees each card turned."""
        notes = []
        while self.state.current_player() == CHANCE and self.state.phase != "dig":
            if self.state.phase == "refill":
                chances = ", ".join(f"{C.name(o.card)} {odds_text(p)}" for o, p in self.state.chance_outcomes())
                notes.append(f"{ROMAN[self.state.refill_next]}번 방 보충 확률: {chances}")
            outcome = sample_chance(self.state, self.rng)
            if self.state.phase == "mine_reveal":
                self.revealed.append(outcome.card)
            self.act(outcome)
        return notes

    def play_opponent(self):
        """The opponent's moves, up to player 1's next dig or decision."""
        for _ in range(MAX_OPPONENT_STEPS):
            s = self.state
            player = s.current_player()
            if player in (0, TERMINAL) or (player == CHANCE and s.turn == 0 and s.phase == "dig"):
                return
            self.act(sample_chance(s, self.rng) if player == CHANCE else opponent(s, self.rng))

    def explore(self, chamber: int, named=()):
        self.revealed = []
        if self.act(A.Explore(chamber, tuple(named))):
            self.resolve_chance()
            self.after_explore()
        self.render()

    def after_explore(self):
        s = self.state
        if self.ruin == "mine" and s.phase != "mine":
            total = A.trade_value(Counter(self.revealed))
            self.message.value = (error(f"공개한 카드의 교환 가치 합계 {total} > {C.MINE_LIMIT}: "
                                        "발굴이 강제 중단되어 아무것도 가져가지 못합니다.")
                                  if s.last_bust else info("방의 카드를 모두 공개해 모두 가져갔습니다."))

    def mine(self, more: bool):
        if not self.act(A.MineContinue() if more else A.MineStop()):
            return self.render()
        if more:
            self.resolve_chance()
            self.after_explore()
        else:
            self.message.value = info(f"멈췄습니다: 공개한 {len(self.revealed)}장을 모두 가져갑니다.")
        self.render()

    def sphinx(self):
        kinds = C.chamber_treasures(2)
        pair = sorted((d.value for d in self.named), key=kinds.index)
        self.explore(0, pair)

    def peek(self, chamber: int):
        if self.act(A.Peek(chamber)):
            seen = dict(self.state.seen[self.state.turn][str(chamber)])
            self.message.value = info(f"판매한 플레이어만 본 {ROMAN[chamber]}번 방:", False) + pile(seen, 50)
        self.render()

    def keep_cards(self):
        if self.keep.value is not None:
            self.act(self.keep.value)
        self.render()

    def do(self, action):
        """Any other engine action (dig, end of turn, sale, thief, tent, sandstorm loss)."""
        if self.act(action):
            notes = self.resolve_chance()
            self.play_opponent()
            if notes:
                self.message.value = info("<br>".join(escape(n) for n in notes), False)
        self.render()

    def dig(self, card=None):
        """Player 1's dig: the engine draws, or (파묻힌 폐허) the user says the card is a 모래 폭풍."""
        self.do(A.Draw(card) if card else sample_chance(self.state, self.rng))

    # --- drawing -----------------------------------------------------------------------
    def render(self):
        s = self.state
        self.seed_label.value = f"<small>섞은 번호(seed) {self.seed}</small>"
        self.table.value = board_html(s, show_chambers=True if self.show_all.value else None)
        self.controls.children = self.control_rows()
        self.log.value = ("<small><b>기록</b><br>" + "<br>".join(escape(x) for x in self.lines[-12:]) + "</small>"
                          if self.lines else "")

    def control_rows(self) -> list:
        s = self.state
        if s.phase == "tomb":
            room = s.chambers[s.chamber]
            options = [(a.describe(), a) for a in s.legal_actions()]
            if list(self.keep.options) != options:   # keep the user's pick across redraws
                self.keep.options, self.keep.index = options, 0
            return [w.HTML(f"<small>{ROMAN[s.chamber]}번 방의 카드 (탐험한 플레이어만 봅니다)</small>" + pile(room, 50)),
                    row(self.keep, button("가져가기", self.keep_cards, "primary"))]
        if s.phase == "mine":
            total = A.trade_value(s.revealed)
            return [w.HTML(f"<small>공개한 카드</small>{pile(s.revealed, 50)}"
                           f"<div>교환 가치 합계 <b>{total}</b> / {C.MINE_LIMIT} · 다음 카드로 초과할 확률 "
                           f"<b>{odds_text(odds.mine_bust_chance(s))}</b>"
                           f"{provisional_mark(odds.mine_bust_kinds(s), 'trade')}</div>{trade_note(odds.mine_bust_kinds(s))}"),
                    row(button("한 장 더", lambda: self.mine(True), "warning"),
                         button("멈추기", lambda: self.mine(False), "success"))]
        if s.phase == "over":
            return [w.HTML(info("모든 패가 비어 게임이 끝났습니다. '다시 섞기'로 새로 시작하세요."))]
        if s.phase == "dig":
            rows = [w.HTML("<div>플레이어 1의 턴: 먼저 보물을 발굴합니다.</div>"),
                    row(button("발굴 (엔진이 뽑기)", self.dig, "primary"))]
            if self.ruin == "buried" and s.deck.get("sandstorm"):
                rows.append(row(button("모래 폭풍이 나왔다고 하기", lambda: self.dig("sandstorm"), "danger")))
            return rows
        legal = s.legal_actions()
        rows = []
        if s.phase == "actions" and s.turn == 0:
            maps = s.hands[0].get("map", 0)
            rows.append(w.HTML(f"<div>플레이어 1 차례 · 지도 {maps}장 · 탐험 1회에 {s.maps_needed()}장 · "
                               f"이번 턴 탐험: {'함' if s.explored else '아직'}</div>"))
            if self.ruin == "sphinx":
                rows += self.sphinx_rows()
            else:
                rows.append(row(*[button(f"{ROMAN[i]}번 방 탐험", lambda i=i: self.explore(i), "primary")
                                   for i in range(len(s.chambers))]))
            if self.ruin == "mine" and s.chambers[0]:
                rows.append(w.HTML(f"<small>첫 카드로 바로 합계 {C.MINE_LIMIT} 초과가 될 확률: "
                                   f"{odds_text(odds.mine_bust_chance(s))}</small>"
                                   f"{provisional_mark(odds.mine_bust_kinds(s), 'trade')}{trade_note(odds.mine_bust_kinds(s))}"))
            if self.ruin == "temple":
                rows.append(row(*[button(f"{ROMAN[i]}번 방 엿보기", lambda i=i: self.peek(i))
                                  for i in range(len(s.chambers))]))
        rows += self.other_rows([a for a in legal if a.kind not in OWN_CONTROLS])
        return rows

    def other_rows(self, actions) -> list:
        """Every other legal action, so the explorer can always go on: sales as one menu, the rest as buttons."""
        sales = [a for a in actions if isinstance(a, A.Sell)]
        rest = [a for a in actions if not isinstance(a, A.Sell)]
        rows = []
        if sales:
            menu = w.Dropdown(options=[(a.describe(), a) for a in sales], description="판매", style=LABEL, layout=wide())
            rows.append(row(menu, button("박물관에 판매", lambda: self.do(menu.value))))
        labels = {A.EndTurn(): "턴 마치기 (상대 턴이 이어집니다)"}
        if rest:
            rows.append(row(*[button(labels.get(a, a.describe()), lambda a=a: self.do(a)) for a in rest]))
        return rows

    def sphinx_rows(self) -> list:
        room, kinds = self.state.chambers[0], C.chamber_treasures(2)
        named = [d.value for d in self.named]
        ranking = odds.best_sphinx_names(room, kinds)[:5]
        table = "".join(f"<tr><td>{C.name(a)} + {C.name(b)}</td><td>{float(e):.2f}장</td></tr>"
                        for e, (a, b) in ranking)
        return [row(*self.named),
                w.HTML(f"<div>이 선언의 기대 획득 장수: <b>{float(odds.sphinx_expected_haul(room, named)):.2f}장</b> "
                       f"<small>(방의 카드를 안다고 할 때)</small></div>"
                       f"<details><summary>선언 순위 (상위 5)</summary><table>{table}</table></details>"),
                button("선언하고 5장 공개", self.sphinx, "primary")]


def explorer(ruin: str, seed: int = 1) -> w.VBox:
    """The explorer of one ruin tile (one per section of the 유적 탐험 page)."""
    return Explorer(ruin, seed).widget
