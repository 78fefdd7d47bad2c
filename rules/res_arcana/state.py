"""The state of a game of 레즈 아르카나 and its rules: whose move, what is legal, what an action does.

Everything that happens is a *task* on a stack (`tasks`, top = last). A task is a small JSON dict
{"t": kind, "p": player, ...}. Automatic tasks run at once; a decision task waits for its player
(a reaction waits for the rival who reacts); a chance task waits for a random outcome. With the
stack empty it is the turn player's main decision of the action phase.

The rules are spread over mixins that State is built from: what is legal (choices.py), what a
decision does (effects.py) and the automatic task steps (tasks.py); the phases and task kinds are in
phases.py and the readings of the rulebook in readings.py. This module keeps the fields, the
protocol, the views and the low-level moves, and re-exports the names other modules import from it.
"""
from fractions import Fraction

from rules.core import CHANCE, TERMINAL, GameState
from rules.core.korean import attach
from rules.res_arcana import components as C
from rules.res_arcana.actions import ChooseMage, DraftPick, Draw, MonumentDraw, Order
from rules.res_arcana.choices import E5, Choices, payable
from rules.res_arcana.effects import Effects
from rules.res_arcana.phases import ACTIONS, CHANCE_TASKS, COLLECT, OVER, PHASE_NAMES, SETUP, TASK_NAMES
from rules.res_arcana.readings import READINGS
from rules.res_arcana.tasks import Tasks

__all__ = ["State", "READINGS", "PHASE_NAMES", "TASK_NAMES", "CHANCE_TASKS", "SETUP", "COLLECT", "ACTIONS", "OVER",
           "payable", "E5"]

_FIELDS = ("num_players", "variants", "round", "phase", "first", "token_taken", "turn", "passed", "pool",
           "mage", "mage_options", "item", "hand", "deck", "top", "discard", "play", "turned", "on",
           "items_free", "mon_up", "mon_deck", "mon_top", "mon_known", "places", "box", "supply",
           "draft", "draft_next", "tasks", "scratch", "statue", "final")


