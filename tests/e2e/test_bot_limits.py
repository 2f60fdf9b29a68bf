"""The last guard of the sending path (``bot.limits``, issue 27 §3): whatever a command builds, Discord refuses
nothing for its size.  A client with the guard sends over-long content, embeds, buttons, selects and
autocomplete choices through every path (channel post and edit, interaction response, followup and its edit,
with and without files); the fake Discord, which refuses what Discord refuses, accepts them all cut with "…"."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import discord
import pytest

from bot import limits
from bot.i18n import ELLIPSIS, catalog
from tests.e2e.bot_helpers import make_bot
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e

HUGE = "@everyone " * 700  # 7,000 characters


def huge_view() -> discord.ui.View:
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="b" * 120, custom_id="button"))
    options = [discord.SelectOption(label=f"{i}" + "l" * 150, value=f"{i}" + "v" * 150, description="d" * 150)
               for i in range(25)]
    select: discord.ui.Select[discord.ui.View] = discord.ui.Select(custom_id="menu", options=options)
    select.placeholder = "p" * 200
    view.add_item(select)
    return view


def huge_embed() -> discord.Embed:
    embed = discord.Embed(title="t" * 300, description="d" * 5000)
    embed.set_footer(text="f" * 3000).set_author(name="a" * 300)
    for i in range(30):
        embed.add_field(name=f"{i}" + "n" * 300, value="v" * 1100)
    return embed


class Guarded(discord.Client):
    def __init__(self, guarded: bool) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.05,
                         allowed_mentions=discord.AllowedMentions.none())
        self.guarded = guarded
        self.tree = discord.app_commands.CommandTree(self)
        self.errors: list[BaseException] = []
        self.tree.error(self.on_tree_error)

        @self.tree.command(name="big", description="Say too much")
        async def big(interaction: discord.Interaction[Any], where: str) -> None:
            if where == "response":
                await interaction.response.send_message(HUGE, embed=huge_embed(), view=huge_view())
            elif where == "file":
                await interaction.response.send_message(HUGE, file=discord.File(io.BytesIO(b"x"), "x.txt"))
            else:
                await interaction.response.defer(ephemeral=True)
                await interaction.followup.send(HUGE, ephemeral=True)  # fills the deferred message
                message = await interaction.followup.send(HUGE, embed=huge_embed(), ephemeral=True, wait=True)
                await message.edit(content=HUGE + HUGE)

        @big.autocomplete("where")
        async def choices(interaction: discord.Interaction[Any], current: str) -> list[
                discord.app_commands.Choice[str]]:
            return [discord.app_commands.Choice(name=f"{i}" + "c" * 150, value=f"{i}" + "v" * 150)
                    for i in range(30)]

    async def on_tree_error(self, interaction: discord.Interaction[Any], error: BaseException) -> None:
        self.errors.append(error)

    async def setup_hook(self) -> None:
        if self.guarded:
            limits.install(self)
        await self.tree.sync()


async def _sweep(fake: FakeDiscord, client: Guarded) -> None:
    channel = client.get_channel(fake.channel("general").id)
    assert isinstance(channel, discord.TextChannel)
    try:
        message = await channel.send(HUGE, embed=huge_embed(), view=huge_view())
        await message.edit(content=HUGE, embeds=[huge_embed(), huge_embed()])
        await channel.send(HUGE, file=discord.File(io.BytesIO(b"x"), "x.txt"))
    except discord.HTTPException as exc:
        client.errors.append(exc)
    bob, general = fake.user("bob"), fake.channel("general")
    for where in ("response", "file", "followup"):
        handle = await fake.slash(bob, general, "big", {"where": where})
        await fake.wait_until(lambda h=handle: (h.response is not None and (h.response.type == 4 or len(
            h.followup_ids) >= 2)) or any(not c.ok for c in h.callbacks) or client.errors, what=f"/big {where}")
    await fake.wait_until(lambda: client.errors or [m for m in fake.messages_in(general, include_ephemeral=True)
                                                    if m.edits and m.ephemeral], what="the followup's edit")
    handle = await fake.autocomplete_handle(bob, general, "big", "where", "")
    await handle.initial()


async def test_the_guard_keeps_every_message_within_discords_limits(fake_discord: FakeDiscord,
                                                                     start_client: ClientRunner) -> None:
    fake = fake_discord
    client = await start_client(Guarded(guarded=True))
    await _sweep(fake, client)
    assert client.errors == []
    refused = [f"{r.method} {r.path} {r.status} {r.response}" for r in fake.requests if r.status >= 400]
    assert not refused, refused
    bodies = fake.message_bodies()
    assert len(bodies) >= 8
    for _, body in bodies:
        assert len(body["content"]) == 2000 and body["content"].endswith(ELLIPSIS)
    shown = fake.messages_in(fake.channel("general"), include_ephemeral=True)
    assert all(len(m.content) == 2000 for m in shown)
    first = shown[0]
    [button, menu] = first.all_components()[1::2] if len(first.all_components()) == 4 else (None, None)
    assert button is not None and menu is not None
    assert button["label"].endswith(ELLIPSIS) and len(button["label"]) == 80
    assert len(menu["placeholder"]) == 150 and all(len(o["label"]) == 100 for o in menu["options"])
    embed = first.embeds[0]
    assert len(embed["title"]) == 256 and len(embed["fields"]) == 25
    total = sum(len(embed.get(k) or "") for k in ("title", "description")) + len(embed["footer"]["text"]) + len(
        embed["author"]["name"]) + sum(len(f["name"]) + len(f["value"]) for f in embed["fields"])
    assert total <= 6000
    choices = fake.interactions[-1].choices
    assert choices is not None and len(choices) == 25 and all(len(c["name"]) == 100 for c in choices)


async def test_without_the_guard_discord_refuses_them(fake_discord: FakeDiscord, start_client: ClientRunner) -> None:
    """The same sweep without the guard: the fake Discord refuses (HTTP 400) what is over the limits."""
    fake = fake_discord
    client = await start_client(Guarded(guarded=False))
    await _sweep(fake, client)
    refused = [r for r in fake.requests if r.status == 400]
    assert refused and client.errors


async def test_the_bot_sends_through_the_guard(fake_discord: FakeDiscord, start_client: ClientRunner,
                                               tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Splendor bot itself: a sentence that grew too long (here a catalogue entry) still reaches the user, cut,
    as an interaction response and as the followup of a defer."""
    fake = fake_discord
    english = catalog("en")
    monkeypatch.setitem(english, "leagues.list.empty", "@everyone " * 300)
    monkeypatch.setitem(english, "leagues.stats.title", "{name} " + "x" * 3000)
    await start_client(make_bot(fake, tmp_path / "g.sqlite3"))
    general, bob = fake.channel("general"), fake.user("bob")
    listed = await fake.slash(bob, general, "league list", {})
    assert (await listed.accepted()).ok
    stats = await fake.slash(bob, general, "player stats", {})
    [shown] = await stats.wait_followups(1)
    for message in ((await listed.wait_original()), shown):
        assert len(message.content) == 2000 and message.content.endswith(ELLIPSIS)
        assert not message.pings.everyone
    assert not [r for r in fake.requests if r.status >= 400]
