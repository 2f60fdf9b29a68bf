"""``engine.replay``: the one loop that replays a game's setup and log, with its callbacks."""

from __future__ import annotations

import random

import pytest

import engine
from engine import Action, Event, GameConfig, GameState


def _played(ruleset: str, players: int, seed: int, actions: int) -> GameState:
    state = engine.new_game(GameConfig(ruleset, players, seed))
    rng = random.Random(seed)
    while not state.is_over and state.version < actions:
        seat = state.to_act
        assert seat is not None
        state = engine.apply(state, seat, rng.choice(engine.legal_actions(state))).state
    return state


@pytest.mark.parametrize("ruleset", ["base", "orient+strongholds", "spectacle"])
def test_callbacks_see_each_action_before_and_after_as_apply_does(ruleset):
    game = _played(ruleset, 3, 5, 60)
    history = game.history()
    seen: list[tuple[str, int, int, str, int]] = []
    expected_events: list[tuple[Event, ...]] = []
    state = engine.new_game(game.config)
    for seat, code in history:
        tr = engine.apply(state, seat, engine.parse_action(state, code))
        expected_events.append(tr.events)
        state = tr.state
    got_events: list[tuple[Event, ...]] = []

    def before(i: int, seat: int, action: Action, s: GameState) -> None:
        seen.append(("before", i, seat, str(action), s.version))

    def after(i: int, seat: int, action: Action, s: GameState, events: tuple[Event, ...]) -> None:
        seen.append(("after", i, seat, str(action), s.version))
        got_events.append(events)

    final = engine.replay(game.config, history, before=before, after=after, check=True)
    assert engine.same_game(final, game)
    assert got_events == expected_events
    assert seen == [(when, i, seat, code, i + (when == "after")) for i, (seat, code) in enumerate(history)
                    for when in ("before", "after")]


def test_a_refused_action_raises_the_engines_error():
    game = _played("base", 2, 3, 10)
    assert not game.is_over and game.to_act is not None
    with pytest.raises(engine.NotYourTurn):
        engine.replay(game.config, [*game.history(), (1 - game.to_act, "take wug")])


def test_play_on_brings_a_state_up_to_date_with_the_rest_of_its_log():
    game = _played("spectacle", 2, 9, 50)
    history = game.history()
    half = engine.replay(game.config, history[:20])
    seen: list[int] = []
    same = engine.play_on(half, history[20:], after=lambda i, _seat, _action, _s, _events: seen.append(i))
    assert same is half and engine.same_game(half, game)
    assert seen == list(range(len(history) - 20))


def test_a_game_with_no_move_yet_is_reviewed_as_no_move():
    """A review of a log with no action (a game aborted or resigned before its first move) has no move to judge;
    finding the moves' ends over an empty log raised once the review's loop became :func:`engine.replay`."""
    from engine.ai.reviewing import review

    done = review(GameConfig(ruleset="base", players=2, seed=5), [], samples=2, iterations=10)
    assert done.moves == () and done.players == 2 and done.result == (0.5, 0.5)