class State(Choices, Effects, Tasks, GameState):
    """An immutable game state: apply() returns a new State and never changes this one."""

    __slots__ = _FIELDS + ("_legal", "_owned")
    PHASE_NAMES = PHASE_NAMES
    FIELDS = _FIELDS

    # --- protocol ------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.tasks:
            top = self.tasks[-1]
            return CHANCE if top["t"] in CHANCE_TASKS else top["p"]
        return TERMINAL if self.phase == OVER else self.turn

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def chance_outcomes(self) -> list:
        """[(outcome, probability)] of the chance node: each face-down card equally likely."""
        if not self.tasks or self.tasks[-1]["t"] not in CHANCE_TASKS:
            return []
        t = self.tasks[-1]
        if t["t"] == "mon_draw" or (t["t"] == "look" and t["which"] == "monuments"):
            pile, outcome = self.mon_deck, MonumentDraw
        else:
            pile, outcome = self.deck[t["p"]], Draw
        p = Fraction(1, len(pile))
        return [(outcome(c), p) for c in pile]

    def _do(self, action):
        super()._do(action)
        self._run()                        # the tasks an action leaves run until a decision is due

    def scores(self) -> list:
        if self.final is not None:
            return list(self.final)
        return [self.vp(p) for p in range(self.num_players)]

    def winners(self) -> list:
        """Most VP; a tie goes to the most essences in the pool (금 counts 2); still tied: shared."""
        scores = self.scores()
        ranking = [(s, self.tiebreak(p)) for p, s in enumerate(scores)]
        best = max(ranking)
        return [p for p, r in enumerate(ranking) if r == best]

    def tiebreak(self, p: int) -> int:
        pool = self.pool[p]
        return sum(pool.values()) + pool["G"]

    def _restore(self, data):
        self._owned = set()

    def __repr__(self):
        return f"<레즈 아르카나 {self.num_players}인 {self.round}라운드 {PHASE_NAMES[self.phase]}>"

    # --- helpers for widgets, tests and the book ------------------------------------------
    def turn_label(self) -> str:
        """The rulebook counts a game in rounds (수집 → 액션 → 승점 확인); setup comes before round 1."""
        return f"{self.round}라운드" if self.round else ""

    def phase_name(self) -> str:
        if self.tasks:
            return TASK_NAMES.get(self.tasks[-1]["t"], PHASE_NAMES[self.phase])
        return PHASE_NAMES[self.phase]

    def components_of(self, p: int) -> list:
        """Every component player p has in front of them: mage, magic item, then what they placed."""
        return [c for c in (self.mage[p], self.item[p]) if c] + self.play[p]

    def owner(self, c: str):
        for p in range(self.num_players):
            if c == self.mage[p] or c == self.item[p] or c in self.play[p]:
                return p
        return None

    def essences_on(self, c: str) -> dict:
        return self.on.get(c, {})

    def vp(self, p: int) -> int:
        """Victory points now: artifacts, monuments, places (base + formula), token, 황금 조각상."""
        total = self.statue[p] + (C.TOKEN_VP if self.first == p else 0)
        for c in self.play[p]:
            total += C.VP[c]
            formula = C.VP_ON.get(c)
            if formula == "beasts":
                total += sum(C.is_creature(a) + 2 * C.is_dragon(a) for a in self.play[p])
            elif formula:
                total += self.on.get(c, {}).get(formula, 0)
        return total

    def zones(self) -> dict:
        """Every place a component can be, as {zone: [components]}."""
        z = {"box": self.box, "items_free": self.items_free, "mon_up": self.mon_up, "mon_deck": self.mon_deck,
             "mon_top": self.mon_top, "places": self.places}
        for p in range(self.num_players):
            z[f"mage{p}"] = [self.mage[p]] if self.mage[p] else []
            z[f"item{p}"] = [self.item[p]] if self.item[p] else []
            for f in ("mage_options", "hand", "deck", "top", "discard", "play", "draft", "draft_next"):
                z[f"{f}{p}"] = getattr(self, f)[p]
        return z

    def inventory(self) -> dict:
        """{component or essence: count} over every zone (box and supply included); never changes."""
        inv = {}
        for cards in self.zones().values():
            for c in cards:
                inv[c] = inv.get(c, 0) + 1
        for e in E5:
            inv[e] = (self.supply[e] + sum(pool[e] for pool in self.pool)
                      + sum(on.get(e, 0) for on in self.on.values()))
        return inv

    def public_view(self, seat=None, reveal_all=False) -> dict:
        """What `seat` may see (None: the whole table; reveal_all: the staff's private view).

        Hands, decks (with the known tops), the monument deck, the mage options, the draft packets
        and the box appear only as counts; a seat sees its own, and its undrawn deck as an unordered
        list (not in the first-game variant, whose 5 dealt cards are unseen). Mages are shown once everyone has
        chosen. Play areas, turned components, essences, discard piles (face up) are public. JSON-able.
        """
        def mine(p):
            return reveal_all or p == seat

        chosen = not any(t["t"] == "mage" for t in self.tasks)
        players = []
        for p in range(self.num_players):
            view = {"pool": dict(self.pool[p]), "item": self.item[p], "play": list(self.play[p]),
                    "discard": list(self.discard[p]), "passed": self.passed[p], "vp": self.vp(p),
                    "hand": len(self.hand[p]), "deck": len(self.deck[p]) + len(self.top[p]),
                    "mage": self.mage[p] if chosen or mine(p) else (None if self.mage[p] is None else "?"),
                    "mage_options": len(self.mage_options[p]), "draft": len(self.draft[p]),
                    "draft_next": len(self.draft_next[p])}
            if mine(p):
                view.update(hand_cards=sorted(self.hand[p]), deck_top=list(self.top[p]),
                            mage_option_cards=list(self.mage_options[p]), draft_cards=list(self.draft[p]))
            if p == seat and not reveal_all and "first_game" not in self.variants:
                # each player looked at their 8 dealt cards (setup step 6); the draw order stays unknown
                view["deck_known"] = sorted(self.deck[p])
            if reveal_all:
                view.update(deck_cards=list(self.deck[p]), draft_next_cards=list(self.draft_next[p]))
            players.append(view)
        knows = reveal_all or (seat is not None and seat in self.mon_known)
        top = self.tasks[-1] if self.tasks else None
        view = {
            "game": "res_arcana", "round": self.round, "phase": self.phase, "phase_name": self.phase_name(),
            "seat": seat, "reveal_all": reveal_all,
            "first_player": self.first, "token_passed": self.token_taken, "turn": self.turn,
            "current_player": self.current_player(), "players": players, "turned": list(self.turned),
            "on": {c: dict(e) for c, e in self.on.items()}, "items_free": list(self.items_free),
            "monuments_face_up": list(self.mon_up), "monument_deck": len(self.mon_deck) + len(self.mon_top),
            "monument_deck_top": list(self.mon_top) if knows else [], "places": list(self.places),
            "box": len(self.box), "supply": dict(self.supply), "statue": list(self.statue),
            "pending": None if top is None else {"task": top["t"], "player": top.get("p"),
                                                  "life": top.get("n") if top["t"] == "react" else None},
            "final": self.final,
        }
        if reveal_all:
            view.update(monument_deck_cards=list(self.mon_deck), box_cards=list(self.box))
        return view

    def describe_action(self, action, seat=None, reveal_all=False, names=None) -> str:
        """Korean text of `action`, about to be applied here, as `seat` may read it.

        A card drawn or looked at is known to its deck's owner only, a draft pick to the picker, a
        mage choice to the chooser (until all have chosen), a new deck order to who set it. A
        monument taken from the deck or turned face up is public.
        """
        def who(p):
            return names[p] if names else f"플레이어 {p + 1}"

        t = self.tasks[-1] if self.tasks else {"t": None, "p": self.turn}
        p = t.get("p")
        if reveal_all or seat == p:
            return action.describe()
        if isinstance(action, Draw):
            return f"{attach(who(p), '이')} 유물 카드 1장을 {'보았' if t['t'] == 'look' else '뽑았'}습니다"
        if isinstance(action, MonumentDraw) and t["t"] == "look":
            return f"{attach(who(p), '이')} 기념물 카드 더미의 카드 1장을 보았습니다"
        if isinstance(action, DraftPick):
            return f"{attach(who(p), '이')} 드래프트에서 카드 1장을 골랐습니다"
        if isinstance(action, ChooseMage):
            return f"{attach(who(p), '이')} 마법사를 골랐습니다 (모두 고른 뒤 공개)"
        if isinstance(action, Order):
            return f"{attach(who(p), '이')} 본 카드를 원하는 순서로 되돌려 놓습니다"
        return action.describe()

    # --- low-level moves -----------------------------------------------------------------
    def _gain(self, p, ess, from_supply=True):
        pool = self.pool[p]
        for e, n in ess.items():
            pool[e] += n
            if from_supply:
                self.supply[e] -= n

    def _spend(self, p, ess):
        pool = self.pool[p]
        for e, n in ess.items():
            if n:
                pool[e] -= n
                self.supply[e] += n

    def _put(self, c, ess):
        on = dict(self.on.get(c, {}))
        for e, n in ess.items():
            on[e] = on.get(e, 0) + n
            self.supply[e] -= n
        self.on[c] = on

    def _remove_on(self, c, ess):
        on = dict(self.on[c])
        for e, n in ess.items():
            on[e] -= n
            self.supply[e] += n
            if not on[e]:
                del on[e]
        if on:
            self.on[c] = on
        else:
            del self.on[c]

    def _turn(self, c):
        if c not in self.turned:
            self.turned.append(c)

    def _destroy(self, p, c):
        """From play to its owner's discard pile; essences on it go back to the supply."""
        self._w("play", p).remove(c)
        self._w("discard", p).append(c)
        if c in self.turned:
            self.turned.remove(c)
        if c in self.on:
            self._remove_on(c, self.on[c])

    def _w(self, field: str, p: int) -> list:
        """Player p's list in `field`, copied the first time this state changes it (copy on write)."""
        key = (field, p)
        lists = getattr(self, field)
        if key not in self._owned:
            self._owned.add(key)
            lists[p] = list(lists[p])
        return lists[p]

    def _copy(self) -> "State":
        new = State.__new__(State)
        new.num_players, new.variants, new.round, new.phase = self.num_players, self.variants, self.round, self.phase
        new.first, new.token_taken, new.turn, new.final = self.first, self.token_taken, self.turn, self.final
        new.passed, new.mage, new.item, new.statue = list(self.passed), list(self.mage), list(self.item), list(self.statue)
        new.pool = [dict(x) for x in self.pool]
        new.mage_options, new.hand, new.deck = list(self.mage_options), list(self.hand), list(self.deck)
        new.top, new.discard, new.play = list(self.top), list(self.discard), list(self.play)
        new.draft, new.draft_next = list(self.draft), list(self.draft_next)
        new.turned, new.on, new.items_free = list(self.turned), dict(self.on), list(self.items_free)
        new.mon_up, new.mon_deck, new.mon_top = list(self.mon_up), list(self.mon_deck), list(self.mon_top)
        new.mon_known, new.places, new.box = list(self.mon_known), list(self.places), list(self.box)
        new.supply, new.tasks, new.scratch = dict(self.supply), list(self.tasks), self.scratch
        new._legal, new._owned = None, set()
        return new
