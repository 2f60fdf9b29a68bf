"""Operator commands on real SQLite files: backup, restore, check, health, and the backup before a migration.

The commands run through ``python -m bot``'s ``main`` in the test process; a separate process is started where
the process boundary matters (a restore refused because another process, a stand-in for the running bot, holds
the database open).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import os
import sqlite3
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

import engine
from bot import admin
from bot.service import GameService
from bot.store import SqliteStore
from bot.store.schema import MIGRATIONS, SCHEMA_VERSION

ROOT = Path(__file__).resolve().parents[2]
T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


async def fill(path: Path, games: int, *, moves: int = 3, first_channel: int = 1000) -> None:
    """``games`` started 2-player base games with ``moves`` moves each, through the real service and store."""
    store = await SqliteStore.open(path)
    try:
        service = GameService(store, lambda: T0)
        for i in range(games):
            info = await service.create_game(channel_id=first_channel + i, creator_id=1, guild_id=77, players=2,
                                             seed=i)
            await service.join(info.game_id, 2)
            out = await service.start(info.game_id, 1)
            for k in range(moves):
                assert out.state is not None and out.game.to_act_user is not None
                code = str(engine.legal_actions(out.state)[0])
                out = await service.play(info.game_id, out.game.to_act_user, code,
                                         expected_version=out.game.version, request_id=f"{first_channel}-{i}-{k}")
    finally:
        await store.close()


def games_in(path: Path) -> int:
    with admin.read_only(path) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM games").fetchone()[0])


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``python -m bot ARGS`` run in ``cwd`` in this process (no interpreter start-up, and measured by coverage),
    with no ``SPLENDOR_*`` variable set: exit code, stdout and stderr as a finished process would give them."""
    from bot.__main__ import main

    out, err = io.StringIO(), io.StringIO()
    saved = {k: os.environ.pop(k) for k in list(os.environ) if k.startswith("SPLENDOR_")}
    here = os.getcwd()
    os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(list(args))
            except SystemExit as exit_:  # argparse refusals
                code = int(exit_.code or 0)
    finally:
        os.chdir(here)
        os.environ.update(saved)
    return subprocess.CompletedProcess(["python", "-m", "bot", *args], code, out.getvalue(), err.getvalue())


def damage(path: Path) -> None:
    """Overwrite the middle pages with garbage (the header stays readable: the file opens, checks fail)."""
    size = path.stat().st_size
    with open(path, "r+b") as f:
        f.seek(4096 * 2)
        f.write(os.urandom(min(size - 4096 * 2, 4096 * 3)))


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "splendor.sqlite3"
    asyncio.run(fill(path, 4))
    return path


# ---------------------------------------------------------------------- backup
async def test_backup_is_a_consistent_copy_taken_while_the_store_writes(tmp_path: Path) -> None:
    path = tmp_path / "live.sqlite3"
    await fill(path, 2)
    store = await SqliteStore.open(path)  # open, in WAL mode, as the running bot has it
    try:
        async with store.transaction() as tx:  # a commit still in the WAL, not checkpointed
            await tx.add_vacation(5, T0, T0)
        copy = await asyncio.to_thread(admin.backup_database, path, tmp_path / "copy.sqlite3")
    finally:
        await store.close()
    with admin.read_only(copy) as conn:
        assert admin.integrity_problems(conn) == []
        assert conn.execute("SELECT COUNT(*) FROM vacations").fetchone()[0] == 1
        assert admin.schema_version(conn) == SCHEMA_VERSION
    assert games_in(copy) == 2
    assert not list(tmp_path.glob("*.partial"))
    assert not list(tmp_path.glob("copy.sqlite3-*"))  # a backup is one file, in rollback-journal mode
    with admin.read_only(copy) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"


def test_backup_cli_names_a_file_in_a_directory_and_never_overwrites(db: Path, tmp_path: Path) -> None:
    done = cli("backup", f"{tmp_path / 'backups'}/", "--database", str(db), cwd=tmp_path)  # created
    assert done.returncode == 0, done.stderr
    (made,) = (tmp_path / "backups").iterdir()
    assert made.name.startswith("splendor-") and made.suffix == ".sqlite3"
    assert games_in(made) == 4
    again = cli("backup", str(made), "--database", str(db), cwd=tmp_path)
    assert again.returncode == 1 and "exists already" in again.stderr


def test_backup_of_a_missing_database_creates_nothing(tmp_path: Path) -> None:
    done = cli("backup", str(tmp_path / "b.sqlite3"), "--database", str(tmp_path / "nope.sqlite3"), cwd=tmp_path)
    assert done.returncode == 1 and "no such database file" in done.stderr
    assert not (tmp_path / "nope.sqlite3").exists() and not (tmp_path / "b.sqlite3").exists()


