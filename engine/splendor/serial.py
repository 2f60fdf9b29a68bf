"""A Splendor state as JSON and back (a snapshot is a cache of config + log)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.core import Event, GameConfig
from engine.errors import EngineError
from engine.splendor import load
from engine.splendor.actions import Action, parse
from engine.splendor.state import SplendorState
from engine.splendor.tables import CARDS
from engine.turns import Pending

if TYPE_CHECKING:
    from engine.splendor.rules import SplendorRules


def state_to_json(s: SplendorState) -> dict[str, Any]:
    pend = None
    if s.pending is not None:
        pend = {"kind": s.pending.kind, "seat": s.pending.seat, "options": [str(o) for o in s.pending.options],
                "data": list(s.pending.data)}
    return {
        "bank": s.bank[:], "rows": [r[:] for r in s.rows], "decks": [d[:] for d in s.decks],
        "odecks": [d[:] for d in s.odecks], "nobles": s.nobles[:], "noble_at": s.noble_at[:],
        "hown": [r[:] for r in s.hown], "hcnt": [r[:] for r in s.hcnt], "players": [p.to_json() for p in s.players],
        "discarded": s.discarded[:], "current": s.current, "pending": pend,
        "steps": [list(x) for x in s.steps], "turn": s.turn, "final_round": s.final_round, "over": s.over,
        "passes": s.passes, "conquest_used": s.conquest_used, "turn_start": s.turn_start,
        "actions": [[seat, str(a)] for seat, a in s._actions], "events": [e.to_json() for e in s._events],
    }


def state_from_json(rules: SplendorRules, config: GameConfig, d: Mapping[str, Any]) -> SplendorState:
    """The state a snapshot holds, every part checked against the ruleset's tables (:mod:`load`): a damaged
    part raises ``BadSetup`` naming it, here, rather than a raw error in a later move or view."""
    s = SplendorState(config, rules)
    load.read_table(s, d)
    load.read_players(s, d["players"])
    load.read_turn(s, d)
    pend = d["pending"]
    if pend is not None:
        if not isinstance(pend, Mapping):
            raise load.damage("pending", "not an object")
        try:
            options = tuple(parse(o) for o in load.items(pend["options"], "pending"))
        except EngineError as exc:
            raise load.damage("pending", exc.reason) from exc
        s.pending = Pending(str(pend["kind"]), load.integer(pend["seat"], "pending", 0, s.n - 1), options,
                            tuple(load.integers(pend["data"], "pending", None, -1, len(CARDS))))
    s._actions = []
    read: dict[str, Action] = {}  # a game repeats its codes: each is parsed once (actions are frozen values)
    for entry in load.items(d["actions"], "actions"):
        seat, code = load.items(entry, "actions", 2)
        action = read.get(code) if type(code) is str else None
        if action is None:
            action = read[code] = parse(code)
        s._actions.append((load.integer(seat, "actions", 0, s.n - 1), action))
    s._events = [Event.from_json(e) for e in load.items(d["events"], "events")]
    s.turn_start = load.integer(d["turn_start"], "turn_start", 0, len(s._events))
    load.check_turn(s)  # conservation is checked next, by engine.from_json (check_invariants)
    return s
