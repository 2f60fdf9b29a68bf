"""The fake enforces Discord's rules that the real client does not check itself."""

from __future__ import annotations

import discord
import pytest

from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FakeDiscord

pytestmark = [pytest.mark.e2e, pytest.mark.fake_discord]  # they test the fake, not the product


def make_client() -> discord.Client:
    return discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.05)


async def test_message_rules_reject_bad_bodies(fake_discord: FakeDiscord, start_client: ClientRunner) -> None:
    fake = fake_discord
    client = await start_client(make_client())
    channel = client.get_channel(fake.channel("general").id)
    assert isinstance(channel, discord.TextChannel)

    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="x", custom_id="x" * 101))
    with pytest.raises(discord.HTTPException) as too_long:
        await channel.send("custom_id over 100 chars", view=view)
    assert too_long.value.code == 50035

    with pytest.raises(discord.HTTPException) as empty:
        await channel.send(embeds=[])
    assert empty.value.code == 50006

    with pytest.raises(discord.HTTPException) as huge:
        await channel.send("x" * 2001)
    assert huge.value.code == 50035
    assert fake.messages_in(fake.channel("general")) == []


async def test_thread_lifecycle_is_visible_to_the_client(fake_discord: FakeDiscord, start_client: ClientRunner) -> None:
    fake = fake_discord
    client = await start_client(make_client())
    channel = client.get_channel(fake.channel("general").id)
    assert isinstance(channel, discord.TextChannel)
    starter = await channel.send("game lobby")
    thread = await starter.create_thread(name="lobby")
    assert thread.id == starter.id  # Discord reuses the message id
    await fake.wait_until(lambda: client.get_channel(thread.id), what="THREAD_CREATE in the cache")
    await thread.edit(archived=True, locked=True)
    fake_thread = fake.channels[thread.id]
    assert fake_thread.archived and fake_thread.locked
    with pytest.raises(discord.HTTPException) as locked:
        await thread.send("too late")
    assert locked.value.code == 50083


async def test_autocomplete_cannot_be_answered_with_a_message(
    fake_discord: FakeDiscord, start_client: ClientRunner
) -> None:
    fake = fake_discord
    client = await start_client(make_client())
    errors: list[BaseException] = []

    async def on_interaction(interaction: discord.Interaction[discord.Client]) -> None:
        try:
            await interaction.response.send_message("not a choice list")
        except discord.HTTPException as exc:
            errors.append(exc)

    client.event(on_interaction)
    general, bob = fake.channel("general"), fake.user("bob")
    handle = await fake.autocomplete_handle(bob, general, "anything", "query", "x")
    record = await handle.initial()
    assert (record.status, record.error_code) == (400, 50035)
    await fake.wait_until(lambda: errors, what="the client's HTTPException")
    assert fake.messages_in(general) == []

    message = await fake.create_message(
        general,
        fake.bot_user,
        {
            "content": "b",
            "components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "b", "custom_id": "b"}]}],
        },
    )
    with pytest.raises(LookupError):
        await fake.click(bob, message, "not-there")  # users can only click what is on the message
