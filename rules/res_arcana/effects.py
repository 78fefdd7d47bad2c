"""What a decision does in 레즈 아르카나: one `_do_<Action>` method per action class (GameState._do
finds it by name), and the powers and effects they push onto the task stack. A mixin of State
(state.py), apart from what is legal (choices.py) and the automatic steps (tasks.py)."""
from rules.res_arcana import components as C
from rules.res_arcana.choices import E5


class Effects:
    """The action handlers of State (a mixin: State keeps the fields)."""

    __slots__ = ()

    # --- effects of decisions (one method per action class) ----------------------------------
    def _top(self) -> dict:
        """The top task, copied so that changing it never touches an earlier state."""
        t = dict(self.tasks[-1])
        self.tasks[-1] = t
        return t

    def _do_Draw(self, a):
        t = self.tasks[-1]
        p = t["p"]
        self._w("deck", p).remove(a.card)
        if t["t"] == "look":
            self._w("top", p).append(a.card)
        else:
            self.tasks.pop()
            self._w("hand", p).append(a.card)

    def _do_MonumentDraw(self, a):
        t = self.tasks[-1]
        self.mon_deck.remove(a.monument)
        if t["t"] == "look":
            self.mon_top.append(a.monument)
        else:
            self.tasks.pop()
            self._monument_arrives(t, a.monument)

    def _do_DraftPick(self, a):
        p = self.tasks.pop()["p"]
        self._w("draft", p).remove(a.card)
        self._w("deck", p).append(a.card)
        self._w("deck", p).sort()

    def _do_ChooseMage(self, a):
        p = self.tasks.pop()["p"]
        self.mage[p] = a.mage
        self._w("mage_options", p).remove(a.mage)
        self.box.extend(self.mage_options[p])
        self.mage_options[p] = []

    def _do_ChooseItem(self, a):
        p = self.tasks.pop()["p"]
        self.items_free.remove(a.item)
        self.item[p] = a.item

    def _do_Collect(self, a):
        t = self.tasks.pop()
        if a.take:
            self._gain(t["p"], self.on.pop(a.component), from_supply=False)

    def _do_CollectCost(self, a):
        t = self.tasks.pop()
        if a.pay:
            self._spend(t["p"], {"D": 1})
        else:
            self._turn(t["c"])

    def _do_Place(self, a):
        p = self.turn
        self.tasks.append({"t": "next_turn", "p": p})
        self.tasks.append({"t": "enter", "p": p, "c": a.card, "src": "hand"})
        self.tasks.append(self.placement_task(p, a.card))

    def _do_ClaimMonument(self, a):
        p = self.turn
        self._spend(p, C.MONUMENT_COST)
        self.tasks.append({"t": "next_turn", "p": p})
        if a.monument == "deck":
            self.tasks.append({"t": "mon_draw", "p": p, "why": "claim"})
        else:
            self.mon_up.remove(a.monument)
            self.tasks.append({"t": "mon_draw", "p": p, "why": "refill"})
            self._monument_arrives({"p": p, "why": "claim"}, a.monument)

    def _monument_arrives(self, t, m):
        if t["why"] == "refill":
            self.mon_up.append(m)
            return
        self._w("play", t["p"]).append(m)
        for op in reversed(C.ON_CLAIM.get(m, ())):
            self._push_effect(t["p"], m, op)

    def _do_ClaimPlace(self, a):
        p = self.turn
        self._spend(p, C.COST[a.place])
        self.places.remove(a.place)
        self._w("play", p).append(a.place)
        self.tasks.append({"t": "next_turn", "p": p})

    def _do_Discard(self, a):
        p = self.turn
        self._w("hand", p).remove(a.card)
        self._w("discard", p).append(a.card)
        self.tasks.append({"t": "next_turn", "p": p})
        if a.gold:
            self._gain(p, {"G": C.RULES["discard_gold"]})
        else:
            self.tasks.append({"t": "gain_any", "p": p, "n": C.RULES["discard_other"], "allow": C.NON_GOLD})

    def _do_Use(self, a):
        p = self.turn
        self.tasks.append({"t": "next_turn", "p": p})
        self._use_power(p, a.component, a.power)

    def _use_power(self, p, c, i):
        power = C.POWERS[c][i]
        self.scratch = {"c": c}
        if power["turn"]:
            self._turn(c)
        effects = power["effect"]
        places = effects[0][0] == "place"
        for op in reversed(effects):
            self._push_effect(p, c, op, power)
        extra = power.get("extra")
        cost = power["cost"]
        fix = {e: n for e, n in cost.items() if e != "any"}
        if extra == "same_type":
            self.tasks.append({"t": "convert", "p": p, "fix": fix, "any": cost.get("any", 0),
                               "kinds": C.NON_GOLD if effects[0][1] == "G" else "".join(E5)})
        elif extra == "athanor":
            self._remove_on(c, {"E": 6})
            self.tasks.append({"t": "convert", "p": p, "fix": {}, "any": 0, "kinds": C.NON_GOLD})
        elif extra in ("turn_creature", "turn_dragon"):
            test = C.is_creature if extra == "turn_creature" else C.is_dragon
            opts = [x for x in self.play[p] if test(x) and x != c and x not in self.turned]
            self.tasks.append({"t": "target", "p": p, "what": "turn", "opts": opts})
        elif extra in ("destroy_any", "destroy_other", "destroy_beast"):
            opts = [x for x in self.play[p] if C.KIND[x] == "artifact" and not (extra == "destroy_other" and x == c)
                    and (extra != "destroy_beast" or C.TYPES[x])]
            self.tasks.append({"t": "target", "p": p, "what": "destroy", "opts": opts})
        elif extra == "destroy_self":
            self._destroy(p, c)
        elif extra == "dagger":
            self._destroy(p, c)
            self.tasks.append({"t": "pick", "p": p, "what": "discard", "opts": sorted(set(self.hand[p]))})
        if cost and not places and extra != "same_type":
            self.tasks.append({"t": "pay", "p": p, "fix": fix, "any": cost.get("any", 0), "waive": 0,
                               "wfix": {}, "wany": 0, "rec": effects[0][0] == "put_paid"})

    def _push_effect(self, p, c, op, power=None):
        kind = op[0]
        t = self.tasks
        if kind == "gain":
            t.append({"t": "gain", "p": p, "ess": op[1]})
        elif kind == "gain_any":
            t.append({"t": "gain_any", "p": p, "n": op[1], "allow": op[2]})
        elif kind == "put":
            t.append({"t": "gain", "p": p, "ess": op[1], "dest": c})
        elif kind == "put_any":
            t.append({"t": "gain_any", "p": p, "n": op[1], "allow": op[2], "dest": c})
        elif kind == "put_paid":
            t.append({"t": "put_paid", "p": p, "dest": c})
        elif kind == "rivals_gain":
            t.append({"t": "rivals_gain", "p": p, "ess": op[1]})
        elif kind == "attack":
            t.append({"t": "attack", "p": p, "n": op[1], "opt": op[2], "dragon": C.is_dragon(c)})
        elif kind == "draw":
            t.extend({"t": "draw", "p": p} for _ in range(op[1]))
        elif kind == "discard":
            t.extend({"t": "discard_hand", "p": p} for _ in range(op[1]))
        elif kind == "look3":
            t.append({"t": "look_choice", "p": p})
        elif kind == "straighten":
            t.append({"t": "target", "p": p, "what": "straighten", "opts": self._straighten_targets(p, c, op[1])})
        elif kind == "straighten_self":
            t.append({"t": "straighten_self", "p": p, "c": c})
        elif kind == "gain_x":
            t.append({"t": "gain_x", "p": p} if op[1] == "G" else {"t": "into", "p": p})
        elif kind == "gain_cost":
            t.append({"t": "gain_cost", "p": p, "plus": op[1], "allow": op[2]})
        elif kind == "mirror":
            t.append({"t": "mirror", "p": p, "count": op[1], "get": op[2]})
            t.append({"t": "rival", "p": p})
        elif kind == "place":
            t.append({"t": "pick", "p": p, "what": "place", "reduce": op[3], "extra": power["cost"],
                      "opts": self._place_choices(p, c, power, op)})
        elif kind == "check":
            t.append({"t": "check", "p": p, "why": "mid"})
        elif kind == "mermaid":
            opts = [x for x in self.components_of(p) if x != c]
            t.append({"t": "target", "p": p, "what": "mermaid", "opts": opts})
            t.append({"t": "pay", "p": p, "fix": {}, "any": 1, "waive": 0, "wfix": {}, "wany": 0, "rec": True,
                      "allow": op[1]})
        else:   # "statue": only used at a victory check
            raise AssertionError(kind)

    def _do_Pass(self, a):
        p = self.turn
        self.passed[p] = True
        if not self.token_taken:
            self.token_taken, self.first = True, p
        old = self.item[p]
        if old in self.on:
            self._gain(p, self.on.pop(old), from_supply=False)
        if old in self.turned:
            self.turned.remove(old)
        self.items_free.remove(a.item)
        self.items_free.append(old)
        self.items_free.sort(key=C.ITEMS.index)
        self.item[p] = a.item
        self.tasks.append({"t": "next_turn", "p": p})
        self.tasks.append({"t": "draw", "p": p})

    def _do_Pay(self, a):
        t = self._top()
        p = t["p"]
        self._spend(p, {a.essence: 1})
        t["any"] -= 1
        if t.get("rec"):
            self.scratch = dict(self.scratch, paid=a.essence)

    def _do_Waive(self, a):
        t = self._top()
        t["waive"] -= 1
        if a.essence == "any":
            t["any"] -= 1
            t["wany"] -= 1
        else:
            t["fix"] = dict(t["fix"], **{a.essence: t["fix"][a.essence] - 1})
            t["wfix"] = dict(t["wfix"], **{a.essence: t["wfix"][a.essence] - 1})

    def _do_Gain(self, a):
        t = self._top()
        dest = t.get("dest")
        if dest:
            self._put(dest, {a.essence: 1})
        else:
            self._gain(t["p"], {a.essence: 1})
        t["n"] -= 1
        t["min"] = t["allow"].index(a.essence)
        if not t["n"]:
            self.tasks.pop()

    def _do_Convert(self, a):
        t = self.tasks.pop()
        self._spend(t["p"], {a.essence: a.count})
        self.scratch = dict(self.scratch, x=a.count, x_type=a.essence)
        if t["fix"] or t["any"]:
            self.tasks.append({"t": "pay", "p": t["p"], "fix": t["fix"], "any": t["any"], "waive": 0,
                               "wfix": {}, "wany": 0})

    def _do_Into(self, a):
        t = self.tasks.pop()
        self._gain(t["p"], {a.essence: self.scratch["x"]})

    def _do_Target(self, a):
        t = self.tasks.pop()
        p, c = t["p"], a.component
        what = t["what"]
        if what == "straighten":
            self.turned.remove(c)
        elif what == "turn":
            self._turn(c)
        elif what == "destroy":
            self.scratch = dict(self.scratch, cost_total=C.cost_total(c))
            self._destroy(p, c)
        else:   # mermaid
            self._put(c, {self.scratch["paid"]: 1})

    def _do_PickCard(self, a):
        t = self.tasks.pop()
        p = t["p"]
        if t["what"] == "discard":
            self._w("hand", p).remove(a.card)
            self._w("discard", p).append(a.card)
            self.scratch = dict(self.scratch, cost_total=C.cost_total(a.card))
            return
        src = "hand"
        for q in range(self.num_players):
            if a.card in self.discard[q]:
                src = f"discard{q}"
        self.tasks.append({"t": "enter", "p": p, "c": a.card, "src": src})
        if t["reduce"] != "free":
            self.tasks.append(self.placement_task(p, a.card, t["reduce"], t["extra"]))
        elif t["extra"]:
            self.tasks.append({"t": "pay", "p": p, "fix": {e: n for e, n in t["extra"].items() if e != "any"},
                               "any": t["extra"].get("any", 0), "waive": 0, "wfix": {}, "wany": 0})

    def _do_Rival(self, a):
        self.tasks.pop()
        self.scratch = dict(self.scratch, rival=a.player)

    def _do_LookAt(self, a):
        t = self.tasks.pop()
        self.tasks.append({"t": "look", "p": t["p"], "which": a.deck})
        if a.deck == "monuments" and t["p"] not in self.mon_known:
            self.mon_known = self.mon_known + [t["p"]]

    def _do_Order(self, a):
        t = self.tasks.pop()
        if t["which"] == "monuments":
            self.mon_top[:t["k"]] = list(a.cards)
            self.mon_known = [t["p"]]
        else:
            self._w("top", t["p"])[:t["k"]] = list(a.cards)

    def _do_React(self, a):
        t = self.tasks.pop()
        p = t["p"]
        power = C.POWERS[a.component][a.power]
        if power["turn"]:
            self._turn(a.component)
        self._spend(p, power["cost"])
        for op in power["effect"]:
            if op[0] == "put":
                self._put(a.component, op[1])
            elif op[0] == "statue":
                self.statue[p] += op[1]

    def _do_Ignore(self, a):
        t = self.tasks.pop()
        p, opt = t["p"], t["opt"]
        if opt.startswith("pay:"):
            self._spend(p, {opt[4:]: 1})
        elif opt == "destroy":
            opts = [x for x in self.play[p] if C.KIND[x] == "artifact"]
            self.tasks.append({"t": "target", "p": p, "what": "destroy", "opts": opts})
        else:
            self.tasks.append({"t": "pick", "p": p, "what": "discard", "opts": sorted(set(self.hand[p]))})

    def _do_Accept(self, a):
        t = self.tasks.pop()
        if t["t"] == "statue":
            return
        p = t["p"]
        pool = self.pool[p]
        lost = min(t["n"], pool["L"])
        self._spend(p, {"L": lost})
        others = C.LIFE_LOSS_OTHER * (t["n"] - lost)
        if not others:
            return
        have = sum(pool[e] for e in "ECDG")
        if have <= others:
            self._spend(p, {e: pool[e] for e in "ECDG"})
        else:
            self.tasks.append({"t": "lose", "p": p, "n": others})

    def _do_Lose(self, a):
        t = self._top()
        self._spend(t["p"], {a.essence: 1})
        t["n"] -= 1
        t["min"] = "ECDG".index(a.essence)
        if not t["n"]:
            self.tasks.pop()
