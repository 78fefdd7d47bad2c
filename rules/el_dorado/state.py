"""The state of a game of 엘도라도 and its rules: whose move, what is legal, what an action does."""
import json
from fractions import Fraction
from functools import lru_cache

from rules.core import CHANCE, TERMINAL, GameState
from rules.core import multiset as ms
from rules.core.korean import attach
from rules.el_dorado import components as C
from rules.el_dorado.actions import (
    Break, Buy, Discard, Done, Draw, EndTurn, Explore, Move, Pick, Play, Spend, Token, UseToken,
)
from rules.el_dorado.board import board
from rules.el_dorado.readings import QUIET_ROUNDS
from rules.el_dorado.route import steps_to_finish

# Phases of a turn. Draws and cave tokens are chance steps queued in `todo` inside a phase.
PLAY, BUY, DISCARD, OVER = "play", "buy", "discard", "over"
DRAW, CAVE, SELECT = "draw", "cave", "select"     # what stage() reports while `todo` runs
PHASE_NAMES = {
    PLAY: "1단계 카드 사용: 이동", BUY: "1단계 카드 사용: 구매", DISCARD: "2단계 사용한 카드 버리기",
    DRAW: "카드 뽑기", CAVE: "동굴 토큰 뽑기", SELECT: "카드 고르기", OVER: "게임 종료",
}
ELDORADO = "E"     # where a pawn goes once it reaches a finish space
# Purple cards that draw: (cards drawn, cards one may then remove from the hand).
DRAWS = {"cartographer": (2, 0), "compass": (3, 0), "scientist": (1, 1), "travel_log": (2, 2)}


_FIELDS = ("num_players", "path", "caves_variant", "hat", "pawns", "decks", "hands", "discards", "plays",
           "box", "stacks", "slots", "blockades", "blockade_box", "taken", "cave_piles", "unseen", "held",
           "used_tokens", "turn", "phase", "todo", "active", "coins", "bought", "recolor", "pass_occupied",
           "last_item", "ready", "arrived", "turns", "records", "last_progress")


def _lists(value: list) -> list:
    return [list(x) for x in value]


# How State._own() copies a field (the rest are flat lists; _mine() copies a player's zone as well).
_COPY = {"box": dict, "stacks": dict, "unseen": dict, "used_tokens": dict,
         "pawns": _lists, "taken": _lists, "todo": _lists, "ready": _lists, "records": _lists}


