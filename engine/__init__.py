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

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine.core import (
    FAMILIES,
    FORMAT_VERSION,
    JSON,
    RULES_VERSION,
    Action,
    Chips,
    Description,
    Event,
    FaceUp,
    GameConfig,
    GameState,
    Gems,
    HiddenCard,
    PendingView,
    Ruleset,
    SeatView,
    StateBase,
    TableView,
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
    bad_snapshot,
)

__all__ = [
    "FAMILIES",
    "FORMAT_VERSION",
    "RULES_VERSION",
    "Action",
    "AfterStep",
    "BadSetup",
    "BeforeStep",
    "Chips",
    "Description",
    "EngineError",
    "Event",
    "FaceUp",
    "GameConfig",
    "GameOver",
    "GameState",
    "Gems",
    "HiddenCard",
    "IllegalAction",
    "InvalidAction",
    "InvariantViolation",
    "NotYourTurn",
    "PendingView",
    "Ruleset",
    "SeatView",
    "TableView",
    "Transition",
    "UnknownRuleset",
    "apply",
    "apply_code",
    "decided",
    "default_action",
    "find_ruleset",
    "from_json",
    "legal_actions",
    "log_for",
    "new_game",
    "parse_action",
    "play_on",
    "preview",
    "replay",
    "reveals",
    "ruleset_names",
    "same_game",
    "take_back",
    "to_json",
    "turn_for",
    "view_for",
]


def new_game(config: GameConfig) -> GameState:
    """A new game; ``config.ruleset`` may be any name or alias (stored canonical)."""
    rules = find_ruleset(config.ruleset)
    _check_rules_version(config)
    if config.ruleset != rules.name:
        config = replace(config, ruleset=rules.name)  # every other field, rules_version included, kept
    return rules.new_game(config)


def _check_rules_version(config: GameConfig) -> None:
    if not 1 <= config.rules_version <= RULES_VERSION:  # a game from a newer engine, or a typo
        raise BadSetup(f"Unknown rules version {config.rules_version!r}.", key="err.bad_format")


def legal_actions(state: GameState) -> list[Action]:
    """Every legal action of ``state.to_act`` (main action or pending decision)."""
    return list(state.legal_actions())


def parse_action(state: GameState, text: str) -> Action:
    """Read an action code for ``state``'s ruleset (forgiving about case, spaces and colour words in en/es/pt).

    For a ruleset without a state use ``find_ruleset(name).parse_action(text)``.
    """
    return state.rules.parse_action(text)


def apply(state: GameState, seat: int, action: Action) -> Transition:
    """Validate and apply; returns the new state and its events.  ``state`` is untouched."""
    return state.apply(seat, action)


def apply_code(state: GameState, seat: int, code: str) -> Transition:
    return state.apply(seat, state.rules.parse_action(code))


def default_action(state: GameState) -> Action:
    """The deterministic minimal move used when a turn timer runs out."""
    return state.default_action()


def turn_for(state: GameState, seat: int) -> GameState | None:
    """A scratch copy of ``state`` in which ``seat`` begins its turn now, as if the players between had passed:
    what a plan made while waiting is checked against (its legal actions are the main actions ``seat`` could
    choose here; they depend only on what ``seat`` may see: the table, the bank and its own hand).
    ``None`` while a decision is pending or once the game is over.  Never a state of the game: nothing is
    recorded from it."""
    if state.is_over or state.pending_kind is not None:
        return None
    if state.to_act == seat:
        return state
    copy = state.copy()
    if not isinstance(copy, StateBase) or not 0 <= seat < copy.config.players:
        return None
    copy.current = seat
    return copy


def view_for(state: GameState, seat: int | None) -> TableView:
    """What ``seat`` may know (``None``: a spectator)."""
    return state.view_for(seat)


def preview(state: GameState, seat: int, action: Action) -> TableView:
    """What ``seat`` may see of the table after ``action``: nothing the move has not revealed yet."""
    return state.preview(seat, action)


def log_for(state: GameState, seat: int | None, last: int | None = None) -> list[Event]:
    """The event log redacted for ``seat`` (optionally only the ``last`` events)."""
    events: Sequence[Event] = state.events()
    if last is not None:
        events = events[-last:] if last else []
    return [e.redacted_for(seat) for e in events]


#: :func:`replay`'s ``before`` callback: ``(index, seat, action, state)`` with ``state`` as it is before action
#: ``index`` of the log.
BeforeStep = Callable[[int, int, Action, GameState], None]
#: :func:`replay`'s ``after`` callback: ``(index, seat, action, state, events)`` with ``state`` right after action
#: ``index`` and the events that action produced.
AfterStep = Callable[[int, int, Action, GameState, tuple[Event, ...]], None]


def replay(config: GameConfig, actions: Iterable[tuple[int, Action | str]], *, before: BeforeStep | None = None,
           after: AfterStep | None = None, check: bool = False) -> GameState:
    """Rebuild a state from its setup and its ``(seat, action or code)`` list: every caller that walks a game's
    log (the web's replays, the recap's views, the review) goes through it or :func:`play_on`.

    ``before``/``after`` are called around each action with its index in the log and the state being built:
    they may read it (view it, copy it) but never change it.  With ``check`` the invariants are checked after
    every action.  An action the position refuses raises the engine's error, as :func:`apply` does.  To
    replay part of a log, pass that part (``history[:n]``)."""
    return play_on(new_game(config), actions, before=before, after=after, check=check)


