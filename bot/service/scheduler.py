"""The per-game scheduler: plays the turns no person is asked for (the service's turn sources), as they fall due.

A commit after which such a turn may be due wakes the game (:meth:`TurnScheduler.wake`, called by the after-commit
listeners); :meth:`TurnScheduler.run` (started by ``run_background`` through ``run_computers``) then asks the turn
sources (:meth:`bot.service.hooks.ServiceHooks.next_turn`: a computer's move, then a plan's) for the game's next
move until none has one.  Games are played in parallel, each game's moves in order (one task per game at a time).
The store is scanned (:meth:`bot.service.hooks.ServiceHooks.scan`) at start and every ``rescan`` seconds: turns
pending when the bot stopped are played after a restart.  What a move is, and how it is posted, is not known here.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable

from bot.service.hooks import OnOutcome, ServiceHooks
from bot.service.types import Outcome

log = logging.getLogger(__name__)

#: Posts a move the scheduler played (through the ``on_outcome`` it was started with).
Post = Callable[[Outcome, OnOutcome], Awaitable[None]]


async def woken(wake: asyncio.Event, stop: asyncio.Event, *, timeout: float) -> None:
    """Wait until ``wake`` or ``stop`` is set, or ``timeout`` seconds (a background loop's sleep between rounds)."""
    waiters = [asyncio.ensure_future(wake.wait()), asyncio.ensure_future(stop.wait())]
    try:
        await asyncio.wait(waiters, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for w in waiters:
            w.cancel()


class TurnScheduler:
    """Games to look at (``due``), games being played (``driving``), the wake-up signal, and each game's last commit
    (``keep`` games remembered: a computer's move waits ``computer_delay`` after the move before it)."""

    def __init__(self, hooks: ServiceHooks, *, keep: int) -> None:
        self.hooks = hooks
        self.keep = keep
        self.due: set[int] = set()
        self.driving: set[int] = set()
        self.wakeup = asyncio.Event()
        self.last_commit: dict[int, float] = {}

    def wake(self, game_id: int) -> None:
        """Look at ``game_id`` soon: a turn source may have a move to play."""
        self.due.add(game_id)
        self.wakeup.set()

    def note_commit(self, outcome: Outcome) -> None:
        """After-commit listener: remember when the game last moved."""
        last = self.last_commit
        last[outcome.game_id] = time.monotonic()
        while len(last) > self.keep:
            last.pop(next(iter(last)))

    def since_commit(self, game_id: int) -> float:
        """Seconds since ``game_id`` last committed (large when not remembered)."""
        return time.monotonic() - self.last_commit.get(game_id, 0.0)

    def idle(self) -> bool:
        """No game is due or being played: nothing more is played until a commit or a scan wakes one."""
        return not self.due and not self.driving

    async def run(self, on_outcome: OnOutcome, *, stop: asyncio.Event, rescan: float, post: Post,
                  warm: Callable[[], Awaitable[None]]) -> None:
        """Play due turns until ``stop`` is set: ``warm`` first (a failure only logged), then scan, play, wait."""
        tasks: set[asyncio.Task[None]] = set()
        loop = asyncio.get_running_loop()
        next_scan = loop.time()
        try:
            try:
                await warm()
            except Exception:
                log.exception("computer players' workers did not start (they will be started on demand)")
            while not stop.is_set():
                if loop.time() >= next_scan:
                    try:
                        await self.hooks.scan(on_outcome)
                    except Exception:
                        log.exception("scan for computer turns failed")
                    next_scan = loop.time() + rescan
                self.wakeup.clear()
                for game_id in sorted(self.due - self.driving):
                    self.due.discard(game_id)
                    self.driving.add(game_id)
                    task = asyncio.create_task(self._drive(game_id, on_outcome, post), name=f"computer-{game_id}")
                    tasks.add(task)
                    task.add_done_callback(tasks.discard)
                await woken(self.wakeup, stop, timeout=max(0.0, next_scan - loop.time()))
        finally:
            for task in list(tasks):
                task.cancel()
            for task in list(tasks):
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    async def _drive(self, game_id: int, on_outcome: OnOutcome, post: Post) -> None:
        try:
            while True:
                self.due.discard(game_id)
                try:
                    outcome = await self.hooks.next_turn(game_id)
                except Exception:
                    log.exception("computer turn of game %s failed", game_id)
                    return
                if outcome is None:
                    return
                try:
                    await post(outcome, on_outcome)
                except Exception:
                    log.exception("posting the computer move of game %s failed", game_id)
        finally:
            self.driving.discard(game_id)
            if game_id in self.due:
                self.wakeup.set()


__all__ = ["Post", "TurnScheduler", "woken"]
