"""The Discord client: ``SplendorBot`` and the application factory ``create_bot(settings)``."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
import signal
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import limits
from bot.admin import AdminError, backup_before_migration
from bot.config import Settings
from bot.errors import answer, user_lang
from bot.exts import moved_to, setup_all
from bot.exts._common import command_payload
from bot.exts.leagues import bot_runner
from bot.i18n import lang_of, t
from bot.leagues.errors import LeagueError
from bot.logs import log_context
from bot.monitor import BotFacts, MeteredService, Metrics, Monitor
from bot.render.pool import RenderPool
from bot.render.pool import install as install_render_pool
from bot.service import Delivery, GameService, Notification, Outcome, SendFailure
from bot.service.runtime import tune_gc
from bot.store import GameStore, SqliteStore, StoreUnavailable
from bot.store.schema import SCHEMA_VERSION
from bot.store.url import open_store as open_url
from bot.web.app import WebConfig
from bot.web.cli import play_extensions, start_in_bot

if TYPE_CHECKING:
    from aiohttp import web
from bot.translator import SplendorTranslator
from bot.ui.board import game_lang, publish
from bot.ui.buttons import GameButton, GameSelect, install
from bot.ui.handlers import HANDLERS, report
from bot.ui.review import post_review_graph
from bot.ui.threads import ThreadUnavailable, game_thread_unavailable, thread_send

log = logging.getLogger(__name__)

#: Kinds the board post itself announces with a mention (the outbox copy is not sent again in the channel).
ANNOUNCED_ON_BOARD = frozenset({"your_turn", "game_started"})
#: Seconds between tries to post again in a game's locked (or closed) thread (each refusal is an invalid request).
BLOCKED_RETRY_S = 600.0
#: Discord's code for "Cannot send messages to this user" (their direct messages are closed to the bot).
DMS_CLOSED = 50007
#: The game id at the start of every game button's and menu's custom id (bot.ui.buttons.custom_id).
GAME_CUSTOM_ID = re.compile(r"^spl:([0-9]+):")


class SplendorTree(app_commands.CommandTree["SplendorBot"]):
    async def payload(self, *, guild: discord.abc.Snowflake | None = None) -> list[dict[str, Any]]:
        """The commands as :meth:`sync` sends them: localized by the translator, and without the deprecated
        ``dm_permission`` where ``contexts`` already says where a command may be used (every command here)."""
        out = []
        for command in self.get_commands(guild=guild):
            data = await command_payload(self, command)
            if data.get("contexts") is not None:
                data.pop("dm_permission", None)
            out.append(data)
        return out

    async def sync(self, *, guild: discord.abc.Snowflake | None = None) -> list[app_commands.AppCommand]:
        """discord.py's ``CommandTree.sync``, sending :meth:`payload`."""
        app_id = self.client.application_id
        if app_id is None:
            raise app_commands.MissingApplicationID
        payload = await self.payload(guild=guild)
        http = self.client.http
        try:
            if guild is None:
                data = await http.bulk_upsert_global_commands(app_id, payload=payload)
            else:
                data = await http.bulk_upsert_guild_commands(app_id, guild.id, payload=payload)
        except discord.HTTPException as e:
            if e.status == 400 and e.code == 50035:
                raise app_commands.CommandSyncFailure(e, self.get_commands(guild=guild)) from None
            raise
        return [app_commands.AppCommand(data=d, state=self.client._connection) for d in data]

    async def interaction_check(self, interaction: discord.Interaction[SplendorBot]) -> bool:
        await interaction.client.remember(interaction)
        return True

    async def on_error(
        self, interaction: discord.Interaction[SplendorBot], error: app_commands.AppCommandError
    ) -> None:
        if isinstance(error, app_commands.CommandNotFound):  # a command of the last release: say where it went
            lang = user_lang(interaction)
            where = moved_to(error, lang)
            if where is not None:
                await answer(interaction, t("bot.moved", lang, command=where))
                return
        await report(interaction, error)


