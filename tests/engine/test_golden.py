"""Golden game logs: recorded games that must keep replaying to the same final scores.

A change to the rules that alters any recorded game fails here; if the change is a
deliberate rules fix, re-record the log and say why in the commit.  A log may carry
``checkpoints``: events (kind and a subset of their parameters) and scores after a given
action, each reviewed by hand against docs/rules.md (its ``review`` lines say why), so
that a rule loosened or tightened fails on the move it concerns, not only at the end.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import Action, Event, GameConfig, GameState, replay, to_json

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_log_replays_to_fixed_scores(path):
    data = json.loads(path.read_text())
    config = GameConfig.from_json(data["config"])
    actions = [(int(line.split(" ", 1)[0]), line.split(" ", 1)[1]) for line in data["actions"]]
    state = replay(config, actions)
    assert state.is_over
    assert list(state.scores()) == data["scores"]
    assert list(state.winners()) == data["winners"]
    assert state.turn == data["turns"]
    assert state.history() == actions
    assert to_json(replay(config, actions)) == to_json(state)
    _check_checkpoints(config, actions, data.get("checkpoints", []))


def _check_checkpoints(config: GameConfig, actions: list[tuple[int, str]], checkpoints: list[dict]) -> None:
    by_action: dict[int, list[dict]] = {}
    for cp in checkpoints:
        by_action.setdefault(cp["after"], []).append(cp)

    def check(i: int, _seat: int, _action: Action, state: GameState, _events: tuple[Event, ...]) -> None:
        code = actions[i][1]
        for cp in by_action.pop(i, []):
            kind, params = cp["event"]
            events = [e for e in state.last_events if e.kind == kind]
            assert any(all(e.params.get(k) == v for k, v in params.items()) for e in events), (
                f"after action {i} ({code}): no {kind} event with {params}; got {[(e.kind, e.params) for e in events]}")
            if "scores" in cp:
                assert list(state.scores()) == cp["scores"], f"after action {i} ({code})"

    replay(config, actions, after=check, check=True)  # the invariants hold after every action, too
    assert not by_action, f"checkpoints after actions the log does not have: {sorted(by_action)}"


def test_there_are_golden_logs_for_every_ruleset():
    names = {p.stem.split("_")[0] for p in GOLDEN} | {"_".join(p.stem.split("_")[:2]) for p in GOLDEN}
    assert {"base", "orient", "strongholds", "orient_strongholds", "spectacle"} <= names


def test_the_spectacle_log_is_reviewed_at_its_nobles_claims_and_end():
    data = json.loads((Path(__file__).parent / "golden" / "spectacle_2p_seed1.json").read_text())
    kinds = {cp["event"][0] for cp in data["checkpoints"]}
    assert {"buy", "noble", "discard", "power", "claim", "end_triggered"} <= kinds