class State(GameState):
    """An immutable game state: apply() returns a new State and never changes this one."""

    # No __slots__: _copy() takes the whole __dict__ at once, then copies only what an action changes.
    FIELDS = _FIELDS

    # --- protocol ------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.todo and self.todo[0][0] in (DRAW, CAVE):
            return CHANCE
        return self.turn

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def stage(self) -> str:
        """The phase as PHASE_NAMES keys it, the queued draws, cave tokens and picks included."""
        if self.phase != OVER and self.todo:
            head = self.todo[0][0]
            return SELECT if head in ("trash", "replace") else head
        return self.phase

    def chance_outcomes(self) -> list:
        """[(outcome, probability)] of the chance node, exact fractions summing to 1."""
        if self.current_player() != CHANCE:
            return []
        if self._chances is None:
            pile = self.decks[self.turn] if self.todo[0][0] == DRAW else self.unseen
            # the outcomes are the legal actions as well: apply() need not list them again
            self._chances, self._legal = _uniform(pile, Draw if self.todo[0][0] == DRAW else Token)
        return list(self._chances)

    def _do(self, action):
        if action.kind != "chance":
            self.last_item = None          # 도구 보존 only answers the very decision after an item
        super()._do(action)
        self._settle()

    def phase_name(self) -> str:
        return PHASE_NAMES[self.stage()]

    def turn_label(self) -> str:
        """Which round of turns this is, from the hat holder round to the last seat (the rulebook's 차례
        of every player once), and whether it is the last one."""
        done = self.turns - 1 - (self.turn - self.hat) % self.num_players     # turns of earlier rounds
        label = f"{max(0, done) // self.num_players + 1}번째 바퀴"
        return label + " (마지막 바퀴)" if self.arrived else label

    def scores(self) -> list:
        """Pawns each player has brought into El Dorado (the race itself has no points)."""
        return [sum(1 for h in pawns if h == ELDORADO) for pawns in self.pawns]

    def winners(self) -> list:
        """Among the players who arrived: most blockades, then the highest blockade, then the first to arrive.
        A race nobody can finish (READINGS["no_way_forward"]): the fewest spaces left, then the blockades."""
        if not self.arrived:
            if not self.stalled():
                return []
            def near(p):
                return (-self.spaces_left(p), len(self.taken[p]), max(self.taken[p], default=0))
            top = max(near(p) for p in range(self.num_players))
            return [p for p in range(self.num_players) if near(p) == top]
        def rank(p):
            return (len(self.taken[p]), max(self.taken[p], default=0), -self.arrived.index(p))
        best = max(rank(p) for p in self.arrived)
        return [p for p in self.arrived if rank(p) == best]

    def stalled(self) -> bool:
        """Whether the game ended with nobody in El Dorado (READINGS["no_way_forward"])."""
        return self.phase == OVER and not self.arrived

    def quiet_turns(self) -> int:
        """Turns in a row, this one included, with no progress yet (READINGS["no_way_forward"])."""
        return self.turns - self.last_progress

    def spaces_left(self, player: int) -> int:
        """The fewest spaces from the player's pawns to El Dorado, added up (0 for a pawn already there)."""
        steps = steps_to_finish(self._board)
        return sum(0 if h == ELDORADO else steps.get(h, 99) for h in self.pawns[player])

    def _progress(self) -> None:
        self.last_progress = self.turns

    @classmethod
    def from_json(cls, text: str):
        data = json.loads(text)
        if "records" not in data:       # saved before READINGS["no_way_forward"]: the count starts now
            steps = steps_to_finish(board(data["path"]))
            data["records"] = [[0 if h == ELDORADO else steps.get(h, 99) for h in pawns] for pawns in data["pawns"]]
            data["last_progress"] = data["turns"] - 1
            text = json.dumps(data)
        return super().from_json(text)

    def _restore(self, data):
        self._chances = self._item = None
        self._board = board(self.path)

    def __repr__(self):
        return f"<엘도라도 {self.num_players}인 플레이어 {self.turn + 1} {PHASE_NAMES[self.stage()]}>"

    # --- helpers for widgets, tests and the book ------------------------------------------
    @property
    def board(self):
        return self._board

    def last_seat(self) -> int:
        """The player on the hat holder's right: the last one of each round."""
        return (self.hat - 1) % self.num_players

    def zones(self) -> dict:
        """Every place a component can be, as {zone: {component: count}}; the totals never change."""
        z = {"box": self.box, "market": self.stacks,
             "tokens:unseen": _tagged(self.unseen, "token"), "tokens:used": _tagged(self.used_tokens, "token"),
             "blockades:board": {f"blockade:{b}": 1 for b in self.blockades if b is not None},
             "blockades:box": {f"blockade:{b}": 1 for b in self.blockade_box}}
        for p in range(self.num_players):
            for f in ("decks", "hands", "discards", "plays"):
                z[f"{f[:-1]}{p}"] = getattr(self, f)[p]
            z[f"tokens{p}"] = _tagged(self.held[p], "token")
            z[f"blockades{p}"] = {f"blockade:{b}": 1 for b in self.taken[p]}
        return z

    def inventory(self) -> dict:
        """{component: count} over every zone (the box included): the same at every step of a game."""
        total = {}
        for zone in self.zones().values():
            for c, n in zone.items():
                ms.add(total, c, n)
        return total

    def public_view(self, seat=None, reveal_all=False) -> dict:
        """What `seat` may see (None: the whole table; reveal_all: the staff's private view).

        Hands, decks and the face-down cave tokens appear as counts; a seat sees its own hand. The
        discard piles, play areas, market, box, blockades and cave tokens taken are face up. JSON-able.
        """
        def mine(p):
            return reveal_all or p == seat

        players = []
        for p in range(self.num_players):
            players.append({"pawns": list(self.pawns[p]),
                            "hand": dict(self.hands[p]) if mine(p) else ms.size(self.hands[p]),
                            "deck": dict(self.decks[p]) if reveal_all else ms.size(self.decks[p]),
                            "discard": dict(self.discards[p]), "play": dict(self.plays[p]),
                            "blockades": list(self.taken[p]), "tokens": dict(self.held[p])})
        return {"num_players": self.num_players, "path": self.path, "caves_variant": self.caves_variant,
                "hat": self.hat, "turn": self.turn, "phase": self.stage(), "current_player": self.current_player(),
                "seat": seat, "reveal_all": reveal_all, "players": players,
                "market": {"slots": list(self.slots), "stacks": dict(self.stacks)}, "box": dict(self.box),
                "blockades": list(self.blockades), "caves": list(self.cave_piles),
                "hidden_tokens": dict(self.unseen) if reveal_all else ms.size(self.unseen),
                "used_tokens": dict(self.used_tokens),
                "active": list(self.active) if self.active else None, "coins": str(Fraction(self.coins, 2)),
                "bought": self.bought, "arrived": list(self.arrived), "todo": [list(t) for t in self.todo],
                "scores": self.scores()}

    def describe_action(self, action, seat=None, reveal_all=False, names=None) -> str:
        """Korean text of `action`, about to be applied here, as `seat` may read it: a card drawn
        is known to its drawer only; everything else (cave tokens included) is played face up."""
        who = names[self.turn] if names else f"플레이어 {self.turn + 1}"
        if isinstance(action, Draw) and not (reveal_all or seat == self.turn):
            return f"{attach(who, '이')} 탐험 카드 더미에서 카드 1장을 뽑았습니다 (무엇인지는 뽑은 사람만 압니다)"
        return action.describe()

    def pawn_hexes(self) -> dict:
        """{hex: (player, pawn)} of every pawn still on the map."""
        return {h: (p, i) for p, pawns in enumerate(self.pawns) for i, h in enumerate(pawns) if h != ELDORADO}

    def available(self) -> list:
        """Market cards one could buy now, ignoring the price: the board's stacks, and while a slot
        is empty, the stacks above the board too."""
        on_board = [c for c in self.slots if c is not None]
        if len(on_board) < C.MARKET_SLOTS:
            return sorted(self.stacks)
        return sorted(c for c in on_board if self.stacks.get(c))

    def open_seam(self, seam: int) -> bool:
        return self.blockades[seam] is None

    def adjacent_caves(self, h: str) -> list:
        """Caves next to h and not cut off by a blockade still in place."""
        b = self._board
        out = []
        for i, cave in enumerate(b.caves):
            if h in b.cave_next[cave]:
                seam = b.seam_of.get((h, cave))
                if seam is None or self.blockades[seam] is None:
                    out.append(i)
        return out

    # --- legal actions ---------------------------------------------------------------------
    def _decisions(self) -> list:
        hand = sorted(self.hands[self.turn])
        if self.todo:
            head = self.todo[0]
            picks = [_act(Pick, c) for c in hand] if head[1] > 0 else []
            return picks + [_DONE]
        if self.phase == DISCARD:
            return [_act(Discard, c) for c in hand] + [_DONE]
        acts = self._moves() if self.phase == PLAY else []
        if self.phase == PLAY and self.caves_variant:
            acts += [_act(Explore, i, c) for i, caves in enumerate(self.ready) for c in caves if self.cave_piles[c]]
        held = tuple(sorted(self.held[self.turn]))
        market = tuple(sorted(self.stacks)) if "transmitter" in hand else ()
        key = (tuple(hand), held, market, self.last_item is not None, self.pass_occupied, self.phase == PLAY,
               self.recolor, self.bought)
        cards = _CARD_ACTIONS.get(key)
        if cards is None:
            cards = _store(_CARD_ACTIONS, key, tuple(_card_actions(*key)))
        acts += cards
        if not self.bought and self.coins >= 2 * _CHEAPEST:   # no coins yet (the usual case): nothing to look up
            acts += [_act(Buy, c) for c in self.available() if 2 * C.COST[c] <= self.coins]
        acts.append(_END_TURN)
        return acts

    def _moves(self) -> list:
        b = self._board
        t = self.turn
        a = self.active
        occupied = () if self.pass_occupied else {h for pawns in self.pawns for h in pawns}
        paid = self._payments()
        acts = []
        for i, h in enumerate(self.pawns[t]):
            if h == ELDORADO:
                continue
            going = a if a and a[3] == i else None      # this pawn's card in play
            seams = set()
            targets = []
            for n, seam, terrain, req in b.exits(h):
                if seam is not None and self.blockades[seam] is not None:
                    seams.add(seam)
                elif n not in occupied:
                    targets.append((Move, n, terrain, req))
            targets += [(Break, seam, *C.BLOCKADES[self.blockades[seam]]) for seam in sorted(seams)]
            for kind, target, terrain, req in targets:
                ways = paid.get((terrain, req))
                if ways is None:
                    ways = paid[(terrain, req)] = tuple(_paid_from(self.hands[t], self.held[t], self.recolor,
                                                                   terrain, req))
                going_on = going is not None and going[1] == C.SYMBOL_OF.get(terrain) and going[2] >= req
                if going_on:
                    acts.append(_act(kind, i, target, ""))
                acts += [_act(kind, i, target, pay) for pay in ways]
        return acts

    def _payments(self) -> dict:
        """{(terrain, requirement): every way to pay it with a new card or token}, filled in as spaces ask:
        one table for each hand, tokens and 기호 바꾸기 (the same hands come back again and again)."""
        t = self.turn
        key = (self.recolor, tuple(sorted(self.hands[t].items())), tuple(sorted(self.held[t].items())))
        table = _PAID.get(key)
        if table is None:
            table = _store(_PAID, key, {})
        return table

    def _why_illegal(self, action) -> tuple:
        """(Korean message, rule) for an action that is not legal here."""
        stage = PHASE_NAMES[self.stage()]
        if self.phase == OVER:
            return "게임이 이미 끝났습니다", "게임 종료"
        if self.current_player() == CHANCE:
            return f"지금은 {stage}: 무작위로 정해질 차례입니다 ({action})", stage
        if action.kind == "chance":
            return f"지금은 {stage} 단계로, 플레이어가 결정할 차례입니다", stage
        if self.todo:
            return "먼저 지금 쓰는 효과의 카드 고르기를 마쳐야 합니다", stage
        if isinstance(action, (Move, Break)):
            return self._why_not_move(action)
        if isinstance(action, Buy):
            if self.bought:
                return "탐험 카드는 한 차례에 최대 1장까지만 살 수 있습니다", "B-탐험 카드 구매"
            if action.card not in C.COST or C.COST[action.card] is None:
                return f"시장에서 팔지 않는 카드입니다: {action.card}", "시장 준비"
            if action.card not in self.available():
                return ("시장판에 빈칸이 있을 때만 시장판 위쪽의 카드를 살 수 있습니다"
                        if self.stacks.get(action.card) else f"{C.name(action.card)} 카드가 시장에 남아 있지 않습니다",
                        "나머지 탐험 카드는 어떻게 구매해야 하나요?")
            return (f"낸 금화가 {Fraction(self.coins, 2)}개인데 {C.name(action.card)}의 가격은 금화 "
                    f"{C.COST[action.card]}개입니다", "B-탐험 카드 구매")
        if isinstance(action, Spend):
            if self.bought:
                return "이미 카드를 샀으므로 더 낼 금화가 필요 없습니다 (남은 금화는 버려집니다)", "B-탐험 카드 구매"
            return f"손에 그 카드나 금화 토큰이 없습니다: {action.pay}", "B-탐험 카드 구매"
        if isinstance(action, Explore):
            return ("동굴은 자기 차례에 동굴과 인접한 칸으로 이동해 멈췄을 때만, 그 동굴 토큰이 남아 있으면 탐험할 수 "
                    "있습니다", "동굴 토큰")
        if isinstance(action, (Play, UseToken, Pick, Discard)):
            return f"지금 할 수 없는 효과입니다: {action}", stage
        if isinstance(action, Done):
            return "지금은 고르기를 마칠 단계가 아닙니다", stage
        if isinstance(action, EndTurn):
            return "지금은 카드 사용 단계가 아닙니다", stage
        return f"지금은 {stage} 단계라 할 수 없는 행동입니다: {action}", stage

    def _why_not_move(self, action) -> tuple:
        rule = "A-모험가 말 이동하기"
        b = self._board
        if self.phase != PLAY:
            return "구매를 시작한 뒤에는 말을 이동할 수 없습니다 (카드는 이동에 먼저 쓰고 남은 카드로 구매)", "1단계: 카드 사용하기"
        pawns = self.pawns[self.turn]
        if not isinstance(action.pawn, int) or not 0 <= action.pawn < len(pawns) or pawns[action.pawn] == ELDORADO:
            return "움직일 수 있는 자기 말이 아닙니다", rule
        h = pawns[action.pawn]
        if isinstance(action, Break):
            if not isinstance(action.seam, int) or not 0 <= action.seam < len(self.blockades):
                return "그런 장애물은 없습니다", "장애물"
            if self.blockades[action.seam] is None:
                return "이 장애물은 이미 누군가 극복해 가져갔습니다", "장애물"
            if h not in b.blockade_seams[action.seam]["near"] + b.blockade_seams[action.seam]["far"]:
                return "장애물은 그 장애물과 맞닿은 칸에 있는 말로만 극복할 수 있습니다", "장애물"
            terrain, req = C.BLOCKADES[self.blockades[action.seam]]
            return self._why_not_pay(action.pawn, terrain, req, action.pay, "장애물")
        to = action.to
        if to not in b.neighbours.get(h, ()):
            return f"{to} 칸은 말이 있는 {h} 칸과 인접하지 않습니다", rule
        if b.terrain[to] == "mountain":
            return "산 칸으로는 절대 이동할 수 없습니다", "주의! 산"
        if b.terrain[to] == "start":
            return "시작 칸으로는 다시 들어갈 수 없습니다", "해석: 시작 칸"
        seam = b.seam_of.get((h, to))
        if seam is not None and self.blockades[seam] is not None:
            return "장애물을 먼저 극복해야 건너편 타일로 이동할 수 있습니다", "장애물"
        if to in self.pawn_hexes() and not self.pass_occupied:
            return "다른 모험가 말(2명 게임에서는 자기 다른 말도)이 있는 칸으로는 이동할 수 없습니다", "주의! 말이 있는 칸"
        return self._why_not_pay(action.pawn, b.terrain[to], b.req[to], action.pay, rule)

    def _why_not_pay(self, pawn, terrain, req, pay, rule) -> tuple:
        if terrain in C.SYMBOL_OF:
            symbol = C.SYMBOL_OF[terrain]
            need = f"{C.SYMBOL_NAMES[symbol]} {req}"
            if pay == "":
                a = self.active
                if not a:
                    return "내고 남은 탐험치가 없습니다: 카드를 새로 내야 합니다", rule
                if a[3] != pawn:
                    return "한 카드의 탐험치를 두 모험가 말에 나눠서 쓸 수 없습니다", "2명 게임 규칙"
                if a[1] != symbol:
                    return (f"남은 탐험치는 {C.SYMBOL_NAMES[a[1]]}인데 이 칸에는 {C.SYMBOL_NAMES[symbol]}가 필요합니다 "
                            "(한 카드는 한 차례에 한 종류의 탐험치만)", rule)
                return (f"남은 탐험치 {a[2]}로는 {need}인 칸에 갈 수 없습니다 (탐험치끼리는 더할 수 없습니다)", "주의: 탐험치 더하기 금지")
            if pay in C.POWER and C.POWER[pay] and self.hands[self.turn].get(pay):
                if symbol not in C.symbols(pay) and not self.recolor:
                    return f"{C.name(pay)}에는 {C.SYMBOL_NAMES[symbol]} 탐험치가 없습니다", rule
                return f"{C.name(pay)}의 탐험치 {C.POWER[pay]}로는 {need}인 칸에 갈 수 없습니다", rule
            return f"이 칸에는 {need} 이상의 카드 1장이 필요합니다", rule
        if terrain in ("rubble", "basecamp"):
            return (f"{C.TERRAIN_NAMES[terrain]}에는 손에서 카드 정확히 {req}장을 내야 합니다",
                    "자갈밭, 베이스캠프")
        return "그 칸으로는 이동할 수 없습니다", rule

    # --- effects (one method per action class) -------------------------------------------
    def _pay(self, pawn: int, terrain: str, req: int, pay: str) -> None:
        """Spend `pay` on a space or blockade of this terrain (the legality is already checked)."""
        if pay == "":
            a = self.active
            self.active = [a[0], a[1], a[2] - req, a[3]]      # a new list: the old state shares the old one
            return
        self.active = None
        if pay.startswith("cards:"):
            dest = self._own("box") if terrain == "basecamp" else self._mine("plays")
            hand = self._mine("hands")
            for c in pay[6:].split("+"):
                ms.remove(hand, c)
                ms.add(dest, c)
            return
        if pay.startswith("tok:"):
            token = pay[4:]
            ms.remove(self._mine("held"), token)
            ms.add(self._own("used_tokens"), token)
            if token != "native":
                symbol, power = C.TOKEN_POWER[token]
                self.active = [pay, symbol, power - req, pawn]
            return
        if pay == "native":
            ms.remove(self._mine("hands"), pay)
            ms.add(self._mine("plays"), pay)
            return
        symbol = C.SYMBOL_OF[terrain]
        self._use_card(pay, effect=True)
        self.recolor = False
        self.active = [pay, symbol, C.POWER[pay] - req, pawn]

    def _use_card(self, card: str, effect: bool) -> None:
        """A hand card into the play area, or into the box when a single-use card's effect is used."""
        ms.remove(self._mine("hands"), card)
        if effect and C.SINGLE_USE[card]:
            ms.add(self._own("box"), card)
            self.last_item = card
        else:
            ms.add(self._mine("plays"), card)

    def _do_Move(self, a):
        b = self._board
        self._pay(a.pawn, b.terrain[a.to], b.req[a.to], a.pay)
        pawns = self._own("pawns")[self.turn]
        before = set(self.adjacent_caves(pawns[a.pawn])) if self.caves_variant else set()
        steps = 0 if a.to in b.finish else steps_to_finish(b).get(a.to, 99)
        if steps < self.records[self.turn][a.pawn]:
            self._own("records")[self.turn][a.pawn] = steps
            self._progress()
        if a.to in b.finish:
            pawns[a.pawn] = ELDORADO
            self.active = None
            self._own("ready")[a.pawn] = []
            if all(h == ELDORADO for h in pawns):
                self._own("arrived")
                if not self.arrived and self.turn == self.last_seat():
                    self.phase = OVER
                self.arrived.append(self.turn)
            return
        pawns[a.pawn] = a.to
        if self.caves_variant:
            self._own("ready")[a.pawn] = [c for c in self.adjacent_caves(a.to) if c not in before]

    def _do_Break(self, a):
        terrain, req = C.BLOCKADES[self.blockades[a.seam]]
        self._pay(a.pawn, terrain, req, a.pay)
        before = [set(self.adjacent_caves(h)) if h != ELDORADO else set() for h in self.pawns[self.turn]]
        self._own("taken")[self.turn].append(self.blockades[a.seam])
        self._progress()
        self._own("blockades")[a.seam] = None
        if self.caves_variant:
            ready = self._own("ready")
            for i, h in enumerate(self.pawns[self.turn]):
                if h != ELDORADO:
                    ready[i] += [c for c in self.adjacent_caves(h) if c not in before[i]]

    def _do_Explore(self, a):
        self._own("ready")[a.pawn].remove(a.cave)
        self.active = None
        self._own("cave_piles")[a.cave] -= 1
        self._own("todo").insert(0, [CAVE, a.cave])

    def _do_Token(self, a):
        ms.remove(self._own("unseen"), a.token)
        ms.add(self._mine("held"), a.token)
        self._own("todo").pop(0)

    def _do_Draw(self, a):
        ms.remove(self._mine("decks"), a.card)
        ms.add(self._mine("hands"), a.card)
        self._own("todo")[0][1] -= 1

    def _do_Play(self, a):
        card = a.card
        self._use_card(card, effect=True)
        if card == "transmitter":
            self._take_from_market(a.target)
            self._progress()
            ms.add(self._mine("discards"), a.target)
            return
        draws, trash = DRAWS[card]
        queued = [[DRAW, draws]] + ([["trash", trash]] if trash else [])
        self._own("todo")[:0] = queued

    def _do_UseToken(self, a):
        item = self._item
        ms.remove(self._mine("held"), a.token)
        ms.add(self._own("used_tokens"), a.token)
        if a.token == "draw":
            self._own("todo").insert(0, [DRAW, 1])
        elif a.token == "remove":
            ms.remove(self._mine("hands"), a.card)
            ms.add(self._own("box"), a.card)
        elif a.token == "replace":
            self._own("todo").insert(0, ["replace", 4, 0])
        elif a.token == "keep_item":
            ms.remove(self._own("box"), item)
            ms.add(self._mine("plays"), item)
        elif a.token == "pass_occupied":
            self.pass_occupied = True
        elif a.token == "change_symbol":
            self.recolor = True

    def _do_Pick(self, a):
        head = self._own("todo")[0]
        ms.remove(self._mine("hands"), a.card)
        if head[0] == "trash":
            ms.add(self._own("box"), a.card)
        else:
            ms.add(self._mine("plays"), a.card)
            head[2] += 1
        head[1] -= 1
        if head[1] == 0 and head[0] == "trash":
            self.todo.pop(0)
        elif head[1] == 0:
            self._do_Done(a)

    def _do_Done(self, a):
        if self.todo:
            head = self._own("todo").pop(0)
            if head[0] == "replace" and head[2]:
                self.todo.insert(0, [DRAW, head[2]])
            return
        t = self.turn
        _move_all(self._mine("plays"), self._mine("discards"))
        if self.arrived and t == self.last_seat():
            self.phase = OVER
            return
        if not self.arrived and self.quiet_turns() >= QUIET_ROUNDS * self.num_players:
            self.phase = OVER           # READINGS["no_way_forward"]: nobody can finish the race
            return
        self.todo = [[DRAW, max(0, C.HAND_SIZE - ms.size(self.hands[t]))], ["next", 0]]

    def _do_Spend(self, a):
        self.active = None
        self.phase = BUY
        if a.pay.startswith("tok:"):
            ms.remove(self._mine("held"), a.pay[4:])
            ms.add(self._own("used_tokens"), a.pay[4:])
            self.coins += 2 * C.TOKEN_POWER[a.pay[4:]][1]
            return
        card = a.pay
        as_power = C.POWER[card] and ("coin" in C.symbols(card) or self.recolor)
        if as_power:
            self.coins += 2 * C.POWER[card]
            self.recolor = False
        else:
            self.coins += 1
        self._use_card(card, effect=bool(as_power))

    def _do_Buy(self, a):
        self._take_from_market(a.card)
        ms.add(self._mine("discards"), a.card)
        self.bought = True
        self._progress()
        self.coins = 0
        self.phase = BUY
        self.active = None

    def _take_from_market(self, card: str) -> None:
        slots = self._own("slots")
        if card not in slots and None in slots:
            slots[slots.index(None)] = card
        ms.remove(self._own("stacks"), card)
        if card not in self.stacks and card in slots:
            slots[slots.index(card)] = None

    def _do_EndTurn(self, a):
        self.active = None
        self.phase = DISCARD
        if not self.hands[self.turn]:
            self._do_Done(a)

    def _do_Discard(self, a):
        ms.remove(self._mine("hands"), a.card)
        ms.add(self._mine("discards"), a.card)

    # --- between steps ---------------------------------------------------------------------
    def _settle(self) -> None:
        """Run what needs no decision: finished draws, reshuffles, the start of the next turn."""
        while self.todo and self.phase != OVER:
            head = self.todo[0]
            if head[0] == DRAW:
                t = self.turn
                if head[1] <= 0:
                    self._own("todo").pop(0)
                elif not self.decks[t]:
                    if self.discards[t]:          # 탐험 카드 더미가 비면 버린 카드 더미를 섞어 새 더미로
                        _move_all(self._mine("discards"), self._mine("decks"))
                    else:
                        self._own("todo").pop(0)  # nothing left to draw
                else:
                    return
            elif head[0] == "next":
                self._own("todo").pop(0)
                self._start_turn((self.turn + 1) % self.num_players)
            else:
                return

    def _start_turn(self, player: int) -> None:
        self.turn = player
        self.turns += 1
        self.phase = PLAY
        self.active, self.coins, self.bought = None, 0, False
        self.recolor = self.pass_occupied = False
        self.last_item = None
        self.ready = [[] for _ in self.pawns[player]]

    def _copy(self) -> "State":
        """A new State sharing every field with this one: _own() and _mine() copy a field on its first change
        (`active` is replaced, never changed)."""
        new = State.__new__(State)
        new.__dict__ = self.__dict__.copy()      # (faster than update() into the new, empty __dict__)
        new._owned = set()
        new._legal = new._chances = None
        new._item = self.last_item
        return new

    def _own(self, field: str):
        """The field of this new state, copied before its first change (the old state keeps its own)."""
        if field in self._owned:
            return getattr(self, field)
        self._owned.add(field)
        value = _COPY.get(field, list)(getattr(self, field))
        setattr(self, field, value)
        return value

    def _mine(self, field: str) -> dict:
        """The player on turn's {card: count} in `field` (decks, hands, discards, plays or held), copied
        before its first change."""
        t = self.turn
        key = (field, t)
        if key in self._owned:
            return getattr(self, field)[t]
        self._owned.add(key)
        zones = self._own(field)
        zone = zones[t] = dict(zones[t])
        return zone


