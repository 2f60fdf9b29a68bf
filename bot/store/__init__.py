"""Durable storage of games, seats, the action log, users, timers and the notification outbox.

The service is written against :class:`GameStore` (:mod:`bot.store.protocol`); the backends are
:class:`SqliteStore` (:mod:`bot.store.sqlite`, the default) and ``PostgresStore`` (:mod:`bot.store.postgres`),
the schema is :mod:`bot.store.schema` and the queries :mod:`bot.store.queries`.
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
    GameEnd,
    GameRow,
    GameStart,
    GameUpdate,
    GuildDefaults,
    HintRow,
    NewNotification,
    NotifyPref,
    OutboxRow,
    PlanRow,
    Reliability,
    SeatRow,
    Snapshot,
    ThreadState,
    TimerRow,
    UserRow,
    WritePlan,
)
from bot.store.schema import MIGRATIONS, SCHEMA_VERSION
from bot.store.sqlite import SqliteStore, Tx

__all__ = [
    "MIGRATIONS", "SCHEMA_VERSION", "ActionRow", "ActionSource", "DatabaseDamaged", "DatabaseInUse",
    "DuplicateRequestId", "GameEnd", "GameRow", "GameStart", "GameStore", "GameUpdate", "GuildDefaults", "HintRow",
    "NewNotification", "NotifyPref", "OutboxRow", "PlanRow", "Reliability", "SeatRow", "Snapshot", "SqliteStore",
    "StoreConflict", "StoreError", "StoreReader", "StoreUnavailable", "StoreWriter", "ThreadState", "TimerRow", "Tx",
    "UserRow", "WritePlan",
]
