"""Small tables for single rules: a position built from a few controls (rules.res_arcana.scenario), then
played on by the engine's legal actions, with undo and a log. The 수집 계산기, 비용 지불기, 마력 탐색기,
생명 손실 해결기, 패스 절차 and 승점 확인 are each one of these, with their own controls and summary."""
from html import escape

import ipywidgets as w

from rules import res_arcana as R
from rules.core import IllegalAction
from rules.core.korean import attach
from rules.res_arcana import components as C
from rules.res_arcana.texts import power_text
from widgets.common import LABEL, button, row, wide
from widgets.common.game_view import GameView, seat
from widgets.res_arcana.board import view_html
from widgets.res_arcana.cards import card_row, pool_html
from widgets.res_arcana.game import KIND_NAMES, final_html

WORDS = {**{C.ess(e): e for e in C.ESSENCES}, **{e: e for e in C.ESSENCES}}


def parse_essences(text: str, what: str) -> dict:
    """'금 3, 활기 1' (or 'G3 E1') -> {'G': 3, 'E': 1}; a Korean error names what is wrong."""
    out = {}
    for part in text.replace(",", " , ").split(","):
        part = part.strip()
        if not part:
            continue
        name = part.rstrip("0123456789 ").strip()
        count = part[len(name):].strip() or "1"
        if name not in WORDS:
            raise IllegalAction(f"{what}: 정수 이름이 아닙니다: '{name}' (활기, 생명, 평온, 죽음, 금)", "정수")
        if not count.isdigit() or int(count) > 30:
            raise IllegalAction(f"{what}: 개수는 0~30이어야 합니다 ('{part}')", "정수")
        out[WORDS[name]] = out.get(WORDS[name], 0) + int(count)
    return out


def essence_text(default: str, description: str) -> w.Text:
    return w.Text(value=default, description=description, placeholder="예: 금 3, 활기 1", style=LABEL,
                  layout=w.Layout(width="260px", max_width="95%"))


def picker(options, value, description) -> w.Dropdown:
    return w.Dropdown(options=options, value=value, description=description, style=LABEL, layout=wide())


def component_options(cards, none=None) -> list:
    # "" stands for none: a Dropdown whose value is None shows a blank box
    return ([(none, "")] if none else []) + [(f"{C.name(c)} ({C.EN[c]})", c) for c in cards]


def placed(cards, pools, on=None, turned=(), hands=None, passed=None, turn=0, phase="actions", discards=None, **extra):
    """scenario() with each chosen component where its kind goes: a mage, an item, or in play."""
    n = len(pools)
    mages, items, play = [None] * n, [None] * n, [[] for _ in range(n)]
    for p, own in enumerate(cards):
        for c in own:
            if not c:
                continue
            if C.KIND[c] == "mage":
                mages[p] = c
            elif C.KIND[c] == "item":
                items[p] = c
            else:
                play[p].append(c)
    free = [i for i in ("research", "alchemy", "reanimate", "divination", "transmutation", "protection")
            if i not in items]
    items = [i or free.pop(0) for i in items]
    return R.scenario(players=n, pools=pools, mages=mages, items=items, play=play, on=on, turned=turned,
                      hands=hands, passed=passed, turn=turn, phase=phase, discards=discards, **extra)


class Situation(GameView):
    """A rule shown on a small table: controls -> '이 상황으로 시작' -> the engine's moves as buttons."""

    ENGINE = R
    KIND_NAMES = KIND_NAMES
    TITLE = ""

    def __init__(self, **options):
        super().__init__(2, 0, **options)
        self.summary = w.HTML(layout=w.Layout(max_width="100%"))
        start = button("이 상황으로 시작", self.restart, "primary")
        tools = row(button("진행 (우연)", self.chance), button("한 수 되돌리기", self.undo, "warning"))
        # the rule tables keep the GameView default viewer (everything shown), so they say so
        shown = w.HTML("<small>설명용 테이블이라 모든 플레이어의 손패와 유물 카드 더미, 뽑은 카드를 보여 줍니다 "
                       "(실제 게임에서는 본인만 봅니다).</small>")
        self.widget = w.VBox([*self.control_rows(), row(start), self.message, self.summary, self.step_info,
                              self.actions, tools, shown, self.table, self.log_html],
                             layout=w.Layout(max_width="100%"))
        self.widget.situation = self
        self.restart()

    def control_rows(self) -> list:
        return [row(*self.controls)] if self.controls else []

    def restart(self):
        if self.new_game():
            self.render()

    def render(self):
        super().render()
        self.summary.value = self.explain(self.state)

    def explain(self, state) -> str:
        """What this rule's table says about the position now (a game-specific summary)."""
        return ""

    def draw(self, view, names):
        return view_html(view, names)

    def final_html(self, state):
        return final_html(state, seat)

    def chance_actor(self, state):
        return state.tasks[-1].get("p") if state.tasks else None