class SplendorBot(commands.AutoShardedBot):
    """Holds the settings, the store and the game service; ``setup_hook`` wires everything up.

    Auto-sharded: Discord refuses an unsharded bot past 2,500 servers (close code 4011); this process
    runs every shard Discord recommends (one below that size).
    """

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
        # Nothing pings unless a send says whom (issue 27 §2): user text may hold @everyone, @here or a role.
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())
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
        self.metrics: Metrics | None = None
        self.monitor: Monitor | None = None
        self._monitor_task: asyncio.Task[None] | None = None
        self.render_pool: RenderPool | None = None
        self._web: web.AppRunner | None = None  # the web pages (SPLENDOR_WEB_PORT)
        s = self.settings
        #: The web pages' address in the links the bot posts (bot.web.links.web_url).
        self.web_url = s.web_url or (f"http://{s.web_host}:{s.web_port}" if s.web_port is not None else "")
        self._web_task: asyncio.Task[None] | None = None
        self._closing: asyncio.Task[None] | None = None
        self._warming: asyncio.Task[None] | None = None
        self._blocked_tries: dict[int, float] = {}  # game id -> loop time its blocked thread was last tried
        self.blocked_retry_s = BLOCKED_RETRY_S

    # ------------------------------------------------------------------ start-up
    async def setup_hook(self) -> None:
        limits.install(self)  # first: every message sent from here on is kept within Discord's limits
        if self.store is None:
            self.store = await open_store(self.settings)
        self.service = service = MeteredService(self.store, clock=self.clock,
                                                settings=self.settings.service_settings(), seed_source=self.seed_source)
        self._start_operations(service)
        if threading.current_thread() is threading.main_thread():
            # systemd and Docker stop with SIGTERM: close cleanly (checkpoint the WAL, say "stopping").
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, self._terminate)
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
                                        interval=self.background_interval, stop=self._stop,
                                        on_round=self.check_threads, on_graph=self.post_review_graph),
            name="splendor-background",
        )

    def _start_operations(self, service: MeteredService) -> None:
        """Render processes, metrics (when a port is set) and the heartbeat (when a file is set)."""
        s = self.settings
        if s.metrics_port is not None:
            metrics = Metrics(lambda: service)
            try:
                port = metrics.serve(s.metrics_port, s.metrics_address)
            except OSError as exc:  # metrics are optional: say why they are missing, and play on
                log.error("cannot serve metrics on %s:%d (%s): running without them", s.metrics_address,
                          s.metrics_port, exc)
            else:
                self.metrics = service.metrics = metrics
                log.info("Prometheus metrics on http://%s:%d/metrics", s.metrics_address, port)
        observe = self.metrics.render_seconds.observe if self.metrics is not None else None
        self.render_pool = RenderPool(s.render_workers, observe=observe)
        install_render_pool(self.render_pool)
        if s.web_port is not None:
            self._web_task = asyncio.create_task(self._start_web(s.web_host, s.web_port), name="splendor-web")
        self._warming = asyncio.create_task(asyncio.to_thread(self.render_pool.warm_up), name="splendor-render-warm")
        log.info("drawing images in %s", f"{self.render_pool.workers} process(es)" if self.render_pool.workers
                 else "a thread")
        if s.health_file is not None or self.metrics is not None:
            self.monitor = Monitor(self.facts, s.sqlite_path, health_file=s.health_file, metrics=self.metrics,
                                   interval=s.health_interval_s, clock=self.clock)
            self._monitor_task = asyncio.create_task(self.monitor.run(self._stop), name="splendor-monitor")

    async def _start_web(self, host: str, port: int) -> None:
        """The web pages in this process (``SPLENDOR_WEB_PORT``), on the bot's store; optional like the metrics."""
        assert self.store is not None
        try:
            s = self.settings
            extensions, _ = play_extensions(settings=s)  # checked at start (python -m bot refuses a bad setting)
            # a move made at the web table (when playing is on) goes through this bot's service, and its board is
            # posted in the thread as after a slash command
            self._web = await start_in_bot(self.store, host, port,
                                           WebConfig(rate=s.web_rate, burst=s.web_burst,
                                                     trust_forwarded=s.web_trust_proxy, extensions=extensions,
                                                     play=bool(extensions)),
                                           service=self.service, publish=self.on_web_outcome)
        except OSError as exc:
            log.error("cannot serve the web pages on %s:%d (%s): running without them", host, port, exc)

    def _terminate(self) -> None:
        log.info("SIGTERM: closing")
        self._closing = asyncio.create_task(self.close(), name="splendor-sigterm")

    def facts(self) -> BotFacts:
        """The connection as the heartbeat reports it."""
        latency = self.latency if self.latency == self.latency and self.latency != float("inf") else None
        if self.is_closed():
            status, detail = "stopping", ""
        elif self._background is not None and self._background.done():
            status, detail = "failing", "the background loop (timers, notifications) stopped"
        elif not self.is_ready():
            status, detail = "connecting", "not connected to Discord yet"
        else:
            status, detail = "ok", ""
        return BotFacts(status, self.shard_count or 1, len(self.guilds), latency, detail)

    async def post_review_graph(self, game_id: int) -> bool:
        """A finished game's review is made: its win-chance graph in the game's thread (bot.ui.review)."""
        return await post_review_graph(self, game_id)

    async def close(self) -> None:
        self._stop.set()
        if threading.current_thread() is threading.main_thread():
            with contextlib.suppress(RuntimeError):
                asyncio.get_running_loop().remove_signal_handler(signal.SIGTERM)
        for task in (self._background, self._monitor_task):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        self._monitor_task = None
        if self.monitor is not None:
            self.monitor.stopped()
        if self.metrics is not None:
            self.metrics.stop()
        if self._web is not None:
            await self._web.cleanup()
            self._web = None
        if self.render_pool is not None:
            install_render_pool(None)
            self.render_pool.close()
            self.render_pool = None
        if hasattr(self, "service"):
            self.service.close_computers()  # stop the computer players' worker processes
        await super().close()
        if self.store is not None:
            await self.store.close()
            self.store = None

    # ------------------------------------------------------------------ users
    async def remember(self, interaction: discord.Interaction[Any]) -> None:
        """Note the user's display name and load their preferences once (language override, notify)."""
        self.note_context(interaction)
        user = interaction.user
        if self.names.get(user.id) != user.display_name:
            self.names[user.id] = user.display_name
            await self.service.set_name(user.id, user.display_name)
        if user.id not in self.prefs or self.settings.shared_store:  # another process may have changed them
            settings = await self.service.user_settings(user.id)
            self.prefs[user.id] = (settings.lang, settings.notify)

    def shard_of(self, guild_id: int | None) -> int:
        """The shard that serves ``guild_id`` (Discord's formula; DMs are on shard 0)."""
        return 0 if guild_id is None else (guild_id >> 22) % (self.shard_count or 1)

    def note_context(self, interaction: discord.Interaction[Any]) -> None:
        """Put the interaction's guild, shard and (for a game button or menu) game on its log lines."""
        guild_id = interaction.guild_id
        shard = self.shard_of(guild_id)
        custom_id = interaction.data.get("custom_id", "") if interaction.data is not None else ""
        match = GAME_CUSTOM_ID.match(str(custom_id))
        log_context(game=int(match.group(1)) if match else None, guild=guild_id, shard=shard)
        log.debug("interaction %s from user %s in channel %s", interaction.type.name, interaction.user.id,
                  interaction.channel_id)

    def set_prefs(self, user_id: int, lang: str | None, notify: str) -> None:
        self.prefs[user_id] = (lang, notify)

    # ------------------------------------------------------------------ background
    async def on_timer_outcome(self, outcome: Outcome) -> None:
        """Post a board the background made: an expired turn, or a computer player's move."""
        guild = outcome.game.guild_id
        log_context(game=outcome.game.game_id, guild=guild, shard=self.shard_of(guild))
        if self.metrics is not None and not outcome.duplicate:
            self.metrics.moves.labels("timer").inc()
        try:
            await publish(self, outcome)
        except discord.HTTPException:
            log.exception("could not post the board of game %s after a timer", outcome.game_id)

    async def on_web_outcome(self, outcome: Outcome) -> None:
        """Post the board of a move made at the web table (issue 44), as after a slash command."""
        log_context(game=outcome.game.game_id, guild=outcome.game.guild_id, shard=self.shard_of(outcome.game.guild_id))
        if self.metrics is not None and not outcome.duplicate:
            self.metrics.moves.labels("web").inc()
        await publish(self, outcome)

    # ------------------------------------------------------------------ threads Discord changed (issue 34)
    async def check_threads(self) -> None:
        """Each background round: games whose thread was deleted and that nobody moved within
        ``SPLENDOR_LOST_THREAD_ABORT_DAYS`` are aborted (league games settled by the league's rules), and games
        paused for a locked thread or a lost permission are tried again (at most every ``BLOCKED_RETRY_S``)."""
        for game_id in await self.service.lost_games_due():
            try:
                await self.abort_lost_game(game_id)
            except Exception:
                log.exception("game %s: could not abort it after its thread was deleted", game_id)
        now = asyncio.get_running_loop().time()
        for game_id in await self.service.blocked_games():
            last = self._blocked_tries.get(game_id)
            if last is None or now - last >= self.blocked_retry_s:
                self._blocked_tries[game_id] = now
                await self.resume_game(game_id)

    async def abort_lost_game(self, game_id: int) -> None:
        """A game whose thread is gone for good: a league game is settled by its league (started: by the current
        scores; a lobby: voided), any other is aborted without a result; its players are told by DM."""
        try:
            runner = bot_runner(self)
        except LeagueError:  # a bot built without the league commands
            runner = None
        if runner is not None and await runner.leagues.settle_abandoned(game_id, "thread_lost"):
            log.warning("game %s: its thread was deleted and nobody moved it; settled by its league", game_id)
        await self.service.abort_lost(game_id)  # (a league game is over by now: nothing more happens)

    async def resume_game(self, game_id: int) -> None:
        """Try to post a paused game's current table in its thread again; on success the game goes on."""
        game = await self.service.game(game_id)
        if game.status not in ("lobby", "active") or game.thread_state != "blocked":
            return
        lang = game_lang(self, game)
        state = await self.service.state(game_id)
        if state is not None:
            await publish(self, Outcome(game, state), lang, note=t("bot.thread.resumed", lang))
            return
        try:
            await thread_send(self, game.channel_id, t("bot.thread.resumed", lang),
                              allowed_mentions=discord.AllowedMentions.none())
        except ThreadUnavailable as exc:
            await game_thread_unavailable(self, game_id, exc)
        except discord.HTTPException:
            log.info("game %s: its thread still cannot be posted in", game_id)
        else:
            await self.service.thread_available(game_id)

    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        """A thread was unlocked (or reopened): a game paused for it goes on at once."""
        if payload.data.get("thread_metadata", {}).get("locked"):
            return
        game = await self.service.game_for_channel(payload.thread_id)
        if game is not None and game.channel_id == payload.thread_id and game.thread_state == "blocked":
            self._blocked_tries[game.game_id] = asyncio.get_running_loop().time()
            await self.resume_game(game.game_id)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A game's thread was deleted: the game is paused and its players and host told at once (not at the
        next post that would fail)."""
        game = await self.service.game_for_channel(payload.thread_id)
        if game is not None and game.channel_id == payload.thread_id and game.status in ("lobby", "active"):
            await game_thread_unavailable(self, game.game_id, ThreadUnavailable(payload.thread_id, "lost", 10003))

    async def deliver(self, delivery: Delivery) -> bool | SendFailure:
        """Send one outbox delivery (DM or a mention in the game's thread); True once handled, else why not
        (the service tries it again later, or gives it up: :meth:`GameService.delivery_failed`)."""
        log_context(game=delivery.items[0].game_id if delivery.items else None, guild=None, shard=None)
        lang = lang_of(delivery.lang)
        lines = [notification_line(n, lang) for n in delivery.items]
        if delivery.digest:
            lines.insert(0, t("service.notify.digest", lang, count=len(delivery.items)))
        text = "\n".join(lines)[:2000]
        # discord.py sends a nonce with enforce_nonce: the same delivery sent again after a crash (same nonce)
        # is not posted twice (Discord returns the first message within its window of a few minutes).
        nonce: str | int = delivery.nonce if delivery.nonce is not None else secrets.randbits(64)
        try:
            if delivery.via == "dm":
                user = self.get_user(delivery.user_id) or await self.fetch_user(delivery.user_id)
                await user.send(text, nonce=nonce)
            elif delivery.via == "mention":
                if all(n.kind in ANNOUNCED_ON_BOARD for n in delivery.items) or delivery.channel_id is None:
                    return True
                await thread_send(self, delivery.channel_id, f"<@{delivery.user_id}> {text}"[:2000], nonce=nonce,
                                  allowed_mentions=discord.AllowedMentions(
                                      everyone=False, roles=False, replied_user=False,
                                      users=[discord.Object(delivery.user_id)]))
        except ThreadUnavailable as exc:
            await self.thread_unavailable_for(delivery, exc)
            return SendFailure("thread")
        except discord.RateLimited as exc:  # a rate limit longer than the client waits for on its own
            return SendFailure("rate_limited", exc.retry_after)
        except discord.HTTPException as exc:
            log.warning("could not deliver a notification to %s: HTTP %s (code %s)", delivery.user_id, exc.status,
                        exc.code)
            return send_failure(exc, via=delivery.via)
        return True

    async def thread_unavailable_for(self, delivery: Delivery, exc: ThreadUnavailable) -> None:
        """A mention could not be posted in a game's thread: the game is paused (``thread_unavailable``)."""
        for game_id in sorted({n.game_id for n in delivery.items
                               if n.game_id is not None and n.channel_id == exc.channel_id}):
            await game_thread_unavailable(self, game_id, exc)


def send_failure(exc: discord.HTTPException, *, via: str) -> SendFailure:
    """What a refused send means for a delivery: closed DMs (403, code 50007), a rate limit (429, with the wait
    Discord asked for), Discord's own failure (5xx), or another refusal."""
    if exc.status == 403 and exc.code == DMS_CLOSED and via == "dm":
        return SendFailure("dms_closed")
    if exc.status == 429:
        retry_after = None
        with contextlib.suppress(AttributeError, TypeError, ValueError):
            retry_after = float(exc.response.headers.get("Retry-After"))  # type: ignore[arg-type]
        return SendFailure("rate_limited", retry_after)
    return SendFailure("server" if exc.status >= 500 else "refused")


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
    ``StoreUnavailable`` (one sentence), a PostgreSQL shard another process runs ``ShardClaimed``.

    An existing SQLite database about to be migrated is first copied beside itself (``bot.admin``); if that
    copy cannot be made, the bot refuses to migrate.  (PostgreSQL: back up with ``pg_dump``.)
    """
    if settings.shared_store:
        return await open_url(settings.store_url, settings.shards)
    try:
        saved = await asyncio.to_thread(backup_before_migration, settings.sqlite_path, SCHEMA_VERSION)
    except AdminError as exc:
        raise StoreUnavailable(str(settings.sqlite_path), f"no copy could be taken before migrating it ({exc})",
                               "free some space or fix the file, or restore a backup") from exc
    if saved is not None:
        log.warning("the database will be migrated to schema %d; it was first copied to %s", SCHEMA_VERSION, saved)
    return await SqliteStore.open(settings.sqlite_path, check=settings.check_database_at_start)


def create_bot(settings: Settings, **options: Any) -> SplendorBot:
    """The configured client, not connected (``await bot.start(token)`` connects)."""
    shards = settings.shards
    if shards.count > 1:  # this process runs its shards of several (SPLENDOR_SHARD_IDS of SPLENDOR_SHARD_COUNT)
        options = {"shard_ids": sorted(shards.ids), "shard_count": shards.count, **options}
    return SplendorBot(settings, **options)


__all__ = ["SplendorBot", "create_bot", "open_store"]
