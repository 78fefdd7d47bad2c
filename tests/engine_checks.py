"""Checks every engine's property tests share (the walks and candidate actions stay per game)."""
from rules import IllegalAction


def assert_only_legal_accepted(state, actions) -> None:
    """Each legal action is accepted, every other one is refused with IllegalAction naming its rule,
    and `state` itself never changes (apply returns a new state)."""
    before = state.to_json()
    legal = state.legal_actions()
    for action in actions:
        if action in legal:
            state.apply(action)
        else:
            try:
                state.apply(action)
            except IllegalAction as err:
                assert "규칙:" in str(err)
            else:
                raise AssertionError(f"{action} 이(가) 허용되었습니다: {state!r}")
        assert state.to_json() == before
