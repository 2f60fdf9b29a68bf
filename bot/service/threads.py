"""Games whose thread the bot cannot post in (issue 34): locked, closed to the bot, or deleted.

* :meth:`ThreadsMixin.thread_unavailable` records it (``games.thread_state``): the game's clock is paused,
  computers wait, and its players and host are told once by direct message what to do (a moderator reopens the
  thread, or the host moves the game with ``/splendor move``).
* :meth:`ThreadsMixin.thread_available` undoes it once a post succeeds there again (the clock runs on).
* :meth:`ThreadsMixin.move_game` moves a game to a new thread (the host or a server manager).
* :meth:`ThreadsMixin.lost_games_due` lists games whose thread was deleted ``lost_thread_abort`` ago with no
  move: :meth:`abort_lost` aborts them without a result (league games are settled by the league instead).
"""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import datetime, timedelta

from bot.service import errors as E
from bot.service.bots import is_bot
from bot.service.clock import deadline
from bot.service.core import LoadedGame
from bot.service.lobby import LobbyMixin, check_host
from bot.service.notify import THREAD_KINDS
from bot.service.types import GameInfo
from bot.store import GameEnd, GameUpdate, NewNotification, ThreadState

log = logging.getLogger(__name__)


class ThreadsMixin(LobbyMixin):
    async def thread_unavailable(self, game_id: int, channel_id: int, state: ThreadState) -> bool:
        """The bot could not post in game ``game_id``'s thread ``channel_id`` (``blocked``: locked or no permission;
        ``lost``: deleted).  A live game is paused (clock stopped, computers wait) and its players and host are
        told once by direct message; True when this is news.  A thread the game has moved away from is ignored."""
        now = self._now()
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
            row = g.row
            if row.channel_id != channel_id or row.status not in ("lobby", "active"):
                return False
            news = row.thread_state != state and row.thread_state != "lost"  # a deleted thread does not come back
            timer = g.timer
            paused = None
            if timer is not None and timer.due_at is not None:  # (also a clock a move started while paused)
                left = max(0.0, (timer.due_at - now).total_seconds())
                paused = replace(timer, due_at=None, remind_at=None, paused_left_s=left)
            if not news and paused is None:
                return False
            notes = await self._thread_notes(g, state, now) if news else []
            self._forget(game_id)
            async with self.store.transaction() as tx:
                if news:
                    await tx.set_thread_state(game_id, state, now)
                if paused is not None:
                    await tx.set_timer(paused)
                await tx.add_notifications(notes, now)
        if not news:
            return False
        log.warning("game %s: its thread %s is %s; the game is paused", game_id, channel_id, state)
        return True

    async def _thread_notes(self, g: LoadedGame, state: ThreadState, now: datetime) -> list[NewNotification]:
        """The direct messages telling the game's players and host that it is paused, and what to do."""
        row = g.row
        people = sorted({*(uid for uid, s in g.seats.items() if s.status == "active"), row.creator_id})
        users = await self._user_rows(people)
        days = max(1, round(self.settings.lost_thread_abort.total_seconds() / 86400))
        return [
            NewNotification(user_id=uid, kind=f"thread_{state}", deliver_after=now, game_id=row.game_id,
                            channel_id=row.channel_id, params={"game_id": row.game_id, "count": days})
            for uid in people if not is_bot(uid) and users[uid].notify != "none"
        ]

    async def thread_available(self, game_id: int) -> bool:
        """A post in the game's thread worked again (a moderator reopened it): the clock runs on; True if it was
        paused for its thread."""
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
            if g.row.thread_state is None:
                return False
            await self._resume(g.row.game_id, None)
        return True

    async def move_game(self, game_id: int, user_id: int, channel_id: int, *, is_manager: bool = False) -> GameInfo:
        """Move a live game to the thread ``channel_id`` (its host or a server manager): the game goes on there
        (its clock runs again if its old thread had stopped it)."""
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
            check_host(g.row, user_id, is_manager=is_manager, action="move")
            if g.row.thread_state is None:
                raise E.ThreadWorks(game_id=game_id, thread=f"<#{g.row.channel_id}>")
            await self._resume(game_id, channel_id)
            return self._info(await self._load(game_id))

    async def _resume(self, game_id: int, channel_id: int | None) -> None:
        """Clear the thread problem (moving to ``channel_id`` if given) and run the clock again (under the lock)."""
        g = await self._load(game_id)
        now = self._now()
        timer = g.timer
        resumed = None
        if timer is not None and timer.due_at is None and timer.paused_left_s is not None:
            user = (await self._user_rows([timer.user_id]))[timer.user_id]
            if user.vacation_until is None or user.vacation_until <= now:  # a vacation keeps it paused
                due, remind = deadline(now, timedelta(seconds=timer.paused_left_s), user, self.settings.reminder_lead)
                resumed = replace(timer, due_at=due, remind_at=remind, paused_left_s=None)
        self._forget(game_id)
        async with self.store.transaction() as tx:
            await tx.set_thread_state(game_id, None, None, channel_id=channel_id)
            if resumed is not None:
                await tx.set_timer(resumed)

    async def lost_games_due(self) -> list[int]:
        """Live games whose thread was found deleted ``lost_thread_abort`` ago or more (nobody moved them)."""
        async with self.store.reading() as tx:
            return await tx.thread_troubles("lost", self._now() - self.settings.lost_thread_abort)

    async def blocked_games(self) -> list[int]:
        """Live games paused because their thread is locked or closed to the bot (to try again)."""
        async with self.store.reading() as tx:
            return await tx.thread_troubles("blocked", self._now())

    async def abort_lost(self, game_id: int) -> GameInfo | None:
        """Abort a game whose thread is gone, without a result; its players are told by direct message."""
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
            if g.row.thread_state != "lost" or g.row.status not in ("lobby", "active"):
                return None
            now = self._now()
            users = await self._user_rows({*g.seats, g.row.creator_id})
            notes = [NewNotification(user_id=uid, kind="thread_aborted", deliver_after=now, game_id=game_id,
                                     channel_id=g.row.channel_id, params={"game_id": game_id})
                     for uid in sorted({*g.seats, g.row.creator_id})
                     if not is_bot(uid) and users[uid].notify != "none"]
            self._forget(game_id)
            async with self.store.transaction() as tx:
                await tx.update_game(game_id, GameUpdate(end=GameEnd("aborted", "thread_lost", now)))
                await tx.clear_timer(game_id)
                await tx.add_notifications(notes, now)
            log.warning("game %s: aborted, its thread was deleted and nobody moved it", game_id)
            return self._info(await self._load(game_id))


__all__ = ["THREAD_KINDS", "ThreadsMixin"]
