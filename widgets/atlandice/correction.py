"""자료 고치기: the unpublished board values (clock track, clock hands of the 15 district boards, the
black market's advance, the 도서관 ability) in a form staff who own the game can correct. 'This 값으로
확인' checks them with the engine (Korean errors), draws the board with them, replays every worked
example of the chapter with them (saying which still hold) and writes the corrected components.json
to download or paste into rules/atlandice/components.json, the one file the book reads."""
import json
import re
from html import escape
from urllib.parse import quote

import ipywidgets as w

from rules import IllegalAction
from rules import atlandice as A
from rules.atlandice import components as C
from rules.core import play_out
from rules.atlandice import bots
from widgets.atlandice import examples as E
from widgets.atlandice.board import city_svg, legend_html
from widgets.common import LABEL, button, error, info, quiet_name, row

DATA_FILE = "rules/atlandice/components.json"
CAFE_SOURCE = "cafe"
CAFE_SOURCE_TEXT = "실물 게임을 보고 확인한 값 (카페 직원)"
# The clock spaces in words a person types; the engine's own codes are accepted too (a pasted file).
TRACK_WORDS = {"시작": "start", "-": "", "기부": "donate", "파도": "wave",
               **{f"확인:{C.name(t)}": f"check:{t}" for t in C.HERITAGE}}
WORD_OF = {code: word for word, code in TRACK_WORDS.items()}
LABELS = C.BOARD_LABELS        # people see these names; the machine keys stay in the exported file
STAFF = "kr-staff"             # a box for staff only: the file's path and machine keys may show there


def track_text(track) -> str:
    return " ".join(WORD_OF[space] for space in track)


def parse_track(text: str) -> list:
    """'시작 - 확인:보석 기부 … 파도' -> the engine's clock_track list (each word one space)."""
    words = [x for x in re.split(r"[\s,]+", text.strip()) if x]
    if not words:
        raise IllegalAction("시계 칸을 적으세요 (예: 시작 - - 확인:보석 기부 파도)", C.RULE)
    spaces = []
    for i, word in enumerate(words, start=1):
        if word in TRACK_WORDS:
            spaces.append(TRACK_WORDS[word])
        elif word in WORD_OF and word:
            spaces.append(word)
        else:
            raise IllegalAction(f"시계의 {i}번째 칸을 알 수 없습니다 ('{word}'): {', '.join(TRACK_WORDS)} 중 하나로 "
                                "적으세요", C.RULE)
    return spaces


def corrected_file(values: dict, confirmed=()) -> str:
    """components.json with these board values; the keys in `confirmed` become 'confirmed' with the café as
    their source (values only tried stay 'unverified')."""
    data = json.loads(json.dumps(C.DATA))
    for key in C.BOARD_KEYS:
        entry = data["board"][key]
        entry["value"] = values[key]
        if key in confirmed:
            entry["status"] = "confirmed"
            entry["source"] = sorted(set(entry["source"]) | {CAFE_SOURCE})
            data["sources"][CAFE_SOURCE] = CAFE_SOURCE_TEXT
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def examples_html(values: dict) -> str:
    """Every worked example replayed with `values`: which still hold, and why not."""
    rows = []
    for r in E.all_replays(values):
        label = E.TITLES[r.example] + (f" ({C.FORGE_SOURCES[r.steps[0][1].forge_source]})"
                                       if r.example == "atl-alex-forge" else "")
        mark = "✅ 성립" if r.holds else "❌ 성립하지 않음"
        rows.append(f"<tr><td><a href='{E.PAGES[r.example]}.html#{r.example}'>{escape(label)}</a></td><td>{mark}</td>"
                    f"<td><small>{escape(r.why)}</small></td></tr>")
    return ('<div style="overflow-x:auto;max-width:100%"><table style="font-size:90%"><tr><th>예시</th><th>이 값으로</th>'
            f"<th>엔진이 다시 해 본 결과</th></tr>{''.join(rows)}</table></div>")


def game_length_html(values: dict) -> str:
    """How long games of greedy bots last with these values (the clock track sets the game's length)."""
    rounds = []
    for seed in range(4):
        start = A.new_game(4, seed=seed, board_data=values)
        count = [0]

        def on_step(state, action):
            count[0] += isinstance(action, A.RollDie) and state.to_roll == C.dice_in_play(4)

        play_out(start, bots.greedy_bot, seed=seed, on_step=on_step)
        rounds.append(count[0])
    return f"<div><small>봇 4명이 이 값으로 둔 4판의 길이: {', '.join(map(str, rounds))}라운드</small></div>"


