"""PostgreSQL's own side of the store (the shared contract runs on both backends through conftest's
``store`` fixture): its schema matches SQLite's, its ledger of the one migration history's steps, a newer
database refused, two processes migrating at once, and ``backup`` through ``pg_dump``."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path

import asyncpg
import pytest

from bot.service import GameService, ServiceSettings
from bot.store import ActionRow, GameStart, GameUpdate, SqliteStore, WritePlan
from bot.store.postgres import PostgresStore
from bot.store.schema import SCHEMA_VERSION
from tests.bot.service.conftest import FakeClock, OpenStore, minimal_code, started_game


@pytest.fixture
def backend() -> str:
    return "postgres"


async def _pg_columns(store: PostgresStore) -> dict[str, set[str]]:
    con = await asyncpg.connect(store.url)
    try:
        rows = await con.fetch(
            "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = $1", store.schema
        )
    finally:
        await con.close()
    out: dict[str, set[str]] = {}
    for r in rows:
        out.setdefault(r["table_name"], set()).add(r["column_name"])
    return out


async def test_postgres_has_the_same_tables_and_columns_as_sqlite(open_store: OpenStore, tmp_path: Path) -> None:
    store = await open_store()
    assert isinstance(store, PostgresStore)
    try:
        pg = await _pg_columns(store)
    finally:
        await store.close()
    lite = await SqliteStore.open(tmp_path / "x.sqlite3")
    await lite.close()
    con = sqlite3.connect(tmp_path / "x.sqlite3")
    try:
        names = [n for (n,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
                 if not n.startswith("sqlite_")]
        sq = {n: {c[1] for c in con.execute(f"PRAGMA table_info({n})")} for n in names}
    finally:
        con.close()
    pg.pop("store_migrations")
    pg.pop("cluster_settings")  # several processes: their shard count
    pg["undone_actions"].discard("id")  # SQLite orders the undone moves by its rowid
    pg["hints"].discard("id")  # and the hints
    pg["outbox"] -= {"claimed_by", "claimed_until"}  # a process's lease on the rows it delivers
    assert pg == sq


async def test_reopening_does_not_rerun_migrations_and_a_newer_database_is_refused(
    open_store: OpenStore, clock: FakeClock
) -> None:
    store = await open_store()
    assert isinstance(store, PostgresStore)
    gid = await started_game(GameService(store, clock))
    await store.close()
    store = await open_store()
    assert isinstance(store, PostgresStore)
    try:
        assert await store.schema_version() == SCHEMA_VERSION
        assert (await GameService(store, clock).game(gid)).status == "active"
        async with store.transaction() as tx:
            await tx._exec("INSERT INTO store_migrations (version) VALUES (?)", (SCHEMA_VERSION + 1,))
    finally:
        await store.close()
    with pytest.raises(RuntimeError, match="newer than this bot"):
        await open_store()


async def test_two_processes_starting_together_migrate_once(pg_url: str) -> None:
    stores = await asyncio.gather(*(PostgresStore.open(pg_url, schema="together", min_size=1) for _ in range(3)))
    try:
        con = await asyncpg.connect(pg_url)
        try:
            versions = await con.fetch("SELECT version FROM together.store_migrations ORDER BY version")
        finally:
            await con.close()
        assert [r["version"] for r in versions] == list(range(1, SCHEMA_VERSION + 1))
    finally:
        for s in stores:
            await s.close()


async def test_backup_is_a_pg_dump_archive_of_the_live_data(service: GameService, tmp_path: Path) -> None:
    await started_game(service)
    dest = await service.store.backup(tmp_path / "backups" / "games.dump")
    assert dest.read_bytes()[:5] == b"PGDMP"  # pg_dump's custom format, for pg_restore
    assert not dest.with_name("games.dump.partial").exists()


async def test_users_are_cached_and_another_processs_change_reaches_the_cache(
    open_store: OpenStore, clock: FakeClock
) -> None:
    here, there = await open_store(), await open_store()  # two processes' stores on one database
    try:
        service = GameService(here, clock, ServiceSettings(user_cache=False))  # as the bot on PostgreSQL
        assert service._users_watched
        await service.set_language(7, "es")
        assert (await service._user_rows([7]))[7].lang == "es" and 7 in service._users  # cached
        await GameService(here, clock).set_language(8, "pt")  # same pool: not news to itself
        assert 7 in service._users
        await GameService(there, clock).set_language(7, "en")
        for _ in range(500):  # the notice arrives once the other commit is done
            if 7 not in service._users:
                break
            await asyncio.sleep(0.01)
        assert (await service._user_rows([7]))[7].lang == "en"
        service._user_changed(None)  # the listening connection dropped: nothing is cached any more
        await service._user_rows([7])
        assert not service._users and not service._users_watched
    finally:
        await here.close()
        await there.close()


async def test_quick_check_finds_a_log_that_disagrees_with_its_game(service: GameService) -> None:
    store = service.store
    assert isinstance(store, PostgresStore)
    gid = await started_game(service)
    first = (await service.game(gid)).to_act_user
    assert first is not None
    await service.play(gid, first, await minimal_code(service, gid), expected_version=0, request_id="q1")
    assert await store.quick_check() == []
    async with store.raw_transaction() as con:  # damage no guarded write can make: a move gone from the log
        await con.execute("DELETE FROM actions WHERE game_id = $1", gid)
    assert await store.quick_check() == [f"game {gid}: version 1 (snapshot 0) but the log has 0 rows up to 0"]


_COMMIT_MODES = """
CREATE TABLE commit_modes (id BIGSERIAL PRIMARY KEY, tbl TEXT NOT NULL, op TEXT NOT NULL, mode TEXT NOT NULL);
CREATE FUNCTION note_commit_mode() RETURNS TRIGGER LANGUAGE plpgsql AS $fn$
BEGIN
    INSERT INTO commit_modes (tbl, op, mode) VALUES (TG_TABLE_NAME, TG_OP, current_setting('synchronous_commit'));
    RETURN NULL;
