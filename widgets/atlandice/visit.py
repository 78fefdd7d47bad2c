"""지역 방문 and the district abilities, each as a position to play on from (widgets/atlandice/sandbox.py):
take a die, take heritage, see the submarine's extra one and the ability, roll or choose the re-roll."""
import ipywidgets as w

from rules import atlandice as A
from rules.atlandice import components as C
from widgets.atlandice.sandbox import Sandbox
from widgets.common import quiet_name

# Heritage on every board, so that every visit has something to take (the 여관 gets food and a book,
# the 대장간 weapons and a gem, as in 알렉스's example).
BOARDS = {1: {"gem": 3, "food": 1}, 2: {"book": 3}, 3: {"food": 2, "book": 1}, 4: {"tool": 3},
          5: {"weapon": 3, "gem": 1}}
DICE = {1: 1, 2: 1, 3: 1, 4: 1, 5: 2, 6: 1}


def visit_position(submarine=4, forge_source="market", library=None, players=3):
    """Player 1 to visit, a die in every area (two at the 대장간), the submarine where chosen."""
    values = C.board_values()
    if library is not None:
        values["library_ability"] = library
    dice = dict(DICE) if players != 4 else {**DICE, 1: 2, 3: 2}
    return A.scenario(players=players, first=0, submarine=submarine, boards=BOARDS, dice=dice,
                      forge_source=forge_source, board_data=values)


def visit_simulator() -> w.VBox:
    """Choose the submarine's place and the 대장간 reading, then visit."""
    sub = quiet_name(w.Dropdown(options=[(f"잠수함: {C.area_name(d)} 옆", d) for d in C.DISTRICTS], value=4,
                                layout=w.Layout(width="auto", max_width="100%")), "잠수함 자리")
    forge = quiet_name(w.Dropdown(options=[(f"대장간: {t}", k) for k, t in C.FORGE_SOURCES.items()],
                                  layout=w.Layout(width="auto", max_width="100%")), "대장간 읽기")
    box = Sandbox({"방문": lambda: visit_position(sub.value, forge.value)}, controls=[sub, forge],
                  note="<small>플레이어 1이 주사위를 고르면 엔진이 그 지역의 유산, 잠수함의 추가 유산, 시설 능력을 차례로 "
                       "묻습니다. 주사위 굴림은 '진행 (우연)' 또는 눈을 골라 '이 눈으로'.</small>")
    sub.observe(lambda _: box.restart(), "value")
    forge.observe(lambda _: box.restart(), "value")
    return box.widget


def ability(district: int) -> w.VBox:
    """One district's ability: player 1 visits it (for the 도서관, with either value of the data file)."""
    if district == 2:
        positions = {f"도서관 능력: {text}": (lambda k=k: visit_position(library=k))
                     for k, text in C.LIBRARY_ABILITIES.items()}
    elif district == 5:
        positions = {f"대장간: {text}": (lambda k=k: visit_position(forge_source=k))
                     for k, text in C.FORGE_SOURCES.items()}
    else:
        positions = {f"{C.area_name(district)} 방문": visit_position}
    return Sandbox(positions, note=f"<small>플레이어 1이 '{C.area_name(district)}의 주사위를 가져가 방문합니다'를 눌러 "
                                   "보세요.</small>").widget


def two_players() -> w.VBox:
    """A 2-player round from its roll: three dice each, one of them given to the virtual player."""
    positions = {"2인 게임의 한 라운드 (가상 플레이어는 승점 없음)": lambda: A.new_game(2, seed=3),
                 "2인 게임의 한 라운드 (가상 플레이어도 승점)": lambda: A.new_game(2, seed=3, virtual_vp=True)}
    return Sandbox(positions, note="<small>먼저 '진행 (우연)'으로 주사위 7개를 굴리세요. 각자 세 번 고르며, 그중 한 번은 "
                                   "'가상 플레이어에게 줍니다' 단추로 줍니다.</small>").widget
