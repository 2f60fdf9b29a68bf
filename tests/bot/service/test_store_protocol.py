"""The storage interface: SqliteStore implements GameStore, and refusals are store-level errors."""

from __future__ import annotations

import ast
import inspect
from dataclasses import replace
from pathlib import Path

import pytest

from bot.service import DuplicateRequest, GameService
from bot.store import (
    DuplicateRequestId,
    GameEnd,
    GameStore,
    GameUpdate,
    Snapshot,
    SqliteStore,
    StoreConflict,
    StoreReader,
    StoreWriter,
    Tx,
    WritePlan,
)
from bot.store.postgres import PgTx, PostgresStore
from tests.bot.service.conftest import FakeClock, legal_codes, minimal_code, started_game

ROOT = Path(__file__).resolve().parents[3]


def _members(proto: type) -> dict[str, inspect.Signature]:
    names = {
        n for cls in proto.__mro__ if cls.__module__ == "bot.store.protocol" for n in vars(cls)
        if not n.startswith("_") and callable(getattr(proto, n))
    }
    return {n: inspect.signature(getattr(proto, n)) for n in names}


@pytest.mark.parametrize(("impl", "proto"), [(SqliteStore, GameStore), (PostgresStore, GameStore)])
def test_each_store_implements_every_protocol_method_with_the_same_parameters(impl: type, proto: type) -> None:
    members = _members(proto)
    assert len(members) >= 5
    for name, want in members.items():
        have = inspect.signature(getattr(impl, name))
        assert list(have.parameters) == list(want.parameters), name
        assert inspect.iscoroutinefunction(getattr(impl, name)) == inspect.iscoroutinefunction(getattr(proto, name))


@pytest.mark.parametrize("tx", [Tx, PgTx])
def test_each_backend_runs_the_one_set_of_queries_and_overrides_none_with_other_parameters(tx: type) -> None:
    """Both backends' transactions are the store's one set of queries (the reader and writer types the service
    uses); what a backend does its own way (PostgreSQL: the group commit, a game's load) keeps the parameters."""
    assert issubclass(tx, StoreWriter) and issubclass(tx, StoreReader)
    own = [n for n in vars(tx) if not n.startswith("_") and callable(getattr(tx, n))]
    for name in own:
        base = next(c for c in tx.__mro__[1:] if name in vars(c))
        assert base.__module__ in ("bot.store.queries", "bot.store.leagues"), name
        have, want = inspect.signature(getattr(tx, name)), inspect.signature(getattr(base, name))
        assert list(have.parameters) == list(want.parameters), name
    assert (tx is PgTx) == bool(own)


async def test_the_service_accepts_a_sqlite_store_as_a_game_store(store: SqliteStore, clock: FakeClock) -> None:
    typed: GameStore = store  # mypy checks the same where bot.store.url.open_store returns one
    service = GameService(typed, clock)
    gid = await started_game(service)
    assert (await service.game(gid)).status == "active"


def test_the_service_never_sees_sqlite() -> None:
    for path in (ROOT / "bot" / "service").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            assert not any(n in ("sqlite3", "aiosqlite") or n.startswith("bot.store.sqlite") for n in names), path


async def test_a_request_id_already_in_the_log_is_a_store_level_error(service: GameService, store: SqliteStore) -> None:
    gid = await started_game(service)
    first = (await service.game(gid)).to_act_user
    assert first is not None
    code = await minimal_code(service, gid)
    await service.play(gid, first, code, expected_version=0, request_id="same")
    row = (await service.actions(gid))[0]
    assert (row.seq, row.code, row.request_id) == (1, code, "same")
    again = replace(row, seq=2, request_id="same")
    with pytest.raises(DuplicateRequestId) as err:
        async with store.transaction() as tx:
            await tx.append_actions([again])
    assert err.value.request_id == "same"
    plan = WritePlan(gid, 1, row.at, GameUpdate(version=2), [again])
    [refused] = await store.commit_plans([plan])
    assert isinstance(refused, DuplicateRequestId)
    assert [a.seq for a in await service.actions(gid)] == [1]  # nothing of the plan was written


async def test_the_service_reports_a_reused_request_id_and_recovers(service: GameService) -> None:
    gid = await started_game(service)
    info = await service.game(gid)
    first = info.to_act_user
    assert first is not None
    second = next(u for u in info.user_ids if u != first)
    mine = await minimal_code(service, gid)
    await service.play(gid, first, mine, expected_version=0, request_id="r1")
    theirs = (await legal_codes(service, gid))[-1]
    with pytest.raises(DuplicateRequest) as err:  # a different move at the new version under an old request id
        await service.play(gid, second, theirs, expected_version=1, request_id="r1")
    # The refusal names the reused id, as the one found before the write does: the store's (a writer that
    # raced it to the log) is passed on, not dropped.
    assert err.value.params == {"request_id": "r1"}
    assert [a.code for a in await service.actions(gid)] == [mine]  # the refused move left no trace
    out = await service.play(gid, second, theirs, expected_version=1, request_id="r2")
    assert out.game.version == 2 and await service.verify(gid)
    assert [(a.request_id, a.code) for a in await service.actions(gid)] == [("r1", mine), ("r2", theirs)]


