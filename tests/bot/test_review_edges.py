"""Two edges of a game's review (issue 32) that a player sees: a shared win is split in the final result and at the
graph's last point (the chances still sum to 1), and a move with a single legal main action is not judged (no best
move, no verdict) and is left out of its player's accuracy.

The games are random play-outs of the engine, found once and replayed here from their seeds."""

from __future__ import annotations

import math

import pytest

from bot.render.winchart import draw_win_chart, series
from engine import GameConfig, GameState, new_game
from engine.ai.reviewing import review
from engine.rng import Rng


def _random_game(ruleset: str, seed: int, *, stop: int | None = None) -> GameState:
    """Random legal actions from ``Rng(seed)`` until the game ends (or ``stop`` actions were played)."""
    state = new_game(GameConfig(ruleset, 2, seed))
    rng = Rng(seed)
    while not state.is_over and (stop is None or len(state.history()) < stop):
        acts = state.legal_actions()
        seat = state.to_act
        assert seat is not None
        state.apply_in_place(seat, acts[rng.below(len(acts))])
    return state


def test_a_shared_win_is_split_in_the_result_and_the_graph() -> None:
    state = _random_game("spectacle", 5)  # P-10: equal score and nobles: both seats win
    assert state.is_over and state.winners() == (0, 1)
    result = review(state.config, state.history(), seed=1, iterations=2, samples=1)
    assert result.result == (0.5, 0.5)
    assert result.moves[-1].after == (0.5, 0.5)  # the last move's outcome is the shared win, not a loss
    turns, chances = series(result)
    assert chances[-1] == (0.5, 0.5) and turns[-1] > turns[-2]
    assert all(math.isclose(sum(c), 1.0, abs_tol=1e-3) for c in chances)
    lines = {item.seat: item.text for item in draw_win_chart(result, ["Ana", "Bob"], "en").find(
        "mark", role="chance_line")}
    assert [text.split(",")[-1] for _, text in sorted(lines.items())] == ["0.50", "0.50"]


FORCED_AT = 15  # base, seed 4: the seat to act has a single legal action (every other take is blocked)


def test_a_move_with_one_legal_action_is_not_judged_nor_counted_in_accuracy() -> None:
    before = _random_game("base", 4, stop=FORCED_AT)
    assert before.pending_kind is None and len(before.legal_actions()) == 1
    state = _random_game("base", 4, stop=FORCED_AT + 8)
    result = review(state.config, state.history(), seed=2, iterations=4, samples=1)
    forced = [m for m in result.moves if m.choices == 1]
    assert FORCED_AT in {m.index for m in forced}
    for m in result.moves:
        if m.choices == 1:  # nothing to choose: nothing to judge
            assert m.best is None and m.verdict is None and m.accuracy is None and m.drop == 0.0
            assert m.best_after == m.after
        else:
            assert m.best is not None and m.accuracy is not None
    for seat in (0, 1):
        mine = [m for m in result.moves if m.seat == seat]
        judged = [m.accuracy for m in mine if m.accuracy is not None]
        assert judged and len(judged) < len(mine)  # each seat had a forced move and judged ones
        assert result.accuracy[seat] == pytest.approx(sum(judged) / len(judged), abs=0.01)
        assert result.accuracy[seat] != pytest.approx(sum(judged) / len(mine), abs=0.01)  # not counted as 0
        assert result.accuracy[seat] != pytest.approx((sum(judged) + 100.0 * (len(mine) - len(judged)))
                                                      / len(mine), abs=0.01)  # nor as a perfect move
