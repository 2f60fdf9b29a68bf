"""The league statements of :mod:`bot.store.leagues` (written for SQLite) run on PostgreSQL.

The league tables keep SQLite's column meanings in PostgreSQL (text timestamps, 0/1 flags as integers),
so :class:`bot.store.leagues.LeagueSql` runs unchanged over :class:`SqliteDialect`, which offers the few
``aiosqlite.Connection`` methods it calls, in PostgreSQL's spelling (:func:`bot.store.dialect.translate`),
with ``lastrowid`` from ``RETURNING``.  A constraint violation is raised as ``sqlite3.IntegrityError`` (what
the league code catches), inside a savepoint so the transaction goes on as it does on SQLite.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from typing import Any, TypeAlias

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.store.dialect import translate

Conn: TypeAlias = "asyncpg.Connection[asyncpg.Record] | PoolConnectionProxy[asyncpg.Record]"


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
