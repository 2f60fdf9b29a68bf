"""Tuning the Splendor worth's weights by greedy self-play (``engine.ai.tuning``, issue 12)."""

from __future__ import annotations

import json

import pytest

from engine.ai.heuristics import PLAIN, TUNED
from engine.ai.tuning import NAMES, STEPS, as_weights, duel, perturb
from engine.rng import Rng


def test_a_weighting_against_itself_wins_exactly_half() -> None:
    """Each deal is played twice with the seats swapped: the same weights on both sides play the same game
    twice, won once by each side."""
    assert duel(PLAIN, PLAIN, [1, 2, 3]) == pytest.approx(3.0)


def test_the_tuned_weights_beat_the_plain_ones_on_these_deals() -> None:
    won = duel(TUNED, PLAIN, list(range(40, 60)))
    assert won > 20  # of 40: the tuned greedy player is the stronger one (docs/computer-players.md: over 3,000 games)


def test_a_perturbation_moves_one_to_three_weights_and_none_below_zero() -> None:
    rng = Rng(9)
    moved_counts = set()
    for _ in range(200):
        candidate, moved = perturb(PLAIN, rng)
        changed = [NAMES[k] for k in range(len(NAMES)) if candidate[k] != PLAIN[k]]
        assert set(changed) <= set(moved) and 1 <= len(moved) <= 3
        assert all(x >= 0.0 for x in candidate)
        assert "gold_card" not in moved  # an Orient weight: base games cannot tune it
        assert all(abs(candidate[k] - PLAIN[k]) <= 6 * STEPS[k] for k in range(len(NAMES)))
        moved_counts.add(len(moved))
    assert moved_counts == {1, 2, 3}
    assert perturb(PLAIN, Rng(4)) == perturb(PLAIN, Rng(4))


def test_weights_must_be_thirteen() -> None:
    assert as_weights(list(PLAIN)) == PLAIN
    with pytest.raises(ValueError, match="13 weights"):
        as_weights([1.0, 2.0])


def test_the_tune_command_prints_each_round_and_the_best(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.selfplay import main

    assert main(["--tune", "2", "--games", "4", "--seed", "3"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [x["round"] for x in lines[:-1]] == [0, 1]
    best = lines[-1]["weights"]
    assert len(best) == 13
    kept = [x for x in lines[:-1] if x["kept"]]
    if not kept:
        assert best == list(PLAIN)
    assert main(["--weights-match", "--games", "4", "--seed", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 4 and 0.0 <= out["tuned_vs_plain"] <= 1.0
