"""Conservation checks of a Spectacle state: a failure is a bug, never a player mistake."""

from __future__ import annotations

from engine.errors import InvariantViolation
from engine.spectacle.actions import (
    GRID_REF,
    HAND_REF,
)
from engine.spectacle.cards import (
    GRID_SIZE,
    MASK_COUNT,
    N_CARDS,
)
from engine.spectacle.state import SpectacleState
from engine.spectacle.tables import CAP
from engine.spectacle.turn import NOBLE_DECISIONS, steps_under
from engine.spectacle.view import (
    MAX_CHIPS,
    MAX_RESERVED,
)

BIT = [1 << c for c in range(N_CARDS)] + [0]  # BIT[-1] == 0: an empty grid position

ALL_CARDS = (1 << N_CARDS) - 1
CHIP_W = (1, 1 << 10, 1 << 20, 1 << 30)  # chip index -> its packed count unit (check_invariants)
STACK_W: dict[tuple[int, ...], int] = {}  # a stack's packed chip counts (cache, only stacks of <= 4)


def check_invariants(state: SpectacleState) -> None:
    s = state
    n = s.n
    pending = s.pending
    kind = pending.kind if pending is not None else None
    cur = s.current if kind == "return" else -1
    # Chips: counts per value packed 10 bits apart (a count never reaches 1024).
    packed = 0
    for st in s.stacks:
        w = STACK_W.get(tuple(st))
        if w is None:
            if len(st) > CAP:
                raise InvariantViolation(f"a stack holds {len(st)} chips (P-3)")
            w = STACK_W[tuple(st)] = sum(map(CHIP_W.__getitem__, st))  # at most 341 stacks
        packed += w
    for p in range(n):
        c1, c2, c5, c10 = s.chips[p]
        if c1 + c2 + c5 + c10 > MAX_CHIPS and p != cur:
            raise InvariantViolation(f"seat {p} holds {c1 + c2 + c5 + c10} chips outside a return decision (P-6)")
        if c1 < 0 or c2 < 0 or c5 < 0 or c10 < 0:
            raise InvariantViolation(f"seat {p} holds a negative chip count")
        packed += c1 + (c2 << 10) + (c5 << 20) + (c10 << 30)
        if len(s.hand[p]) > MAX_RESERVED or len(s.hand[p]) != len(s.hand_blind[p]):
            raise InvariantViolation(f"seat {p} holds {len(s.hand[p])} reserved cards (P-4)")
    t0, t1, t2, t3 = s.transit
    packed += t0 + (t1 << 10) + (t2 << 20) + (t3 << 30)
    ct = s.chip_totals
    if packed != ct[0] + (ct[1] << 10) + (ct[2] << 20) + (ct[3] << 30):
        counts = [packed >> (10 * k) & 1023 for k in range(4)]
        raise InvariantViolation(f"chips not conserved: {counts} != {list(ct)}")
    # Cards: 40 placements whose bits add up to 2^40 - 1 are 40 distinct cards (a sum of
    # exactly 40 powers of two equals a number with 40 one-bits only if they are distinct).
    placed = [*s.grid, *s.deck, *s.discard, *s.box]
    for p in range(n):
        placed += s.hand[p]
        claims = s.claims[p]
        if claims:
            placed.extend(cl[0] for cl in claims)
    total = len(placed) - s.grid.count(-1)
    bits = sum(map(BIT.__getitem__, placed))
    for p in range(n):
        t0, t1, t2, t3 = s.tab[p]
        total += MASK_COUNT[t0] + MASK_COUNT[t1] + MASK_COUNT[t2] + MASK_COUNT[t3]
        bits += t0 + (t1 << 10) + (t2 << 20) + (t3 << 30)
    if total != N_CARDS or bits != ALL_CARDS:
        raise InvariantViolation(f"cards not conserved: {total} placed, bits {bits:#x}")
    if (kind == "place") != any(s.transit):
        raise InvariantViolation("paid chips in transit outside a place decision (P-5)")
    if pending is None:
        if s.steps:
            raise InvariantViolation(f"steps {s.steps} left with no decision pending (P-7b)")
    else:
        if s.over or pending.seat != s.current:
            raise InvariantViolation(f"a {kind} decision for seat {pending.seat} on seat {s.current}'s turn")
        noble = pending.data[0] if kind in NOBLE_DECISIONS else -1
        if s.steps != steps_under(pending.kind, noble):
            raise InvariantViolation(f"steps {s.steps} under a {kind} decision (P-7b)")
    if kind == "pay":
        assert pending is not None
        ref = pending.data[0]
        if ref < HAND_REF:
            if not GRID_REF <= ref < GRID_REF + GRID_SIZE or s.grid[ref - GRID_REF] < 0:
                raise InvariantViolation("the card being bought is not on the grid")
        elif not 0 <= ref - HAND_REF < len(s.hand[s.current]):
            raise InvariantViolation("the card being bought is not in hand")
    if kind == "noble" and pending is not None and len(pending.data) < 2:
        raise InvariantViolation("noble choice without several nobles")
    if kind in NOBLE_DECISIONS and pending is not None and pending.data[0] not in s.won[s.current]:
        raise InvariantViolation("noble decision without a noble being received")
    if s.over and s.end_reason is None:
        raise InvariantViolation("game over without an end trigger (P-9)")
    nobles = s.nobles[:]
    for won in s.won:
        nobles += won
    if len(set(nobles)) != len(nobles):
        raise InvariantViolation("a noble is in two places")
