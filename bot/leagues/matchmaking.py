"""Ladder matchmaking: who among the waiting members sits at a table now (pure, deterministic).

The oldest waiting member anchors a table and takes the members closest to their
rating inside the anchor's rating window, which widens the longer the anchor waits
(asynchronous leagues wait hours, not seconds).  Immediate rematches are avoided: two
members who were at the same table in either one's last game are not seated together
again until the anchor has waited ``rematch_after``.  Two members one of whom blocked the other are never seated
together, however long they wait.  A member who has waited ``smaller_after`` (if the league
allows it) may be seated at a smaller table (down to 2) when no full table forms.
Nobody is seated twice: every match removes its members from the pool.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta


@dataclass(frozen=True, slots=True)
class Waiting:
    user_id: int
    rating: int  # display rating
    since: datetime


@dataclass(frozen=True, slots=True)
class QueuePolicy:
    base_window: int = 100  # display points
    widen_per_hour: int = 50
    max_window: int = 1000
    smaller_after: timedelta | None = None  # None: never seat at a smaller table
    rematch_after: timedelta = timedelta(hours=2)  # waited this long: an immediate rematch is accepted


def window(waited: timedelta, policy: QueuePolicy) -> float:
    hours = max(0.0, waited.total_seconds() / 3600)
    return min(float(policy.max_window), policy.base_window + policy.widen_per_hour * hours)


def match(
    queue: Sequence[Waiting],
    size: int,
    now: datetime,
    policy: QueuePolicy = QueuePolicy(),
    last_opponents: Mapping[int, frozenset[int]] | None = None,
    blocks: Collection[frozenset[int]] = (),
) -> list[tuple[int, ...]]:
    """Tables to open now from ``queue`` (each a tuple of user ids, oldest waiter first); ``blocks``: pairs of
    members never seated together."""
    last = last_opponents or {}
    pool = sorted(dict((w.user_id, w) for w in queue).values(), key=lambda w: (w.since, w.user_id))
    tables: list[tuple[int, ...]] = []
    taken: set[int] = set()

    def rematch(a: int, b: int) -> bool:
        return b in last.get(a, frozenset()) or a in last.get(b, frozenset())

    for anchor in pool:
        if anchor.user_id in taken:
            continue
        reach = window(now - anchor.since, policy)
        candidates = sorted(
            (w for w in pool if w.user_id not in taken and w.user_id != anchor.user_id
             and abs(w.rating - anchor.rating) <= reach and frozenset((anchor.user_id, w.user_id)) not in blocks),
            key=lambda w: (abs(w.rating - anchor.rating), w.since, w.user_id),
        )
        waited = now - anchor.since
        may_shrink = policy.smaller_after is not None and waited >= policy.smaller_after
        for want in range(size, 1 if may_shrink else size - 1, -1):
            chosen = _pick(anchor, candidates, want, rematch, waited >= policy.rematch_after, blocks)
            if chosen is not None:
                table = (anchor.user_id, *(w.user_id for w in chosen))
                tables.append(table)
                taken.update(table)
                break
    return tables


def _pick(
    anchor: Waiting, candidates: Sequence[Waiting], want: int, rematch: Callable[[int, int], bool], allow: bool,
    blocks: Collection[frozenset[int]] = (),
) -> list[Waiting] | None:
    """``want - 1`` candidates for ``anchor``'s table: fresh opponents first, rematches only if ``allow``; never two
    members of a blocked pair (the anchor's own blocks are out of ``candidates`` already)."""
    chosen: list[Waiting] = []

    def apart(w: Waiting) -> bool:
        return any(frozenset((w.user_id, c.user_id)) in blocks for c in chosen)

    for w in candidates:  # closest first, avoiding rematches with anyone chosen so far
        if len(chosen) == want - 1:
            break
        if not apart(w) and not any(rematch(w.user_id, c) for c in (anchor.user_id, *(x.user_id for x in chosen))):
            chosen.append(w)
    if len(chosen) < want - 1 and allow:
        for w in candidates:  # not enough fresh opponents: fill with the closest remaining ones
            if len(chosen) == want - 1:
                break
            if w not in chosen and not apart(w):
                chosen.append(w)
    return chosen if len(chosen) == want - 1 else None
