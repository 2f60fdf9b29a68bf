"""Leagues end to end through the fake Discord: a ladder league (create, join, queue, a game opened in a thread
and played to the end, standings and stats images) and a rounds league (two rounds, a deadline settling an
unfinished game)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.exts.leagues import LeagueRunner, bot_runner
from tests.bot.service.conftest import FakeClock
from tests.e2e.bot_helpers import make_bot, pick_move, play_to_the_end, send_move
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FakeDiscord, FakeUser

pytestmark = pytest.mark.e2e


async def _say(fake: FakeDiscord, user: FakeUser, command: str, options: dict[str, object]) -> str:
    """Run a command in #general; the text of its answer (initial response or followup)."""
    handle = await fake.slash(user, fake.channel("general"), command, options)
    record = await handle.accepted()
    if record.type == 5:  # deferred
        return (await handle.wait_followups(1))[0].content
    message = await handle.wait_original()
    return message.content


async def _refused(fake: FakeDiscord, user: FakeUser, command: str, options: dict[str, object]) -> str:
    handle = await fake.slash(user, fake.channel("general"), command, options)
    record = await handle.accepted()
    if record.type == 5:
        reply = (await handle.wait_followups(1))[0]
    else:
        reply = await handle.wait_original()
    assert reply.ephemeral, reply.content
    return reply.content


async def test_ladder_league_game_standings_and_stats(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                      tmp_path: Path) -> None:
    fake = fake_discord
    champion = fake.add_role(fake.guild, "Champion", 0)  # a rank role, known to the bot when it starts
    bot = await start_client(make_bot(fake, tmp_path / "l.sqlite3"))
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    created = await _say(fake, alice, "league create", {"name": "Spring", "seats": 2, "target": 3,
                                                         "turn_timer": "none"})
    assert "Spring" in created
    leagues = bot_runner(bot).leagues
    [(spring, _)] = await leagues.list_leagues(fake.guild.id)
    async with leagues.store.transaction() as tx:  # nobody provisional: one game earns the rank role
        await tx.set_league_settings(spring.league_id, {**spring.settings, "rating": {"provisional_sigma": 99}})
    await _refused(fake, alice, "league roles", {"league": "Spring", "role": str(champion.id), "top": 1})

    def champions() -> list[int]:
        return [u for u, m in fake.guild.members.items() if champion.id in m.role_ids]
    assert "already exists" in await _refused(fake, bob, "league create", {"name": "spring"})
    await _say(fake, bob, "league join", {"league": "Spring"})
    assert "already a member" in await _refused(fake, bob, "league join", {"league": "Spring"})
    assert "not a member" in await _refused(fake, carol, "league queue", {"league": "Spring"})
    assert "Only the organizers" in await _refused(fake, bob, "league export", {"league": "Spring"})

    general = fake.channel("general")
    before = len(fake.threads_of(general))
    await _say(fake, alice, "league queue", {"league": "Spring"})
    assert "already waiting" in await _refused(fake, alice, "league queue", {"league": "Spring"})
    await _say(fake, bob, "league queue", {"league": "Spring"})
    thread = await fake.wait_until(lambda: fake.threads_of(general)[before:] and fake.threads_of(general)[before],
                                   what="the league game's thread")
    ping = await fake.wait_for_message(thread, lambda m: "League game" in m.content)
    assert set(ping.pinged_ids) >= {alice.id, bob.id}
    game = await play_to_the_end(fake, bot, thread, {alice.id: alice, bob.id: bob})
    assert game.status == "over" and game.ranked

    # recorded as soon as the final board is posted, not at the next round of the loop
    await fake.wait_for_message(thread, lambda m: "Result recorded" in m.content)
    assert (await bot_runner(bot).tick()).recorded == []  # exactly once
    assert len([m for m in fake.messages_in(thread) if "Result recorded" in m.content]) == 1
    winner = next(p.user_id for p in game.players if p.place == 1)
    assert await fake.wait_until(lambda: champions() == [winner], what="the winner's rank role")

    handle = await fake.slash(carol, general, "league standings", {"league": "Spring"})
    [reply] = await handle.wait_followups(1)
    assert reply.attachment("standings.png").data.startswith(b"\x89PNG")
    history = await _refused(fake, carol, "league history", {"league": "Spring"})
    assert f"#{game.game_id}" in history and f"<#{thread.id}>" in history
    handle = await fake.slash(alice, general, "player stats", {"league": "Spring"})
    [stats] = await handle.wait_followups(1)
    assert "1 finished game" in stats.content and "favourite bonus: " in stats.content
    assert stats.attachment("rating.png").data.startswith(b"\x89PNG")
    handle = await fake.slash(alice, general, "league export", {"league": "Spring"})
    record = await handle.accepted()
    assert record.type == 4
    export = await handle.wait_original()
    assert export.ephemeral and export.attachments[0].data.decode().startswith("result_id,")

    # the game no longer counts: at the next sync the bot takes the role back (it has no members intent, so it
    # must remember whom it gave the role to)
    await _refused(fake, alice, "league void", {"league": "Spring", "game": game.game_id, "reason": "test"})
    await _refused(fake, alice, "league roles", {"league": "Spring", "role": str(champion.id), "top": 1})
    assert await fake.wait_until(lambda: champions() == [] or None, what="the rank role taken back")