_CHEAPEST = min(C.COST[c] for c in C.MARKET_CARDS)       # in coins
_CACHE_LIMIT = 50_000   # entries each cache below may hold: a long-running server starts a full one afresh


def _store(cache: dict, key, value):
    """cache[key] = value (returned), after emptying the cache if it is full."""
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    cache[key] = value
    return value


@lru_cache(maxsize=_CACHE_LIMIT)
def _act(kind, *args):
    """The action kind(*args), made once: actions never change, and the same few are listed as legal
    again and again (making a frozen dataclass costs more than finding it, and a hit costs no Python call)."""
    return kind(*args)


_DONE, _END_TURN = _act(Done), _act(EndTurn)      # in nearly every list of legal actions
_PAID = {}         # the payments of a hand (State._payments)


def _paid_from(hand: dict, held: dict, recolor: bool, terrain: str, req: int) -> list:
    """The ways to pay a space (or blockade) with cards of `hand` and tokens of `held` (not the card in play)."""
    out = []
    if terrain in C.SYMBOL_OF:
        symbol = C.SYMBOL_OF[terrain]
        for c in sorted(hand):
            power = C.POWER[c]
            if power and power >= req and (recolor or symbol in C.symbols(c)):
                out.append(c)
        for t in sorted(held):
            tp = C.TOKEN_POWER.get(t)
            if tp and tp[0] == symbol and tp[1] >= req:
                out.append("tok:" + t)
    else:
        for combo in ms.sub_multisets(hand, req):
            out.append("cards:" + "+".join(c for c, n in combo for _ in range(n)))
    if "native" in hand:
        out.append("native")
    if "native" in held:
        out.append("tok:native")
    return out


