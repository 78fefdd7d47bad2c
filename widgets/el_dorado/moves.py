"""엘도라도's moves named by what the screen shows: a pawn by its label on the map (1a, 2 …), a space by
the red letter drawn on it (가, 나 …) with its terrain and whether it leads forward, a cave by the
number beside it, a card by the name on its picture, and what a card or token does.

The engine's own sentences (Action.describe) name spaces by coordinates, which no map shows; these are
the words of the buttons and of the teacher, made from the same position the map is drawn from."""
from fractions import Fraction


from rules.core.korean import attach
from rules.el_dorado import components as C
from rules.el_dorado.actions import Break, Buy, Explore, Move, Play, Spend, UseToken, pay_text
from rules.el_dorado.route import steps_to_finish
from rules.el_dorado.state import ELDORADO
from widgets.el_dorado.board import pawn_label
from widgets.el_dorado.cards import EFFECT_TEXT
from widgets.el_dorado.caves import token_effect

LETTERS = "가나다라마바사아자차카타파하"


def space_tags(state) -> dict:
    """{hex: letter} of every space next to a pawn of the player on turn that a pawn may enter (not
    behind a blockade still in place), nearest El Dorado first: 가 is the way forward."""
    b = state.board
    steps = steps_to_finish(b)
    spaces = set()
    for h in state.pawns[state.turn]:
        if h == ELDORADO:
            continue
        for n, seam, _, _ in b.exits(h):
            if seam is None or state.blockades[seam] is None:
                spaces.add(n)
    order = sorted(spaces, key=lambda h: (steps.get(h, 99), h))
    return {h: LETTERS[i] for i, h in enumerate(order[:len(LETTERS)])}


def space_words(board, h: str) -> str:
    """A space as the map draws it: 정글 마체테 2, 자갈밭 카드 1장."""
    terrain = board.terrain[h]
    if terrain in C.SYMBOL_OF:
        return f"{C.TERRAIN_NAMES[terrain]} {C.SYMBOL_NAMES[C.SYMBOL_OF[terrain]]} {board.req[h]}"
    return f"{C.TERRAIN_NAMES[terrain]} 카드 {board.req[h]}장"


def _way(board, here: str, there: str) -> str:
    if there in board.finish:
        return "엘도라도 입구"
    steps = steps_to_finish(board)
    before, after = steps.get(here, 99), steps.get(there, 99)
    return "앞으로" if after < before else "옆으로" if after == before else "뒤로"


def _pawn(state, pawn: int) -> str:
    return f"말 {pawn_label(state.turn, pawn, len(state.pawns[state.turn]))}"


def _coins(state, pay: str) -> str:
    """What a payment adds to the purchase, in coins as the rulebook counts them."""
    if pay.startswith("tok:"):
        halves = 2 * C.TOKEN_POWER[pay[4:]][1]
    elif C.POWER[pay] and ("coin" in C.symbols(pay) or state.recolor):
        halves = 2 * C.POWER[pay]
    else:
        halves = 1
    coins = Fraction(halves, 2)
    return f"금화 {coins}개" if coins.denominator == 1 else ("금화 ½개" if coins < 1 else f"금화 {coins.numerator // 2}½개")


def say(state, action, tags: dict) -> str:
    """The Korean words of a move, naming only what the screen shows (see the module text)."""
    b = state.board
    if isinstance(action, Move):
        here = state.pawns[state.turn][action.pawn]
        tag = tags.get(action.to, "")
        where = (f"{tag} 칸({space_words(b, action.to)} · {_way(b, here, action.to)})" if tag
                 else f"{space_words(b, action.to)} 칸({_way(b, here, action.to)})")
        return f"{attach(_pawn(state, action.pawn), '을')} {pay_text(action.pay)} {attach(where, '으로')} 옮깁니다"
    if isinstance(action, Break):
        terrain, req = C.BLOCKADES[state.blockades[action.seam]]
        need = f"{C.SYMBOL_NAMES[C.SYMBOL_OF[terrain]]} {req}" if terrain in C.SYMBOL_OF else f"카드 {req}장"
        return (f"{_pawn(state, action.pawn)} 옆의 장애물({C.TERRAIN_NAMES[terrain]} {need})을 "
                f"{pay_text(action.pay)} 극복합니다")
    if isinstance(action, Explore):
        return f"{_pawn(state, action.pawn)} 옆의 {attach(f'동굴{action.cave + 1}', '을')} 탐험해 토큰 1개를 가져옵니다"
    if isinstance(action, Spend):
        what = f"동굴 토큰 '{C.token_name(action.pay[4:])}'" if action.pay.startswith("tok:") else \
            f"{C.name(action.pay)} 카드"
        return f"{attach(what, '을')} 구매에 냅니다 ({_coins(state, action.pay)})"
    if isinstance(action, Buy):
        return f"시장에서 {C.name(action.card)} 카드를 삽니다 (금화 {C.COST[action.card]}개)"
    if isinstance(action, Play):
        if action.target:
            return f"송신기로 시장의 {C.name(action.target)} 카드를 값을 내지 않고 가져옵니다"
        return f"{C.name(action.card)} 카드를 씁니다: {EFFECT_TEXT[action.card]}"
    if isinstance(action, UseToken):
        if action.token == "remove":
            return f"동굴 토큰 '카드 제거'로 {C.name(action.card)} 카드를 게임에서 제거합니다"
        token = f"'{C.token_name(action.token)}'"
        return f"동굴 토큰 {attach(token, '을')} 씁니다: {token_effect(action.token)}"
    return action.describe()
