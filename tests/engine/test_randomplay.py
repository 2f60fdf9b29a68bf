"""The random self-play loop (engine/randomplay.py, compiled with the engine's hot modules): the games the state's
own methods play, a stuck game, and an invariant failure reported with the number of actions played."""

from __future__ import annotations

import pytest

from engine import GameConfig, new_game
from engine.randomplay import play_random
from engine.rng import Rng


@pytest.mark.parametrize("ruleset", ["base", "orient+strongholds", "spectacle"])
def test_it_plays_the_games_the_states_methods_play(ruleset: str) -> None:
    state = new_game(GameConfig(ruleset, 3, 11))
    actions, stuck, failure = play_random(state, Rng(4), 5000, True)
    assert (stuck, failure) == (False, None) and state.is_over
    again, picker, count = new_game(GameConfig(ruleset, 3, 11)), Rng(4), 0
    while not again.is_over:
        acts = again.legal_actions()
        seat = again.to_act
        assert seat is not None
        again.apply_in_place(seat, acts[picker.below(len(acts))] if len(acts) > 1 else acts[0])
        count += 1
    assert actions == count and again.history() == state.history() and again.scores() == state.scores()


def test_a_game_still_running_at_the_limit_is_stuck() -> None:
    state = new_game(GameConfig("base", 2, 1))
    assert play_random(state, Rng(1), 7, False) == (7, True, None)
    assert not state.is_over and state.version == 7


def test_an_invariant_failure_stops_the_game_and_says_after_how_many_actions() -> None:
    state = new_game(GameConfig("base", 2, 1))
    state.bank[0] += 1  # type: ignore[attr-defined]  # a token out of nowhere: conservation breaks
    actions, stuck, failure = play_random(state, Rng(1), 5000, True)
    assert (actions, stuck) == (1, False) and failure is not None and not state.is_over
