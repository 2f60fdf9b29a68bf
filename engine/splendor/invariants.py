"""Conservation checks of a Splendor state: a failure is a bug, never a player mistake."""

from __future__ import annotations

from engine.errors import InvariantViolation
from engine.splendor.state import EMPTY, SplendorState
from engine.splendor.tables import (
    BCOUNT,
    BONUS,
    GOLD_TOKENS,
    MAX_RESERVED,
    MAX_TOKENS,
    NOBLE_POINTS,
    POINTS,
    STRONGHOLDS,
    TOKENS_BY_PLAYERS,
)


def check_invariants(s: SplendorState) -> None:
    """Conservation and limits; raises InvariantViolation (a bug, never a player mistake)."""
    per = TOKENS_BY_PLAYERS[s.n]
    bank = s.bank
    t0, t1, t2, t3, t4, t5 = bank
    rows = s.rows
    seen: list[int] = s.discarded + rows[0] + rows[1] + rows[2]
    empties = seen.count(EMPTY)
    for deck in s.decks:
        seen += deck
    for deck in s.odecks:
        seen += deck
    bonus_of, count_of, points_of, noble_points = BONUS, BCOUNT, POINTS, NOBLE_POINTS
    nobles = s.nobles
    turn_done = s.pending is None and not s.steps
    for p in s.players:
        tok = p.tokens
        t0 += tok[0]
        t1 += tok[1]
        t2 += tok[2]
        t3 += tok[3]
        t4 += tok[4]
        t5 += tok[5]
        if min(tok) < 0:
            raise InvariantViolation("negative tokens")
        if turn_done and sum(tok) > MAX_TOKENS:
            raise InvariantViolation("more than 10 tokens after a turn (B-6)")
        if len(p.reserved) > MAX_RESERVED or len(p.blind) != len(p.reserved):
            raise InvariantViolation("more than 3 reserved cards (B-7)")
        cards = p.cards
        seen += cards
        seen += p.reserved
        # Recount bonuses and points from the tableau (plain loops: cheapest on CPython here).
        bonus = [0, 0, 0, 0, 0]
        points = 0
        joker = p.joker
        for c in cards:
            points += points_of[c]
            color = bonus_of[c]
            if color >= 0:
                bonus[color] += count_of[c]
            elif c in joker:
                bonus[joker[c]] += 1
        for pos in p.nobles:
            points += noble_points[nobles[pos]]
        if bonus != p.bonus or points != p.points:
            raise InvariantViolation("bonuses or points out of step with the tableau")
    if (t0, t1, t2, t3, t4, t5) != (per, per, per, per, per, GOLD_TOKENS) or min(bank) < 0:
        raise InvariantViolation(f"tokens not conserved: {(t0, t1, t2, t3, t4, t5)}")
    total_cards = s.rules.total_cards
    counted = len(seen) - empties
    distinct_set = set(seen)
    distinct_set.discard(EMPTY)
    distinct = len(distinct_set)
    if counted != total_cards or distinct != total_cards:
        raise InvariantViolation(f"cards not conserved: {counted} seen, {distinct} distinct")
    noble_at = s.noble_at
    held = 0
    for seat, p in enumerate(s.players):
        for pos in p.nobles:
            held += 1
            if noble_at[pos] != seat:
                raise InvariantViolation("noble owner out of step")
        for pos in p.rnobles:
            held += 1
            if noble_at[pos] != seat:
                raise InvariantViolation("noble owner out of step")
    if held + noble_at.count(EMPTY) != len(noble_at):
        raise InvariantViolation("nobles not conserved")
    if s.rules.strongholds:
        check_strongholds(s)


def check_strongholds(s: SplendorState) -> None:
    placed = [0] * s.n
    settled = not s.steps
    for owners, counts, row in zip(s.hown, s.hcnt, s.rows, strict=True):
        for owner, count, card in zip(owners, counts, row, strict=True):
            if count:
                if owner == EMPTY:
                    raise InvariantViolation("stronghold owner and count disagree")
                placed[owner] += count
                if settled and card == EMPTY:
                    raise InvariantViolation("stronghold on an empty slot")
            elif owner != EMPTY:
                raise InvariantViolation("stronghold owner and count disagree")
    for seat, p in enumerate(s.players):
        if placed[seat] + p.supply != STRONGHOLDS:
            raise InvariantViolation(f"strongholds of seat {seat} not conserved (S-1)")
