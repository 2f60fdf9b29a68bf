"""What a backend gives the store's queries: four statement primitives and three value conversions.

The queries (:mod:`bot.store.queries`, :mod:`bot.store.leagues`) are written once, in SQLite's spelling
(:mod:`bot.store.dialect`), over ``_rows``/``_one``/``_exec``/``_many``, which raise a constraint
violation as a :class:`~bot.store.errors.StoreError` (``StoreConflict``, or ``DuplicateRequestId`` for a
request id already in a game's log).  The databases keep a few values differently: times (``_t``: UTC text
on SQLite, ``TIMESTAMPTZ`` on PostgreSQL), flags (``_b``: 0/1 or ``BOOLEAN``) and a list of ids passed as
one parameter (``_list``: a JSON array for ``json_each``, or an array).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

#: A row of either database (``sqlite3.Row``, ``asyncpg.Record`` or a dict): columns by name or position.
Row = Any


class Statements:
    """The primitives (see the module docstring); :class:`bot.store.sqlite.Tx` and
    :class:`bot.store.postgres.PgTx` implement them on their connections."""

    __slots__ = ()

    @staticmethod
    def _t(value: datetime) -> Any:
        """A time parameter."""
        raise NotImplementedError

    @staticmethod
    def _b(value: bool) -> Any:
        """A flag parameter."""
        raise NotImplementedError

    @staticmethod
    def _list(ids: Sequence[int]) -> Any:
        """A list of ids as the one parameter of ``IN (SELECT value FROM json_each(?))``."""
        raise NotImplementedError

    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        raise NotImplementedError

    async def _one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        raise NotImplementedError

    async def _exec(self, sql: str, params: Sequence[Any] = ()) -> int:
        """A write; how many rows it touched."""
        raise NotImplementedError

    async def _many(self, sql: str, rows: Sequence[Sequence[Any]]) -> int:
        """One statement per parameter row, in one round trip; the rows touched where the backend counts them."""
        raise NotImplementedError
