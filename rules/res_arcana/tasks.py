"""The automatic steps of 레즈 아르카나: `_run` and one `_auto_<task>` method per task kind, which either
does the task (True) or leaves it waiting for a decision or a chance outcome (False). A mixin of State
(state.py), apart from what is legal (choices.py) and what a decision does (effects.py)."""
from rules.res_arcana import components as C
from rules.res_arcana.actions import Accept, LookAt, PickCard, Rival, Target, Waive
from rules.res_arcana.choices import payable
from rules.res_arcana.phases import ACTIONS, COLLECT, OVER


class Tasks:
    """The automatic task steps of State (a mixin: State keeps the fields)."""

    __slots__ = ()

    # --- automatic tasks -------------------------------------------------------------------
    def _run(self):
        """Run automatic tasks until a decision or a chance outcome is needed (or the game ends)."""
        self._legal = None
        tasks = self.tasks
        while tasks:
            t = tasks[-1]
            if not getattr(self, "_auto_" + t["t"])(t):
                return

    def _auto_draft(self, t):
        return False

    def _auto_mage(self, t):
        return False

    def _auto_item(self, t):
        return False

    def _auto_take(self, t):
        return False

    def _auto_statue(self, t):
        return False

    def _auto_look_choice(self, t):
        decks = self._look_decks(t["p"])
        if len(decks) == 1:
            self._do_LookAt(LookAt(decks[0]))
            return True
        if not decks:
            self.tasks.pop()
            return True
        return False

    def _auto_target(self, t):
        if not t["opts"]:
            self.tasks.pop()
            return True
        if len(t["opts"]) == 1:
            self._do_Target(Target(t["opts"][0]))
            return True
        return False

    def _auto_pick(self, t):
        if not t["opts"]:
            self.tasks.pop()
            return True
        if len(t["opts"]) == 1:
            self._do_PickCard(PickCard(t["opts"][0]))
            return True
        return False

    def _auto_rival(self, t):
        if self.num_players == 2:
            self._do_Rival(Rival(1 - t["p"]))
            return True
        return False

    def _auto_convert(self, t):
        return False

    def _auto_into(self, t):
        return False

    def _auto_forge(self, t):
        if self.pool[t["p"]]["D"]:
            return False
        self.tasks.pop()
        self._turn(t["c"])
        return True

    def _auto_react(self, t):
        if len(self._opts_react(t)) == 1:
            self._do_Accept(Accept())
            return True
        return False

    def _auto_lose(self, t):
        opts = self._opts_lose(t)
        if len(opts) == 1:
            self._do_Lose(opts[0])
            return True
        return False

    def _auto_order(self, t):
        if t["k"] <= 1:
            self.tasks.pop()
            return True
        return False

    def _auto_pay(self, t):
        if t["waive"]:
            cap = sum(t["wfix"].values()) + t["wany"]
            if t["waive"] >= cap:
                t = self._top()
                t["fix"] = {e: n - t["wfix"].get(e, 0) for e, n in t["fix"].items() if n - t["wfix"].get(e, 0)}
                t["any"] -= t["wany"]
                t["waive"], t["wfix"], t["wany"] = 0, {}, 0
                return True
            opts = self._waive_options(t)
            if len(opts) > 1:
                return False
            if opts:
                self._do_Waive(Waive(opts[0]))
            else:
                self._top()["waive"] = 0
            return True
        if t["any"]:
            opts = self._opts_pay(t)
            pool, fix = self.pool[t["p"]], t["fix"]
            if len(opts) > 1 and sum(pool[a.essence] - fix.get(a.essence, 0) for a in opts) > t["any"]:
                return False
            self._do_Pay(opts[0])    # one type left, or every essence left must be paid anyway
            return True
        self.tasks.pop()
        self._spend(t["p"], t["fix"])
        return True

    def _auto_gain_any(self, t):
        allow = t["allow"][t.get("min", 0):]
        if len(allow) > 1:
            return False
        self.tasks.pop()
        ess = {allow: t["n"]}
        if t.get("dest"):
            self._put(t["dest"], ess)
        else:
            self._gain(t["p"], ess)
        return True

    def _auto_gain(self, t):
        self.tasks.pop()
        if t.get("dest"):
            self._put(t["dest"], t["ess"])
        else:
            self._gain(t["p"], t["ess"])
        return True

    def _auto_put_paid(self, t):
        self.tasks.pop()
        self._put(t["dest"], {self.scratch["paid"]: 1})
        return True

    def _auto_rivals_gain(self, t):
        self.tasks.pop()
        for q in range(self.num_players):
            if q != t["p"]:
                self._gain(q, t["ess"])
        return True

    def _auto_attack(self, t):
        self.tasks.pop()
        n = self.num_players
        victims = [(t["p"] + k) % n for k in range(1, n)]
        for q in reversed(victims):
            if not self.passed[q]:
                self.tasks.append({"t": "react", "p": q, "n": t["n"], "opt": t["opt"], "dragon": t["dragon"]})
        return True

    def _auto_draw(self, t):
        p = t["p"]
        if self.top[p]:
            self.tasks.pop()
            self._w("hand", p).append(self._w("top", p).pop(0))
            return True
        if self.deck[p]:
            return False
        if self.discard[p]:
            self.deck[p] = sorted(self.discard[p])
            self.discard[p] = []
            return False
        self.tasks.pop()          # nothing left to draw
        i = len(self.tasks) - 1
        while i >= 0 and self.tasks[i]["t"] == "draw" and self.tasks[i]["p"] == p:
            i -= 1
        if i >= 0 and self.tasks[i]["t"] == "discard_hand" and self.tasks[i]["p"] == p:
            del self.tasks[i]     # 점술 discards as many cards as it drew (divination_discard)
        return True

    def _auto_discard_hand(self, t):
        self.tasks.pop()
        hand = sorted(set(self.hand[t["p"]]))
        if hand:
            self.tasks.append({"t": "pick", "p": t["p"], "what": "discard", "opts": hand})
        return True

    def _auto_look(self, t):
        p, which = t["p"], t["which"]
        top, deck = (self.mon_top, self.mon_deck) if which == "monuments" else (self.top[p], self.deck[p])
        if len(top) >= C.LOOK_COUNT or not (deck or (which == "own" and self.discard[p])):
            self.tasks.pop()
            self.tasks.append({"t": "order", "p": p, "which": which, "k": min(C.LOOK_COUNT, len(top))})
            return True
        if not deck:
            self.deck[p] = sorted(self.discard[p])
            self.discard[p] = []
        return False

    def _auto_mon_draw(self, t):
        if self.mon_top:
            self.tasks.pop()
            self._monument_arrives(t, self.mon_top.pop(0))
            if not self.mon_top:
                self.mon_known = []
            return True
        if self.mon_deck:
            return False
        self.tasks.pop()          # an empty monument deck refills nothing
        return True

    def _auto_straighten_self(self, t):
        self.tasks.pop()
        self.turned.remove(t["c"])
        return True

    def _auto_gain_x(self, t):
        self.tasks.pop()
        self._gain(t["p"], {"G": self.scratch["x"]})
        return True

    def _auto_gain_cost(self, t):
        self.tasks.pop()
        n = self.scratch.get("cost_total", 0) + t["plus"]
        if n:
            if len(t["allow"]) == 1:
                self._gain(t["p"], {t["allow"]: n})
            else:
                self.tasks.append({"t": "gain_any", "p": t["p"], "n": n, "allow": t["allow"]})
        return True

    def _auto_mirror(self, t):
        self.tasks.pop()
        n = self.pool[self.scratch["rival"]][t["count"]]
        if n:
            self._gain(t["p"], {t["get"]: n})
        return True

    def _auto_enter(self, t):
        self.tasks.pop()
        p, c, src = t["p"], t["c"], t["src"]
        (self._w("hand", p) if src == "hand" else self._w("discard", int(src[7:]))).remove(c)
        self._w("play", p).append(c)
        return True

    def _auto_check(self, t):
        """A victory check: offer 황금 조각상 where it could matter, then judge."""
        self.tasks.pop()
        self.tasks.append({"t": "judge", "p": t["p"], "why": t["why"]})
        n = self.num_players
        for q in reversed([(self.first + k) % n for k in range(n)]):
            if "golden_statue" in self.play[q] and self._usable_statue(q):
                self.tasks.append({"t": "statue", "p": q})
        return True

    def _usable_statue(self, q) -> bool:
        power = C.POWERS["golden_statue"][0]
        return ("golden_statue" not in self.turned and payable(self.pool[q], power["cost"])
                and self.vp(q) + power["effect"][0][1] >= C.WIN_VP)

    def _auto_judge(self, t):
        self.tasks.pop()
        scores = [self.vp(p) for p in range(self.num_players)]
        self.statue = [0] * self.num_players
        if max(scores) >= C.WIN_VP:
            self.final = scores
            self.phase = OVER
            self.tasks.clear()
        return True

    def _auto_next_turn(self, t):
        self.tasks.pop()
        n = self.num_players
        if all(self.passed):
            self.tasks.append({"t": "new_round", "p": self.first})
            self.tasks.append({"t": "check", "p": self.first, "why": "round"})
            return True
        turn = (self.turn + 1) % n
        while self.passed[turn]:
            turn = (turn + 1) % n
        self.turn = turn
        return True

    def _auto_new_round(self, t):
        """No winner: straighten everything, flip the token and items back, collect again."""
        self.tasks.pop()
        self.turned = []
        self.passed = [False] * self.num_players
        self.token_taken = False
        self.round += 1
        self.turn = self.first
        self.phase = COLLECT
        n = self.num_players
        self.tasks.append({"t": "start_actions", "p": self.first})
        for q in reversed([(self.first + k) % n for k in range(n)]):
            self.tasks.append({"t": "collect", "p": q})
        return True

    def _auto_start_actions(self, t):
        self.tasks.pop()
        self.phase = ACTIONS
        self.turn = self.first
        return True

    def _auto_collect(self, t):
        """One player's collect phase: take/leave decisions first, then collect abilities, then costs."""
        self.tasks.pop()
        p = t["p"]
        comps = self.components_of(p)
        self.tasks.append({"t": "collect_gains", "p": p})
        for c in reversed(comps):
            if self.on.get(c):
                self.tasks.append({"t": "take", "p": p, "c": c})
        return True

    def _auto_collect_gains(self, t):
        self.tasks.pop()
        p = t["p"]
        later, costs = [], []
        for c in self.components_of(p):
            for op in C.COLLECT.get(c, ()):
                kind = op[0]
                if kind == "gain":
                    self._gain(p, op[1])
                elif kind == "one_of":
                    later.append({"t": "gain_any", "p": p, "n": 1, "allow": op[1]})
                elif kind == "any":
                    later.append({"t": "gain_any", "p": p, "n": op[1], "allow": op[2]})
                elif kind == "vault":
                    if self.on.get(c, {}).get("G"):
                        later.append({"t": "gain_any", "p": p, "n": op[1], "allow": op[2]})
                elif kind == "windup":
                    on = self.on.get(c)
                    if on:
                        self._put(c, {e: op[1] for e in on})
                else:   # "forge": a collect cost, paid after every gain
                    costs.append({"t": "forge", "p": p, "c": c})
        self.tasks.extend(costs)            # the stack runs the gains first, the costs last
        self.tasks.extend(reversed(later))
        return True

    def _auto_draft_rotate(self, t):
        self.tasks.pop()
        n = self.num_players
        if not any(self.draft):
            self.draft, self.draft_next = self.draft_next, [[] for _ in range(n)]
            return True
        self.draft = [self.draft[(q - t["dir"]) % n] for q in range(n)]
        return True

    def _auto_setup_done(self, t):
        self.tasks.pop()
        self.tasks.append({"t": "new_round", "p": self.first})
        return True
