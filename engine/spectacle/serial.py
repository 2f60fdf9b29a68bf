"""A Spectacle state as JSON and back (a snapshot is a cache of config + log)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.core import JSON, Event, GameConfig
from engine.errors import BadSetup
from engine.spectacle.actions import (
    GRID_REF,
    HAND_REF,
    Action,
    parse_action,
    ref_code,
)
from engine.spectacle.cards import (
    CARD_CODE,
    CARD_SUIT,
    CHIP_INDEX,
    NOBLE_CODE,
    card_from_code,
    mask_cards,
    noble_from_code,
    read_grid,
)
from engine.spectacle.moves import (
    discard_masks,
    discard_options,
    pay_options,
    place_options,
    power_options,
    return_options,
)
from engine.spectacle.state import SpectacleState
from engine.spectacle.tables import NOBLE_ACT
from engine.spectacle.turn import ANSWER, NOBLE_DECISIONS, steps_under
from engine.spectacle.view import (
    CHIP_VALUES,
)
from engine.turns import Pending

if TYPE_CHECKING:
    from engine.spectacle.rules import SpectacleRules


def ref_from_code(code: str) -> int:
    """``"a1"`` -> GRID_REF + 0, ``"r2"`` -> HAND_REF + 1 (the ``buying`` field of snapshots)."""
    pos = read_grid(code)
    if pos is not None:
        return GRID_REF + pos
    if len(code) == 2 and code[0] == "r" and code[1] in "123":
        return HAND_REF + int(code[1]) - 1
    raise ValueError(f"not a grid position or hand slot: {code!r}")


def state_to_json(state: SpectacleState) -> JSON:
    """The snapshot.  The pending decision is written as ``phase`` (its kind, or ``main`` / ``over``)
    and the fields its answer needs (``buying``, ``noble_options``, ``noble``); the steps below
    it are implied by its kind (:func:`steps_under`), so snapshots keep their original format."""
    s = state
    pending = s.pending
    kind = pending.kind if pending is not None else "over" if s.over else "main"
    data = pending.data if pending is not None else ()
    return {
        "current": s.current,
        "turn": s.turn,
        "phase": kind,
        "grid": [CARD_CODE[c] if c >= 0 else None for c in s.grid],
        "deck": [CARD_CODE[c] for c in reversed(s.deck)],
        "stacks": [[CHIP_VALUES[k] for k in st] for st in s.stacks],
        "nobles": [NOBLE_CODE[x] for x in s.nobles],
        "discard": [CARD_CODE[c] for c in s.discard],
        "box": [CARD_CODE[c] for c in s.box],
        "players": [
            {
                "chips": [CHIP_VALUES[k] for k in (3, 2, 1, 0) for _ in range(s.chips[p][k])],
                "hand": [
                    {"card": CARD_CODE[c], "blind": b} for c, b in zip(s.hand[p], s.hand_blind[p], strict=True)
                ],
                "tableau": [CARD_CODE[c] for suit in range(4) for c in mask_cards(suit, s.tab[p][suit])],
                "claims": [[CARD_CODE[c] for c in cl] for cl in s.claims[p]],
                "nobles": [NOBLE_CODE[x] for x in s.won[p]],
            }
            for p in range(s.n)
        ],
        "transit": [CHIP_VALUES[k] for k in (3, 2, 1, 0) for _ in range(s.transit[k])],
        "buying": ref_code(data[0]) if kind == "pay" else None,
        "noble_options": [NOBLE_CODE[x] for x in data] if kind == "noble" else [],
        "noble": NOBLE_CODE[data[0]] if kind in NOBLE_DECISIONS else None,
        "end_reason": s.end_reason,
        "chip_totals": list(s.chip_totals),
        "actions": [[seat, str(a)] for seat, a in s._actions],
        "events": [e.to_json() for e in s._events],
        "last_events": len(s._last_events),
    }


def state_from_json(rules: SpectacleRules, config: GameConfig, data: Mapping[str, Any]) -> SpectacleState:
    try:
        s = SpectacleState.__new__(SpectacleState)
        s.config = config
        s.rules = rules
        s.n = config.players
        s.current = int(data["current"])
        s.turn = int(data["turn"])
        s.grid = [card_from_code(c) if c is not None else -1 for c in data["grid"]]
        s.deck = [card_from_code(c) for c in data["deck"]][::-1]
        s.stacks = [[CHIP_INDEX[int(v)] for v in st] for st in data["stacks"]]
        s.nobles = [noble_from_code(x) for x in data["nobles"]]
        s.discard = [card_from_code(c) for c in data["discard"]]
        s.box = [card_from_code(c) for c in data.get("box", [])]
        players = data["players"]
        s.chips = [[[CHIP_INDEX[int(v)] for v in pl["chips"]].count(k) for k in range(4)] for pl in players]
        s.hand = [[card_from_code(h["card"]) for h in pl["hand"]] for pl in players]
        s.hand_blind = [[bool(h["blind"]) for h in pl["hand"]] for pl in players]
        s.tab = []
        for pl in players:
            tab = [0, 0, 0, 0]
            for code in pl["tableau"]:
                c = card_from_code(code)
                tab[CARD_SUIT[c]] |= 1 << (c % 10)
            s.tab.append(tab)
        s.claims = [[tuple(card_from_code(c) for c in cl) for cl in pl["claims"]] for pl in players]
        s.won = [[noble_from_code(x) for x in pl["nobles"]] for pl in players]
        s.transit = [[CHIP_INDEX[int(v)] for v in data["transit"]].count(k) for k in range(4)]
        s.end_reason = data["end_reason"]
        s.chip_totals = tuple(int(x) for x in data["chip_totals"])
        logged = data["actions"] if "actions" in data else data["history"]  # "history" before the rename
        s._actions = [(int(seat), parse_action(code)) for seat, code in logged]
        s._events = [Event.from_json(e) for e in data["events"]]
        k = int(data.get("last_events", 0))
        s._last_events = tuple(s._events[len(s._events) - k :]) if k else ()
        resume(s, data)
    except (KeyError, ValueError, TypeError, IndexError) as exc:
        raise BadSetup(f"Bad Spectacle snapshot: {exc}", key="err.bad_snapshot") from exc
    return s


def resume(s: SpectacleState, data: Mapping[str, Any]) -> None:
    """Set ``s.over``, ``s.pending`` and ``s.steps`` from a snapshot's ``phase`` and decision fields."""
    kind = str(data["phase"] or "main")  # null: "main" in the first snapshots
    s.over = kind == "over"
    s.pending = None
    s.steps = []
    if kind in ("main", "over"):
        return
    if kind not in ANSWER:
        raise ValueError(f"unknown phase {kind!r}")
    noble = -1
    options: tuple[Action, ...]
    if kind == "pay":
        ref = ref_from_code(str(data["buying"]))
        decision: tuple[int, ...] = (ref,)
        options = pay_options(s, ref)
    elif kind == "place":
        decision, options = (), place_options(s)
    elif kind == "return":
        decision, options = (), return_options(s)
    elif kind == "noble":
        decision = tuple(noble_from_code(x) for x in data["noble_options"])
        options = tuple(NOBLE_ACT[x] for x in decision)
    else:
        noble = noble_from_code(data["noble"])
        decision = (noble,)
        options = (discard_options(noble, discard_masks(s, noble)) if kind == "discard"
                   else tuple(power_options(s, noble)))
    s.steps = steps_under(kind, noble)
    s.pending = Pending(kind, s.current, options, decision)
