"""The words of ``/splendor hint``: the move's label and code, and a one-line reason from the seat's views."""

from __future__ import annotations

import random

import engine
from bot.service.types import GameInfo, Hint
from bot.ui.computer import computer_name, hint_text, mention

INFO = GameInfo(1, 1, None, 1, "base", 2, {}, None, "skip", 3, False, "active", 0, 0, ())


def _noble_move() -> Hint:
    """The first move of a seeded random game that would bring its player a noble."""
    state = engine.new_game(engine.GameConfig("base", 2, seed=3))
    rng = random.Random(1)
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        for action in engine.legal_actions(state):
            after = engine.preview(state, seat, action)
            if any(after.describe_event(e).verb == "noble" for e in after.last_events):
                return Hint(INFO, seat, action, engine.view_for(state, seat), after)
        state = engine.apply(state, seat, rng.choice(engine.legal_actions(state))).state
    raise AssertionError("no noble in the game")


def test_a_hint_says_what_the_move_brings() -> None:
    hint = _noble_move()
    gain = hint.after.seats[hint.seat].score - hint.view.seats[hint.seat].score
    total = hint.after.seats[hint.seat].score
    text = hint_text(hint, "en")
    first, reason = text.split("\n")
    assert first.startswith("Suggestion: **") and first.endswith(f"(`{hint.code}`)")
    assert reason.startswith(f"+{gain} points, a noble (3 pts") and reason.endswith(
        f") visits you, you would have {total} points.")
    spanish = hint_text(hint, "es").split("\n")[1]
    assert spanish.startswith(f"+{gain} puntos, te visita un noble (3 pts")
    assert spanish.endswith(f"tendrías {total} puntos.")
    assert hint_text(hint, "pt").endswith(f") visita você, você ficaria com {total} pontos.")


def test_a_quiet_move_still_gets_a_reason() -> None:
    state = engine.new_game(engine.GameConfig("base", 2, seed=3))
    action = engine.parse_action(state, "take wug")
    hint = Hint(INFO, 0, action, engine.view_for(state, 0), engine.preview(state, 0, action))
    assert hint_text(hint, "en") == "Suggestion: **Take white, blue, green** (`take wug`)\nYou would have 0 points."


def test_computers_are_named_and_people_mentioned() -> None:
    assert computer_name(-401, "en") == "Bot (hard)" and computer_name(-202, "es") == "Bot 2 (fácil)"
    assert computer_name(-301, "pt") == "Robô (médio)" and computer_name(42, "en") is None
    assert mention(42, "en") == "<@42>" and mention(-101, "en") == "Bot (random)"
