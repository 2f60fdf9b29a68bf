"""Turn clocks: reminders, expiries (skip or remove the player), and pausing/resuming them for vacations."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

import engine
from bot.service.bots import TAKEOVER_LEVEL
from bot.service.clock import deadline
from bot.service.computer import ComputerMixin, move_seed
from bot.service.core import LoadedGame
from bot.service.notify import note_for
from bot.service.play import MAX_AUTO_STEPS, Change
from bot.service.types import Outcome
from bot.store import ActionRow, TimerRow
from engine.core import Event

log = logging.getLogger(__name__)

#: Clocks read per page by the background loop (it pages on until none is left due).
TIMER_BATCH = 500


class TimersMixin(ComputerMixin):
    async def run_due_timers(self) -> list[Outcome]:
        """Fire what is due: vacations that ended, reminders, expired turn clocks (late after downtime, never lost).

        Returns the outcomes of expired turns (boards to refresh).
        """
        outcomes: list[Outcome] = []
        async for batch in self.due_timer_batches():
            outcomes.extend(batch)
        return outcomes

    #: Clocks per page (tests make it small).
    timer_batch = TIMER_BATCH

    async def due_timer_batches(self) -> AsyncIterator[list[Outcome]]:
        """:meth:`run_due_timers` a page of ``timer_batch`` clocks at a time, until every clock due now has fired.

        Pages go by game id, so a clock that cannot fire (its game failed to load) is not met again.
        """
        now = self._now()
        async with self.store.reading() as tx:
            back = await tx.users_back_from_vacation(now)
        for user in back:
            await self._end_vacation(user.user_id, resume_at=user.vacation_until or now)
        after, batch = 0, self.timer_batch
        while True:
            async with self.store.reading() as tx:
                due = await tx.due_timers(now, batch, after=after)
            outcomes: list[Outcome] = []
            for timer in due:
                try:
                    outcome = await self._fire(timer.game_id, now)
                except Exception:
                    log.exception("timer of game %s failed", timer.game_id)
                    continue
                if outcome is not None:
                    outcomes.append(outcome)
            yield outcomes
            if len(due) < batch:
                return
            after = due[-1].game_id

    async def _fire(self, game_id: int, now: datetime) -> Outcome | None:
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
            timer = g.timer
            if g.row.status != "active" or timer is None or timer.version != g.row.version:
                return None
            if timer.due_at is not None and timer.due_at <= now:
                return await self._expire(g, timer, now)
            if timer.remind_at is not None and timer.remind_at <= now:
                users = await self._user_rows([timer.user_id])
                params = {"deadline": None if timer.due_at is None else timer.due_at.isoformat()}
                note = note_for(users[timer.user_id], "reminder", g.row, now, params, version=g.row.version)
                new_timer = replace(timer, remind_at=None)
                self._forget(game_id)
                async with self.store.transaction() as tx:
                    await tx.set_timer(new_timer)
                    if note is not None:
                        await tx.add_notifications([note], now)
                g.timer = new_timer
                self._remember(g)
            return None

    async def _expire(self, g: LoadedGame, timer: TimerRow, now: datetime) -> Outcome:
        """The turn clock ran out: skip with minimal moves, or remove the player after N expiries."""
        state = g.state
        assert state is not None, "only a started game has a turn timer"
        seat = g.by_seat()[timer.seat]
        expiries = seat.expiries + 1
        seats = dict(g.seats)
        notes: list[tuple[int, str, dict[str, Any]]] = []
        rows: list[ActionRow] = []
        events: list[Event] = []
        if g.row.max_expiries and expiries >= g.row.max_expiries:
            seats[seat.user_id] = replace(seat, expiries=expiries, status="removed")
            notes.append((seat.user_id, "removed", {"expiries": expiries, "count": expiries}))
        else:
            # Policy "ai": a medium computer plays the turn from the seat's view; "skip": the minimal move.
            computer = g.row.timeout_policy == "ai"
            seats[seat.user_id] = replace(seat, expiries=expiries)
            steps = 0
            while not state.is_over and state.to_act == timer.seat and steps < MAX_AUTO_STEPS:
                steps += 1
                if computer:
                    action = await self._decide(state, timer.seat, TAKEOVER_LEVEL,
                                                move_seed(g.row.seed, state.version, timer.seat))
                else:
                    action = engine.default_action(state)
                tr = engine.apply(state, timer.seat, action)
                rows.append(ActionRow(g.row.game_id, state.version + 1, timer.seat, str(action), seat.user_id,
                                      "ai" if computer else "timeout", now))
                events.extend(tr.events)
                state = tr.state
            notes.append((seat.user_id, "taken_over" if computer else "skipped",
                          {"expiries": expiries, "max": g.row.max_expiries}))
        new = LoadedGame(g.row, seats, state, g.timer, g.takebacks)
        return await self._commit(Change(g, new, now, rows, tuple(events), changed_seats={seat.user_id}, notes=notes))

    async def _end_vacation(self, user_id: int, *, resume_at: datetime) -> None:
        """The user's vacation ends at ``resume_at``: their clocks run again from then."""
        user = replace((await self._user_rows([user_id]))[user_id], vacation_until=None, vacation_computer=False)
        async with self.store.transaction() as tx:
            await tx.save_user(user)
            await tx.cut_vacation(user_id, resume_at)
            timers = await tx.timers_for_user(user_id)
        self._cache_user(user)
        for t in timers:
            await self._retime(t.game_id, user_id, resume_at, pause=False)

    async def _retime(self, game_id: int, user_id: int, at: datetime, *, pause: bool) -> None:
        """Pause or resume one game's clock for a user (under the game's lock)."""
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
            timer = g.timer
            if timer is None or timer.user_id != user_id:
                return
            if pause and timer.due_at is not None:
                left = max(0.0, (timer.due_at - at).total_seconds())
                new = replace(timer, due_at=None, remind_at=None, paused_left_s=left)
            elif not pause and timer.due_at is None and timer.paused_left_s is not None:
                user = (await self._user_rows([user_id]))[user_id]
                due, remind = deadline(at, timedelta(seconds=timer.paused_left_s), user, self.settings.reminder_lead)
                new = replace(timer, due_at=due, remind_at=remind, paused_left_s=None)
            else:
                return
            self._forget(game_id)
            async with self.store.transaction() as tx:
                await tx.set_timer(new)
            g.timer = new
            self._remember(g)
