"""Durable storage of games, seats, the action log, users, timers and the notification outbox.

``store = await SqliteStore.open(path)`` opens (and migrates) a SQLite file in WAL
mode; see :mod:`bot.store.schema` for the tables and :mod:`bot.store.sqlite` for the
transaction model.  ``await store.backup(dest)`` writes a consistent copy of the live
database with SQLite's online backup API.
"""

from __future__ import annotations

from bot.store.records import (
    ActionRow,
    ActionSource,
    GameRow,
    GameStatus,
    NewNotification,
    NotifyPref,
    OutboxRow,
    SeatRow,
    SeatStatus,
    TimerRow,
    UserRow,
    WritePlan,
)
from bot.store.schema import MIGRATIONS, SCHEMA_VERSION
from bot.store.sqlite import SqliteStore, StoreConflict, Tx

DEFAULT_DATABASE_PATH = "data/splendor.sqlite3"

GameStore = SqliteStore

__all__ = [
    "DEFAULT_DATABASE_PATH",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "ActionRow",
    "ActionSource",
    "GameRow",
    "GameStatus",
    "GameStore",
    "NewNotification",
    "NotifyPref",
    "OutboxRow",
    "SeatRow",
    "SeatStatus",
    "SqliteStore",
    "StoreConflict",
    "TimerRow",
    "Tx",
    "UserRow",
    "WritePlan",
]