# --- 1. 수집 ------------------------------------------------------------------------------------
COLLECTORS = tuple(c for c in C.ALL if c in C.COLLECT)


class CollectCalculator(Situation):
    """Player 1's collect phase with up to three components with collect abilities, essences lying on the
    first one, and a starting pool."""

    def setup_controls(self, cards=("windup_man", "vault", "cursed_forge"), on="금 3, 활기 1", pool="죽음 1"):
        self.cards = [picker(component_options(COLLECTORS, "(없음)"), c, f"구성품 {i + 1}") for i, c in enumerate(cards)]
        self.on_text = essence_text(on, "구성품 1 위 정수")
        self.pool_text = essence_text(pool, "저장소")
        return [*self.cards, self.on_text, self.pool_text]

    def control_rows(self):
        return [row(*self.cards), row(self.on_text, self.pool_text)]

    def start_state(self):
        chosen = [d.value for d in self.cards if d.value]
        if len(set(chosen)) != len(chosen):
            raise IllegalAction("같은 구성품을 두 번 골랐습니다", "구성품")
        on = parse_essences(self.on_text.value, "구성품 1 위 정수")
        if on and not chosen:
            raise IllegalAction("정수를 올릴 구성품 1을 고르세요", "수집")
        self.before = parse_essences(self.pool_text.value, "저장소")
        return placed([chosen, []], [self.before, {}], on={chosen[0]: on} if on else None, phase="collect")

    def explain(self, state):
        mine = [c for c in state.components_of(0) if c in C.COLLECT]
        if state.phase == "collect":
            head = "수집 단계: 플레이어 1이 구성품 위 정수를 가져올지 두고, 수집 능력을 받습니다."
        else:
            gained = {e: state.pool[0][e] - self.before.get(e, 0) for e in C.ESSENCES}
            gained = {e: n for e, n in gained.items() if n}
            head = (f"수집이 끝났습니다. 저장소에 더해진 정수: {pool_html({e: n for e, n in gained.items() if n > 0})}"
                    + (f" · 낸 정수: {pool_html({e: -n for e, n in gained.items() if n < 0})}"
                       if any(n < 0 for n in gained.values()) else ""))
        on = {c: state.essences_on(c) for c in mine}
        return f"<div>{head}</div>" + card_row(mine, 140, [c for c in mine if c in state.turned], on)


def collect_calculator(**options) -> w.VBox:
    return CollectCalculator(**options).widget


# --- 2. 비용과 할인 -------------------------------------------------------------------------------
DISCOUNTERS = tuple(C.DISCOUNTS)
BUYABLE = C.ARTIFACTS + C.PLACES + C.MONUMENTS


