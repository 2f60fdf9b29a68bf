"""Which backend a database URL names, and opening it: ``sqlite:///path`` (the embedded default) or
``postgresql://user:password@host:port/db`` (several bot processes, one server).

``sqlite:///games.sqlite3`` is a path relative to the working directory, ``sqlite:////var/lib/x.sqlite3``
an absolute one (as SQLAlchemy spells them).  Only :mod:`bot.store.postgres` imports asyncpg, and only
when a PostgreSQL URL is opened.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from bot.store.protocol import GameStore
from bot.store.shards import Shards

Backend = Literal["sqlite", "postgres"]
_PG_SCHEMES = ("postgresql://", "postgres://")


@dataclass(frozen=True, slots=True)
class DatabaseUrl:
    backend: Backend
    url: str
    path: Path | None = None  # SQLite's file


def parse_database_url(url: str) -> DatabaseUrl:
    """The backend and target of ``url``; ``ValueError`` with the accepted forms otherwise."""
    text = url.strip()
    if text.startswith("sqlite:///"):
        rest = text[len("sqlite:///"):]
        if not rest:
            raise ValueError("sqlite:/// needs a file path, e.g. sqlite:///splendor.sqlite3")
        return DatabaseUrl("sqlite", text, Path(rest))
    if text.startswith(_PG_SCHEMES):
        return DatabaseUrl("postgres", text)
    raise ValueError(
        "a database URL is sqlite:///path/to/file.sqlite3 or postgresql://user:password@host:5432/dbname"
    )


def sqlite_url(path: str | Path) -> str:
    return f"sqlite:///{path}"


async def open_store(url: str, shards: Shards | None = None, *, check: bool = True) -> GameStore:
    """Open (and migrate) the store ``url`` names; on PostgreSQL, claim ``shards`` for this process.

    ``check``: SQLite's start-up check of the file (PostgreSQL checks its own pages)."""
    target = parse_database_url(url)
    if target.backend == "postgres":
        from bot.store.postgres import PostgresStore

        return await PostgresStore.open(target.url, shards=shards)
    from bot.store.sqlite import SqliteStore

    assert target.path is not None
    return await SqliteStore.open(target.path, check=check)
