"""Fitting ``hard``'s look-ahead weights (:data:`engine.ai.heuristics.LOOK`) to who wins.

``TUNED`` was tuned for a one-ply player: it makes a greedy player win, which is not the same as telling
who is ahead.  A look-ahead needs the second: its leaves are positions, and a leaf's worth should predict
the result.  So ``LOOK``'s weights are a logistic regression of the game's winner on the worth's terms:

* **Positions.**  Two one-ply players (``TUNED`` and ``PLAIN``, seats alternating from game to game) play
  base games in which one move in ten is uniformly random, so that the positions are varied.  Every
  position where a player is to choose a main action is kept, with the game's winner.
* **Terms** (:func:`features`): each seat's worth is a sum of terms times weights
  (:func:`coefficients`), the same sum :func:`engine.ai.heuristics.splendor_worths` computes.  A test holds
  the two together.
* **Fit** (:func:`fit`): seat 0 wins with probability ``sigmoid(b . (terms of seat 0 - terms of seat 1)
  + c * [seat 0 to act] + d)``, by Newton's method with a small ridge; one game in five is held out to
  measure the fit (log loss) against ``TUNED``'s sum with only its scale fitted.
* **Weights** (:func:`weights_from`): ``b`` divided by the points' coefficient, so a point stays worth 1
  early in the game.  The noble exponent and a target card's bonus keep ``TUNED``'s values (they are not
  linear in the worth).

The command line is ``python -m engine.selfplay --fit-look GAMES`` (``docs/computer-players.md``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from engine import GameConfig, new_game
from engine.ai.heuristics import PLAIN, TUNED, Weights
from engine.ai.search import one_ply
from engine.ai.terms import TERMS, coefficients, features
from engine.rng import Rng
from engine.splendor.state import SplendorState

EPSILON = 10  # per cent of the moves of the position games that are uniformly random
MAX_ACTIONS = 400  # a position game still running after this many actions is dropped
HOLD_OUT = 5  # one game in HOLD_OUT is kept out of the fit to measure it
RIDGE = 1e-3
NEWTON_STEPS = 30


@dataclass(frozen=True, slots=True)
class Sample:
    game: int
    to_act: int  # the seat to choose its main action
    won0: float  # seat 0's result: 1 won, 0 lost, 0.5 shared
    terms: tuple[list[float], list[float]]  # seat 0's, seat 1's


def positions(games: int, seed: int) -> list[Sample]:
    """The positions of ``games`` two-player base games of one-ply play (:data:`EPSILON` per cent of the
    moves random), game ``g`` dealt with seed ``seed + g``; its random moves come from ``Rng(g * 7919 + 1)``,
    which does not depend on ``seed`` (``LOOK`` was fitted this way)."""
    out: list[Sample] = []
    for g in range(games):
        rng = Rng(g * 7919 + 1)
        state = new_game(GameConfig("base", 2, seed + g))
        assert isinstance(state, SplendorState)
        state.set_quiet()
        weights = (TUNED, PLAIN) if g % 2 == 0 else (PLAIN, TUNED)
        seen: list[tuple[int, list[list[float]]]] = []
        for _ in range(MAX_ACTIONS):
            if state.is_over:
                break
            seat = state.to_act
            assert seat is not None
            if state.pending_kind is None:
                seen.append((seat, features(state)))
            acts = state.legal_actions()
            if len(acts) == 1:
                pick = acts[0]
            elif rng.below(100) < EPSILON:
                pick = acts[rng.below(len(acts))]
            else:
                scores = one_ply(state, acts, seat, weights[seat])
                pick = acts[scores.index(max(scores))]
            state.apply_in_place(seat, pick)
        if not state.is_over:
            continue
        won = state.winners()
        won0 = 0.0 if 0 not in won else 1.0 / len(won)
        out += [Sample(g, seat, won0, (terms[0], terms[1])) for seat, terms in seen]
    return out


def design(samples: Sequence[Sample]) -> tuple[list[list[float]], list[float]]:
    """The regression's rows (the terms' differences, seat 0 to act, 1) and results."""
    rows = [[a - b for a, b in zip(*s.terms, strict=True)] + [1.0 if s.to_act == 0 else 0.0, 1.0] for s in samples]
    return rows, [s.won0 for s in samples]


def fit(rows: Sequence[Sequence[float]], ys: Sequence[float], *, ridge: float = RIDGE,
        steps: int = NEWTON_STEPS) -> list[float]:
    """Logistic regression by Newton's method.  The last column is the intercept and is always fitted; any
    other column that never varies gets coefficient 0."""
    k = len(rows[0])
    live = [j for j in range(k) if j == k - 1 or any(r[j] != rows[0][j] for r in rows)]
    xs = [[r[j] for j in live] for r in rows]
    m = len(live)
    beta = [0.0] * m
    for _ in range(steps):
        grad = [ridge * v for v in beta]
        hess = [[ridge if i == j else 0.0 for j in range(m)] for i in range(m)]
        for x, y in zip(xs, ys, strict=True):
            p = _sigmoid(sum(b * v for b, v in zip(beta, x, strict=True)))
            accumulate(grad, hess, p - y, p * (1.0 - p), x)
        beta, done = newton_update(beta, grad, hess, 1e-10)
        if done:
            break
    full = [0.0] * k
    for j, b in zip(live, beta, strict=True):
        full[j] = b
    return full


def accumulate(grad: list[float], hess: list[list[float]], e: float, w: float, x: Sequence[float]) -> None:
    """One observation's share of a Newton step: ``e * x`` to the gradient, ``w * x x'`` to the Hessian's
    lower triangle (:func:`newton_update` mirrors it)."""
    for i in range(len(x)):
        xi = x[i]
        if xi == 0.0:
            continue
        grad[i] += e * xi
        wi = w * xi
        row = hess[i]
        for j in range(i + 1):
            row[j] += wi * x[j]


def newton_update(beta: list[float], grad: list[float], hess: list[list[float]],
                  tolerance: float) -> tuple[list[float], bool]:
    """``beta`` after one Newton step (the Hessian's lower triangle mirrored first), and whether the step was
    below ``tolerance``."""
    m = len(beta)
    for i in range(m):
        for j in range(i):
            hess[j][i] = hess[i][j]
    step = _solve(hess, grad)
    return [b - d for b, d in zip(beta, step, strict=True)], max(abs(d) for d in step) < tolerance


def log_loss(rows: Sequence[Sequence[float]], ys: Sequence[float], beta: Sequence[float]) -> float:
    total = 0.0
    for x, y in zip(rows, ys, strict=True):
        p = min(1.0 - 1e-9, max(1e-9, _sigmoid(sum(b * v for b, v in zip(beta, x, strict=True)))))
        total -= y * math.log(p) + (1.0 - y) * math.log(1.0 - p)
    return total / len(rows)


def weights_from(beta: Sequence[float], base: Weights = TUNED) -> Weights:
    """Weights whose worth is ``beta``'s sum of :data:`TERMS` divided by the points' coefficient; the noble
    exponent, a target card's bonus and, where the positions never showed the term, the gold card's
    weight come from ``base``."""
    c = [v / beta[0] for v in beta[:len(TERMS)]]
    fade = -c[3] / c[2] if c[2] else 0.0
    gold_card = c[4] if c[4] else base[3]
    return (round(c[1], 4), round(c[2], 4), base[2], gold_card, round(c[5], 4), round(c[6], 4), round(c[7], 4),
            base[7], round(c[8], 4), round(-c[9], 4), round(c[10], 4), round(fade, 4), round(-c[11], 4))


@dataclass(frozen=True, slots=True)
class FitResult:
    weights: Weights
    positions: int
    log_loss: float  # held-out, the fitted weights
    log_loss_tuned: float  # held-out, TUNED's sum with its scale fitted


def fit_look(games: int, seed: int) -> FitResult:
    """Positions of ``games`` games, the fit on four games in five, the log loss on the fifth."""
    samples = positions(games, seed)
    train = [s for s in samples if s.game % HOLD_OUT]
    test = [s for s in samples if not s.game % HOLD_OUT]
    rows, ys = design(train)
    beta = fit(rows, ys)
    trows, tys = design(test)
    # TUNED's direction: one column (its worth's difference), with the same seat and constant columns
    coef = coefficients(TUNED)
    n = len(TERMS)

    def tuned(rs: list[list[float]]) -> list[list[float]]:
        return [[sum(c * v for c, v in zip(coef, r[:n], strict=True)), *r[n:]] for r in rs]

    beta_t = fit(tuned(rows), ys)
    return FitResult(weights_from(beta), len(samples), log_loss(trows, tys, beta),
                     log_loss(tuned(trows), tys, beta_t))


def _sigmoid(x: float) -> float:
    if x < -30.0:
        return 0.0
    if x > 30.0:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (``a`` is small and positive definite)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            if f:
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x
