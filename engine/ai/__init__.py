"""Computer players: pure code beside the engine (no I/O; the clock only in :mod:`engine.ai.clock`).

>>> from engine import GameConfig, new_game, view_for
>>> from engine.ai import choose
>>> state = new_game(GameConfig("base", players=2, seed=7))
>>> action = choose(view_for(state, 0), level="easy", seed=1)
>>> action in state.legal_actions()
True

A computer player sees only its seat's view: ``view.public`` (:class:`engine.core.PublicInfo`), the seat's
knowledge as a state whose unseen cards (deck orders, other players' blind reserves) are dealt at random
for every determinization.  For a fixed seed its choice does not depend on the hidden cards.

Levels (:data:`LEVELS`):

* ``random`` -- a uniformly random legal action;
* ``easy`` -- a greedy heuristic, one ply: buys the most valuable card it can, heads for nobles, takes
  tokens toward its cheapest target (:func:`engine.ai.search.pick_greedy`);
* ``medium`` -- Monte Carlo search over determinizations (:func:`engine.ai.search.pick_search`): the best
  one-ply candidates are bandit arms (UCB1); each iteration deals a new determinization, plays a
  candidate, lets every seat play greedily for two rounds (one round at three or four players) and scores
  the position with the heuristic against the best opponent.  In the strength benchmark these greedy
  rollouts did better against ``easy`` than fast play-outs to the end of the game (``playout``), at two
  players and at four (:mod:`engine.ai.search` has the numbers); the alternatives are also written here.
* ``hard`` -- at two players a three-ply look-ahead over determinizations
  (:func:`engine.ai.search.pick_lookahead`): each candidate is held against the opponent's best replies,
  not only the greedy one, and near the end every line is played out to the end of the game; at three or
  four players the bandit search with one-round rollouts whose positions are scored by the seat's win
  probability (:func:`engine.ai.winprob.pick_winprob`, the model of :mod:`engine.ai.winprob`).

``medium`` evaluates positions with weights tuned by self-play (``heuristics.TUNED``), ``hard``'s look-ahead
with weights fitted to who wins (``heuristics.LOOK``, :mod:`engine.ai.fitting`); ``easy`` keeps the hand-set
ones (``heuristics.PLAIN``).

Reviews (:mod:`engine.ai.reviewing`): ``review(config, history)`` judges every move of a game from the
mover's view: each seat's win probability before and after it (:mod:`engine.ai.winprob`, a model fitted to
who wins, averaged over determinizations of what the seat may know), ``hard``'s preferred move, the drop,
a verdict (inaccuracy, mistake, blunder) and an accuracy per player.

Time: ``budget`` (seconds; default :data:`DEFAULT_BUDGET` of the level) is turned into a deadline with
``time.monotonic`` by :mod:`engine.ai.clock`; a caller may pass its own ``deadline`` callable instead.
``iterations`` caps the search; with ``iterations`` and neither ``budget`` nor ``deadline`` the choice
reads no clock at all and is fully determined by the view and the seed (what tests use).  The search is
anytime: when the deadline passes it plays the best move found so far (at least one iteration runs).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.ai.reviewing import GameReview, MoveReview, review
from engine.ai.search import (
    Picker,
    pick_greedy,
    pick_ismcts,
    pick_lookahead,
    pick_playout,
    pick_random,
    pick_rollout,
    pick_rollout1,
    pick_search,
    pick_simple_greedy,
    pick_uct,
)
from engine.ai.winprob import pick_hard, pick_winprob, win_probabilities
from engine.core import Action, TableView
from engine.rng import Rng

__all__ = ["AGENTS", "DEFAULT_BUDGET", "DEFAULT_ITERATIONS", "LEVELS", "GameReview", "MoveReview", "choose", "review",
           "win_probabilities"]

LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard")
DEFAULT_BUDGET: dict[str, float] = {"random": 0.0, "easy": 0.0, "medium": 0.5, "hard": 2.0}

#: Every move picker by name: the levels, then the strength benchmark's baselines (not offered to players):
#: ``greedy1`` (a one-ply scorer of points, bonuses and tokens), ``uct`` (plain UCT, random play-outs),
#: ``ismcts`` (information-set MCTS with heuristic leaves), and the searches the levels were chosen among:
#: ``rollout`` and ``rollout1`` (greedy rollouts of two rounds, of one), ``playout`` (fast play-outs to
#: the end of the game), ``look`` (``hard``'s three-ply look-ahead, at any number of players) and ``winprob``
#: (``hard``'s search at three or four players, at any number).
AGENTS: dict[str, Picker] = {
    "random": pick_random,
    "easy": pick_greedy,
    "medium": pick_search,
    "hard": pick_hard,
    "greedy1": pick_simple_greedy,
    "uct": pick_uct,
    "ismcts": pick_ismcts,
    "rollout": pick_rollout,
    "playout": pick_playout,
    "rollout1": pick_rollout1,
    "look": pick_lookahead,
    "winprob": pick_winprob,
}
#: The iteration cap of each picker when neither a budget nor a deadline stops it first.
DEFAULT_ITERATIONS: dict[str, int] = {"random": 1, "easy": 1, "medium": 20_000, "hard": 100_000,
                                      "greedy1": 1, "uct": 500, "ismcts": 100_000,
                                      "rollout": 100_000, "playout": 100_000, "rollout1": 100_000, "look": 100_000,
                                      "winprob": 100_000}


def choose(view: TableView, *, level: str, seed: int, budget: float | None = None,
           deadline: Callable[[], bool] | None = None, iterations: int | None = None) -> Action:
    """The move of the seat ``view.viewer`` (which must be ``view.to_act``), seeing only that seat's view.

    ``level`` is one of :data:`LEVELS` (or a benchmark baseline of :data:`AGENTS`); an unknown level raises
    ``ValueError``, and so does a view whose viewer is not the seat to act.  The action returned is legal.
    """
    picker = AGENTS.get(level)
    if picker is None:
        raise ValueError(f"unknown computer player level {level!r}; one of {', '.join(LEVELS)}")
    public = view.public
    if public is None or view.viewer is None or view.viewer != view.to_act:
        raise ValueError("a computer player chooses only for the seat to act, from that seat's own view")
    if deadline is None:
        seconds = budget if budget is not None else (None if iterations is not None else DEFAULT_BUDGET.get(level))
        if seconds:
            from engine.ai.clock import deadline_after

            deadline = deadline_after(seconds)
    stop = deadline if deadline is not None else _never
    return picker(public, Rng(seed), stop, iterations if iterations is not None else DEFAULT_ITERATIONS[level])


def _never() -> bool:
    return False
