"""The state of a game of 아틀란다이스 and its rules: whose move, what is legal, what an action does.

Heritage counts are lists in the order of components.HERITAGE (gem, book, food, tool, weapon),
which is also the order of the districts: the heritage of district d has index d - 1.
Seats 0..n-1 are the players; in a 2-player game seat 2 is the virtual player.
"""
import json
from fractions import Fraction

from rules.core import CHANCE, TERMINAL, GameState
from rules.core.korean import attach
from rules.atlandice import components as C
from rules.atlandice.actions import (
    Donate, EndDonation, GiveDie, MoveHeritage, MoveSubmarine, RevealBoard, Reroll, RollDie, SetDie,
    TakeDie, TakeHeritage,
)

# Phases. Chance phases are resolved by an outcome, the others by a player's decision.
ROLL, REROLL, REVEAL = "roll", "reroll", "reveal"
PICK, TAKE, INN, WORKSHOP, LIBRARY, DONATION, OVER = (
    "pick", "take", "inn", "workshop", "library", "donation", "over")
CHANCE_PHASES = frozenset({ROLL, REROLL, REVEAL})
PHASE_NAMES = {
    ROLL: "1 - 문 열기 (주사위 굴림)", REROLL: "능력 주사위 굴림", REVEAL: "중간 점수 계산: 새 맨 위 보드 공개",
    PICK: "2 - 지역 방문: 주사위 고르기",
    TAKE: "2 - 지역 방문: 유산 가져오기", INN: "여관 능력", WORKSHOP: "작업장 능력", LIBRARY: "도서관 능력",
    DONATION: "기부 이벤트", OVER: "게임 종료",
}


_FIELDS = ("num_players", "forge_source", "virtual_vp", "first", "phase", "to_roll", "dice", "taken",
           "dice_box", "stacks", "pools", "market", "box", "holdings", "tokens", "won", "boards_box",
           "submarine", "clock", "picks", "gave", "area", "beneficiary", "steps", "source", "emptied",
           "queue", "revealing", "round")
_TYPES = len(C.HERITAGE)
_INDEX = {t: i for i, t in enumerate(C.HERITAGE)}
_BOARD_CACHE = {}

# Every action instance, made once: legal_actions() hands out these very objects.
_ROLL = {f: RollDie(f) for f in range(1, 7)}
_REROLL = {f: Reroll(f) for f in range(1, 7)}
_ROLL_OUTCOMES = [(_ROLL[f], Fraction(1, 6)) for f in range(1, 7)]
_REROLL_OUTCOMES = [(_REROLL[f], Fraction(1, 6)) for f in range(1, 7)]
_TAKE_DIE = {a: TakeDie(a) for a in C.AREAS}
_GIVE_DIE = {a: GiveDie(a) for a in C.AREAS}
_TAKE = [TakeHeritage(t) for t in C.HERITAGE]
_INN = {(i, d): MoveHeritage(t, d) for i, t in enumerate(C.HERITAGE) for d in C.DISTRICTS}
_SUB = {d: MoveSubmarine(d) for d in C.DISTRICTS}
_SET = {(s, t): SetDie(s, t) for s in C.AREAS for t in C.AREAS}
_DONATE = {(i, j): Donate(C.HERITAGE[i], C.HERITAGE[j]) for i in range(_TYPES) for j in range(i, _TYPES)}
_END_DONATION = EndDonation()
INN_DISTRICT, FORGE_DISTRICT = 3, 5


def _board(values: dict):
    key = json.dumps(values, sort_keys=True)
    if key not in _BOARD_CACHE:
        if len(_BOARD_CACHE) > 64:
            _BOARD_CACHE.clear()
        _BOARD_CACHE[key] = C.board_from_values(values)
    return _BOARD_CACHE[key]


def counts(heritage: list) -> dict:
    """{type: count} of a heritage list, without zeros."""
    return {t: n for t, n in zip(C.HERITAGE, heritage) if n}