class CostPayer(Situation):
    """Place (or claim) one component from a pool, with the chosen discount abilities in play: the engine's
    pay task is shown, then each discount point and each essence is paid with a button."""

    def setup_controls(self, card="earth_dragon", discounts=("artificer", "dragon_bridle"), pool="활기 2, 생명 2, 금 1"):
        self.card = picker(component_options(BUYABLE), card, "배치·소유할 것")
        self.discounts = {c: w.Checkbox(value=c in discounts, description=f"{C.name(c)} (할인 {C.DISCOUNTS[c]['n']}"
                                        f"{', 용족만' if C.DISCOUNTS[c]['what'] == 'dragon' else ''})",
                                        indent=False, layout=wide()) for c in DISCOUNTERS}
        self.pool_text = essence_text(pool, "저장소")
        return [self.card, *self.discounts.values(), self.pool_text]

    def control_rows(self):
        return [row(self.card, self.pool_text), row(*self.discounts.values())]

    def start_state(self):
        card = self.card.value
        mine = [c for c, box in self.discounts.items() if box.value]
        if card in mine:
            raise IllegalAction(f"{attach(C.name(card), '은')} 이미 할인 능력으로 앞에 놓았습니다", "비용")
        pool = parse_essences(self.pool_text.value, "저장소")
        kind = C.KIND[card]
        extra = {"places": [card]} if kind == "place" else {"monuments": [card]} if kind == "monument" else {}
        return placed([mine, []], [pool, {}], hands=[[card] if kind == "artifact" else [], []], **extra)

    def explain(self, state):
        card = self.card.value
        printed = C.cost_text(C.COST[card])
        if C.KIND[card] != "artifact":
            return (f"<div><b>{escape(C.name(card))}</b>의 소유 비용: {escape(printed)}. 할인 능력은 유물에만 쓰므로 "
                    "(마법공학자 부연 설명) 마력의 장소와 기념물은 인쇄된 비용을 그대로 냅니다.</div>")
        task = self.history[0].placement_task(0, card)
        reducible = sum(task["wfix"].values()) + task["wany"]
        sources = [f"{C.name(c)} {C.DISCOUNTS[c]['n']}" for c in self.history[0].components_of(0)
                   if c in C.DISCOUNTS and (C.DISCOUNTS[c]["what"] == "artifact" or C.is_dragon(card))]
        left = max(0, reducible - task["waive"])
        floor = (" 할인이 줄일 수 있는 비용보다 크므로 남는 할인은 버려지고, 금 아닌 비용은 0이 됩니다 (0 미만은 없음)."
                 if task["waive"] > reducible else "")
        gold = C.FIX[card].get("G", 0)
        paid = ""
        if card in state.play[0]:
            spent = {e: self.history[0].pool[0][e] - state.pool[0][e] for e in C.ESSENCES}
            paid = (f"<div>✅ 배치했습니다. 실제로 낸 정수: {pool_html(spent)} (인쇄된 비용 "
                    f"{sum(C.COST[card].values())}개 − 할인으로 뺀 {sum(C.COST[card].values()) - sum(spent.values())}개)"
                    "</div>")
        return paid + (f"<div><b>{escape(C.name(card))}</b> 인쇄된 비용: {escape(printed)} · 할인: "
                f"{escape(' + '.join(sources)) or '없음'} = <b>{task['waive']}점</b> · 할인으로 줄일 수 있는 비용(금 제외) "
                f"{reducible}개 → 남는 비용 {left}개{f' + 금 {gold}개 (금은 할인되지 않음)' if gold else ''}.{floor}</div>"
                "<div><small>배치를 누른 뒤, 할인 1점씩 어느 정수에서 뺄지와 '원하는 정수'로 낼 정수를 단추로 고릅니다. "
                "기록에 할인 하나하나가 남습니다.</small></div>")


def cost_payer(**options) -> w.VBox:
    return CostPayer(**options).widget


# --- 3. 마력 -------------------------------------------------------------------------------------
POWERED = tuple(c for c in C.ALL if c in C.POWERS)


