"""The cave tokens a player holds, picked from a menu (token names hold numbers, 마체테 2, so they are
not typed): add one, take one out, empty; the line below lists what is held."""
from html import escape

import ipywidgets as w

from rules.el_dorado import components as C
from widgets.common import button, error, row, wide


class TokenPicker:
    def __init__(self, tokens=None, on_change=None):
        self.tokens = dict(tokens or {})
        self.on_change = on_change
        self.token = w.Dropdown(options=[(C.token_name(t), t) for t in C.TOKENS], description="토큰", layout=wide())
        self.listing, self.message = w.HTML(), w.HTML()
        self.widget = w.VBox([row(self.token, button("토큰 넣기", self.add, "primary"), button("토큰 한 개 빼기", self.remove),
                                  button("토큰 비우기", self.clear)), self.message, self.listing],
                             layout=w.Layout(max_width="100%"))
        self.show()

    def add(self):
        t = self.token.value
        if self.tokens.get(t, 0) >= C.TOKEN_COUNTS[t]:
            self.message.value = error(f"'{C.token_name(t)}' 토큰은 상자에 {C.TOKEN_COUNTS[t]}개뿐입니다.")
            return
        self.tokens[t] = self.tokens.get(t, 0) + 1
        self.changed()

    def remove(self):
        t = self.token.value
        if not self.tokens.get(t):
            self.message.value = error(f"'{C.token_name(t)}' 토큰을 가지고 있지 않습니다.")
            return
        self.tokens[t] -= 1
        if not self.tokens[t]:
            del self.tokens[t]
        self.changed()

    def clear(self):
        self.tokens = {}
        self.changed()

    def changed(self):
        self.message.value = ""
        self.show()
        if self.on_change:
            self.on_change()

    def show(self):
        held = ", ".join(f"{C.token_name(t)} {n}개" for t, n in sorted(self.tokens.items()))
        self.listing.value = f"<small>가진 토큰: {escape(held) if held else '없음'}</small>"
