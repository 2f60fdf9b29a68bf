"""Smoke tests of the fake Discord with a throwaway bot (not the product bot).

The real, unmodified discord.py client talks HTTP + websocket to the fake on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FakeDiscord

pytestmark = [pytest.mark.e2e, pytest.mark.fake_discord]  # they test the fake, not the product

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4  # any bytes will do
GEMS = ["white", "blue", "green", "red", "black"]
TRANSLATIONS: dict[str, dict[str, str]] = {
    "es-ES": {"splendor": "esplendor", "Play Splendor": "Jugar a Splendor", "Hello": "Hola"},
    "pt-BR": {"splendor": "esplendor", "Play Splendor": "Jogar Splendor", "Hello": "Olá"},
}


class SmokeTranslator(app_commands.Translator):
    def __init__(self, overrides: dict[str, str] | None = None) -> None:
        self.overrides = overrides or {}

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext[Any, Any],
    ) -> str | None:
        if locale.value == "es-ES" and string.message in self.overrides:
            return self.overrides[string.message]
        return TRANSLATIONS.get(locale.value, {}).get(string.message)


class GemButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"smoke:gem:(?P<game>\d+):(?P<gem>[a-z]+)"
):
    """A stateless button: the game id and the gem live in the custom_id."""

    def __init__(self, game: int, gem: str) -> None:
        super().__init__(discord.ui.Button(label=gem, custom_id=f"smoke:gem:{game}:{gem}"))
        self.game = game
        self.gem = gem

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GemButton:
        return cls(int(match["game"]), match["gem"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(
            f"{interaction.user.name} took {self.gem} in game {self.game}", ephemeral=True
        )


class ColorSelect(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(custom_id="smoke:color", options=[discord.SelectOption(label=g, value=g) for g in GEMS])
    async def choose(self, interaction: discord.Interaction[Any], select: discord.ui.Select[ColorSelect]) -> None:
        await interaction.response.edit_message(content=f"chose {select.values[0]}", view=None)


class RenameModal(discord.ui.Modal, title="Rename"):
    new_name: discord.ui.TextInput[RenameModal] = discord.ui.TextInput(label="Name", custom_id="smoke:name")

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(f"renamed to {self.new_name.value}", ephemeral=True)


class Admin(app_commands.Group, name="admin", description="Admin tools"):
    @app_commands.command(name="close", description="Close a game")
    async def close(self, interaction: discord.Interaction[Any]) -> None:
        allowed = interaction.permissions.manage_threads
        await interaction.response.send_message("closed" if allowed else "missing manage_threads", ephemeral=True)


class Splendor(app_commands.Group, name=_("splendor"), description=_("Play Splendor")):
    def __init__(self, bot: SmokeBot) -> None:
        super().__init__()
        self.bot = bot
        self.add_command(Admin())

    @app_commands.command(name="new", description="Start a game")
    async def new(self, interaction: discord.Interaction[Any], players: int = 2) -> None:
        await interaction.response.defer(thinking=True)
        assert isinstance(interaction.channel, discord.TextChannel)
        thread = await interaction.channel.create_thread(name=f"game-{players}", type=discord.ChannelType.public_thread)
        await thread.add_user(interaction.user)
        view = discord.ui.View(timeout=None)
        view.add_item(GemButton(thread.id, "red"))
        await thread.send(
            f"{interaction.user.mention} started a {players}-player game",
            file=discord.File(io.BytesIO(PNG), "board.png"),
            view=view,
            allowed_mentions=discord.AllowedMentions(users=True),
        )
        await interaction.followup.send(f"game in {thread.mention}")

    @app_commands.command(name="take", description="Take gems")
    async def take(self, interaction: discord.Interaction[Any], gem: str) -> None:
        await interaction.response.send_message(f"took {gem}")

    @take.autocomplete("gem")
    async def take_gem(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=g, value=g) for g in GEMS if current in g]

    @app_commands.command(name="hello", description="Say hello")
    async def hello(self, interaction: discord.Interaction[Any]) -> None:
        text = await interaction.translate(_("Hello")) or "Hello"
        self.bot.locales.append(interaction.locale.value)
        await interaction.response.send_message(f"{text} ({interaction.locale.value})", ephemeral=True)

    @app_commands.command(name="menu", description="Pick a color")
    async def menu(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("pick", view=ColorSelect())

    @app_commands.command(name="rename", description="Rename")
    async def rename(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_modal(RenameModal())

    @app_commands.command(name="ping", description="Ping")
    async def ping(self, interaction: discord.Interaction[Any]) -> None:
        await asyncio.sleep(self.bot.handler_delay)
        await interaction.response.send_message("pong")

    @app_commands.command(name="hand", description="Show my hand")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("hand", file=discord.File(io.BytesIO(PNG), "hand.png"), ephemeral=True)
        await interaction.edit_original_response(content="hand (edited)", attachments=[])
        note = await interaction.followup.send("temporary", ephemeral=True, wait=True)
        await note.delete()
        await interaction.followup.send("done", ephemeral=True)

    @app_commands.command(name="dm", description="DM me")
    async def dm(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.user.send("your private hand")
        await interaction.response.send_message("sent", ephemeral=True)


class SmokeBot(commands.Bot):
    def __init__(self, translator: SmokeTranslator | None = None, handler_delay: float = 0.0) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.05)
        self.translator = translator or SmokeTranslator()
        self.handler_delay = handler_delay
        self.locales: list[str] = []
        self.errors: list[BaseException] = []

    async def setup_hook(self) -> None:
        self.add_dynamic_items(GemButton)
        self.tree.add_command(Splendor(self))
        await self.tree.set_translator(self.translator)
        self.tree.on_error = self.record_error  # type: ignore[method-assign]

    async def record_error(self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError) -> None:
        self.errors.append(error.__cause__ or error)


async def test_new_game_defers_creates_thread_posts_png_and_button(
    fake_discord: FakeDiscord, start_client: ClientRunner
) -> None:
    fake = fake_discord
    await start_client(SmokeBot())
    alice, general = fake.user("alice"), fake.channel("general")

    handle = await fake.slash(alice, general, "splendor new", {"players": 3})
    first = await handle.accepted()
    assert first.type == 5  # deferred with thinking
    reply = (await handle.wait_followups(1))[0]
    assert reply.id == handle.original_id and not reply.loading  # first followup fills the thinking message
    assert reply.interaction_metadata is not None and reply.interaction_metadata["id"] == str(handle.id)

    thread = fake.threads_of(general)[0]
    assert thread.name == "game-3" and alice.id in thread.member_ids
    assert reply.content == f"game in <#{thread.id}>"
    board = await fake.wait_for_message(thread, lambda m: bool(m.attachments))
    assert board.attachment("board.png").data == PNG
    assert board.mention_ids == [alice.id] and board.pinged_ids == [alice.id]
    assert board.custom_ids() == [f"smoke:gem:{thread.id}:red"]

    click = await fake.click(fake.user("bob"), board, f"smoke:gem:{thread.id}:red")
    answer = await click.accepted()
    assert answer.ephemeral
    assert (await click.wait_original()).content == f"bob took red in game {thread.id}"
    assert fake.messages_in(thread) == [board]  # the ephemeral answer is not public


async def test_old_button_still_works_after_restart(fake_discord: FakeDiscord, start_client: ClientRunner) -> None:
    fake = fake_discord
    first_bot = await start_client(SmokeBot())
    handle = await fake.slash(fake.user("alice"), fake.channel("games"), "splendor", subcommand="new")
    await handle.wait_followups(1)
    board = await fake.wait_for_message(fake.threads_of(fake.channel("games"))[0], lambda m: bool(m.custom_ids()))

    await start_client.restart(first_bot, SmokeBot())
    await fake.wait_until(lambda: len(fake.gateway.live_sessions) == 1, what="the old connection to end")
    assert fake.gateway.identifies == 2

    click = await fake.click(fake.user("carol"), board, board.custom_ids()[0])
    await click.accepted()
    assert (await click.wait_original()).content.startswith("carol took red")


async def test_subcommand_group_and_member_permissions(fake_discord: FakeDiscord, start_client: ClientRunner) -> None:
    fake = fake_discord
    await start_client(SmokeBot())
    general = fake.channel("general")
    moderator = await fake.slash(fake.user("alice"), general, "splendor admin close")
    member = await fake.slash(fake.user("bob"), general, "splendor", group="admin", subcommand="close")
    assert (await moderator.wait_original()).content == "closed"
    assert (await member.wait_original()).content == "missing manage_threads"


async def test_autocomplete_returns_the_bots_choices(fake_discord: FakeDiscord, start_client: ClientRunner) -> None:
    fake = fake_discord
    await start_client(SmokeBot())
    choices = await fake.autocomplete(fake.user("bob"), fake.channel("general"), "splendor take", "gem", "r")
    assert choices == [{"name": "green", "value": "green"}, {"name": "red", "value": "red"}]


async def test_select_menu_updates_the_message(fake_discord: FakeDiscord, start_client: ClientRunner) -> None:
    fake = fake_discord
    await start_client(SmokeBot())
    handle = await fake.slash(fake.user("bob"), fake.channel("general"), "splendor menu")
    menu = await handle.wait_original()
    assert menu.component("smoke:color")["type"] == 3

    chosen = await fake.select(fake.user("bob"), menu, "smoke:color", ["blue"])
    assert (await chosen.accepted()).type == 7
    assert menu.content == "chose blue" and menu.components == []


async def test_modal_submit(fake_discord: FakeDiscord, start_client: ClientRunner) -> None:
    fake = fake_discord
    await start_client(SmokeBot())
    opened = await fake.slash(fake.user("carol"), fake.channel("general"), "splendor rename")
    assert (await opened.accepted()).type == 9
    submitted = await fake.submit_modal(fake.user("carol"), opened, {"smoke:name": "Gem Rush"})
    assert (await submitted.wait_original()).content == "renamed to Gem Rush"


@pytest.mark.parametrize(("locale", "greeting"), [("es-ES", "Hola"), ("pt-BR", "Olá"), ("en-US", "Hello")])
async def test_locale_reaches_the_interaction(
    fake_discord: FakeDiscord, start_client: ClientRunner, locale: str, greeting: str
) -> None:
    fake = fake_discord
    bot = await start_client(SmokeBot())
    handle = await fake.slash(fake.user("bob"), fake.channel("general"), "splendor hello", locale=locale)
    assert (await handle.wait_original()).content == f"{greeting} ({locale})"
    assert bot.locales == [locale]


async def test_sync_uploads_localized_names_and_rejects_invalid_ones(
    fake_discord: FakeDiscord, start_client: ClientRunner
) -> None:
    fake = fake_discord
    bot = await start_client(SmokeBot())
    await bot.tree.sync()
    (command,) = fake.commands_for(None)
    assert command["name"] == "splendor"
    assert command["name_localizations"]["es-ES"] == "esplendor"
    assert command["description_localizations"]["pt-BR"] == "Jogar Splendor"
    assert {o["name"] for o in command["options"]} >= {"new", "admin", "take"}

    await bot.tree.set_translator(SmokeTranslator({"splendor": "Mi Esplendor"}))
    with pytest.raises(app_commands.CommandSyncFailure) as failure:
        await bot.tree.sync()
    assert failure.value.status == 400 and failure.value.code == 50035
    assert "es-ES" in str(failure.value)
    assert fake.commands_for(None)[0]["name_localizations"]["es-ES"] == "esplendor"  # the failed sync changed nothing


async def test_late_response_gets_10062(fake_discord: FakeDiscord, start_client: ClientRunner) -> None:
    fake = fake_discord
    fake.callback_deadline = 0.02
    bot = await start_client(SmokeBot(handler_delay=0.05))
    handle = await fake.slash(fake.user("bob"), fake.channel("general"), "splendor ping")
    record = await handle.initial()
    assert (record.status, record.error_code) == (404, 10062)
    assert not handle.acknowledged
    await fake.wait_until(lambda: bot.errors, what="the bot's error handler")
    error = bot.errors[0]
    assert isinstance(error, discord.NotFound) and error.code == 10062


async def test_second_response_gets_40060(fake_discord: FakeDiscord, start_client: ClientRunner) -> None:
    """Two bot processes on the same token (e.g. during a bad deploy) both answer one interaction."""
    fake = fake_discord
    bots = [await start_client(SmokeBot()), await start_client(SmokeBot())]
    handle = await fake.slash(fake.user("bob"), fake.channel("general"), "splendor ping")
    await fake.wait_until(lambda: len(handle.callbacks) == 2, what="both answers")
    assert sorted((c.status, c.error_code) for c in handle.callbacks) == [(200, None), (400, 40060)]
    await fake.wait_until(lambda: bots[0].errors or bots[1].errors, what="the loser's error")
    errors = bots[0].errors + bots[1].errors
    assert [(type(e), getattr(e, "code", None)) for e in errors] == [(discord.HTTPException, 40060)]
    assert len(fake.messages_in(fake.channel("general"))) == 1


async def test_fifty_concurrent_interactions_are_acknowledged(
    fake_discord: FakeDiscord, start_client: ClientRunner
) -> None:
    fake = fake_discord
    await start_client(SmokeBot())
    users = [fake.user(n) for n in ("alice", "bob", "carol")]
    handles = await asyncio.gather(
        *(fake.slash(users[i % 3], fake.channel("general"), "splendor ping") for i in range(50))
    )
    records = await asyncio.gather(*(h.initial() for h in handles))
    assert all(r.ok for r in records)
    stats = fake.ack_stats(handles)
    assert stats.count == 50
    assert 0 < stats.median <= stats.p95 <= stats.max <= fake.callback_deadline
    assert len(fake.messages_in(fake.channel("general"))) == 50


async def test_file_in_initial_response_then_edit_and_followups(
    fake_discord: FakeDiscord, start_client: ClientRunner
) -> None:
    fake = fake_discord
    await start_client(SmokeBot())
    handle = await fake.slash(fake.user("bob"), fake.channel("general"), "splendor hand")
    first = await handle.accepted()
    assert first.ephemeral and [f.data for f in first.files] == [PNG]  # multipart callback kept the bytes
    await handle.wait_followups(2)
    original = handle.original
    assert original is not None and original.content == "hand (edited)" and original.attachments == []
    temporary, done = handle.followups
    assert temporary.deleted and done.content == "done" and done.ephemeral
    assert done.interaction_metadata is not None
    assert done.interaction_metadata["original_response_message_id"] == str(original.id)
    assert fake.messages_in(fake.channel("general")) == []  # everything was ephemeral


async def test_slash_in_dm_uses_the_users_default_locale(fake_discord: FakeDiscord, start_client: ClientRunner) -> None:
    fake = fake_discord
    bot = await start_client(SmokeBot())
    carol = fake.user("carol")
    carol.locale = "pt-BR"
    handle = await fake.slash(carol, fake.open_dm(carol), "splendor hello")
    assert "guild_id" not in handle.payload and handle.payload["user"]["id"] == str(carol.id)
    assert (await handle.wait_original()).content == "Olá (pt-BR)"
    assert bot.locales == ["pt-BR"]


async def test_dm_resume_and_protocol_details(fake_discord: FakeDiscord, start_client: ClientRunner) -> None:
    fake = fake_discord
    await start_client(SmokeBot())
    alice = fake.user("alice")
    handle = await fake.slash(alice, fake.channel("general"), "splendor dm")
    await handle.wait_original()
    dm = fake.dm_channel(alice)
    assert dm is not None and [m.content for m in fake.messages_in(dm)] == ["your private hand"]

    await fake.reconnect_clients()  # op 7 → the client RESUMEs on resume_gateway_url
    assert fake.gateway.identifies == 1
    again = await fake.slash(alice, fake.channel("general"), "splendor ping")
    assert (await again.wait_original()).content == "pong"

    async with aiohttp.ClientSession() as session:
        async with session.get(f"{fake.api_base}/users/@me", headers={"Authorization": "Bot fake-token"}) as resp:
            assert resp.headers["Content-Type"] == "application/json"
        async with session.get(f"{fake.api_base}/no/such/route") as resp:
            assert resp.status == 404
    assert [r.path for r in fake.unknown_requests] == ["/no/such/route"]
    fake.unknown_requests.clear()  # expected here; teardown fails on any left over
