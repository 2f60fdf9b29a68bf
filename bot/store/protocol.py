"""The storage interface the game service is written against (no SQL, no backend types).

A backend (:class:`bot.store.sqlite.SqliteStore`, :class:`bot.store.postgres.PostgresStore`) gives the store's
one set of queries (:mod:`bot.store.queries`) in ``reading()`` and ``transaction()``.  Opening one may refuse
with :class:`~bot.store.errors.StoreUnavailable`; the refusals the service reacts to are
:class:`~bot.store.errors.StoreError` subclasses, whatever the backend's own exceptions are.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Protocol

from bot.store.errors import StoreError
from bot.store.queries import StoreReader, StoreWriter
from bot.store.records import WritePlan

__all__ = ["GameStore", "StoreReader", "StoreWriter"]


class GameStore(Protocol):
    """Durable games, seats, action logs, users, clocks and outbox (see the module docstring)."""

    def reading(self, *, single: bool = False) -> AbstractAsyncContextManager[StoreReader]:
        """Reads of one consistent state; ``single``: the block runs one statement, so a backend may skip the
        transaction around it (PostgreSQL: one round trip instead of three; a second statement is refused)."""
        ...
    def transaction(self, *, single: bool = False, durable: bool = True) -> AbstractAsyncContextManager[StoreWriter]:
        """Changes that commit together when the block exits normally, not at all when it raises; ``single``:
        as for :meth:`reading` (one statement is atomic on its own).  ``durable=False``, for a lobby's writes
        only: the commit need not survive a crash of the database server or its machine, only one of the bot
        (PostgreSQL: ``synchronous_commit = off``; SQLite's WAL with ``synchronous=NORMAL`` is that for
        every commit; docs/postgresql.md, "Durability")."""
        ...
    async def commit_plans(self, plans: Sequence[WritePlan]) -> list[StoreError | None]:
        """Write the plans (together when they all succeed); per plan ``None`` or why it was refused."""
        ...
    def watch_users(self, on_change: Callable[[int | None], None]) -> bool:
        """Have ``on_change(user_id)`` called when another process changes a user (``None``: news may have
        been lost, forget them all and stop caching); False if the backend cannot tell (then users are cached
        only if this is the one process, ``ServiceSettings.user_cache``)."""
        ...
    async def backup(self, dest: str | Path) -> Path:
        """A consistent copy of the live data at ``dest``."""
        ...
    async def quick_check(self) -> list[str]:
        """Look for damage in the live data: what is damaged, ``[]`` when sound (play goes on meanwhile)."""
        ...
    async def close(self) -> None: ...
