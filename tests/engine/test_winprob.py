"""Win probabilities and game reviews (issue 32 §1, §2): the model, the view-only property, the review.

Everything runs on seeds and iteration caps, never a clock.
"""

from __future__ import annotations

import json
import math

import pytest

from engine import GameConfig, GameState, new_game, view_for
from engine.ai import MoveReview, choose, review, win_probabilities
from engine.ai.exact import forced_result, may_end, winning_line
from engine.ai.fitting import fit
from engine.ai.reviewing import THRESHOLDS, move_accuracy, verdict
from engine.ai.winprob import MODELS, model_for, probabilities, public_info
from engine.ai.winprob_fit import (
    EPSILON,
    fit_conditional_logit,
    positions,
    reliability,
    rollout_chances,
    spread,
)
from engine.rng import Rng
from engine.selfplay import main
from tests.engine.test_ai import reach, swap_hidden
from tests.hidden import shipped_rulesets

RULESETS = shipped_rulesets()


def _game(ruleset: str, players: int, seed: int, actions: int, level: str = "easy") -> GameState:
    state = new_game(GameConfig(ruleset, players, seed))
    rng = Rng(seed)
    for k in range(actions):
        if state.is_over:
            break
        seat = state.to_act
        assert seat is not None
        acts = state.legal_actions()
        action = acts[rng.below(len(acts))] if rng.below(4) == 0 else \
            choose(view_for(state, seat), level=level, seed=k, iterations=4)
        state.apply_in_place(seat, action)
    return state


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("players", [2, 4])
def test_probabilities_are_a_distribution_over_the_seats(ruleset: str, players: int) -> None:
    if ruleset == "spectacle" and players == 4:
        players = 3
    state = new_game(GameConfig(ruleset, players, 3))
    rng = Rng(3)
    seen = 0
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        if state.pending_kind is None and seen % 5 == 0:
            for viewer in range(players):
                ps = win_probabilities(public_info(state, viewer), seed=seen, samples=2)
                assert len(ps) == players
                assert all(0.0 <= p <= 1.0 for p in ps)
                assert math.isclose(sum(ps), 1.0, abs_tol=1e-9)
        seen += 1
        acts = state.legal_actions()
        state.apply_in_place(seat, acts[rng.below(len(acts))])
    final = win_probabilities(public_info(state, 0), seed=1)
    won = state.winners()
    assert final == [1.0 / len(won) if i in won else 0.0 for i in range(players)]


@pytest.mark.parametrize(("ruleset", "players"), [("base", 2), ("base", 4), ("orient+strongholds", 2),
                                                  ("spectacle", 2)])