def play_on(state: GameState, actions: Iterable[tuple[int, Action | str]], *, before: BeforeStep | None = None,
            after: AfterStep | None = None, check: bool = False) -> GameState:
    """``actions`` applied to ``state`` itself, which is changed and returned (a state its caller owns, such as a
    snapshot just loaded, to bring up to date with the rest of its log); the options are :func:`replay`'s, the
    indices those of ``actions``.  The engine's one loop over a log."""
    parse = state.rules.parse_action
    for index, (seat, action) in enumerate(actions):
        act = parse(action) if isinstance(action, str) else action
        if before is not None:
            before(index, seat, act, state)
        events = state.apply_in_place(seat, act)
        if check:
            state.check_invariants()
        if after is not None:
            after(index, seat, act, state, events)
    return state


def reveals(state: GameState, events: Iterable[Event]) -> bool:
    """Whether ``events`` showed something nobody could know before (a card drawn from a deck, a blind
    reserve), as the ruleset's descriptions of them say (:attr:`Description.reveals`)."""
    view = state.view_for(None)
    return any(view.describe_event(e).reveals for e in events)


def take_back(state: GameState) -> GameState | None:
    """The game as it was before its last action (replayed from the setup), or ``None`` when there is none
    or when that action revealed hidden information: such a move cannot be taken back (ruling B-16)."""
    history = state.history()
    if not history:
        return None
    before = replay(state.config, history[:-1])
    seat, code = history[-1]
    if reveals(before, before.apply(seat, before.rules.parse_action(code)).events):
        return None
    return before


def to_json(state: GameState) -> JSON:
    """A versioned JSON snapshot: config, action log and the full state (a cache)."""
    return {
        "format": FORMAT_VERSION,
        "config": state.config.to_json(),
        "history": [[seat, code] for seat, code in state.history()],
        "state": state.to_json(),
    }


#: What malformed JSON makes Python raise while a snapshot is read: turned into :class:`BadSetup`.
_DAMAGE = (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError, RecursionError,
           InvariantViolation)


def _part(data: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    part = data.get(name)
    if not isinstance(part, Mapping):
        raise bad_snapshot(name, "missing or not an object")
    return part


def _playable(state: GameState) -> GameState:
    """``state`` if it is a consistent position (invariants, the seat to act, its moves and views)."""
    state.check_invariants()
    seat = state.to_act
    if seat is not None and not 0 <= seat < state.config.players:
        raise InvariantViolation(f"seat to act {seat} is not a seat of this game")
    if not state.is_over and not state.legal_actions():
        raise InvariantViolation("the seat to act has no legal action")
    state.view_for(None)
    if seat is not None:
        state.view_for(seat)
        state.apply(seat, state.default_action())  # on a copy: the rest of the turn resolves
    return state


def from_json(data: Mapping[str, Any], *, verify: bool = False) -> GameState:
    """Load a snapshot.  With ``verify`` the log is replayed and must give the same game as the rules decide
    it (:func:`same_game`); the replay is returned, its presentation (the event log) recomputed, so that a
    snapshot an earlier engine wrote verifies and can be stored again refreshed.

    A damaged snapshot raises :class:`BadSetup` (``err.bad_format``, ``err.bad_snapshot`` naming the
    damaged part, or ``err.snapshot_mismatch``), never a raw Python error; a snapshot that loads is a
    consistent position (each ruleset reads ids, ranges, types and lengths against its tables and checks a
    stored decision against the position; then its invariants are checked), so the damage cannot surface in
    a move or a view later.
    """
    if not isinstance(data, Mapping):
        raise bad_snapshot("snapshot", "not an object")
    fmt = data.get("format")
    if fmt != FORMAT_VERSION:
        raise BadSetup(f"Unsupported snapshot format {fmt!r}.", key="err.bad_format")
    try:
        config = GameConfig.from_json(_part(data, "config"))
    except _DAMAGE as exc:
        raise bad_snapshot("config", exc) from exc
    _check_rules_version(config)
    rules = find_ruleset(config.ruleset)
    if not rules.min_players <= config.players <= rules.max_players:
        raise bad_snapshot("config", f"{config.players} players (the game takes "
                                      f"{rules.min_players} to {rules.max_players})")
    raw_state = _part(data, "state")
    try:
        state = _playable(rules.state_from_json(config, raw_state))
    except BadSetup:
        raise
    except (EngineError, *_DAMAGE) as exc:  # an unreadable stored code, a move the position refuses...
        raise bad_snapshot("state", getattr(exc, "reason", exc)) from exc
    if verify:
        try:
            history = [(int(s), str(c)) for s, c in data["history"]]
            again = replay(config, history)
        except (EngineError, *_DAMAGE) as exc:
            raise bad_snapshot("history", getattr(exc, "reason", exc)) from exc
        if not same_game(again, state):
            raise BadSetup("The snapshot does not match its action log.", key="err.snapshot_mismatch")
        return again  # what it presents recomputed: an older engine's events are refreshed, not refused
    return state


#: The parts of a state's JSON that present the game rather than decide it: the event log (whose
#: wording an engine may improve: a stronghold event gained the card under it) and what the last turn
#: showed (``turn_start``, Spectacle's ``last_events``).  A replay of the log recomputes them.
PRESENTATION = frozenset({"events", "turn_start", "last_events"})


def decided(state: GameState) -> JSON:
    """The snapshot of ``state`` without its presentation (:data:`PRESENTATION`): the setup, the log and
    everything the rules decide (cards, tokens, scores, whose turn, the decision pending and its options)."""
    data = to_json(state)
    data["state"] = {k: v for k, v in data["state"].items() if k not in PRESENTATION}
    return data


def same_game(a: GameState, b: GameState) -> bool:
    """The same game at the same point as the rules decide it, whatever their event logs say (a game
    stored by an earlier engine and its replay by this one are the same game)."""
    return decided(a) == decided(b)
