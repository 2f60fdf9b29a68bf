"""A database written by any earlier schema version of either backend migrates to the one history's latest
layout, and its games verify and play on.

``old_schemas/`` holds databases written by the bot itself at each version, each by the code of an old
commit checked out in a temporary worktree (a game of base, of Spectacle and of orient+strongholds with 30
random legal moves each, game ids 1-3, and a lobby, game 4): SQLite's versions 1-8 as ``.sql`` dumps
(``iterdump`` plus the ``user_version``), and PostgreSQL's own versions before the histories were one
(``pg_dump --inserts``, schema ``fixture``): 3 and 5 as ``main`` shipped them, 4 as the branch that became 5
left it, 6 as ``main`` had it before this history (h34's outbox attempts and thread state).  Commits: SQLite
1 3955956, 2 2a38c4f, 3 248a617, 4 df07acc, 5 da71805, 6 80ab20f, 7 44021ee, 8 e42f905; PostgreSQL 3 90823f7,
4 02dcae2, 5 e42f905, 6 0312da9.  SQLite 9-17 are the version before brought forward by one step
(``old_schemas/forward.py``).

The last release (schema version 16, d2ec2b3) on both databases, with leagues: ``sqlite-v16-release.sql`` and
``pg-v16-release.sql``, the web demo's database written by that release's own code (``old_schemas/release.py``).
Step 17 keeps every league time to the microsecond (PostgreSQL: as ``TIMESTAMPTZ``), gives every member and league
game its web link, and the pages serve them.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections import Counter
from datetime import datetime, timedelta
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


# ---------------------------------------------------------------------------------------------- the last release
#: The league tables' times (step 6 wrote them as text on both databases; step 17 makes them TIMESTAMPTZ on
#: PostgreSQL): table -> its time columns.
LEAGUE_TIMES = {
    "leagues": ("created_at",), "league_members": ("joined_at",), "league_seasons": ("started_at", "ended_at"),
    "league_tables": ("created_at",), "league_results": ("finished_at", "recorded_at"),
    "league_ratings": ("last_played",), "league_rating_history": ("at",), "league_queue": ("queued_at",),
    "league_rounds": ("started_at", "deadline", "closed_at"), "league_audit": ("at",),
}


def _release_times_sqlite(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every league time of a SQLite file, as the datetimes they stand for, table by table in key order."""
    con = sqlite3.connect(path)
    try:
        return {t: [tuple(None if v is None else datetime.fromisoformat(v) for v in r)
                    for r in con.execute(f"SELECT {', '.join(cols)} FROM {t}")]
                for t, cols in LEAGUE_TIMES.items()}
    finally:
        con.close()


async def _release_times_pg(con: asyncpg.Connection, schema: str) -> dict[str, list[tuple[object, ...]]]:
    out: dict[str, list[tuple[object, ...]]] = {}
    for t, cols in LEAGUE_TIMES.items():
        rows = await con.fetch(f"SELECT {', '.join(cols)} FROM {schema}.{t}")
        out[t] = [tuple(None if v is None else v if isinstance(v, datetime) else datetime.fromisoformat(v)
                        for v in r) for r in rows]
    return out


def _kept(before: dict[str, list[tuple[object, ...]]], after: dict[str, list[tuple[object, ...]]]) -> None:
    """Every league time before the upgrade is there after it, to the microsecond (the test adds a member)."""
    for table, rows in before.items():
        assert not Counter(rows) - Counter(after[table]), table


async def _release_leagues_work(store: GameStore) -> None:
    """After the upgrade: every league member and game has its page's link, the league pages are served without a
    write, and a league's change counter moves when its members change."""
    from aiohttp.test_utils import TestClient, TestServer

    from bot.web import Site, WebConfig, make_app
    from bot.web.demo import DEMO_GUILD, DEMO_LEAGUE

    async with store.reading() as tx:
        league = await tx.league_by_name(DEMO_GUILD, DEMO_LEAGUE)
        assert league is not None
        members = await tx.league_members(league.league_id, active_only=False)
        tables = [t for t in await tx.league_tables(league.league_id) if t.game_id is not None]
        slug = await tx.web_slug("league", league.league_id)
        member_slugs = await tx.web_slugs("member", [(league.league_id, m.user_id) for m in members])
        game_slugs = await tx.web_slugs("game", [(t.game_id or 0, 0) for t in tables])
    assert slug is not None and len(members) == 4 and len(tables) == 3
    assert len(member_slugs) == 4 and len(game_slugs) == 3
    client = TestClient(TestServer(make_app(Site(store), WebConfig(rate=0))))
    await client.start_server()
    try:
        page = await client.get(f"/l/{slug}")
        html = await page.text()
        assert page.status == 200
        assert all(f"/p/{s}" in html for s in member_slugs.values())
        assert all(f"/g/{s}" in html for s in game_slugs.values())
    finally:
        await client.close()
    async with store.transaction() as tx:
        await tx.save_league_member(league.league_id, 4242, T0, "active")
    async with store.reading() as tx:
        after = await tx.league(league.league_id)
        assert await tx.web_slug("member", league.league_id, 4242) is not None
    assert after is not None and after.changes > league.changes


