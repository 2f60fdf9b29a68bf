"""League paths with real base games (SQLite): refusals, settling live and settled games, a deadline voiding
an unopened table, and the stats of finished games."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import engine
from bot.leagues import errors as LE
from bot.leagues.service import LeagueService, names_or_ids
from bot.service import GameService
from bot.store import SqliteStore
from engine.ai import choose
from tests.bot.service.conftest import FakeClock
from tests.leagues.helpers import GUILD, new_league, open_tables, seeds

Parts = tuple[SqliteStore, GameService, LeagueService, FakeClock]


@pytest.fixture
async def parts(tmp_path: Path) -> AsyncIterator[Parts]:
    clock = FakeClock()
    store = await SqliteStore.open(tmp_path / "l.sqlite3")
    games = GameService(store, clock)
    yield store, games, LeagueService(store, games, clock, seed_source=seeds), clock
    await store.close()


async def play(games: GameService, game_id: int, moves: int = 1000) -> None:
    """Up to ``moves`` moves of the easy computer for whoever is to act (a base game ends in about 60)."""
    for _ in range(moves):
        info = await games.game(game_id)
        state = await games.state(game_id)
        if info.status != "active" or state is None or state.to_act is None:
            return
        seat = state.to_act
        code = str(choose(engine.view_for(state, seat), level="easy", seed=info.version))
        user = info.user_at(seat)
        assert user is not None
        await games.play(game_id, user, code, expected_version=info.version, request_id=f"e{info.version}")


async def table_game(leagues: LeagueService, lid: int, pair: tuple[int, int]) -> int:
    for u in pair:
        await leagues.enqueue(lid, u)
    [info] = await open_tables(leagues, await leagues.seat_queue(lid))
    return info.game_id


async def test_league_options_lookups_and_organizer_only_actions_are_refused(parts: Parts) -> None:
    _, _, leagues, _ = parts
    for bad in ({"name": "   "}, {"name": "x" * 41}, {"seats": 1}, {"format": "swiss"},
                {"format": "rounds", "round_days": 0}, {"season_days": 0}):
        with pytest.raises(LE.BadLeagueOption):
            await new_league(leagues, **{"name": "Bad", **bad, "ruleset": "base"})  # type: ignore[arg-type]
    with pytest.raises(LE.LeagueNotFound):
        await leagues.find(GUILD, "Nobody")
    with pytest.raises(LE.LeagueNotFound):
        await leagues.league(999)
    league = await new_league(leagues, ruleset="base", members=(1, 2))
    lid = league.league_id
    with pytest.raises(LE.NotMember):
        await leagues.leave(lid, 3)
    for refused in (leagues.export_csv(lid, organizer=False), leagues.end_season(lid, 2, organizer=False),
                    leagues.set_rank_role(lid, 77, 3, 2, organizer=False),
                    leagues.settle(lid, 1, 2, "x", organizer=False)):
        with pytest.raises(LE.NotOrganizer):
            await refused
    with pytest.raises(LE.BadLeagueOption):
        await leagues.end_season(lid, 1, organizer=True, keep=1.5)
    with pytest.raises(LE.BadLeagueOption):
        await leagues.set_rank_role(lid, 77, 1001, 1, organizer=True)
    assert await leagues.rank_roles(lid) == {}
    assert await leagues.set_rank_role(lid, 77, 3, 1, organizer=True) == {77: 3}
    assert await leagues.set_rank_role(lid, 77, 0, 1, organizer=True) == {}  # 0 takes the band away
    assert await leagues.rank_roles(lid) == {}
    assert (await leagues.league(lid)).season == 1  # nothing refused changed the league
    assert [a for a, _, _, _ in await leagues.audit(lid)] == ["create", "rank_role", "rank_role"]


async def test_rounds_members_opt_out_and_back_in_once_each(parts: Parts) -> None:
    _, _, leagues, _ = parts
    league = await new_league(leagues, ruleset="base", format="rounds", round_days=7, members=(1, 2, 3))
    lid = league.league_id
    await leagues.dequeue(lid, 3)
    with pytest.raises(LE.NotQueued):
        await leagues.dequeue(lid, 3)
    await leagues.enqueue(lid, 3)
    with pytest.raises(LE.AlreadyQueued):
        await leagues.enqueue(lid, 3)
    assert await leagues.seat_queue(lid) == []  # rounds pair members, never a queue
    ladder = await new_league(leagues, name="Ladder", ruleset="base", members=(1, 2))
    assert await leagues.start_round(ladder.league_id) is None  # a ladder has no rounds


async def test_a_live_game_is_settled_by_its_scores_then_resettled_by_an_order(parts: Parts) -> None:
    _, games, leagues, _ = parts
    league = await new_league(leagues, ruleset="base", members=(1, 2, 3, 4))
    lid = league.league_id
    gid = await table_game(leagues, lid, (1, 2))
    await play(games, gid, moves=30)
    info, state = await games.game(gid), await games.state(gid)
    assert info.status == "active" and state is not None
    scores = {p.user_id: state.scores()[p.seat or 0] for p in info.players}
    assert await leagues.record(gid) is None  # not over: nothing to record yet
    settled = await leagues.settle(lid, gid, 1, "server closing", organizer=True)
    places = dict(zip(settled.members, settled.places, strict=True))
    assert places[1] == 1 + (scores[2] > scores[1]) and places[2] == 1 + (scores[1] > scores[2])
    assert (await games.game(gid)).status == "aborted"
    assert (await leagues.table_for_game(gid)) is not None
    again = await leagues.settle(lid, gid, 1, "recount", organizer=True, order=[2, 1])
    assert (again.result_id, again.source, again.reason) == (settled.result_id, "settled", "recount")
    assert dict(zip(again.members, again.places, strict=True)) == {2: 1, 1: 2}
    ratings = await leagues.ratings(lid)
    assert ratings[2].mu > ratings[1].mu and await leagues.rebuild(lid) == ratings
    with pytest.raises(LE.AlreadySettled):  # an aborted game has no places of its own: an order is needed
        await leagues.settle(lid, gid, 1, "again", organizer=True)
    other = await new_league(leagues, name="Other", ruleset="base", members=(3, 4))
    with pytest.raises(LE.NotLeagueGame):
        await leagues.settle(other.league_id, gid, 3, "wrong league", organizer=True)


async def test_a_round_table_never_started_is_voided_at_the_deadline(parts: Parts) -> None:
    store, games, leagues, clock = parts
    league = await new_league(leagues, ruleset="base", format="rounds", round_days=2, members=(1, 2))
    lid = league.league_id
    clock.advance(hours=24)
    [opened] = (await leagues.tick()).opened
    [table] = opened.tables
    # A crash after the game was created, before it started: the table points to a lobby.
    lobby = await games.create_game(channel_id=4242, creator_id=table.members[0], ruleset="base", players=2,
                                    ranked=True, request_id=f"league-table:{table.table_id}")
    async with store.transaction() as tx:
        await tx.set_league_table(table.table_id, channel_id=4242, game_id=lobby.game_id)
    clock.advance(days=2, minutes=1)
    tick = await leagues.tick()
    assert [(c.round, c.settled) for c in tick.closed] == [(1, ())]
    [(result, thread)] = await leagues.history(lid)
    assert (result.status, result.reason, thread) == ("voided", "deadline", 4242)
    assert (await games.game(lobby.game_id)).status == "aborted"
    assert await leagues.ratings(lid) == {}


async def test_stats_count_finished_real_games_and_the_league_curve(parts: Parts) -> None:
    _, games, leagues, _ = parts
    league = await new_league(leagues, ruleset="base", members=(1, 2, 3),
                              settings={"points": {"2": [3, 0]}, "queue": {"rematch_after_h": 0}})
    lid = league.league_id
    ids = [await table_game(leagues, lid, (1, 2)) for _ in range(2)]
    for gid in ids:
        await play(games, gid)
    assert [r.game_id for r in await leagues.reconcile()] == ids
    finished = [await games.game(gid) for gid in ids]
    mine = [next(p for p in g.players if p.user_id == 1) for g in finished]
    stats = await leagues.user_stats(1, ruleset="base", league_id=lid)
    assert stats.games == 2 and stats.wins == sum(p.place == 1 and p.result == "win" for p in mine)
    assert stats.average_score == sum(p.final_score or 0 for p in mine) / 2
    assert len(stats.rating_points) == 2 and stats.rating is not None and stats.average_length is not None
    assert stats.favourite in {"w", "u", "g", "r", "k", None}
    page = await leagues.standings(lid)
    points = {ln.user_id: ln.points for ln in page.lines}
    assert points[1] + points[2] == 6 and points[3] == 0  # custom points: 3 for the winner of a 2-seat game
    none = await leagues.user_stats(1, ruleset="spectacle")
    assert (none.games, none.average_score, none.average_length, none.rating) == (0, 0.0, None, None)
    assert [lg.league_id for lg in await leagues.leagues_of(GUILD, 1)] == [lid]
    assert await leagues.leagues_of(GUILD, 99) == []
    assert names_or_ids([1, 5], {1: "Ann"}) == ["Ann", "5"]


async def test_stats_no_longer_pick_a_league_the_user_left(parts: Parts) -> None:
    """``/stats`` without a league shows the user's league by default: a league they left is not theirs any
    more (joining again makes it so again)."""
    _, _, leagues, _ = parts
    first = await new_league(leagues, ruleset="base", members=(1, 2), name="first")
    second = await new_league(leagues, ruleset="base", members=(1, 3), name="second")
    assert [lg.league_id for lg in await leagues.leagues_of(GUILD, 1)] == [first.league_id, second.league_id]
    await leagues.leave(first.league_id, 1)
    assert [lg.league_id for lg in await leagues.leagues_of(GUILD, 1)] == [second.league_id]
    await leagues.leave(second.league_id, 1)
    assert await leagues.leagues_of(GUILD, 1) == []
    await leagues.join(first.league_id, 1)
    assert [lg.league_id for lg in await leagues.leagues_of(GUILD, 1)] == [first.league_id]
