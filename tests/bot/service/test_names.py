"""Display names persist (migration 2), so table images name players after a restart."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.service import GameService
from bot.store import SCHEMA_VERSION, SqliteStore
from tests.bot.service.conftest import FakeClock, OpenStore


async def test_names_survive_a_restart_and_other_settings_keep_them(open_store: OpenStore) -> None:
    clock = FakeClock()
    store = await open_store()
    service = GameService(store, clock)
    await service.set_name(11, "Ana")
    await service.set_name(12, "  Bruno  ")
    await service.set_language(11, "es")  # saving other settings must not clear the name
    await store.close()
    store = await open_store()
    try:
        again = GameService(store, clock)
        assert await again.known_names() == {11: "Ana", 12: "Bruno"}
        assert (await again.user_settings(11)).lang == "es"
        await again.set_name(11, "Ana María")
        assert (await again.known_names())[11] == "Ana María"
    finally:
        await store.close()


async def test_a_version_1_database_is_migrated_and_keeps_its_users(db_path: Path) -> None:
    from bot.store.schema import MIGRATIONS

    con = sqlite3.connect(db_path)
    con.executescript(MIGRATIONS[0].sqlite)
    con.execute("INSERT INTO users (user_id, lang) VALUES (5, 'pt')")
    con.execute("PRAGMA user_version = 1")
    con.commit()
    con.close()
    store = await SqliteStore.open(db_path)
    try:
        assert await store.schema_version() == SCHEMA_VERSION >= 2
        service = GameService(store, FakeClock())
        assert (await service.user_settings(5)).lang == "pt"
        assert await service.known_names() == {}
    finally:
        await store.close()