# ---------------------------------------------------------------------- check
def test_check_reports_schema_and_counts(db: Path, tmp_path: Path) -> None:
    done = cli("check", "--database", str(db), cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "integrity: ok" in done.stdout
    assert f"schema: version {SCHEMA_VERSION} (this bot: {SCHEMA_VERSION}, current)" in done.stdout
    assert "4 active" in done.stdout and "actions: 12" in done.stdout
    as_json = json.loads(cli("check", "--json", "--database", str(db), cwd=tmp_path).stdout)
    assert as_json["counts"]["games_active"] == 4 and as_json["counts"]["timers"] == 4
    assert as_json["problems"] == []


def test_check_finds_damage_and_points_at_restore(db: Path, tmp_path: Path) -> None:
    damage(db)
    done = cli("check", "--database", str(db), cwd=tmp_path)
    assert done.returncode == 1
    assert "PROBLEM: damaged" in done.stdout and "python -m bot restore" in done.stdout


def test_check_refuses_a_newer_schema(db: Path, tmp_path: Path) -> None:
    with sqlite3.connect(db) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    done = cli("check", "--database", str(db), cwd=tmp_path)
    assert done.returncode == 1 and "newer than this bot" in done.stdout


# ---------------------------------------------------------------------- restore
HOLDER = """
import asyncio, sys
from bot.store import SqliteStore

async def main():
    store = await SqliteStore.open(sys.argv[1])
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    await store.close()

asyncio.run(main())
"""


def test_restore_is_refused_while_a_bot_holds_the_database_then_done(db: Path, tmp_path: Path) -> None:
    backup = admin.backup_database(db, tmp_path / "backup.sqlite3")
    asyncio.run(fill(db, 3, first_channel=5000))  # played on after the backup
    assert games_in(db) == 7
    bot = subprocess.Popen([sys.executable, "-c", HOLDER, str(db)], cwd=ROOT, stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert bot.stdout is not None and bot.stdout.readline().strip() == "ready"
        refused = cli("restore", str(backup), "--database", str(db), cwd=tmp_path)
        assert refused.returncode == 1
        assert f"a bot (pid {bot.pid}) is using {db}: stop it first (systemctl stop splendor," in refused.stderr
        assert "nothing was changed" in refused.stderr
    finally:
        bot.communicate("stop\n", timeout=60)
    assert games_in(db) == 7
    done = cli("restore", str(backup), "--database", str(db), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert games_in(db) == 4
    (saved,) = tmp_path.glob("splendor.before-restore-*.sqlite3")
    assert games_in(saved) == 7  # what was replaced is kept
    assert cli("check", "--database", str(db), cwd=tmp_path).returncode == 0


async def test_the_store_opens_a_restored_database(db: Path, tmp_path: Path) -> None:
    backup = admin.backup_database(db, tmp_path / "b.sqlite3")
    await fill(db, 1, first_channel=7000)
    admin.restore_database(backup, db)
    store = await SqliteStore.open(db)
    try:
        async with store.reading() as tx:
            assert await tx.game_for_channel(7000) is None
            assert await tx.game_for_channel(1000) is not None
    finally:
        await store.close()


def test_restore_checks_the_copy_first(db: Path, tmp_path: Path) -> None:
    before = db.read_bytes()
    broken = admin.backup_database(db, tmp_path / "broken.sqlite3")
    damage(broken)
    with pytest.raises(admin.AdminError, match="is damaged"):
        admin.restore_database(broken, db)
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE notes (x)")
    with pytest.raises(admin.AdminError, match="not a Splendor database"):
        admin.restore_database(other, db)
    newer = admin.backup_database(db, tmp_path / "newer.sqlite3")
    with sqlite3.connect(newer) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(admin.AdminError, match="newer than this bot"):
        admin.restore_database(newer, db)
    assert db.read_bytes() == before
    assert not list(tmp_path.glob("*before-restore*"))


def test_restore_onto_a_new_machine_creates_the_database(db: Path, tmp_path: Path) -> None:
    target = tmp_path / "new" / "data" / "splendor.sqlite3"
    assert admin.restore_database(db, target) is None
    assert games_in(target) == 4


# ---------------------------------------------------------------------- upgrade
def old_database(path: Path, version: int) -> None:
    """A database as release ``version`` of the schema left it."""
    with sqlite3.connect(path) as conn:
        for number in range(version):
            conn.executescript(MIGRATIONS[number].sqlite)
        conn.execute("INSERT INTO games (channel_id, creator_id, ruleset, max_players, seed, created_at)"
                     " VALUES (1, 1, 'base', 2, 1, '2026-01-01T00:00:00+00:00')")
        conn.execute(f"PRAGMA user_version = {version}")


async def test_an_old_database_is_copied_before_it_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "splendor.sqlite3"
    old_database(path, SCHEMA_VERSION - 1)
    saved = admin.backup_before_migration(path, SCHEMA_VERSION, now=T0)
    assert saved is not None and saved.name == f"splendor.pre-v{SCHEMA_VERSION - 1}-20260302T120000Z.sqlite3"
    store = await SqliteStore.open(path)
    await store.close()
    with admin.read_only(saved) as conn:
        assert admin.schema_version(conn) == SCHEMA_VERSION - 1  # going back = restoring this with the old release
    with admin.read_only(path) as conn:
        assert admin.schema_version(conn) == SCHEMA_VERSION
    assert admin.backup_before_migration(path, SCHEMA_VERSION) is None  # nothing left to migrate


def test_no_copy_for_a_new_database(tmp_path: Path) -> None:
    assert admin.backup_before_migration(tmp_path / "absent.sqlite3", SCHEMA_VERSION) is None
    (tmp_path / "empty.sqlite3").touch()
    assert admin.backup_before_migration(tmp_path / "empty.sqlite3", SCHEMA_VERSION) is None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.sqlite3"]


# ---------------------------------------------------------------------- health
def test_health_reads_the_heartbeat(tmp_path: Path) -> None:
    beat = tmp_path / "health.json"
    ok, message = admin.read_health(beat, 30)
    assert not ok and "no heartbeat yet" in message
    admin.write_health(beat, {"at": 1000.0, "pid": 1, "status": "ok", "shards": 1, "guilds": 3, "latency_ms": 40})
    assert admin.read_health(beat, 30, now=1010.0) == (True, "ok: 1 shard(s), 3 server(s), latency 40 ms, "
                                                             "heartbeat 10 s ago")
    ok, message = admin.read_health(beat, 30, now=1100.0)
    assert not ok and message.startswith("stale")
    admin.write_health(beat, {"at": 1000.0, "pid": 1, "status": "connecting", "detail": "not connected"})
    ok, message = admin.read_health(beat, 30, now=1001.0)
    assert not ok and message.startswith("connecting")


def test_health_cli_exit_codes(tmp_path: Path) -> None:
    beat = tmp_path / "health.json"
    admin.write_health(beat, {"at": time.time(), "pid": 1, "status": "ok", "shards": 1, "guilds": 1})
    assert cli("health", "--file", str(beat), "--max-age", "60", cwd=tmp_path).returncode == 0
    admin.write_health(beat, {"at": time.time() - 120, "pid": 1, "status": "ok"})
    stale = cli("health", "--file", str(beat), "--max-age", "60", cwd=tmp_path)
    assert stale.returncode == 1 and "stale" in stale.stdout
    (tmp_path / ".env").write_text(f"SPLENDOR_HEALTH_FILE={beat}\nSPLENDOR_HEALTH_INTERVAL_S=60\n")
    assert cli("health", cwd=tmp_path).returncode == 0  # 120 s old, allowed 3 x 60 + 5


@pytest.mark.parametrize("how", ["pages", "header"])
def test_restore_over_a_damaged_database_keeps_the_damaged_file(db: Path, tmp_path: Path, how: str) -> None:
    backup = admin.backup_database(db, tmp_path / "good.sqlite3")
    if how == "pages":
        damage(db)
    else:
        with open(db, "r+b") as f:
            f.write(b"this is not a database header")
    assert cli("check", "--database", str(db), cwd=tmp_path).returncode == 1
    done = cli("restore", str(backup), "--database", str(db), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "kept as" in done.stdout
    assert games_in(db) == 4 and cli("check", "--database", str(db), cwd=tmp_path).returncode == 0
    (kept,) = tmp_path.glob("splendor.before-restore-*.sqlite3")
    assert kept.stat().st_size > 0


def test_operator_commands_refuse_missing_or_bad_settings_in_one_sentence(tmp_path: Path) -> None:
    """No heartbeat file configured, a heartbeat that is not JSON, a bad setting in .env, restoring a database
    onto itself: exit status 1 and one sentence each; no file is added."""
    missing = cli("health", cwd=tmp_path)
    assert (missing.returncode, missing.stdout) == (1, "")
    assert missing.stderr == "no heartbeat file: set SPLENDOR_HEALTH_FILE (or pass --file)\n"
    beat = tmp_path / "health.json"
    beat.write_text("{half a heartbeat", encoding="utf-8")
    garbled = cli("health", "--file", str(beat), "--max-age", "60", cwd=tmp_path)
    assert garbled.returncode == 1 and garbled.stdout.startswith(f"{beat}: unreadable heartbeat (")
    (tmp_path / ".env").write_text("SPLENDOR_SHARD_COUNT=0\n", encoding="utf-8")
    bad = cli("check", cwd=tmp_path)
    assert bad.returncode == 1 and bad.stderr.startswith("Invalid settings: SPLENDOR_SHARD_COUNT: ")
    assert len(bad.stderr.strip().splitlines()) == 1
    (tmp_path / ".env").unlink()
    db = tmp_path / "splendor.sqlite3"
    asyncio.run(fill(db, 0))
    def files() -> list[str]:  # SQLite's own -wal/-shm side files come and go with any connection
        return sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(("-wal", "-shm")))

    before = files()
    itself = cli("restore", str(db), "--database", str(db), cwd=tmp_path)
    assert (itself.returncode, itself.stderr) == (1, f"{db} is the database itself; nothing to do\n")
    assert files() == before  # no copy of the replaced database kept


# ---------------------------------------------------------------------- what operators read
def test_backup_and_restore_name_absolute_paths_when_given_relative_ones(db: Path, tmp_path: Path) -> None:
    """The guides show absolute paths; a message with ``backups/x`` leaves the operator guessing the folder."""
    os.link(db, tmp_path / "live.sqlite3")
    done = cli("backup", "b.sqlite3", "--database", "live.sqlite3", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert f"backed up {tmp_path / 'live.sqlite3'} to {tmp_path / 'b.sqlite3'} (" in done.stdout
    done = cli("restore", "b.sqlite3", "--database", "live.sqlite3", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    (saved,) = tmp_path.glob("live.before-restore-*.sqlite3")
    assert done.stdout == (f"restored {tmp_path / 'live.sqlite3'} from {tmp_path / 'b.sqlite3'} (checked); "
                           f"the database it replaced is kept as {saved}\n")
    (tmp_path / "junk.sqlite3").write_bytes(b"not a database at all" * 300)
    refused = cli("restore", "junk.sqlite3", "--database", "live.sqlite3", cwd=tmp_path)
    assert refused.returncode == 1 and refused.stderr.startswith(f"{tmp_path / 'junk.sqlite3'} "), refused.stderr


def test_restore_refused_while_the_web_pages_read_the_database_names_that_process(db: Path, tmp_path: Path) -> None:
    """The web pages' process (``python -m bot web``) keeps the file open: stopping the bot would not help."""
    from tests.webserver import free_port, web_process

    backup = admin.backup_database(db, tmp_path / "backup.sqlite3")
    port = free_port()
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("SPLENDOR_")}, "PYTHONPATH": str(ROOT)}
    argv = [sys.executable, "-P", "-m", "bot", "web", "--database", str(db), "--port", str(port)]
    with web_process(argv, f"http://127.0.0.1:{port}", tmp_path / "web.log", cwd=tmp_path, env=env) as web:
        refused = cli("restore", str(backup), "--database", str(db), cwd=tmp_path)
    assert refused.returncode == 1
    assert refused.stderr == (f"the web pages' process (pid {web.pid}) is using {db}: stop it first (systemctl stop "
                              "splendor-web, or docker compose stop web); nothing was changed\n")
    assert games_in(db) == 4


def test_check_into_a_reader_that_stops_early_ends_without_a_traceback(db: Path, tmp_path: Path) -> None:
    """``python -m bot check | head``: the reader is gone before the report is written."""
    read, write = os.pipe()
    os.close(read)  # deterministic: every write to the pipe fails with EPIPE
    try:
        done = subprocess.run([sys.executable, "-P", "-m", "bot", "check", "--database", str(db)], cwd=tmp_path,
                              stdout=write, stderr=subprocess.PIPE, text=True, timeout=120, check=False,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    finally:
        os.close(write)
    assert done.stderr == "" and done.returncode == 1


def test_a_second_web_demo_on_the_same_database_says_one_sentence(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """As the bot does for a database another process holds: no ``DatabaseInUse`` traceback."""
    from bot.store.lock import InstanceLock
    from bot.web import cli as web_cli

    demo = tmp_path / "web-demo.sqlite3"
    lock = InstanceLock.acquire(demo)  # the first demo, running
    try:
        code = web_cli.main(["--demo", "--demo-database", str(demo), "--port", "0"])
    finally:
        lock.release()
    err = capsys.readouterr().err
    assert code == 3
    assert err == (f"The demo database {demo} is in use by another process (pid {os.getpid()}): a demo is probably "
                   "running already; open its page or stop it first.\n")
