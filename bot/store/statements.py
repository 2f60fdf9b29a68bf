"""What a backend gives the store's queries (:mod:`bot.store.queries`, :mod:`bot.store.leagues`).

Four statement primitives, which raise a constraint violation as a :class:`~bot.store.errors.StoreError`
(``StoreConflict``, or ``DuplicateRequestId`` for a request id already in a game's log), and the three
values the databases keep differently: a time (``_t``: UTC text on SQLite, ``TIMESTAMPTZ`` on PostgreSQL),
a flag (``_b``: 0/1 or ``BOOLEAN``) and a list of ids passed as one parameter (``_list``: a JSON array for
``IN (SELECT value FROM json_each(?))``, or an array).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import fields
from datetime import datetime
from typing import Any, TypeVar, get_type_hints

from bot.store.records import dt, must_dt

T = TypeVar("T")

#: A row of either database (``sqlite3.Row``, ``asyncpg.Record`` or a dict): columns by name or position.
Row = Any


def converter(cls: type[T], **special: tuple[str, Callable[[Any], Any]]) -> Callable[[Row], T]:
    """The row converter of the dataclass ``cls``: each field from the column of its name, a time from either
    database's value (:func:`~bot.store.records.dt`), a flag from 0/1; ``special`` gives a field's column and
    conversion where they differ (JSON text)."""
    hints = get_type_hints(cls)
    plain: dict[Any, Callable[[Any], Any] | None] = {datetime: must_dt, datetime | None: dt, bool: bool}
    spec = [special.get(f.name, (f.name, plain.get(hints[f.name]))) for f in fields(cls)]  # type: ignore[arg-type]

    def convert(r: Row) -> T:
        return cls(*[r[column] if fn is None else fn(r[column]) for column, fn in spec])
    return convert


class Statements:
    """Implemented by :class:`bot.store.sqlite.Tx` and :class:`bot.store.postgres.PgTx` on their connections."""

    __slots__ = ()

    #: A time parameter, a flag parameter and a list of ids passed as one parameter, in the backend's values.
    _t: Callable[[datetime], Any]
    _b: Callable[[bool], Any]
    _list: Callable[[Sequence[int]], Any]

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

    async def _first(self, convert: Callable[[Row], T], sql: str, params: Sequence[Any] = ()) -> T | None:
        """The first row of a query, converted; ``None`` if there is none."""
        row = await self._one(sql, params)
        return None if row is None else convert(row)

    async def _all(self, convert: Callable[[Row], T], sql: str, params: Sequence[Any] = ()) -> list[T]:
        return [convert(r) for r in await self._rows(sql, params)]

    async def _insert(self, sql: str, params: Sequence[Any]) -> int:
        """Run an ``INSERT ... RETURNING`` the new row's id; that id."""
        row = await self._one(sql, params)
        assert row is not None
        return int(row[0])

    async def _ids(self, sql: str, params: Sequence[Any] = ()) -> list[int]:
        """The first column of a query's rows, as integers (ids)."""
        return [int(r[0]) for r in await self._rows(sql, params)]