async def test_the_last_releases_sqlite_database_upgrades_with_its_leagues(tmp_path: Path) -> None:
    path = tmp_path / "release.sqlite3"
    _sqlite_from("sqlite-v16-release.sql", path)
    before = _release_times_sqlite(path)
    assert sum(map(len, before.values())) > 20
    store = await SqliteStore.open(path)
    try:
        assert await store.schema_version() == SCHEMA_VERSION
        await _release_leagues_work(store)
    finally:
        await store.close()
    after = _release_times_sqlite(path)
    _kept(before, after)
    fresh = tmp_path / "fresh.sqlite3"
    await (await SqliteStore.open(fresh)).close()
    assert _sqlite_layout(path) == _sqlite_layout(fresh)


async def test_the_last_releases_postgresql_database_upgrades_with_its_leagues(fresh_pg_url: str) -> None:
    con = await asyncpg.connect(fresh_pg_url)
    try:
        await con.execute((FIXTURES / "pg-v16-release.sql").read_text())
        assert await con.fetchval("SELECT max(version) FROM fixture.store_migrations") == 16
        before = await _release_times_pg(con, "fixture")
        kinds = await con.fetch("SELECT DISTINCT data_type FROM information_schema.columns WHERE table_schema ="
                                " 'fixture' AND table_name = ANY($1) AND column_name = ANY($2)",
                                list(LEAGUE_TIMES), sorted({c for cols in LEAGUE_TIMES.values() for c in cols}))
        assert [r[0] for r in kinds] == ["text"]  # what step 6 left
    finally:
        await con.close()
    assert sum(map(len, before.values())) > 20
    store = await PostgresStore.open(fresh_pg_url, schema="fixture")
    try:
        assert await store.schema_version() == SCHEMA_VERSION
        await _release_leagues_work(store)
    finally:
        await store.close()
    con = await asyncpg.connect(fresh_pg_url)
    try:
        after = await _release_times_pg(con, "fixture")
        for table, cols in LEAGUE_TIMES.items():
            for column in cols:
                kind = await con.fetchval("SELECT data_type FROM information_schema.columns WHERE table_schema ="
                                          " 'fixture' AND table_name = $1 AND column_name = $2", table, column)
                assert kind == "timestamp with time zone", (table, column)
    finally:
        await con.close()
    _kept(before, after)
    await (await PostgresStore.open(fresh_pg_url, schema="fresh")).close()
    assert await _pg_layout(fresh_pg_url, "fixture") == await _pg_layout(fresh_pg_url, "fresh")


async def test_the_last_releases_sqlite_database_moves_to_postgresql_with_its_leagues(
    tmp_path: Path, fresh_pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``migrate`` upgrades the file, then copies it: the league times land in PostgreSQL's TIMESTAMPTZ columns."""
    path = tmp_path / "release.sqlite3"
    _sqlite_from("sqlite-v16-release.sql", path)
    before = _release_times_sqlite(path)
    code = await asyncio.to_thread(main, ["migrate", "--from", f"sqlite:///{path}", "--to", fresh_pg_url])
    out, err = capsys.readouterr()
    assert code == 0 and err == "", err
    assert "replayed to the same state on both databases" in out
    con = await asyncpg.connect(fresh_pg_url)
    try:
        _kept(before, await _release_times_pg(con, "public"))
    finally:
        await con.close()
    store = await PostgresStore.open(fresh_pg_url)
    try:
        await _release_leagues_work(store)
    finally:
        await store.close()
