"""``python -m bot migrate --from sqlite:///… --to postgresql://…`` copies everything and checks each game."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

import bot.migrate
import engine
from bot.__main__ import main
from bot.leagues.service import LeagueService
from bot.migrate import migrate, verify_games
from bot.service import GameService
from bot.store import SqliteStore
from bot.store.postgres import PostgresStore
from tests.bot.service.conftest import FakeClock
from tests.leagues.helpers import new_league, seeds


async def _migrate(db: Path, url: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """The command an operator runs, ``python -m bot migrate --from sqlite:///DB --to URL``, in this process
    (measured; its own event loop, so in a thread): exit status, stdout, stderr."""
    code = await asyncio.to_thread(main, ["migrate", "--from", f"sqlite:///{db}", "--to", url])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def backend() -> str:
    return "sqlite"


async def _moves(service: GameService, gid: int, count: int, rng: random.Random) -> None:
    for _ in range(count):
        info = await service.game(gid)
        if info.status != "active":
            return
        code = str(rng.choice(engine.legal_actions(await service.state(gid))))
        await service.play(gid, info.to_act_user or 0, code, expected_version=info.version,
                           request_id=f"{gid}:{info.version}")


async def _fill(db: Path, clock: FakeClock) -> dict[int, str]:
    """A SQLite file with two base games, a lobby, a taken-back move, names, a vacation, the outbox."""
    store = await SqliteStore.open(db)
    service = GameService(store, clock)
    rng = random.Random(3)
    base = await service.create_game(channel_id=1, creator_id=1, ruleset="base", players=3, seed=11,
                                     turn_timer="24h")
    for u in (2, 3):
        await service.join(base.game_id, u)
    await service.start(base.game_id, 1)
    await _moves(service, base.game_id, 40, rng)
    second = await service.create_game(channel_id=2, creator_id=4, ruleset="base", players=2, seed=5)
    await service.join(second.game_id, 5)
    await service.start(second.game_id, 4)
    other = second.game_id
    await _moves(service, other, 3, rng)
    take = next(str(a) for a in engine.legal_actions(await service.state(other)) if str(a).startswith("take"))
    info = await service.game(other)
    await service.play(other, info.to_act_user or 0, take, expected_version=3, request_id="take")
    await service.take_back(other, info.to_act_user or 0, expected_version=4)
    await service.create_game(channel_id=3, creator_id=6, ruleset="base", players=2)  # a lobby
    await service.set_name(1, "Ana")
    await new_league(LeagueService(store, service, clock, seed_source=seeds), ruleset="base")
    await service.start_vacation(2, days=3)
    states = {gid: (await service.state(gid)).to_json() for gid in (base.game_id, other)}
    await store.close()
    return {gid: str(s) for gid, s in states.items()}


async def test_migrate_copies_every_table_and_each_game_replays_the_same(
    db_path: Path, fresh_pg_url: str, clock: FakeClock, capsys: pytest.CaptureFixture[str]
) -> None:
    states = await _fill(db_path, clock)
    code, out, err = await _migrate(db_path, fresh_pg_url, capsys)
    assert code == 0 and err == "", err
    assert "3 games checked, 2 replayed to the same state on both databases" in out
    for table in ("games", "seats", "actions", "undone_actions", "users", "vacations", "timers", "outbox"):
        assert f"{table}: " in out
    assert "undone_actions: 1 rows" in out
    assert "leagues: 1 rows" in out and "league_members: 4 rows" in out
    pg = await PostgresStore.open(fresh_pg_url)
    try:
        service = GameService(pg, clock)
        for gid, state in states.items():
            assert str((await service.state(gid)).to_json()) == state
        assert (await service.known_names())[1] == "Ana"
        fresh = await service.create_game(channel_id=4, creator_id=9, ruleset="base", players=2)
        assert fresh.game_id == 4  # the id sequence continues after the copied games
        async with pg.reading() as tx:
            assert await tx.notifications()  # the outbox came along
    finally:
        await pg.close()
    # A second run into the same database is refused rather than mixing two copies.
    code, out, err = await _migrate(db_path, fresh_pg_url, capsys)
    assert (code, out) == (2, "")
    assert err == "migrate: the PostgreSQL database already holds games: migrate into an empty one\n"


@pytest.mark.parametrize(("source", "target", "expected"), [
    ("postgresql://u@h/db", "sqlite:///x.sqlite3", "migrate copies --from sqlite:///FILE --to postgresql://..."),
    ("sqlite:///DB", "sqlite:///copy.sqlite3", "migrate copies --from sqlite:///FILE --to postgresql://..."),
    ("sqlite:///", "postgresql://u@h/db", "sqlite:/// needs a file path, e.g. sqlite:///splendor.sqlite3"),
    ("sqlite:///DB", "postgresql://u@h/db", "DB does not exist"),
])
def test_a_wrong_source_or_target_is_refused_before_anything_is_opened(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], source: str, target: str, expected: str
) -> None:
    """Exit status 2 and one line; no database is opened, none is created (no PostgreSQL server needed)."""
    missing = tmp_path / "missing.sqlite3"
    code = main(["migrate", "--from", source.replace("DB", str(missing)), "--to", target])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err == f"migrate: {expected.replace('DB', str(missing))}\n"
    assert not list(tmp_path.iterdir())


async def test_the_check_finds_a_game_that_differs(db_path: Path, fresh_pg_url: str, clock: FakeClock) -> None:
    await _fill(db_path, clock)
    report = await migrate(f"sqlite:///{db_path}", fresh_pg_url)  # in-process: the copy itself is measured too
    assert (report.games, report.replayed, report.problems) == (3, 2, [])
    assert report.rows["actions"] > 0 and report.rows["undone_actions"] == 1
    source, target = await SqliteStore.open(db_path), await PostgresStore.open(fresh_pg_url)
    try:
        async with target.raw_transaction() as con:
            last = await con.fetchrow("SELECT game_id, seq, code FROM actions WHERE game_id = 2 ORDER BY seq DESC")
            await con.execute("UPDATE actions SET code = $1 WHERE game_id = 2 AND seq = $2", "pass", last["seq"])
        replayed, problems = await verify_games(source, target, [1, 2])
        assert replayed == 1 and len(problems) == 1 and problems[0].startswith("game 2: its log does not replay")
    finally:
        await source.close()
        await target.close()


async def test_a_copy_that_differs_is_reported_and_exits_1(
    db_path: Path, fresh_pg_url: str, clock: FakeClock, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The copy is altered as it lands (a seat's count of expiries; a snapshot taken from another game, which the
    log cannot even be applied to): the check names each difference on stderr, no traceback, still prints what
    was copied, and the exit status is 1."""
    await _fill(db_path, clock)
    copy = bot.migrate.copy_sqlite_to_postgres

    async def altered(path: Path, target: PostgresStore) -> dict[str, int]:
        rows = await copy(path, target)
        async with target.raw_transaction() as con:
            await con.execute("UPDATE seats SET expiries = 7 WHERE game_id = 2")
            await con.execute("UPDATE games SET (snapshot_json, snapshot_version) = "
                              "(SELECT snapshot_json, snapshot_version FROM games WHERE game_id = 2) WHERE game_id = 1")
        return rows

    monkeypatch.setattr(bot.migrate, "copy_sqlite_to_postgres", altered)
    code, out, err = await _migrate(db_path, fresh_pg_url, capsys)
    assert code == 1
    assert "3 games checked, 2 replayed to the same state on both databases" in out
    assert "games: 3 rows copied" in out
    assert err.splitlines() == ["PROBLEM game 1: game row differs",
                                "PROBLEM game 1: its snapshot does not match its replayed log",
                                "PROBLEM game 2: seats differs"]


