"""모래 폭풍: set the hands and tents, let the engine blow the storm, see who loses what."""
from html import escape
from types import SimpleNamespace

import ipywidgets as w

from rules.core import IllegalAction
from rules.archaeology import components as C
from rules.archaeology import Draw, UseTent, scenario
from rules.archaeology.state import BURY, DIG, TENT
from widgets.archaeology.cards import pile
from widgets.common import LABEL, error, info, row, wide
from widgets.common.game_view import set_seats

MAX_PLAYERS = max(C.PLAYER_COUNTS)
NO_TENT, USE_TENT, KEEP_TENT = "none", "use", "keep"
TENT_CHOICES = [("천막 없음", NO_TENT), ("천막 사용", USE_TENT), ("천막 있지만 안 씀", KEEP_TENT)]
# Cards to fill the hands with, varied so the market after the storm shows several kinds.
FILL = ("pot", "parchment", "coin", "talisman", "cup", "mask")


def make_hands(sizes) -> list:
    """Hands of the given sizes, dealt round the kinds of FILL without exceeding any card's copies."""
    pool = [t for i in range(max(C.COPIES[t] for t in FILL)) for t in FILL if i < C.COPIES[t]]
    hands, used = [], 0
    for size in sizes:
        hand = {}
        for t in pool[used:used + size]:
            hand[t] = hand.get(t, 0) + 1
        hands.append(hand)
        used += size
    return hands


def cheapest_loss(state):
    """Autoplay policy for a sandstorm loss: lay down the card of lowest trade value.

    In a real game the player chooses (A.READINGS["storm_choice"]); the widgets pick for them.
    """
    return min(state.legal_actions(), key=lambda a: (C.TRADE[a.card], a.card))


def blow(sizes, tents, drawer=0):
    """(table before, [(player, action)], table after) of a sandstorm drawn by `drawer`.

    tents[p] is NO_TENT, USE_TENT or KEEP_TENT. The engine asks each tent owner in its order;
    the losses follow cheapest_loss.
    """
    before = scenario(players=len(sizes), hands=make_hands(sizes), deck={"sandstorm": 1, "map": 3},
                      tents=[0 if t == NO_TENT else 1 for t in tents], turn=drawer, dig=True)
    steps = [(drawer, Draw("sandstorm"))]
    state = before.apply(Draw("sandstorm"))
    while state.phase in (TENT, BURY):
        player = state.current_player()
        if state.phase == TENT:
            action = UseTent(tents[player] == USE_TENT)
        else:
            action = cheapest_loss(state)
        steps.append((player, action))
        state = state.apply(action)
    return before, steps, state


# Sliders get a width: "auto" collapses a slider's track to nothing.
def sandstorm(num_players: int = 4, sizes=(5, 1, 6, 3, 4), tents=(NO_TENT, NO_TENT, USE_TENT, KEEP_TENT, NO_TENT),
              drawer: int = 0) -> w.VBox:
    players = w.IntSlider(value=num_players, min=min(C.PLAYER_COUNTS), max=MAX_PLAYERS,
                          description="플레이어 수", style=LABEL, layout=w.Layout(width="300px", max_width="100%"))
    drawers = w.Dropdown(description="모래 폭풍을 뽑은 사람", style=LABEL, layout=wide())
    hand_sliders = [w.IntSlider(value=sizes[p], min=0, max=10, description=f"플레이어 {p + 1} 패",
                                style=LABEL, layout=w.Layout(width="300px", max_width="100%")) for p in range(MAX_PLAYERS)]
    tent_menus = [w.Dropdown(options=TENT_CHOICES, value=tents[p], description=f"플레이어 {p + 1} 천막", style=LABEL,
                             layout=wide()) for p in range(MAX_PLAYERS)]
    seats = [row(hand_sliders[p], tent_menus[p]) for p in range(MAX_PLAYERS)]
    message = w.HTML()
    view = w.HTML(layout=w.Layout(max_width="100%"))
    current = {}

    def refresh(_=None):
        n = players.value
        for p, seat in enumerate(seats):
            seat.layout.display = "" if p < n else "none"
        try:
            result = blow([s.value for s in hand_sliders[:n]], [t.value for t in tent_menus[:n]], drawers.value)
        except IllegalAction as exc:
            message.value = error(str(exc))
            return
        message.value = ""
        current["result"] = result
        view.value = storm_html(*result)

    def on_players(_=None):
        set_seats(drawers, players.value)
        refresh()

    set_seats(drawers, num_players, drawer)
    players.observe(on_players, "value")
    for control in (drawers, *hand_sliders, *tent_menus):
        control.observe(refresh, "value")
    refresh()
    ui = w.VBox([row(players, drawers), *seats, message, view], layout=w.Layout(max_width="100%"))
    ui.parts = SimpleNamespace(players=players, drawer=drawers, hands=hand_sliders, tents=tent_menus,
                               message=message, view=view, result=lambda: current["result"])
    return ui


def storm_html(before, steps, after) -> str:
    drawer = before.turn
    rows = []
    for p in before.storm_order():
        had, kept = sum(before.hands[p].values()), sum(after.hands[p].values())
        if before.tents[p] > after.tents[p]:
            outcome = "⛺ 천막으로 막음 · 천막은 게임에서 제거"
        elif had == kept:
            outcome = f"잃지 않음 ({had}장의 절반 내림 = 0)"
        else:
            outcome = f"<b>{had - kept}장</b> 잃음 ({had}장의 절반, 소수점 버림)"
        mark = " 🌪️ 뽑은 사람" if p == drawer else ""
        rows.append(f"<tr><td>플레이어 {p + 1}{mark}</td><td>{had}장</td><td>{outcome}</td><td>{kept}장</td></tr>")
    table = ('<div style="overflow-x:auto;max-width:100%"><table style="font-size:90%">'
             "<tr><th>순서 (뽑은 사람의 왼쪽부터)</th><th>전</th><th>결과</th><th>후</th></tr>"
             + "".join(rows) + "</table></div>")
    log = "".join(f"<li>플레이어 {p + 1}: {escape(a.describe())}</li>" for p, a in steps)
    if after.phase == DIG and after.turn == drawer:
        then = (f"모래 폭풍 카드는 버린 카드 더미로 가고, 뽑은 사람(플레이어 {drawer + 1})이 보물 발굴을 "
                f"다시 합니다 (발굴지 {sum(after.deck.values())}장).")
    else:
        then = "발굴지가 비어 다시 발굴할 수 없습니다."
    return (table + f"<div><small>모래 폭풍이 지나간 뒤의 시장</small>{pile(after.market, 50)}</div>"
            + info(then) + f"<details><summary>엔진이 처리한 순서 보기</summary><ol>{log}</ol></details>")
