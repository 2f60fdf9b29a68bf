"""Opening a SQLite database: each refusal names the cause in one sentence, and what passes is left intact."""

from __future__ import annotations

import fcntl
import os
import sqlite3
from pathlib import Path

import pytest

from bot.service import GameService
from bot.store import SqliteStore, StoreUnavailable
from bot.store.errors import DatabaseInUse
from bot.store.lock import InstanceLock, holder, lock_path
from bot.store.shards import Shards
from bot.store.startup import SQLITE_HEADER, _header_pages, preflight, unavailable
from tests.bot.service.conftest import FakeClock


@pytest.mark.parametrize(("error", "cause"), [
    ("attempt to write a readonly database", "cannot be written"),
    ("file is not a database", "not a SQLite database"),
    ("database disk image is malformed", "damaged (SQLite: database disk image is malformed)"),
    ("unable to open database file", "SQLite cannot open or create it"),
    ("database is locked", "stayed locked by another process"),
    ("disk I/O error", "SQLite refused it (disk I/O error)"),
])
def test_each_sqlite_error_at_open_becomes_one_sentence(error: str, cause: str) -> None:
    refusal = unavailable(Path("/data/games.sqlite3"), sqlite3.OperationalError(error))
    assert refusal.where == "/data/games.sqlite3" and cause in refusal.cause
    assert str(refusal).startswith("Cannot use the database /data/games.sqlite3: ") and refusal.way_out


def test_a_path_that_cannot_hold_a_database_is_refused(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreUnavailable, match="its directory cannot be created"):
        preflight(blocker / "sub" / "games.sqlite3")
    (tmp_path / "dir.sqlite3").mkdir()
    with pytest.raises(StoreUnavailable, match="it is not a file"):
        preflight(tmp_path / "dir.sqlite3")
    assert blocker.read_text() == "x"


def test_only_a_header_with_a_valid_page_count_can_call_a_file_truncated() -> None:
    head = bytearray(SQLITE_HEADER + bytes(84))
    head[16:18] = (1).to_bytes(2, "big")  # 1 means 65536
    head[28:32] = (3).to_bytes(4, "big")
    assert _header_pages(bytes(head)) == (65536, 3)  # change counter 0 == valid-for 0
    head[24:28] = (5).to_bytes(4, "big")
    assert _header_pages(bytes(head)) is None  # written by a SQLite that did not keep the count
    head[24:28] = head[28:32] = bytes(4)
    assert _header_pages(bytes(head)) is None  # no page count recorded
    assert _header_pages(SQLITE_HEADER) is None  # too short to hold one


async def test_a_short_file_with_a_sqlite_header_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    path.write_bytes(SQLITE_HEADER + b"\x00" * 20)
    preflight(path)  # too short to know its size: SQLite itself must refuse it
    with pytest.raises(StoreUnavailable, match=r"not a SQLite database|damaged|refused"):
        await SqliteStore.open(path)
    assert path.read_bytes() == SQLITE_HEADER + b"\x00" * 20
    second = await SqliteStore.open(tmp_path / "other.sqlite3")  # the instance lock was released
    await second.close()


async def test_an_in_memory_store_checks_and_backs_up_to_a_file(tmp_path: Path) -> None:
    store = await SqliteStore.open(":memory:")
    try:
        service = GameService(store, FakeClock())
        info = await service.create_game(channel_id=3, creator_id=1, ruleset="spectacle", players=2, seed=4)
        assert await store.quick_check() == []
        copy = await store.backup(tmp_path / "backups" / "copy.sqlite3")
    finally:
        await store.close()
    async with await SqliteStore.open(copy) as restored, restored.reading() as tx:
        row = await tx.game(info.game_id)
    assert row is not None and row.ruleset == "spectacle" and row.channel_id == 3


async def test_options_that_skip_the_lock_the_check_and_the_wal_bound_still_open_a_sound_store(
    tmp_path: Path,
) -> None:
    path = tmp_path / "games.sqlite3"
    first = await SqliteStore.open(path, exclusive=False, check=False, wal_limit_mb=0, checkpoint_interval=0)
    second = await SqliteStore.open(path, exclusive=False)  # no instance lock: tools beside a running bot
    try:
        async with first.transaction() as tx:
            await tx.set_notified(1, FakeClock()())
        async with second.reading() as tx:
            assert (await tx.users([1]))[1].last_notified_at == FakeClock()()
    finally:
        await first.close()
        await second.close()


def test_a_lock_held_without_a_pid_and_a_lock_file_that_cannot_open_are_refused(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    lock = lock_path(db)
    lock.mkdir()  # a directory where the lock file should be
    with pytest.raises(StoreUnavailable, match=r"its lock file .* cannot be opened"):
        InstanceLock.acquire(db)
    lock.rmdir()
    fd = os.open(lock, os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # held by something that never wrote its pid
        assert holder(db) == 0
        with pytest.raises(DatabaseInUse) as refused:
            InstanceLock.acquire(db)
        assert refused.value.pid is None and "(pid" not in str(refused.value)
    finally:
        os.close(fd)
    assert holder(db) is None
    mine = InstanceLock.acquire(db)
    assert holder(db) == os.getpid()
    mine.release()


def test_shards_must_name_at_least_one_of_at_least_one() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        Shards(0, frozenset({0}))
    with pytest.raises(ValueError, match="names no shard"):
        Shards(2, frozenset())
    assert Shards.parse(" , ", 3).ids == {0, 1, 2}  # nothing named: every shard
    assert str(Shards.parse("2,0", 3)) == "0,2 of 3"
