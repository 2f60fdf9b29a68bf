"""Bounded storage and steady work (issue 14): the WAL, the outbox, the game cache, the background loop."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.config import Settings
from bot.service import Delivery, GameService, ServiceSettings
from bot.service.core import ServiceCore
from bot.store import NewNotification, SqliteStore
from bot.store.sqlite_wal import WalKeeper
from tests.bot.service.conftest import FakeClock, minimal_code, outbox, started_game

BIG = {"blob": "x" * 3000}


async def _fill_wal(store: SqliteStore, transactions: int) -> None:
    for i in range(transactions):
        async with store.transaction() as tx:
            await tx.add_notifications(
                [NewNotification(user_id=i, kind="k", deliver_after=datetime(2026, 1, 1, tzinfo=UTC), params=BIG)],
                datetime(2026, 1, 1, tzinfo=UTC),
            )


def _wal(path: Path) -> int:
    wal = path.with_name(path.name + "-wal")
    return wal.stat().st_size if wal.exists() else 0


async def test_a_checkpoint_starts_the_wal_over_cut_to_its_limit_and_keeps_the_data(db_path: Path) -> None:
    store = await SqliteStore.open(db_path, checkpoint_interval=0, wal_limit_mb=1.0)  # rounds by hand
    try:
        await _fill_wal(store, 30)  # about 0.6 MB (5 pages each) from an empty WAL (opening checkpoints): under the
        # 3/4 MB backstop, whatever the schema's steps wrote
        grown = _wal(db_path)
        assert grown > 2**20 // 2
        assert await store.wal.checkpoint() == grown  # the whole WAL copied; the file is cut at the next commit
        await _fill_wal(store, 1)
        assert _wal(db_path) <= 2**20 // 4  # started over, cut to journal_size_limit
        assert store.wal.peak >= grown
        async with store.reading() as tx:
            assert len(await tx.notifications()) == 31
    finally:
        await store.close()


async def test_the_background_checkpointer_starts_the_wal_over_by_itself(db_path: Path) -> None:
    """The background loop runs checkpoint rounds on its own: the WAL is started over without any call.

    How fast it keeps up depends on the machine, so no size bound during the writes is asserted here (the
    rounds by hand and the commit backstop above and below are the deterministic checks; the benchmark
    reports the largest WAL under load); only that the loop does its work, waited for with a generous bound.
    """
    limit_mb = 1.0
    store = await SqliteStore.open(db_path, checkpoint_interval=0.01, wal_limit_mb=limit_mb)
    try:
        rows = list(await store._db.execute_fetchall("PRAGMA journal_size_limit"))
        assert rows[0][0] == int(limit_mb * 2**20) // 4
        await _fill_wal(store, 25)  # about 0.5 MB: past the loop's quarter, short of the commit backstop (3/4)
        # Up to 30 s (a loaded machine starves the loop), with a commit every half second: SQLite starts the WAL over
        # at the commit after a whole checkpoint; 60 small commits (a page each) stay short of the backstop, so
        # only the loop can cut it.
        for i in range(600):
            if _wal(db_path) <= 2**20 // 4:
                break
            await asyncio.sleep(0.05)
            if i % 10 == 9:
                async with store.transaction() as tx:
                    await tx.set_notified(1, datetime(2026, 1, 1, tzinfo=UTC))
        assert _wal(db_path) <= 2**20 // 4
        async with store.reading() as tx:
            assert len(await tx.notifications()) == 25
    finally:
        await store.close()


async def test_a_commit_truncates_the_wal_when_the_checkpointer_falls_behind(db_path: Path) -> None:
    store = await SqliteStore.open(db_path, checkpoint_interval=0, wal_limit_mb=1.0)  # no background loop
    try:
        sizes = []
        for _ in range(300):
            await _fill_wal(store, 1)
            sizes.append(_wal(db_path))
        assert max(sizes) <= 2**20 * 3 // 4 + 64 * 1024  # 3/4 of the limit, plus the one commit that passed it
        assert 0 in sizes  # it was truncated on the way
    finally:
        await store.close()


async def test_handled_notifications_are_pruned_after_the_retention_period(db_path: Path, clock: FakeClock) -> None:
    store = await SqliteStore.open(db_path)
    service = GameService(store, clock, ServiceSettings(outbox_retention=timedelta(days=2)))
    try:
        await started_game(service, turn_timer="none")  # a game_started and a your_turn notification
        sent: list[Delivery] = []

        async def deliver(d: Delivery) -> bool:
            sent.append(d)
            return True

        await service.background_round(deliver)
        handled = await outbox(service)
        assert handled and all(r.delivered_at is not None for r in handled)
        async with store.transaction() as tx:  # one still waiting (quiet hours, vacation...)
            await tx.add_notifications([NewNotification(user_id=7, kind="k", deliver_after=clock.now + timedelta(
                days=30))], clock.now)
        clock.advance(days=1)
        await service.background_round(deliver)
        assert len(await outbox(service)) == len(handled) + 1  # within the retention period: kept
        clock.advance(days=1, seconds=1)
        await service.background_round(deliver)
        assert [r.user_id for r in await outbox(service)] == [7]  # only the one still waiting is left
    finally:
        await store.close()


async def test_a_round_fires_every_due_clock_not_one_page(service: GameService, clock: FakeClock) -> None:
    service.timer_batch = 2
    games = [await started_game(service, (10 * i + 1, 10 * i + 2), channel=9000 + i) for i in range(5)]
    clock.advance(days=1)
    fired: list[int] = []

    async def on_outcome(outcome: object) -> None:
        fired.append(outcome.game_id)  # type: ignore[attr-defined]

    await service.background_round(on_outcome=on_outcome)
    assert sorted(fired) == games
    assert await service.run_due_timers() == []


async def test_a_round_delivers_every_due_notification_past_users_who_must_wait(
    service: GameService, clock: FakeClock
) -> None:
    service.delivery_batch = 2
    # User 1 was notified a minute ago: their many items wait (rate limit) and must not hide the others.
    async with service.store.transaction() as tx:
        await tx.add_notifications(
            [NewNotification(user_id=1, kind="k", deliver_after=clock.now) for _ in range(5)]
            + [NewNotification(user_id=u, kind="k", deliver_after=clock.now) for u in range(2, 9)],
            clock.now,
        )
    await service.set_notify(1, "dm")
    async with service.store.transaction() as tx:
        from dataclasses import replace

        (user,) = (await tx.users([1])).values()
        await tx.save_user(replace(user, last_notified_at=clock.now - timedelta(minutes=1)))
    service._users.clear()
    sent: list[int] = []

    async def deliver(d: Delivery) -> bool:
        sent.append(d.user_id)
        return True

    await service.background_round(deliver)
    assert sorted(sent) == list(range(2, 9))
    assert {r.user_id for r in await outbox(service) if r.delivered_at is None} == {1}


@pytest.mark.parametrize("backend", ["sqlite"])  # SQLite's one-connection lock (PostgreSQL pools connections)
async def test_a_cache_miss_rebuilds_outside_the_store_lock(
    store: SqliteStore, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = GameService(store, clock, ServiceSettings(cache_size=1, snapshot_every=4))
    a = await started_game(service, (1, 2), channel=1)
    b = await started_game(service, (3, 4), channel=2)
    rebuild = ServiceCore._rebuild
    held: list[bool] = []

    def spy(*args: object, **kw: object) -> object:
        held.append(store._lock.locked())
        return rebuild(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(ServiceCore, "_rebuild", staticmethod(spy))
    for n in range(10):  # the two games alternate: every load misses the one-game cache
        for gid in (a, b):
            info = await service.game(gid)
            code = await minimal_code(service, gid)
            await service.play(gid, info.to_act_user or 0, code, expected_version=info.version,
                               request_id=f"{gid}-{n}")
    assert service.cache_misses >= 20 and service.cache_hits >= 20 and held and not any(held)
    monkeypatch.undo()
    assert await service.verify(a) and await service.verify(b)


def test_storage_settings_reach_the_service(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)  # no stray .env
    defaults = Settings().service_settings()
    assert defaults.cache_size == 10_000 and defaults.outbox_retention == timedelta(days=7)
    monkeypatch.setenv("SPLENDOR_GAME_CACHE_SIZE", "500")
    monkeypatch.setenv("SPLENDOR_OUTBOX_RETENTION_DAYS", "0.5")
    monkeypatch.setenv("SPLENDOR_CHECK_DATABASE_AT_START", "false")
    settings = Settings()
    service = settings.service_settings()
    assert service.cache_size == 500 and service.outbox_retention == timedelta(hours=12)
    assert settings.check_database_at_start is False


async def test_a_passive_checkpoint_reports_how_many_frames_are_in_the_database_file(db_path: Path) -> None:
    """The checkpointer's catch-up rounds (``WalKeeper._round``) pace themselves on this count."""
    import aiosqlite

    store = await SqliteStore.open(db_path, checkpoint_interval=0)
    side = await aiosqlite.connect(str(db_path), isolation_level=None)
    try:
        await _fill_wal(store, 5)
        copied = await WalKeeper._passive(side)
        [(busy, frames, done)] = list(await side.execute_fetchall("PRAGMA wal_checkpoint(PASSIVE)"))
        assert copied > 0 and (busy, frames, done) == (0, copied, copied)  # all of the WAL, copied the first time
    finally:
        await side.close()
        await store.close()