def test_a_relative_source_is_named_by_the_absolute_path_tried(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/postgresql.md's command in the image (working directory /data): three slashes are relative."""
    monkeypatch.chdir(tmp_path)
    code = main(["migrate", "--from", "sqlite:///data/splendor.sqlite3", "--to", "postgresql://u@h/db"])
    _, err = capsys.readouterr()
    assert code == 2
    assert err == (f"migrate: {tmp_path}/data/splendor.sqlite3 does not exist (sqlite:///data/splendor.sqlite3 is "
                   f"relative to the current directory {tmp_path}; an absolute path takes four slashes: "
                   "sqlite:////data/splendor.sqlite3)\n")
    assert "sqlite:////data/splendor.sqlite3" in (Path(__file__).parents[3] / "docs" / "postgresql.md").read_text()


async def test_an_older_sqlite_file_is_copied_before_the_migration_upgrades_it(
    tmp_path: Path, fresh_pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """As a normal start does: the docs tell the operator to keep the SQLite file to go back, and the previous
    release cannot open it once it is upgraded; the copy taken first, at its old schema, it can."""
    from bot.admin import read_only, schema_version
    from bot.store.schema import SCHEMA_VERSION
    from tests.bot.test_admin import old_database

    db = tmp_path / "splendor.sqlite3"
    old_database(db, SCHEMA_VERSION - 1)
    code, out, err = await _migrate(db, fresh_pg_url, capsys)
    assert code == 0, err
    (saved,) = tmp_path.glob(f"splendor.pre-v{SCHEMA_VERSION - 1}-*.sqlite3")
    assert f"its copy from before: {saved} " in out
    with read_only(saved) as conn:
        assert schema_version(conn) == SCHEMA_VERSION - 1
    with read_only(db) as conn:
        assert schema_version(conn) == SCHEMA_VERSION
