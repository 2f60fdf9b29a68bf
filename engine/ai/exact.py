"""Exact results at the end of a game: who wins when the rest of the current round cannot change it.

Both families end a game at the end of a round (Splendor B-12, Spectacle P-9: seat ``n - 1`` closes a round)
once the end is triggered.  So a full state whose result is *forced within the current round* has an exact
result, which the review should give instead of the model's estimate (issue 41):

* a seat has reached the target and no seat still to play this round can catch up;
* a seat wins on its next move of this round whatever the seats before it do.

:func:`forced_result` decides this by a short exact search over the rest of the round, on one full state (a
determinization): for each seat ``w``, the moves of ``w`` are "or" nodes and everyone else's "and" nodes, and
a line wins for ``w`` when the game is over at the round's end with ``w`` its only winner.  A seat that wins
so gets 1, the others 0.  Every decision of a turn (chip returns, payments, nobles...) is a node of its own, so
nothing is answered by default.  The search is bounded: ``budget`` states at most (``None`` when it runs out,
as when nothing is forced), and it only starts when the round's end can end the game (:func:`may_end`), so a
review pays for it in the last rounds only.  Moves are tried in the order most likely to decide: a seat's
best-scoring move first, which for the others is the one most likely to catch up.
"""

from __future__ import annotations

from engine.core import Action, GameState
from engine.spectacle.state import SpectacleState
from engine.spectacle.view import TARGET_VP
from engine.splendor.state import SplendorState

#: States the exact search may visit for one position before it gives up (the review's budget).
BUDGET = 400
#: The most a Splendor seat's score can grow in one turn (a 5-point card and a 3-point noble, with room for
#: Orient's extra card or noble), and a Spectacle seat's (a claim, a noble, a reserved card bought).
SPLENDOR_REACH = 9
SPECTACLE_REACH = 3


class _Spent(Exception):
    """The search visited its budget of states."""


def may_end(state: GameState) -> bool:
    """Whether the end of the current round can end the game: the end is triggered already, or a seat is
    within one turn's reach of triggering it (a cheap, generous bound: only it lets the search start)."""
    if state.is_over:
        return True
    if isinstance(state, SplendorState):
        return state.final_round or max(p.points for p in state.players) + SPLENDOR_REACH >= state.target
    if isinstance(state, SpectacleState):
        return (state.end_reason is not None or max(state.scores()) + SPECTACLE_REACH >= TARGET_VP
                or len(state.deck) <= 3 * state.n)
    return False


def forced_result(state: GameState, budget: int = BUDGET) -> list[float] | None:
    """The exact result per seat (1 for the seat that wins whatever the others do, 0 for the others) when the
    game's result is forced within the current round; ``None`` when it is not, or the search ran past
    ``budget`` states.  A finished game: its result.  ``state`` is not changed."""
    if state.is_over:
        won = state.winners()
        return [1.0 / len(won) if i in won else 0.0 for i in range(len(state.scores()))]
    if not may_end(state):
        return None
    n = len(state.scores())
    end_turn = (state.turn // n + 1) * n  # the first turn of the next round
    left = [budget]
    scores = state.scores()
    try:
        for w in sorted(range(n), key=lambda i: -scores[i]):
            if _wins(state, w, end_turn, left):
                return [1.0 if i == w else 0.0 for i in range(n)]
    except _Spent:
        return None
    return None


def winning_line(state: GameState, budget: int = BUDGET) -> list[Action] | None:
    """A turn (its main action and decisions) with which the seat to act wins whatever the others do before the
    round ends; ``None`` when there is none or the search ran past ``budget`` states."""
    seat = state.to_act
    if state.is_over or seat is None or state.pending_kind is not None or not may_end(state):
        return None
    n = len(state.scores())
    end_turn = (state.turn // n + 1) * n
    left = [budget]
    try:
        return _own_turn(state, seat, state.turn, end_turn, left)
    except _Spent:
        return None


def _own_turn(state: GameState, seat: int, turn: int, end_turn: int, left: list[int]) -> list[Action] | None:
    for a, child in _children(state, seat, left):
        if not child.is_over and child.to_act == seat and child.turn == turn:  # a decision of the same turn
            rest = _own_turn(child, seat, turn, end_turn, left)
            if rest is not None:
                return [a, *rest]
        elif _wins(child, seat, end_turn, left):
            return [a]
    return None


def _children(state: GameState, seat: int, left: list[int]) -> list[tuple[Action, GameState]]:
    """Every legal action of ``seat`` and the state after it, the best for ``seat``'s score first."""
    out = []
    for a in state.legal_actions():
        left[0] -= 1
        if left[0] < 0:
            raise _Spent
        child = state.copy()
        child.apply_in_place(seat, a)
        out.append((a, child))
    out.sort(key=lambda ac: -ac[1].scores()[seat])
    return out


def _wins(state: GameState, w: int, end_turn: int, left: list[int]) -> bool:
    """Whether ``w`` wins ``state`` whatever the others do before the round ends."""
    if state.is_over:
        return state.winners() == (w,)
    if state.turn >= end_turn:
        return False  # the round ended and the game goes on: nothing is decided within it
    seat = state.to_act
    assert seat is not None
    children = _children(state, seat, left)
    if seat == w:
        return any(_wins(c, w, end_turn, left) for _, c in children)
    return all(_wins(c, w, end_turn, left) for _, c in children)
