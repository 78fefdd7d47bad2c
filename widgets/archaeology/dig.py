"""보물 발굴: draw dig cards one at a time and watch the odds of the next card change."""
import random
from html import escape
from types import SimpleNamespace

import ipywidgets as w

from rules.core import CHANCE, IllegalAction, sample_chance
from rules.archaeology import components as C
from rules.archaeology import odds
from rules.archaeology import EndTurn, UseTent, new_game
from rules.archaeology.state import ACTIONS, BURY, DIG, TENT, THIEF
from widgets.archaeology.board import board_html
from widgets.archaeology.options import player_picker, seed_box
from widgets.archaeology.sandstorm import cheapest_loss
from widgets.common import LABEL, error, info, odds_bars, row, wide
from widgets.common.svg import PALETTE

PUBLIC_LABELS = {"thief": "도둑", "sandstorm": "모래 폭풍", "treasure": "보물 (지도 포함)"}


def next_card_html(state) -> str:
    """What the table can count (discard pile) next to the exact odds of every card type."""
    public = odds.public_dig_odds(state)
    if not public:
        return info("발굴지가 비었습니다. 이제 아무도 보물 발굴을 할 수 없습니다.")
    seen = ", ".join(f"{C.name(c)} {state.discard.get(c, 0)}장" for c in ("thief", "sandstorm"))
    head = (f"<b>다음 카드 확률 — 버린 카드 더미로 셀 수 있는 것</b><br>"
            f"<small>버린 카드 더미: {seen} · 발굴지 {sum(state.deck.values())}장</small>")
    public_rows = [(PUBLIC_LABELS[k], public[k], PALETTE["back" if k == "treasure" else k])
                   for k in ("thief", "sandstorm", "treasure")]
    exact = [(C.name(o.card), p, PALETTE[o.card])
             for o, p in sorted(state.chance_outcomes(), key=lambda item: -item[1])]
    return (head + odds_bars(public_rows)
            + "<b>종류별 정확한 확률</b> <small>(발굴지 안을 다 아는 엔진의 계산)</small>" + odds_bars(exact))


def settle(state, rng: random.Random, log: list):
    """Play the table forward to the next dig with simple choices, logging each step in Korean.

    The widget is about digging, so a player who dug a treasure ends the turn at once; a thief
    robs the player holding the most cards; a tent is used when it saves two or more cards; the
    cheapest cards are lost to a sandstorm. Stops at the next dig, or once the last card of the
    deck is resolved (nobody can dig any more).
    """
    while state.phase != DIG and not state.is_terminal() and not (state.phase == ACTIONS and not state.deck):
        player = state.current_player()
        if player == CHANCE:
            action = sample_chance(state, rng)
        elif state.phase == THIEF:
            action = max(state.legal_actions(), key=lambda a: (sum(state.hands[a.player].values()), -a.player))
        elif state.phase == TENT:
            action = UseTent(sum(state.hands[player].values()) // 2 >= 2)
        elif state.phase == BURY:
            action = cheapest_loss(state)
        else:
            action = EndTurn()
        who = f"플레이어 {player + 1}: " if player >= 0 else ""
        log.append(who + action.describe())
        state = state.apply(action)
    if state.phase == DIG:
        log.append(f"→ 이제 플레이어 {state.turn + 1}의 발굴 차례입니다")
    return state


def dig_odds(num_players: int = 4, seed: int = 3, opening_draws: int = 0) -> w.VBox:
    """A dealt 피라미드 game; draw at random or suppose the next card, and see the odds change.

    opening_draws cards are drawn before the widget is shown, so a static snapshot already has a
    discard pile to count.
    """
    players = player_picker(num_players)
    seeds = seed_box(seed)
    draw = w.Button(description="한 장 뽑기", button_style="primary", layout=wide())
    suppose = w.Dropdown(description="가정: 다음 카드는", style=LABEL, layout=wide())
    apply_suppose = w.Button(description="이 카드가 나왔다고 가정", layout=wide())
    restart = w.Button(description="처음부터", layout=wide())
    message = w.HTML()
    chances = w.HTML(layout=w.Layout(max_width="100%"))
    history = w.HTML(layout=w.Layout(max_width="100%"))
    table = w.HTML(layout=w.Layout(max_width="100%"))
    current = {}

    def show():
        state = current["state"]
        chances.value = next_card_html(state)
        kinds = [o.card for o, _ in state.chance_outcomes()]
        # Keep the user's pick while it can still come up; otherwise offer a sandstorm, the case to learn.
        chosen = next((k for k in (suppose.value, "sandstorm", *kinds[:1]) if k in kinds), None)
        suppose.options = [(C.name(k), k) for k in kinds]
        suppose.value = chosen
        lines = "".join(f"<li>{escape(line)}</li>" for line in current["log"][-8:])
        history.value = f"<b>진행 기록</b> <small>(최근 8줄)</small><ol>{lines}</ol>" if lines else ""
        table.value = ("<details><summary>테이블 전체 보기</summary>"
                       f"{board_html(state)}</details>")
        draw.disabled = apply_suppose.disabled = not state.deck

    def start(_=None):
        current.update(state=new_game(players.value, seed=seeds.value, ruin="pyramid"),
                       rng=random.Random(seeds.value), log=[])
        message.value = ""
        show()

    def play(outcome):
        state = current["state"]
        try:
            after = state.apply(outcome)
        except IllegalAction as exc:
            message.value = error(str(exc))
            return
        message.value = ""
        current["log"].append(f"플레이어 {state.turn + 1}: {outcome.describe()}")
        current["state"] = settle(after, current["rng"], current["log"])
        show()

    def on_draw(_):
        if current["state"].deck:
            play(sample_chance(current["state"], current["rng"]))

    def on_suppose(_):
        outcomes = [o for o, _ in current["state"].chance_outcomes() if o.card == suppose.value]
        if outcomes:
            play(outcomes[0])

    for control in (players, seeds):
        control.observe(start, "value")
    restart.on_click(start)
    draw.on_click(on_draw)
    apply_suppose.on_click(on_suppose)
    start()
    for _ in range(opening_draws):
        on_draw(None)
    ui = w.VBox([row(players, seeds, restart), row(draw), row(suppose, apply_suppose), message, chances,
                 history, table], layout=w.Layout(max_width="100%"))
    ui.parts = SimpleNamespace(players=players, seed=seeds, draw=draw, suppose=suppose,
                               apply_suppose=apply_suppose, restart=restart, message=message,
                               chances=chances, history=history, state=lambda: current["state"])
    return ui
