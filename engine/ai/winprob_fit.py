"""Fitting and calibrating the win-probability model of :mod:`engine.ai.winprob` (``python -m engine.selfplay
--fit-winprob``, ``--calibration``, ``--calibration-floor``).

Kept apart from :mod:`engine.ai.winprob`, which the bot imports at run time: only the benches and the
self-play commands import this module.  The position games (:func:`positions`) are games between a mix of
levels; :func:`fit_model` fits the conditional logit on them by Newton's method; :func:`calibration` judges the
stored model on games of other seeds (Brier score, expected calibration error, a points-only baseline);
:func:`noise_floor` measures how well any model could do on such games.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import product

from engine import GameConfig, new_game
from engine.ai.fitting import accumulate, newton_update
from engine.ai.heuristics import LOOK, PLAIN, TUNED, Weights
from engine.ai.search import Picker, one_ply, pick_search
from engine.ai.winprob import (
    Evidence,
    Form,
    Model,
    pick_hard,
    probabilities,
    public_info,
    result,
    softmax,
    terms,
    win_probabilities,
    with_form,
)
from engine.core import Action, GameState, PublicInfo
from engine.rng import Rng

RIDGE = 1e-2
NEWTON_STEPS = 25


# -- games to fit and to calibrate on -----------------------------------------------------------------
#: The levels of the position games: each seat of each game draws one.  ``easy``, one-ply players with
#: ``TUNED`` and ``LOOK`` weights, and the searches ``medium`` and ``hard`` capped at a few iterations.
MIX = ("easy", "easy", "easy", "tuned", "tuned", "look", "look", "look", "medium@4", "hard@8")
EPSILON = 5  # per cent of the main moves of the position games that are uniformly random
MAX_ACTIONS = 3000


@dataclass(frozen=True, slots=True)
class Position:
    game: int
    rows: tuple[tuple[float, ...], ...]  # per seat, its terms
    points: tuple[float, ...]  # per seat, its score (the baseline's one term)
    won: tuple[float, ...]  # per seat, the game's result
    p: tuple[float, ...]  # per seat, the stored model's probabilities from the view of the seat to act
    r: tuple[float, ...] = ()  # per seat, its win rate over play-outs from that view (:func:`rollout_chances`)


def _one_ply_move(weights: Weights) -> Callable[[GameState, int, Rng, int], Action]:
    def move(state: GameState, seat: int, rng: Rng, salt: int) -> Action:
        acts = state.legal_actions()
        scores = one_ply(state, acts, seat, weights)
        return acts[scores.index(max(scores))]

    return move


def _search_move(picker: Picker, cap: int) -> Callable[[GameState, int, Rng, int], Action]:
    """A search level as :func:`engine.ai.choose` runs it with an iteration cap (the seat's view, no clock)."""
    def move(state: GameState, seat: int, rng: Rng, salt: int) -> Action:
        public = state.view_for(seat).public
        assert public is not None
        return picker(public, Rng(salt), _never, cap)

    return move


def _never() -> bool:
    return False


def _player(name: str) -> Callable[[GameState, int, Rng, int], Action]:
    if name == "easy":
        return _one_ply_move(PLAIN)
    if name == "tuned":
        return _one_ply_move(TUNED)
    if name == "look":
        return _one_ply_move(LOOK)
    level, _, cap = name.partition("@")
    return _search_move(pick_hard if level == "hard" else pick_search, int(cap))


Seating = list[Callable[[GameState, int, Rng, int], Action]]


def _move(state: GameState, seat: int, seating: Seating, rng: Rng, salt: int, epsilon: int = EPSILON) -> Action:
    """The position games' move: the only legal one, a uniformly random main action (``epsilon`` per cent),
    else the seat's level."""
    acts = state.legal_actions()
    if len(acts) == 1:
        return acts[0]
    if state.pending_kind is None and rng.below(100) < epsilon:
        return acts[rng.below(len(acts))]
    return seating[seat](state, seat, rng, salt)


def _games(ruleset: str, players: int, games: int, seed: int, every: int,
           epsilon: int = EPSILON) -> Iterator[tuple[int, GameState, int | None, Rng, Seating, int, int]]:
    """Games ``seed .. seed + games - 1`` between a mix of levels (:data:`MIX`, drawn per seat from the game's
    ``Rng``; ``epsilon`` per cent of main moves random, the same draws either way).  Yields ``(game, state, seat
    to act, rng, seating, main, done)`` at one main-action position in ``every`` (the caller may read the state
    and draw from the rng, not change the state; ``main`` main actions and ``done`` actions were played before it), and
    ``(game, state, None, rng, seating, main, done)`` once the game is over; a game still running after
    :data:`MAX_ACTIONS` actions is dropped."""
    for g in range(games):
        rng = Rng((seed + g) * 7919 + 17)
        state = new_game(GameConfig(ruleset, players, seed + g))
        seating = [_player(MIX[rng.below(len(MIX))]) for _ in range(players)]
        main = 0
        for done in range(MAX_ACTIONS):
            if state.is_over:
                break
            seat = state.to_act
            assert seat is not None
            if state.pending_kind is None:
                if main % every == 0:
                    yield g, state, seat, rng, seating, main, done
                main += 1
            state.apply_in_place(seat, _move(state, seat, seating, rng, (seed + g) * 10_000 + done, epsilon))
        if state.is_over:
            yield g, state, None, rng, seating, main, MAX_ACTIONS


def positions(ruleset: str, players: int, games: int, seed: int, *, every: int = 2, evaluate: bool = False,
              samples: int = 4, epsilon: int = EPSILON, rollouts: int = 0) -> list[Position]:
    """The positions of :func:`_games`, one main-action position in ``every``, with the game's result.
    ``evaluate``: also the stored model's probabilities from the view of the seat to act (``samples``
    determinizations) and, with ``rollouts``, the win rates of that many play-outs (:func:`rollout_chances`)."""
    out: list[Position] = []
    kept: list[tuple[tuple[tuple[float, ...], ...], tuple[float, ...], tuple[float, ...], tuple[float, ...]]] = []
    current = -1
    for g, state, seat, rng, _, main, done in _games(ruleset, players, games, seed, every, epsilon):
        if g != current:  # a new game (the last one may have been dropped)
            current, kept = g, []
        if seat is None:
            won = tuple(result(state))
            out += [Position(g, rows, pts, won, p, r) for rows, pts, p, r in kept]
            continue
        rows = tuple(tuple(r) for r in terms(state))
        p: tuple[float, ...] = ()
        r: tuple[float, ...] = ()
        if evaluate:
            public = public_info(state, seat)
            p = tuple(win_probabilities(public, rng.below(1 << 30), samples))
            if rollouts:
                salt = (seed + g) * 10_000 + done
                r = tuple(rollout_chances(public, Rng((seed + g) * 1_000_003 + main * 101 + 7), rollouts, salt,
                                          epsilon))
        kept.append((rows, tuple(float(x) for x in state.scores()), p, r))
    return out


#: The levels of a play-out seat (:func:`rollout_chances`): the one-ply levels of :data:`MIX`, in its shares.
ROLLOUT_LEVELS = ("easy", "easy", "easy", "tuned", "tuned", "look", "look", "look")


def _play_out(state: GameState, seating: Seating, rng: Rng, salt: int, epsilon: int) -> list[float] | None:
    """Play ``state`` (a copy) to its end as the position games do; its result, or None past
    :data:`MAX_ACTIONS`."""
    for step in range(MAX_ACTIONS):
        if state.is_over:
            return result(state)
        mover = state.to_act
        assert mover is not None
        state.apply_in_place(mover, _move(state, mover, seating, rng, salt + step, epsilon))
    return None


def rollout_chances(public: PublicInfo, rng: Rng, count: int, salt: int, epsilon: int = EPSILON) -> list[float]:
    """Each seat's win rate over ``count`` play-outs to the end of the game from ``public.seat``'s view: each
    deals a determinization and draws every seat's level from :data:`ROLLOUT_LEVELS` (a play-out past
    :data:`MAX_ACTIONS` counts as a shared result).  Measured as a win-probability estimate in
    ``docs/computer-players.md`` (not used by the review)."""
    players = {name: _player(name) for name in set(ROLLOUT_LEVELS)}
    total: list[float] | None = None
    for k in range(count):
        state = public.determinize(rng)
        state.set_quiet()
        n = len(state.scores())
        seating = [players[ROLLOUT_LEVELS[rng.below(len(ROLLOUT_LEVELS))]] for _ in range(n)]
        res = _play_out(state, seating, rng, salt + 7_000_000 * (k + 1), epsilon) or [1.0 / n] * n
        total = res if total is None else [a + b for a, b in zip(total, res, strict=True)]
    assert total is not None
    return [v / count for v in total]


# -- fitting ----------------------------------------------------------------------------------------
def fit_conditional_logit(rows: Sequence[Sequence[Sequence[float]]], ys: Sequence[Sequence[float]],
                          ridge: float = RIDGE, steps: int = NEWTON_STEPS) -> list[float]:
    """The ``beta`` maximizing ``sum_positions sum_seats y_i log softmax(beta . x_i)`` (minus a small ridge),
    by Newton's method.  ``rows[k][i]`` are seat ``i``'s terms at position ``k``; ``ys[k]`` sums to 1."""
    m = len(rows[0][0])
    beta = [0.0] * m
    for _ in range(steps):
        grad = [ridge * b for b in beta]
        hess = [[ridge if i == j else 0.0 for j in range(m)] for i in range(m)]
        for xs, y in zip(rows, ys, strict=True):
            ps = softmax([sum(b * v for b, v in zip(beta, x, strict=True)) for x in xs])
            mean = [sum(p * x[j] for p, x in zip(ps, xs, strict=True)) for j in range(m)]
            for p, x, yi in zip(ps, xs, y, strict=True):
                # gradient sum_i (p_i - y_i) x_i, Hessian sum_i p_i (x_i - mean)(x_i - mean)': with x_i - mean in
                # the gradient too, since sum_i (p_i - y_i) = 0
                accumulate(grad, hess, p - yi, p, [x[j] - mean[j] for j in range(m)])
        beta, done = newton_update(beta, grad, hess, 1e-9)
        if done:
            break
    return beta


def fit_model(family: str, players: int, samples: Sequence[Position]) -> Model:
    beta = fit_conditional_logit([p.rows for p in samples], [p.won for p in samples])
    return Model(family, players, tuple(round(b, 5) for b in beta))


def log_loss(model: Model, samples: Sequence[Position]) -> float:
    total = 0.0
    for s in samples:
        ps = softmax([sum(b * v for b, v in zip(model.beta, r, strict=True)) for r in s.rows])
        total -= sum(y * math.log(max(1e-12, p)) for p, y in zip(ps, s.won, strict=True))
    return total / max(1, len(samples))


# -- calibration --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Calibration:
    positions: int
    games: int
    brier: float  # mean over positions and seats of (p - result)^2
    ece: float  # expected calibration error, 10 equal-width bins over every (position, seat)
    baseline_brier: float  # the same for a softmax of the points alone, fitted on these positions
    bins: tuple[tuple[float, float, int], ...]  # per bin: mean probability, win rate, count
    #: with ``rollouts``: the Brier score of the play-outs' win rates alone, and of the blend
    #: ``(k r + BLEND p) / (k + BLEND)`` of the ``k`` play-outs' rates ``r`` with the model's ``p``, and its ECE
    rollout_brier: float | None = None
    blend_brier: float | None = None
    blend_ece: float | None = None


#: How many play-outs the model's probability counts for in the blend of :func:`calibration`.
BLEND = 4


def brier(ps: Sequence[Sequence[float]], ys: Sequence[Sequence[float]]) -> float:
    total = 0.0
    count = 0
    for p, y in zip(ps, ys, strict=True):
        for a, b in zip(p, y, strict=True):
            total += (a - b) ** 2
            count += 1
    return total / max(1, count)


def reliability(ps: Sequence[Sequence[float]], ys: Sequence[Sequence[float]],
                bins: int = 10) -> tuple[float, tuple[tuple[float, float, int], ...]]:
    """The expected calibration error over ``bins`` equal-width bins of every (position, seat) probability,
    and per bin its mean probability, win rate and count."""
    sums = [[0.0, 0.0, 0] for _ in range(bins)]
    total = 0
    for p, y in zip(ps, ys, strict=True):
        for a, b in zip(p, y, strict=True):
            k = min(bins - 1, int(a * bins))
            sums[k][0] += a
            sums[k][1] += b
            sums[k][2] += 1
            total += 1
    ece = 0.0
    out = []
    for sp, sy, c in sums:
        n = int(c)
        if n:
            ece += n / total * abs(sp / n - sy / n)
            out.append((round(sp / n, 4), round(sy / n, 4), n))
        else:
            out.append((0.0, 0.0, 0))
    return ece, tuple(out)


def calibration(ruleset: str, players: int, games: int, seed: int, samples: int = 4, *, epsilon: int = EPSILON,
                rollouts: int = 0) -> Calibration:
    """Play ``games`` games from ``seed`` (:func:`positions`, ``epsilon`` per cent of random main moves), judge
    the stored model's probabilities (from the view of the seat to act) against the results, and fit the
    points-only baseline on the same positions.  ``rollouts``: also judge that many play-outs per position,
    alone and blended with the model."""
    data = positions(ruleset, players, games, seed, evaluate=True, samples=samples, epsilon=epsilon,
                     rollouts=rollouts)
    ps = [d.p for d in data]
    ys = [d.won for d in data]
    base = fit_conditional_logit([[(v,) for v in d.points] for d in data], ys)
    base_ps = [softmax([base[0] * v for v in d.points]) for d in data]
    ece, bins = reliability(ps, ys)
    cal = Calibration(len(data), len({d.game for d in data}), round(brier(ps, ys), 4), round(ece, 4),
                      round(brier(base_ps, ys), 4), bins)
    if not rollouts:
        return cal
    blend = [[(rollouts * r + BLEND * p) / (rollouts + BLEND) for r, p in zip(d.r, d.p, strict=True)] for d in data]
    return replace(cal, rollout_brier=round(brier([d.r for d in data], ys), 4), blend_brier=round(brier(blend, ys), 4),
                   blend_ece=round(reliability(blend, ys)[0], 4))


# -- how predictable the position games are -------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Floor:
    positions: int
    games: int
    continuations: int
    floor: float  # the Brier score of the positions' own win rates, which no model can beat (see noise_floor)
    model: float  # the stored model's Brier score on the same positions and results
    baseline_brier: float  # the points-only softmax's, fitted on the same positions and results


def spread(outs: Sequence[Sequence[float]]) -> float:
    """From ``k >= 2`` results of one position (per seat, as :func:`result`), an unbiased estimate of the Brier
    score of the position's true chances: the mean over the seats of the results' sample variance (``k / (k -
    1)`` times the mean of ``r (1 - r)`` when there is no shared win, ``r`` the seat's win rate)."""
    k = len(outs)
    n = len(outs[0])
    total = 0.0
    for i in range(n):
        r = sum(o[i] for o in outs) / k
        total += sum((o[i] - r) ** 2 for o in outs) / (k - 1)
    return total / n


def noise_floor(ruleset: str, players: int, games: int, seed: int, *, continuations: int = 4,
                every: int = 6, epsilon: int = EPSILON) -> Floor:
    """How well any model could do on the position games (:func:`_games`, the games ``--calibration`` plays).

    At one main-action position in ``every``, the game is played to its end ``continuations`` times with the
    same seating (every seat keeps its level), the cards the seat to act cannot see dealt again and fresh
    random moves and search seeds.  Those results are draws of the position's true win probability ``q`` *for
    a model that knows every seat's level*; no model can have a Brier score below ``mean q (1 - q)``, which
    ``floor`` estimates without bias (``k / (k - 1)`` times the mean of ``r (1 - r)`` over the seats, ``r`` the
    win rate over ``k`` continuations).  ``model`` is the stored model's (full state) and ``baseline_brier`` the
    points-only softmax's expected Brier score against the same continuations, so ``floor / baseline_brier``
    is the best ratio ``--calibration`` could show on such games."""
    points: list[tuple[float, ...]] = []
    outcomes: list[list[list[float]]] = []
    floor = model = 0.0
    seen: set[int] = set()
    for g, state, seat, _, seating, main, done in _games(ruleset, players, games, seed, every, epsilon):
        if seat is None:
            continue
        seen.add(g)
        outs = []
        for k in range(continuations):
            rng = Rng((seed + g) * 1_000_003 + main * 101 + k)
            s = state.copy()
            s.set_quiet()
            s.redeal(seat, rng)
            out = _play_out(s, seating, rng, (seed + g) * 10_000 + 5_000_000 * (k + 1) + done, epsilon)
            if out is not None:
                outs.append(out)
        if len(outs) < 2:
            continue
        floor += spread(outs)
        model += brier([probabilities(state)] * len(outs), outs)
        points.append(tuple(float(x) for x in state.scores()))
        outcomes.append(outs)
    count = len(points)
    base = fit_conditional_logit([[(v,) for v in pts] for pts, outs in zip(points, outcomes, strict=True)
                                  for _ in outs], [o for outs in outcomes for o in outs])
    baseline = 0.0
    for pts, outs in zip(points, outcomes, strict=True):
        baseline += brier([softmax([base[0] * v for v in pts])] * len(outs), outs)
    n = max(1, count)
    return Floor(count, len(seen), continuations, round(floor / n, 4), round(model / n, 4), round(baseline / n, 4))


# -- the players' form (:class:`engine.ai.winprob.Form`) -----------------------------------------------------
#: The priors (pseudo-moves of average form), powers and weights :func:`fit_form` chooses from.  A weight is given
#: by the shift it makes at a difference in form of 0.1 (a seat that found the better move in 0.2 more of its moves
#: than the other, before the prior): ``FORM_SHIFTS`` from 0 to 8 logits, so that every power spans the same range.
FORM_PRIORS = (4.0, 8.0, 16.0, 32.0)
FORM_POWERS = (2.0, 3.0, 4.0)
FORM_SHIFTS = tuple(k / 10 for k in range(81))
FORM_TOLERANCE = 0.01  # how much the form may raise the mix's ECE (about its noise over a few dozen games)


@dataclass(frozen=True, slots=True)
class ReviewedMove:
    seat: int
    before: tuple[float, ...]  # per seat, the review's chances between seats of average strength (no form)
    best: bool  # the move played was the review's better move
    judged: bool  # the mover had a choice


@dataclass(frozen=True, slots=True)
class ReviewedGame:
    game: int
    levels: tuple[str, ...]  # per seat
    moves: tuple[ReviewedMove, ...]
    won: tuple[float, ...]


def form_matchups(players: int) -> tuple[tuple[str, ...], ...]:
    """The unequal matchups :func:`fit_form` is fitted on: ``hard`` and ``medium`` (40 iterations a move) each
    against ``easy`` in every other seat."""
    return tuple((level, *["easy"] * (players - 1)) for level in ("hard@40", "medium@40"))


def bench_game(config: GameConfig, agents: Sequence[str], g: int, seed: int, max_actions: int = 5000) -> GameState:
    """Game ``g`` of a review bench, audit or form fit: seat ``i`` plays ``agents[(g + i) % len(agents)]``
    (``level@cap``: that many search iterations, 8 by default; no clock), stopped after ``max_actions``."""
    from engine.ai import choose

    state = new_game(config)
    done = 0
    while not state.is_over and done < max_actions:
        seat = state.to_act
        assert seat is not None
        level, _, cap = agents[(g + seat) % len(agents)].partition("@")
        state.apply_in_place(seat, choose(state.view_for(seat), level=level, seed=(seed + g) * 1000 + done,
                                          iterations=int(cap) if cap else 8))
        done += 1
    return state


def reviewed_games(ruleset: str, players: int, agents: Sequence[str] | None, games: int, seed: int,
                   progress: Callable[[int], None] | None = None) -> list[ReviewedGame]:
    """Games ``seed .. seed + games - 1`` reviewed without the form (``engine.ai.review(..., form=False)``, the
    review's seed ``seed + g``).  With ``agents`` (``level@cap``, one per seat, rotating from game to game as in
    ``--review-bench``) the games are the benches' (:func:`bench_game`); without, the position games'
    mix of levels (:func:`_games`, a level drawn per seat)."""
    from engine.ai.reviewing import review

    finished: list[tuple[int, GameState, tuple[str, ...]]] = []
    if agents:
        for g in range(games):
            state = bench_game(GameConfig(ruleset, players, seed + g), list(agents), g, seed)
            if state.is_over:
                finished.append((g, state, tuple(agents[(g + i) % len(agents)] for i in range(players))))
    else:
        for g, state, seat, _, _, _, _ in _games(ruleset, players, games, seed, every=1 << 30):
            if seat is None:
                finished.append((g, state, ()))
    out = []
    for g, state, levels in finished:
        rv = review(state.config, state.history(), seed=seed + g, form=False)
        moves = tuple(ReviewedMove(m.seat, m.before, m.best is not None and m.best == m.played[0], m.best is not None)
                      for m in rv.moves)
        out.append(ReviewedGame(g, levels, moves, tuple(result(state))))
        if progress is not None:
            progress(g)
    return out


def _with_evidence(game: ReviewedGame) -> Iterator[tuple[ReviewedMove, Evidence]]:
    """Each move of ``game`` with the evidence of the moves before it."""
    evidence = Evidence.empty(len(game.won))
    for m in game.moves:
        yield m, evidence
        if m.judged:
            evidence.add(m.seat, m.best)


def fit_form(unequal: Sequence[Sequence[ReviewedGame]],
             mix: Sequence[Sequence[ReviewedGame]] = ()) -> tuple[Form, float]:
    """The :class:`Form` whose worst calibration over the ``unequal`` groups (each unequal matchup's games) is the
    best: the smallest largest ECE (:func:`form_calibration`) over a grid of priors (:data:`FORM_PRIORS`), powers
    (:data:`FORM_POWERS`) and weights (:data:`FORM_SHIFTS`), among the forms that raise no ``mix`` group's ECE
    (the position games' mix, where the seats' strengths are close) by more than :data:`FORM_TOLERANCE`; a tie
    goes to the first in that order (so no shift at all rather than one that changes nothing).  And that ECE.

    Chosen so rather than by likelihood: the likelihood of all the games together follows ``hard`` against
    ``easy``, whose large differences in form say much, and overshoots where the strengths are close (the mix)."""
    plain = [form_calibration(games, None)[2] for games in mix]
    best: tuple[Form, float] | None = None
    for prior, power, shift in product(FORM_PRIORS, FORM_POWERS, FORM_SHIFTS):
        form = Form(prior, round(shift * 10.0 ** power, 6), power)
        if any(form_calibration(games, form)[2] > ece + FORM_TOLERANCE for games, ece in zip(mix, plain,
                                                                                               strict=True)):
            continue
        worst = max(form_calibration(games, form)[2] for games in unequal)
        if best is None or worst < best[1] - 1e-12:
            best = (form, worst)
    assert best is not None  # weight 0 changes nothing
    return best


def form_calibration(games: Sequence[ReviewedGame], form: Form | None) -> tuple[int, float, float,
                                                                              tuple[tuple[float, float, int], ...]]:
    """Every move's chances before it, as the review gives them with ``form`` (``None``: between seats of average
    strength), against the results: positions, Brier score, ECE and the reliability bins."""
    ps = [with_form(m.before, evidence, form) for game in games for m, evidence in _with_evidence(game)]
    ys = [game.won for game in games for _ in game.moves]
    ece, bins = reliability(ps, ys)
    return len(ps), round(brier(ps, ys), 4), round(ece, 4), bins


def mean_chances(game: ReviewedGame, form: Form | None) -> list[float]:
    """Per seat, its mean chance over the moves of ``game`` as the review gives them with ``form``."""
    total = [0.0] * len(game.won)
    for m, evidence in _with_evidence(game):
        for i, p in enumerate(with_form(m.before, evidence, form)):
            total[i] += p
    return [t / max(1, len(game.moves)) for t in total]