END
$fn$;
CREATE TRIGGER games_mode AFTER INSERT OR UPDATE OR DELETE ON games FOR EACH ROW EXECUTE FUNCTION note_commit_mode();
CREATE TRIGGER seats_mode AFTER INSERT OR UPDATE OR DELETE ON seats FOR EACH ROW EXECUTE FUNCTION note_commit_mode();
CREATE TRIGGER actions_mode AFTER INSERT ON actions FOR EACH ROW EXECUTE FUNCTION note_commit_mode();
"""


async def _noting_commit_modes(store: PostgresStore) -> Callable[[], Awaitable[set[tuple[str, str, str]]]]:
    """Triggers that note ``synchronous_commit`` as each write to games, seats and actions sees it; returns a reader
    of the notes so far (which it clears)."""
    async with store.raw_transaction() as con:
        await con.execute(_COMMIT_MODES)

    async def modes() -> set[tuple[str, str, str]]:
        async with store.raw_transaction() as con:
            rows = await con.fetch("DELETE FROM commit_modes RETURNING tbl, op, mode")
        return {(r["tbl"], r["op"], r["mode"]) for r in rows}
    return modes


async def test_lobby_writes_commit_asynchronously_and_everything_else_durably(service: GameService) -> None:
    """The durability ruling (docs/postgresql.md, "Durability"): creating, joining, leaving and starting a lobby
    commit with ``synchronous_commit = off`` (a crash of the bot loses nothing; one of the server may lose the last
    fraction of a second of them, as SQLite's WAL with ``synchronous=NORMAL`` does); a move, a resignation and
    everything else keep the server's durable default.  A trigger reads the setting inside each write's own
    transaction."""
    store = service.store
    assert isinstance(store, PostgresStore)
    modes = await _noting_commit_modes(store)
    info = await service.create_game(channel_id=1, creator_id=101, ruleset="base", players=2, seed=4)
    assert await modes() == {("games", "INSERT", "off"), ("seats", "INSERT", "off")}
    await service.join(info.game_id, 102)
    assert await modes() == {("seats", "INSERT", "off")}
    await service.join(info.game_id, 102)  # already seated: nothing written
    assert await modes() == set()
    other = await service.create_game(channel_id=2, creator_id=103, ruleset="base", players=3, seed=5)
    await service.join(other.game_id, 104)
    await modes()
    await service.leave(other.game_id, 103)  # the host leaves: a seat removed, the lobby handed on
    assert await modes() == {("seats", "DELETE", "off"), ("games", "UPDATE", "off")}
    await service.leave(other.game_id, 104)  # the last one: the lobby closes
    assert await modes() == {("seats", "DELETE", "off"), ("games", "UPDATE", "off")}
    await service.start(info.game_id, 101)
    assert await modes() == {("games", "UPDATE", "off"), ("seats", "UPDATE", "off")}
    first = (await service.game(info.game_id)).to_act_user
    assert first is not None
    await service.play(info.game_id, first, await minimal_code(service, info.game_id), expected_version=0,
                       request_id="durable-1")
    assert await modes() == {("games", "UPDATE", "on"), ("actions", "INSERT", "on")}
    await service.resign(info.game_id, 102)  # the end of a game and its result: durable
    written = await modes()
    assert written and {mode for _, _, mode in written} == {"on"}


async def test_a_batch_with_a_move_beside_a_start_commits_durably(service: GameService, clock: FakeClock) -> None:
    """Only a batch of starts alone commits asynchronously: a move in the same group commit makes it durable."""
    store = service.store
    assert isinstance(store, PostgresStore)
    running = await started_game(service, channel=1)
    lobby = await service.create_game(channel_id=2, creator_id=103, ruleset="base", players=2, seed=3)
    await service.join(lobby.game_id, 104)
    modes = await _noting_commit_modes(store)
    first = (await service.game(running)).to_act_user
    start = WritePlan(lobby.game_id, 0, clock(), GameUpdate(start=GameStart("{}", clock())))
    move = WritePlan(running, 0, clock(), GameUpdate(version=1),
                     [ActionRow(running, 1, 0, await minimal_code(service, running), first, "player", clock())])
    assert await store.commit_plans([start, move]) == [None, None]
    assert await modes() == {("games", "UPDATE", "on"), ("actions", "INSERT", "on")}
    assert await store.commit_plans([WritePlan(lobby.game_id, 0, clock(), GameUpdate(version=0))]) == [None]
    assert await modes() == {("games", "UPDATE", "on")}  # not a start: durable
