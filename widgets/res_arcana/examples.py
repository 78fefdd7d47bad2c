"""The rulebook's worked examples as replays: each example is a scenario and the moves of its story,
applied by the engine one step at a time (the same moves as tests/test_res_arcana_examples.py), shown as a
round-by-round timeline and a step-through picture."""
from dataclasses import dataclass
from html import escape

import ipywidgets as w

from rules import res_arcana as R
from rules.res_arcana import components as C
from widgets.common import button, info, row
from widgets.common.game_view import seat
from widgets.res_arcana.cards import card_row, pool_html
from widgets.res_arcana.game import final_html

QUIET_ITEMS = ("divination", "alchemy", "reanimate", "transmutation", "research", "protection")


def pass_turn(state):
    """The player to move passes, taking a magic item without a collect ability (so nothing else changes)."""
    return state.apply(R.Pass(next(i for i in QUIET_ITEMS if i in state.items_free)))


def end_round(state):
    """Everyone still in the round passes that way; the round ends (and the next collect phase begins)."""
    round_ = state.round
    while state.round == round_ and not state.is_terminal():
        state = pass_turn(state)
    return state


@dataclass(frozen=True)
class Example:
    title: str
    start: callable          # () -> State
    steps: tuple             # (caption, moves): a move is an action string or pass_turn / end_round
    focus: tuple             # the components whose essences the pictures show

    def frames(self) -> list:
        """[(caption, state)]: the start, then the state after each step's moves."""
        state = self.start()
        out = [("처음", state)]
        for caption, moves in self.steps:
            for move in moves:
                state = move(state) if callable(move) else state.apply(state.action_from_str(move))
            out.append((caption, state))
        return out


EXAMPLES = {
    "ra-windup-man-rounds": Example(
        "태엽인간",
        lambda: R.scenario(players=2, pools=[{"G": 1, "E": 1}, {}], play=[["windup_man"], []]),
        (("1라운드 액션: 태엽인간을 돌리고 금 1개를 그 위에 올림", ("use:windup_man:0", "pay:G")),
         ("1라운드 끝: 모두 패스", (end_round,)),
         ("2라운드 수집: 금을 두니 금 2개가 더해짐", ("leave:windup_man",)),
         ("2라운드 액션: 마력으로 활기 1개를 올림", (pass_turn, "use:windup_man:0")),
         ("2라운드 끝", (end_round,)),
         ("3라운드 수집: 금 3·활기 1을 두니 금 2·활기 2가 더해짐", ("leave:windup_man",)),
         ("3라운드 끝", (end_round,)),
         ("4라운드 수집: 금 5개와 활기 3개를 모두 가져옴", ("take:windup_man",))),
        ("windup_man",)),
    "ra-vault-interest-rounds": Example(
        "황금 저장고",
        lambda: R.scenario(players=2, pools=[{}, {}], play=[["vault"], []]),
        (("1라운드 액션: 황금 저장고를 돌리고 공급처의 금 1개를 올림", ("use:vault:0",)),
         ("1라운드 끝", (end_round,)),
         ("2라운드 수집: 금을 두고 이자로 평온 1·생명 1을 받음", ("leave:vault", "gain:L", "gain:C")),
         ("2라운드 액션: 다시 마력으로 금 1개를 더함", (pass_turn, "use:vault:0")),
         ("2라운드 끝", (end_round,)),
         ("3라운드 수집: 이자 대신 금 2개를 가져옴", ("take:vault",))),
        ("vault",)),
    "ra-crypt-gold-plus-one": Example(
        "납골당과 금이 든 배치 비용",
        lambda: R.scenario(players=2, pools=[{"D": 1, "G": 1}, {}], play=[["crypt"], []],
                           discards=[["chalice_of_fire", "dragon_egg"], []]),
        (("납골당의 두 번째 마력: 죽음 1개를 내고 버린 카드 더미에서 배치", ("use:crypt:1",)),
         ("불의 성배(금 1 + 활기 1)를 고름: 할인 2가 활기 1을 빼고 금은 그대로 냄", ("card:chalice_of_fire",))),
        ("crypt", "chalice_of_fire")),
    "ra-bestiary-sea-serpent": Example(
        "마법사의 경연장과 큰 바다뱀",
        lambda: R.scenario(players=2, pools=[{}, {"E": 2, "L": 4, "C": 2, "D": 2}], play=[[], ["sea_serpent"]],
                           places=["sorcerers_bestiary"], turn=1),
        (("플레이어 2가 마법사의 경연장을 가져옴: 큰 바다뱀은 용족이자 생물이라 2 + 1 = 3점이 더해짐",
          ("claim:sorcerers_bestiary",)),),
        ("sorcerers_bestiary", "sea_serpent")),
    "ra-golden-statue-temporary": Example(
        "황금 조각상의 일시적 3점",
        lambda: R.scenario(players=2, pools=[{}, {"G": 3}], passed=[False, True], token=1, turn=0,
                           items=["protection", "calm_elan"],
                           play=[["great_pyramid", "colossus", "mausoleum", "temple", "library"],
                                 ["golden_statue", "oracle", "obelisk", "hanging_gardens", "solomons_mine"]]),
        (("플레이어 1도 패스해 라운드가 끝나고 승점 확인: 패스한 플레이어 2에게 황금 조각상을 쓸지 물음", ("pass:research",)),
         ("플레이어 2가 금 3개를 내고 일시적으로 3점: 10 대 10 동점, 동점 비교도 0 대 0이라 함께 승리",
          ("react:golden_statue:0",))),
        ("golden_statue",)),
}