def hands_table(values: dict) -> str:
    cells = "".join(f"<tr><td>{d} {escape(C.area_name(d))}</td>"
                    + "".join(f"<td style='text-align:center'>{C.board_id(d, i)}: ×{h}</td>"
                              for i, h in enumerate(values["clock_hands"][str(d)])) + "</tr>" for d in C.DISTRICTS)
    return f"<table style='font-size:90%'>{cells}</table>"


class Correction:
    """The form: one box per printed value, then what the engine makes of them."""

    def __init__(self, values=None):
        values = values or C.board_values()
        self.hands = {d: [quiet_name(w.IntText(value=h, continuous_update=False, layout=w.Layout(width="58px")),
                                     f"{C.area_name(d)} {i + 1}번째 보드의 시곗바늘 수")
                          for i, h in enumerate(values["clock_hands"][str(d)])] for d in C.DISTRICTS}
        self.black_market = w.IntText(value=values["black_market_hands"], description="시장에 남은 주사위: 시계 전진",
                                      continuous_update=False, style=LABEL,
                                      layout=w.Layout(width="260px", max_width="100%"))
        self.track = quiet_name(w.Textarea(value=track_text(values["clock_track"]), rows=4, continuous_update=False,
                                           layout=w.Layout(width="100%", max_width="100%")), "시계 칸")
        self.library = w.Dropdown(options=[(C.LIBRARY_NAMES[key] + (f": {text}" if text != C.LIBRARY_NAMES[key] else ""),
                                            key) for key, text in C.LIBRARY_ABILITIES.items()],
                                  value=values["library_ability"], description="도서관 능력", style=LABEL,
                                  layout=w.Layout(width="auto", max_width="100%"))
        self.confirmed = {k: w.Checkbox(value=not C.is_unverified(k), description=f"실물로 확인함: {LABELS[k]}",
                                        indent=False, layout=w.Layout(width="auto", max_width="100%"))
                          for k in C.BOARD_KEYS}
        self.message, self.picture, self.checks = w.HTML(), w.HTML(layout=w.Layout(max_width="100%")), w.HTML()
        self.export = quiet_name(w.Textarea(rows=6, layout=w.Layout(width="100%", max_width="100%")), "고친 자료 파일 전체")
        # The whole file, machine keys and all, folded away for staff who paste it by hand.
        self.export_box = w.Accordion([self.export], titles=("직원용: 고친 자료 파일 전체 (붙여 넣기용)",),
                                      selected_index=None, layout=w.Layout(max_width="100%"))
        self.export_box.add_class(STAFF)
        self.download = w.HTML()
        hand_rows = [row(w.HTML(f"<small>{d} {escape(C.area_name(d))} (a, b, c)</small>",
                                layout=w.Layout(width="120px")), *self.hands[d]) for d in C.DISTRICTS]
        self.widget = w.VBox([
            w.HTML("<b>1. 시설 보드의 시곗바늘 아이콘 수</b> <small>(보드마다 1~3; 원문 103행대로 작업장 보드 3장이 모두 "
                   "같은 수일 수는 없습니다)</small>"), *hand_rows,
            w.HTML("<b>2. 시장(암시장)</b>"), self.black_market,
            w.HTML("<b>3. 시계 칸</b> <small>첫 칸부터 마지막 칸까지 차례로, 칸마다 한 낱말: "
                   f"{escape(', '.join(TRACK_WORDS))}</small>"), self.track,
            w.HTML("<b>4. 도서관</b> <small>(엔진이 아는 능력은 이 둘뿐입니다. 실물의 능력이 다르면 여기서는 고칠 수 없고 "
                   "엔진에 그 능력을 새로 넣어야 합니다)</small>"), self.library,
            w.HTML("<b>5. 확인한 값</b> <small>(켜면 내보내는 파일에서 잠정값 표시가 사라집니다)</small>"),
            *self.confirmed.values(),
            row(button("이 값으로 확인", self.check, "primary"), button("자료 파일의 값으로 되돌리기", self.reset, "warning")),
            self.message, self.picture, self.checks,
            w.HTML("<b>고친 자료 파일</b> <small>내려받아 엔진의 구성품 자료 파일과 바꾸세요</small>"
                   f'<details class="{STAFF}"><summary><small>직원용: 파일의 자리</small></summary>'
                   f"<small><code>{DATA_FILE}</code></small></details>"),
            self.download, self.export_box,
        ], layout=w.Layout(max_width="100%"))
        # Every finished edit is checked at once (a typed box on leaving it), as the button does.
        self.quiet = False
        for box in [*(b for row_ in self.hands.values() for b in row_), self.black_market, self.track, self.library,
                    *self.confirmed.values()]:
            box.observe(lambda _: self.quiet or self.check(), "value")
        self.check()

    def values(self) -> dict:
        """The form's values, checked by the engine (IllegalAction with a Korean message if wrong)."""
        raw = {"clock_hands": {str(d): [box.value for box in self.hands[d]] for d in C.DISTRICTS},
               "black_market_hands": self.black_market.value, "clock_track": parse_track(self.track.value),
               "library_ability": self.library.value}
        return C.board_from_values(raw).values()

    def check(self):
        try:
            values = self.values()
        except IllegalAction as exc:
            self.message.value = error(str(exc) + " — 그림, 예시, 내보낼 파일은 마지막으로 맞았던 값 그대로입니다.")
            return
        confirmed = [k for k, box in self.confirmed.items() if box.value]
        changed = [LABELS[k] for k in C.BOARD_KEYS if values[k] != C.board_values()[k]]
        warnings = "".join(f"<br>⚠️ {escape(text)}" for text in C.board_warnings(values))
        self.message.value = info("엔진이 값을 받아들였습니다. " + (f"자료 파일과 다른 값: {', '.join(changed)}."
                                                             if changed else "자료 파일의 값과 같습니다.") + warnings)
        start = A.new_game(3, seed=1, board_data=values)
        for face in (1, 2, 6, 6, 3, 5, 4):
            start = start.apply(A.RollDie(face))
        self.picture.value = ("<div><b>이 값의 게임판</b> <small>(3인, 주사위 1 2 6 6 3 5 4; 시계는 첫 칸)</small></div>"
                              + city_svg(start.public_view(None)) + legend_html() + hands_table(values))
        self.checks.value = ("<div><b>이 장의 예시를 이 값으로 다시 해 보면</b></div>" + examples_html(values)
                             + game_length_html(values))
        text = corrected_file(values, confirmed)
        self.export.value = text
        self.download.value = (f'<a download="components.json" href="data:application/json;charset=utf-8,{quote(text)}">'
                               "⬇️ 고친 자료 파일 내려받기</a>")

    def reset(self):
        values = C.board_values()
        self.quiet = True           # one check at the end, not one per box
        for d in C.DISTRICTS:
            for box, h in zip(self.hands[d], values["clock_hands"][str(d)]):
                box.value = h
        self.black_market.value = values["black_market_hands"]
        self.track.value = track_text(values["clock_track"])
        self.library.value = values["library_ability"]
        for k, box in self.confirmed.items():
            box.value = not C.is_unverified(k)
        self.quiet = False
        self.check()


