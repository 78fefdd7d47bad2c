"""Simple opponents for the play-through widget and the benchmark: policies(state, rng) -> action."""
from rules.archaeology import components as C
from rules.archaeology.actions import EndTurn, Explore, MineStop, Sell, UseTent
from rules.archaeology.odds import mine_bust_chance


def greedy_bot(state, rng):
    """Explores when it can, sells the best-paying set when the set is full, else ends the turn.

    It never trades; it uses a tent when it would lose two or more cards; it stops a mine dig
    once the next card busts more often than not.
    """
    actions = state.legal_actions()
    hand = state.hands[state.current_player()]
    for action in actions:
        if isinstance(action, UseTent):
            return UseTent(sum(hand.values()) // 2 >= 2)
    if any(isinstance(a, MineStop) for a in actions):
        return MineStop() if mine_bust_chance(state) > 0.5 else actions[0]
    explores = [a for a in actions if isinstance(a, Explore)]
    if explores:
        return max(explores, key=lambda a: (sum(state.chambers[a.chamber].values()), a.named))
    sells = [a for a in actions if isinstance(a, Sell)]
    full = [a for a in sells if a.count == min(C.max_set(a.card), hand[a.card])
            and (a.count == C.max_set(a.card) or EndTurn() not in actions)]
    if full:
        return max(full, key=lambda a: C.sale_value(a.card, a.count))
    if EndTurn() in actions:
        return EndTurn()
    return rng.choice(actions)