def frame_html(state, focus) -> str:
    """One moment of an example: round and phase, the focus cards with the essences on them, the pools, VP."""
    on = {c: state.essences_on(c) for c in focus}
    owners = sorted({p for c in focus for p in [state.owner(c)] if p is not None})
    pools = " · ".join(f"{seat(p)} 저장소 {pool_html(state.pool[p])} · 승점 {state.scores()[p]}"
                       + (f" (황금 조각상 +{state.statue[p]})" if state.statue[p] else "")
                       for p in range(state.num_players))
    turned = [c for c in focus if c in state.turned]
    head = "게임 끝" if state.is_terminal() else f"{state.round}라운드 · {escape(state.phase_name())}"
    end = final_html(state, seat) if state.is_terminal() else ""
    return (f"<div><b>{head}</b></div><div><small>{pools}</small></div>"
            + card_row([c for c in focus if state.owner(c) in owners or not owners], 150, turned, on) + end)


def timeline_html(frames, focus) -> str:
    """The whole example as a table: one row per step, the essences on the focus cards and player 1's pool."""
    head = "".join(f"<th>{escape(C.name(c))} 위</th>" for c in focus)
    rows = []
    for i, (caption, s) in enumerate(frames):
        cells = "".join(f"<td>{pool_html(s.essences_on(c))}</td>" for c in focus)
        rows.append(f"<tr><td>{i}</td><td><small>{escape(caption)}</small></td>{cells}<td>{pool_html(s.pool[0])}</td></tr>")
    return ('<div style="overflow-x:auto;max-width:100%"><table style="font-size:90%"><tr><th>#</th><th>무슨 일</th>'
            f"{head}<th>플레이어 1 저장소</th></tr>{''.join(rows)}</table></div>")


def replay(example_id: str) -> w.VBox:
    """Step through an example: 처음 / 이전 / 다음, the picture of the current step, the timeline below."""
    ex = EXAMPLES[example_id]
    frames = ex.frames()
    at = {"i": 0}
    title, picture, message = w.HTML(), w.HTML(layout=w.Layout(max_width="100%")), w.HTML()

    def show():
        caption, state = frames[at["i"]]
        title.value = f"<b>{at['i']} / {len(frames) - 1}</b> · {escape(caption)}"
        picture.value = frame_html(state, ex.focus)

    def move(delta):
        i = at["i"] + delta
        if not 0 <= i < len(frames):
            message.value = info("마지막 단계입니다." if delta > 0 else "처음 단계입니다.")
            return
        message.value = ""
        at["i"] = i
        show()

    def first():
        at["i"] = 0
        message.value = ""
        show()

    show()
    buttons = [button("◀ 이전", lambda: move(-1)), button("다음 ▶", lambda: move(1), "primary"), button("처음으로", first)]
    parts = [row(*buttons), title, message, picture]
    if len(frames) > 2:
        parts.append(w.HTML("<details open><summary><b>라운드별 흐름</b></summary>" + timeline_html(frames, ex.focus)
                            + "</details>"))
    ui = w.VBox(parts, layout=w.Layout(max_width="100%"))
    ui.frames = frames
    return ui
