"""The operator commands ``check``, ``backup`` and ``restore`` on a PostgreSQL database (docs/postgresql.md).

``check`` reads the schema version with asyncpg, then (when the schema is this release's) opens the store and runs
its ``quick_check``: every table read, the action log of the latest started games against their rows, and, with
the ``amcheck`` extension installed, every B-tree index.  ``backup`` and ``restore`` run PostgreSQL's own
``pg_dump --format=custom`` and ``pg_restore``, found on ``PATH`` (or shipped with the ``pgserver`` wheel the
tests use); the same refusals as on SQLite: a backup never overwrites a file and is checked
(``pg_restore --list``) before it gets its name, a restore is refused while a bot is connected, and the
database it replaces is dumped beside the backup first.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import shutil
import subprocess
import time
import warnings
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from bot.admin import AdminError, Report, format_report, redacted
from bot.store.stats import (
    REQUIRED_TABLES,
    pg_connected,
    pg_counts,
    pg_has_amcheck,
    pg_ledger,
    pg_missing_tables,
    pg_server_major,
    pg_size,
)

if TYPE_CHECKING:
    import asyncpg

#: ``application_name`` of a bot's connections (``bot.store.postgres``): ``splendor-bot host:pid:...``.
BOT_APPLICATION = "splendor-bot %"


def _version(path: str) -> tuple[int, ...]:
    """``pg_dump --version`` -> (16, 2); () when it does not answer."""
    done = subprocess.run([path, "--version"], capture_output=True, text=True, check=False)
    found = re.search(r"(\d+)(?:\.(\d+))?", done.stdout)
    return tuple(int(p) for p in found.groups() if p is not None) if found and done.returncode == 0 else ()


def tool(name: str, server: int = 0) -> str:
    """The newest ``pg_dump`` or ``pg_restore`` found (on ``PATH``, or shipped with the ``pgserver`` wheel), which
    must be at least the server's major version ``server`` (pg_dump refuses an older one); ``AdminError`` naming
    the package to install otherwise."""
    candidates = [p for p in (shutil.which(name),) if p]
    with contextlib.suppress(ImportError), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # platformdirs warns about XDG_RUNTIME_DIR when pgserver is imported
        from pgserver import _commands  # the wheel the tests use ships the client tools

        bundled = Path(_commands.POSTGRES_BIN_PATH) / name
        if bundled.exists():
            candidates.append(str(bundled))
    versions = sorted(((_version(p), p) for p in candidates), key=lambda v: v[0], reverse=True)
    if not versions:
        raise AdminError(f"{name} is not on the PATH: install PostgreSQL's client tools (the postgresql-client "
                         "package, the server's major version or newer), then run this again")
    version, path = versions[0]
    if version and version[0] < server:
        raise AdminError(f"{path} is PostgreSQL {'.'.join(map(str, version))}, older than the server ({server}): "
                         f"install the client tools of PostgreSQL {server} or newer (postgresql-client-{server})")
    return path


def _run(args: list[str], what: str) -> str:
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        detail = (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]
        raise AdminError(f"{what} failed ({detail})")
    return done.stdout


@contextlib.asynccontextmanager
async def connect(url: str) -> AsyncIterator[asyncpg.Connection]:
    import asyncpg

    try:
        con = await asyncpg.connect(url, server_settings={"application_name": "splendor-admin"})
    except (OSError, asyncpg.PostgresError) as exc:
        raise AdminError(f"cannot connect to {redacted(url)} ({exc})") from exc
    try:
        yield con
    finally:
        await con.close()


async def _server(con: asyncpg.Connection) -> int:
    """The server's major version (16)."""
    return await pg_server_major(con)


def server_version(url: str) -> int:
    async def ask() -> int:
        async with connect(url) as con:
            return await _server(con)

    return asyncio.run(ask())


def _legacy(version: int) -> int:
    """Where a version of PostgreSQL's own older history (``schema_migrations``) stands in the one history
    (a number that history never had: newer than this bot)."""
    from bot.store.schema import PG_LEGACY, SCHEMA_VERSION

    return PG_LEGACY.get(version, SCHEMA_VERSION + 1)