class State(GameState):
    """An immutable game state: apply() returns a new State and never changes this one."""

    # The fields of _FIELDS, plus board, _legal (cached legal actions) and _fresh (the lists an
    # apply() has already copied) live in the instance __dict__, so that a copy is one dict copy.

    PHASE_NAMES = PHASE_NAMES
    FIELDS = _FIELDS

    # --- protocol ------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase in CHANCE_PHASES:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        if phase == DONATION:
            return self.queue[0]
        return self.picker()

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def chance_outcomes(self) -> list:
        """[(outcome, probability)] of the chance node: one die (six faces of 1/6), or the board that
        comes up on a stack, each clock-hand count as likely as the boards left that show it."""
        if self.phase == ROLL:
            return list(_ROLL_OUTCOMES)
        if self.phase == REROLL:
            return list(_REROLL_OUTCOMES)
        if self.phase == REVEAL:
            d = self.revealing
            hands = [self.board.hands[b] for b in self.stacks[d - 1]]
            return [(RevealBoard(d, h), Fraction(hands.count(h), len(hands))) for h in sorted(set(hands))]
        return []

    def _do(self, action):
        super()._do(action)
        self._fresh = None                 # done: this state is now as immutable as the one it came from

    def scores(self) -> list:
        """Points of each player: VP tokens + 3 per board won + 3/1 per heritage type majority."""
        return [self._points(p) for p in range(self.num_players)]

    def virtual_score(self):
        """The virtual player's points (2 players with virtual_vp=True), else None."""
        if self.virtual() is None or not self.virtual_vp:
            return None
        return self._points(self.virtual())

    def winners(self) -> list:
        """The players with the most points; a tie is a shared victory (the virtual player never wins)."""
        scores = self.scores()
        best = max(scores)
        return [p for p, s in enumerate(scores) if s == best]

    def _json_data(self) -> dict:
        return super()._json_data() | {"board": self.board.values()}

    def _restore(self, data):
        self.board = _board(data["board"])
        self._fresh = None

    def turn_label(self) -> str:
        """The round, counted from 1 as the rulebook's 라운드 (a roll, the visits, the clock, the first player)."""
        return f"{self.round}라운드"

    def __repr__(self):
        return f"<아틀란다이스 {self.num_players}인 시계 {self.clock}칸 {PHASE_NAMES[self.phase]}>"

    # --- what each seat may see --------------------------------------------------------------
    def public_view(self, seat=None, reveal_all=False) -> dict:
        """What `seat` may see (None: the whole table; reveal_all: the staff's view). JSON-able.

        Everything is open (heritage, dice, market, clock, submarine) except the boards under
        each top board, shown as counts (their clock-hand icons stay hidden until they come up, and
        their order is decided only then: the engine does not know it either), and the boards won,
        kept face down and so shown as counts. No seat knows more than the table: `seat` sees what
        None sees. While a new top board is coming up (REVEAL) its icons are None.
        """
        seats = [{"seat": p, "virtual": p == self.virtual(), "heritage": counts(self.holdings[p]),
                  "vp_tokens": self.tokens[p], "dice": self.taken[p],
                  "boards_won": list(self.won[p]) if reveal_all else len(self.won[p])}
                 for p in range(len(self.holdings))]
        districts = []
        for d in C.DISTRICTS:
            stack = self.stacks[d - 1]
            shown = bool(stack) and d != self.revealing
            under = stack[1:] if shown else stack
            districts.append({
                "district": d, "name": C.area_name(d), "boards_left": len(stack),
                "stack": sorted(under) if reveal_all else len(under),
                "stack_hands": [self.board.hands[b] for b in sorted(under)] if reveal_all else None,
                "top_board": stack[0] if shown else None,
                "top_clock_hands": self.board.hands[stack[0]] if shown else None,
                "heritage": counts(self.pools[d - 1]), "dice": self.dice[d - 1],
                "submarine": self.submarine == d})
        return {
            "num_players": self.num_players, "seat": seat, "reveal_all": reveal_all,
            "phase": self.phase, "phase_name": PHASE_NAMES[self.phase],
            "current_player": self.current_player(), "first_player": self.first, "seats": seats,
            "districts": districts,
            "market": {"heritage": counts(self.market), "dice": self.dice[C.MARKET - 1]},
            "box": {"heritage": counts(self.box), "dice": self.dice_box, "boards": len(self.boards_box)},
            "dice_to_roll": self.to_roll, "dice_taken_this_round": self.picks,
            "virtual_given": list(self.gave),
            "submarine": self.submarine, "clock": self.clock, "clock_track": list(self.board.track),
            "black_market_hands": self.board.black_market_hands, "library_ability": self.board.library,
            "visiting": self.area or None, "taking_from": self.source or None,
            "forge_source": self.forge_source, "scores": self.scores(), "virtual_score": self.virtual_score(),
        }

    def describe_action(self, action, seat=None, reveal_all=False, names=None) -> str:
        """Korean text of `action`, about to be applied here (the screens put who does it in front).

        Nothing an action shows is hidden in this game, so every seat reads the same text; a choice made
        for the virtual player says so."""
        if action.kind != "chance" and self.area and self.beneficiary != self.current_player() \
                and not isinstance(action, (TakeDie, GiveDie)):
            return f"(가상 플레이어를 위해) {action.describe()}"
        return action.describe()

    def public_outcomes(self, seat=None, reveal_all=False, names=None) -> list:
        """The chance outcomes as `seat` may tell them apart: [(text, probability, outcomes)].
        A die is rolled and a board comes up in the open, so every outcome is its own entry."""
        return [(self.describe_action(o, seat, reveal_all, names), p, [o]) for o, p in self.chance_outcomes()]

    def inventory(self) -> dict:
        """{component: count} over every zone (players, boards, market, box, dice): never changes."""
        total = {t: 0 for t in C.HERITAGE}
        for zone in self.heritage_zones().values():
            for t, n in zone.items():
                total[t] += n
        total["board"] = (sum(len(s) for s in self.stacks) + sum(len(w) for w in self.won)
                          + len(self.boards_box))
        total["die"] = sum(self.dice) + sum(self.taken) + self.to_roll + self.dice_box
        return total

    def heritage_zones(self) -> dict:
        """Every place heritage can be, as {zone: {type: count}}."""
        z = {"market": counts(self.market), "box": counts(self.box)}
        for d in C.DISTRICTS:
            z[f"district{d}"] = counts(self.pools[d - 1])
        for p, h in enumerate(self.holdings):
            z[f"seat{p}"] = counts(h)
        return z

    # --- helpers for widgets, tests and the book ------------------------------------------
    def virtual(self):
        """The virtual player's seat (2 players), else None."""
        return 2 if self.num_players == 2 else None

    def picker(self) -> int:
        """The player whose visit it is (and who decides for the virtual player)."""
        return (self.first + self.picks) % self.num_players

    def total_picks(self) -> int:
        return 6 if self.num_players == 2 else 2 * self.num_players

    def in_play(self, district: int) -> bool:
        """A district is in play while it has a board left."""
        return bool(self.stacks[district - 1])

    def area_of(self, face: int) -> int:
        """Where a die showing `face` lies: its district, or the market for 6s and retired districts."""
        return face if face <= 5 and self.stacks[face - 1] else C.MARKET

    def top_board(self, district: int):
        stack = self.stacks[district - 1]
        return stack[0] if stack else None

    def heritage_at(self, area: int) -> dict:
        return counts(self._pool(area))

    def held(self, seat: int) -> dict:
        return counts(self.holdings[seat])

    def clock_event(self, space=None) -> str:
        return self.board.track[self.clock if space is None else space]

    def last_die_advance(self, area: int) -> int:
        """Spaces the clock moves when the die left over lies in `area`."""
        if area == C.MARKET:
            return self.board.black_market_hands
        return self.board.hands[self.stacks[area - 1][0]]

    def majority(self, heritage: str, second: bool = True) -> dict:
        """{seat: rank} for one type: 1 for every tied leader, 2 for the second (only with a
        single leader). Holding none never ranks (virtual player included)."""
        i = _INDEX[heritage]
        have = [h[i] for h in self.holdings]
        best = max(have)
        if best == 0:
            return {}
        ranks = {s: 1 for s, n in enumerate(have) if n == best}
        if second and len(ranks) == 1:
            runner = max((n for n in have if n < best), default=0)
            if runner:
                ranks.update({s: 2 for s, n in enumerate(have) if n == runner})
        return ranks

    def final_majority_points(self) -> list:
        """Points per seat from the heritage majorities: 3 for the most, 1 for the second."""
        points = [0] * len(self.holdings)
        for t in C.HERITAGE:
            for s, rank in self.majority(t).items():
                points[s] += 3 if rank == 1 else 1
        return points

    def _points(self, seat: int) -> int:
        return self.tokens[seat] + 3 * len(self.won[seat]) + self.final_majority_points()[seat]

    def _pool(self, area: int) -> list:
        return self.market if area == C.MARKET else self.pools[area - 1]

    # --- legal actions ---------------------------------------------------------------------
    def _decisions(self) -> list:
        phase = self.phase
        if phase == TAKE:
            pool = self._pool(self.source)
            return [_TAKE[i] for i in range(_TYPES) if pool[i]]
        if phase == PICK:
            return self._picks()
        if phase == INN:
            targets = self._inn_targets()
            return [_INN[i, d] for i in range(_TYPES) if self.market[i] for d in targets]
        if phase == WORKSHOP:
            return [_SUB[d] for d in self._submarine_targets()]
        if phase == LIBRARY:
            return [_SET[s, t] for s in C.AREAS if self.dice[s - 1] for t in self._die_targets(s)]
        if phase == DONATION:
            h = self.holdings[self.queue[0]]
            acts = [_DONATE[i, j] for (i, j) in _DONATE if h[i] and h[j] and (i != j or h[i] >= 2)]
            return acts + [_END_DONATION]
        return []

    def _picks(self) -> list:
        areas = [a for a in C.AREAS if self.dice[a - 1]]
        if self.num_players != 2:
            return [_TAKE_DIE[a] for a in areas]
        p = self.picker()
        if self.gave[p]:
            return [_TAKE_DIE[a] for a in areas]
        if self._own_picks(p) == 2:          # the third die must go to the virtual player
            return [_GIVE_DIE[a] for a in areas]
        return [_TAKE_DIE[a] for a in areas] + [_GIVE_DIE[a] for a in areas]

    def _own_picks(self, player: int) -> int:
        """Dice `player` has picked this round (for the virtual player or not)."""
        return sum(1 for i in range(self.picks) if (self.first + i) % self.num_players == player)

    def _inn_targets(self) -> list:
        return [d for d in C.DISTRICTS if d != INN_DISTRICT and self.stacks[d - 1]]

    def _submarine_targets(self) -> list:
        return [d for d in C.DISTRICTS if d != self.submarine and self.stacks[d - 1]]

    def _die_targets(self, source: int) -> list:
        return [t for t in C.AREAS if t != source and (t == C.MARKET or self.stacks[t - 1])]

    def _why_illegal(self, action) -> tuple:
        """(Korean message, rule) for an action that is not legal here."""
        phase = PHASE_NAMES[self.phase]
        if self.phase == OVER:
            return "게임이 이미 끝났습니다", "게임 종료"
        if self.phase in CHANCE_PHASES:
            what = "더미에서 드러날 보드가" if self.phase == REVEAL else "주사위 눈이"
            return f"지금은 {phase}: {what} 무작위로 정해질 차례입니다 ({action})", phase
        if getattr(action, "kind", None) == "chance":
            return f"지금은 {phase} 단계로, 플레이어가 결정할 차례입니다", phase
        if self.phase == PICK and isinstance(action, (TakeDie, GiveDie)):
            return self._why_not_pick(action)
        if self.phase == TAKE and isinstance(action, TakeHeritage):
            where = C.area_name(self.source)
            if action.heritage not in _INDEX:
                return f"알 수 없는 유산입니다: {action.heritage}", "구성품"
            return f"{where}에 {attach(C.name(action.heritage), '이')} 없습니다", "2 - 지역 방문 b) 그 지역의 유산 1개"
        if self.phase == INN and isinstance(action, MoveHeritage):
            rule = "시설 보드 능력: 여관"
            if action.district == INN_DISTRICT:
                return "여관 능력으로는 여관(3번) 보드로 옮길 수 없습니다", rule
            if action.district not in C.DISTRICTS or not self.stacks[action.district - 1]:
                return "남아 있는 시설 보드로만 옮길 수 있습니다", rule
            return f"시장에 {attach(C.NAMES.get(action.heritage, action.heritage), '이')} 없습니다", rule
        if self.phase == WORKSHOP and isinstance(action, MoveSubmarine):
            rule = "시설 보드 능력: 작업장"
            if action.district == self.submarine:
                return "잠수함은 지금 있는 곳과 다른 시설 보드로 옮겨야 합니다", rule
            return "잠수함은 남아 있는 시설 보드(1~5번) 옆으로만 옮길 수 있습니다", rule
        if self.phase == LIBRARY and isinstance(action, SetDie):
            rule = "시설 보드 능력: 도서관 (잠정값)"
            if action.source not in C.AREAS or not self.dice[action.source - 1]:
                return "그 지역에는 남은 주사위가 없습니다", rule
            return "주사위는 다른 지역, 곧 남아 있는 시설이나 시장의 눈으로만 바꿀 수 있습니다", rule
        if self.phase == DONATION and isinstance(action, Donate):
            return "가진 유산 2개를 내야 기부할 수 있습니다", "이벤트 2. 기부"
        return f"지금은 {phase} 단계라 할 수 없는 행동입니다: {action}", phase

    def _why_not_pick(self, action) -> tuple:
        rule = "2 - 지역 방문: 중요"
        if isinstance(action, GiveDie):
            if self.num_players != 2:
                return "가상 플레이어는 2인 게임에만 있습니다", "7. 2인용 규칙"
            if self.gave[self.picker()]:
                return "가상 플레이어에게는 한 라운드에 주사위 1개만 줍니다", "7. 2인용 규칙"
        elif self.num_players == 2 and not self.gave[self.picker()] and self._own_picks(self.picker()) == 2:
            return "세 주사위 중 하나는 가상 플레이어에게 주어야 하므로 이 주사위는 가상 플레이어에게 줍니다", "7. 2인용 규칙"
        return "주사위가 없는 지역은 방문할 수 없습니다", rule

    # --- effects (one method per action class) -------------------------------------------
    def _do_RollDie(self, a):
        dice = self._own("dice")
        dice[self.area_of(a.face) - 1] += 1
        self.to_roll -= 1
        if not self.to_roll:
            self.phase = PICK

    def _do_RevealBoard(self, a):
        stack = self._own_row("stacks", a.district - 1)
        board = next(b for b in stack if self.board.hands[b] == a.hands)
        stack.remove(board)
        stack.insert(0, board)
        self.revealing = 0
        self._next_pick()

    def _do_TakeDie(self, a):
        self._visit(a.area, self.picker())

    def _do_GiveDie(self, a):
        self._own("gave")[self.picker()] = True
        self._visit(a.area, self.virtual())

    def _do_TakeHeritage(self, a):
        i = _INDEX[a.heritage]
        source = self.source
        if source == C.MARKET:
            pool = self._own("market")
        else:
            pool = self._own_row("pools", source - 1)
        pool[i] -= 1
        self._own_row("holdings", self.beneficiary)[i] += 1
        if source != C.MARKET and not any(pool):
            self.emptied = source
        self._own("steps").pop(0)
        self._advance()

    def _do_Reroll(self, a):
        ability = C.ABILITY[self.area]
        if ability == "jeweler" and a.face % 2:
            self._own("steps").insert(0, self.area)
        elif ability == "forge" and a.face == 6:
            self._own("steps").insert(0, C.MARKET if self.forge_source == "market" else FORGE_DISTRICT)
        self._advance()

    def _do_MoveHeritage(self, a):
        i = _INDEX[a.heritage]
        self._own("market")[i] -= 1
        self._own_row("pools", a.district - 1)[i] += 1
        self._advance()

    def _do_MoveSubmarine(self, a):
        self.submarine = a.district
        self._advance()

    def _do_SetDie(self, a):
        dice = self._own("dice")
        dice[a.source - 1] -= 1
        dice[a.target - 1] += 1
        self._advance()

    def _do_Donate(self, a):
        p = self.queue[0]
        held = self._own_row("holdings", p)
        for t in (a.first, a.second):
            i = _INDEX[t]
            held[i] -= 1
            if self.stacks[i]:
                self._own_row("pools", i)[i] += 1     # back onto its district's top board
            else:
                self._own("box")[i] += 1
        self._own("tokens")[p] += 1
        self._next_donor()

    def _do_EndDonation(self, a):
        self._own("queue").pop(0)
        self._next_donor()

    # --- a visit ---------------------------------------------------------------------------
    def _visit(self, area: int, beneficiary: int):
        self._own("dice")[area - 1] -= 1
        self._own("taken")[beneficiary] += 1
        self.area, self.beneficiary, self.emptied = area, beneficiary, 0
        steps = [area]
        if area == self.submarine:
            steps.append(area)                  # the submarine's extra heritage
        if area != C.MARKET:
            steps.append(0)                     # 0: the district's ability
        self.steps = steps
        self._fresh.add("steps")
        self._advance()

    def _advance(self):
        """Run the visit's pending steps up to the next decision or roll; end the visit when done."""
        steps = self.steps
        while steps:
            step = steps[0]
            if step:
                if any(self._pool(step)):
                    self.phase, self.source = TAKE, step
                    return
                self._own("steps").pop(0)
                steps = self.steps
                continue
            self._own("steps").pop(0)
            steps = self.steps
            if self._start_ability():
                return
        self._end_visit()

    def _start_ability(self) -> bool:
        """Enter the visited district's ability; False if it cannot be used (nothing happens)."""
        ability = C.ABILITY[self.area]
        phase = None
        if ability == "jeweler":
            phase = REROLL if any(self.pools[self.area - 1]) else None
        elif ability == "forge":
            source = C.MARKET if self.forge_source == "market" else FORGE_DISTRICT
            phase = REROLL if any(self._pool(source)) else None
        elif ability == "inn":
            phase = INN if any(self.market) and self._inn_targets() else None
        elif ability == "workshop":
            phase = WORKSHOP if self._submarine_targets() else None
        elif ability == "library" and self.board.library == "set_die":
            phase = LIBRARY if any(self._die_targets(s) for s in C.AREAS if self.dice[s - 1]) else None
        if phase is None:
            return False
        self.phase, self.source = phase, 0
        return True

    def _end_visit(self):
        if self.emptied:
            self._deplete(self.emptied)
        self.area, self.beneficiary, self.source, self.emptied = 0, -1, 0, 0
        self.picks += 1
        if self.revealing:
            self.phase = REVEAL
        else:
            self._next_pick()

    def _next_pick(self):
        if self.picks == self.total_picks():
            self._clock_step()
        else:
            self.phase = PICK

    def _deplete(self, district: int):
        """중간 점수 계산: the emptied top board goes to the leader; the heritage comes back."""
        i = district - 1
        have = [h[i] for h in self.holdings]
        stack = self._own_row("stacks", i)
        board = stack.pop(0)
        ranks = self.majority(C.HERITAGE[i])
        leaders = [s for s in self._seat_order() if ranks.get(s) == 1]
        if not leaders:
            self._own("boards_box").append(board)     # nobody holds any: the board leaves the game
        else:
            self._own_row("won", leaders[0]).append(board)
            for s in leaders[1:]:
                self._give_tokens(s, 3)
            for s, rank in ranks.items():
                if rank == 2:
                    self._give_tokens(s, 1)
        total = sum(have)
        for s, n in enumerate(have):
            if n:
                self._own_row("holdings", s)[i] = 0
        market = self._own("market")
        to_market = min(total, max(0, C.MARKET_START - market[i]))
        market[i] += to_market
        rest = total - to_market
        if stack:
            self._own_row("pools", i)[i] += rest
            if len({self.board.hands[b] for b in stack}) > 1:
                self.revealing = district     # which board comes up is a chance step of its own
            return
        box = self._own("box")                           # the third board is gone: the district retires
        box[i] += rest + market[i]
        market[i] = 0
        for d in range(len(C.DISTRICTS)):
            if self.pools[d][i]:
                box[i] += self.pools[d][i]
                self._own_row("pools", d)[i] = 0
        dice = self._own("dice")
        dice[C.MARKET - 1] += dice[i]
        dice[i] = 0

    def _seat_order(self) -> list:
        """Turn order from the visiting player; the virtual player last."""
        n = self.num_players
        order = [(self.picker() + k) % n for k in range(n)]
        return order + ([self.virtual()] if self.virtual() is not None else [])

    def _give_tokens(self, seat: int, n: int):
        if seat != self.virtual() or self.virtual_vp:
            self._own("tokens")[seat] += n

    # --- the clock and the end of a round ------------------------------------------------
    def _clock_step(self):
        last = next(a for a in C.AREAS if self.dice[a - 1])
        self.clock = min(self.clock + self.last_die_advance(last), self.board.last_space)
        if self.clock == self.board.last_space:
            self.phase = OVER
            return
        event = self.board.track[self.clock]
        if event.startswith("check:"):
            for s in self.majority(event[6:], second=False):
                self._give_tokens(s, 1)
        elif event == "donate":
            self.queue = [(self.first + k) % self.num_players for k in range(self.num_players)]
            self._fresh.add("queue")
            self.phase = DONATION
            self._next_donor()
            return
        self._end_round()

    def _next_donor(self):
        queue = self.queue
        while queue and sum(self.holdings[queue[0]]) < 2:
            self._own("queue").pop(0)
            queue = self.queue
        if queue:
            self.phase = DONATION
        else:
            self._end_round()

    def _end_round(self):
        self.first = (self.first + 1) % self.num_players
        self.round += 1
        self._start_round()

    def _start_round(self):
        """Every die in play goes back to the first player, who rolls them all."""
        self.to_roll = sum(self.dice) + sum(self.taken)
        self.dice = [0] * len(C.AREAS)
        self.taken = [0] * len(self.taken)
        self.gave = [False] * len(self.gave)
        self.picks = 0
        self.phase = ROLL

    # --- copying --------------------------------------------------------------------------
    def _copy(self) -> "State":
        new = State.__new__(State)
        new.__dict__ = dict(self.__dict__)
        new._legal = None
        new._fresh = set()
        return new

    def _own(self, field: str) -> list:
        """The list `field` of this new state, copied on its first change (the old state keeps its own)."""
        if field not in self._fresh:
            setattr(self, field, list(getattr(self, field)))
            self._fresh.add(field)
        return getattr(self, field)

    def _own_row(self, field: str, i: int) -> list:
        outer = self._own(field)
        key = (field, i)
        if key not in self._fresh:
            outer[i] = list(outer[i])
            self._fresh.add(key)
        return outer[i]
