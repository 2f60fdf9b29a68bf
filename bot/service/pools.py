"""The process pools the service thinks and reviews in: the computer players' workers and the reviews' worker.

* :class:`PoolThinker` runs :func:`bot.computer_worker.think` (a computer's move from its seat's view) in
  ``computer_workers`` processes; :class:`ThreadThinker` in a thread (``computer_workers = 0``: tests, tools).
* :class:`PoolReviewer` runs :func:`bot.computer_worker.review_game` in one process of its own at the lowest CPU
  priority; :class:`ThreadReviewer` in a daemon thread (``review_in_process``: tests).
* :func:`worker_pool` / :func:`stop_pool` start and stop either kind of pool (forkserver, never fork).

Nothing here knows a game or the store: the service owns one thinker and one reviewer
(:mod:`bot.service.computer`, :mod:`bot.service.reviews`) and closes them through its closers
(:mod:`bot.service.service`).
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Protocol, TypeVar

from bot.computer_worker import lower_priority, ready, review_game, think
from engine import GameConfig
from engine.core import TableView

T = TypeVar("T")

REVIEW_TIMEOUT = 900.0  # seconds a review may take in its worker before the worker is replaced


class Thinker(Protocol):
    """Runs :func:`think` off the event loop; raises on a crash or when ``budget + grace`` runs out."""

    async def think(self, view: TableView, *, level: str, seed: int, budget: float) -> str: ...

    async def warm(self) -> None:
        """Get ready to think (start worker processes) before the first move needs it."""
        ...

    def close(self) -> None: ...


class PoolThinker:
    """Thinks in worker processes (``workers`` searches at once; more wait their turn, unclocked).

    The agent honours its own deadline (the budget), so a search normally ends in time.  One that overruns
    its budget by ``grace`` seconds is abandoned: that game falls back to a legal move, while its worker is
    left to finish (it keeps its slot meanwhile) and other games' searches in the pool go on untouched.
    Only a worker still busy ``grace`` seconds later (truly stuck), or a worker that died (the pool is
    then broken anyway), makes the pool start afresh: its processes are terminated, and searches of other
    games running in it at that moment fail too and fall back.
    """

    def __init__(self, workers: int = 1, grace: float = 5.0,
                 target: Callable[[TableView, str, int, float], str] = think) -> None:
        self.workers = max(1, workers)
        self.grace = grace
        self.target = target  # a module-level function (it is pickled by name to the workers)
        self._pool: ProcessPoolExecutor | None = None
        self._slots: asyncio.Semaphore | None = None
        self._reapers: set[asyncio.Task[None]] = set()

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = worker_pool(self.workers)
        return self._pool

    async def think(self, view: TableView, *, level: str, seed: int, budget: float) -> str:
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.workers)
        slots = self._slots
        await slots.acquire()
        held = True
        try:
            # Submitting may start the pool's processes (and the fork server): done in a thread, not on the loop.
            pool = self._executor()
            future: Future[str] = await asyncio.to_thread(pool.submit, self.target, view, level, seed, budget)
            waiting = asyncio.wrap_future(future)
            waiting.add_done_callback(_retrieve)  # an abandoned search's failure is the reaper's, not an error
            try:
                return await asyncio.wait_for(asyncio.shield(waiting), timeout=budget + self.grace)
            except BaseException:
                if not future.done():  # overrun (or we were cancelled): leave the worker to finish on its own
                    held = False
                    reaper = asyncio.get_running_loop().create_task(self._reap(future, pool, slots))
                    self._reapers.add(reaper)
                    reaper.add_done_callback(self._reapers.discard)
                elif future.cancelled() or future.exception() is not None:
                    self._close_pool(pool)  # a dead worker: the pool is broken, start afresh next time
                raise
        finally:
            if held:
                slots.release()

    async def _reap(self, future: Future[str], pool: ProcessPoolExecutor, slots: asyncio.Semaphore) -> None:
        """Wait ``grace`` more seconds for an abandoned search; still running then, the worker is stuck."""
        try:
            await asyncio.wait_for(asyncio.wrap_future(future), timeout=self.grace)
        except BaseException:
            if not future.done():
                self._close_pool(pool)
        finally:
            slots.release()

    async def warm(self) -> None:
        for _ in range(self.workers):
            await asyncio.wrap_future(await asyncio.to_thread(self._executor().submit, ready))

    def _close_pool(self, pool: ProcessPoolExecutor) -> None:
        if pool is self._pool:
            self.close()

    def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            stop_pool(pool)


def worker_pool(workers: int, initializer: Callable[[], None] | None = None) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes, each running ``initializer`` first."""
    methods = multiprocessing.get_all_start_methods()
    # forkserver/spawn: never fork a process that runs threads (aiosqlite's, the event loop's helpers)
    ctx = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    return ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=initializer)


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Terminate the pool's processes (a search or review under way is abandoned) and shut it down."""
    for proc in list(pool._processes.values()):
        with contextlib.suppress(Exception):
            proc.terminate()
    pool.shutdown(wait=False, cancel_futures=True)