class PowerExplorer(Situation):
    """One component in play with a pool: which of its powers can be used now, what each costs, and why not."""

    def setup_controls(self, card="athanor", pool="활기 2, 금 1", on="활기 6", turned=False, others=(), hand=(),
                       discard=()):
        # what else the demonstration needs on the table (a creature to turn, a card to discard): fixed, told in the text
        self.others, self.hand, self.discard = list(others), list(hand), list(discard)
        self.card = picker(component_options(POWERED), card, "구성품")
        self.pool_text = essence_text(pool, "저장소")
        self.on_text = essence_text(on, "구성품 위 정수")
        self.turned = w.Checkbox(value=turned, description="돌려진 상태", indent=False, layout=wide())
        return [self.card, self.pool_text, self.on_text, self.turned]

    def control_rows(self):
        return [row(self.card, self.turned), row(self.pool_text, self.on_text)]

    def start_state(self):
        card = self.card.value
        pool = parse_essences(self.pool_text.value, "저장소")
        on = parse_essences(self.on_text.value, "구성품 위 정수")
        # a rival with a little of everything, so attacks and 'a rival's essences' have someone to count
        if card in self.others:
            raise IllegalAction(f"{attach(C.name(card), '은')} 이미 앞에 있습니다", "구성품")
        return placed([[card] + self.others, []], [pool, {e: 1 for e in C.ESSENCES}], on={card: on} if on else None,
                      turned=[card] if self.turned.value else (), hands=[self.hand, []], discards=[self.discard, []])

    def explain(self, state):
        card = self.card.value
        if state is not self.history[0]:
            return ""
        rows = []
        for i, power in enumerate(C.POWERS[card]):
            action = R.React(card, i) if power.get("react") else R.Use(card, i)
            if power.get("react"):
                verdict = "반응 마력: 액션이 아니라 조건이 생길 때 씁니다 (생명 손실·승점 확인 위젯)"
            else:
                try:
                    state.apply(action)
                    verdict = "✅ 지금 쓸 수 있음"
                except IllegalAction as exc:
                    verdict = f"❌ {exc}"
            rows.append(f"<tr><td>{i + 1}</td><td>{escape(power_text(power))}</td><td>{escape(verdict)}</td></tr>")
        return (card_row([card], 150, state.turned, {card: state.essences_on(card)})
                + '<div style="overflow-x:auto;max-width:100%"><table style="font-size:90%"><tr><th>마력</th>'
                  "<th>비용 → 효과</th><th>지금</th></tr>" + "".join(rows) + "</table></div>")


def power_explorer(**options) -> w.VBox:
    return PowerExplorer(**options).widget


# --- 4. 생명 손실 ----------------------------------------------------------------------------------
ATTACKERS = tuple(c for c in C.ALL for p in C.POWERS.get(c, ()) if any(e[0] == "attack" for e in p["effect"]))
GUARDS = tuple(c for c in C.ALL for p in C.POWERS.get(c, ()) if p.get("react") in ("life_loss", "dragon_attack"))


class LifeLoss(Situation):
    """Player 1 attacks with a life-loss power; player 2 (the rival) decides: a reaction, the attack's own way
    out, or the loss, paying 2 other essences for each missing 생명."""

    def setup_controls(self, attacker="fire_dragon", guard="", pool="활기 2, 평온 1, 죽음 2, 금 1", passed=False):
        self.attacker = picker(component_options(ATTACKERS), attacker, "공격하는 구성품")
        self.guard = picker(component_options(GUARDS, "(반응 마력 없음)"), guard, "플레이어 2의 반응")
        self.pool_text = essence_text(pool, "플레이어 2 저장소")
        self.passed = w.Checkbox(value=passed, description="플레이어 2는 이미 패스함", indent=False, layout=wide())
        return [self.attacker, self.guard, self.pool_text, self.passed]

    def control_rows(self):
        return [row(self.attacker, self.guard), row(self.pool_text, self.passed)]

    def start_state(self):
        attacker = self.attacker.value
        rich = {e: 9 for e in C.ESSENCES}    # the attacker can pay any power cost
        pool = parse_essences(self.pool_text.value, "플레이어 2 저장소")
        self.before = pool
        s = placed([[attacker], [self.guard.value]], [rich, pool], passed=[False, self.passed.value])
        return s.apply(R.Use(attacker, next(i for i, p in enumerate(C.POWERS[attacker])
                                            if any(e[0] == "attack" for e in p["effect"]))))

    def explain(self, state):
        lost = {e: self.before.get(e, 0) - state.pool[1][e] for e in C.ESSENCES}
        text = (f"플레이어 2 저장소: 공격 전 {pool_html(self.before)} → 지금 {pool_html(state.pool[1])}"
                + (f" · 버린 정수 {pool_html({e: n for e, n in lost.items() if n > 0})}" if any(lost.values()) else ""))
        if self.passed.value:
            text += " · 패스한 플레이어는 생명 손실을 무시합니다."
        return f"<div>{text}</div>"


def life_loss(**options) -> w.VBox:
    return LifeLoss(**options).widget


