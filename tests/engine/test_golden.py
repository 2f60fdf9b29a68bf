"""Golden game logs: recorded games that must keep replaying to the same final scores.

A change to the rules that alters any recorded game fails here; if the change is a
deliberate rules fix, re-record the log and say why in the commit.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import GameConfig, replay, to_json

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


def test_there_are_golden_logs_for_every_splendor_ruleset():
    names = {p.stem.split("_")[0] for p in GOLDEN} | {"_".join(p.stem.split("_")[:2]) for p in GOLDEN}
    assert {"base", "orient", "strongholds", "orient_strongholds"} <= names