def _retrieve(waiting: asyncio.Future[str]) -> None:
    if not waiting.cancelled():
        waiting.exception()


class ThreadThinker:
    """Thinks in a thread of this process (``computer_workers = 0``: tests and single-user tools)."""

    def __init__(self, grace: float = 5.0) -> None:
        self.grace = grace

    async def think(self, view: TableView, *, level: str, seed: int, budget: float) -> str:
        return await asyncio.wait_for(asyncio.to_thread(think, view, level, seed, budget), timeout=budget + self.grace)

    async def warm(self) -> None:
        return None

    def close(self) -> None:
        return None


class Reviewer(Protocol):
    async def review(self, config: GameConfig, history: list[tuple[int, str]], seed: int) -> tuple[str, str, float]:
        """The review as JSON, what it was made with, and its CPU-seconds (see :func:`review_game`)."""
        ...

    def close(self) -> None: ...


class PoolReviewer:
    """Reviews in one worker process of its own, at the lowest CPU priority, started like the computers' pool."""

    def __init__(self, timeout: float = REVIEW_TIMEOUT,
                 target: Callable[[GameConfig, list[tuple[int, str]], int], tuple[str, str, float]] = review_game
                 ) -> None:
        self.timeout = timeout
        self.target = target  # a module-level function (pickled by name to the worker)
        self._pool: ProcessPoolExecutor | None = None

    async def review(self, config: GameConfig, history: list[tuple[int, str]], seed: int) -> tuple[str, str, float]:
        if self._pool is None:
            self._pool = worker_pool(1, lower_priority)
        pool = self._pool
        future = await in_daemon_thread(pool.submit, self.target, config, history, seed)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), timeout=self.timeout)
        except BaseException:
            self.close()  # stuck, dead or cancelled: a fresh worker next time
            raise

    def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            stop_pool(pool)


async def in_daemon_thread(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` in a daemon thread of its own, not the loop's executor: work that cannot be interrupted (a
    review, drawing its graph) and is under way when the bot stops never keeps the process from exiting."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[T] = loop.create_future()

    def settle(result: T | None, error: BaseException | None) -> None:
        if done.done():
            return
        if error is not None:
            done.set_exception(error)
        else:
            done.set_result(result)  # type: ignore[arg-type]

    def run() -> None:
        result: T | None = None
        error: BaseException | None = None
        try:
            result = fn(*args)
        except BaseException as exc:
            error = exc
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: nobody waits any more
            loop.call_soon_threadsafe(settle, result, error)

    threading.Thread(target=run, name=f"splendor-{getattr(fn, '__name__', 'work')}", daemon=True).start()
    return await done


class ThreadReviewer:
    """Reviews in a thread of this process (``ServiceSettings.review_in_process``: tests)."""

    async def review(self, config: GameConfig, history: list[tuple[int, str]], seed: int) -> tuple[str, str, float]:
        return await in_daemon_thread(review_game, config, history, seed)

    def close(self) -> None:
        return None


__all__ = [
    "REVIEW_TIMEOUT",
    "PoolReviewer",
    "PoolThinker",
    "Reviewer",
    "Thinker",
    "ThreadReviewer",
    "ThreadThinker",
    "in_daemon_thread",
    "stop_pool",
    "worker_pool",
]
