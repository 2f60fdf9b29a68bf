from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.service import GameService
from bot.store import MIGRATIONS, SCHEMA_VERSION, HintRow, SqliteStore, StoreUnavailable
from tests.bot.service.conftest import FakeClock, minimal_code, started_game


@pytest.fixture
def backend() -> str:
    """SQLite's file, WAL and online backup (PostgreSQL's twins: test_pg_store.py)."""
    return "sqlite"


async def test_new_file_is_migrated_to_the_latest_schema_in_wal_mode(db_path: Path) -> None:
    store = await SqliteStore.open(db_path)
    try:
        assert await store.schema_version() == SCHEMA_VERSION == len(MIGRATIONS)
    finally:
        await store.close()
    con = sqlite3.connect(db_path)
    try:
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert {"games", "seats", "actions", "users", "vacations", "timers", "outbox"} <= tables
    finally:
        con.close()


async def test_reopening_keeps_data_and_does_not_rerun_migrations(db_path: Path) -> None:
    clock = FakeClock()
    store = await SqliteStore.open(db_path)
    gid = await started_game(GameService(store, clock))
    await store.close()
    store = await SqliteStore.open(db_path)
    try:
        assert await store.schema_version() == SCHEMA_VERSION
        info = await GameService(store, clock).game(gid)
        assert info.status == "active" and len(info.players) == 2
    finally:
        await store.close()


async def test_a_database_from_a_newer_bot_is_refused(db_path: Path) -> None:
    con = sqlite3.connect(db_path)
    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    con.close()
    with pytest.raises(StoreUnavailable, match="newer than this bot"):
        await SqliteStore.open(db_path)
    # Refused cleanly: the instance lock is released and the file opens again once fixed.
    con = sqlite3.connect(db_path)
    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    con.close()
    store = await SqliteStore.open(db_path)
    await store.close()


async def test_backup_is_a_consistent_copy_of_the_live_database(tmp_path: Path, service: GameService) -> None:
    gid = await started_game(service)
    info = await service.game(gid)
    code = await minimal_code(service, gid)
    await service.play(gid, info.to_act_user or 0, code, expected_version=0, request_id="a")
    live = (await service.state(gid)).to_json()  # type: ignore[union-attr]
    dest = await service.backup(tmp_path / "backups" / "copy.sqlite3")
    assert dest.exists()
    copy = await SqliteStore.open(dest)
    try:
        restored = GameService(copy, lambda: datetime(2026, 3, 2, tzinfo=UTC))
        assert (await restored.game(gid)).version == 1
        assert [a.code for a in await restored.actions(gid)] == [code]
        assert await restored.verify(gid) and (await restored.state(gid)).to_json() == live  # type: ignore[union-attr]
    finally:
        await copy.close()
    con = sqlite3.connect(dest)
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    con.close()


async def test_hints_are_read_back_per_game_in_the_order_given(service: GameService, store: SqliteStore) -> None:
    """The hint log (``/splendor hint``): every field back, by version then as recorded, other games apart."""
    gid = await started_game(service)
    other = await started_game(service, channel=9001)
    at = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    rows = [HintRow(gid, 3, 1, 102, "take wug", at), HintRow(gid, 1, 0, 101, "reserve 1.1", at),
            HintRow(other, 1, 0, 101, "pass", at), HintRow(gid, 3, 1, 102, "buy 1.2", at)]
    async with store.transaction() as tx:
        for row in rows:
            await tx.add_hint(row)
    async with store.reading() as tx:
        assert await tx.hints(gid) == [rows[1], rows[0], rows[3]]
        assert await tx.hints(other) == [rows[2]]
