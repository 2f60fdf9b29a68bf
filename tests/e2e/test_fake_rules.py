"""The fake enforces Discord's rules that the real client does not check itself."""

from __future__ import annotations

import discord
import pytest

from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import ApiError, ClientRefusal, FakeDiscord, Pings
from tests.e2e.fakediscord.models import JSON
from tests.e2e.fakediscord.validation import command_size

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


async def test_embed_and_select_limits_are_refused(fake_discord: FakeDiscord, start_client: ClientRunner) -> None:
    """Discord's published limits: embed title 256, description 4,096, 25 fields, 6,000 in all; select options
    label/value/description 100, placeholder 150."""
    client = await start_client(make_client())
    channel = client.get_channel(fake_discord.channel("general").id)
    assert isinstance(channel, discord.TextChannel)
    too_long = [
        discord.Embed(title="t" * 257),
        discord.Embed(description="d" * 4097),
        discord.Embed(title="ok").set_footer(text="f" * 2049),
        discord.Embed(title="ok").set_author(name="a" * 257),
        discord.Embed.from_dict({"fields": [{"name": "n", "value": "v"}] * 26}),
        discord.Embed.from_dict({"fields": [{"name": "n" * 257, "value": "v"}]}),
        discord.Embed.from_dict({"fields": [{"name": "n", "value": "v" * 1025}]}),
    ]
    for embed in too_long:
        with pytest.raises(discord.HTTPException) as refused:
            await channel.send(embed=embed)
        assert refused.value.code == 50035, embed.to_dict()
    with pytest.raises(discord.HTTPException) as total:  # each one within its limits, 6,001 together
        await channel.send(embeds=[discord.Embed(description="d" * 4000), discord.Embed(description="d" * 2001)])
    assert total.value.code == 50035
    for option, placeholder in ((discord.SelectOption(label="l" * 101), None),
                                (discord.SelectOption(label="l", value="v" * 101), None),
                                (discord.SelectOption(label="l", description="d" * 101), None),
                                (discord.SelectOption(label="l"), "p" * 151)):
        view = discord.ui.View()
        view.add_item(discord.ui.Select(custom_id="s", options=[option], placeholder=placeholder))
        with pytest.raises(discord.HTTPException) as select:
            await channel.send("menu", view=view)
        assert select.value.code == 50035
    await channel.send(embed=discord.Embed(title="t" * 256, description="d" * 4096))  # at the limits: accepted
    assert len(fake_discord.messages_in(fake_discord.channel("general"))) == 1


async def test_allowed_mentions_decide_who_is_pinged(fake_discord: FakeDiscord, start_client: ClientRunner) -> None:
    """Without allowed_mentions every mention in the text pings (as Discord does); a kind both parsed and listed
    is refused."""
    fake = fake_discord
    client = await start_client(make_client())
    channel = client.get_channel(fake.channel("general").id)
    assert isinstance(channel, discord.TextChannel)
    bob = fake.user("bob")
    text = f"@everyone <@&123> {bob.mention}"
    loud = await channel.send(text)
    quiet = await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
    only_bob = await channel.send(text, allowed_mentions=discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(bob.id)]))
    assert loud.mention_everyone
    assert fake.messages[loud.id].pings == Pings(True, frozenset({123}), frozenset({bob.id}))
    assert fake.messages[quiet.id].pings == Pings(False, frozenset(), frozenset())
    assert not quiet.mention_everyone
    assert fake.messages[only_bob.id].pings == Pings(False, frozenset(), frozenset({bob.id}))
    with pytest.raises(ApiError) as exclusive:  # discord.py never builds this body; Discord refuses it
        await fake.create_message(fake.channel("general"), fake.bot_user,
                                  {"content": text, "allowed_mentions": {"parse": ["users"], "users": [str(bob.id)]}})
    assert (exclusive.value.status, exclusive.value.code) == (400, 50035)


async def test_first_followup_after_a_public_defer_is_public(fake_discord: FakeDiscord,
                                                               start_client: ClientRunner) -> None:
    """Discord ignores the ephemeral flag of the first followup after a public defer: it fills the public
    "thinking" message.  Later followups may be ephemeral."""
    fake = fake_discord
    client = await start_client(make_client())

    async def on_interaction(interaction: discord.Interaction[discord.Client]) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("first", ephemeral=True)
        await interaction.followup.send("second", ephemeral=True)

    client.event(on_interaction)
    handle = await fake.slash(fake.user("bob"), fake.channel("general"), "anything")
    record = await handle.accepted()
    assert record.type == 5 and not record.ephemeral
    first, second = await handle.wait_followups(2)
    assert first.id == handle.original_id and first.content == "first" and not first.ephemeral
    assert second.content == "second" and second.ephemeral


