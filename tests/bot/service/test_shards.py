"""Several processes on one PostgreSQL: each claims its shards (a second claim is refused, a restart
resumes), writes and runs only its own guilds' games, and never takes another's outbox rows."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import asyncpg
import pytest

from bot.service import GameService, StaleBoard
from bot.store import StoreConflict
from bot.store import postgres as pg_store
from bot.store.postgres import PostgresStore
from bot.store.shards import ShardClaimed, Shards, shard_of
from tests.bot.service.conftest import FakeClock, minimal_code, started_game

GUILD_ON_0, GUILD_ON_1 = 10 << 22, 11 << 22  # Discord's shard of a guild: (id >> 22) % count


def test_shard_ids_parse_and_refuse_clearly() -> None:
    assert Shards.parse("0-2,5", 8).ids == {0, 1, 2, 5}
    assert Shards.parse("", 3).ids == {0, 1, 2}
    assert shard_of(GUILD_ON_1, 2) == 1 and shard_of(None, 4) == 0
    with pytest.raises(ValueError, match="outside 0-3"):
        Shards.parse("2-4", 4)
    with pytest.raises(ValueError, match="not a shard id"):
        Shards.parse("one", 4)


async def test_a_claimed_shard_is_refused_and_a_restart_resumes(fresh_pg_url: str) -> None:
    first = await PostgresStore.open(fresh_pg_url, shards=Shards.parse("0-1", 4), min_size=1)
    try:
        with pytest.raises(ShardClaimed, match=r"shard 1 of 4 is already run by splendor-bot .*SPLENDOR_SHARD_IDS"):
            await PostgresStore.open(fresh_pg_url, shards=Shards.parse("1-2", 4), min_size=1)
        with pytest.raises(ShardClaimed, match="SPLENDOR_SHARD_COUNT=4, this one 8"):
            await PostgresStore.open(fresh_pg_url, shards=Shards.parse("6", 8), min_size=1)
        second = await PostgresStore.open(fresh_pg_url, shards=Shards.parse("2-3", 4), min_size=1)
        await second.close()
    finally:
        await first.close()
    again = await PostgresStore.open(fresh_pg_url, shards=Shards.parse("0-1", 4), min_size=1)  # a restart
    assert again.shards is not None and again.shards.ids == {0, 1}
    await again.close()


async def test_each_process_writes_and_runs_only_its_own_guilds(fresh_pg_url: str, clock: FakeClock) -> None:
    a = await PostgresStore.open(fresh_pg_url, shards=Shards.parse("0", 2), min_size=1)
    b = await PostgresStore.open(fresh_pg_url, shards=Shards.parse("1", 2), min_size=1)
    try:
        sa, sb = GameService(a, clock), GameService(b, clock)
        ga = await started_game(sa, (1, 2), channel=1, guild_id=GUILD_ON_0)
        gb = await started_game(sb, (3, 4), channel=2, guild_id=GUILD_ON_1)
        with pytest.raises(StoreConflict, match="shard 1, which another process runs"):
            await started_game(sa, (5, 6), channel=3, guild_id=GUILD_ON_1)
        info = await sa.game(gb)  # reading another shard's game is fine; writing it is not
        with pytest.raises(StaleBoard):  # the store refuses the write (a conflict), never applies it
            await sa.play(gb, info.to_act_user or 0, await minimal_code(sa, gb), expected_version=0, request_id="x")
        assert await sb.actions(gb) == []
        clock.advance(hours=13)  # both 12 h turn clocks ran out
        async with a.reading() as tx:
            assert [t.game_id for t in await tx.due_timers(clock())] == [ga]
        async with b.reading() as tx:
            assert [t.game_id for t in await tx.due_timers(clock())] == [gb]
            notes = await tx.pending_notifications(clock() + timedelta(days=1))
        assert notes and {n.game_id for n in notes} == {gb}
    finally:
        await a.close()
        await b.close()


async def test_outbox_rows_are_claimed_once_and_taken_again_after_a_lease_runs_out(
    fresh_pg_url: str, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    a = await PostgresStore.open(fresh_pg_url, min_size=1)
    b = await PostgresStore.open(fresh_pg_url, min_size=1)
    try:
        await started_game(GameService(a, clock), (1, 2, 3), channel=1)
        later = clock() + timedelta(days=1)
        async with a.reading() as tx:
            mine = await tx.pending_notifications(later)
            assert mine and [n.id for n in await tx.pending_notifications(later)] == [n.id for n in mine]
        async with b.reading() as tx:
            assert await tx.pending_notifications(later) == []  # a holds them: b does not deliver them too
        monkeypatch.setattr(pg_store, "OUTBOX_LEASE_S", 0.0)  # a died: its lease runs out
        async with a.reading() as tx:
            await tx.pending_notifications(later)  # claimed again with an already expired lease
        async with b.reading() as tx:
            assert [n.id for n in await tx.pending_notifications(later)] == [n.id for n in mine]
        async with b.transaction() as tx:
            await tx.mark_delivered([n.id for n in mine], later)
        async with a.reading() as tx:
            assert await tx.pending_notifications(later) == []
    finally:
        await a.close()
        await b.close()


async def test_a_dropped_lease_connection_stops_the_process_owning_its_shards(fresh_pg_url: str) -> None:
    store = await PostgresStore.open(fresh_pg_url, shards=Shards.parse("0", 2), min_size=1)
    told: list[str] = []
    store.on_shards_lost = told.append  # the bot's default: SIGTERM to itself
    try:
        assert store._lease is not None
        con = await asyncpg.connect(fresh_pg_url)
        try:  # the server ends the lease session (as a network drop or an admin would)
            await con.execute("SELECT pg_terminate_backend($1)", store._lease.con.get_server_pid())
        finally:
            await con.close()
        for _ in range(500):
            if told:
                break
            await asyncio.sleep(0.01)
        assert told and "shards 0 of 2" in told[0] and store.shards_lost == told[0]
        with pytest.raises(StoreConflict, match="writes nothing more"):
            async with store.transaction() as tx:
                await tx.clear_timer(1)
        async with store.reading() as tx:  # no clock and no notification of the lost shards is run any more
            assert await tx.due_timers(datetime.now(UTC) + timedelta(days=999)) == []
        other = await PostgresStore.open(fresh_pg_url, shards=Shards.parse("0", 2), min_size=1)  # free again
        await other.close()
    finally:
        await store.close()
