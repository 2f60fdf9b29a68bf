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
from tests.bot.service.conftest import FakeClock, started_game

ROOT = Path(__file__).resolve().parents[3]


def _members(proto: type) -> dict[str, inspect.Signature]:
    names = {
        n for cls in proto.__mro__ if cls.__module__ == "bot.store.protocol" for n in vars(cls)
        if not n.startswith("_") and callable(getattr(proto, n))
    }
    return {n: inspect.signature(getattr(proto, n)) for n in names}


@pytest.mark.parametrize(("impl", "proto"), [
    (SqliteStore, GameStore), (Tx, StoreReader), (Tx, StoreWriter),
    (PostgresStore, GameStore), (PgTx, StoreReader), (PgTx, StoreWriter),
])
def test_each_store_implements_every_protocol_method_with_the_same_parameters(impl: type, proto: type) -> None:
    members = _members(proto)
    assert len(members) >= 5
    for name, want in members.items():
        have = inspect.signature(getattr(impl, name))
        assert list(have.parameters) == list(want.parameters), name
        assert inspect.iscoroutinefunction(getattr(impl, name)) == inspect.iscoroutinefunction(getattr(proto, name))


async def test_the_service_accepts_a_sqlite_store_as_a_game_store(store: SqliteStore, clock: FakeClock) -> None:
    typed: GameStore = store  # mypy checks the same in bot.store.sqlite._conforms
    service = GameService(typed, clock)
    gid = await started_game(service)
    assert (await service.game(gid)).status == "active"


def test_the_service_never_sees_sqlite() -> None:
    for path in (ROOT / "bot" / "service").glob("*.py"):
        if path.name == "bench.py":  # the benchmark opens a SQLite store, like the bot does
            continue
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
    await service.play(gid, first, "add:1", expected_version=0, request_id="same")
    row = (await service.actions(gid))[0]
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
    await service.play(gid, first, "add:1", expected_version=0, request_id="r1")
    with pytest.raises(DuplicateRequest):  # a different move at the new version under an old request id
        await service.play(gid, second, "add:2", expected_version=1, request_id="r1")
    out = await service.play(gid, second, "add:2", expected_version=1, request_id="r2")
    assert out.game.version == 2 and await service.verify(gid)


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

