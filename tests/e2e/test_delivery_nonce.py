"""Discord's duplicate protection as the bot uses it: discord.py sends a message's nonce with ``enforce_nonce``,
and the fake (like Discord) returns the first message for a nonce seen within a few minutes instead of posting
a second one.  The service gives a delivery sent again after a crash the same nonce
(tests/bot/service/test_delivery_nonce.py), so the user sees it once."""

from __future__ import annotations

import discord

from tests.e2e.fakediscord import FakeDiscord


async def test_a_message_sent_again_with_its_nonce_is_posted_once(fake_discord: FakeDiscord) -> None:
    channel_id = next(c.id for c in fake_discord.channels.values() if c.name == "games")
    client = discord.Client(intents=discord.Intents.none())
    await client.login(fake_discord.token)  # REST only: no gateway needed to post
    try:
        channel = await client.fetch_channel(channel_id)
        assert isinstance(channel, discord.TextChannel)
        first = await channel.send("<@1> your turn", nonce="splendor-o41")
        again = await channel.send("<@1> your turn", nonce="splendor-o41")  # the restarted process
        other = await channel.send("<@1> your turn", nonce="splendor-o42")
    finally:
        await client.close()
    posted = [m for m in fake_discord.messages.values() if m.channel_id == channel_id]
    assert again.id == first.id != other.id
    assert len(posted) == 2 and fake_discord.nonce_hits == 1
    assert [r for r in fake_discord.requests if r.path.endswith(f"/channels/{channel_id}/messages")
            and r.json is not None and r.json.get("enforce_nonce") is True]
