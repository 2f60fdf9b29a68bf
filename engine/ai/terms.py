"""The terms of a Splendor seat's worth, as the computer players and the win chances read them.

:func:`features` gives each seat's terms (:data:`TERMS`); times :func:`coefficients` they sum to
:func:`engine.ai.heuristics.splendor_worths`.  The win-probability model (:mod:`engine.ai.winprob`) reads them at
run time; fitting their weights to who wins (:mod:`engine.ai.fitting`, :mod:`engine.ai.winprob_fit`) is a tool of
the self-play command that the bot never imports.
"""

from __future__ import annotations

from engine.ai.heuristics import NOBLE_AIM, TUNED, Weights
from engine.splendor.state import EMPTY, SplendorState
from engine.splendor.tables import BCOUNT, COST, POINTS

#: The worth's terms per seat, in :func:`features` order.
TERMS = ("points", "points_late", "bonus", "bonus_late", "gold_card", "token", "gold", "noble", "target",
         "reserved", "second_target", "full_hand")

def coefficients(weights: Weights) -> list[float]:
    """The coefficient of each of :data:`TERMS` in the worth with ``weights``."""
    late, bonus, _, gold_card, token, gold, noble, _, target, reserved, second, fade, full = weights
    return [1.0, late, bonus, -bonus * fade, gold_card, token, gold, noble, target, -reserved, second, -full]


def features(s: SplendorState, weights: Weights = TUNED) -> list[list[float]]:
    """Per seat, the terms of its worth (:data:`TERMS`): ``splendor_worths(s, weights)[i]`` is their sum
    times :func:`coefficients`.  ``weights`` gives what is not linear: the noble exponent and a card's value
    as a target (points counted more as the end nears, and its bonus)."""
    late_w, card_bonus, n_exp = weights[0], weights[2], weights[7]
    phase = max(p.points for p in s.players) / s.target
    late = 1.0 + late_w * phase

    def target(c: int) -> tuple[tuple[int, ...], float]:  # a card's cost and its value as a target
        return COST[c], POINTS[c] * late + card_bonus * BCOUNT[c]

    table = [target(c) for row in s.rows for c in row if c != EMPTY]
    on_table = [NOBLE_AIM[n] for pos, n in enumerate(s.nobles) if s.noble_at[pos] == EMPTY]
    out = []
    for p in s.players:
        b, t = p.bonus, p.tokens
        bonuses = sum(b[:5])
        colored = sum(t[:5])
        aims = on_table + [NOBLE_AIM[s.nobles[pos]] for pos in p.rnobles if s.noble_at[pos] != EMPTY]
        prog = 0.0
        for *req, total, pts in aims:
            have = sum(min(r, x) for r, x in zip(req, b[:5], strict=True))
            frac = have / total
            prog = max(prog, pts * (frac * frac if n_exp == 2.0 else frac ** n_exp))
        gold = t[5] + 2 * p.goldcards
        hand = [b[i] + t[i] for i in range(5)]
        best = second = 0.0
        for cost, value in table + [target(c) for c in p.reserved]:
            short = sum(c - h for c, h in zip(cost, hand, strict=True) if c > h) - gold
            gain = value / (1.0 + short) if short > 0 else value
            if gain > best:
                best, second = gain, best
            elif gain > second:
                second = gain
        out.append([float(p.points), p.points * phase, float(bonuses), bonuses * phase, float(p.goldcards),
                    float(min(colored, 10)), float(t[5]), prog, best, float(len(p.reserved)), second,
                    1.0 if colored + t[5] >= 10 else 0.0])
    return out
