"""The game store on SQLite (aiosqlite): its connection, transactions, WAL and checkpoints.

The queries are :mod:`bot.store.queries` (the same for PostgreSQL); here is what is SQLite's own: one
connection per process in WAL mode, and one asyncio lock around every access, so a transaction (``BEGIN
IMMEDIATE`` ... ``COMMIT``) never interleaves with another task's statements.  A process killed mid-way
leaves the last committed state (SQLite's journal), which is what the crash test checks.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal, TypeVar

import aiosqlite

from bot.store.errors import DuplicateRequestId, StoreConflict, StoreError, StoreUnavailable
from bot.store.group import commit_grouped
from bot.store.lock import InstanceLock
from bot.store.queries import StoreWriter
from bot.store.records import WritePlan, ts
from bot.store.schema import MIGRATIONS, SCHEMA_VERSION
from bot.store.sqlite_wal import BUSY_TIMEOUT_MS, WAL_LIMIT_MB, WalKeeper
from bot.store.startup import damage, preflight, unavailable
from bot.store.statements import Row

Synchronous = Literal["OFF", "NORMAL", "FULL"]
T = TypeVar("T")
log = logging.getLogger(__name__)


def _refusal(exc: sqlite3.IntegrityError) -> StoreError:
    """The store-level error for a constraint SQLite enforced."""
    if "request_id" in str(exc):
        return DuplicateRequestId(str(exc))
    return StoreConflict(str(exc))


class Tx(StoreWriter):
    """Statements on the store's connection; obtained from ``store.transaction()`` or ``store.reading()``.

    Times are UTC text, flags 0/1, a list parameter a JSON array (``json_each``)."""

    __slots__ = ("_db",)
    _t, _b = staticmethod(ts), staticmethod(int)

    @staticmethod
    def _list(ids: Sequence[int]) -> str:
        return json.dumps(list(ids))

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    @staticmethod
    async def _run(call: Awaitable[T]) -> T:
        try:
            return await call
        except sqlite3.IntegrityError as exc:
            raise _refusal(exc) from exc

    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self._run(self._db.execute_fetchall(sql, params)))

    async def _one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await self._rows(sql, params)
        return rows[0] if rows else None

    async def _exec(self, sql: str, params: Sequence[Any] = ()) -> int:
        # The cursor is not closed explicitly: that would be another trip to the connection's thread.
        return (await self._run(self._db.execute(sql, params))).rowcount

    async def _many(self, sql: str, rows: Sequence[Sequence[Any]]) -> int:
        return (await self._run(self._db.executemany(sql, rows))).rowcount


class SqliteStore:
    """``store = await SqliteStore.open(path)``; ``await store.close()``."""

    def __init__(self, db: aiosqlite.Connection, path: Path, lock: InstanceLock | None = None) -> None:
        self._db = db
        self.path = path
        self._lock = asyncio.Lock()
        self._instance = lock
        #: The WAL's size kept bounded (checkpoints; its peak and longest stall, which benchmarks report).
        self.wal = WalKeeper(path, self._lock)

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        synchronous: Synchronous = "NORMAL",
        checkpoint_interval: float = 0.1,
        wal_limit_mb: float = WAL_LIMIT_MB,
        check: bool = True,
        exclusive: bool = True,
    ) -> SqliteStore:
        """Open (creating if needed), check and migrate the database at ``path``.

        Refusals are :class:`StoreUnavailable` (:mod:`bot.store.startup`; ``exclusive``: another bot holding
        the database; ``check``: damage found by ``PRAGMA quick_check``); nothing is left open on one.
        ``synchronous=NORMAL`` survives any crash of the process, ``FULL`` also a power cut.  The WAL is kept
        under about ``wal_limit_mb`` (:mod:`bot.store.sqlite_wal`).
        """
        path = Path(path)
        memory = str(path) == ":memory:"
        lock: InstanceLock | None = None
        if not memory:
            preflight(path)
            if exclusive:
                lock = InstanceLock.acquire(path)
        try:
            db = await aiosqlite.connect(str(path), isolation_level=None)
        except sqlite3.Error as exc:
            if lock is not None:
                lock.release()
            raise unavailable(path, exc) from exc
        store = cls(db, path, lock)
        try:
            db.row_factory = sqlite3.Row
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute(f"PRAGMA synchronous = {synchronous}")
            await db.execute("PRAGMA foreign_keys = ON")
            await db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            if wal_limit_mb:
                await db.execute(f"PRAGMA journal_size_limit = {int(wal_limit_mb * 2**20) // 4}")
            if check and (found := await damage(db, path)) is not None:
                raise found
            if not memory:
                await store._probe_write()
            await store.migrate()
            if not memory:  # what opening wrote (a new file's schema, an upgrade's steps) goes to the file: the WAL
                await db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # starts empty, its whole bound left for play
        except BaseException as exc:
            await store._close_connection()
            if isinstance(exc, sqlite3.Error):
                raise unavailable(path, exc) from exc
            raise
        if not memory:
            await store.wal.start(db, checkpoint_interval, wal_limit_mb)
        return store

    async def _probe_write(self) -> None:
        """A write that changes nothing: SQLite opens a read-only file without a word, and fails at the first move."""
        async with self._lock:
            version = await self._user_version()
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                await self._db.execute(f"PRAGMA user_version = {version}")
            finally:
                await self._db.execute("ROLLBACK")

    async def _close_connection(self) -> None:
        """Close the connection (its worker thread would keep the process alive) and drop the instance lock."""
        try:
            with contextlib.suppress(sqlite3.Error, ValueError):
                await self._db.close()
        finally:
            if self._instance is not None:
                self._instance.release()
                self._instance = None

    async def close(self) -> None:
        await self.wal.stop()
        async with self._lock:
            with contextlib.suppress(sqlite3.Error, ValueError):
                await self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            await self._close_connection()

    async def __aenter__(self) -> SqliteStore:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def _user_version(self) -> int:
        """The schema version (SQLite keeps it in the file's header); call with the lock held."""
        rows = list(await self._db.execute_fetchall("PRAGMA user_version"))
        return int(rows[0][0])

    async def schema_version(self) -> int:
        async with self._lock:
            return await self._user_version()

    async def migrate(self) -> int:
        """Apply pending migrations (each in its own transaction); returns the new version."""
        async with self._lock:
            current = await self._user_version()
            if current > SCHEMA_VERSION:
                raise StoreUnavailable(
                    str(self.path), f"its schema ({current}) is newer than this bot's ({SCHEMA_VERSION})",
                    "run the newer bot again, or restore the backup taken before the upgrade")
            for number in range(current, SCHEMA_VERSION):
                script = MIGRATIONS[number].sqlite
                # The script and its version bump run in one transaction: all or nothing.
                try:
                    await self._db.executescript(
                        f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {number + 1};\nCOMMIT;"
                    )
                except BaseException:
                    if self._db.in_transaction:
                        await self._db.execute("ROLLBACK")
                    raise
            return SCHEMA_VERSION

    async def quick_check(self) -> list[str]:
        """``PRAGMA quick_check``, on a connection of its own (play goes on meanwhile)."""
        if str(self.path) == ":memory:":
            async with self._lock:
                found = await damage(self._db, self.path)
        else:
            side = await aiosqlite.connect(str(self.path), isolation_level=None)
            try:
                found = await damage(side, self.path)
            finally:
                await side.close()
        if found is None:
            return []
        log.error("%s", found)
        return [*(f"damaged: {name}" for name in found.damaged), *found.problems]

    def watch_users(self, on_change: Callable[[int | None], None]) -> bool:
        """False: SQLite does not tell one process of another's changes (one bot process per file)."""
        return False

    @asynccontextmanager
    async def transaction(self, *, single: bool = False, durable: bool = True) -> AsyncIterator[Tx]:
        """``single`` and ``durable`` change nothing here: every commit is as durable as ``synchronous`` makes it."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield Tx(self._db)
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")
            await self.wal.after_commit(self._db)

    async def commit_plans(self, plans: Sequence[WritePlan]) -> list[StoreError | None]:
        return await commit_grouped(self.transaction, plans)

    @asynccontextmanager
    async def reading(self, *, single: bool = False) -> AsyncIterator[Tx]:
        """Reads in one read transaction: every statement sees the same committed state (``single``: the
        same here, a transaction costs nothing in-process)."""
        async with self._lock:
            await self._db.execute("BEGIN DEFERRED")
            try:
                yield Tx(self._db)
            finally:
                if self._db.in_transaction:
                    await self._db.execute("COMMIT")

    async def backup(self, dest: str | Path) -> Path:
        """A consistent copy at ``dest`` (SQLite's online backup, on a connection of its own: play goes on)."""
        dest = Path(dest)
        dest.parent.mkdir(parents=True, exist_ok=True)
        tmp = dest.with_name(dest.name + ".partial")
        tmp.unlink(missing_ok=True)
        memory = str(self.path) == ":memory:"
        # Equivalent mutant: without ``isolation_level=None`` the copy is the same (the backup API runs no statement).
        source = self._db if memory else await aiosqlite.connect(str(self.path), isolation_level=None)
        try:
            target = await aiosqlite.connect(str(tmp))
            try:
                async with self._lock if memory else contextlib.nullcontext():
                    await source.backup(target)
            finally:
                await target.close()
        finally:
            if not memory:
                await source.close()
        tmp.replace(dest)
        return dest
