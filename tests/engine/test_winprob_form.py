"""Win chances between unequal players (issue 41): each seat's form so far moves its chances the right way."""

from __future__ import annotations

import json
import math

import pytest

from engine import GameConfig, new_game, view_for
from engine.ai import choose, review
from engine.ai.winprob import FORMS, Evidence, Form, form_for, form_terms, with_form
from engine.ai.winprob_fit import ReviewedGame, ReviewedMove, fit_form, form_calibration, mean_chances
from engine.rng import Rng
from engine.selfplay import main


def _evidence(strong: int, weak: int, moves: int = 10) -> Evidence:
    """Seat ``strong`` found the better move every time, seat ``weak`` never."""
    evidence = Evidence.empty(2)
    for _ in range(moves):
        evidence.add(strong, True)
        evidence.add(weak, False)
    return evidence


@pytest.mark.parametrize("key", sorted(FORMS))
def test_the_stored_form_raises_the_chances_of_the_seat_that_played_better(key: tuple[str, int]) -> None:
    ruleset, players = key
    form = FORMS[key]
    assert form.weight > 0.0 and form.prior > 0.0
    evidence = Evidence.empty(players)
    for _ in range(10):
        evidence.add(0, True)
        for seat in range(1, players):
            evidence.add(seat, False)
    even = [1.0 / players] * players
    moved = with_form(even, evidence, form)
    assert moved[0] > even[0] and all(p < even[1] for p in moved[1:])
    assert sum(moved) == pytest.approx(1.0)
    assert form_for(new_game(GameConfig(ruleset, players, 1))) == form


def test_the_form_moves_the_chances_more_with_more_evidence_and_not_without_any() -> None:
    form = Form(4.0, 40.0)
    ps = [0.4, 0.6]
    assert with_form(ps, Evidence.empty(2), form) == pytest.approx(ps)  # no move yet: equal players
    few, many = with_form(ps, _evidence(0, 1, 2), form), with_form(ps, _evidence(0, 1, 20), form)
    assert ps[0] < few[0] < many[0]
    assert with_form(ps, _evidence(1, 0, 20), form)[0] < ps[0]  # the other way round
    assert with_form([1.0, 0.0], _evidence(1, 0, 20), form) == [1.0, 0.0]  # an exact result stays
    assert with_form(ps, _evidence(1, 0, 20), None) == ps
    # shrunk towards equal (the share of better moves over the moves plus the prior), less the table's mean
    assert form_terms(_evidence(0, 1, 4), 4.0) == [0.25, -0.25]
    # a small difference in form moves the chances much less than in proportion (x |x|)
    small, large = Evidence([20, 20], [8, 6]), Evidence([20, 20], [16, 4])
    shift = [math.log(with_form([0.5, 0.5], e, form)[0] / with_form([0.5, 0.5], e, form)[1]) for e in (small, large)]
    assert 0.0 < 6 * shift[0] < shift[1]  # a difference six times larger, thirty-six times the shift
    assert shift[1] / shift[0] == pytest.approx(36.0)
    # a higher power: the small difference moves still less, the large one the same (the weight is set so)
    x = 0.25  # the large difference's: forms 16/24 and 4/24, each 6/24 from their mean
    steep = Form(4.0, 40.0 * x**2 / x**4, 4.0)
    steeper = [math.log(with_form([0.5, 0.5], e, steep)[0] / with_form([0.5, 0.5], e, steep)[1])
               for e in (small, large)]
    assert steeper[1] == pytest.approx(shift[1]) and steeper[1] / steeper[0] == pytest.approx(6.0 ** 4)


def _game(weak: int) -> tuple[GameConfig, list[tuple[int, str]]]:
    """Fourteen turns of base: ``hard`` (8 iterations) against uniformly random moves in seat ``weak``."""
    config = GameConfig("base", 2, 21)
    state = new_game(config)
    rng = Rng(21)
    while state.turn < 14:
        seat = state.to_act
        assert seat is not None
        acts = state.legal_actions()
        if seat == weak:
            action = acts[rng.below(len(acts))]
        else:
            action = choose(view_for(state, seat), level="hard", seed=1, iterations=8)
        state.apply_in_place(seat, action)
    return config, state.history()


def test_a_review_gives_the_better_player_better_chances_once_it_has_seen_them_play() -> None:
    config, history = _game(weak=1)
    form = Form(4.0, 40.0)
    plain = review(config, history, seed=3, iterations=8, samples=2, form=False)
    formed = review(config, history, seed=3, iterations=8, samples=2, form=form)
    assert plain.moves[0].before == formed.moves[0].before  # nothing seen yet
    found = [sum(m.best == m.played[0] for m in plain.moves if m.seat == seat) for seat in (0, 1)]
    assert found[0] > found[1]  # the hard seat found the better move more often
    last = plain.moves[-1].before[0], formed.moves[-1].before[0]
    assert last[1] > last[0]  # so its chance is higher once its form counts
    assert [m.played for m in plain.moves] == [m.played for m in formed.moves]


def _reviewed(strong: int, won: int, moves: int = 30) -> ReviewedGame:
    """A made-up reviewed game: seat ``strong`` plays the better move, the other never; the model gives the strong
    seat 0.6 throughout."""
    chances = (0.6, 0.4) if strong == 0 else (0.4, 0.6)
    out = [ReviewedMove(k % 2, chances, k % 2 == strong, True) for k in range(moves)]
    return ReviewedGame(0, (), tuple(out), tuple(1.0 if s == won else 0.0 for s in range(2)))


def test_the_form_fit_learns_that_the_better_player_wins_and_leaves_equal_players_alone() -> None:
    unequal = [_reviewed(s, s) for s in (0, 1)] * 9 + [_reviewed(s, 1 - s) for s in (0, 1)]  # the better wins 90 %
    form, worst = fit_form([unequal])
    assert form.weight > 0.0
    before, after = form_calibration(unequal, None), form_calibration(unequal, form)
    assert before[0] == after[0] == 20 * 30
    assert after[1] < before[1] and after[2] == worst < before[2]  # Brier and ECE improve
    # where the better player wins only 60 % of the games, as the model says, the form must not move the chances
    even = [_reviewed(s, s) for s in (0, 1)] * 3 + [_reviewed(s, 1 - s) for s in (0, 1)] * 2
    assert fit_form([even])[0].weight == 0.0

    def moved(f: Form) -> float:  # the better player's mean chance over the unequal games' moves
        strong = [next(m.seat for m in game.moves if m.best) for game in unequal]
        return sum(mean_chances(game, f)[seat] for game, seat in zip(unequal, strong, strict=True)) / len(unequal)

    assert 0.5 < moved(fit_form([unequal, even])[0]) < moved(form)
    # nor may it make the mix's calibration worse than a small tolerance
    assert moved(fit_form([unequal], [even])[0]) < moved(form)


def test_the_form_calibration_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--calibration-form", "--ruleset", "base", "--agents", "easy,random", "--games", "1",
                 "--seed", "5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["before"]["positions"] == out["after"]["positions"] > 20
    assert set(out["levels"]) == {"easy", "random"}
    assert out["levels"]["easy"]["mean_chance_after"] >= out["levels"]["easy"]["mean_chance_before"]
