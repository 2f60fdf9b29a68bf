"""Engine error family.

Every refusal carries ``reason`` (a sentence written for a player, in English) and,
for rule violations, ``rule`` (a rule ID of ``docs/rules.md`` such as ``"B-7"``)
for developers.  ``key`` and ``params`` let a front end translate the reason.
"""

from __future__ import annotations

from collections.abc import Mapping


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""

    def __init__(self, reason: str, *, key: str = "", params: Mapping[str, object] | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.key = key
        self.params: dict[str, object] = dict(params or {})


class InvalidAction(EngineError):
    """The text could not be read as an action (syntax, unknown colour word...)."""


class IllegalAction(EngineError):
    """A readable action that the rules forbid in this position."""

    def __init__(self, rule: str, reason: str, *, key: str = "", params: Mapping[str, object] | None = None) -> None:
        super().__init__(reason, key=key, params=params)
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})"


def illegal(rule: str, reason: str, key: str, **params: object) -> IllegalAction:
    """A refusal of rule ``rule``.  Keys are one flat scheme for every ruleset, ``err.<what>``: a key
    names one refusal with one set of params, and the same refusal in two games shares its key."""
    return IllegalAction(rule, reason, key=key, params=params)


class NotYourTurn(EngineError):
    """Someone other than the seat that must decide tried to act."""

    def __init__(self, seat: int, to_act: int | None) -> None:
        super().__init__(
            "It is not your turn." if to_act is not None else "Nobody can act now.",
            key="err.not_your_turn",
            params={"seat": seat, "to_act": -1 if to_act is None else to_act},
        )
        self.seat = seat
        self.to_act = to_act


class GameOver(EngineError):
    """The game has ended; no further action is accepted."""

    def __init__(self) -> None:
        super().__init__("The game is over.", key="err.game_over")


class UnknownRuleset(EngineError):
    """No ruleset has that name or alias."""

    def __init__(self, name: str) -> None:
        super().__init__(f"Unknown ruleset: {name!r}.", key="err.unknown_ruleset", params={"name": name})


class BadSetup(EngineError):
    """A game configuration the ruleset cannot start (player count, explicit order...)."""


def bad_snapshot(what: str, detail: object, *, part: str | None = None) -> BadSetup:
    """A damaged snapshot: ``what`` names its damaged part (``"config"``, ``"state"``, ``"history"``...),
    ``part`` the field within it when known (``"decks"``, ``"players[1].supply"``)."""
    text = str(detail)
    text = text if len(text) <= 200 else text[:199] + "…"
    return BadSetup(f"Damaged snapshot ({what}): {text}", key="err.bad_snapshot",
                    params={"what": what, "part": part or what})


class InvariantViolation(AssertionError):
    """Raised by ``check_invariants``: a bug in the engine, never a player mistake."""
