"""SQLite: the WAL file kept bounded while games are written (issue 14).

The store's connection never checkpoints (``wal_autocheckpoint = 0``: inside a commit a checkpoint stalls
every writer for tens of milliseconds); :class:`WalKeeper` copies the WAL into the database file from a
second connection in the background.  A PASSIVE checkpoint never blocks writers, but under sustained writes
it never reaches the end of the WAL, so SQLite never starts the WAL over and the file grows without bound
(590 MB in 28 s of the benchmark).  So when the file passes a quarter of the limit, the checkpoint runs once
more holding the store's lock: only the frames written during the first one are left to copy, so every
game waits only for those; having copied the whole WAL, SQLite starts it over at the next commit and cuts
the file to ``journal_size_limit`` (the same quarter).  If the background falls behind (a starved machine),
the commit that finds the WAL past three quarters of the limit empties it itself (:meth:`after_commit`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Literal

import aiosqlite

#: The WAL file stays under about this size (checkpoints at a quarter of it; see ``WalKeeper._loop``).
WAL_LIMIT_MB = 64.0
#: A checkpoint round that copied fewer WAL frames (pages) than this has caught up with the writers.
CATCH_UP_FRAMES = 256
#: How long a statement waits for another connection's lock, and the backstop for a checkpoint under way.
BUSY_TIMEOUT_MS = 5000
BACKSTOP_WAIT_MS = 100
log = logging.getLogger(__name__)


class WalKeeper:
    """Checkpoints of one database file; ``lock`` is its store's (held: no statement of the store runs)."""

    def __init__(self, path: Path, lock: asyncio.Lock) -> None:
        self.path = path
        self._lock = lock
        self._task: asyncio.Task[None] | None = None
        #: Largest WAL file seen (bytes).
        self.peak = 0
        #: Longest time (seconds) a checkpoint held the store's lock.
        self.stall = 0.0
        #: Past this size (bytes) a commit itself truncates the WAL (0: never).
        self._backstop = 0

    async def start(self, db: aiosqlite.Connection, interval: float, limit_mb: float) -> None:
        """Checkpoint every ``interval`` seconds (0: never in the background) and keep the WAL under about
        ``limit_mb`` (0: unbounded, as before issue 14; benchmarks compare)."""
        if interval:
            await db.execute("PRAGMA wal_autocheckpoint = 0")
            self._task = asyncio.create_task(self._loop(interval, int(limit_mb * 2**20) // 4))
        self._backstop = int(limit_mb * 2**20) * 3 // 4

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def after_commit(self, db: aiosqlite.Connection) -> None:
        """The backstop (call with the store's lock held, after a commit): empty a WAL grown past it."""
        if self._backstop and self.size() > self._backstop:
            # Waits at most BACKSTOP_WAIT_MS for a checkpoint under way; busy: the next commit tries again.
            await db.execute(f"PRAGMA busy_timeout = {BACKSTOP_WAIT_MS}")
            try:
                with contextlib.suppress(sqlite3.Error):
                    await self._held(db, "TRUNCATE")
            finally:
                await db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")

    def size(self) -> int:
        """The WAL file's size (bytes)."""
        try:
            return self.path.with_name(self.path.name + "-wal").stat().st_size
        except OSError:
            return 0

    async def _loop(self, interval: float, threshold: int) -> None:
        """Copy the WAL into the database in the background (see the module docstring)."""
        async with self._side() as side:
            while True:
                await asyncio.sleep(interval)
                try:
                    await self._round(side, threshold)
                except sqlite3.Error as exc:  # busy or locked: try again next round
                    log.debug("checkpoint skipped: %s", exc)

    @asynccontextmanager
    async def _side(self) -> AsyncIterator[aiosqlite.Connection]:
        """A connection of its own to the database (checkpoints run there, beside the store's)."""
        connecting = asyncio.ensure_future(aiosqlite.connect(str(self.path), isolation_level=None))
        try:
            side = await asyncio.shield(connecting)
        except asyncio.CancelledError:
            # stopped while the connection opens in its own thread: close it once open, or its thread would
            # outlive the store (and, once the event loop is closed, report "Event loop is closed" at exit)
            with contextlib.suppress(Exception):
                await (await connecting).close()
            raise
        try:
            await side.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            yield side
        finally:
            await side.close()

    async def _round(self, side: aiosqlite.Connection, threshold: int) -> None:
        self.peak = max(self.peak, self.size())
        copied = await self._passive(side)
        # Equivalent mutants: this is a pacing policy (when to catch up on the WAL), not a guard; any
        # threshold comparison copies the same frames and leaves the same data, only sooner or later.
        if threshold and self.size() > threshold:  # pragma: no mutate
            # Catch up without the lock first: each round copies what piled up during the one before,
            # so what is left for the round holding the lock (every game waits for it) is small.
            for _ in range(3):
                done = await self._passive(side)
                if done - copied < CATCH_UP_FRAMES:
                    break
                copied = done
            async with self._lock:
                await self._held(side, "PASSIVE")

    @staticmethod
    async def _passive(side: aiosqlite.Connection) -> int:
        """A PASSIVE checkpoint; returns how many WAL frames are now in the database file."""
        rows = list(await side.execute_fetchall("PRAGMA wal_checkpoint(PASSIVE)"))
        return int(rows[0][2]) if rows else 0

    async def _held(self, db: aiosqlite.Connection, mode: Literal["PASSIVE", "TRUNCATE"]) -> None:
        """Checkpoint the whole WAL (call with the store's lock held); the longest wait is recorded."""
        self.peak = max(self.peak, self.size())
        start = time.perf_counter()
        try:
            await db.execute(f"PRAGMA wal_checkpoint({mode})")
        finally:
            self.stall = max(self.stall, time.perf_counter() - start)

    async def checkpoint(self, threshold: int = 0) -> int:
        """One round of the background checkpointer now (with ``threshold`` 0 the whole WAL is always copied);
        returns the WAL file's size after it, in bytes."""
        async with self._side() as side:
            await self._round(side, threshold or 1)
        return self.size()
