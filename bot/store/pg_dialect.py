"""The league statements of :mod:`bot.store.leagues` (written for SQLite) run on PostgreSQL.

The league tables keep SQLite's column meanings in PostgreSQL (text timestamps, 0/1 flags as integers),
so :class:`bot.store.leagues.LeagueSql` runs unchanged over :class:`SqliteDialect`, which offers the few
``aiosqlite.Connection`` methods it calls and rewrites its SQLite-only spellings: ``?`` placeholders,
``COLLATE NOCASE``, ``INSERT OR REPLACE``, ``group_concat``, ``lastrowid`` (``RETURNING``).  A constraint
violation is raised as ``sqlite3.IntegrityError`` (what the league code catches), inside a savepoint so
the transaction goes on as it does on SQLite.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable, Sequence
from typing import Any, TypeAlias

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.store.leagues import MIGRATION as LEAGUES_MIGRATION

Conn: TypeAlias = "asyncpg.Connection[asyncpg.Record] | PoolConnectionProxy[asyncpg.Record]"

#: ``INSERT OR REPLACE`` targets: the conflict key and the columns a replacement sets.
_REPLACE = {
    "league_ratings": (("league_id", "user_id"), ("mu", "sigma", "games", "last_played")),
    "league_rating_history": (("league_id", "user_id", "result_id"), ("mu", "sigma", "at")),
}


def pg_ddl(script: str) -> str:
    """A SQLite ``CREATE`` script in PostgreSQL's types (ids as ``BIGINT``, ``BIGSERIAL`` keys)."""
    out = script.replace("INTEGER PRIMARY KEY AUTOINCREMENT", "BIGSERIAL PRIMARY KEY")
    out = re.sub(r"\bINTEGER\b", "BIGINT", out)
    out = re.sub(r"\bREAL\b", "DOUBLE PRECISION", out)
    out = out.replace(") WITHOUT ROWID;", ");")
    return re.sub(r"(\w+) COLLATE NOCASE", r"lower(\1)", out)


PG_LEAGUES_MIGRATION = pg_ddl(LEAGUES_MIGRATION)


def translate(sql: str) -> str:
    """One SQLite statement of the league code in PostgreSQL's spelling."""
    count = 0

    def mark(_: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return f"${count}"

    out = re.sub(r"\?", mark, sql)
    out = re.sub(r"(\w+) = (\$\d+) COLLATE NOCASE", r"lower(\1) = lower(\2)", out)
    out = re.sub(r"([\w.]+) COLLATE NOCASE", r"lower(\1)", out)
    out = re.sub(r"group_concat\((.*?)\) FROM", r"string_agg(\1, ',') FROM", out)
    found = re.match(r"INSERT OR REPLACE INTO (\w+)", out)
    if found:
        keys, cols = _REPLACE[found.group(1)]
        out = out.replace("INSERT OR REPLACE INTO", "INSERT INTO", 1)
        out += f" ON CONFLICT ({', '.join(keys)}) DO UPDATE SET " + ", ".join(f"{c} = excluded.{c}" for c in cols)
    return out


class _Cursor:
    __slots__ = ("lastrowid", "rowcount")

    def __init__(self, rowcount: int, lastrowid: int | None = None) -> None:
        self.rowcount = rowcount
        self.lastrowid = lastrowid

    async def close(self) -> None:
        return None


class SqliteDialect:
    """The ``aiosqlite.Connection`` methods the league code calls, on an asyncpg connection."""

    __slots__ = ("_con",)

    def __init__(self, con: Conn) -> None:
        self._con = con

    async def execute_fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[asyncpg.Record]:
        return list(await self._con.fetch(translate(sql), *params))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> _Cursor:
        text = translate(sql)
        try:
            async with self._con.transaction():  # a savepoint: a refused insert leaves the transaction usable
                if text.lstrip().upper().startswith("INSERT") and "RETURNING" not in text.upper():
                    row = await self._con.fetchrow(text + " RETURNING *", *params)
                    return _Cursor(0 if row is None else 1, None if row is None else int(row[0]))
                status = await self._con.execute(text, *params)
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise sqlite3.IntegrityError(str(exc)) from exc
        return _Cursor(int(status.rsplit(" ", 1)[-1]))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> _Cursor:
        total = 0
        for params in rows:
            total += (await self.execute(sql, params)).rowcount
        return _Cursor(total)
