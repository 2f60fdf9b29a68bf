"""Checks a SQLite database must pass before the bot runs on it, each refusal one sentence
(:class:`~bot.store.errors.StoreUnavailable`).

:func:`preflight` looks at the file before SQLite does (SQLite would silently turn a 0-byte file into a new
empty database, and reports a wrong header or a read-only file only at the first write); :func:`damage` runs
``PRAGMA quick_check`` and names the damaged tables; :func:`unavailable` words a SQLite error met while opening.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import aiosqlite

from bot.store.errors import DatabaseDamaged, StoreUnavailable

SQLITE_HEADER = b"SQLite format 3\x00"
RESTORE = "restore the latest good backup to that path (python -m bot restore BACKUP)"
#: Most problems ``quick_check`` reports (it stops there).
MAX_PROBLEMS = 100


def _header_pages(head: bytes) -> tuple[int, int] | None:
    """(page size, page count) the header records, if its page count is valid (file format 3.7.0+)."""
    if len(head) < 100:
        return None
    size = int.from_bytes(head[16:18], "big")
    size = 65536 if size == 1 else size
    change, pages, valid_for = (int.from_bytes(head[o:o + 4], "big") for o in (24, 28, 92))
    if pages == 0 or change != valid_for:
        return None
    return size, pages


def preflight(path: Path) -> None:
    """Refuse a database file the bot cannot use safely; a missing file is fine (it will be created).

    Refusals name the file and its folder by their absolute paths (a relative one depends on where the bot ran)."""
    path = path.absolute()
    where = str(path)
    parent = path.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreUnavailable(where, f"its directory cannot be created ({exc.strerror})",
                               "create it, or point SPLENDOR_DATABASE_PATH to a writable place") from exc
    if path.exists():
        if not path.is_file():
            raise StoreUnavailable(where, "it is not a file", "point SPLENDOR_DATABASE_PATH to a database file")
        try:
            with path.open("rb") as f:
                head = f.read(100)
        except OSError as exc:
            raise StoreUnavailable(where, f"it cannot be read ({exc.strerror})",
                                   "give the bot's user read and write access to it") from exc
        if not head:
            raise StoreUnavailable(
                where, "the file is empty (0 bytes), as a failed copy or restore leaves it",
                f"{RESTORE}, or delete the empty file to start a new database")
        if not head.startswith(SQLITE_HEADER):
            raise StoreUnavailable(where, "it is not a SQLite database (its header is wrong)",
                                   f"{RESTORE}, or point SPLENDOR_DATABASE_PATH to the right file")
        pages = _header_pages(head)
        actual = path.stat().st_size
        wal = path.with_name(path.name + "-wal")
        if pages is not None and (not wal.exists() or wal.stat().st_size == 0) and actual < pages[0] * pages[1]:
            raise StoreUnavailable(where, f"the file is truncated ({actual} bytes where its header says "
                                   f"{pages[0] * pages[1]})", RESTORE)
        if not os.access(path, os.W_OK):
            raise StoreUnavailable(where, "the file is read-only",
                                   "give the bot's user write access to it (or mount it read-write)")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise StoreUnavailable(
            where, f"its directory {parent} is read-only (SQLite writes {path.name}-wal and {path.name}-shm there)",
            "give the bot's user write access to the directory (or mount it read-write)")


def unavailable(path: Path, exc: sqlite3.Error) -> StoreUnavailable:
    """The sentence for a SQLite error met while opening ``path``."""
    text = str(exc)
    if "readonly" in text or "read-only" in text:
        return StoreUnavailable(str(path), "it cannot be written (read-only file, directory or mount)",
                                "give the bot's user write access to it and its directory")
    if "not a database" in text:
        return StoreUnavailable(str(path), "it is not a SQLite database", RESTORE)
    if "malformed" in text or "corrupt" in text:
        return StoreUnavailable(str(path), f"it is damaged (SQLite: {text})", RESTORE)
    if "unable to open" in text:
        return StoreUnavailable(str(path), "SQLite cannot open or create it",
                                "check that the path and its directory exist and are writable")
    if "locked" in text or "busy" in text:
        return StoreUnavailable(str(path), f"it stayed locked by another process (SQLite: {text})",
                                "stop whatever else is using it")
    return StoreUnavailable(str(path), f"SQLite refused it ({text})", RESTORE)


async def _table_damaged(db: aiosqlite.Connection, table: str) -> bool:
    quoted = table.replace('"', '""')
    try:
        rows = list(await db.execute_fetchall(f'PRAGMA quick_check("{quoted}")'))
    except sqlite3.DatabaseError:
        return True
    return [str(r[0]) for r in rows] != ["ok"]


async def damage(db: aiosqlite.Connection, path: Path) -> DatabaseDamaged | None:
    """``PRAGMA quick_check`` on ``db``: ``None`` when fine, else the problems and the damaged tables."""
    try:
        rows = list(await db.execute_fetchall(f"PRAGMA quick_check({MAX_PROBLEMS})"))
        problems = [line for r in rows for line in str(r[0]).splitlines()
                    if line != "ok" and not line.startswith("*** in database")]
    except sqlite3.DatabaseError as exc:
        problems = [str(exc)]
    if not problems:
        return None
    try:
        tables = [str(r[0]) for r in await db.execute_fetchall("SELECT name FROM sqlite_master WHERE type = 'table'")]
    except sqlite3.DatabaseError:
        tables = []
    damaged = [t for t in sorted(tables) if await _table_damaged(db, t)]
    return DatabaseDamaged(str(path), problems, damaged)
