"""Durable storage of games, seats, the action log, users, timers and the notification outbox.

The service is written against :class:`GameStore` (:mod:`bot.store.protocol`): typed
rows in, typed rows and updates out, :class:`StoreError` subclasses for refusals.
``store = await SqliteStore.open(path)`` opens (and migrates) a SQLite file in WAL
mode; see :mod:`bot.store.schema` for the tables and :mod:`bot.store.sqlite` for the
transaction model.  ``await store.backup(dest)`` writes a consistent copy of the live
database with SQLite's online backup API; ``await store.quick_check()`` lists damage.
Opening refuses with :class:`StoreUnavailable` (one sentence naming the path, the
cause and the way out), :class:`DatabaseInUse` when another bot holds the database.
"""

from __future__ import annotations

from bot.store.errors import (
    DatabaseDamaged,
    DatabaseInUse,
    DuplicateRequestId,
    StoreConflict,
    StoreError,
    StoreUnavailable,
)
from bot.store.protocol import GameStore, StoreReader, StoreWriter
from bot.store.records import (
    ActionRow,
    ActionSource,
    GameBundle,
    GameEnd,
    GameRow,
    GameStart,
    GameStatus,
    GameUpdate,
    GuildDefaults,
    HintRow,
    NewNotification,
    NotifyPref,
    OutboxRow,
    PlanRow,
    Reliability,
    ReviewRow,
    SeatRow,
    SeatStatus,
    Snapshot,
    ThreadState,
    TimerRow,
    UserRow,
    WritePlan,
)
from bot.store.schema import MIGRATIONS, SCHEMA_VERSION
from bot.store.sqlite import SqliteStore, Tx

DEFAULT_DATABASE_PATH = "data/splendor.sqlite3"

__all__ = [
    "DEFAULT_DATABASE_PATH",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "ActionRow",
    "ActionSource",
    "DatabaseDamaged",
    "DatabaseInUse",
    "DuplicateRequestId",
    "GameBundle",
    "GameEnd",
    "GameRow",
    "GameStart",
    "GameStatus",
    "GameStore",
    "GameUpdate",
    "GuildDefaults",
    "HintRow",
    "NewNotification",
    "NotifyPref",
    "OutboxRow",
    "PlanRow",
    "Reliability",
    "ReviewRow",
    "SeatRow",
    "SeatStatus",
    "Snapshot",
    "SqliteStore",
    "StoreConflict",
    "StoreError",
    "StoreReader",
    "StoreUnavailable",
    "StoreWriter",
    "ThreadState",
    "TimerRow",
    "Tx",
    "UserRow",
    "WritePlan",
]
