"""The fake Discord treats threads, DMs and failures as Discord does (issue 34, issue 27 §3), seen from a plain
discord.py client: archived threads are left out of a new session's cache but fetchable, a post reopens them;
locked threads refuse authors without Manage Threads (403, 160005); deleted ones answer 404 (10003); closed
DMs answer 403 (50007); injected 5xx and 429 answers reach the client as Discord's would."""

from __future__ import annotations

import discord
import pytest

from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FakeDiscord
from tests.e2e.fakediscord.models import MANAGE_THREADS

pytestmark = [pytest.mark.e2e, pytest.mark.fake_discord]


def make_client() -> discord.Client:
    return discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.05)


async def test_archived_locked_and_deleted_threads(fake_discord: FakeDiscord, start_client: ClientRunner) -> None:
    fake = fake_discord
    bot_role = next(r for r in fake.guild.roles if r.name == "Splendor")
    bot_role.permissions &= ~MANAGE_THREADS
    general = fake.channel("general")
    archived = await fake.create_thread(general, "old game", owner=fake.bot_user)
    locked = await fake.create_thread(general, "locked game", owner=fake.bot_user)
    gone = await fake.create_thread(general, "deleted game", owner=fake.bot_user)
    await fake.update_thread(archived, archived=True)
    await fake.update_thread(locked, locked=True)
    await fake.delete_thread(gone)
    client = await start_client(make_client())
    assert client.get_channel(archived.id) is None and client.get_channel(locked.id) is not None

    thread = await client.fetch_channel(archived.id)
    assert isinstance(thread, discord.Thread) and thread.archived
    await thread.send("still here")
    assert not archived.archived  # reopened by the post

    cached = client.get_channel(locked.id)
    assert isinstance(cached, discord.Thread)
    with pytest.raises(discord.Forbidden) as refused:
        await cached.send("too late")
    assert refused.value.code == 160005
    moderator = fake.user("alice")  # Manage Threads: may still post
    assert (await fake.post_message(moderator, locked, "mods only")).content == "mods only"

    with pytest.raises(discord.NotFound) as missing:
        await client.fetch_channel(gone.id)
    assert missing.value.code == 10003


async def test_closed_dms_and_injected_failures(fake_discord: FakeDiscord, start_client: ClientRunner) -> None:
    fake = fake_discord
    client = await start_client(make_client())
    bob = fake.user("bob")
    bob.dms_closed = True
    user = await client.fetch_user(bob.id)
    with pytest.raises(discord.Forbidden) as closed:
        await user.send("hello")
    assert closed.value.code == 50007

    channel = client.get_channel(fake.channel("general").id)
    assert isinstance(channel, discord.TextChannel)
    fake.fail("POST", r"/messages$", 503, 0, "Service Unavailable")
    with pytest.raises(discord.DiscordServerError):
        await channel.send("first")
    fake.fail("POST", r"/messages$", 429, 0, "You are being rate limited.", retry_after=0.01)
    sent = await channel.send("second")  # the client waits retry_after and tries again, as against Discord
    assert sent.content == "second"
    statuses = [r.status for r in fake.requests if r.method == "POST" and r.path.endswith("/messages")]
    assert statuses[-3:] == [503, 429, 200]
    fake.fail("POST", r"/messages$", 503, 0, "Service Unavailable", after_create=True)
    with pytest.raises(discord.DiscordServerError):
        await channel.send("lost answer")
    assert fake.last_message(fake.channel("general")).content == "lost answer"  # it was made all the same
