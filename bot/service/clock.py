"""Time arithmetic of turn clocks: quiet hours, vacation and time banks (pure functions)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.store.records import GameRow, SeatRow, TimerRow, UserRow


def zone(name: str | None) -> ZoneInfo:
    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def quiet_window(at: datetime, user: UserRow) -> tuple[datetime, datetime] | None:
    """The user's quiet window containing ``at``, or the next one starting after it (UTC)."""
    if user.quiet_start is None or user.quiet_end is None or user.quiet_start == user.quiet_end:
        return None
    tz = zone(user.tz)
    local = at.astimezone(tz)
    best: tuple[datetime, datetime] | None = None
    for offset in (-1, 0, 1):
        day = local.date() + timedelta(days=offset)
        start = datetime.combine(day, time(user.quiet_start), tzinfo=tz)
        end_day = day + timedelta(days=1 if user.quiet_end <= user.quiet_start else 0)
        end = datetime.combine(end_day, time(user.quiet_end), tzinfo=tz)
        s, e = start.astimezone(UTC), end.astimezone(UTC)
        if e > at and (best is None or s < best[0]):
            best = (s, e)
    return best


def quiet_until(at: datetime, user: UserRow) -> datetime:
    """``at`` if the user is not in quiet hours then, else when their quiet hours end."""
    window = quiet_window(at, user)
    if window is not None and window[0] <= at < window[1]:
        return window[1]
    return at


def add_active_time(start: datetime, span: timedelta, user: UserRow) -> datetime:
    """The moment ``span`` of the user's clock has run from ``start``; the clock stops in quiet hours."""
    at = start
    left = span
    for _ in range(1000):
        window = quiet_window(at, user)
        if window is None:
            return at + left
        q_start, q_end = window
        if q_start <= at:
            at = q_end
            continue
        room = q_start - at
        if left <= room:
            return at + left
        left -= room
        at = q_end
    return at + left


def active_between(start: datetime, end: datetime, user: UserRow) -> float:
    """Seconds of the user's clock from ``start`` to ``end`` (quiet hours do not count)."""
    total, at = 0.0, start
    for _ in range(1000):
        if at >= end:
            break
        window = quiet_window(at, user)
        if window is None or window[0] >= end:
            total += (end - at).total_seconds()
            break
        if window[0] > at:
            total += (window[0] - at).total_seconds()
        at = window[1]
    return total


def time_left(timer: TimerRow, now: datetime, user: UserRow) -> float:
    """Seconds left on a running turn clock at ``now`` (a paused one: what it kept; quiet hours to come do not
    count, as they will not run it down)."""
    if timer.due_at is None:
        return timer.paused_left_s or 0.0
    return active_between(now, timer.due_at, user)


def spend_bank(row: GameRow, seat: SeatRow, timer: TimerRow, now: datetime, user: UserRow) -> SeatRow:
    """The seat's time bank once its turn, timed by ``timer``, ends at ``now``: what is left plus the increment, at
    most the initial bank (a clock that ran out leaves the increment alone).  What was left is kept for a
    take-back of the move (ruling B-17)."""
    assert row.bank_initial_s is not None
    left = time_left(timer, now, user)
    return replace(seat, bank_left_s=min(float(row.bank_initial_s), left + (row.bank_increment_s or 0)),
                   bank_undo_s=left)


def turn_span(row: GameRow, seat: SeatRow) -> int | None:
    """Seconds on the clock of the seat's turn starting now: the game's turn timer, or the seat's time bank
    (``None``: the game has no clock)."""
    if row.bank_initial_s is None:
        return row.turn_timer_s
    return max(0, int(row.bank_initial_s if seat.bank_left_s is None else seat.bank_left_s))


def overlap_days(spans: list[tuple[datetime, datetime]], since: datetime) -> float:
    """Days of ``spans`` after ``since``."""
    total = 0.0
    for start, end in spans:
        start = max(start, since)
        if end > start:
            total += (end - start).total_seconds() / 86400
    return total


def deadline(
    start: datetime, span: timedelta, user: UserRow, reminder_lead: timedelta
) -> tuple[datetime, datetime | None]:
    """When a turn clock of ``span`` started at ``start`` runs out, and when to remind (``None``: too short)."""
    due = add_active_time(start, span, user)
    remind = due - min(reminder_lead, span / 2)
    return due, (remind if remind > start else None)


def new_timer(game_id: int, version: int, seat: int, user: UserRow, now: datetime, span_s: int,
              reminder_lead: timedelta) -> TimerRow:
    """The clock of a turn starting now (paused with its whole span while the user is on vacation)."""
    if user.vacation_until is not None and user.vacation_until > now:
        return TimerRow(game_id, version, seat, user.user_id, now, None, None, float(span_s))
    due, remind = deadline(now, timedelta(seconds=span_s), user, reminder_lead)
    return TimerRow(game_id, version, seat, user.user_id, now, due, remind)
