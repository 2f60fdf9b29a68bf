"""What a slash command's argument becomes: the engine reads it, the bot only puts the command's verb in front."""

from __future__ import annotations

from bot.exts.play import _code


def test_a_bare_argument_gets_the_command_verb() -> None:
    assert _code("take", "wug", "base") == "take wug"
    assert _code("buy", " 1.4 ", "orient") == "buy 1.4"
    assert _code("reserve", "deck", "spectacle") == "reserve deck"
    assert _code("claim", "7c 7d 7h", "spectacle") == "claim 7c 7d 7h"


def test_an_argument_that_already_is_an_action_of_the_family_is_kept() -> None:
    assert _code("take", "take rr", "base") == "take rr"
    assert _code("reserve", "res 7h", "spectacle") == "res 7h"  # old spelling, still read
    assert _code("claim", "run 4h 5h 6h", "spectacle") == "run 4h 5h 6h"
    assert _code("buy", "comprar 1.2", "base") == "comprar 1.2"


def test_an_action_of_another_family_is_not_taken_for_the_argument() -> None:
    assert _code("buy", "take wug", "base") == "buy take wug"  # refused by the engine with a clear reason
