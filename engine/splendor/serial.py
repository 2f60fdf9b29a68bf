"""A Splendor state as JSON and back (a snapshot is a cache of config + log)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.core import Event, GameConfig
from engine.splendor.actions import (
    parse,
)
from engine.splendor.state import Player, SplendorState
from engine.splendor.tables import CARDS, ST_FREE, ST_JOKER, STEP_KINDS
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


#: How many numbers each kind of step holds (its kind first): a free card's level, a joker's card.
_STEP_SIZES = {ST_FREE: 2, ST_JOKER: 2}


def _step(raw: Any) -> tuple[int, ...]:
    step = tuple(int(v) for v in raw)
    if not step or not 0 <= step[0] < len(STEP_KINDS) or len(step) != _STEP_SIZES.get(step[0], 1):
        raise ValueError(f"not a turn step: {raw!r}")
    if step[0] == ST_JOKER and not 0 <= step[1] < len(CARDS):
        raise ValueError(f"not a card of a joker step: {raw!r}")
    return step


def state_from_json(rules: SplendorRules, config: GameConfig, d: Mapping[str, Any]) -> SplendorState:
    s = SplendorState(config, rules)
    s.bank = list(d["bank"])
    s.rows = [list(r) for r in d["rows"]]
    s.decks = [list(x) for x in d["decks"]]
    s.odecks = [list(x) for x in d["odecks"]]
    s.nobles = list(d["nobles"])
    s.noble_at = list(d["noble_at"])
    s.turn_start = int(d["turn_start"])
    s.hown = [list(r) for r in d["hown"]]
    s.hcnt = [list(r) for r in d["hcnt"]]
    s.players = [Player.from_json(p) for p in d["players"]]
    s.discarded = list(d["discarded"])
    s.current = int(d["current"])
    pend = d["pending"]
    if pend is not None:
        s.pending = Pending(pend["kind"], int(pend["seat"]), tuple(parse(o) for o in pend["options"]),
                            tuple(int(x) for x in pend["data"]))
    s.steps = [_step(x) for x in d["steps"]]
    s.turn = int(d["turn"])
    s.final_round = bool(d["final_round"])
    s.over = bool(d["over"])
    s.passes = int(d["passes"])
    s.conquest_used = bool(d["conquest_used"])
    s._actions = [(int(seat), parse(code)) for seat, code in d["actions"]]
    s._events = [Event.from_json(e) for e in d["events"]]
    return s