async def test_a_store_closed_while_its_checkpointer_connects_leaves_no_connection_behind(
        db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The checkpointer opens a connection of its own as the store opens; a store closed at once (the bot failing
    to reach Discord) cancelled that opening half-way and returned while the connection still opened in its thread,
    which then reported to an event loop already closed ("Event loop is closed" at exit).  Stopping now waits for
    the opening and closes the connection: nothing is left running in its thread when ``stop`` returns."""
    import sqlite3
    import threading

    import aiosqlite.core

    gate, opening, opened = threading.Event(), threading.Event(), threading.Event()
    real = sqlite3.connect

    def slow(*args: object, **kwargs: object) -> sqlite3.Connection:
        opening.set()
        gate.wait(10)  # the checkpointer's connection opens only once the keeper is being stopped
        try:
            return real(*args, **kwargs)  # type: ignore[arg-type]
        finally:
            opened.set()

    db = await aiosqlite.connect(str(db_path))
    keeper = WalKeeper(db_path, asyncio.Lock())
    monkeypatch.setattr(aiosqlite.core.sqlite3, "connect", slow)
    await keeper.start(db, 0.01, 1.0)
    await asyncio.to_thread(opening.wait, 10)

    async def stop() -> bool:
        await keeper.stop()
        return opened.is_set()  # the opening in the connection's thread is over

    stopping = asyncio.create_task(stop())
    await asyncio.sleep(0.05)
    gate.set()
    done_when_stopped = await stopping
    monkeypatch.setattr(aiosqlite.core.sqlite3, "connect", real)
    await asyncio.to_thread(opened.wait, 10)
    await db.close()
    assert done_when_stopped, "stop returned while the checkpointer's connection was still opening"
