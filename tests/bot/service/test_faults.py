"""Start-up faults (issue 14): each injected for real, each refused with one sentence naming the path.

The in-process tests check the store's refusals (and that nothing is left open: no worker
thread, no lock).  The subprocess tests run ``python -m bot`` as an operator would, with a
dummy token and no network: the database is checked before logging in, so the process exits
with status 3 and one line on stderr, although aiosqlite starts a (non-daemon) thread.
Read-only faults need the kernel to refuse writes: as root the child drops the capabilities
that bypass file permissions.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.bench.service import drop_permission_bypass, start_bot
from bot.service import GameService
from bot.store import DatabaseDamaged, DatabaseInUse, SqliteStore, StoreUnavailable
from bot.store.lock import InstanceLock, holder, lock_path
from tests.bot.service.conftest import FakeClock, minimal_code, started_game


@pytest.fixture
def backend() -> str:
    """Faults of a SQLite file (PostgreSQL's own start-up refusals: test_shards.py, test_pg_store.py)."""
    return "sqlite"

ROOT = Path(__file__).resolve().parents[3]
PAGE = 4096


async def _game_db(path: Path, games: int = 3) -> None:
    """A database with games, log rows and outbox rows, checkpointed into the file."""
    store = await SqliteStore.open(path)
    service = GameService(store, FakeClock())
    for i in range(games):
        gid = await started_game(service, (10 * i + 1, 10 * i + 2), channel=9000 + i)
        info = await service.game(gid)
        code = await minimal_code(service, gid)
        await service.play(gid, info.to_act_user or 0, code, expected_version=0, request_id=f"r{i}")
    await store.close()


def _root_page(path: Path, table: str) -> int:
    con = sqlite3.connect(path)
    try:
        (root,) = con.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()
        return int(root)
    finally:
        con.close()


def _smash_page(path: Path, page: int) -> None:
    """Overwrite a b-tree page's header with garbage (a bad sector, a torn copy)."""
    with path.open("r+b") as f:
        f.seek((page - 1) * PAGE)
        f.write(b"\xff" * 64)


def _no_new_threads(before: set[threading.Thread]) -> None:
    """Every thread started since ``before`` ends (aiosqlite's worker ends once its connection is closed)."""
    for thread in set(threading.enumerate()) - before:
        thread.join(timeout=30)  # a guard against hanging the suite, not a timing assertion
        assert not thread.is_alive(), "a refused open left aiosqlite's thread running"


async def _refused(path: Path, **kw: bool) -> StoreUnavailable:
    before = set(threading.enumerate())
    with pytest.raises(StoreUnavailable) as info:
        await SqliteStore.open(path, **kw)
    _no_new_threads(before)
    assert holder(path) is None, "a refused open kept the instance lock"
    assert str(path) in str(info.value) and str(info.value).count(".") >= 1
    return info.value


# ---------------------------------------------------------------------- in process
async def test_a_file_that_is_not_sqlite_is_refused_and_left_alone(db_path: Path) -> None:
    db_path.write_bytes(b"this is a text file, not a database\n" * 200)
    exc = await _refused(db_path)
    assert "not a SQLite database" in str(exc) and "restore" in str(exc)
    assert db_path.read_bytes().startswith(b"this is a text file")


async def test_a_truncated_file_is_refused(db_path: Path) -> None:
    await _game_db(db_path)
    data = db_path.read_bytes()
    db_path.write_bytes(data[: len(data) // 2])
    exc = await _refused(db_path)
    assert "truncated" in str(exc)


async def test_a_zero_byte_file_is_refused_not_turned_into_a_new_database(db_path: Path) -> None:
    db_path.touch()
    exc = await _refused(db_path)
    assert "empty (0 bytes)" in str(exc) and "delete the empty file" in str(exc)
    assert db_path.stat().st_size == 0


async def test_a_missing_file_is_created(tmp_path: Path) -> None:
    path = tmp_path / "new" / "dir" / "games.sqlite3"
    store = await SqliteStore.open(path)
    await store.close()
    assert path.read_bytes().startswith(b"SQLite format 3\x00")


async def test_damage_is_found_at_start_naming_the_table_and_on_demand(db_path: Path) -> None:
    await _game_db(db_path)
    _smash_page(db_path, _root_page(db_path, "outbox"))
    exc = await _refused(db_path)
    assert isinstance(exc, DatabaseDamaged) and exc.damaged == ["outbox"]
    assert "damaged in outbox" in str(exc) and "python -m bot restore" in str(exc)
    # Started without the check (the operator's choice), the same damage is reported on demand.
    store = await SqliteStore.open(db_path, check=False)
    try:
        problems = await store.quick_check()
    finally:
        await store.close()
    assert problems[0] == "damaged: outbox" and len(problems) > 1


async def test_a_sound_database_passes_the_check(store: SqliteStore, service: GameService) -> None:
    await started_game(service)
    assert await store.quick_check() == []


async def test_a_second_instance_is_refused_naming_the_holder(db_path: Path) -> None:
    first = await SqliteStore.open(db_path)
    try:
        before = set(threading.enumerate())
        with pytest.raises(DatabaseInUse) as info:
            await SqliteStore.open(db_path)
        _no_new_threads(before)
        assert info.value.pid == os.getpid() == holder(db_path)
        assert f"another bot is already using this database (pid {os.getpid()})" in str(info.value)
    finally:
        await first.close()
    assert holder(db_path) is None
    second = await SqliteStore.open(db_path)  # free again once the first one stopped
    await second.close()


def test_the_lock_outlives_no_process(tmp_path: Path) -> None:
    """A killed bot leaves the lock file behind, not the lock: the kernel drops a dead process's flock."""
    db = tmp_path / "games.sqlite3"
    code = (
        "import sys, pathlib; from bot.store.lock import InstanceLock; "
        f"InstanceLock.acquire(pathlib.Path({str(db)!r})); print('held', flush=True); sys.stdin.read()"
    )
    child = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "held"
        assert holder(db) == child.pid
        with pytest.raises(DatabaseInUse, match=f"pid {child.pid}"):
            InstanceLock.acquire(db)
    finally:
        child.kill()
        child.wait()
    assert lock_path(db).exists() and holder(db) is None
    InstanceLock.acquire(db).release()


async def test_a_game_row_and_its_log_are_read_in_one_transaction(store: SqliteStore, db_path: Path,
                                                                  clock: FakeClock) -> None:
    """Another writer commits between the two reads: both still see the same version."""
    service = GameService(store, clock)
    gid = await started_game(service)
    other = sqlite3.connect(db_path, isolation_level=None, timeout=5)
    try:
        async with store.reading() as tx:
            row = await tx.game(gid)
            assert row is not None
            other.execute("BEGIN IMMEDIATE")
            other.execute("INSERT INTO actions (game_id, seq, seat, code, at) VALUES (?, 1, 0, 'take:wur', ?)",
                          (gid, datetime(2026, 3, 2, tzinfo=UTC).isoformat()))
            other.execute("UPDATE games SET version = 1 WHERE game_id = ?", (gid,))
            other.execute("COMMIT")
            log_rows = await tx.actions(gid)
        assert row.version == len(log_rows) == 0
        async with store.reading() as tx:
            assert (await tx.game(gid)).version == len(await tx.actions(gid)) == 1  # type: ignore[union-attr]
    finally:
        other.close()


# ---------------------------------------------------------------------- python -m bot, as an operator runs it
def _start_bot(db: Path, cwd: Path, *, unprivileged: bool = False) -> subprocess.CompletedProcess[str]:
    # The timeout only guards the test suite against the hang this test is about.
    return start_bot(db, cwd, unprivileged=unprivileged, timeout=120)


def _one_sentence(result: subprocess.CompletedProcess[str], db: Path, cause: str) -> None:
    assert result.returncode == 3, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"Cannot use the database {db}: ") and cause in lines[0], lines[0]


def _garbage(db: Path) -> None:
    db.write_bytes(b"\x00garbage" * 1000)


def _zero(db: Path) -> None:
    db.touch()


def _truncated(db: Path) -> None:
    data = db.read_bytes()
    db.write_bytes(data[: len(data) // 3])


def _damaged(db: Path) -> None:
    _smash_page(db, _root_page(db, "actions"))


@pytest.mark.parametrize(
    ("fault", "needs_db", "cause"),
    [
        (_garbage, False, "not a SQLite database"),
        (_zero, False, "empty (0 bytes)"),
        (_truncated, True, "truncated"),
        (_damaged, True, "damaged in actions"),
    ],
    ids=["garbage-header", "zero-bytes", "truncated", "damaged"],
)
async def test_python_m_bot_exits_at_once_on_a_bad_file(
    tmp_path: Path, fault: Callable[[Path], None], needs_db: bool, cause: str
) -> None:
    db = tmp_path / "data" / "games.sqlite3"
    if needs_db:
        await _game_db(db)
    else:
        db.parent.mkdir()
    fault(db)
    _one_sentence(_start_bot(db, tmp_path), db, cause)


def _can_drop_bypass() -> bool:
    if os.geteuid() != 0:
        return True
    probe = subprocess.run([sys.executable, "-c", "pass"], preexec_fn=drop_permission_bypass, capture_output=True)
    return probe.returncode == 0


@pytest.mark.skipif(not _can_drop_bypass(), reason="cannot drop root's permission bypass here")
@pytest.mark.parametrize("what", ["file", "directory"])
async def test_python_m_bot_refuses_a_read_only_database(tmp_path: Path, what: str) -> None:
    data = tmp_path / "data"
    db = data / "games.sqlite3"
    await _game_db(db)
    for leftover in data.iterdir():  # a clean shutdown leaves only the database and its lock file
        if leftover != db:
            leftover.unlink()
    (db if what == "file" else data).chmod(0o444 if what == "file" else 0o555)
    try:
        result = _start_bot(db, tmp_path, unprivileged=True)
    finally:
        data.chmod(0o755)
        db.chmod(0o644)
    _one_sentence(result, db, "the file is read-only" if what == "file" else f"its directory {data} is read-only")


async def test_python_m_bot_refuses_to_run_beside_another_bot(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    store = await SqliteStore.open(db)
    try:
        result = _start_bot(db, tmp_path)
    finally:
        await store.close()
    _one_sentence(result, db, f"another bot is already using this database (pid {os.getpid()})")
