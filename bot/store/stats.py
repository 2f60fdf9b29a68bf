"""What the operator commands read (``python -m bot check``, ``db check``/``backup``/``restore``): their statements.

The operator tools read a database without opening the store (a file that may be damaged, a PostgreSQL server a
bot is connected to), each on its own connection: a ``sqlite3`` connection (:mod:`bot.admin`) or an asyncpg one
(:mod:`bot.pgadmin`).  The counts an operator watches are one statement for both databases (:func:`counts_sql`:
SQLite's spelling, translated for PostgreSQL as the store's own statements are); the rest is each database's own
catalog.  No database driver is imported here.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.store.dialect import Dialect, translate
from bot.store.records import ts

#: The tables of a Splendor database (step 1); a copy without them is not one.
REQUIRED_TABLES = ("games", "seats", "actions", "users", "timers", "outbox")
STATUSES = ("lobby", "active", "over", "aborted")
#: Whole-table counts (slower on a large database: ``full`` only).
FULL = ("actions", "users")
#: name -> its count (``?``: now).
_COUNTS: dict[str, str] = {
    **{f"games_{s}": f"SELECT COUNT(*) FROM games WHERE status = '{s}'" for s in STATUSES},
    "actions": "SELECT COUNT(*) FROM actions",
    "users": "SELECT COUNT(*) FROM users",
    "timers": "SELECT COUNT(*) FROM timers",
    "timers_due": "SELECT COUNT(*) FROM timers WHERE due_at <= ?",
    "outbox_waiting": "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL AND deliver_after <= ?",
    "outbox_later": "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL AND deliver_after > ?",
    "outbox_done": "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NOT NULL",
}


def counts_sql(dialect: Dialect, now: datetime, *, full: bool = True) -> tuple[str, list[Any], tuple[str, ...]]:
    """The counts as one statement in ``dialect``'s spelling, its parameters (``now`` as the database keeps times)
    and the names of its columns, in order."""
    names = tuple(n for n in _COUNTS if full or n not in FULL)
    sql = "SELECT " + ", ".join(f"({_COUNTS[n]})" for n in names)
    params: list[Any] = [ts(now) if dialect == "sqlite" else now] * sql.count("?")
    return (translate(sql) if dialect == "postgres" else sql), params, names


def counts_of(names: Sequence[str], row: Sequence[Any]) -> dict[str, int]:
    return {n: int(v) for n, v in zip(names, row, strict=True)}


# ---------------------------------------------------------------------------------------------- SQLite
def sqlite_counts(conn: sqlite3.Connection, now: datetime, *, full: bool = True) -> dict[str, int]:
    sql, params, names = counts_sql("sqlite", now, full=full)
    return counts_of(names, conn.execute(sql, params).fetchone())


def integrity_problems(conn: sqlite3.Connection, *, quick: bool = False) -> list[str]:
    """What ``PRAGMA integrity_check`` (or ``quick_check``) reports; empty when the file is sound."""
    pragma = "quick_check" if quick else "integrity_check"
    try:
        rows = [str(r[0]) for r in conn.execute(f"PRAGMA {pragma}")]
    except sqlite3.DatabaseError as exc:  # not a database, or a header too damaged to read
        return [str(exc)]
    return [] if rows == ["ok"] else rows


def schema_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def missing_tables(conn: sqlite3.Connection) -> list[str]:
    have = {str(r[0]) for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    return [name for name in REQUIRED_TABLES if name not in have]


# ---------------------------------------------------------------------------------------------- PostgreSQL
#: An asyncpg connection (typed loosely: asyncpg is not imported here).
PgConnection = Any


async def pg_counts(con: PgConnection) -> dict[str, int]:
    sql, params, names = counts_sql("postgres", await con.fetchval("SELECT now()"))
    row = await con.fetchrow(sql, *params)
    return counts_of(names, tuple(row))


async def pg_server_major(con: PgConnection) -> int:
    """The server's major version (16)."""
    return int(await con.fetchval("SHOW server_version_num")) // 10000


async def pg_ledger(con: PgConnection) -> tuple[str, int] | None:
    """The migration ledger a database has and the highest version in it: ``store_migrations`` (this history) or,
    by a release before SQLite and PostgreSQL shared one, ``schema_migrations``; None without either."""
    for table in ("store_migrations", "schema_migrations"):
        if await con.fetchval("SELECT to_regclass($1)", table) is not None:
            return table, int(await con.fetchval(f"SELECT COALESCE(MAX(version), 0) FROM {table}"))
    return None


async def pg_missing_tables(con: PgConnection) -> list[str]:
    return [t for t in REQUIRED_TABLES if await con.fetchval("SELECT to_regclass($1)", t) is None]


async def pg_size(con: PgConnection) -> int:
    return int(await con.fetchval("SELECT pg_database_size(current_database())"))


async def pg_has_amcheck(con: PgConnection) -> bool:
    return bool(await con.fetchval("SELECT 1 FROM pg_extension WHERE extname = 'amcheck'"))


async def pg_connected(con: PgConnection, application: str) -> list[str]:
    """The ``application_name`` of every connection to this database that matches ``application`` (a LIKE
    pattern), in order."""
    rows = await con.fetch("SELECT DISTINCT application_name FROM pg_stat_activity WHERE datname = current_database()"
                           " AND application_name LIKE $1 ORDER BY 1", application)
    return [str(r[0]) for r in rows]


__all__ = ["REQUIRED_TABLES", "STATUSES", "counts_of", "counts_sql", "integrity_problems", "missing_tables",
           "pg_connected", "pg_counts", "pg_has_amcheck", "pg_ledger", "pg_missing_tables", "pg_server_major",
           "pg_size", "schema_version", "sqlite_counts"]