def _card_actions(hand: tuple, held: tuple, market: tuple, item_used: bool, passing: bool, moving: bool,
                  recolor: bool, bought: bool):
    """The Play, UseToken and Spend actions of a hand (card kinds, sorted) and held tokens (kinds, sorted);
    market: the stacks 송신기 may take from."""
    for c in hand:
        if C.COLOUR[c] == "purple" and c != "native":
            if c == "transmitter":
                yield from (_act(Play, c, t) for t in market)
            else:
                yield _act(Play, c)
    for t in held:
        if t == "remove":
            yield from (_act(UseToken, t, c) for c in hand)
        elif t == "keep_item":
            if item_used:
                yield _act(UseToken, t)
        elif t == "pass_occupied":
            if not passing and moving:
                yield _act(UseToken, t)
        elif t == "change_symbol":
            if not recolor:
                yield _act(UseToken, t)
        elif t in ("draw", "replace"):
            yield _act(UseToken, t)
    if not bought:
        yield from (_act(Spend, c) for c in hand)
        yield from (_act(Spend, "tok:" + t) for t in held if t.startswith("coin"))


_CARD_ACTIONS = {}      # the same hands and tokens come back again and again: their actions are kept
_UNIFORM = {}


def _uniform(cards: dict, outcome) -> tuple:
    """One item from a face-down pile: ((outcome, probability) pairs, outcomes), each kind in proportion
    to its copies (the same few piles come back again and again, so each is worked out once)."""
    key = (outcome, tuple(sorted(cards.items())))
    out = _UNIFORM.get(key)
    if out is None:
        total = ms.size(cards)
        outcomes = tuple([_act(outcome, c) for c, _ in key[1]])
        out = _store(_UNIFORM, key, (tuple(zip(outcomes, [_share(n, total) for _, n in key[1]])), outcomes))
    return out


@lru_cache(maxsize=_CACHE_LIMIT)
def _share(n: int, total: int) -> Fraction:
    """Fraction(n, total), kept: piles differ far more often than their sizes do, and a Fraction is slow to make."""
    return Fraction(n, total)


def _tagged(tokens: dict, tag: str) -> dict:
    return {f"{tag}:{k}": n for k, n in tokens.items()}


def _move_all(src: dict, dst: dict) -> None:
    for c, n in src.items():
        ms.add(dst, c, n)
    src.clear()