async def test_the_client_refuses_options_beyond_their_declared_limits(fake_discord: FakeDiscord,
                                                                      start_client: ClientRunner) -> None:
    fake = fake_discord
    tree = discord.app_commands.CommandTree(client := make_client())

    @tree.command(name="say", description="Say it")
    async def say(interaction: discord.Interaction[discord.Client],
                  text: discord.app_commands.Range[str, 1, 10]) -> None:
        await interaction.response.send_message(text)

    await start_client(client)
    synced = await tree.sync()
    assert synced[0].options[0].max_length == 10
    general, bob = fake.channel("general"), fake.user("bob")
    with pytest.raises(ClientRefusal):
        await fake.slash(bob, general, "say", {"text": "x" * 11})
    assert fake.interactions == []
    fake.client_checks = False  # e.g. a stale registration: the bot must still cope
    handle = await fake.slash(bob, general, "say", {"text": "x" * 11})
    assert (await handle.wait_original()).content == "x" * 11


async def test_the_client_offers_only_the_declared_choices(fake_discord: FakeDiscord,
                                                          start_client: ClientRunner) -> None:
    fake = fake_discord
    tree = discord.app_commands.CommandTree(client := make_client())

    @tree.command(name="pick", description="Pick one")
    @discord.app_commands.choices(size=[discord.app_commands.Choice(name="Small", value="s"),
                                        discord.app_commands.Choice(name="Large", value="l")])
    async def pick(interaction: discord.Interaction[discord.Client],
                   size: discord.app_commands.Choice[str]) -> None:
        await interaction.response.send_message(size.value)

    await start_client(client)
    await tree.sync()
    general, bob = fake.channel("general"), fake.user("bob")
    with pytest.raises(ClientRefusal):  # Discord shows a menu of the choices: nothing else can be sent
        await fake.slash(bob, general, "pick", {"size": "medium"})
    assert fake.interactions == []
    handle = await fake.slash(bob, general, "pick", {"size": "l"})
    assert (await handle.wait_original()).content == "l"


async def test_a_command_over_discords_limits_is_refused_and_nothing_registers(
        fake_discord: FakeDiscord, start_client: ClientRunner) -> None:
    """26 subcommands, or more than 8,000 characters counted at each field's longest localization: 400, and the
    commands synced before stay as they were."""
    fake = fake_discord
    client = await start_client(make_client())
    app, guild = fake.application_id, fake.guild.id

    def subs(n: int) -> JSON:
        return {"name": "game", "type": 1, "description": "d",
                "options": [{"type": 1, "name": f"s{i}", "description": "d"} for i in range(n)]}

    def sized(n: int) -> JSON:  # n options of 3 + 100 (a localized description) + 3 choices of 100 + 100 characters
        return {"name": "game", "type": 1, "description": "d", "options": [
            {"type": 3, "name": f"o{i:02d}", "description": "e", "description_localizations": {"pt-BR": "e" * 100},
             "choices": [{"name": "c" * 100, "value": "v" * 100}] * 3} for i in range(n)]}

    await client.http.bulk_upsert_guild_commands(app, guild, payload=[subs(25)])
    before = fake.commands_for(fake.guild)
    with pytest.raises(discord.HTTPException) as too_many:
        await client.http.bulk_upsert_guild_commands(app, guild, payload=[subs(26), dict(subs(1), name="other")])
    assert too_many.value.status == 400 and "25 or fewer" in too_many.value.text
    assert (command_size(sized(11)), command_size(sized(12))) == (5 + 11 * 703, 5 + 12 * 703) == (7738, 8441)
    with pytest.raises(discord.HTTPException) as too_big:  # without its Portuguese descriptions: 7,253, accepted
        await client.http.bulk_upsert_guild_commands(app, guild, payload=[sized(12)])
    assert too_big.value.status == 400 and "exceeds maximum size (8000)" in too_big.value.text
    assert fake.commands_for(fake.guild) == before
    await client.http.bulk_upsert_guild_commands(app, guild, payload=[sized(11)])
    assert len(fake.commands_for(fake.guild)[0]["options"]) == 11
