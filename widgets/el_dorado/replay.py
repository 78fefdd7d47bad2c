"""Step-through replays on the real map: a start position and the actions that follow it, applied one
at a time by the engine (a replay continues a game by applying actions, never by rebuilding a
position). Used by the worked examples and by the movement planner's 'this plan, step by step'."""
from html import escape

import ipywidgets as w

from rules.core import CHANCE
from rules.core.korean import attach
from rules.el_dorado import components as C
from widgets.common import button, error, row
from widgets.el_dorado.board import PLAYER_COLOURS, map_svg, market_html
from widgets.el_dorado.cards import SYMBOL_ICONS, pile


def step_text(before, action, numbers=None) -> str:
    """What one action does, in Korean, with the numbers a dispute turns on: the symbol a white card is
    used as, the requirement paid and the power left, the cards a 자갈밭/베이스캠프 takes."""
    b = before.board
    after = before.apply(action)
    kind = type(action).__name__
    if kind in ("Move", "Break"):
        if kind == "Move":
            terrain, req = b.terrain[action.to], b.req[action.to]
            mark = f"({numbers[action.to]}번)" if numbers and action.to in numbers else ""
            target = f"{b.describe_hex(action.to)} 칸{mark}으로" + (" (엘도라도 도착!)" if action.to in b.finish else "")
        else:
            number = before.blockades[action.seam]
            terrain, req = C.BLOCKADES[number]
            target = f"장애물 {number}번({C.TERRAIN_NAMES[terrain]} {req})을 극복하고 가져감"
        pay = action.pay
        if pay == "":
            how = "같은 카드의 남은 탐험치로"
        elif pay == "native":
            how = "원주민 카드로 요구치를 무시하고"
        elif pay == "tok:native":
            how = "원주민 토큰으로 요구치를 무시하고"
        elif pay.startswith("cards:"):
            cards = ", ".join(C.name(c) for c in pay[6:].split("+"))
            how = (f"카드 {req}장({cards})을 게임에서 제거하고" if terrain == "basecamp"
                   else f"카드 {req}장({cards})을 내고")
        elif pay.startswith("tok:"):
            how = "동굴 토큰 " + attach(f"'{C.token_name(pay[4:])}'", "으로")
        else:
            symbol = C.SYMBOL_OF[terrain]
            joker = (f", {C.SYMBOL_NAMES[symbol]}로 씀" if len(C.symbols(pay)) > 1 or before.recolor else "")
            how = f"{C.name(pay)}({SYMBOL_ICONS[symbol]} {C.POWER[pay]}{joker}) 카드를 내고"
        left = ""
        if after.active and terrain in C.SYMBOL_OF:
            left = f" — 남은 탐험치 {SYMBOL_ICONS[after.active[1]]} {after.active[2]}"
        return f"{how} {target}{left}"
    return action.describe()


class Replay:
    """A start state and its actions, shown one step at a time on the map (cropped to where the
    pawns go), with the hand, the play area and the purchase of the player on turn."""

    def __init__(self, start, actions, notes=(), focus=None, title=""):
        self.states = [start]
        self.actions = list(actions)
        for a in self.actions:           # every step is the engine's: an illegal one stops the build
            self.states.append(self.states[-1].apply(a))
        self.notes = list(notes) + [""] * (len(self.actions) - len(notes))
        self.focus = focus or self._focus()
        self.title = title
        self.buys = any(a.kind == "buy" for a in self.actions)     # a purchase shows the market too
        self.at = 0
        self.picture, self.text = w.HTML(layout=w.Layout(max_width="100%")), w.HTML()
        self.message = w.HTML()
        self.widget = w.VBox([row(button("◀ 이전", self.back), button("다음 ▶", self.forward, "primary"),
                                  button("처음으로", self.first)), self.text, self.message, self.picture],
                             layout=w.Layout(max_width="100%"))
        self.render()

    def _focus(self) -> list:
        b = self.states[0].board
        hexes = set()
        for s in self.states:
            for h in s.pawns[s.turn]:
                if h in b.terrain:
                    hexes.add(h)
                    hexes.update(b.neighbours[h])
        for a in self.actions:
            if getattr(a, "to", None) in b.terrain:
                hexes.add(a.to)
        return sorted(hexes)

    def back(self):
        if self.at == 0:
            self.message.value = error("이미 첫 장면입니다. '다음 ▶'을 누르세요.")
        else:
            self.at -= 1
            self.message.value = ""
        self.render()

    def forward(self):
        if self.at == len(self.actions):
            self.message.value = error("마지막 장면입니다. '처음으로'를 누르면 다시 볼 수 있습니다.")
        else:
            self.at += 1
            self.message.value = ""
        self.render()

    def first(self):
        self.at = 0
        self.message.value = ""
        self.render()

    def render(self):
        s = self.states[self.at]
        t = s.turn
        if self.at == 0:
            head = f"<b>처음 상황</b>{(' — ' + escape(self.title)) if self.title else ''}"
        else:
            before, action = self.states[self.at - 1], self.actions[self.at - 1]
            head = (f"<b>{self.at}/{len(self.actions)}단계</b>: "
                    f"{escape(step_text(before, action) if before.current_player() != CHANCE else action.describe())}")
            if self.notes[self.at - 1]:
                head += f"<br><small>{escape(self.notes[self.at - 1])}</small>"
        self.text.value = f"<div style='min-height:2.6em'>{head}</div>"
        route = [self.states[i].pawns[t][0] for i in range(self.at + 1)]
        marks = {}
        for h in route[:-1]:
            if h in s.board.terrain and h not in marks:
                marks[h] = "·"
        status = [f"<small>손</small>{pile(s.hands[t], 46)}",
                  f"<small>낸 카드</small>{pile(s.plays[t], 40)}"]
        if s.coins or s.phase == "buy":
            status.append(f"<small>낸 금화: {s.coins / 2:g}개</small>")
        if s.active:
            status.append(f"<small>남은 탐험치: {SYMBOL_ICONS[s.active[1]]} {s.active[2]}</small>")
        if s.discards[t]:
            status.append(f"<small>버린 카드</small>{pile(s.discards[t], 40)}")
        self.picture.value = (map_svg(s.board, s.blockades, s.pawns, s.cave_piles if s.caves_variant else None,
                                      marks=marks, focus=self.focus)
                              + f"<div style='display:flex;flex-wrap:wrap;gap:8px;border-left:6px solid "
                                f"{PLAYER_COLOURS[t]};padding-left:6px'>" + "".join(f"<div>{x}</div>" for x in status)
                              + "</div>" + (market_html(s.slots, s.stacks, 44) if self.buys else ""))


def replay(start, actions, notes=(), title="") -> w.VBox:
    return Replay(start, actions, notes, title=title).widget
