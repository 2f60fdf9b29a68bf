"""Copying a SQLite database into PostgreSQL, table by table (``python -m bot migrate``).

Every table of the SQLite file is copied with its ids, each table after those it references; a table
PostgreSQL does not have is a refusal, not a silent loss.  Text timestamps become ``TIMESTAMPTZ``, 0/1 flags
``BOOLEAN``; the id sequences then continue after the copied ids.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from bot.store.postgres import PostgresStore
from bot.store.sqlite import SqliteStore


@dataclass(frozen=True, slots=True)
class Table:
    name: str
    columns: list[str]
    rows: list[tuple[Any, ...]]


def sqlite_tables(path: Path) -> Iterator[Table]:
    """The file's tables, each after those it references (else in creation order: a file restored from a
    ``.dump`` was created in name order), rows in insertion order where the table keeps one."""
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        tables = dict(con.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid"
        ).fetchall())
        refs = {n: {str(r[2]) for r in con.execute(f'PRAGMA foreign_key_list("{n}")')} & set(tables) - {n}
                for n in tables}
        done: list[str] = []
        while len(done) < len(tables):
            done.append(next((n for n in tables if n not in done and refs[n] <= set(done)),
                             next(n for n in tables if n not in done)))
        for name in done:
            order = "" if "WITHOUT ROWID" in tables[name].upper() else " ORDER BY rowid"
            cur = con.execute(f'SELECT * FROM "{name}"{order}')
            yield Table(name, [d[0] for d in cur.description], cur.fetchall())
    finally:
        con.close()


def _converter(pg_type: str) -> Any:
    if pg_type == "timestamp with time zone":
        return lambda v: None if v is None else datetime.fromisoformat(v)
    if pg_type == "boolean":
        return lambda v: None if v is None else bool(v)
    return lambda v: v


async def copy_sqlite_to_postgres(source: Path, target: PostgresStore) -> dict[str, int]:
    """Copy every table of ``source`` (migrated to the latest schema first) into ``target``, which must
    hold no game yet; all in one transaction.  Returns rows copied per table."""
    lite = await SqliteStore.open(source)  # brings an older file to the latest schema
    await lite.close()
    copied: dict[str, int] = {}
    async with target.raw_transaction() as con:
        if await con.fetchval("SELECT count(*) FROM games"):
            raise RuntimeError("the PostgreSQL database already holds games: migrate into an empty one")
        types: dict[str, dict[str, str]] = {}
        for r in await con.fetch(
            "SELECT table_name, column_name, data_type FROM information_schema.columns"
            " WHERE table_schema = current_schema()"
        ):
            types.setdefault(r["table_name"], {})[r["column_name"]] = r["data_type"]
        for table in sqlite_tables(source):
            have = types.get(table.name)
            missing = [c for c in table.columns if have is None or c not in have]
            if missing:
                raise RuntimeError(f"PostgreSQL has no {table.name}({', '.join(missing)}): its schema is behind")
            convert = [_converter(have[c]) for c in table.columns] if have else []
            records = [tuple(f(v) for f, v in zip(convert, row, strict=True)) for row in table.rows]
            if records:
                await con.copy_records_to_table(table.name, records=records, columns=table.columns)
            copied[table.name] = len(records)
        for r in await con.fetch(
            "SELECT table_name, column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND column_default LIKE 'nextval(%'"
        ):
            t, c = r["table_name"], r["column_name"]
            await con.execute(
                f"SELECT setval(pg_get_serial_sequence('{t}', '{c}'), COALESCE(MAX({c}), 1), MAX({c}) IS NOT NULL)"
                f" FROM {t}"
            )
    return copied
