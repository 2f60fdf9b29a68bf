"""Time arithmetic of turn clocks: quiet hours and vacation (pure functions)."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.store.records import TimerRow, UserRow


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
