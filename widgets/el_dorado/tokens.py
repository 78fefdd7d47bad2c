"""The cave tokens a player holds, picked from a menu (token names hold numbers, 마체테 2, so they are
not typed); the line below lists what is held."""
from html import escape

from rules.el_dorado import components as C
from widgets.common.picker import CountPicker


class TokenPicker(CountPicker):
    def __init__(self, tokens=None, on_change=None):
        super().__init__([(C.token_name(t), t) for t in C.TOKENS], tokens, on_change, description="토큰",
                         add="토큰 넣기", remove="토큰 한 개 빼기", clear="토큰 비우기")

    def refusal(self, token) -> str:
        most = C.TOKEN_COUNTS[token]
        return f"'{C.token_name(token)}' 토큰은 상자에 {most}개뿐입니다." if self.counts.get(token, 0) >= most else ""

    def missing(self, token) -> str:
        return f"'{C.token_name(token)}' 토큰을 가지고 있지 않습니다."

    def html(self) -> str:
        held = ", ".join(f"{C.token_name(t)} {n}개" for t, n in sorted(self.counts.items()))
        return f"<small>가진 토큰: {escape(held) if held else '없음'}</small>"
