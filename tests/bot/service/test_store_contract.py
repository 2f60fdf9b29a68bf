"""What every store backend refuses or leaves alone, the same on SQLite and PostgreSQL (a real base game)."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

import engine
from bot.service import GameService
from bot.store import GameStore, GameUpdate, NewNotification, StoreConflict
from bot.store.leagues import NewLeague
from tests.bot.service.conftest import T0, OpenStore


async def _base_game(service: GameService, moves: int) -> int:
    info = await service.create_game(channel_id=77, creator_id=1, ruleset="base", players=2, seed=5)
    await service.join(info.game_id, 2)
    await service.start(info.game_id, 1)
    for _ in range(moves):
        info = await service.game(info.game_id)
        state = await service.state(info.game_id)
        assert state is not None and info.to_act_user is not None
        await service.play(info.game_id, info.to_act_user, str(engine.default_action(state)),
                           expected_version=info.version, request_id=f"m{info.version}")
    return info.game_id


async def test_refused_writes_change_nothing(service: GameService, store: GameStore) -> None:
    gid = await _base_game(service, 2)
    async with store.reading() as tx:
        before = await tx.game(gid)
        log = await tx.actions(gid)
    assert before is not None and [a.seq for a in log] == [1, 2]
    async with store.transaction() as tx:
        await tx.update_game(gid, GameUpdate())  # nothing to write: not even a guard to fail
    with pytest.raises(StoreConflict):  # only the log's last move can be taken back
        async with store.transaction() as tx:
            await tx.take_back_action(gid, 1, T0)
    with pytest.raises(StoreConflict):  # one live game per channel, whoever checked first
        async with store.transaction() as tx:
            await tx.insert_game(guild_id=None, channel_id=77, creator_id=9, ruleset="base", max_players=2,
                                 options={}, turn_timer_s=None, timeout_policy="skip", max_expiries=3,
                                 ranked=False, seed=1, created_at=T0, create_request=None)
    with pytest.raises(ValueError, match="naive"):  # a time without a zone is a bug, not a row
        async with store.transaction() as tx:
            await tx.add_vacation(1, T0.replace(tzinfo=None), T0)
    async with store.reading() as tx:
        assert await tx.game(gid) == before
        assert await tx.actions(gid) == log
        assert await tx.undone_actions(gid) == []
        assert await tx.vacations_since(1, T0 - timedelta(days=400)) == []
        assert await tx.users([]) == {}
    assert await store.quick_check() == []


async def test_the_outbox_reads_by_user(service: GameService, store: GameStore) -> None:
    async with store.transaction() as tx:
        await tx.add_notifications([NewNotification(1, "reminder", T0), NewNotification(2, "reminder", T0),
                                    NewNotification(1, "skipped", T0)], T0)
    async with store.reading() as tx:
        mine = await tx.notifications(1)
        every = await tx.notifications()
    assert [(n.user_id, n.kind) for n in mine] == [(1, "reminder"), (1, "skipped")]
    assert len(every) == 3


async def test_a_store_closes_itself_as_a_context_manager(open_store: OpenStore) -> None:
    store = await open_store()
    async with store as s, s.transaction() as tx:  # type: ignore[attr-defined]
        await tx.add_notifications([NewNotification(5, "reminder", T0)], T0)
    again = await open_store()
    async with again as s, s.reading() as tx:  # type: ignore[attr-defined]
        assert [n.user_id for n in await tx.notifications()] == [5]


async def test_the_league_tables_refuse_duplicates_and_filter_as_asked(store: GameStore) -> None:
    new = NewLeague(1, "Spring", 10, 20, None, None, "base", 2, None, "ladder", None, None, {}, T0)
    async with store.transaction() as tx:
        lid = await tx.insert_league(new)
        await tx.add_league_audit(lid, None, 10, "create", "", T0)
        await tx.add_league_audit(lid, 55, 10, "void", "cheating", T0)
        assert await tx.league_dequeue(lid, []) == 0
        first = await tx.insert_league_table(lid, 1, None, [1, 2], T0)
        await tx.insert_league_table(lid, 2, None, [3, 1], T0)
        for season, game, members in ((1, 55, [1, 2]), (2, 56, [3, 1])):
            await tx.insert_league_result(league_id=lid, season=season, game_id=game, status="counted",
                                          source="game", members=members, places=[1, 2], finished_at=T0,
                                          recorded_at=T0, reason=None)
    with pytest.raises(StoreConflict):  # a second league of that name in the guild (a race past the check)
        async with store.transaction() as tx:
            await tx.insert_league(replace(new, creator_id=11))
    with pytest.raises(StoreConflict):  # one result per game
        async with store.transaction() as tx:
            await tx.insert_league_result(league_id=lid, season=1, game_id=55, status="voided", source="game",
                                          members=[1, 2], places=[1, 1], finished_at=T0, recorded_at=T0,
                                          reason="again")
    async with store.reading() as tx:
        assert next(t.table_id for t in await tx.league_tables(lid)) == first
        assert len(await tx.league_tables(lid)) == 2 and len(await tx.league_tables(lid, season=2)) == 1
        assert [r.game_id for r in await tx.league_results(lid, season=2)] == [56]
        assert [r.game_id for r in await tx.league_results_of_user(1)] == [55, 56]
        assert [r.game_id for r in await tx.league_results_of_user(3, lid)] == [56]
        assert await tx.league_results_of_user(3, lid + 1) == []
        assert [a.action for a in await tx.league_audit(lid, 55)] == ["void"]
        assert [a.action for a in await tx.league_audit(lid)] == ["create", "void"]
        assert [lg.creator_id for lg in await tx.leagues(1)] == [10]


@pytest.mark.parametrize("backend", ["postgres"])
async def test_postgres_names_a_missing_table_and_a_failed_dump_leaves_no_file(
    store: GameStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.store.postgres import PostgresStore

    assert isinstance(store, PostgresStore)
    async with store.raw_transaction() as con:
        await con.execute("DROP TABLE hints")  # hints are not checked: the check names only what it reads
        await con.execute("ALTER TABLE outbox RENAME TO outbox_lost")
    [problem] = await store.quick_check()
    assert problem.startswith("outbox: ")
    monkeypatch.setattr(store, "url", store.url.replace("/postgres?", "/no_such_database?", 1))
    with pytest.raises(RuntimeError, match="pg_dump failed"):
        await store.backup(tmp_path / "dump" / "games.dump")
    assert list((tmp_path / "dump").iterdir()) == []
