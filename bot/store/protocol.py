"""The storage interface the game service is written against (no SQL, no backend types).

A backend (:class:`bot.store.sqlite.SqliteStore`, :class:`bot.store.postgres.PostgresStore`) provides:

* ``reading()``: an async context whose :class:`StoreReader` sees one consistent state;
* ``transaction()``: an async context whose :class:`StoreWriter` changes commit together
  when the block exits normally and not at all when it raises.  Both are the store's one set of
  queries (:mod:`bot.store.queries`, the same for both databases, typed with no backend type);
* ``commit_plans(plans)``: several games' :class:`~bot.store.records.WritePlan` written
  at once (group commit), each plan all or nothing;
* ``backup(dest)``, ``quick_check()`` (damage found, ``[]`` when sound) and ``close()``.

Opening a backend may refuse with :class:`~bot.store.errors.StoreUnavailable` (one
sentence: where, why, the way out), e.g. :class:`~bot.store.errors.DatabaseInUse` when
another bot already runs on the same data.

Refusals the service reacts to are :class:`~bot.store.errors.StoreError` subclasses
(``StoreConflict``: a version guard failed; ``DuplicateRequestId``: an action's request
id is already in the log), whatever the backend's own exceptions are.
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
        """``single``: the block runs one store statement, so a backend may skip the transaction around it
        (PostgreSQL: one round trip instead of three; a second statement is refused)."""
        ...
    def transaction(self, *, single: bool = False) -> AbstractAsyncContextManager[StoreWriter]:
        """``single``: as for :meth:`reading` (one statement is atomic on its own)."""
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