def correction() -> w.VBox:
    return Correction().widget


def unverified_table() -> w.HTML:
    """One row per 잠정값 (what, the value the engine uses, where it came from), from the data file."""
    def shown(key, value):
        if key == "clock_track":
            return track_text(value)
        if key == "clock_hands":
            return " · ".join(f"{C.area_name(int(d))} {'/'.join(map(str, v))}" for d, v in value.items())
        if key == "library_ability":
            return C.LIBRARY_NAMES[value]
        if key == "black_market_hands":
            return f"{value}칸"
        return str(value)

    keys = [k for k in C.BOARD_KEYS if C.is_unverified(k)]
    items = "".join(f'<div style="border:1px solid #e0c060;border-left:6px solid #f1c40f;border-radius:6px;padding:4px 8px;'
                    f'margin:6px 0"><b>{escape(what)}</b>'
                    f"<div>지금 쓰는 값: <b>{escape(shown(key, value))}</b></div><div><small>{escape(note)}</small></div></div>"
                    for key, (what, value, note) in zip(keys, C.unverified()))
    staff = (f'<details class="{STAFF}"><summary><small>직원용: 파일 속 항목 이름</small></summary>'
             f"<small><code>{DATA_FILE}</code>의 <code>board</code> 항목: "
             + ", ".join(f"{escape(LABELS[k])} = <code>{k}</code>" for k in keys) + "</small></details>")
    sources = "".join(f"<li>{escape(k)}: {escape(v)}</li>" for k, v in C.DATA["sources"].items())
    return w.HTML(f"<div><b>잠정값 {len(keys)}개</b> · 고칠 곳: 엔진의 구성품 자료 파일</div>{items}{staff}"
                  f"<details><summary>출처 기호</summary><ul>{sources}</ul></details>",
                  layout=w.Layout(max_width="100%"))
