"""User settings: language, notifications, quiet hours, display names and vacations; blocks and reliability; a
server's defaults for new games."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import replace
from datetime import timedelta

import engine
from bot.i18n import LANGS
from bot.service import errors as E
from bot.service.bots import is_bot
from bot.service.clock import overlap_days, zone
from bot.service.timers import TimersMixin
from bot.service.types import UserSettings, parse_clock
from bot.store import GuildDefaults, NotifyPref, Reliability, UserRow

#: Players one user may block at most.
MAX_BLOCKS = 50  # their mentions (at most ~23 characters each) fit in one message
#: The period a player's reliability counts (issue 33: the last 90 days).
RELIABILITY_DAYS = 90


class UsersMixin(TimersMixin):
    async def user_settings(self, user_id: int) -> UserSettings:
        user = (await self._user_rows([user_id]))[user_id]
        now = self._now()
        async with self.store.reading() as tx:
            spans = await tx.vacations_since(user_id, now - timedelta(days=365))
        used = math.ceil(overlap_days(spans, now - timedelta(days=365)))
        left = max(0, self.settings.vacation_days_per_year - used)
        quiet = None if user.quiet_start is None or user.quiet_end is None else (user.quiet_start, user.quiet_end)
        on_vacation = user.vacation_until if user.vacation_until and user.vacation_until > now else None
        return UserSettings(user_id, user.lang, user.notify, quiet, user.tz, on_vacation, left,
                            vacation_computer=on_vacation is not None and user.vacation_computer)

    async def _save_user(self, user: UserRow) -> None:
        async with self.store.transaction() as tx:
            await tx.save_user(user)
        self._cache_user(user)

    async def set_name(self, user_id: int, name: str) -> None:
        """Remember a user's display name (table images name players even after a restart)."""
        name = name.strip()[:64]
        user = (await self._user_rows([user_id]))[user_id]
        if name and user.name != name:
            await self._save_user(replace(user, name=name))

    async def known_names(self) -> dict[int, str]:
        """Every remembered display name, by user id."""
        async with self.store.reading() as tx:
            return await tx.known_names()

    async def set_language(self, user_id: int, lang: str | None) -> UserSettings:
        """Override the Discord locale (``en``/``es``/``pt``; ``None`` follows Discord)."""
        if lang is not None and lang not in LANGS:
            raise E.BadOption(name="language", value=lang)
        user = (await self._user_rows([user_id]))[user_id]
        await self._save_user(replace(user, lang=lang))
        return await self.user_settings(user_id)

    async def set_notify(self, user_id: int, notify: NotifyPref) -> UserSettings:
        """``mention`` in the game thread, ``dm``, or ``none``."""
        if notify not in ("mention", "dm", "none"):
            raise E.BadOption(name="notify", value=notify)
        user = (await self._user_rows([user_id]))[user_id]
        await self._save_user(replace(user, notify=notify))
        return await self.user_settings(user_id)

    async def set_quiet_hours(
        self, user_id: int, start: int | None, end: int | None, tz: str | None = None
    ) -> UserSettings:
        """Local hours ``[start, end)`` in ``tz`` (IANA name) when pings wait and the user's clock stops.

        Applies to turn clocks started afterwards.  ``start=None`` clears them.
        """
        if start is not None or end is not None:
            if start is None or end is None or not (0 <= start < 24 and 0 <= end < 24) or start == end:
                raise E.BadOption(name="quiet_hours", value=f"{start}-{end}")
            if (end - start) % 24 > self.settings.max_quiet_hours:
                raise E.BadOption(name="quiet_hours", value=f"{start}-{end}")
            if tz is not None and zone(tz).key != tz:
                raise E.BadOption(name="tz", value=tz)
        user = (await self._user_rows([user_id]))[user_id]
        await self._save_user(replace(user, quiet_start=start, quiet_end=end, tz=tz))
        return await self.user_settings(user_id)

    async def start_vacation(self, user_id: int, days: int, *, computer: bool = False) -> UserSettings:
        """Pause the user's turn clocks in all their games for ``days`` (bounded per vacation and per year).

        ``computer``: meanwhile a medium computer plays the user's turns (from their seat's view).
        """
        settings = await self.user_settings(user_id)
        if settings.vacation_until is not None:
            raise E.AlreadyOnVacation(until=settings.vacation_until.strftime("%Y-%m-%d %H:%M UTC"))
        if not 1 <= days <= min(self.settings.vacation_max_days, settings.vacation_days_left):
            raise E.VacationRefused(reason="days", max=self.settings.vacation_max_days,
                                    left=settings.vacation_days_left)
        now = self._now()
        until = now + timedelta(days=days)
        user = replace((await self._user_rows([user_id]))[user_id], vacation_until=until, vacation_computer=computer)
        async with self.store.transaction() as tx:
            await tx.save_user(user)
            await tx.add_vacation(user_id, now, until)
            timers = await tx.timers_for_user(user_id)
        self._cache_user(user)
        for t in timers:
            await self._retime(t.game_id, user_id, now, pause=True)
        if computer:
            await self.hooks.scan()  # the turns already waiting for the user are played now
        return await self.user_settings(user_id)

    async def end_vacation(self, user_id: int) -> UserSettings:
        """Come back early: the clocks run again from now (unused days stay in the bank)."""
        await self._end_vacation(user_id, resume_at=self._now())
        return await self.user_settings(user_id)

    # ------------------------------------------------------------------ blocks and reliability
    async def block(self, user_id: int, other_id: int) -> list[int]:
        """``user_id`` no longer plays with ``other_id``: the ladder queue never seats them together, and neither may
        join a lobby where the other sits (told only "not open to you").  Returns whom ``user_id`` blocks now."""
        if other_id == user_id or is_bot(other_id) or is_bot(user_id):
            raise E.CannotBlock()
        async with self.store.transaction() as tx:
            blocked = await tx.blocked_by(user_id)
            if other_id not in blocked:
                if len(blocked) >= MAX_BLOCKS:
                    raise E.TooManyBlocks(count=MAX_BLOCKS)
                await tx.add_block(user_id, other_id, self._now())
                blocked.append(other_id)
        return blocked

    async def unblock(self, user_id: int, other_id: int) -> list[int]:
        """Lift ``user_id``'s block of ``other_id`` (``NotBlocked`` if there was none); whom they block now."""
        async with self.store.transaction() as tx:
            if not await tx.remove_block(user_id, other_id):
                raise E.NotBlocked()
            return await tx.blocked_by(user_id)

    async def blocked(self, user_id: int) -> list[int]:
        """Whom ``user_id`` blocks, oldest first (only they see this list)."""
        async with self.store.reading() as tx:
            return await tx.blocked_by(user_id)

    async def reliability(self, user_ids: Iterable[int]) -> dict[int, Reliability]:
        """Each person's games finished, turns timed out and games abandoned over the last ``RELIABILITY_DAYS`` days
        (every id gets one; computers and newcomers all zeros)."""
        ids = [u for u in set(user_ids) if not is_bot(u)]
        since = self._now() - timedelta(days=RELIABILITY_DAYS)
        async with self.store.reading() as tx:
            found = await tx.reliability(ids, since) if ids else {}
        return {u: found.get(u, Reliability()) for u in user_ids}

    # ------------------------------------------------------------------ server defaults
    async def server_defaults(self, guild_id: int) -> GuildDefaults:
        """The server's defaults for ``/splendor new`` (unset fields: the bot's own defaults)."""
        async with self.store.reading() as tx:
            return await tx.guild_defaults(guild_id)

    async def set_server_defaults(self, defaults: GuildDefaults) -> GuildDefaults:
        """Save a server's defaults (``BadOption`` for a ruleset, timer, language or timeout policy that does not
        exist); the ruleset is stored by its canonical name."""
        ruleset = defaults.ruleset
        if ruleset is not None:
            try:
                ruleset = engine.find_ruleset(ruleset).name
            except engine.EngineError:
                raise E.BadOption(name="ruleset", value=ruleset) from None
        if defaults.turn_timer is not None:
            parse_clock(defaults.turn_timer)
        if defaults.lang is not None and defaults.lang not in LANGS:
            raise E.BadOption(name="language", value=defaults.lang)
        if defaults.timeout_policy not in (None, "skip", "ai"):
            raise E.BadOption(name="on_timeout", value=defaults.timeout_policy)
        saved = replace(defaults, ruleset=ruleset)
        async with self.store.transaction() as tx:
            await tx.save_guild_defaults(saved)
        return saved
