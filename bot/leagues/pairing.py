"""Round pairing for multiplayer tables, Swiss style (pure, deterministic for a seed).

How a round is paired (as Board Game Arena and multiplayer Magic/Catan events do it):

1. Members who opted out of the round get a bye (the only byes: see :func:`table_sizes`).
2. The others are sorted by standings (the order given; members the standings cannot
   tell apart, e.g. everyone in round 1, are ordered by the seed).
3. Tables are filled from the top: the leaders sit together at table 1 ("power pods").
4. Swaps between neighbouring tables then reduce repeat opponents: a swap is kept when it
   lowers the repeat cost (sum over tables of the squared number of earlier meetings of
   each pair), with the smaller standings disturbance breaking equal costs.  Only
   neighbouring tables exchange players, so the standings grouping holds.
5. Seats are rotated: at each table the member who sat first least often sits first
   (then second...), ties by standings.

Any group of 2 or more members splits into tables of the league's size and smaller ones
(4/3/2; 2-seat leagues use one 3-player table for an odd count).  Policy for byes: a
member who opted out of a round gets a bye (no points, no game); a lone member (only one
member did not opt out) cannot be seated and gets a bye too.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

PairKey = tuple[int, int]


def pair(a: int, b: int) -> PairKey:
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True, slots=True)
class Round:
    tables: tuple[tuple[int, ...], ...]  # seat order: first to play first
    byes: tuple[int, ...]


def table_sizes(n: int, size: int) -> list[int]:
    """Sizes of the tables for ``n`` players at tables of ``size`` (largest first; [] below 2)."""
    if n < 2:
        return []
    k = -(-n // size)
    if n // k < 2:
        k = n // 2
    base, extra = divmod(n, k)
    return [base + 1] * extra + [base] * (k - extra)


def _cost(table: Sequence[int], met: Mapping[PairKey, int]) -> int:
    return sum(met.get(pair(a, b), 0) ** 2 for a, b in combinations(table, 2))


def pair_round(
    standings: Sequence[int],
    size: int,
    *,
    met: Mapping[PairKey, int] | None = None,
    first_seats: Mapping[int, int] | None = None,
    opted_out: frozenset[int] | set[int] = frozenset(),
    ties: Sequence[tuple[int, ...]] | None = None,
    seed: int = 0,
    max_passes: int = 8,
) -> Round:
    """Pair one round (see the module docstring).

    ``standings``: member ids, best first.  ``met``: how often each pair already met.
    ``first_seats``: how often each member sat first.  ``ties``: groups of members the
    standings cannot separate (shuffled by ``seed`` inside their place).
    """
    if not 2 <= size <= 4:
        raise ValueError("tables seat 2 to 4 players")
    met = met or {}
    first_seats = first_seats or {}
    rng = random.Random(seed)
    order = [m for m in dict.fromkeys(standings) if m not in opted_out]
    if ties:
        position = {m: i for i, m in enumerate(order)}
        for group in ties:
            present = sorted((m for m in group if m in position), key=position.__getitem__)
            if len(present) > 1:
                slots = [position[m] for m in present]
                shuffled = list(present)
                rng.shuffle(shuffled)
                for slot, m in zip(slots, shuffled, strict=True):
                    order[slot] = m
    sizes = table_sizes(len(order), size)
    byes = [m for m in standings if m in opted_out]
    if not sizes:
        return Round((), tuple(dict.fromkeys([*byes, *order])))
    tables: list[list[int]] = []
    i = 0
    for s in sizes:
        tables.append(order[i:i + s])
        i += s
    rank = {m: n for n, m in enumerate(order)}
    for _ in range(max_passes):
        improved = False
        for t in range(len(tables) - 1):
            upper, lower = tables[t], tables[t + 1]
            best: tuple[int, int, int, int] | None = None  # (cost, disturbance, i, j)
            base = _cost(upper, met) + _cost(lower, met)
            if base == 0:
                continue
            for ui, a in enumerate(upper):
                for li, b in enumerate(lower):
                    nu = [*upper[:ui], b, *upper[ui + 1:]]
                    nl = [*lower[:li], a, *lower[li + 1:]]
                    cost = _cost(nu, met) + _cost(nl, met)
                    if cost < base:
                        key = (cost, abs(rank[a] - rank[b]), ui, li)
                        if best is None or key < best:
                            best = key
            if best is not None:
                _, _, ui, li = best
                upper[ui], lower[li] = lower[li], upper[ui]
                improved = True
        if not improved:
            break
    seated = tuple(
        tuple(sorted(table, key=lambda m: (first_seats.get(m, 0), rank[m]))) for table in tables
    )
    return Round(seated, tuple(byes))


def meetings(tables: Sequence[Sequence[int]]) -> dict[PairKey, int]:
    """How often each pair met in ``tables`` (earlier rounds' tables, or games)."""
    out: dict[PairKey, int] = {}
    for table in tables:
        for a, b in combinations(table, 2):
            k = pair(a, b)
            out[k] = out.get(k, 0) + 1
    return out
