"""Fitting hard's look-ahead weights to who wins (``engine.ai.fitting``, issue 12)."""

from __future__ import annotations

import json
import math

import pytest

from engine import GameConfig, new_game
from engine.ai.fitting import (
    TERMS,
    coefficients,
    design,
    features,
    fit,
    positions,
    weights_from,
)
from engine.ai.heuristics import LOOK, PLAIN, TUNED, Weights, splendor_worths
from engine.ai.search import pick_random
from engine.rng import Rng
from engine.splendor.state import SplendorState


def _played(ruleset: str, seed: int, moves: int) -> SplendorState:
    state = new_game(GameConfig(ruleset, 2, seed))
    assert isinstance(state, SplendorState)
    rng = Rng(seed)
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.to_act
        assert seat is not None
        public = state.view_for(seat).public
        assert public is not None
        state.apply_in_place(seat, pick_random(public, rng, lambda: False, 1))
    return state


@pytest.mark.parametrize("ruleset", ["base", "orient+strongholds"])
@pytest.mark.parametrize("weights", [PLAIN, TUNED, LOOK])
def test_the_terms_times_the_coefficients_are_the_worth(ruleset: str, weights: Weights) -> None:
    """The fit reads the worth as a sum of terms: that sum must be what the search computes."""
    for seed in range(12):
        state = _played(ruleset, seed, 9 * seed)
        worth = splendor_worths(state, weights)
        terms = features(state, weights)
        coef = coefficients(weights)
        assert len(terms[0]) == len(TERMS) == len(coef)
        for seat in range(2):
            assert sum(c * t for c, t in zip(coef, terms[seat], strict=True)) == pytest.approx(worth[seat], abs=1e-9)


def test_the_fit_finds_the_coefficients_that_made_the_results() -> None:
    """Results drawn from a known logistic model: the fit recovers its coefficients."""
    rng = Rng(5)
    true = [0.8, -1.2, 0.3]
    rows, ys = [], []
    for _ in range(6000):
        x = [rng.below(2001) / 1000.0 - 1.0, rng.below(2001) / 1000.0 - 1.0, 1.0]
        p = 1.0 / (1.0 + math.exp(-sum(a * b for a, b in zip(true, x, strict=True))))
        rows.append(x)
        ys.append(1.0 if rng.below(1_000_000) < p * 1_000_000 else 0.0)
    beta = fit(rows, ys)
    assert beta == pytest.approx(true, abs=0.15)


def test_a_term_that_never_varies_gets_no_weight() -> None:
    rows = [[1.0, 0.0, 1.0], [2.0, 0.0, 1.0], [-1.0, 0.0, 1.0], [0.5, 0.0, 1.0]]
    assert fit(rows, [1.0, 1.0, 0.0, 0.0])[1] == 0.0


def test_positions_are_seeded_and_weights_come_back_scaled_to_a_point() -> None:
    a = positions(6, 500_000)
    assert a == positions(6, 500_000)
    assert a and all(s.won0 in (0.0, 0.5, 1.0) and s.to_act in (0, 1) for s in a)
    rows, ys = design(a)
    assert len(rows[0]) == len(TERMS) + 2 and len(ys) == len(rows)
    beta = [0.5, 0.25, 1.0, -0.5, 0.0, 0.1, 0.05, 0.6, 0.3, -0.02, 0.2, -0.1, 0.4, -0.3]
    w = weights_from(beta)
    assert w[:2] == (0.5, 2.0) and w[11] == 0.5  # late, bonus, and the bonus's fade
    assert w[3] == TUNED[3] and w[7] == TUNED[7] and w[2] == TUNED[2]  # not fitted: kept
    assert w[9] == 0.04 and w[12] == 0.2  # costs come back positive


def test_the_fit_look_command_prints_weights_and_both_log_losses(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.selfplay import main

    assert main(["--fit-look", "10", "--seed", "500000"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert len(out["weights"]) == 13 and out["positions"] > 100
    assert 0.0 < out["log_loss"] < 1.0 and 0.0 < out["log_loss_tuned"] < 1.0
