"""The paths that guard stored games: a batch with one stale plan, two writers on one game, a migration
that fails half way.  Each test fails if its guard is turned off."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.service import GameService, StaleBoard
from bot.store import GameStore, GameUpdate, SqliteStore, StoreConflict, StoreUnavailable, WritePlan
from bot.store import sqlite as sqlite_store
from bot.store.schema import Step
from tests.bot.service.conftest import FakeClock, OpenStore, legal_codes, started_game


async def test_a_batch_commits_the_current_plans_and_refuses_only_the_stale_one(
    service: GameService, store: SqliteStore
) -> None:
    games = [await started_game(service, (1, 2), channel=c, seed=c) for c in (1, 2, 3)]
    async with store.reading() as tx:
        rows = [await tx.game(g) for g in games]
    assert all(r is not None for r in rows)
    plans = [
        WritePlan(r.game_id, r.version + (1 if r.game_id == games[1] else 0), r.created_at,
                  GameUpdate(version=r.version + 1))
        for r in rows if r is not None
    ]
    results = await store.commit_plans(plans)
    assert results[0] is None and results[2] is None and isinstance(results[1], StoreConflict)
    async with store.reading() as tx:
        after = [await tx.game(g) for g in games]
    assert [a.version for a in after if a is not None] == [1, 0, 1]


async def test_two_writers_on_one_game_apply_one_move_and_refuse_the_other(
    open_store: OpenStore, service: GameService, clock: FakeClock, backend: str, db_path: Path
) -> None:
    """A second service on the same file (a second process) holds the same version in its cache: its move at
    that version is refused as a stale board, the log keeps one action, and it then sees the winner's move."""
    gid = await started_game(service)
    if backend == "sqlite":
        other_store: GameStore = await SqliteStore.open(db_path, exclusive=False)  # a second process, lock aside
    else:
        other_store = await open_store()
    try:
        other = GameService(other_store, clock)
        info = await other.game(gid)  # both caches hold version 0
        assert info.version == 0 and info.to_act_user is not None
        mine, theirs = (await legal_codes(service, gid))[:2]
        await service.play(gid, info.to_act_user, mine, expected_version=0, request_id="first")
        with pytest.raises(StaleBoard):
            await other.play(gid, info.to_act_user, theirs, expected_version=0, request_id="second")
        assert [(a.request_id, a.code) for a in await other.actions(gid)] == [("first", mine)]
        assert (await other.game(gid)).version == 1 and await other.verify(gid)
        state = await other.state(gid)  # the loser's cache now holds the winner's move, not its own
        assert state is not None and state.history() == [(0, mine)]
    finally:
        await other_store.close()


async def test_a_migration_that_fails_half_way_leaves_the_database_as_it_was(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = await SqliteStore.open(db_path)
    version = await store.schema_version()
    await store.close()
    broken = "CREATE TABLE half_done (x INTEGER);\nINSERT INTO half_done VALUES (1);\nTHIS IS NOT SQL;"
    monkeypatch.setattr(sqlite_store, "MIGRATIONS", (*sqlite_store.MIGRATIONS, Step(broken)))
    monkeypatch.setattr(sqlite_store, "SCHEMA_VERSION", version + 1)
    with pytest.raises(StoreUnavailable, match="syntax error"):  # one sentence naming the path and the cause
        await SqliteStore.open(db_path)
    con = sqlite3.connect(db_path)
    try:
        assert con.execute("PRAGMA user_version").fetchone()[0] == version
        assert con.execute("SELECT count(*) FROM sqlite_master WHERE name = 'half_done'").fetchone()[0] == 0
    finally:
        con.close()
    monkeypatch.undo()
    reopened = await SqliteStore.open(db_path)  # the real migrations still open it
    assert await reopened.schema_version() == version
    await reopened.close()


async def test_a_failed_migration_rolls_back_on_the_live_connection(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Run by an open store, the failed script's first statements are undone on that same connection, and
    the store still takes transactions (it is not left inside the failed one)."""
    store = await SqliteStore.open(db_path)
    try:
        version = await store.schema_version()
        broken = "CREATE TABLE half_done (x INTEGER);\nTHIS IS NOT SQL;"
        monkeypatch.setattr(sqlite_store, "MIGRATIONS", (*sqlite_store.MIGRATIONS, Step(broken)))
        monkeypatch.setattr(sqlite_store, "SCHEMA_VERSION", version + 1)
        with pytest.raises(sqlite3.Error):
            await store.migrate()
        assert await store.schema_version() == version
        async with store.transaction() as tx:
            assert await tx.game(1) is None
        async with store.reading() as tx:
            assert await tx.users([5]) is not None
        assert not await _has_table(store, "half_done")
    finally:
        await store.close()


async def _has_table(store: SqliteStore, name: str) -> bool:
    async with store.reading() as tx:
        rows = await tx._rows("SELECT count(*) FROM sqlite_master WHERE name = ?", (name,))
    return bool(rows[0][0])
