"""The rulebook's worked examples as step-through replays on the first-game map. Each position is the
one tests/test_el_dorado_examples.py builds for the same id, and every step is applied by the engine."""
from rules import el_dorado as E
from rules.el_dorado import components as C
from widgets.el_dorado.replay import replay

OTHERS = [["-2,-1"], ["-1,-2"]]          # the other two pawns wait on start spaces 2 and 3


def _start(example: str):
    if example == "eunji-moves":
        return E.scenario(players=3, pawns=[["-3,0"]] + OTHERS, overrides={"1,0": "J3"},
                          hands=[{"explorer": 1, "scout": 1, "trailblazer": 1}, {}, {}])
    if example == "trailblazer-blockade":
        return E.scenario(players=3, pawns=[["3,-2"]] + OTHERS, overrides={"4,-2": "J2"},
                          hands=[{"trailblazer": 1}, {}, {}])
    if example == "yongbin-purchase":
        return E.scenario(players=3, hands=[{"traveler": 1, "photographer": 1, "explorer": 1, "sailor": 1}, {}, {}])
    if example == "euihyun-turn":
        line = {"-2,0": "J1", "-1,0": "J2", "0,0": "J2", "1,0": "B1", "2,0": "W2", "3,0": "W1", "4,0": "R3"}
        stacks = dict(C.MARKET_COPIES)
        del stacks["scout"]                               # a slot of the market board is empty
        for card in ("cartographer", "pioneer", "prop_plane", "native", "journalist"):
            stacks[card] -= 1                             # 의현's own copies
        slots = [None if c == "scout" else c for c in C.START_MARKET]
        return E.scenario(players=3, pawns=[["-3,0"]] + OTHERS, overrides=line, blockades=[None, 2, 3, 4],
                          taken=[[], [1], []], stacks=stacks, slots=slots,
                          hands=[{"cartographer": 1, "pioneer": 1, "traveler": 1, "prop_plane": 1}, {}, {}],
                          decks=[{"native": 1, "journalist": 1, "explorer": 3, "sailor": 1}, {}, {}])
    if example == "yujeong-cave":
        return E.scenario(players=3, caves=True, pawns=[["0,0"]] + OTHERS,
                          hands=[{"explorer": 1, "traveler": 1}, {}, {}])
    raise KeyError(example)


# id -> (title, [(notation, note)]); the notation is the engine's (State.action_from_str)
EXAMPLES = {
    "eunji-moves": ("은지의 세 번 이동", [
        ("move:0>-2,0:explorer", "탐험가(마체테 1)로 마체테 1 정글 1칸. 탐험가의 탐험치는 이제 남지 않았습니다."),
        ("move:0>-1,0:scout", "길잡이(마체테 2)로 마체테 1 정글에 들어가면 마체테 1이 남습니다."),
        ("move:0>0,0", "남은 마체테 1로 다음 마체테 1 정글까지: 길잡이로 모두 2칸."),
        ("move:0>1,0:trailblazer", "마체테 3 정글은 인도자(마체테 3)로만 갈 수 있습니다. 앞 카드의 남은 값과 더할 수 없습니다."),
    ]),
    "trailblazer-blockade": ("인도자로 장애물을 넘어 건너편 정글로", [
        ("break:0>0:trailblazer", "인도자(마체테 3)로 마체테 1 장애물을 극복하고 장애물 타일을 가져갑니다. 말은 제자리."),
        ("move:0>4,-2", "남은 마체테 2로 건너편 타일의 마체테 2 정글까지 이어서 이동합니다."),
    ]),
    "yongbin-purchase": ("용빈의 구매", [
        ("spend:traveler", "여행자: 금화 1."),
        ("spend:photographer", "사진사: 금화 2 (모두 3)."),
        ("spend:explorer", "탐험가는 금화 기호가 없어 ½ (모두 3½)."),
        ("spend:sailor", "항해사도 ½: 모두 금화 4개."),
        ("buy:transmitter", "금화 4개로 송신기(4)를 사서 버린 카드 더미에 놓습니다. 손에 들지 않습니다."),
    ]),
    "euihyun-turn": ("의현의 한 차례 (a–e, 2단계와 3단계)", [
        ("play:cartographer", "측량사: 카드 2장을 뽑습니다."),
        ("draw:native", "원주민을 뽑았습니다."),
        ("draw:journalist", "기자를 뽑았습니다."),
        ("move:0>-2,0:pioneer", "a. 개척자(마체테 5): 마체테 1 정글."),
        ("move:0>-1,0", "a. 남은 4로 마체테 2 정글."),
        ("move:0>0,0", "a. 남은 2로 마체테 2 정글: 1 + 2 + 2, 모두 3칸."),
        ("move:0>1,0:cards:traveler", "b. 베이스캠프 1: 여행자 1장을 상자에 넣어 게임에서 제거합니다."),
        ("move:0>2,0:prop_plane", "c. 프로펠러 비행기를 노 4로: 노 2 강."),
        ("move:0>3,0", "c. 남은 2로 노 1 강. 남은 1은 다음 칸에 노가 필요 없어 사라지고, 1회용이라 상자로 갑니다."),
        ("move:0>4,0:native", "d. 원주민: 자갈밭 3의 카드 3장을 내지 않고 들어갑니다."),
        ("spend:journalist", "e. 기자: 금화 3."),
        ("buy:compass", "e. 시장판에 빈칸이 있어 위쪽의 나침반(2)을 빈칸으로 옮겨 삽니다. 남은 금화 1은 버려집니다."),
        ("end", "카드 사용을 마칩니다."),
        ("draw:explorer", "3단계: 4장을 뽑습니다 (1)."),
        ("draw:explorer", "(2)"),
        ("draw:explorer", "(3)"),
        ("draw:sailor", "(4) 이제 다음 사람의 차례입니다."),
    ]),
    "yujeong-cave": ("유정의 동굴 탐험", [
        ("move:0>0,1:explorer", "탐험가로 동굴과 인접한 정글로 이동해 멈춥니다."),
        ("explore:0>0", "동굴 맨 위의 토큰을 가져옵니다 (이동을 멈춤)."),
        ("token:machete1", "마체테 1 토큰이 나왔습니다."),
        ("move:0>-1,2:tok:machete1", "토큰으로 다음 칸에 갑니다. 역시 동굴과 인접하지만, 인접한 칸에서 인접한 칸으로 왔으므로 "
                                     "다시 탐험할 수 없습니다."),
    ]),
}


def actions(example: str) -> tuple:
    """(start state, actions, notes) of an example; each action is read against the state before it."""
    s = start = _start(example)
    out, notes = [], []
    for notation, note in EXAMPLES[example][1]:
        a = s.action_from_str(notation)
        out.append(a)
        notes.append(note)
        s = s.apply(a)
    return start, out, notes


def example(example: str):
    start, acts, notes = actions(example)
    return replay(start, acts, notes, title=EXAMPLES[example][0])
