"""The random self-play loop of :func:`engine.selfplay.play`, in a module of its own so that the compiled build
(setup.py) compiles it with the rest of the hot paths: interpreted, this loop and its generator were a fifth of
the compiled self-play's time (issue 30).
"""

from __future__ import annotations

from engine.core import GameState, StateBase
from engine.errors import InvariantViolation
from engine.rng import Rng


def play_random(game: GameState, picker: Rng, limit: int, check: bool) -> tuple[int, bool, str | None]:
    """Play uniformly random legal actions (every pending decision included) until the game is over.

    Returns the number of actions played, whether the game got stuck (no legal action, or ``limit`` actions
    played), and the first invariant failure (``check``: the invariants are checked after every action), after
    which the game stops.  The ruleset's own functions are called (``legal_actions`` lists only its own
    actions, so ``own`` has nothing to narrow): the same games as through the state's methods."""
    state = game
    assert isinstance(state, StateBase)  # every ruleset's state
    rules = state.rules
    legal = rules.legal_actions
    apply = rules.apply_in_place
    invariants = rules.check_invariants
    actions = 0
    try:
        while not state.over:
            acts = legal(state)
            if not acts or actions >= limit:
                return actions, True, None
            action = acts[picker.below(len(acts))] if len(acts) > 1 else acts[0]
            pending = state.pending
            apply(state, state.current if pending is None else pending.seat, action)
            actions += 1
            if check:
                invariants(state)
    except InvariantViolation as exc:
        return actions, False, str(exc)
    return actions, False, None
