"""Blocking and reliability through the real bot (issue 33): ``/player block | unblock | blocks`` answer privately;
a blocked player's Join is refused privately ("not open to you"); lobbies and ``/player stats`` show the players'
record."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.exts.leagues import bot_runner
from tests.e2e.bot_helpers import lobby_button, make_bot, new_game, reply_of
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FakeDiscord, FakeUser

pytestmark = pytest.mark.e2e


async def test_a_blocked_player_is_refused_privately_and_records_show(
        fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path) -> None:
    fake = fake_discord
    bot = await start_client(make_bot(fake, tmp_path / "blocks.sqlite3"))
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    general = fake.channel("general")

    done = await reply_of(await fake.slash(alice, general, "player block", {"member": bob}))
    assert done.ephemeral and f"<@{bob.id}>" in done.content and "1 player" in done.content
    assert done.allowed_mentions is not None and done.allowed_mentions.get("parse") == []  # nobody pinged
    listed = await reply_of(await fake.slash(alice, general, "player blocks", {}, locale="es-ES"))
    assert listed.ephemeral and "Bloqueas a 1 jugador" in listed.content
    me_myself = await reply_of(await fake.slash(alice, general, "player block", {"member": alice}))
    assert me_myself.ephemeral and "not yourself" in me_myself.content
    the_bot = await reply_of(await fake.slash(alice, general, "player block", {"member": fake.bot_user}))
    assert the_bot.ephemeral and "not yourself or a computer player" in the_bot.content  # refused, as computers
    assert await bot.service.blocked(alice.id) == [bob.id]  # nothing stored for the bot

    thread, lobby, _ = await new_game(fake, alice, "base", 3)
    assert "Last 90 days" in lobby.content and f"<@{alice.id}> 0 · 0 · 0" in lobby.content
    refused = await reply_of(await fake.click(bob, lobby, lobby_button(lobby, "join")))
    assert refused.ephemeral and refused.content == "This lobby is not open to you."
    by_command = await reply_of(await fake.slash(bob, thread, "splendor join", {}))
    assert by_command.ephemeral and "not open to you" in by_command.content
    public = [m for m in fake.messages_in(thread) if "bob" in m.content.lower() or f"<@{bob.id}>" in m.content]
    assert public == []  # nothing said in the thread
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None and game.user_ids == (alice.id,)

    joined = await fake.click(carol, lobby, lobby_button(lobby, "join"))
    await joined.accepted()
    await fake.wait_until(lambda: f"<@{carol.id}> 0 · 0 · 0" in lobby.content, what="carol's record in the lobby")

    lifted = await reply_of(await fake.slash(alice, general, "player unblock", {"member": bob}))
    assert lifted.ephemeral and "You block nobody." in lifted.content
    again = await fake.click(bob, lobby, lobby_button(lobby, "join"))
    await again.accepted()
    await fake.wait_until(lambda: f"<@{bob.id}>" in lobby.content, what="bob in the lobby")

    stats = await reply_of(await fake.slash(alice, general, "player stats", {}))
    assert "Last 90 days: games finished 0 · turns timed out 0 · games abandoned 0" in stats.content


async def test_the_ladder_queue_keeps_a_blocked_pair_apart(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                           tmp_path: Path) -> None:
    fake = fake_discord
    bot = await start_client(make_bot(fake, tmp_path / "ladder.sqlite3"))
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    general = fake.channel("general")

    async def say(user: FakeUser, command: str, options: dict[str, object]) -> None:
        handle = await fake.slash(user, general, command, options)
        await handle.accepted()
        await fake.wait_until(lambda: bool(handle.followups) or (handle.original is not None
                                                                  and not handle.original.loading),
                              what=f"the answer to {command}")

    await say(alice, "league create", {"name": "Spring", "seats": 2, "turn_timer": "none"})
    for user in (bob, carol):
        await say(user, "league join", {"league": "Spring"})
    await say(bob, "player block", {"member": alice})  # bob blocks alice: alice is not told
    await say(alice, "league queue", {"league": "Spring"})
    await say(bob, "league queue", {"league": "Spring"})
    await bot_runner(bot).tick()  # the queue's own round: still nobody to seat
    assert fake.threads_of(general) == []
    [(spring, _)] = await bot_runner(bot).leagues.list_leagues(fake.guild.id)
    assert await bot_runner(bot).leagues.queue(spring.league_id) == [alice.id, bob.id]

    await say(carol, "league queue", {"league": "Spring"})
    thread = await fake.wait_until(lambda: fake.threads_of(general) and fake.threads_of(general)[0],
                                   what="the league game's thread")
    await fake.wait_for_message(thread, lambda m: "League game" in m.content)  # posted once the game is open
    info = await bot.service.game_for_channel(thread.id)
    assert info is not None and set(info.user_ids) == {alice.id, carol.id}
    assert await bot_runner(bot).leagues.queue(spring.league_id) == [bob.id]
