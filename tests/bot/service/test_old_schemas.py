"""A database written by any earlier schema version of either backend migrates to the one history's latest
layout, and its games verify and play on.

``old_schemas/`` holds databases written by the bot itself at each version, each by the code of an old
commit checked out in a temporary worktree (a game of base, of Spectacle and of orient+strongholds with 30
random legal moves each, game ids 1-3, and a lobby, game 4): SQLite's versions 1-8 as ``.sql`` dumps
(``iterdump`` plus the ``user_version``), and PostgreSQL's own versions before the histories were one
(``pg_dump --inserts``, schema ``fixture``): 3 and 5 as ``main`` shipped them, 4 as the branch that became 5
left it, 6 as ``main`` had it before this history (h34's outbox attempts and thread state).  Commits: SQLite
1 3955956, 2 2a38c4f, 3 248a617, 4 df07acc, 5 da71805, 6 80ab20f, 7 44021ee, 8 e42f905; PostgreSQL 3 90823f7,
4 02dcae2, 5 e42f905, 6 0312da9.
"""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import timedelta
from pathlib import Path

import asyncpg
import pytest

import engine
from bot.__main__ import main
from bot.service import GameService
from bot.store import SCHEMA_VERSION, GameStore, SqliteStore
from bot.store.postgres import PostgresStore
from tests.bot.service.conftest import T0, FakeClock

FIXTURES = Path(__file__).parent / "old_schemas"
STARTED = (1, 2, 3)  # base, Spectacle, orient+strongholds
LOBBY = 4
#: The orient+strongholds game of the first release (3955956) does not verify with today's engine (its snapshot
#: is not what today's rules replay its log to): the engine's doing, not the store's (the same on ``main``);
#: ``test_the_first_releases_orient_strongholds_snapshot_verifies`` fails the day it does.
DRIFTED = {1: (3,)}


@pytest.fixture
def backend() -> str:
    return "sqlite"


def _sqlite_from(dump: str, path: Path) -> None:
    con = sqlite3.connect(path)
    try:
        con.executescript((FIXTURES / dump).read_text())
    finally:
        con.close()


def _sqlite_layout(path: Path) -> dict[str, object]:
    """Every table's columns (name, type, not null, default, key) and every index's definition."""
    con = sqlite3.connect(path)
    try:
        items = con.execute("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").fetchall()
        return {name: [c[1:] for c in con.execute(f"PRAGMA table_info({name})")] if kind == "table"
                else " ".join((sql or "").split()) for kind, name, sql in items}
    finally:
        con.close()


async def _pg_layout(url: str, schema: str) -> dict[str, set[str]]:
    con = await asyncpg.connect(url)
    try:
        out: dict[str, set[str]] = {}
        for r in await con.fetch("SELECT table_name, column_name, data_type, is_nullable, column_default"
                                 " FROM information_schema.columns WHERE table_schema = $1", schema):
            default = (r["column_default"] or "").replace(f"{schema}.", "")
            column = f"{r['column_name']} {r['data_type']} {r['is_nullable']} {default}"
            out.setdefault(r["table_name"], set()).add(column)
        for r in await con.fetch("SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1", schema):
            out[r["indexname"]] = {r["indexdef"].replace(f"{schema}.", "")}
        for r in await con.fetch("SELECT p.proname, pg_get_function_identity_arguments(p.oid) AS args FROM pg_proc p"
                                 " JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1", schema):
            out[f"function {r['proname']}({r['args']})"] = set()  # an old signature left beside a new one differs
        for r in await con.fetch("SELECT t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid"
                                 " JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1"
                                 " AND NOT t.tgisinternal", schema):
            out[f"trigger {r['tgname']}"] = set()
        return out
    finally:
        await con.close()