async def _schema(con: asyncpg.Connection) -> int | None:
    """The schema version recorded in ``store_migrations`` (or, by a release before SQLite and PostgreSQL shared
    one history, in ``schema_migrations``), or None when the database has no Splendor tables."""
    ledger = await pg_ledger(con)
    if ledger is None:
        return None
    table, version = ledger
    return version if table == "store_migrations" else _legacy(version)


async def _bots(con: asyncpg.Connection) -> list[str]:
    """The bot processes connected to this database (their ``application_name``: host and pid)."""
    return [name.removeprefix("splendor-bot ") for name in await pg_connected(con, BOT_APPLICATION)]


async def check(url: str) -> Report:
    """Schema version, the store's ``quick_check`` (log against rows, amcheck when installed) and counts."""
    from bot.store.schema import SCHEMA_VERSION
    from bot.store.url import open_store

    report = Report(redacted(url), 0, 0, None, SCHEMA_VERSION, [])
    async with connect(url) as con:
        report.schema = await _schema(con)
        if report.schema is None:
            report.problems.append("not a Splendor database (no store_migrations table)")
            return report
        missing = await pg_missing_tables(con)
        if missing:
            report.problems.append(f"not a Splendor database (no {', '.join(missing)} table)")
            return report
        report.size = await pg_size(con)
        amcheck = await pg_has_amcheck(con)
        report.checks = ["every table read", "the log of the latest started games against their rows",
                         "B-tree indexes (amcheck)" if amcheck else "no index check (amcheck is not installed)"]
        if report.schema < SCHEMA_VERSION:  # the store's check reads this release's tables: after the migration
            report.checked = False
            report.checks = [f"schema {report.schema}: the bot migrates it when it starts; run check again then"]
        if report.schema > SCHEMA_VERSION:
            report.problems.append(f"schema {report.schema} is newer than this bot ({SCHEMA_VERSION}): "
                                   "run the release that wrote it")
        report.counts = await pg_counts(con)
        report.connected = await _bots(con)
    if report.schema == SCHEMA_VERSION:  # an older schema is migrated by the bot at start, not by a check
        store = await open_store(url, check=False)
        try:
            report.integrity = await store.quick_check()
        finally:
            await store.close()
        if report.integrity:
            report.problems.append(f"damaged: {report.integrity[0]}" + (
                f" (and {len(report.integrity) - 1} more)" if len(report.integrity) > 1 else ""))
            report.problems.append("restore the latest good backup: python -m bot restore PATH")
    return report