def test_every_calibrated_ruleset_has_its_own_model(ruleset: str, players: int) -> None:
    model = model_for(new_game(GameConfig(ruleset, players, 1)))
    assert model is not None and MODELS[(ruleset, players)] is model
    # the model sees the winner coming: over the last third of a game, the eventual winner's chance is above
    # an equal share
    state = new_game(GameConfig(ruleset, players, 8))
    seen: list[list[float]] = []
    k = 0
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        if state.pending_kind is None:
            seen.append(probabilities(state))
        state.apply_in_place(seat, choose(view_for(state, seat), level="easy", seed=k))
        k += 1
    winner = state.winners()[0]
    last = [p[winner] for p in seen[-len(seen) // 3:]]
    assert sum(last) / len(last) > 1.0 / players


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_seats_probabilities_do_not_depend_on_cards_it_cannot_see(ruleset: str) -> None:
    state = reach(ruleset, 2, 5, blind_by=1, viewer=0)
    other = swap_hidden(state, 0)
    mine = win_probabilities(public_info(state, 0), seed=11)
    theirs = win_probabilities(public_info(other, 0), seed=11)
    assert mine == theirs
    # the seat that holds the blind reserve sees it, and the model reads it: its views of the two games differ
    assert public_info(state, 1).to_json() != public_info(other, 1).to_json()


def test_the_two_player_model_is_the_logistic_regression_of_fitting() -> None:
    """At two players the softmax over seats is fitting.fit's logistic regression on the terms' difference."""
    rng = Rng(4)
    rows, ys, diffs = [], [], []
    for _ in range(400):
        a = [rng.below(100) / 10.0, rng.below(100) / 10.0]
        b = [rng.below(100) / 10.0, rng.below(100) / 10.0]
        u = 0.8 * (a[0] - b[0]) - 0.3 * (a[1] - b[1])
        won = 1.0 if rng.below(10_000) / 10_000.0 < 1.0 / (1.0 + math.exp(-u)) else 0.0
        rows.append([a, b])
        ys.append([won, 1.0 - won])
        diffs.append([a[0] - b[0], a[1] - b[1], 1.0])
    beta = fit_conditional_logit(rows, ys, ridge=1e-3)
    logit = fit(diffs, [y[0] for y in ys])
    assert beta[0] > 0.4 and beta[1] < -0.1
    # fitting.fit also fits an intercept; without a seat advantage in the data it is close to 0
    assert abs(logit[2]) < 0.3
    assert beta[0] == pytest.approx(logit[0], abs=0.05) and beta[1] == pytest.approx(logit[1], abs=0.05)


def test_reliability_and_ece() -> None:
    ps = [[0.05, 0.95], [0.05, 0.95], [0.95, 0.05], [0.95, 0.05]]
    ys = [[0.0, 1.0], [0.0, 1.0], [1.0, 0.0], [0.0, 1.0]]
    ece, bins = reliability(ps, ys)
    assert bins[0] == (0.05, 0.25, 4) and bins[9] == (0.95, 0.75, 4)
    assert ece == pytest.approx(0.2)


def test_the_calibration_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--calibration", "--ruleset", "base", "--players", "2", "--games", "2", "--seed", "990001",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["positions"] > 10
    assert 0.0 <= out["ece"] <= 1.0
    assert 0.0 < out["brier"] < out["baseline_brier"] * 1.5
    assert sum(count for _, _, count in out["bins"]) == 2 * out["positions"]


def test_the_calibration_command_with_no_random_moves_and_play_outs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--calibration", "--ruleset", "base", "--players", "2", "--games", "1", "--seed", "990001",
                 "--epsilon", "0", "--rollouts", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["epsilon"] == 0 and out["rollouts"] == 2 and out["positions"] > 5
    assert 0.0 < out["rollout_ratio"] < 3.0 and 0.0 < out["blend_ratio"] < 3.0 and 0.0 <= out["blend_ece"] <= 1.0


def test_the_position_games_random_moves_follow_epsilon() -> None:
    """``epsilon`` changes only the random moves: at 0 the games are the levels' own, at 100 every main move with
    a choice is random, and the default is :data:`EPSILON`."""
    def moves(**kw: int) -> list[tuple[float, ...]]:
        return [p.points for p in positions("base", 2, 1, 990002, every=1, **kw)]

    assert moves() == moves(epsilon=EPSILON)
    assert moves(epsilon=0) != moves(epsilon=100)


def test_play_outs_give_each_seat_a_win_rate() -> None:
    state = new_game(GameConfig("base", 2, 5))
    public = public_info(state, 0)
    rates = rollout_chances(public, Rng(1), 3, salt=11)
    assert sum(rates) == pytest.approx(1.0) and all(0.0 <= r <= 1.0 for r in rates)
    assert rates == rollout_chances(public, Rng(1), 3, salt=11)


def test_the_spread_of_a_positions_results_estimates_its_true_chances_without_bias() -> None:
    """The floor's estimate: over every way k play-outs can end, weighted by their chance, it averages to
    q (1 - q), the Brier score of the true chance q."""
    assert spread([[1.0, 0.0]] * 4) == 0.0
    assert spread([[1.0, 0.0], [0.0, 1.0]]) == 0.5
    for q, k in ((0.3, 3), (0.8, 2), (0.5, 5)):
        expected = 0.0
        for mask in range(1 << k):
            wins = [mask >> j & 1 for j in range(k)]
            weight = math.prod(q if w else 1.0 - q for w in wins)
            expected += weight * spread([[float(w), 1.0 - w] for w in wins])
        assert expected == pytest.approx(q * (1.0 - q))
    # a shared win is half a win: its variance counts, not r (1 - r)
    assert spread([[0.5, 0.5], [0.5, 0.5]]) == 0.0


def test_the_calibration_floor_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--calibration-floor", "--ruleset", "base", "--players", "2", "--games", "1", "--seed", "990001",
                 "--continuations", "2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["positions"] > 5 and out["continuations"] == 2
    assert 0.0 <= out["floor"] <= 0.5 and 0.0 < out["model"] < 1.0 and 0.0 < out["baseline_brier"] <= 0.25
    assert out["floor_ratio"] == pytest.approx(out["floor"] / out["baseline_brier"], abs=1e-3)
    assert out["model_ratio"] == pytest.approx(out["model"] / out["baseline_brier"], abs=1e-3)


def test_verdicts_and_accuracy_follow_the_thresholds() -> None:
    assert [name for name, _ in THRESHOLDS] == ["blunder", "mistake", "inaccuracy"]
    assert verdict(0.0) is None and verdict(0.049) is None
    assert verdict(0.05) == "inaccuracy" and verdict(0.0999) == "inaccuracy"
    assert verdict(0.10) == "mistake" and verdict(0.15) == "blunder" and verdict(0.6) == "blunder"
    assert move_accuracy(0.0) == pytest.approx(100.0, abs=0.01)
    assert move_accuracy(0.05) == pytest.approx(79.9, abs=0.2)
    assert move_accuracy(1.0) == 0.0
    assert move_accuracy(0.02) > move_accuracy(0.08) > move_accuracy(0.2)


def _short_game() -> tuple[GameConfig, list[tuple[int, str]]]:
    """Twelve turns of base: easy against random-ish moves (a scripted game; some moves are poor)."""
    config = GameConfig("base", 2, 21)
    state = new_game(config)
    rng = Rng(21)
    while state.turn < 12:
        seat = state.to_act
        assert seat is not None
        acts = state.legal_actions()
        action = acts[rng.below(len(acts))] if seat == 1 else choose(view_for(state, seat), level="easy", seed=1)
        state.apply_in_place(seat, action)
    return config, state.history()


def test_a_review_judges_every_move() -> None:
    config, history = _short_game()
    result = review(config, history, seed=3, iterations=8, samples=2)
    assert result.players == 2 and result.ruleset == "base"
    assert [m.turn for m in result.moves] == list(range(len(result.moves)))
    assert len(result.moves) == 12
    # the moves cover the log, each from its first action to the next move's
    assert result.moves[0].index == 0
    assert sum(len(m.played) for m in result.moves) == len(history)
    for m, nxt in zip(result.moves, result.moves[1:], strict=False):
        assert nxt.index == m.index + len(m.played)
        assert [c for _, c in history[m.index:nxt.index]] == list(m.played)
    for m in result.moves:
        for ps in (m.before, m.after, m.best_after):
            assert len(ps) == 2 and math.isclose(sum(ps), 1.0, abs_tol=1e-3)
        assert m.verdict == verdict(m.drop)
        if m.choices > 1:
            assert m.best is not None and m.accuracy == pytest.approx(move_accuracy(m.drop), abs=0.01)
            # the model's drop, unless the play-outs to the game's end found less (a verdict must survive both)
            model = max(0.0, m.best_after[m.seat] - m.after[m.seat])
            assert m.drop <= model + 1e-3 or m.best == m.played[0]
            if model < THRESHOLDS[-1][1] - 1e-3:
                assert m.drop == pytest.approx(model, abs=1e-3) or m.best == m.played[0]
    for seat in (0, 1):
        judged = [m.accuracy for m in result.moves if m.seat == seat and m.accuracy is not None]
        assert result.accuracy[seat] == pytest.approx(sum(judged) / len(judged), abs=0.01)
        counts = result.counts[seat]
        assert counts == tuple(sum(m.verdict == v for m in result.moves if m.seat == seat)
                               for v in ("inaccuracy", "mistake", "blunder"))
    # the random seat is the worse one
    accuracy = result.accuracy
    assert accuracy[0] is not None and accuracy[1] is not None and accuracy[0] > accuracy[1]
    # by the model's drops too (verdicts need play-outs to the game's end to agree: a few poor moves in twelve
    # turns need not reach one)
    lost = [sum(max(0.0, m.best_after[seat] - m.after[seat]) for m in result.moves if m.seat == seat and m.best)
            for seat in (0, 1)]
    assert lost[1] > lost[0] > 0.0


def test_a_review_is_determined_by_the_game_and_the_seed() -> None:
    config, history = _short_game()
    first = review(config, history[:9], seed=5, iterations=8, samples=2)
    again = review(config, history[:9], seed=5, iterations=8, samples=2)
    assert first == again


def test_a_review_of_a_finished_game_ends_on_its_result() -> None:
    state = _game("base", 2, 13, 2000)
    assert state.is_over
    result = review(state.config, state.history(), seed=1, iterations=8, samples=1)
    won = state.winners()
    assert result.result == tuple(1.0 / len(won) if i in won else 0.0 for i in range(2))
    last = result.moves[-1]
    assert last.after == result.result


@pytest.mark.slow
def test_the_review_benchmark_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--review-bench", "--ruleset", "base", "--agents", "easy,easy", "--games", "1", "--seed", "5"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 1 and out["reviews"][0]["moves"] > 20
    assert out["cpu_s_max"] == out["reviews"][0]["cpu_s"] > 0.0


def _easy_game(ruleset: str, players: int, seed: int) -> GameState:
    """A whole game between ``easy`` players (deterministic: easy reads no clock)."""
    state = new_game(GameConfig(ruleset, players, seed))
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state.apply_in_place(seat, choose(view_for(state, seat), level="easy", seed=seed))
    return state


def _move_at(state: GameState, index: int, start: int) -> MoveReview:
    result = review(state.config, state.history(), seed=1, start=start)
    assert all(m.index >= start for m in result.moves)
    return next(m for m in result.moves if m.index == index)


def test_the_game_winning_move_is_exactly_a_win_and_never_a_mistake() -> None:
    """Issue 41's first end-game case rebuilt: at 11-11 the first seat buys a 4-point card to 15 and the second
    seat, last to play in the round, can no longer catch up.  The move wins whatever happens next: exactly 1,
    no verdict (the model alone judged such a move a blunder, 61 % against 93 %)."""
    state = _easy_game("base", 2, 4)
    pos = new_game(state.config)
    for seat, code in state.history()[:63]:
        pos.apply_in_place(seat, pos.rules.parse_action(code))
    assert pos.scores() == (11, 11) and pos.to_act == 0 and not pos.final_round
    assert winning_line(pos) == [pos.rules.parse_action("buy 2.2")]
    move = _move_at(state, 63, 62)
    assert move.played == ("buy 2.2",) and move.after == (1.0, 0.0) and move.best_after[0] <= 1.0
    assert move.drop == 0.0 and move.verdict is None
    assert move.before == (1.0, 0.0)  # the winning move was there to play: the position was already won
    earlier = _move_at(state, 62, 62)  # the second seat's move before it left the first seat that win
    assert earlier.after == (1.0, 0.0) and earlier.seat == 1
    assert state.winners() == (0,)


def test_a_position_the_opponent_wins_on_its_next_move_is_exactly_lost_whatever_the_move() -> None:
    """Issue 41's second end-game case rebuilt: at 12-12 whatever the first seat plays, the second seat buys
    to 15 on its next move and wins; every move of the first seat is exactly 0 (no blunder: 20 % against 86 %
    was the model's), and so is the better move."""
    state = _easy_game("base", 2, 2)
    move = _move_at(state, 60, 59)
    assert move.seat == 0 and move.before == move.after == move.best_after == (0.0, 1.0)
    assert move.drop == 0.0 and move.verdict is None
    assert state.winners() == (1,)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_exact_search_is_silent_until_the_end_and_exact_at_it(ruleset: str) -> None:
    """Early in a game nothing is forced (``None``, at no cost: the round's end cannot end the game); a
    finished game is its result; wherever the search says a seat wins, it does, whatever the others play."""
    state = new_game(GameConfig(ruleset, 2, 3))
    assert not may_end(state) and forced_result(state) is None and winning_line(state) is None
    end = _easy_game(ruleset, 2, 3)
    assert forced_result(end) == [1.0 / len(end.winners()) if i in end.winners() else 0.0 for i in range(2)]
    pos = new_game(end.config)
    rng = Rng(5)
    checked = 0
    for seat, code in end.history():
        forced = forced_result(pos) if pos.pending_kind is None else None
        if forced is not None and not pos.is_over:
            winner = forced.index(1.0)
            for _ in range(3):  # random play to the end of the round, the winner playing its winning lines
                s = pos.copy()
                while not s.is_over:
                    mover = s.to_act
                    assert mover is not None
                    line = winning_line(s) if mover == winner and s.pending_kind is None else None
                    acts = s.legal_actions()
                    for a in line or [acts[rng.below(len(acts))]]:
                        s.apply_in_place(mover, a)
                    assert s.is_over or s.turn < (pos.turn // 2 + 1) * 2, "the round ended and the game did not"
                assert s.winners() == (winner,)
            checked += 1
        pos.apply_in_place(seat, pos.rules.parse_action(code))
    assert checked > 0


def test_the_bot_does_not_load_the_fitting_code_at_run_time() -> None:
    """Fitting and calibration (engine.ai.winprob_fit) are for the benches: neither the bot, its computer and
    review workers, the console nor the review's text import them (the self-play commands do, when asked to fit)."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    probe = ("import sys, bot.__main__, bot.client, bot.local, bot.computer_worker, bot.service, bot.ui.review, "
             "bot.review_text, engine.ai; bot.computer_worker.review_version(); "
             "print(sorted(m for m in sys.modules if m.startswith('engine.ai.')))")
    out = subprocess.run([sys.executable, "-c", probe], cwd=root, capture_output=True, text=True, check=True,
                         timeout=120).stdout
    assert "engine.ai.winprob'" in out and "engine.ai.reviewing'" in out
    assert "winprob_fit" not in out


@pytest.mark.slow
def test_the_review_audit_command(capsys: pytest.CaptureFixture[str]) -> None:
    """``--review-audit`` reviews games, has the referee judge every mistake and blunder and checks that every
    forced position was scored exactly (this game ends on forced positions: the last round always is one)."""
    assert main(["--review-audit", "--ruleset", "base", "--agents", "easy,random", "--games", "1", "--seed", "11",
                 "--rollouts", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 1 and out["judged"] > 20 and out["verdicts"] > 0
    assert out["verdicts"] == out["by_verdict"]["mistake"]["count"] + out["by_verdict"]["blunder"]["count"]
    assert 0.0 <= out["confirmed"] <= out["better"] <= 1.0
    assert out["forced"] > 0 and out["decided_exact"] == 1.0
    assert out["review_cpu_s_max"] > 0.0 and "play-outs" in out["referee"]


def test_a_verdict_must_survive_play_outs_to_the_end_of_the_game() -> None:
    """The model's drop gives a verdict only if paired play-outs to the game's end (both moves on the same deals,
    every seat greedy) lose at least as much: a verdict's drop is the lower of the two; a mistake or worse after
    a stage of play-outs is played out again on more deals (engine.ai.reviewing.CHECKS) until the lower bound at the
    last stage's margin holds."""
    from engine.ai.reviewing import CHECKS, MARGINS, _lower_bound, _playout_diffs, checked_drop

    config, history = _short_game()
    result = review(config, history, seed=3, iterations=8, samples=2)
    state = new_game(config)
    parse = state.rules.parse_action
    checked = stages = single = 0
    for k, (seat, code) in enumerate(history):
        m = next((m for m in result.moves if m.index == k), None)
        if m is not None and m.best is not None and m.best != m.played[0]:
            public, seed = public_info(state, seat), (3 * 1_000_003 + k) ^ 0x5EED
            line, best = [parse(c) for c in m.played], [parse(m.best)]
            model = round(max(0.0, m.best_after[seat] - m.after[seat]), 4)
            if verdict(model) is not None:
                assert m.drop == pytest.approx(checked_drop(public, seed, line, best, model), abs=1e-3)
                checked += 1
            if not (stages and single):  # the stages, whatever the model said: a mistake left calls the second
                first = round(max(0.0, _lower_bound(_playout_diffs(public, seed, line, best, 0, CHECKS[0]))), 4)
                two = checked_drop(public, seed, line, best, 1.0)
                if first >= 0.1:
                    some = _playout_diffs(public, seed, line, best, 0, CHECKS[1])
                    second = round(max(0.0, min(first, _lower_bound(some, MARGINS[1]))), 4)
                    if second >= 0.1 and _lower_bound(some, MARGINS[-1]) < second:  # not bound as the last stage asks
                        every = _playout_diffs(public, seed, line, best, 0, CHECKS[-1])
                        assert two == round(max(0.0, min(second, _lower_bound(every, MARGINS[-1]))), 4)
                    else:
                        assert two == second
                    stages += 1
                else:
                    assert two == first
                    single += 1
        state.apply_in_place(seat, parse(code))
    assert checked > 0 and stages > 0 and single > 0


@pytest.mark.parametrize("ruleset", ["base", "orient", "strongholds", "orient+strongholds"])
def test_the_exact_searchs_cuts_lose_no_forced_result(ruleset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The search skips a Splendor seat that played its turn below the target and does not search on from its
    moves that leave it short (engine.ai.exact.may_win, hopeless): in the last rounds of easy games the results
    are those of the search without these cuts (a Strongholds conquest after the main action once fooled them)."""
    import engine.ai.exact as exact

    found = 0
    for seed in (1, 2, 3):
        end = _easy_game(ruleset, 2, seed)
        pos = new_game(end.config)
        for seat, code in end.history():
            if pos.pending_kind is None and pos.turn >= end.turn - 6:
                cut = forced_result(pos, 100_000, gate=False)
                with monkeypatch.context() as m:
                    m.setattr(exact, "hopeless", lambda state, w: False)
                    m.setattr(exact, "may_win", lambda state, w: True)
                    assert forced_result(pos, 100_000, gate=False) == cut, (seed, pos.turn)
                found += cut is not None
            pos.apply_in_place(seat, pos.rules.parse_action(code))
    assert found > 0
