"""The league service on a real SQLite file: queue, tables, automatic results, void/settle, rebuild, rounds."""

from __future__ import annotations

import csv
import io
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.leagues import errors as LE
from bot.leagues.service import LeagueService
from bot.service import GameService
from bot.store import SqliteStore
from tests.bot.service.conftest import FakeClock
from tests.conftest import new_database
from tests.leagues.helpers import GUILD, new_league, open_tables, play_out, seeds


@pytest.fixture(params=["sqlite", "postgres"])
async def parts(
    tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[tuple[SqliteStore, GameService, LeagueService, FakeClock]]:
    """The league service on each backend (PostgreSQL: a fresh database on the session's server)."""
    clock = FakeClock()
    if request.param == "sqlite":
        store = await SqliteStore.open(tmp_path / "l.sqlite3")
    else:
        from bot.store.postgres import PostgresStore

        url = await new_database(request.getfixturevalue("pg_url"))
        store = await PostgresStore.open(url, min_size=1, max_size=4)
    games = GameService(store, clock)
    yield store, games, LeagueService(store, games, clock, seed_source=seeds), clock
    await store.close()


Parts = tuple[SqliteStore, GameService, LeagueService, FakeClock]


async def test_create_refusals(parts: Parts) -> None:
    _, _, leagues, _ = parts
    league = await new_league(leagues, members=(1, 2))
    with pytest.raises(LE.NameTaken):
        await new_league(leagues, name="  spring ", members=(1,))
    with pytest.raises(LE.AlreadyMember):
        await leagues.join(league.league_id, 2)
    with pytest.raises(LE.BadLeagueOption):
        await new_league(leagues, name="Bad", seats=5)
    with pytest.raises(LE.BadLeagueOption):
        await new_league(leagues, name="Rounds", format="rounds")
    small = await new_league(leagues, name="Small", members=(1,), settings={"max_members": 1})
    with pytest.raises(LE.LeagueFull):
        await leagues.join(small.league_id, 2)
    assert [(lg.name, n) for lg, n in await leagues.list_leagues(GUILD)] == [("Small", 1), ("Spring", 2)]
    assert (await leagues.find(GUILD, "SPRING")).league_id == league.league_id


async def test_queue_refusals_and_seating(parts: Parts) -> None:
    _, _, leagues, _ = parts
    league = await new_league(leagues)
    lid = league.league_id
    with pytest.raises(LE.NotMember):
        await leagues.enqueue(lid, 99)
    await leagues.enqueue(lid, 1)
    with pytest.raises(LE.AlreadyQueued):
        await leagues.enqueue(lid, 1)
    assert await leagues.seat_queue(lid) == []
    await leagues.enqueue(lid, 2)
    await leagues.enqueue(lid, 3)
    tables = await leagues.seat_queue(lid)
    assert [t.members for t in tables] == [(1, 2)]
    assert await leagues.queue(lid) == [3]
    await leagues.dequeue(lid, 3)
    with pytest.raises(LE.NotQueued):
        await leagues.dequeue(lid, 3)


async def test_queue_never_mixes_leagues_and_survives_a_restart(tmp_path: Path) -> None:
    clock = FakeClock()
    store = await SqliteStore.open(tmp_path / "q.sqlite3")
    leagues = LeagueService(store, GameService(store, clock), clock, seed_source=seeds)
    a = await new_league(leagues, name="A")
    b = await new_league(leagues, name="B")
    await leagues.enqueue(a.league_id, 1)
    await leagues.enqueue(b.league_id, 2)
    await store.close()
    store = await SqliteStore.open(tmp_path / "q.sqlite3")
    leagues = LeagueService(store, GameService(store, clock), clock, seed_source=seeds)
    assert await leagues.queue(a.league_id) == [1] and await leagues.queue(b.league_id) == [2]
    assert (await leagues.tick()).seated == []  # one waiting per league: no table mixes them
    await leagues.enqueue(a.league_id, 3)
    seated = (await leagues.tick()).seated
    assert [(t.league_id, t.members) for t in seated] == [(a.league_id, (1, 3))]
    await store.close()


async def test_game_end_records_once_and_updates_ratings(parts: Parts) -> None:
    _, games, leagues, _ = parts
    league = await new_league(leagues)
    for u in (1, 2):
        await leagues.enqueue(league.league_id, u)
    [info] = await open_tables(leagues, await leagues.seat_queue(league.league_id))
    assert info.status == "active" and info.ranked
    assert [info.user_at(0), info.user_at(1)] == [1, 2]  # the table's seat order is the game's
    end = await play_out(games, info.game_id)
    assert end.status == "over"
    res = await leagues.record(info.game_id)
    assert res is not None and res.status == "counted" and res.members == (1, 2)
    assert await leagues.record(info.game_id) is None
    assert await leagues.reconcile() == []
    ratings = await leagues.ratings(league.league_id)
    assert {u: r.games for u, r in ratings.items()} == {1: 1, 2: 1}
    page = await leagues.standings(league.league_id)
    assert page.lines[0].games == 1 and sum(ln.points for ln in page.lines) == 3
    assert await leagues.rebuild(league.league_id) == ratings


async def test_resignation_ranks_last_and_aborted_games_do_not_count(parts: Parts) -> None:
    _, games, leagues, clock = parts
    league = await new_league(leagues, seats=3, members=(1, 2, 3))
    for u in (1, 2, 3):
        await leagues.enqueue(league.league_id, u)
    [info] = await open_tables(leagues, await leagues.seat_queue(league.league_id))
    await games.resign(info.game_id, 1)
    await play_out(games, info.game_id)
    res = await leagues.record(info.game_id)
    assert res is not None
    assert dict(zip(res.members, res.places, strict=True))[1] == 3
    for u in (1, 2, 3):
        await leagues.enqueue(league.league_id, u)
    assert await leagues.seat_queue(league.league_id) == []  # an immediate rematch waits
    clock.advance(hours=3)
    [other] = await open_tables(leagues, await leagues.seat_queue(league.league_id))
    await games.abort(other.game_id, 1, is_manager=True)
    assert await leagues.reconcile() == []
    assert len(await leagues.history(league.league_id)) == 1


async def test_void_and_settle_are_logged_and_rebuild_ratings(parts: Parts) -> None:
    _, games, leagues, _ = parts
    league = await new_league(leagues)
    lid = league.league_id
    ids = []
    for pair in ((1, 2), (3, 4), (1, 3)):
        for u in pair:
            await leagues.enqueue(lid, u)
        [info] = await open_tables(leagues, await leagues.seat_queue(lid))
        ids.append(info.game_id)
    await play_out(games, ids[0])
    await play_out(games, ids[1])
    await play_out(games, ids[2], steps=2)
    async def games_counted() -> int:
        return sum(ln.games for ln in (await leagues.standings(lid)).lines)

    assert await games_counted() == 0
    assert len(await leagues.reconcile()) == 2
    assert await games_counted() == 4  # the standings follow new results (and their cache)
    with pytest.raises(LE.NotOrganizer):
        await leagues.void(lid, ids[0], 2, "cheating", organizer=False)
    await leagues.void(lid, ids[0], 1, "cheating", organizer=True)
    assert (await leagues.ratings(lid)).keys() == {3, 4}
    assert await games_counted() == 2
    settled = await leagues.settle(lid, ids[2], 1, "players agreed", organizer=True, order=[3, 1])
    assert settled.source == "settled" and dict(zip(settled.members, settled.places, strict=True)) == {1: 2, 3: 1}
    assert (await games.game(ids[2])).status == "aborted"
    log = await leagues.audit(lid)
    assert [(a, r) for a, r, _, _ in log] == [("create", ""), ("void", "cheating"), ("settle", "players agreed")]
    incremental = await leagues.ratings(lid)
    assert await leagues.rebuild(lid) == incremental
    csv_text = await leagues.export_csv(lid, organizer=True)
    assert csv_text.splitlines()[0].startswith("result_id,") and "cheating" in csv_text
    with pytest.raises(LE.NotLeagueGame):
        await leagues.void(lid, 999, 1, "x", organizer=True)
    hostile = '=HYPERLINK("http://evil.example","a, b")\nsecond line'  # a formula, a comma, quotes, a line break
    await leagues.void(lid, ids[1], 1, hostile, organizer=True)
    rows = list(csv.reader(io.StringIO(await leagues.export_csv(lid, organizer=True), newline="")))
    game, reason = rows[0].index("game_id"), rows[0].index("reason")
    assert [r[reason] for r in rows[1:] if r[game] == str(ids[1])] == ["'" + hostile] * 2  # text, cell for cell


async def test_rebuild_reproduces_incremental_ratings_across_a_season(parts: Parts) -> None:
    _, games, leagues, clock = parts
    league = await new_league(leagues, seats=2, members=(1, 2, 3, 4, 5), settings={"queue": {"base_window": 2000}})
    lid = league.league_id
    pairs = [(1, 2), (3, 4), (5, 1), (2, 3), (4, 5), (1, 3)]
    for n, pair in enumerate(pairs):
        if n == 3:
            await leagues.end_season(lid, 1, organizer=True, keep=0.6)
        clock.advance(days=3 + n * 4)
        for u in pair:
            await leagues.enqueue(lid, u)
        [info] = await open_tables(leagues, await leagues.seat_queue(lid))
        await play_out(games, info.game_id, pick=n % 3)
        await leagues.reconcile()
    incremental = await leagues.ratings(lid)
    assert sum(r.games for r in incremental.values()) == 12
    rebuilt = await leagues.rebuild(lid)
    assert rebuilt == incremental
    assert (await leagues.league(lid)).season == 2
    page = await leagues.standings(lid, season=1)
    assert sum(ln.games for ln in page.lines) == 6


async def test_rounds_pair_everyone_and_the_deadline_settles(parts: Parts) -> None:
    _, games, leagues, clock = parts
    league = await new_league(leagues, format="rounds", round_days=7, seats=2, members=(1, 2, 3, 4, 5))
    lid = league.league_id
    await leagues.dequeue(lid, 5)  # opts out: a bye
    assert (await leagues.tick()).opened == []  # members have a day to join before the first round
    clock.advance(hours=24)
    tick = await leagues.tick()
    [opened] = tick.opened
    assert opened.round == 1 and opened.byes == (5,)
    assert sorted(m for t in opened.tables for m in t.members) == [1, 2, 3, 4]
    infos = await open_tables(leagues, list(opened.tables))
    await play_out(games, infos[0].game_id)
    await play_out(games, infos[1].game_id, steps=1)
    clock.advance(days=7, minutes=1)
    tick = await leagues.tick()
    assert [c.settled for c in tick.closed] == [(infos[1].game_id,)]
    assert len(tick.recorded) == 1
    [second] = tick.opened
    assert second.round == 2 and second.byes == (5,)
    results = await leagues.history(lid)
    assert {r.source for r, _ in results} == {"game", "settled"}
    # round 2 avoids round 1's pairs when it can
    first_pairs = {frozenset(t.members) for t in opened.tables}
    assert not first_pairs & {frozenset(t.members) for t in second.tables}


async def test_four_seat_table_keeps_its_seat_order(parts: Parts) -> None:
    _, _, leagues, _ = parts
    league = await new_league(leagues, seats=4, members=(4, 3, 2, 1))
    for u in (4, 3, 2, 1):
        await leagues.enqueue(league.league_id, u)
    [table] = await leagues.seat_queue(league.league_id)
    [info] = await open_tables(leagues, [table])
    assert tuple(info.user_at(s) for s in range(4)) == table.members


async def test_games_with_computer_players_are_never_rated(parts: Parts, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.leagues import service as league_service

    _, games, leagues, _ = parts
    league = await new_league(leagues, members=(1, 2))
    for u in (1, 2):
        await leagues.enqueue(league.league_id, u)
    [info] = await open_tables(leagues, await leagues.seat_queue(league.league_id))
    await play_out(games, info.game_id)
    monkeypatch.setattr(league_service, "has_computer_players", lambda game: True)
    res = await leagues.record(info.game_id)
    assert res is not None and res.status == "voided" and res.reason == "computer players"
    assert await leagues.ratings(league.league_id) == {}
    assert await leagues.reconcile() == []  # handled once: not retried


async def test_leaving_a_league_leaves_its_queue(parts: Parts) -> None:
    _, _, leagues, _ = parts
    league = await new_league(leagues)
    await leagues.enqueue(league.league_id, 1)
    await leagues.leave(league.league_id, 1)
    assert await leagues.queue(league.league_id) == []
    with pytest.raises(LE.NotMember):
        await leagues.enqueue(league.league_id, 1)
    await leagues.join(league.league_id, 1)  # and may come back
    assert 1 in await leagues.members(league.league_id)


async def test_standings_pages(parts: Parts) -> None:
    _, _, leagues, _ = parts
    league = await new_league(leagues, members=tuple(range(1, 41)))
    page = await leagues.standings(league.league_id, page=3, per_page=15)
    assert (page.page, page.pages, page.total, len(page.lines)) == (3, 3, 40, 10)
    assert [ln.rank for ln in page.lines] == list(range(31, 41))
    assert (await leagues.standings(league.league_id, page=99, per_page=15)).page == 3


async def test_a_table_seated_before_a_crash_is_opened_after_the_restart(tmp_path: Path) -> None:
    clock = FakeClock()
    store = await SqliteStore.open(tmp_path / "t.sqlite3")
    leagues = LeagueService(store, GameService(store, clock), clock, seed_source=seeds)
    league = await new_league(leagues)
    for u in (1, 2):
        await leagues.enqueue(league.league_id, u)
    [table] = await leagues.seat_queue(league.league_id)
    await store.close()  # the bot died before opening the table's thread and game
    store = await SqliteStore.open(tmp_path / "t.sqlite3")
    leagues = LeagueService(store, GameService(store, clock), clock, seed_source=seeds)
    assert await leagues.queue(league.league_id) == []  # seated: not waiting any more, not lost either
    assert [t.table_id for t in await leagues.tables_to_open()] == [table.table_id]
    [info] = await open_tables(leagues, await leagues.tables_to_open())
    assert info.status == "active" and await leagues.tables_to_open() == []
    again = await leagues.open_table(table, info.channel_id)  # opening twice is harmless
    assert again.game_id == info.game_id
    await store.close()


async def test_a_rounds_league_waits_for_two_members(parts: Parts) -> None:
    leagues = parts[2]
    league = await new_league(leagues, format="rounds", round_days=7, members=(1,), first_round_in=timedelta(0))
    assert (await leagues.tick()).opened == []
    await leagues.join(league.league_id, 2)
    [opened] = (await leagues.tick()).opened
    assert [t.members for t in opened.tables] in ([(1, 2)], [(2, 1)])


async def test_a_season_ends_by_itself_and_a_game_across_it_keeps_the_projection(parts: Parts) -> None:
    _, games, leagues, clock = parts
    league = await new_league(leagues, season_days=30, members=(1, 2, 3, 4),
                              settings={"reset_keep": 0.4, "queue": {"base_window": 2000}})
    lid = league.league_id
    for u in (1, 2, 3, 4):
        await leagues.enqueue(lid, u)
    first, second = await open_tables(leagues, await leagues.seat_queue(lid))
    await play_out(games, first.game_id)
    assert len(await leagues.reconcile()) == 1
    clock.advance(days=31)
    tick = await leagues.tick()
    [final] = tick.seasons
    assert final.season == 1 and sum(ln.games for ln in final.lines) == 2
    assert (await leagues.league(lid)).season == 2
    await play_out(games, second.game_id)  # began in season 1, ends in season 2
    [late] = await leagues.reconcile()
    assert late.season == 2
    assert await leagues.rebuild(lid) == await leagues.ratings(lid)
    assert (await leagues.tick()).seasons == []


async def test_rank_roles_are_set_by_organizers_and_follow_the_standings(parts: Parts) -> None:
    _, games, leagues, _ = parts
    league = await new_league(leagues, settings={"rating": {"provisional_sigma": 99}})
    lid = league.league_id
    with pytest.raises(LE.NotOrganizer):
        await leagues.set_rank_role(lid, 77, 1, 2, organizer=False)
    assert await leagues.set_rank_role(lid, 77, 1, 1, organizer=True) == {77: 1}
    assert await leagues.set_rank_role(lid, 88, 3, 1, organizer=True) == {77: 1, 88: 3}
    assert await leagues.rank_roles(lid) == {77: set(), 88: set()}  # nobody played yet
    for u in (1, 2):
        await leagues.enqueue(lid, u)
    [info] = await open_tables(leagues, await leagues.seat_queue(lid))
    end = await play_out(games, info.game_id)
    await leagues.reconcile()
    winner = next(p.user_id for p in end.players if p.place == 1)
    holders = await leagues.rank_roles(lid)
    assert holders[77] == {winner} and holders[88] == {1, 2} - {winner}
    assert await leagues.set_rank_role(lid, 77, 0, 1, organizer=True) == {88: 3}


async def test_the_ladder_queue_never_seats_a_blocked_pair(parts: Parts) -> None:
    _, games, leagues, clock = parts
    league = await new_league(leagues)
    lid = league.league_id
    await games.block(2, 1)  # 2 blocked 1: neither way round are they seated together
    for m in (1, 2):
        await leagues.enqueue(lid, m)
    assert await leagues.seat_queue(lid) == []
    clock.advance(days=30)  # however long they wait
    assert await leagues.seat_queue(lid) == []
    await leagues.enqueue(lid, 3)
    [table] = await leagues.seat_queue(lid)
    assert table.members == (1, 3) and await leagues.queue(lid) == [2]
    await games.unblock(2, 1)
    await leagues.enqueue(lid, 4)
    [table] = await leagues.seat_queue(lid)
    assert set(table.members) == {2, 4}


async def test_a_league_game_whose_thread_is_gone_is_settled_by_the_league(parts: Parts) -> None:
    """Issue 34: a league game whose thread was deleted and not moved is settled as at a round's deadline (a
    started game by its current scores, counted as settled); a lobby is voided; a casual game is no business of
    the league."""
    _, games, leagues, _ = parts
    league = await new_league(leagues)
    lid = league.league_id
    for u in (1, 2):
        await leagues.enqueue(lid, u)
    [info] = await open_tables(leagues, await leagues.seat_queue(lid))
    await play_out(games, info.game_id, steps=2)
    assert await leagues.settle_abandoned(info.game_id, "thread_lost")
    assert (await games.game(info.game_id)).status == "aborted"
    [(result, _)] = await leagues.history(lid)
    assert (result.game_id, result.source, result.status, result.reason) == (info.game_id, "settled", "counted",
                                                                            "thread_lost")
    assert [a[0] for a in await leagues.audit(lid, info.game_id)] == ["settle"]
    casual = await games.create_game(channel_id=777, creator_id=1, ruleset="base", players=2)
    assert not await leagues.settle_abandoned(casual.game_id, "thread_lost")
    assert (await games.game(casual.game_id)).status == "lobby"
