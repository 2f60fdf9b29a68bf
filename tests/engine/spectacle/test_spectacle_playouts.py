"""Seeded random play-outs of Spectacle (2, 3, 4 players).

Every action is drawn uniformly from ``legal_actions`` (pending decisions included) with
the engine's own seeded generator, applied with ``apply_in_place``, and followed by
``check_invariants`` plus the checks below: chips conserved and at most 4 per slot,
cards conserved, at most 5 chips after a turn, at most 3 reserved, views leak nothing,
codes round-trip, snapshots and replays reproduce the state.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from itertools import combinations
from typing import Any

import pytest

import engine
from engine.core import Event, GameConfig
from engine.errors import IllegalAction
from engine.rng import Rng
from engine.spectacle.actions import (
    DECK_REF,
    Buy,
    ChooseNoble,
    Claim,
    Destroy,
    Discard,
    FreeCard,
    Pay,
    Place,
    Reserve,
    Return,
    Swap,
    Take,
    parse_action,
)
from engine.spectacle.cards import CARD_CODE, N_CARDS
from engine.spectacle.rules import RULES, payments
from engine.spectacle.state import SpectacleState
from engine.spectacle.view import CHIP_VALUES, TableView

MAX_ACTIONS = 5000


def _strings(obj: Any) -> Iterator[str]:
    """Every string inside a view (dataclasses, tuples, events and their params)."""
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, Event):
        yield obj.kind
        yield from _strings(list(obj.params.values()))
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            yield from _strings(getattr(obj, f.name))
    elif isinstance(obj, list | tuple):
        for x in obj:
            yield from _strings(x)
    elif isinstance(obj, dict):
        yield from _strings(list(obj.values()))


def _hidden_from(s: SpectacleState, viewer: int | None) -> set[str]:
    hidden = {CARD_CODE[c] for c in s.deck}
    for p in range(s.n):
        if p != viewer:
            hidden |= {CARD_CODE[c] for c, b in zip(s.hand[p], s.hand_blind[p], strict=True) if b}
    return hidden


def _check_views(s: SpectacleState) -> None:
    for viewer in (None, *range(s.n)):
        view = RULES.view_for(s, viewer)
        assert isinstance(view, TableView)
        leaked = _hidden_from(s, viewer) & set(_strings(view))
        assert not leaked, f"view for {viewer} leaks {leaked}"
        assert view.deck == len(s.deck)
        assert all(len(st.chips) <= st.capacity for st in view.stacks)
        for seat in view.seats:
            assert seat.hand_count <= 3
            if view.pending is None or view.pending.kind != "return" or seat.seat != view.to_act:
                assert seat.chip_count <= 5


def _check_extra(s: SpectacleState, chip_totals: tuple[int, ...]) -> None:
    # independent of check_invariants: conservation recomputed from the JSON snapshot
    data = RULES.state_to_json(s)
    chips = [v for st in data["stacks"] for v in st] + [v for p in data["players"] for v in p["chips"]]
    chips += data["transit"]
    assert tuple(chips.count(v) for v in CHIP_VALUES) == chip_totals
    assert all(len(st) <= 4 for st in data["stacks"])
    cards = [c for c in data["grid"] if c] + data["deck"] + data["discard"] + data["box"]
    for p in data["players"]:
        cards += [h["card"] for h in p["hand"]] + p["tableau"] + [cl[0] for cl in p["claims"]]
        assert len(p["hand"]) <= 3
    assert sorted(cards) == sorted(CARD_CODE)
    if s.pending is None and not s.over:
        assert all(len(p["chips"]) <= 5 for p in data["players"])  # after every completed turn


def _random_game(players: int, seed: int, *, views: bool = True) -> SpectacleState:
    s = engine.new_game(GameConfig("spectacle", players, seed=seed))
    rng = Rng(seed * 7919 + players)
    totals = s.chip_totals
    assert totals == (players + 2, players + 2, 2 * players + 2, players + 2)  # P-2: stacks + one 5 each
    steps = 0
    while not s.is_over:
        acts = RULES.legal_actions(s)
        assert acts, "stuck: no legal action before the end"
        assert len(set(acts)) == len(acts), "duplicate legal actions"
        action = acts[rng.below(len(acts))]
        assert parse_action(str(action)) == action
        seat = s.to_act
        assert seat is not None
        RULES.apply_in_place(s, seat, action)
        RULES.check_invariants(s)
        _check_extra(s, totals)
        if views and steps % 3 == 0:
            _check_views(s)
        steps += 1
        assert steps < MAX_ACTIONS
    _check_views(s)
    assert s.winners() and s.to_act is None and RULES.legal_actions(s) == []
    return s


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_keep_every_invariant(players: int) -> None:
    ends = set()
    for seed in range(12):
        s = _random_game(players, seed)
        ends.add(s.end_reason)
        # P-9: the last turn closed a round
        assert s.turn % players == 0
        again = engine.replay(s.config, s.history())
        assert RULES.state_to_json(again) == RULES.state_to_json(s)
        back = engine.from_json(engine.to_json(s), verify=True)
        assert RULES.state_to_json(back) == RULES.state_to_json(s)
    assert ends <= {"vp", "deck"} and ends


def test_random_playouts_are_deterministic() -> None:
    a = _random_game(2, 42, views=False)
    b = _random_game(2, 42, views=False)
    assert a.history() == b.history() and RULES.state_to_json(a) == RULES.state_to_json(b)


def test_random_playouts_reach_every_pending_decision() -> None:
    seen: set[str] = set()
    for seed in range(60):
        s = engine.new_game(GameConfig("spectacle", 2 + seed % 3, seed=seed))
        rng = Rng(seed)
        while not s.is_over:
            if s.pending_kind:
                seen.add(s.pending_kind)
            acts = RULES.legal_actions(s)
            RULES.apply_in_place(s, s.current, acts[rng.below(len(acts))])
    assert seen == {"pay", "place", "return", "noble", "discard", "destroy", "free", "swap"}


def test_default_action_is_always_legal() -> None:
    for seed in range(6):
        s = engine.new_game(GameConfig("spectacle", 2 + seed % 3, seed=seed))
        rng = Rng(seed + 100)
        while not s.is_over:
            acts = RULES.legal_actions(s)
            default = RULES.default_action(s)
            snapshot = RULES.state_to_json(s)
            t = RULES.apply(s, s.current, default)  # accepted, and apply leaves s untouched
            assert RULES.state_to_json(s) == snapshot and t.state.version == s.version + 1
            RULES.apply_in_place(s, s.current, acts[rng.below(len(acts))])


# --- legality has one source: apply accepts exactly what legal_actions lists --------------------


def _universe(s: SpectacleState) -> list[Any]:
    """Many candidate actions, legal or not, in canonical form."""
    n_slots = len(s.stacks) + 1  # one slot too many on purpose
    out: list[Any] = [Take((i,)) for i in range(n_slots)]
    out += [Take((i, j)) for i, j in combinations(range(n_slots), 2)]
    out += [Reserve(c) for c in range(N_CARDS)] + [Reserve(DECK_REF)]
    held = s.chips[s.current]
    out += [Buy(c) for c in range(N_CARDS)]
    for price in range(1, 11):
        out += [Pay(pay) for pay in payments(held[0], held[1], held[2], held[3], price)]
    out += [Pay((10, 5)), Pay((1,)), Pay((5, 10)), Pay((3,))]
    mine = [c for c in range(N_CARDS) if s.tab[s.current][c // 10] >> (c % 10) & 1]
    out += [Claim(tuple(k)) for k in combinations(mine, 3)]
    out += [Claim(tuple(k)) for k in combinations(mine, 4)]
    for v in CHIP_VALUES:
        out += [Place(v, i) for i in range(n_slots)] + [Return(v, i) for i in range(n_slots)]
    out += [ChooseNoble(x) for x in range(12)]
    for r in (1, 2, 3):
        out += [Discard(tuple(k)) for k in combinations(mine, r)]
    out += [Destroy(c) for c in range(N_CARDS)] + [FreeCard(c) for c in range(N_CARDS)]
    out += [Swap(a, b) for a in mine for b in range(N_CARDS)]
    return list(dict.fromkeys(out))


def _after(s: SpectacleState, *actions: Any) -> dict[str, Any]:
    """The state after ``actions`` (from the seat to act), as JSON without the action log."""
    for action in actions:
        s = RULES.apply(s, s.current, action).state
    data = RULES.state_to_json(s)
    del data["actions"]
    return data


def _check_buy_shortcuts(s: SpectacleState, acts: list[Any]) -> None:
    """P-5: the typed `buy X <chips>` is accepted iff `buy X` is listed and those chips are then a legal
    payment, and it leaves the same state as `buy X` + `pay <chips>` (events included)."""
    held = s.chips[s.current]
    listed = {a.ref for a in acts if isinstance(a, Buy)}
    pays = {pay for price in range(1, 11) for pay in payments(held[0], held[1], held[2], held[3], price)}
    for c in range(N_CARDS):
        if c not in listed:
            with pytest.raises(IllegalAction):
                RULES.apply(s, s.current, Buy(c))
        for pay in sorted(pays | {(10, 5), (1,)}):
            try:
                direct = _after(s, Buy(c, pay))
            except IllegalAction:
                direct = None
            if c not in listed:
                assert direct is None, f"buy {CARD_CODE[c]} {pay} accepted though `buy` is not listed"
                continue
            step = RULES.apply(s, s.current, Buy(c)).state
            if step.pending_kind == "pay":
                expected = _after(step, Pay(pay)) if Pay(pay) in RULES.legal_actions(step) else None
            else:  # one possible payment: `buy X` made it
                made = next(e.params["pay"] for e in step.last_events if e.kind == "buy")
                expected = _after(step) if tuple(made) == pay else None
            assert direct == expected, f"buy {CARD_CODE[c]} {pay}"


def test_apply_accepts_exactly_the_legal_actions() -> None:
    checked = 0
    for seed in range(4):
        s = engine.new_game(GameConfig("spectacle", 2 + seed % 3, seed=seed))
        rng = Rng(seed + 7)
        step = 0
        while not s.is_over:
            acts = RULES.legal_actions(s)
            if step % 4 == 0 or s.pending_kind:
                legal = set(acts)
                for cand in _universe(s):
                    try:
                        RULES.apply(s, s.current, cand)
                        ok = True
                    except IllegalAction:
                        ok = False
                    assert ok == (cand in legal), f"{cand} legal={cand in legal} accepted={ok} in {s!r}"
                    checked += 1
                if s.pending is None and not s.over:
                    _check_buy_shortcuts(s, acts)
            RULES.apply_in_place(s, s.current, acts[rng.below(len(acts))])
            step += 1
    assert checked > 10_000