async def test_rounds_league_two_rounds_with_a_deadline(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                        tmp_path: Path) -> None:
    fake = fake_discord
    clock = FakeClock()
    bot = await start_client(make_bot(fake, tmp_path / "r.sqlite3", clock=clock))
    users = [fake.user(n) for n in ("alice", "bob", "carol", "owner")]
    by_id = {u.id: u for u in users}
    await _say(fake, users[0], "league create", {"name": "Weekly", "seats": 2, "target": 3, "format": "rounds",
                                                  "round_days": 7.0, "turn_timer": "none",
                                                  "start_hours": 0.0})
    for u in users[1:]:
        await _say(fake, u, "league join", {"league": "Weekly"})
    runner = bot_runner(bot)
    general = fake.channel("general")

    first = await runner.tick()
    [round1] = first.opened
    assert round1.round == 1 and round1.byes == () and len(round1.tables) == 2
    await fake.wait_for_message(general, lambda m: "round 1 starts" in m.content)
    infos = [await bot.service.game(await _game_of(runner, t.table_id)) for t in round1.tables]
    threads = [fake.channels[i.channel_id] for i in infos]
    done = await play_to_the_end(fake, bot, threads[0], by_id)
    assert done.status == "over"
    unfinished = await bot.service.game_for_channel(threads[1].id)
    assert unfinished is not None
    state = await bot.service.state(unfinished.game_id)
    await (await send_move(fake, by_id[unfinished.to_act_user or 0], threads[1], pick_move(state))).wait_followups(1)

    clock.advance(days=7, minutes=1)
    second = await runner.tick()
    assert [c.settled for c in second.closed] == [(unfinished.game_id,)]
    assert (await bot.service.game(unfinished.game_id)).status == "aborted"
    await fake.wait_for_message(threads[1], lambda m: "settled by the current scores" in m.content)
    [round2] = second.opened
    assert round2.round == 2 and len(round2.tables) == 2
    for table in round2.tables:
        gid = await _game_of(runner, table.table_id)
        info = await bot.service.game(gid)
        await play_to_the_end(fake, bot, fake.channels[info.channel_id], by_id)
    clock.advance(days=7, minutes=1)
    third = await runner.tick()
    assert [c.round for c in third.closed] == [2] and third.closed[0].settled == ()
    history = await runner.leagues.history(round1.league.league_id)
    assert sorted(r.source for r, _ in history) == ["game", "game", "game", "settled"]
    page = await runner.leagues.standings(round1.league.league_id)
    assert sum(ln.games for ln in page.lines) == 8


async def _game_of(runner: LeagueRunner, table_id: int) -> int:
    """The game a round's table was opened with."""
    async with runner.leagues.store.reading() as tx:
        tables = [t for lg in await tx.leagues() for t in await tx.league_tables(lg.league_id)]
    [table] = [t for t in tables if t.table_id == table_id]
    assert table.game_id is not None
    return table.game_id


async def test_season_end_posts_final_standings(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                tmp_path: Path) -> None:
    fake = fake_discord
    await start_client(make_bot(fake, tmp_path / "s.sqlite3"))
    alice, bob = fake.user("alice"), fake.user("bob")
    await _say(fake, alice, "league create", {"name": "Autumn", "seats": 2})
    await _say(fake, bob, "league join", {"league": "Autumn"})
    assert "Only the organizers" in await _refused(fake, bob, "league season end", {"league": "Autumn"})
    done = await _refused(fake, alice, "league season end", {"league": "Autumn", "keep": 0.5})
    assert "season 2" in done
    general = fake.channel("general")
    final = await fake.wait_for_message(general, lambda m: "final standings of season 1" in m.content)
    assert final.attachment("standings.png").data.startswith(b"\x89PNG")
    moderator = next(r for r in fake.guild.roles if r.name == "Moderator")
    assert "Only the organizers" in await _refused(fake, bob, "league roles", {"league": "Autumn",
                                                                               "role": str(moderator.id), "top": 3})
    info = await _refused(fake, bob, "league info", {"league": "Autumn"})
    assert "season 2" in info
