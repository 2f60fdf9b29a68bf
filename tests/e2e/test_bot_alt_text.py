"""Alt text of every image the bot posts (a screen reader reads it): the table, the recap, the review's graph, the
league standings and the rating chart each carry a description in the post's language, within Discord's 1,024
characters (the fake Discord refuses more), saying whose turn it is and the scores, from the public view."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.exts.leagues import bot_runner
from tests.e2e.bot_helpers import board_messages, join_and_start, make_bot, new_game, play_to_the_end, reply_of
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e


async def test_every_posted_image_has_alt_text_in_the_games_language(
        fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path) -> None:
    fake = fake_discord
    bot = await start_client(make_bot(fake, tmp_path / "alt.sqlite3"))
    alice, bob = fake.user("alice"), fake.user("bob")
    thread, lobby, _ = await new_game(fake, alice, "base", 2, target=5, locale="es-ES")
    await join_and_start(fake, thread, lobby, alice, [bob])
    first = board_messages(fake, thread)[0].attachment("table.png").description
    assert first is not None and 0 < len(first) <= 1024
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None and game.lang == "es"
    lines = first.splitlines()
    to_act = next(p for p in game.players if p.user_id == game.to_act_user)
    names = {alice.id: "alice", bob.id: "bob"}
    assert lines[0].startswith("Turno 1 · juega ") and names[to_act.user_id] in lines[0].lower(), lines[0]
    assert all(" 0pt " in line for line in lines[1:3]), lines[:3]  # the scores next
    assert any(line.startswith("Banca") or line.startswith("Banco") for line in lines), lines

    old = await play_to_the_end(fake, bot, thread, {alice.id: alice, bob.id: bob})
    final = board_messages(fake, thread)[-1].attachment("table.png").description
    assert final is not None and len(final) <= 1024 and "pt " in final
    recap = await fake.wait_for_message(thread, lambda m: any(a.filename == "recap.png" for a in m.attachments))
    described = recap.attachment("recap.png").description
    assert described is not None and 0 < len(described) <= 1024 and described.splitlines()[0] == recap.content
    assert old.status == "over"

    general = fake.channel("general")
    await reply_of(await fake.slash(alice, general, "league create", {"name": "Spring", "seats": 2}))
    standings = await fake.slash(alice, general, "league standings", {"league": "Spring"}, locale="pt-BR")
    await standings.wait_followups(1)
    image = standings.followups[0].attachment("standings.png").description
    assert image is not None and image.startswith("Spring · ") and "1. " in image and len(image) <= 1024
    assert [lg.name for lg, _ in await bot_runner(bot).leagues.list_leagues(fake.guild.id)] == ["Spring"]


async def test_the_fake_discord_refuses_alt_text_longer_than_discords_limit(
        fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path) -> None:
    import io

    import discord

    fake = fake_discord
    bot = await start_client(make_bot(fake, tmp_path / "limit.sqlite3"))
    channel = bot.get_partial_messageable(fake.channel("general").id)
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send("x", file=discord.File(io.BytesIO(b"\x89PNG"), filename="a.png", description="d" * 1025))
    assert refused.value.status == 400
    sent = await channel.send("x", file=discord.File(io.BytesIO(b"\x89PNG"), filename="a.png", description="d" * 1024))
    assert sent.attachments[0].description == "d" * 1024
