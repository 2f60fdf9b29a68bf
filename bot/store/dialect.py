"""One SQL text per statement for both databases: written in SQLite's spelling, translated for PostgreSQL.

Every query and every migration of the store is written once.  A statement uses the spellings below and no
others; :func:`translate` turns them into PostgreSQL's (``tests/bot/store/test_dialect.py`` checks each rule as a
table), outside string literals: a literal's text (``'...'``, ``''`` a quote in it), a ``?`` included, is kept.

==========================================  ==========================================  ==============================
SQLite's spelling                           PostgreSQL's                                why
==========================================  ==========================================  ==============================
``?`` (a parameter)                         ``$1``, ``$2``... in order                  asyncpg's placeholders
``IN (SELECT value FROM json_each(?))``     ``= ANY($n::bigint[])``                     a list of ids as one parameter
                                                                                        (a JSON array; an array)
``col = ? COLLATE NOCASE``                  ``lower(col) = lower($n)``                  a case-insensitive match
``col COLLATE NOCASE`` (``ORDER BY`` ...)   ``lower(col)``                              a case-insensitive order
``group_concat(expr) FROM``                 ``string_agg(expr, ',') FROM``              a comma-joined aggregate
``rowid``                                   ``id``                                      SQLite's implicit row order: an
                                                                                        ``id`` column on PostgreSQL
==========================================  ==========================================  ==============================

Upserts are written in the spelling both share (``INSERT ... ON CONFLICT``).  :func:`render` writes a schema's
column types (words in braces, ``TYPES``) in either database's types; :func:`pg_ddl` is what step 6's league
tables, written in SQLite's own types, went through (kept as it was: a shipped step never changes).  No database
driver is imported here.
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


#: A string literal (``''`` inside one is a quote): its text is not SQL and is never translated.
_LITERAL = re.compile(r"'(?:[^']|'')*'")


@lru_cache(maxsize=4096)
def translate(sql: str) -> str:
    """One statement in PostgreSQL's spelling (cached: statements are constants); the rules are the module's."""
    literals: list[str] = []

    def hide(m: re.Match[str]) -> str:
        literals.append(m.group(0))
        return f"\x00{len(literals) - 1}\x00"

    count = 0

    def mark(_: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return f"${count}"

    out = _LITERAL.sub(hide, sql)
    out = out.replace("IN (SELECT value FROM json_each(?))", "= ANY(?::bigint[])")
    out = re.sub(r"\?", mark, out)
    out = re.sub(r"\browid\b", "id", out)
    out = re.sub(r"(\w+) = (\$\d+) COLLATE NOCASE", r"lower(\1) = lower(\2)", out)
    out = re.sub(r"([\w.]+) COLLATE NOCASE", r"lower(\1)", out)
    out = re.sub(r"group_concat\((.*?)\) FROM", r"string_agg(\1, ',') FROM", out)
    return re.sub("\x00(\\d+)\x00", lambda m: literals[int(m.group(1))], out)
