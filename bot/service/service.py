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
* :mod:`bot.service.computer`, :mod:`bot.service.reviews`: computer players and game reviews
* :mod:`bot.service.pools`: the worker processes they think and review in
* :mod:`bot.service.scheduler`: the per-game scheduler of the turns no person is asked for
* :mod:`bot.service.hooks`: the hooks, wired below in :meth:`GameService.__init__` (the one place: what happens
  after a move, and in which order)

The parts are mixins over :class:`bot.service.core.ServiceCore` for the public API only: no method is defined in two
of them (a test walks the MRO), so nothing is chained through ``super()``; what runs after a commit is the list
registered in ``__init__``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from bot.service.core import Clock
from bot.service.notify import NotifyMixin
from bot.service.plans import PlansMixin
from bot.service.reviews import ReviewMixin
from bot.service.scheduler import TurnScheduler
from bot.service.threads import ThreadsMixin
from bot.service.types import Delivery, Outcome, SendFailure, ServiceSettings
from bot.service.undo import UndoMixin
from bot.service.users import UsersMixin
from bot.store import GameStore

log = logging.getLogger(__name__)


class GameService(ThreadsMixin, PlansMixin, UsersMixin, ReviewMixin, NotifyMixin, UndoMixin):
    """The Discord-independent core between the commands and the engine (see :mod:`bot.service`).

    ``GameService(store, clock, settings)`` takes any :class:`bot.store.GameStore`.
    """

    def __init__(self, store: GameStore, clock: Clock, settings: ServiceSettings | None = None, *,
                 seed_source: Callable[[], int] | None = None) -> None:
        super().__init__(store, clock, settings, seed_source=seed_source)
        hooks = self.hooks
        self.scheduler = TurnScheduler(hooks, keep=self.settings.cache_size)
        self.computer_fallbacks: dict[str, int] = {}
        # ---- The service's hooks: every one is registered here, and they run in the order written. ----
        # After every commit of a running game (the move is durable; a listener that raises is logged and counted,
        # the others still run, and the player's move stands):
        hooks.after_commit("pacing", self.scheduler.note_commit)  # when the game last moved (computer_delay)
        hooks.after_commit("computers", self._wake_computer_to_act)  # a computer plays next: wake the scheduler
        hooks.after_commit("reviews", self._queue_finished_review)  # the game is over: wake the reviews' loop
        hooks.after_commit("plans", self._wake_planned)  # someone may have a plan here: wake the scheduler
        hooks.after_commit("watchers", self.feed.changed)  # pages following the game live (take-backs tell it too)
        # Who plays a turn no person is asked for: the scheduler asks each in turn, the first to play wins.
        hooks.turn_source("computer", self.computer_turn)  # a computer seat, a vacation or a removed seat's
        hooks.turn_source("plan", self.plan_turn)  # the first plan of the player to act that holds
        # The scheduler's scans (at start, every rescan, when a vacation hands turns to a computer), in order:
        hooks.periodic_scan("computers", self._scan_computer_turns)  # unposted boards first, then computers to act
        hooks.periodic_scan("plans", self._scan_plans)  # games with plans left by a restart
        # When the service closes (close_computers):
        hooks.closer("thinker", self._close_thinker)  # the computer players' worker processes
        hooks.closer("reviewer", self._close_reviewer)  # the reviews' worker process
        hooks.seal()  # nothing registers a hook anywhere else

    def close_computers(self) -> None:
        """Stop the worker processes (the bot calls this when it closes): every closer, in order."""
        self.hooks.close()

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
