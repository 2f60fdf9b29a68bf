"""No input crashes the engine: property-based tests (Hypothesis) over every shipped ruleset.

* Any text given to a ruleset's parser either reads as an action or raises ``InvalidAction``; an
  action read from arbitrary text and applied is either played or refused with an ``EngineError``,
  and a refused move leaves the state as it was.
* Any edit of a snapshot's JSON (a value replaced, a key removed, an item added) either loads as a
  consistent, playable position or raises an ``EngineError`` (``BadSetup`` naming the damaged part,
  ``UnknownRuleset``...); never a raw Python error.

The CI profile runs 60 derandomized examples per test; the ``slow`` tests run a few hundred more
with fresh randomness, and ``HYPOTHESIS_PROFILE=long`` runs thousands (for a session hunting bugs).
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import EngineError, GameConfig, GameState, InvalidAction
from engine.rng import Rng
from tests.hidden import shipped_rulesets

settings.register_profile("ci", max_examples=60, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("long", max_examples=3000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

RULESETS = shipped_rulesets()
PLIES = (0, 7, 23, 60)  # positions sampled per ruleset: the start, early, middle, late


@cache
def position(ruleset: str, plies: int, seed: int = 11) -> GameState:
    """A seeded random position ``plies`` moves in (or the end, if the game ends sooner)."""
    rules = engine.find_ruleset(ruleset)
    state = engine.new_game(GameConfig(ruleset, players=min(3, rules.max_players), seed=seed))
    rng = Rng(plies + 1)
    for _ in range(plies):
        if state.is_over:
            break
        legal = engine.legal_actions(state)
        seat = state.to_act
        assert seat is not None
        state = engine.apply(state, seat, legal[rng.below(len(legal))]).state
    return state


# ------------------------------------------------------------------ text
WORDS = (
    "take", "take2", "reserve", "buy", "pay", "return", "noble", "joker", "free", "discard", "hold", "move",
    "remove", "conquer", "skip", "pass", "put", "set", "run", "claim", "kill", "swap", "deck", "auto", "r1",
    "r3", "d1", "o2", "1.1", "2.3", "3.4", "1.6", "a1", "c3", "7h", "10s", "ah", "jh", "qd", "ks", "wug", "rr",
    "o", "gc1", "5>1", "2@3", "1-05", "rojo", "azul", "preto", "corazones", "de", "0", "9", "99", "-1", "²",
    "١", "1" * 5000, "1" * 5000 + ".1", "1." + "9" * 4400, "9" * 30 + "r", "pay", "con", ">", "@", ":", ".",
    ",", "-", "*",
)  # fmt: skip
texts = st.one_of(
    st.text(max_size=60),
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=6).map(" ".join),
    st.tuples(st.sampled_from(("buy", "reserve", "noble", "free", "take", "pay", "return", "hold")),
              st.integers(min_value=-(10**6), max_value=10**6).map(str), st.text(max_size=8)).map(" ".join),
)


@pytest.mark.parametrize("ruleset", RULESETS)
@given(text=texts, plies=st.sampled_from(PLIES))
def test_any_text_is_read_or_refused_and_a_refusal_changes_nothing(ruleset: str, text: str, plies: int) -> None:
    state = position(ruleset, plies)
    before = engine.to_json(state)
    try:
        action = engine.parse_action(state, text)
    except InvalidAction:
        return
    assert str(action) == str(engine.parse_action(state, str(action)))  # what it read has a code
    seat = state.to_act if state.to_act is not None else 0
    with contextlib.suppress(EngineError):
        engine.apply(state, seat, action)
    assert engine.to_json(state) == before  # apply works on a copy, refused or not


# ------------------------------------------------------------------ snapshots
def paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a JSON value (the value itself included)."""
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += paths(v, (*prefix, i))
    return out


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(10**20), max_value=10**20) | st.text(max_size=8)
    | st.sampled_from(("1-05", "7h", "jh", "take wug", "a1", "main", "pay", 2, 9, -1, 10**400)),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=8,
)

Edit = Callable[[Any], Any]


@st.composite
def edits(draw: st.DrawFn, snapshot: dict[str, Any]) -> dict[str, Any]:
    data = copy.deepcopy(snapshot)
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        where = draw(st.sampled_from(paths(data)))
        if not where:
            continue
        parent: Any = data
        for key in where[:-1]:
            parent = parent[key]
        key = where[-1]
        how = draw(st.sampled_from(("replace", "delete", "grow", "nudge")))
        if how == "replace":
            parent[key] = draw(json_values)
        elif how == "delete":
            del parent[key]
        elif how == "grow" and isinstance(parent[key], list):
            parent[key].append(draw(json_values))
        elif isinstance(parent[key], int) and not isinstance(parent[key], bool):
            parent[key] += draw(st.sampled_from((-1, 1, 5, 99)))
        else:
            parent[key] = draw(json_values)
    return data


def check_loaded(data: dict[str, Any], *, verify: bool) -> None:
    try:
        state = engine.from_json(data, verify=verify)
    except EngineError:  # BadSetup naming the damaged part, UnknownRuleset...
        return
    state.check_invariants()
    legal = engine.legal_actions(state)
    assert legal or state.is_over
    if legal:
        seat = state.to_act
        assert seat is not None
        engine.apply(state, seat, legal[0])  # the loaded position plays on


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("verify", [False, True])
@given(data=st.data(), plies=st.sampled_from(PLIES))
def test_any_damaged_snapshot_loads_consistent_or_raises_bad_setup(ruleset: str, verify: bool, data: st.DataObject,
                                                                   plies: int) -> None:
    snapshot = json.loads(json.dumps(engine.to_json(position(ruleset, plies))))
    check_loaded(data.draw(edits(snapshot)), verify=verify)


# no_cover: more seeds of a test that runs measured above; the tracer would make it ~5x slower in CI
@pytest.mark.slow
@pytest.mark.no_cover
@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=150)
@given(data=st.data(), plies=st.sampled_from(PLIES))
def test_damaged_snapshots_long(ruleset: str, data: st.DataObject, plies: int) -> None:
    snapshot = json.loads(json.dumps(engine.to_json(position(ruleset, plies))))
    check_loaded(data.draw(edits(snapshot)), verify=data.draw(st.booleans()))


# no_cover: more seeds of a test that runs measured above; the tracer would make it ~5x slower in CI
@pytest.mark.slow
@pytest.mark.no_cover
@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=300)
@given(text=texts, plies=st.sampled_from(PLIES))
def test_any_text_long(ruleset: str, text: str, plies: int) -> None:
    test_any_text_is_read_or_refused_and_a_refusal_changes_nothing.hypothesis.inner_test(ruleset, text, plies)