async def _plays_on(store: GameStore, drifted: tuple[int, ...] = ()) -> None:
    """Every game verifies (its log replays to its snapshot), takes one more move, and verifies again
    (``drifted``: but those, see ``DRIFTED``)."""
    service = GameService(store, FakeClock(T0 + timedelta(days=1)))
    for gid in STARTED:
        assert gid in drifted or await service.verify(gid), gid
        info = await service.game(gid)
        assert info.status == "active" and info.version == 30
        state = await service.state(gid)
        assert state is not None
        code = str(engine.legal_actions(state)[0])
        await service.play(gid, info.to_act_user or 0, code, expected_version=30, request_id=f"after-{gid}")
        assert (await service.game(gid)).version == 31
        assert [a.code for a in await service.actions(gid)][-1] == code
        assert gid in drifted or await service.verify(gid)
    assert (await service.game(LOBBY)).status == "lobby"


@pytest.mark.parametrize("version", range(1, SCHEMA_VERSION))
async def test_a_sqlite_database_of_each_earlier_version_migrates_and_plays_on(version: int, tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    _sqlite_from(f"sqlite-v{version}.sql", path)
    with sqlite3.connect(path) as con:
        assert con.execute("PRAGMA user_version").fetchone() == (version,)
    store = await SqliteStore.open(path)
    try:
        assert await store.schema_version() == SCHEMA_VERSION
        await _plays_on(store, DRIFTED.get(version, ()))
        codes = [a.code for a in await GameService(store, FakeClock()).actions(2)]
        assert not any(c.startswith(("res ", "ret ", "disc ")) for c in codes)  # Spectacle's words (step 3)
    finally:
        await store.close()
    fresh = tmp_path / "fresh.sqlite3"
    await (await SqliteStore.open(fresh)).close()
    assert _sqlite_layout(path) == _sqlite_layout(fresh)


@pytest.mark.parametrize("version", (3, 4, 5, 6))
async def test_a_postgresql_database_of_its_own_earlier_versions_migrates_and_plays_on(
    version: int, fresh_pg_url: str
) -> None:
    con = await asyncpg.connect(fresh_pg_url)
    try:
        await con.execute((FIXTURES / f"pg-v{version}.sql").read_text())
        assert await con.fetchval("SELECT max(version) FROM fixture.schema_migrations") == version
    finally:
        await con.close()
    store = await PostgresStore.open(fresh_pg_url, schema="fixture")
    try:
        assert await store.schema_version() == SCHEMA_VERSION
        await _plays_on(store)
    finally:
        await store.close()
    await (await PostgresStore.open(fresh_pg_url, schema="fresh")).close()
    old, new = await _pg_layout(fresh_pg_url, "fixture"), await _pg_layout(fresh_pg_url, "fresh")
    assert "schema_migrations" not in old  # its own ledger became the one history's
    assert old == new


async def test_a_sqlite_database_restored_from_a_dump_moves_to_postgresql_and_plays_on(
    tmp_path: Path, fresh_pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """An old file (version 2: the oldest whose games all verify), restored from ``.dump`` (its tables in name
    order: ``actions`` before ``games``): the copy writes each table after those it references, and every game
    replays the same on both databases."""
    path = tmp_path / "old.sqlite3"
    _sqlite_from("sqlite-v2.sql", path)
    code = await asyncio.to_thread(main, ["migrate", "--from", f"sqlite:///{path}", "--to", fresh_pg_url])
    out, err = capsys.readouterr()
    assert code == 0 and err == "", err
    assert "4 games checked, 3 replayed to the same state on both databases" in out
    store = await PostgresStore.open(fresh_pg_url)
    try:
        await _plays_on(store)
    finally:
        await store.close()


@pytest.mark.xfail(strict=True, reason="engine drift: the first release's orient+strongholds snapshot does not"
                   " match what today's rules replay its log to (DRIFTED)")
async def test_the_first_releases_orient_strongholds_snapshot_verifies(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    _sqlite_from("sqlite-v1.sql", path)
    store = await SqliteStore.open(path)
    try:
        assert await GameService(store, FakeClock()).verify(3)
    finally:
        await store.close()
