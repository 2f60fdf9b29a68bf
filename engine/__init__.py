"""Pure, synchronous rules engine for Splendor (base, Orient, Strongholds) and Spectacle.

No I/O, no clock, no global random; nothing here imports discord, aiosqlite or PIL.

>>> from engine import GameConfig, new_game, legal_actions, apply, parse_action
>>> state = new_game(GameConfig("base", players=2, seed=7))
>>> state.to_act
0
>>> state = apply(state, 0, parse_action(state, "take wug")).state
>>> state.to_act, state.version
(1, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.core import (
    FORMAT_VERSION,
    JSON,
    Event,
    GameConfig,
    GameState,
    Ruleset,
    Transition,
    find_ruleset,
    ruleset_names,
)
from engine.errors import (
    BadSetup,
    EngineError,
    GameOver,
    IllegalAction,
    InvalidAction,
    InvariantViolation,
    NotYourTurn,
    UnknownRuleset,
)

__all__ = [
    "FORMAT_VERSION",
    "BadSetup",
    "EngineError",
    "Event",
    "GameConfig",
    "GameOver",
    "GameState",
    "IllegalAction",
    "InvalidAction",
    "InvariantViolation",
    "NotYourTurn",
    "Ruleset",
    "Transition",
    "UnknownRuleset",
    "apply",
    "apply_code",
    "default_action",
    "find_ruleset",
    "from_json",
    "legal_actions",
    "log_for",
    "new_game",
    "parse_action",
    "replay",
    "ruleset_names",
    "to_json",
    "view_for",
]


def new_game(config: GameConfig) -> Any:
    """A new game; ``config.ruleset`` may be any name or alias (stored canonical)."""
    rules = find_ruleset(config.ruleset)
    if config.ruleset != rules.name:
        config = GameConfig(rules.name, config.players, config.seed, config.options, config.setup)
    return rules.new_game(config)


def legal_actions(state: Any) -> list[Any]:
    """Every legal action of ``state.to_act`` (main action or pending decision)."""
    return state.rules.legal_actions(state)  # type: ignore[no-any-return]


def parse_action(state: Any, text: str) -> Any:
    """Read an action code for ``state``'s ruleset (forgiving about case, spaces and colour words in en/es/pt).

    For a ruleset without a state use ``find_ruleset(name).parse_action(text)``.
    """
    return state.rules.parse_action(text)


def apply(state: Any, seat: int, action: Any) -> Transition:
    """Validate and apply; returns the new state and its events.  ``state`` is untouched."""
    return state.rules.apply(state, seat, action)  # type: ignore[no-any-return]


def apply_code(state: Any, seat: int, code: str) -> Transition:
    return apply(state, seat, state.rules.parse_action(code))


def default_action(state: Any) -> Any:
    """The deterministic minimal move used when a turn timer runs out."""
    return state.rules.default_action(state)


def view_for(state: Any, seat: int | None) -> Any:
    """What ``seat`` may know (``None``: a spectator)."""
    return state.rules.view_for(state, seat)


def log_for(state: Any, seat: int | None, last: int | None = None) -> list[Event]:
    """The event log redacted for ``seat`` (optionally only the ``last`` events)."""
    events: Sequence[Event] = state.events()
    if last is not None:
        events = events[-last:] if last else []
    return [e.redacted_for(seat) for e in events]


def replay(config: GameConfig, actions: Iterable[tuple[int, Any]]) -> Any:
    """Rebuild a state from its setup and its ``(seat, action or code)`` list."""
    state = new_game(config)
    rules = state.rules
    for seat, action in actions:
        act = rules.parse_action(action) if isinstance(action, str) else action
        rules.apply_in_place(state, seat, act)
    return state


def to_json(state: Any) -> JSON:
    """A versioned JSON snapshot: config, action log and the full state (a cache)."""
    return {
        "format": FORMAT_VERSION,
        "config": state.config.to_json(),
        "history": [[seat, code] for seat, code in state.history()],
        "state": state.rules.state_to_json(state),
    }


def from_json(data: Mapping[str, Any], *, verify: bool = False) -> Any:
    """Load a snapshot.  With ``verify`` the log is replayed and must give the same state."""
    fmt = data.get("format")
    if fmt != FORMAT_VERSION:
        raise BadSetup(f"Unsupported snapshot format {fmt!r}.", key="err.bad_format")
    config = GameConfig.from_json(data["config"])
    rules = find_ruleset(config.ruleset)
    state = rules.state_from_json(config, data["state"])
    if verify:
        again = replay(config, [(int(s), str(c)) for s, c in data["history"]])
        if rules.state_to_json(again) != rules.state_to_json(state):
            raise BadSetup("The snapshot does not match its action log.", key="err.snapshot_mismatch")
    return state
