"""Tuning the Splendor worth's weights (:data:`engine.ai.heuristics.TUNED`) by greedy self-play.

Two one-ply players, each weighing positions with its own weights, play the same deals twice with the
seats swapped, so a deal that favours one seat favours both weightings once.  The tuner is a hill climb:
each round perturbs one to three weights of the best so far (a Gaussian step of each weight's scale,
:data:`STEPS`), plays the candidate against the best on fresh deals, and keeps it when it wins more than
:data:`ACCEPT` of the games.  The command line is ``python -m engine.selfplay --tune ROUNDS`` and
``--weights-match`` (``docs/computer-players.md``).

The players here read the full state (both are the tuner's own players, and neither is a computer
player of the product): a determinization would only add noise to the comparison.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine import GameConfig, new_game
from engine.ai.heuristics import Weights, splendor_worths
from engine.ai.search import finish_turn
from engine.core import Action
from engine.rng import Rng
from engine.splendor.state import SplendorState

#: The names of the weights, in :data:`engine.ai.heuristics.Weights` order.
NAMES = ("late", "bonus", "card_bonus", "gold_card", "token", "gold", "noble", "noble_exp", "target",
         "reserved", "second_target", "bonus_fade", "full_hand")
#: The scale of a step of each weight; 0 for the Orient gold card's, which base games never exercise (a
#: change there could only be kept by chance).
STEPS = (0.5, 0.12, 0.12, 0.0, 0.04, 0.08, 0.2, 0.5, 0.1, 0.08, 0.06, 0.3, 0.1)
ACCEPT = 0.53  # a candidate's share of the games needed to replace the best so far
MAX_ACTIONS = 400  # a tuning game still running after this many actions counts as nobody's win


def greedy_move(state: SplendorState, seat: int, weights: Weights) -> Action:
    """The action after which ``seat``'s worth leads its best opponent's by the most (a win first)."""
    acts = list(state.legal_actions())
    if len(acts) == 1:
        return acts[0]
    best, pick = -math.inf, acts[0]
    for a in acts:
        after = state.copy()
        after.apply_in_place(seat, a)
        finish_turn(after, seat)
        if after.is_over:
            v = 1e6 if seat in after.winners() else -1e6
        else:
            w = splendor_worths(after, weights)
            v = w[seat] - max(x for i, x in enumerate(w) if i != seat)
        if v > best:
            best, pick = v, a
    return pick


def duel(a: Weights, b: Weights, seeds: Sequence[int], ruleset: str = "base") -> float:
    """The games ``a`` wins against ``b`` (a shared win counts half), two players, each seed dealt twice
    with the seats swapped."""
    won = 0.0
    for seed in seeds:
        for a_seat in (0, 1):
            state = new_game(GameConfig(ruleset, 2, seed))
            assert isinstance(state, SplendorState)
            state.set_quiet()
            weights = (a, b) if a_seat == 0 else (b, a)
            for _ in range(MAX_ACTIONS):
                if state.is_over:
                    break
                seat = state.to_act
                assert seat is not None
                state.apply_in_place(seat, greedy_move(state, seat, weights[seat]))
            if state.is_over and a_seat in state.winners():
                won += 1.0 / len(state.winners())
    return won


def perturb(weights: Weights, rng: Rng) -> tuple[Weights, list[str]]:
    """A candidate: one to three weights moved by a Gaussian step of their scale (none below zero, none
    whose scale is 0)."""
    out = list(weights)
    movable = [k for k in range(len(NAMES)) if STEPS[k] > 0.0]
    picked: list[int] = []
    count = 1 + rng.below(3)
    while len(picked) < count:
        k = movable[rng.below(len(movable))]
        if k not in picked:
            picked.append(k)
    for k in picked:
        out[k] = round(max(0.0, out[k] + STEPS[k] * gauss(rng)), 3)
    return as_weights(out), [NAMES[k] for k in picked]


def gauss(rng: Rng) -> float:
    """A standard normal draw (Box-Muller) from the seeded generator."""
    u = (rng.below(1 << 30) + 1) / float((1 << 30) + 1)
    v = rng.below(1 << 30) / float(1 << 30)
    return math.sqrt(-2.0 * math.log(u)) * math.cos(2.0 * math.pi * v)


def as_weights(values: Sequence[float]) -> Weights:
    if len(values) != len(NAMES):
        raise ValueError(f"{len(NAMES)} weights expected ({', '.join(NAMES)}), got {len(values)}")
    w = tuple(float(x) for x in values)
    return (w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7], w[8], w[9], w[10], w[11], w[12])
