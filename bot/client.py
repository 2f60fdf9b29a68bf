"""The Discord client: ``SplendorBot`` and the application factory ``create_bot(settings)``."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Settings
from bot.exts import setup_all
from bot.i18n import lang_of, t
from bot.service import Delivery, GameService, Notification, Outcome
from bot.service.runtime import tune_gc
from bot.store import GameStore
from bot.store.url import open_store as open_url
from bot.translator import SplendorTranslator
from bot.ui.board import publish
from bot.ui.buttons import GameButton, GameSelect, install
from bot.ui.handlers import HANDLERS, report

log = logging.getLogger(__name__)

#: Kinds the board post itself announces with a mention (the outbox copy is not sent again in the channel).
ANNOUNCED_ON_BOARD = frozenset({"your_turn", "game_started"})


class SplendorTree(app_commands.CommandTree["SplendorBot"]):
    async def interaction_check(self, interaction: discord.Interaction[SplendorBot]) -> bool:
        await interaction.client.remember(interaction)
        return True

    async def on_error(
        self, interaction: discord.Interaction[SplendorBot], error: app_commands.AppCommandError
    ) -> None:
        await report(interaction, error)


class SplendorBot(commands.Bot):
    """Holds the settings, the store and the game service; ``setup_hook`` wires everything up."""

    service: GameService

    def __init__(
        self,
        settings: Settings,
        *,
        clock: Callable[[], datetime] | None = None,
        background_interval: float = 30.0,
        sync_commands: bool = True,
        seed_source: Callable[[], int] | None = None,
        store: GameStore | None = None,
        **options: Any,
    ) -> None:
        intents = discord.Intents.default()
        intents.message_content = False
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         tree_cls=SplendorTree, **options)
        self.settings = settings
        self.clock = clock or (lambda: datetime.now(UTC))
        self.background_interval = background_interval
        self.sync_commands = sync_commands
        self.seed_source = seed_source  # tests: deterministic game seeds
        self.store: GameStore | None = store  # opened before login by ``python -m bot`` (a refusal exits)
        self.names: dict[int, str] = {}
        self.prefs: dict[int, tuple[str | None, str]] = {}  # user id -> (language override, notify preference)
        self.default_lang = "en"
        self._stop = asyncio.Event()
        self._background: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ start-up
    async def setup_hook(self) -> None:
        if self.store is None:
            self.store = await open_store(self.settings)
        self.service = GameService(self.store, clock=self.clock, settings=self.settings.service_settings(),
                                   seed_source=self.seed_source)
        install(HANDLERS)  # what the stateless buttons and menus do
        self.add_dynamic_items(GameButton, GameSelect)
        await self.tree.set_translator(SplendorTranslator())
        await setup_all(self, self.tree)
        self.names.update(await self.service.known_names())  # names on images survive restarts
        tune_gc()
        if self.sync_commands:
            if self.settings.dev_guild_id:
                guild = discord.Object(self.settings.dev_guild_id)
                self.tree.copy_global_to(guild=guild)
                synced = await self.tree.sync(guild=guild)
                log.info("synced %d commands to guild %s", len(synced), self.settings.dev_guild_id)
            else:
                synced = await self.tree.sync()
                log.info("synced %d global commands (Discord may take a while to show them)", len(synced))
        self._stop.clear()
        self._background = asyncio.create_task(
            self.service.run_background(self.deliver, on_outcome=self.on_timer_outcome,
                                        interval=self.background_interval, stop=self._stop),
            name="splendor-background",
        )

    async def close(self) -> None:
        self._stop.set()
        if self._background is not None:
            self._background.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._background
        await super().close()
        if self.store is not None:
            await self.store.close()
            self.store = None

    # ------------------------------------------------------------------ users
    async def remember(self, interaction: discord.Interaction[Any]) -> None:
        """Note the user's display name and load their preferences once (language override, notify)."""
        user = interaction.user
        if self.names.get(user.id) != user.display_name:
            self.names[user.id] = user.display_name
            await self.service.set_name(user.id, user.display_name)
        if user.id not in self.prefs or self.settings.shared_store:  # another process may have changed them
            settings = await self.service.user_settings(user.id)
            self.prefs[user.id] = (settings.lang, settings.notify)

    def set_prefs(self, user_id: int, lang: str | None, notify: str) -> None:
        self.prefs[user_id] = (lang, notify)

    # ------------------------------------------------------------------ background
    async def on_timer_outcome(self, outcome: Outcome) -> None:
        try:
            await publish(self, outcome)
        except discord.HTTPException:
            log.exception("could not post the board of game %s after a timer", outcome.game_id)

    async def deliver(self, delivery: Delivery) -> bool:
        """Send one outbox delivery (DM or a mention in the game's thread); True once handled."""
        lang = lang_of(delivery.lang)
        lines = [notification_line(n, lang) for n in delivery.items]
        if delivery.digest:
            lines.insert(0, t("service.notify.digest", lang, count=len(delivery.items)))
        text = "\n".join(lines)[:2000]
        try:
            if delivery.via == "dm":
                user = self.get_user(delivery.user_id) or await self.fetch_user(delivery.user_id)
                await user.send(text)
            elif delivery.via == "mention":
                if all(n.kind in ANNOUNCED_ON_BOARD for n in delivery.items) or delivery.channel_id is None:
                    return True
                channel = self.get_channel(delivery.channel_id)
                if isinstance(channel, discord.abc.Messageable):
                    await channel.send(f"<@{delivery.user_id}> {text}"[:2000],
                                       allowed_mentions=discord.AllowedMentions(users=True))
        except discord.HTTPException:
            log.warning("could not deliver a notification to %s", delivery.user_id)
            return False
        return True


def notification_line(note: Notification, lang: str) -> str:
    """One notification as a line: its text, a link to the game's thread and, when there is a turn
    deadline, a Discord timestamp that every reader sees in their own time zone ("in 2 hours")."""
    params = dict(note.params)
    text = t(note.key, lang, **{**params, "game_id": note.game_id})
    extras = [f"<#{note.channel_id}>"] if note.channel_id else []
    deadline = params.get("deadline")
    if isinstance(deadline, str) and note.kind in ("your_turn", "reminder"):
        with contextlib.suppress(ValueError):
            when = int(datetime.fromisoformat(deadline).timestamp())
            extras.append(t("bot.deadline", lang, when=f"<t:{when}:R>"))
    return " · ".join([text, *extras])


async def open_store(settings: Settings) -> GameStore:
    """The configured database (SPLENDOR_DATABASE_URL, else the SQLite file), checked; refusals are
    ``StoreUnavailable`` (one sentence), a PostgreSQL shard another process runs ``ShardClaimed``."""
    return await open_url(settings.store_url, settings.shards, check=settings.check_database_at_start)


def create_bot(settings: Settings, **options: Any) -> SplendorBot:
    """The configured client, not connected (``await bot.start(token)`` connects)."""
    shards = settings.shards
    if shards.count > 1 and len(shards.ids) == 1:  # this process is one Discord shard of several
        options = {"shard_id": next(iter(shards.ids)), "shard_count": shards.count, **options}
    return SplendorBot(settings, **options)


__all__ = ["SplendorBot", "create_bot", "open_store"]
