"""``python -m bot check|backup|restore --database postgresql://…``: the operator commands on PostgreSQL, with the
``pg_dump``/``pg_restore`` of the test server's package (docs/postgresql.md, "Backups")."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncpg
import pytest

from bot.__main__ import main
from bot.service import GameService
from bot.store.postgres import PostgresStore
from tests.bot.service.conftest import FakeClock
from tests.conftest import new_database


@pytest.fixture
def backend() -> str:
    return "sqlite"


async def command(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``python -m bot ARGS`` in this process (its own event loop, so in a thread): exit status, stdout, stderr."""
    code = await asyncio.to_thread(main, args)
    out, err = capsys.readouterr()
    return code, out, err


async def games(url: str, clock: FakeClock, channels: range) -> PostgresStore:
    """The store (open, as a running bot's) with a started game in each of ``channels``."""
    store = await PostgresStore.open(url)
    service = GameService(store, clock)
    for channel in channels:
        game = await service.create_game(channel_id=channel, creator_id=1, ruleset="base", players=2, seed=5)
        await service.join(game.game_id, 2)
        await service.start(game.game_id, 1)
    return store


async def test_check_backup_and_restore_on_postgresql(fresh_pg_url: str, clock: FakeClock, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    url = fresh_pg_url
    store = await games(url, clock, range(1, 3))
    code, out, err = await command(["check", "--database", url], capsys)
    assert code == 0, out + err
    assert f"database: {url} " in out  # the URL as given (no password here), not mangled into a path
    assert "integrity: ok (every table read; the log of the latest started games against their rows; " in out
    assert "games: 0 in lobby, 2 active, 0 over, 0 aborted" in out
    assert "bots connected: " in out and "bots connected: none" not in out  # the open store is a bot's

    code, out, err = await command(["backup", "--database", url, f"{tmp_path}/backups/"], capsys)
    assert code == 0, err
    dump = next((tmp_path / "backups").glob("splendor-*.dump"))
    assert out.startswith(f"backed up {url} to {dump} (") and "pg_dump, checked" in out
    code, _, err = await command(["backup", "--database", url, str(dump)], capsys)
    assert code == 1 and "exists already" in err  # never overwritten

    await store.close()
    store = await games(url, clock, range(3, 4))  # a third game after the backup
    code, out, err = await command(["restore", "--database", url, str(dump)], capsys)
    assert code == 1 and "a bot is connected to" in err and "nothing was changed" in err
    await store.close()
    code, out, err = await command(["restore", "--database", url, str(dump)], capsys)
    assert code == 0, err
    assert out.startswith(f"restored {url} from {dump} (pg_restore); the database it replaced is kept as ")
    saved = Path(out.rsplit(" kept as ", 1)[1].strip())
    assert saved.is_file() and saved.name.startswith("splendor.before-restore-")
    code, out, _ = await command(["check", "--database", url], capsys)
    assert code == 0 and "games: 0 in lobby, 2 active, 0 over, 0 aborted" in out  # the third game is gone

    store = await PostgresStore.open(url)  # the bot runs on the restored database, its ids continuing
    try:
        game = await GameService(store, clock).create_game(channel_id=9, creator_id=1, ruleset="base", players=2)
        assert game.game_id == 3
    finally:
        await store.close()


async def test_postgresql_refusals_are_one_sentence(pg_url: str, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    empty = await new_database(pg_url)
    code, out, err = await command(["check", "--database", empty], capsys)
    assert code == 1 and "PROBLEM: not a Splendor database (no store_migrations table)" in out, out + err
    code, _, err = await command(["backup", "--database", empty, str(tmp_path / "x.dump")], capsys)
    assert code == 1 and err.startswith(f"{empty} is not a Splendor database") and len(err.splitlines()) == 1
    assert not (tmp_path / "x.dump").exists() and not (tmp_path / "x.dump.partial").exists()
    not_a_dump = tmp_path / "notes.dump"
    not_a_dump.write_text("hello")
    code, _, err = await command(["restore", "--database", empty, str(not_a_dump)], capsys)
    assert code == 1 and err.startswith(f"reading {not_a_dump} failed (") and len(err.splitlines()) == 1
    code, _, err = await command(["check", "--database", "postgresql://splendor:secret@127.0.0.1:9/x"], capsys)
    assert code == 1 and err.startswith("cannot connect to postgresql://splendor:***@127.0.0.1:9/x (")
    assert "secret" not in err


def test_a_database_of_postgresqls_older_history_is_checked_and_restored_at_its_place_in_the_one_history() -> None:
    """``schema_migrations`` (before SQLite and PostgreSQL shared one history) counts in PostgreSQL's own numbers:
    its 5 is step 8 of the one history (not newer than this bot); a number it never had is newer."""
    from bot.pgadmin import _legacy
    from bot.store.schema import PG_LEGACY, SCHEMA_VERSION

    assert _legacy(5) == PG_LEGACY[5] == 8 <= SCHEMA_VERSION
    assert _legacy(3) == 7
    assert _legacy(max(PG_LEGACY) + 1) > SCHEMA_VERSION


async def test_the_operator_counts_are_the_same_on_both_databases(
        tmp_path: Path, fresh_pg_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    """One statement (bot.store.stats) counts for ``check`` on SQLite and ``db check`` on PostgreSQL: the same
    games, copied from one to the other, count the same."""
    import sqlite3

    from bot.admin import counts
    from bot.store.stats import pg_counts
    from tests.bot.service.test_old_schemas import _sqlite_from

    path = tmp_path / "old.sqlite3"
    _sqlite_from("sqlite-v2.sql", path)
    code = await asyncio.to_thread(main, ["migrate", "--from", f"sqlite:///{path}", "--to", fresh_pg_url])
    assert code == 0, capsys.readouterr()
    with sqlite3.connect(path) as con:
        lite = counts(con)
    pg = await asyncpg.connect(fresh_pg_url)
    try:
        assert await pg_counts(pg) == lite
    finally:
        await pg.close()
    assert lite["games_active"] == 3 and lite["games_lobby"] == 1 and lite["actions"] >= 90
