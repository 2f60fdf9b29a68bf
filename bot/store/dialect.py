"""One SQL text per statement for both databases: written in SQLite's spelling, translated for PostgreSQL.

Every query and every migration of the store is written once.  :func:`translate` turns a statement
into PostgreSQL's spelling: ``?`` placeholders as ``$1, $2...``; a list passed as one parameter,
``IN (SELECT value FROM json_each(?))`` (a JSON array on SQLite), as ``= ANY(?::bigint[])`` (an array);
``COLLATE NOCASE`` as ``lower()``; ``group_concat`` as ``string_agg``; ``rowid`` (SQLite's implicit row
order) as the ``id`` column PostgreSQL's tables have for it.  Upserts are written in the spelling both
share (``INSERT ... ON CONFLICT``).  :func:`render` writes a schema's column types (words in braces,
``TYPES``) in either database's types.  No database driver is imported here.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal

Dialect = Literal["sqlite", "postgres"]

#: The schema's type words: ids are 64-bit (Discord snowflakes, seeds); SQLite keeps times as sortable
#: UTC text and flags as 0/1, PostgreSQL as ``TIMESTAMPTZ`` and ``BOOLEAN``; a table SQLite orders by its
#: implicit ``rowid`` has an ``id`` column on PostgreSQL (``{ROW_ID}``).
TYPES: dict[Dialect, dict[str, str]] = {
    "sqlite": {"{KEY}": "INTEGER PRIMARY KEY AUTOINCREMENT", "{ID}": "INTEGER", "{TIME}": "TEXT", "{BOOL}": "INTEGER",
               "{FALSE}": "0", "{REAL}": "REAL", "{NO_ROWID}": "WITHOUT ROWID", "{ROW_ID}": ""},
    "postgres": {"{KEY}": "BIGSERIAL PRIMARY KEY", "{ID}": "BIGINT", "{TIME}": "TIMESTAMPTZ", "{BOOL}": "BOOLEAN",
                 "{FALSE}": "FALSE", "{REAL}": "DOUBLE PRECISION", "{NO_ROWID}": "",
                 "{ROW_ID}": "id BIGSERIAL PRIMARY KEY,"},
}


def render(ddl: str, dialect: Dialect) -> str:
    """A schema script with its type words in ``dialect``'s types."""
    for word, sql in TYPES[dialect].items():
        ddl = ddl.replace(word, sql)
    return ddl


def pg_ddl(script: str) -> str:
    """A ``CREATE`` script written in SQLite's own types (the league tables) in PostgreSQL's: ids as
    ``BIGINT``, ``BIGSERIAL`` keys; its times stay text and its flags integers (as the league code reads them)."""
    out = script.replace("INTEGER PRIMARY KEY AUTOINCREMENT", "BIGSERIAL PRIMARY KEY")
    out = re.sub(r"\bINTEGER\b", "BIGINT", out)
    out = re.sub(r"\bREAL\b", "DOUBLE PRECISION", out)
    out = out.replace(") WITHOUT ROWID;", ");")
    return re.sub(r"(\w+) COLLATE NOCASE", r"lower(\1)", out)


@lru_cache(maxsize=4096)
def translate(sql: str) -> str:
    """One statement in PostgreSQL's spelling (cached: statements are constants)."""
    count = 0

    def mark(_: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return f"${count}"

    out = sql.replace("IN (SELECT value FROM json_each(?))", "= ANY(?::bigint[])")
    out = re.sub(r"\?", mark, out)
    out = re.sub(r"\browid\b", "id", out)
    out = re.sub(r"(\w+) = (\$\d+) COLLATE NOCASE", r"lower(\1) = lower(\2)", out)
    out = re.sub(r"([\w.]+) COLLATE NOCASE", r"lower(\1)", out)
    return re.sub(r"group_concat\((.*?)\) FROM", r"string_agg(\1, ',') FROM", out)
