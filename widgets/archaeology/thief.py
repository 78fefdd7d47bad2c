"""도둑: pick a victim among the players the engine allows, see what may be stolen, then steal."""
import random
from types import SimpleNamespace

import ipywidgets as w

from rules.core import IllegalAction, sample_chance
from rules.archaeology import components as C
from rules.archaeology import ChooseVictim, Draw, scenario
from widgets.archaeology.cards import pile
from widgets.archaeology.options import seed_box
from widgets.common import error, info, odds_bars, row, wide
from widgets.common.svg import PALETTE

HANDS = [{"pot": 2}, {"coin": 2, "mask": 1, "pot": 1}, {}, {"parchment": 3, "talisman": 1}]


def thief_table(hands=None):
    """The table just after player 1 drew a thief: the engine waits for the victim."""
    hands = hands if hands is not None else HANDS
    start = scenario(players=len(hands), hands=hands, deck={"thief": 1, "pot": 4}, dig=True)
    return start.apply(Draw("thief"))


def thief(hands=None, seed: int = 1) -> w.VBox:
    table = thief_table(hands)
    n = table.num_players
    legal = set(table.legal_actions())
    buttons = []
    for p in range(n):
        why = "자신" if p == table.turn else ("" if table.hands[p] else "패 없음")
        b = w.Button(description=f"플레이어 {p + 1}" + (f" ({why})" if why else ""),
                     disabled=ChooseVictim(p) not in legal, layout=wide())
        b.player = p
        buttons.append(b)
    seeds = seed_box(seed, "무작위 번호")
    steal = w.Button(description="훔치기", button_style="danger", layout=wide())
    message = w.HTML()
    hands_view = w.HTML(layout=w.Layout(max_width="100%"))
    chances = w.HTML(layout=w.Layout(max_width="100%"))
    result = w.HTML(layout=w.Layout(max_width="100%"))
    current = {}

    def choose(button):
        try:
            state = table.apply(ChooseVictim(button.player))
        except IllegalAction as exc:     # only reachable from code: the button is disabled
            message.value = error(str(exc))
            return
        message.value = ""
        current["state"] = state
        for b in buttons:
            b.button_style = "warning" if b is button else ""
        odds = [(C.name(o.card), p, PALETTE[o.card]) for o, p in state.chance_outcomes()]
        chances.value = (f"<b>플레이어 {button.player + 1}의 패에서 한 장을 무작위로 뽑을 때</b>"
                         + odds_bars(odds))
        result.value = ""
        hands_view.value = hands_html(state)
        steal.disabled = False

    def on_steal(_):
        state = current["state"]
        outcome = sample_chance(state, random.Random(seeds.value))
        after = state.apply(outcome)
        victim = state.victim
        result.value = info(f"🦹 {outcome.describe()}: 플레이어 {victim + 1} → 플레이어 {state.turn + 1}. "
                            f"훔친 카드는 다른 사람에게 보여 주지 않습니다. 도둑 카드는 버린 카드 더미로 갑니다.")
        hands_view.value = hands_html(after)
        steal.disabled = True      # one thief steals one card; choose a victim again to retry

    for b in buttons:
        b.on_click(choose)
    steal.on_click(on_steal)
    intro = w.HTML(f"<b>🦹 도둑을 뽑은 사람: 플레이어 {table.turn + 1}.</b> 누구를 지목할까요? "
                   "<small>(엔진이 허용하는 사람만 누를 수 있습니다)</small>")
    first = next(b for b in buttons if not b.disabled)
    choose(first)       # the snapshot opens with a victim chosen, so the odds are on screen
    ui = w.VBox([intro, row(*buttons), message, chances, row(seeds, steal), result, hands_view],
                layout=w.Layout(max_width="100%"))
    ui.parts = SimpleNamespace(victims=buttons, seed=seeds, steal=steal, message=message, chances=chances,
                               result=result, hands=hands_view, state=lambda: current["state"])
    return ui


def hands_html(state) -> str:
    """Every hand face up (for learning) and the discard pile."""
    rows = [f"<div><small>플레이어 {p + 1} · {sum(h.values())}장"
            f"{' · 도둑을 뽑은 사람' if p == state.turn else ''}</small>{pile(h, 50)}</div>"
            for p, h in enumerate(state.hands)]
    rows.append(f"<div><small>버린 카드 더미</small>{pile(state.discard, 50)}</div>")
    return "".join(rows)