async def test_a_stale_version_is_a_conflict_and_writes_nothing(service: GameService, store: SqliteStore) -> None:
    gid = await started_game(service)
    async with store.reading() as tx:
        before = await tx.game(gid)
    assert before is not None
    with pytest.raises(StoreConflict):
        async with store.transaction() as tx:
            await tx.update_game(gid, GameUpdate(version=7), expect_version=before.version + 1)
    plans = [WritePlan(gid, before.version + 5, before.created_at, GameUpdate(version=9))]
    [refused] = await store.commit_plans(plans)
    assert isinstance(refused, StoreConflict)
    async with store.reading() as tx:
        assert await tx.game(gid) == before


async def test_a_stored_update_reads_back_as_applied_to_the_row(service: GameService, store: SqliteStore) -> None:
    gid = await started_game(service)
    async with store.reading() as tx:
        before = await tx.game(gid)
    assert before is not None
    update = GameUpdate(
        version=before.version + 1, to_act=1, creator_id=102, snapshot=Snapshot("{}", before.version + 1),
        end=GameEnd("aborted", "test", before.created_at),
    )
    async with store.transaction() as tx:
        await tx.update_game(gid, update, expect_version=before.version)
        after = await tx.game(gid)
    assert after == update.applied_to(before) and after.to_act is None and after.status == "aborted"



async def test_committed_plans_read_back_as_applied_even_two_of_one_game(
    service: GameService, store: GameStore
) -> None:
    gid = await started_game(service)
    async with store.reading() as tx:
        before = await tx.game(gid)
    assert before is not None
    first = GameUpdate(version=before.version + 1, to_act=1, creator_id=102,
                       snapshot=Snapshot("{}", before.version + 1))
    second = GameUpdate(version=before.version + 2, end=GameEnd("aborted", "test", before.created_at))
    plans = [WritePlan(gid, before.version, before.created_at, first),
             WritePlan(gid, before.version + 1, before.created_at, second)]
    assert await store.commit_plans(plans) == [None, None]
    async with store.reading() as tx:
        after = await tx.game(gid)
    assert after == second.applied_to(first.applied_to(before)) and after.to_act is None


async def test_a_game_bundle_is_the_row_seats_clock_log_after_the_snapshot_and_takebacks(
    service: GameService, store: GameStore
) -> None:
    gid = await started_game(service)
    first = (await service.game(gid)).to_act_user
    assert first is not None
    async with store.reading(single=True) as tx:
        fresh = await tx.game_bundle(gid)
    assert fresh is not None and fresh.takebacks == 0
    code = next(c for c in await legal_codes(service, gid) if c.startswith("take"))  # a take: no card revealed
    await service.play(gid, first, code, expected_version=0, request_id="b0")
    await service.take_back(gid, first, expected_version=1)
    await service.play(gid, first, code, expected_version=0, request_id="b1")
    async with store.reading(single=True) as tx:
        bundle = await tx.game_bundle(gid)
    async with store.reading() as tx:
        row, seats, timer = await tx.game(gid), await tx.seats(gid), await tx.timer(gid)
        log_rows, undone = await tx.actions(gid), await tx.undone_actions(gid)
        assert await tx.game_bundle(gid + 999) is None
        assert await tx.games([gid, gid + 999]) == {gid: row}
    assert bundle is not None and row is not None
    assert (bundle.row, bundle.seats, bundle.timer) == (row, seats, timer) and timer is not None
    assert bundle.actions == [a for a in log_rows if a.seq > bundle.after] and len(bundle.actions) >= 1
    assert [a.code for a in log_rows] == [code] and bundle.row.version == 1
    assert bundle.takebacks == len(undone) == 1  # the board's identity needs it (issue 27 §1)


async def test_a_delivery_is_recorded_with_the_users_last_notified_time(service: GameService, store: GameStore) -> None:
    gid = await started_game(service)
    async with store.reading() as tx:
        note = (await tx.notifications())[0]
    at = note.created_at
    async with store.transaction(single=True) as tx:
        await tx.record_delivery([note.id], at, note.user_id, at)
    async with store.reading() as tx:
        assert [n.delivered_at for n in await tx.notifications() if n.id == note.id] == [at]
        assert (await tx.users([note.user_id]))[note.user_id].last_notified_at == at
    assert gid


async def test_a_single_statement_block_refuses_a_second_statement_on_postgres(store: GameStore, backend: str) -> None:
    async with store.reading(single=True) as tx:
        assert await tx.games([]) == {}
        if backend == "postgres":  # SQLite runs the block in a transaction anyway
            with pytest.raises(RuntimeError, match="second statement"):
                await tx.game(1)