# --- 5. 패스 -------------------------------------------------------------------------------------
class PassProcedure(Situation):
    """Three players in round 1; passing takes the first player token (first passer only), swaps the magic
    item to its Passed side, and draws a card (reshuffling the discard pile when the deck is empty)."""

    def setup_controls(self, empty_deck=False):
        self.empty = w.Checkbox(value=empty_deck, description="플레이어 1의 유물 카드 더미가 비었음 (버린 카드를 섞음)",
                                indent=False, layout=wide())
        return [self.empty]

    def start_state(self):
        decks = [[] if self.empty.value else ["hawk", "mermaid"], ["prism"], ["treant"]]
        discards = [["elvish_bow", "guard_dog"] if self.empty.value else [], [], []]
        return placed([[], [], []], [{"G": 1}, {}, {}], hands=[["vault"], [], []], decks=decks, discards=discards,
                      turn=1, first=1)

    def explain(self, state):
        passed = [seat(p) for p in range(state.num_players) if state.passed[p]]
        token = "아직 아무도 패스하지 않아 이번 라운드의 선 플레이어" if not state.token_taken else "처음 패스한 사람"
        return (f"<div>선 플레이어 토큰: {seat(state.first)} ({token}) · 패스한 사람: {', '.join(passed) or '없음'} · "
                f"가운데의 마법 아이템: {escape(', '.join(C.name(i) for i in state.items_free))}</div>")


def pass_procedure(**options) -> w.VBox:
    return PassProcedure(**options).widget


# --- 6. 승점 확인 ---------------------------------------------------------------------------------
MINE = ["great_pyramid", "colossus", "mausoleum", "temple", "library"]               # 3+2+2+2+1 = 10
THEIRS = ["oracle", "obelisk", "hanging_gardens", "solomons_mine"]   # 2+1+1+1, +1 for the token (passed first)
# preset: (player 2's extra components, gold on 저주받은 용광로 (1 VP + 1 per gold), player 2's pool)
VP_SETS = {
    "10 대 9": (["golden_statue", "cursed_forge"], 1, ""),
    "동점 10 대 10": (["cursed_forge"], 3, "활기 3"),
    "황금 조각상": (["golden_statue"], 0, "금 3"),
}


class VictoryCheck(Situation):
    """The end of a round: player 2 passed first (so holds the token), player 1 passes; the check counts VP
    (the token's 1 included), asks the 황금 조각상's owner, and breaks a tie by the pools with 금 counting 2."""

    def setup_controls(self, preset="동점 10 대 10", pool0="금 2"):
        self.preset = picker([(k, k) for k in VP_SETS], preset, "구성품")
        self.pools = [essence_text(pool0, "플레이어 1 저장소"), essence_text(VP_SETS[preset][2], "플레이어 2 저장소")]
        self.preset.observe(lambda change: setattr(self.pools[1], "value", VP_SETS[change["new"]][2]), "value")
        return [self.preset, *self.pools]

    def control_rows(self):
        return [row(self.preset), row(*self.pools)]

    def start_state(self):
        extra, gold, _ = VP_SETS[self.preset.value]
        pools = [parse_essences(t.value, f"플레이어 {p + 1} 저장소") for p, t in enumerate(self.pools)]
        return R.scenario(players=2, pools=pools, play=[MINE, THEIRS + extra], passed=[False, True], token=1,
                          turn=0, items=["research", "alchemy"], on={"cursed_forge": {"G": gold}})

    def explain(self, state):
        scores = state.scores()
        rows = "".join(f"<tr><td>{seat(p)}</td><td>{scores[p]}</td><td>{state.tiebreak(p)} "
                       f"({pool_html(state.pool[p])})</td></tr>" for p in range(2))
        note = "" if state.is_terminal() else "<div><small>플레이어 1이 패스하면 라운드가 끝나 승점을 확인합니다.</small></div>"
        return (f"{note}<table><tr><th></th><th>승점 (선 플레이어 토큰 포함)</th><th>동점 비교: 정수 수, 금은 2</th></tr>"
                f"{rows}</table>")


def victory_check(**options) -> w.VBox:
    return VictoryCheck(**options).widget
