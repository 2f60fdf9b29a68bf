"""The league loop's rank-role sync (``LeagueRunner.sync_roles``) against a stand-in guild.

The bot runs without the members intent, so a role's ``members`` is nearly always empty: the runner must
remember whom it gave each rank role to, and take it back from them when the standings move on."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.exts.leagues import LeagueGroup, LeagueRunner, bot_runner
from bot.leagues import errors as LE
from bot.leagues.service import LeagueService, Tick
from bot.service import GameService
from bot.store import SqliteStore
from tests.bot.service.conftest import FakeClock
from tests.leagues.helpers import GUILD, new_league, open_tables, play_out, seeds

ROLE = 77


@dataclass(eq=False)
class Role:
    id: int
    members: list[Member] = field(default_factory=list)  # what discord.py's cache knows: nobody, no intent


@dataclass(eq=False)
class Member:
    id: int
    roles: list[Role] = field(default_factory=list)

    async def add_roles(self, role: Role, *, reason: str) -> None:
        assert reason.startswith("league ")
        self.roles.append(role)

    async def remove_roles(self, role: Role, *, reason: str) -> None:
        assert reason.startswith("league ")
        if role in self.roles:  # like Discord: removing a role the member lacks is no error
            self.roles.remove(role)


class Guild:
    """A guild as a bot without the members intent sees it: no cached members, each one fetched."""

    def __init__(self, users: list[int], *, failing: int | None = None) -> None:
        self.id = GUILD
        self.role = Role(ROLE)
        self.members = {u: Member(u) for u in users}
        self.failing = failing  # a user whose fetch fails (Discord unreachable)
        self.fetched: list[int] = []
        self.cached: set[int] = set()  # members discord.py happens to have cached (e.g. they just spoke)

    def get_role(self, role_id: int) -> Role | None:
        return self.role if role_id == ROLE else None

    def get_member(self, user_id: int) -> Member | None:
        return self.members[user_id] if user_id in self.cached else None

    async def fetch_member(self, user_id: int) -> Member:
        self.fetched.append(user_id)
        response: Any = SimpleNamespace(status=404 if user_id not in self.members else 500, reason="")
        if user_id not in self.members:
            raise discord.NotFound(response, "Unknown Member")
        if user_id == self.failing:
            raise discord.HTTPException(response, "unavailable")
        return self.members[user_id]

    def holders(self) -> set[int]:
        return {u for u, m in self.members.items() if self.role in m.roles}


class Bot:
    def __init__(self, guild: Guild) -> None:
        self.guild = guild

    def get_guild(self, guild_id: int) -> Guild | None:
        return self.guild if guild_id == self.guild.id else None


async def test_a_member_who_drops_out_of_the_band_loses_the_rank_role(tmp_path: Path) -> None:
    clock = FakeClock()
    store = await SqliteStore.open(tmp_path / "r.sqlite3")
    games = GameService(store, clock)
    leagues = LeagueService(store, games, clock, seed_source=seeds)
    league = await new_league(leagues, members=(1, 2, 3), settings={"rating": {"provisional_sigma": 99}})
    lid = league.league_id
    guild = Guild([1, 2])  # member 3 left the server
    runner = LeagueRunner(Bot(guild), leagues, 30.0)  # type: ignore[arg-type]
    await leagues.set_rank_role(lid, ROLE, 1, 1, organizer=True)
    await leagues.set_rank_role(lid, 99, 1, 1, organizer=True)  # a role deleted from the server: skipped

    for u in (1, 2):
        await leagues.enqueue(lid, u)
    [info] = await open_tables(leagues, await leagues.seat_queue(lid))
    game_id = info.game_id
    end = await play_out(games, game_id)
    await leagues.reconcile()
    first = next(p.user_id for p in end.players if p.place == 1)
    await runner.sync_roles(lid)
    assert guild.holders() == {first} == (await leagues.rank_roles(lid))[ROLE]
    assert (await leagues.role_holders(lid))[ROLE] == {first}
    guild.cached, guild.fetched = {first}, []
    await runner.sync_roles(lid)  # nothing changed: the holder keeps the role, nobody is fetched
    assert guild.holders() == {first} and guild.fetched == []
    guild.cached = set()

    # the game stops counting: nobody is in first place any more, so the holder loses the role
    await leagues.void(lid, game_id, 1, "mistake", organizer=True)
    assert (await leagues.rank_roles(lid))[ROLE] == set()
    await leagues.remember_role_holders(lid, ROLE, {first, 3})  # 3 had it too, then left the server
    guild.failing = first  # Discord fails: the role stays remembered, to be taken at the next sync
    await runner.sync_roles(lid)
    assert guild.holders() == {first} and (await leagues.role_holders(lid))[ROLE] == {first, 3}
    guild.failing = None
    await runner.sync_roles(lid)
    assert 3 in guild.fetched  # looked up, not found: skipped, the others still synced
    assert guild.holders() == set() and (await leagues.role_holders(lid))[ROLE] == set()
    await store.close()


class FailingLeagues:
    """A league service whose first round fails and whose second one ends the test."""

    def __init__(self) -> None:
        self.calls = 0
        self.second = asyncio.Event()

    async def tick(self) -> Tick:
        self.calls += 1
        if self.calls == 1:
            raise RuntimeError("database is locked")
        self.second.set()
        return Tick()

    async def tables_to_open(self) -> list[object]:
        return []


async def test_a_failed_round_is_logged_and_the_loop_goes_on(caplog: pytest.LogCaptureFixture) -> None:
    leagues = FailingLeagues()
    runner = LeagueRunner(Bot(Guild([])), leagues, 0.0)  # type: ignore[arg-type]
    await runner.cog_load()
    await asyncio.wait_for(leagues.second.wait(), 10)
    await runner.cog_unload()
    assert runner._task is not None and runner._task.cancelled()
    assert [r.message for r in caplog.records] == ["league round failed"]


class Games:
    def __init__(self, game: object) -> None:
        self.game = game

    async def game_for_channel(self, channel_id: int) -> object:
        if isinstance(self.game, Exception):
            raise self.game
        return self.game


async def test_only_the_bots_own_final_board_of_a_ranked_game_is_recorded(caplog: pytest.LogCaptureFixture) -> None:
    recorded: list[int] = []

    class Leagues:
        async def record(self, game_id: int) -> None:
            recorded.append(game_id)

    bot = Bot(Guild([]))
    runner = LeagueRunner(bot, Leagues(), 30.0)  # type: ignore[arg-type]

    def message(author_bot: bool, filename: str) -> Any:
        return SimpleNamespace(author=SimpleNamespace(bot=author_bot), channel=SimpleNamespace(id=5),
                               attachments=[SimpleNamespace(filename=filename)])

    def game(status: str, ranked: bool) -> object:
        return SimpleNamespace(game_id=9, status=status, ranked=ranked)

    bot.service = Games(game("over", True))  # type: ignore[attr-defined]
    await runner.on_message(message(False, "table.png"))  # a member's message
    await runner.on_message(message(True, "rating.png"))  # another image of the bot
    for other in (None, game("active", True), game("over", False)):
        bot.service = Games(other)  # type: ignore[attr-defined]
        await runner.on_message(message(True, "table.png"))
    assert recorded == []
    bot.service = Games(game("over", True))  # type: ignore[attr-defined]
    await runner.on_message(message(True, "table.png"))
    assert recorded == [9]  # nothing new recorded (already counted): nothing announced
    bot.service = Games(RuntimeError("store closed"))  # type: ignore[attr-defined]
    await runner.on_message(message(True, "table.png"))
    assert [r.message for r in caplog.records] == ["recording the league game of channel 5 failed"]


class OfflineBot(Bot):
    """A bot that cannot reach any channel (deleted, or Discord down): every post is skipped."""

    def __init__(self, guild: Guild, service: GameService) -> None:
        super().__init__(guild)
        self.service = service
        self.names: dict[int, str] = {}
        self.fetched: list[int] = []

    def get_channel(self, channel_id: int) -> None:
        return None

    async def fetch_channel(self, channel_id: int) -> None:
        self.fetched.append(channel_id)
        raise discord.NotFound(SimpleNamespace(status=404, reason=""), "Unknown Channel")  # type: ignore[arg-type]


async def test_the_loop_reopens_a_crashed_table_records_results_and_ends_the_season(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    clock = FakeClock()
    store = await SqliteStore.open(tmp_path / "l.sqlite3")
    try:
        games = GameService(store, clock)
        leagues = LeagueService(store, games, clock, seed_source=seeds)
        league = await new_league(leagues, members=(1, 2), season_days=30)
        lid = league.league_id
        bot = OfflineBot(Guild([1, 2]), games)
        runner = LeagueRunner(bot, leagues, 30.0)  # type: ignore[arg-type]
        await runner.cog_unload()  # never started: nothing to stop
        for u in (1, 2):
            await leagues.enqueue(lid, u)
        [table] = await leagues.seat_queue(lid)  # seated, then the bot died before opening it

        out = await runner.tick()
        assert out.seated == [table]  # the loop picks the seated table up again
        assert "is not a text channel" in caplog.text  # its channel is gone: left for the next round
        assert await leagues.tables_to_open() == [table]

        [info] = await open_tables(leagues, [table])
        end = await play_out(games, info.game_id)  # nobody saw the final board: the loop records it
        clock.advance(days=30, minutes=1)
        out = await runner.tick()
        assert [r.game_id for r in out.recorded] == [end.game_id]
        assert [(f.league.league_id, f.season) for f in out.seasons] == [(lid, 1)]
        assert (await leagues.league(lid)).season == 2
        # tried: the league channel for the table's thread, the result in the game's thread, the final standings
        # in the league channel (no announcements channel)
        assert bot.fetched == [league.channel_id, info.channel_id, league.channel_id, league.channel_id]
    finally:
        await store.close()


def test_a_client_without_the_league_cog_has_no_runner() -> None:
    with pytest.raises(LE.LeagueError):
        bot_runner(Bot(Guild([])))  # type: ignore[arg-type]


async def test_a_correction_is_posted_only_in_the_thread_of_a_league_game(tmp_path: Path) -> None:
    clock = FakeClock()
    store = await SqliteStore.open(tmp_path / "p.sqlite3")
    try:
        games = GameService(store, clock)
        leagues = LeagueService(store, games, clock, seed_source=seeds)
        league = await new_league(leagues, members=(1, 2))
        for u in (1, 2):
            await leagues.enqueue(league.league_id, u)
        [info] = await open_tables(leagues, await leagues.seat_queue(league.league_id))
        bot = OfflineBot(Guild([1, 2]), games)
        runner = LeagueRunner(bot, leagues, 30.0)  # type: ignore[arg-type]
        group = LeagueGroup(bot, leagues, runner)  # type: ignore[arg-type]
        await group._post_in_game(info.game_id + 1, "voided")  # not a league game: posted nowhere
        assert bot.fetched == []
        await group._post_in_game(info.game_id, "voided")
        assert bot.fetched == [info.channel_id]
    finally:
        await store.close()


async def test_removing_a_band_takes_its_role_from_the_members_who_hold_it(tmp_path: Path) -> None:
    """``/league roles top:0`` forgets the band: the role is taken from whom the bot gave it to, then forgotten."""
    clock = FakeClock()
    store = await SqliteStore.open(tmp_path / "r.sqlite3")
    games = GameService(store, clock)
    leagues = LeagueService(store, games, clock, seed_source=seeds)
    lid = (await new_league(leagues, members=(1, 2), settings={"rating": {"provisional_sigma": 99}})).league_id
    guild = Guild([1, 2])
    runner = LeagueRunner(Bot(guild), leagues, 30.0)  # type: ignore[arg-type]
    await leagues.set_rank_role(lid, ROLE, 2, 1, organizer=True)
    for u in (1, 2):
        await leagues.enqueue(lid, u)
    [info] = await open_tables(leagues, await leagues.seat_queue(lid))
    await play_out(games, info.game_id)
    await leagues.reconcile()
    await runner.sync_roles(lid)
    assert guild.holders() == {1, 2}
    assert await leagues.set_rank_role(lid, ROLE, 0, 1, organizer=True) == {}
    await runner.sync_roles(lid)  # what /league roles does after setting the band
    assert guild.holders() == set()
    assert await leagues.role_holders(lid) == {} and await leagues.rank_roles(lid) == {}
    await store.close()
