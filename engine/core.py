"""Ruleset-independent contract of the engine.

Every ruleset (``base``, ``orient``, ``strongholds``, ``orient+strongholds``,
``spectacle``) implements :class:`Ruleset` over its own state class.  The public
functions in :mod:`engine` dispatch on ``state.rules``.

Conventions shared by every ruleset
-----------------------------------
* A game is its :class:`GameConfig` (ruleset, player count, seed, options, optional
  explicit setup) plus its list of ``(seat, action code)`` pairs.  All shuffles happen
  in ``new_game`` from ``config.seed`` through :class:`engine.rng.Rng`.
* Seats are ``0 .. players-1`` in turn order; seat 0 is the first player (the
  service draws who sits where from the seed before creating the game, B-3).
* Actions are small frozen values; ``str(action)`` is their canonical text code and
  ``ruleset.parse_action(str(action)) == action``.
* ``apply`` never mutates its argument; ``apply_in_place`` is the fast path used by
  self-play and AIs (it validates exactly like ``apply``).
* ``state.to_act`` is the seat that must decide now (main action or a pending
  decision), ``None`` when the game is over.
* Views (``view_for(state, seat)``; ``seat=None`` for spectators) hold only what that
  viewer may know; renderers and messages receive views, never states.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, runtime_checkable

from engine.errors import InvalidAction

JSON = dict[str, Any]
FORMAT_VERSION = 1


@dataclass(frozen=True, slots=True)
class GameConfig:
    """What a game starts from.

    ``options`` are ruleset options (JSON values).  ``setup`` is an optional explicit
    setup (deck order, nobles...) whose shape each ruleset documents; with it the seed
    is not used for shuffling.
    """

    ruleset: str
    players: int
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    setup: Mapping[str, Any] | None = None

    def to_json(self) -> JSON:
        data: JSON = {"ruleset": self.ruleset, "players": self.players, "seed": self.seed,
                      "options": dict(self.options)}
        if self.setup is not None:
            data["setup"] = dict(self.setup)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameConfig:
        return cls(
            ruleset=str(data["ruleset"]),
            players=int(data["players"]),
            seed=int(data.get("seed", 0)),
            options=dict(data.get("options", {})),
            setup=dict(data["setup"]) if data.get("setup") is not None else None,
        )


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for logs and the one-line turn summary.

    ``kind`` is a stable key (``"take"``, ``"reserve"``, ``"refill"``, ``"noble"``...).
    ``params`` are JSON values.  Names in ``secret`` are removed from ``params`` for
    every viewer except ``seat`` (for example the card of a blind reserve).
    """

    kind: str
    seat: int | None
    params: Mapping[str, Any] = field(default_factory=dict)
    secret: frozenset[str] = frozenset()

    def redacted_for(self, viewer: int | None) -> Event:
        if not self.secret or viewer == self.seat:
            return self
        return Event(self.kind, self.seat, {k: v for k, v in self.params.items() if k not in self.secret}, frozenset())

    def to_json(self) -> JSON:
        data: JSON = {"kind": self.kind, "seat": self.seat, "params": dict(self.params)}
        if self.secret:
            data["secret"] = sorted(self.secret)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        return cls(data["kind"], data["seat"], dict(data["params"]), frozenset(data.get("secret", ())))


class Action(Protocol):
    """A move or a decision.  Concrete actions are frozen dataclasses."""

    verb: ClassVar[str]

    def __str__(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Transition:
    state: Any
    events: tuple[Event, ...]


@runtime_checkable
class GameState(Protocol):
    """What every ruleset's state offers to the service and the bot."""

    config: GameConfig
    rules: Ruleset

    @property
    def to_act(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def version(self) -> int:
        """Number of actions applied so far (the game version buttons carry)."""
        ...

    @property
    def pending_kind(self) -> str | None:
        """``None`` when the seat to act chooses a main action, else the decision's kind."""
        ...

    def history(self) -> list[tuple[int, str]]:
        """The ``(seat, code)`` list that replays this state."""
        ...

    def scores(self) -> tuple[int, ...]: ...

    def winners(self) -> tuple[int, ...]:
        """Winning seats once the game is over (several on a shared victory), else ``()``."""
        ...

    def events(self) -> Sequence[Event]:
        """Every event so far, unredacted.  Use ``log_for`` for anything shown."""
        ...


class Ruleset(Protocol):
    name: str
    aliases: tuple[str, ...]
    min_players: int
    max_players: int

    def new_game(self, config: GameConfig) -> Any: ...

    def legal_actions(self, state: Any) -> list[Any]: ...

    def apply(self, state: Any, seat: int, action: Any) -> Transition: ...

    def apply_in_place(self, state: Any, seat: int, action: Any) -> tuple[Event, ...]: ...

    def parse_action(self, text: str) -> Any: ...

    def view_for(self, state: Any, seat: int | None) -> Any: ...

    def state_to_json(self, state: Any) -> JSON: ...

    def state_from_json(self, config: GameConfig, data: Mapping[str, Any]) -> Any: ...

    def check_invariants(self, state: Any) -> None: ...

    def default_action(self, state: Any) -> Any:
        """A deterministic minimal legal action for ``state.to_act`` (timeouts)."""
        ...


_REGISTRY: dict[str, Ruleset] = {}
_ALIASES: dict[str, str] = {}


def _norm(name: str) -> str:
    return "".join(name.lower().split()).replace("_", "-")


def register(ruleset: Ruleset) -> Ruleset:
    _REGISTRY[ruleset.name] = ruleset
    for alias in (ruleset.name, *ruleset.aliases):
        _ALIASES[_norm(alias)] = ruleset.name
    return ruleset


def find_ruleset(name: str) -> Ruleset:
    from engine.errors import UnknownRuleset

    _load_builtin()
    key = _ALIASES.get(_norm(name))
    if key is None:
        raise UnknownRuleset(name)
    return _REGISTRY[key]


def ruleset_names() -> list[str]:
    _load_builtin()
    return sorted(_REGISTRY)


_loaded = False


def _load_builtin() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    import importlib

    for module in ("engine.splendor.rules", "engine.spectacle.rules"):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:  # a ruleset package not written yet
            if exc.name != module:
                raise


def split_code(text: str) -> list[str]:
    """Lower-case words of an action text; commas and extra spaces are ignored."""
    words = text.replace(",", " ").replace(";", " ").lower().split()
    if not words:
        raise InvalidAction("Type an action, for example `take wug`.", key="err.empty")
    return words