def _stamp(now: datetime | None = None) -> str:
    return (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")


def _dump_tables(dump: Path) -> set[str]:
    """The tables a ``pg_dump --format=custom`` file holds (``pg_restore --list``: also proves it is readable)."""
    listing = _run([tool("pg_restore"), "--list", str(dump)], f"reading {dump.absolute()}")
    return {parts[-2] for line in listing.splitlines()
            if not line.startswith(";") and " TABLE " in line and len(parts := line.split()) >= 2}


def backup(url: str, dest: Path, *, now: datetime | None = None, server: int | None = None) -> Path:
    """``pg_dump --format=custom`` of the live database (one consistent snapshot while the bot runs) to ``dest``
    (a new file, or a dated one in the directory ``dest``); checked with ``pg_restore --list`` before it gets
    its name, never overwriting a file."""
    if dest.is_dir():
        dest = dest / f"splendor-{_stamp(now)}.dump"
    dest = dest.absolute()
    if dest.exists():
        raise AdminError(f"{dest} exists already: choose another name (a backup never overwrites a file)")
    dest.parent.mkdir(parents=True, exist_ok=True)
    partial = dest.with_name(dest.name + ".partial")
    partial.unlink(missing_ok=True)
    pg_dump = tool("pg_dump", server_version(url) if server is None else server)
    try:
        _run([pg_dump, "--format=custom", f"--file={partial}", f"--dbname={url}"],
             f"pg_dump of {redacted(url)}")
        missing = [t for t in REQUIRED_TABLES if t not in _dump_tables(partial)]
        if missing:
            raise AdminError(f"{redacted(url)} is not a Splendor database (no {', '.join(missing)} table)")
    except AdminError:
        partial.unlink(missing_ok=True)
        raise
    partial.replace(dest)
    return dest


def _dump_schema(dump: Path) -> int:
    """The highest schema version recorded in a dump's ``store_migrations`` data (or its ``schema_migrations``,
    written by a release before the one history)."""
    for table in ("store_migrations", "schema_migrations"):
        text = _run([tool("pg_restore"), "--data-only", f"--table={table}", "--file=-", str(dump)],
                    f"reading {dump.absolute()}")
        versions, copying = [0], False
        for line in text.splitlines():
            if line.startswith("COPY "):
                copying = True
            elif line == "\\.":
                copying = False
            elif copying and line.split("\t")[0].isdigit():
                versions.append(int(line.split("\t")[0]))
        if max(versions):
            return max(versions) if table == "store_migrations" else _legacy(max(versions))
    return 0


def restore(url: str, dump: Path, *, now: datetime | None = None) -> Path | None:
    """Put a ``pg_dump`` backup back (``pg_restore --clean --if-exists --single-transaction``).

    Refused, changing nothing, when the file is not a Splendor dump, was written by a newer release, or a bot is
    connected to the database.  The database it replaces is first dumped beside ``dump``; returns that file."""
    from bot.store.schema import SCHEMA_VERSION

    dump = dump.absolute()
    if not dump.is_file():
        raise AdminError(f"{dump}: no such backup file")
    missing = [t for t in REQUIRED_TABLES if t not in _dump_tables(dump)]
    if missing:
        raise AdminError(f"{dump} is not a backup of a Splendor database (no {', '.join(missing)} table); "
                         "nothing was changed")
    version = _dump_schema(dump)
    if version > SCHEMA_VERSION:
        raise AdminError(f"{dump} has schema {version}, newer than this bot ({SCHEMA_VERSION}): restore it with "
                         "the release that wrote it; nothing was changed")

    async def current() -> tuple[list[str], int | None, int]:
        async with connect(url) as con:
            return await _bots(con), await _schema(con), await _server(con)

    bots, schema, server = asyncio.run(current())
    if bots:
        raise AdminError(f"a bot is connected to {redacted(url)} ({', '.join(bots)}): stop every bot process first "
                         "(systemctl stop splendor, or docker compose stop bot); nothing was changed")
    saved = None
    if schema is not None:
        saved = backup(url, dump.with_name(f"splendor.before-restore-{_stamp(now)}.dump"), now=now, server=server)
    _run([tool("pg_restore", server), "--clean", "--if-exists", "--single-transaction", "--no-owner", f"--dbname={url}",
          str(dump)], f"pg_restore of {dump} into {redacted(url)} (nothing was changed; the database is as it was)")
    return saved


def run(args: argparse.Namespace, url: str) -> int:
    """``python -m bot backup|restore|check`` on the PostgreSQL database ``url`` (the command line of
    :mod:`bot.admin`)."""
    if args.command == "backup":
        target = Path(args.path).absolute()  # the messages name absolute paths, as the guides do
        if args.path.endswith(("/", os.sep)):
            target.mkdir(parents=True, exist_ok=True)
        started = time.perf_counter()
        dest = backup(url, target)
        print(f"backed up {redacted(url)} to {dest} ({dest.stat().st_size / 1024 / 1024:.1f} MB, "
              f"{time.perf_counter() - started:.1f} s, pg_dump, checked)")
        return 0
    if args.command == "restore":
        saved = restore(url, args.path)
        kept = f"; the database it replaced is kept as {saved}" if saved else ""
        print(f"restored {redacted(url)} from {args.path.absolute()} (pg_restore){kept}")
        return 0
    report = asyncio.run(check(url))
    print(json.dumps(report.__dict__, indent=2) if args.json else format_report(report))
    return 1 if report.problems else 0


__all__ = ["backup", "check", "restore", "run", "tool"]
