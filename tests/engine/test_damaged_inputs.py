"""The inputs issue 15 found crashing the engine, one by one (the fuzz tests in test_fuzz.py look for more).

A very long number in a move is unreadable (``InvalidAction``), not Python's digit-limit ``ValueError``;
a damaged snapshot raises ``BadSetup`` naming the damaged part, and a snapshot whose position breaks an
invariant (extra tokens, impossible points, a seat to act that does not exist) is refused on load.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

import engine
from engine import BadSetup, GameConfig, InvalidAction
from tests.hidden import shipped_rulesets

LONG = "1" * 5000
SPLENDOR = [r for r in shipped_rulesets() if engine.find_ruleset(r).game == "splendor"]


@pytest.mark.parametrize("ruleset", shipped_rulesets())
@pytest.mark.parametrize("code", [f"buy {LONG}.1", f"buy 1.{LONG}", f"reserve {LONG}.1", f"reserve d{LONG}",
                                  f"noble {LONG}", f"free {LONG}.1", f"take {LONG}", f"take {LONG}r",
                                  f"pay gc{LONG}", f"return {LONG}w", f"take {LONG[:4000]}",
                                  f"pay {LONG}", f"put 5 {LONG}", f"take 9{'9' * 30}r"])
def test_a_long_number_is_unreadable_not_a_crash(ruleset: str, code: str) -> None:
    state = engine.new_game(GameConfig(ruleset, players=2, seed=1))
    with pytest.raises(InvalidAction) as caught:
        engine.parse_action(state, code)
    assert len(str(caught.value)) < 400  # the 5,000 digits are not echoed back


@pytest.mark.parametrize("ruleset", shipped_rulesets())
@pytest.mark.parametrize("code", ["take ²", "buy ١.١", "noble ³", "reserve d²"])
def test_unicode_digits_are_read_or_refused_not_a_crash(ruleset: str, code: str) -> None:
    state = engine.new_game(GameConfig(ruleset, players=2, seed=1))
    try:
        action = engine.parse_action(state, code)
    except InvalidAction:
        return
    assert engine.parse_action(state, str(action)) == action  # folded to ASCII digits (Spectacle)


def snapshot(ruleset: str, moves: int = 0) -> dict[str, Any]:
    state = engine.new_game(GameConfig(ruleset, players=2, seed=3))
    for _ in range(moves):
        seat = state.to_act
        assert seat is not None
        state = engine.apply(state, seat, engine.legal_actions(state)[0]).state
    return copy.deepcopy(engine.to_json(state))


def damaged(ruleset: str, where: str) -> tuple[dict[str, Any], bool]:
    data = snapshot(ruleset, moves=3)
    verify = False
    if where == "no config":
        del data["config"]
    elif where == "no state":
        del data["state"]
    elif where == "players two":
        data["config"]["players"] = "two"
    elif where == "players 9":
        data["config"]["players"] = 9
    elif where == "garbage history":
        data["history"], verify = [["x", "take"], 7], True
    elif where == "history not a list":
        data["history"], verify = 5, True
    elif where == "current 9":
        data["state"]["current"] = 9
    elif where == "not an object":
        data = ["format", 1]  # type: ignore[assignment]
    return data, verify


@pytest.mark.parametrize("ruleset", shipped_rulesets())
@pytest.mark.parametrize("where", ["no config", "no state", "players two", "players 9", "garbage history",
                                   "history not a list", "current 9", "not an object"])
def test_a_damaged_snapshot_raises_bad_setup_naming_the_part(ruleset: str, where: str) -> None:
    data, verify = damaged(ruleset, where)
    with pytest.raises(BadSetup) as caught:
        engine.from_json(data, verify=verify)
    assert caught.value.key == "err.bad_snapshot"
    part = {"no config": "config", "players two": "config", "players 9": "config", "no state": "state",
            "current 9": "state", "garbage history": "history", "history not a list": "history",
            "not an object": "snapshot"}[where]
    assert f"({part})" in caught.value.reason


@pytest.mark.parametrize("ruleset", SPLENDOR)
@pytest.mark.parametrize("damage", ["5 extra tokens in the bank", "99 points", "fresh game, a deck card doubled"])
def test_an_inconsistent_position_is_refused_on_load(ruleset: str, damage: str) -> None:
    data = snapshot(ruleset, moves=0 if damage.startswith("fresh") else 3)
    state = data["state"]
    if damage.startswith("5 extra"):
        state["bank"][0] += 5
    elif damage == "99 points":
        state["players"][0]["points"] = 99
    else:
        state["decks"][0][0] = state["decks"][0][1]
    with pytest.raises(BadSetup, match=r"\(state\)"):
        engine.from_json(data)


@pytest.mark.parametrize("ruleset", shipped_rulesets())
def test_an_intact_snapshot_still_loads_and_verifies(ruleset: str) -> None:
    data = snapshot(ruleset, moves=5)
    assert engine.to_json(engine.from_json(data, verify=True)) == data
