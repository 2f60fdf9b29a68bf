"""The game service facade: one :class:`GameService` made of its parts (see :mod:`bot.service`).

* :mod:`bot.service.core`: caches, loading (snapshot + log), lookups, ``verify``
* :mod:`bot.service.play`: ``play`` and ``_commit``, the one writer of a running game
* :mod:`bot.service.lobby`: create, join, leave, start, abort, resign
* :mod:`bot.service.threads`: games whose thread the bot cannot post in (paused, moved, aborted)
* :mod:`bot.service.timers`: reminders, expiries, clocks paused for vacations
* :mod:`bot.service.users`: user settings and vacations
* :mod:`bot.service.notify`: outbox items and digest deliveries
* :mod:`bot.service.undo`: taking back a misclick (ruling B-16)
* :mod:`bot.service.plans`: moves queued for a player's next turn (issue 33)
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from bot.service.notify import NotifyMixin
from bot.service.plans import PlansMixin
from bot.service.reviews import ReviewMixin
from bot.service.threads import ThreadsMixin
from bot.service.types import Delivery, Outcome, SendFailure
from bot.service.undo import UndoMixin
from bot.service.users import UsersMixin

log = logging.getLogger(__name__)


class GameService(ThreadsMixin, PlansMixin, UsersMixin, ReviewMixin, NotifyMixin, UndoMixin):
    """The Discord-independent core between the commands and the engine (see :mod:`bot.service`).

    ``GameService(store, clock, settings)`` takes any :class:`bot.store.GameStore`.
    """

    async def run_background(
        self,
        deliver: Callable[[Delivery], Awaitable[bool | SendFailure]] | None = None,
        *,
        on_outcome: Callable[[Outcome], Awaitable[None]] | None = None,
        interval: float = 30.0,
        stop: asyncio.Event | None = None,
        on_round: Callable[[], Awaitable[None]] | None = None,
        on_graph: Callable[[int], Awaitable[bool]] | None = None,
    ) -> None:
        """The loop the bot starts once: timers, then deliveries (``deliver`` returns True once sent, else
        False or a :class:`SendFailure`: tried again later, see :meth:`delivery_failed`),
        then pruning the outbox, then ``on_round`` (the bot: games whose thread it cannot post in);
        then it sleeps ``interval``.  Beside it run the computer players' turns
        (:meth:`run_computers`, outcomes to ``on_outcome`` too) and the finished games' reviews
        (:meth:`run_reviews`, each finished game's graph to ``on_graph``).

        Each round drains what is due (page after page, until a page comes back short), so the
        work done keeps up with any load and a backlog after downtime is cleared in one round.
        The first round runs at once, so timers that fell due while the bot was down fire at start-up.
        """
        stop = stop or asyncio.Event()
        # Commits wake the computers; the store is re-scanned only as a safety net (at least every 30 s).
        computers = asyncio.create_task(self.run_computers(on_outcome, stop=stop, rescan=max(interval, 30.0)),
                                        name="splendor-computers")
        reviews = asyncio.create_task(self.run_reviews(on_graph, stop=stop, rescan=max(interval, 60.0)),
                                      name="splendor-reviews")
        try:
            await self._background_rounds(deliver, on_outcome, interval, stop, on_round)
        finally:
            for task in (computers, reviews):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    async def _background_rounds(
        self,
        deliver: Callable[[Delivery], Awaitable[bool | SendFailure]] | None,
        on_outcome: Callable[[Outcome], Awaitable[None]] | None,
        interval: float,
        stop: asyncio.Event,
        on_round: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        while not stop.is_set():
            try:
                await self.background_round(deliver, on_outcome=on_outcome)
                if on_round is not None:
                    await on_round()
            except Exception:
                log.exception("background round failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), timeout=interval)

    async def background_round(
        self,
        deliver: Callable[[Delivery], Awaitable[bool | SendFailure]] | None = None,
        *,
        on_outcome: Callable[[Outcome], Awaitable[None]] | None = None,
    ) -> None:
        """One round of :meth:`run_background`: every due clock, every due delivery, then the outbox pruned."""
        async for outcomes in self.due_timer_batches():
            if on_outcome is not None:
                for outcome in outcomes:
                    await on_outcome(outcome)
        if deliver is not None:
            async for deliveries in self.delivery_batches():
                for delivery in deliveries:
                    sent = await deliver(delivery)
                    if sent is True:
                        await self.mark_delivered(delivery)
                    else:
                        await self.delivery_failed(delivery, sent or SendFailure("refused"))
        await self.prune_outbox()
