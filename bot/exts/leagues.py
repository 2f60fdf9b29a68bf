"""``/league create | info | join | leave | list | queue | unqueue | standings | web | history | export | void |
settle | rebuild | season end`` and ``/player stats``, plus the league loop (results, rounds, ladder tables).

A league game is recorded as soon as its final board is posted (the bot sees its own message); the loop
(``LeagueRunner.tick``, every background interval) catches anything missed, e.g. after a restart.

Organizers of a league are its creator, members with Manage Server, and members with the league's
organizer role.  Every refusal is private (the league service raises :class:`bot.service.ServiceError`
subclasses, answered by the bot's one error reporter).  Public posts use the league's language
(the creator's when the league was made); private answers the user's.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import re
from collections.abc import Collection, Sequence
from datetime import timedelta
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import engine
from bot.bank_text import clock_label
from bot.errors import user_lang
from bot.exts._common import in_servers, parent_text_channel
from bot.exts.games import RULESETS, TIMERS
from bot.i18n import LANGS, clip, t
from bot.leagues import errors as LE
from bot.leagues.service import MAX_NAME, LeagueService, RoundOpened, StandingsPage, Tick
from bot.render.league import StandingRow, number, render_rating_chart, render_standings
from bot.service import Outcome
from bot.store.leagues import LeagueRow, ResultRow, TableRow
from bot.store.records import GuildDefaults
from bot.textboard import fit_lines
from bot.translator import L
from bot.ui import board
from bot.ui.context import BotContext
from bot.ui.threads import ThreadUnavailable, resolve, thread_send
from bot.web import links as web_links
from bot.web.links import web_url

log = logging.getLogger(__name__)

FORMATS = [
    app_commands.Choice(name=L("Ladder (queue up, play when matched)", "league.format.ladder"), value="ladder"),
    app_commands.Choice(name=L("Rounds (everyone paired each round)", "league.format.rounds"), value="rounds"),
]
MENTION = re.compile(r"<@!?([0-9]{1,20})>", re.ASCII)
PER_PAGE = 15
MAX_REASON = 200  # an organizer's reason for a void or a settlement
MAX_ORDER = 200  # a finishing order as mentions: 4 of them with room to spare
# Free-text options declare their length: Discord's client stops longer input before it is sent.
LeagueName = app_commands.Range[str, 1, MAX_NAME]
Reason = app_commands.Range[str, 1, MAX_REASON]
LEAGUE_DESC = L("The league (start typing its name)", "league.opt.league.desc")
GAME_DESC = L("The game's number (#12: 12)", "league.opt.game.desc")
REASON_DESC = L("Why (shown in the game's thread and in the history)", "league.opt.reason.desc")


def server_defaults_applied(defaults: GuildDefaults, ruleset: str | None, turn_timer: str | None,
                            lang: str) -> list[str]:
    """The lines saying which of the server's defaults (``/server defaults``) a new league takes: the ruleset and
    turn timer its creator left out, the language of its posts; and the one it does not (a turn that runs out in
    a league game is skipped, never played by a computer)."""
    which = []
    if ruleset is None and defaults.ruleset:
        which.append(t("leagues.default.ruleset", lang, value=board.ruleset_label(defaults.ruleset, lang)))
    if turn_timer is None and defaults.turn_timer:
        value = clock_label(defaults.turn_timer, lang) if defaults.turn_timer.startswith("bank:") else (
            t("bot.timer.none", lang) if defaults.turn_timer == "none" else defaults.turn_timer)
        which.append(t("leagues.default.turn_timer", lang, value=value))
    if defaults.lang in LANGS:
        which.append(t("leagues.default.lang", lang, value=t(f"bot.lang.{defaults.lang}", lang)))
    lines = [t("leagues.created.defaults", lang, which=", ".join(which))] if which else []
    if defaults.timeout_policy == "ai":
        lines.append(t("leagues.created.no_ai_timeout", lang))
    return lines


def league_lang(league: LeagueRow) -> str:
    return str(league.settings.get("lang", "en"))


def is_organizer(interaction: discord.Interaction[Any], league: LeagueRow) -> bool:
    """The league's creator, a member with Manage Server, or one with the league's organizer role."""
    user = interaction.user
    roles = [r.id for r in user.roles] if isinstance(user, discord.Member) else []
    return organizes(user.id, roles, interaction.permissions, league)


def organizes(user_id: int, role_ids: Sequence[int], perms: discord.Permissions, league: LeagueRow) -> bool:
    if user_id == league.creator_id or perms.manage_guild or perms.administrator:
        return True
    return league.organizer_role_id is not None and league.organizer_role_id in role_ids


def name_of(bot: BotContext, user_id: int, guild: discord.Guild | None = None) -> str:
    if user_id in bot.names:
        return bot.names[user_id]
    member = guild.get_member(user_id) if guild is not None else None
    return member.display_name if member is not None else f"#{user_id}"


def standings_rows(bot: BotContext, page: StandingsPage, guild: discord.Guild | None) -> list[StandingRow]:
    return [StandingRow(ln.rank, name_of(bot, ln.user_id, guild), ln.points, ln.games, ln.wins, ln.rating,
                        ln.provisional, page.trends.get(ln.user_id)) for ln in page.lines]


async def standings_file(bot: BotContext, page: StandingsPage, lang: str,
                         guild: discord.Guild | None) -> discord.File:
    """The standings image of ``page``, with its alt text: the same rows, read out (in ``lang``)."""
    league = page.league
    subtitle = t("leagues.img.subtitle", lang, season=page.season, count=page.total,
                 ruleset=board.ruleset_label(league.ruleset, lang))
    rows = standings_rows(bot, page, guild)
    data = await asyncio.to_thread(render_standings, rows, title=league.name, subtitle=subtitle, page=page.page,
                                   pages=page.pages, lang=lang)
    alt = [f"{league.name} · {subtitle}", *(t(
        "leagues.img.alt_row", lang, rank=r.rank, name=r.name, points=number(r.points), games=r.games, wins=r.wins,
        count=r.games, rating=f"{r.rating}{'?' if r.provisional else ''}") for r in rows)]
    return board.image(data, "standings.png", fit_lines(alt or [league.name]))


def result_line(res: ResultRow, channel_id: int | None, lang: str) -> str:
    order = sorted(zip(res.places, res.members, strict=True))
    placed = ", ".join(f"{p}. <@{u}>" for p, u in order)
    where = f" · <#{channel_id}>" if channel_id else ""
    if res.status == "voided":
        return t("leagues.history.voided", lang, game_id=res.game_id, reason=res.reason or "") + where
    key = "leagues.history.settled" if res.source == "settled" else "leagues.history.line"
    return t(key, lang, game_id=res.game_id, placed=placed, reason=res.reason or "") + where


class LeagueRunner(commands.Cog, name="Leagues"):
    """Runs the league loop while the bot runs (started by ``cog_load``, stopped when the bot closes)."""

    def __init__(self, bot: BotContext, leagues: LeagueService, interval: float) -> None:
        self.bot = bot
        self.leagues = leagues
        self.interval = interval
        self._task: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()

    async def cog_load(self) -> None:
        self._task = asyncio.create_task(self._loop(), name="leagues-background")

    async def cog_unload(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task

    async def _loop(self) -> None:
        while True:
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("league round failed")
            await asyncio.sleep(self.interval)

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """A board the bot posted (its own message with the table image): if that game just ended and is a
        league game, record it now rather than at the next round of the loop (recording is exactly once)."""
        if not message.author.bot or not any(a.filename == "table.png" for a in message.attachments):
            return
        try:
            game = await self.bot.service.game_for_channel(message.channel.id)
            if game is None or game.status != "over" or not game.ranked:
                return
            res = await self.leagues.record(game.game_id)
            if res is not None:
                await self._announce_result(res)
                await self.sync_roles(res.league_id)
        except Exception:
            log.exception("recording the league game of channel %s failed", message.channel.id)

    async def tick(self) -> Tick:
        """One league round: record results, close and open rounds, seat ladder queues, open their threads."""
        async with self._lock:
            out = await self.leagues.tick()
            for table in await self.leagues.tables_to_open():
                if table not in out.seated and all(table not in o.tables for o in out.opened):
                    out.seated.append(table)
            for res in out.recorded:
                await self._announce_result(res)
            for closed in out.closed:
                lang = league_lang(closed.league)
                for gid in closed.settled:
                    where = await self.leagues.table_for_game(gid)
                    if where is not None and where.channel_id:
                        await self._send(where.channel_id, t("leagues.round.settled_game", lang, round=closed.round))
            for final in out.seasons:
                await self.announce_final(final)
            for league_id in sorted({r.league_id for r in out.recorded} | {f.league.league_id for f in out.seasons}):
                await self.sync_roles(league_id)
            for opened in out.opened:
                await self._open_round(opened)
            for table in out.seated:
                await self._open_table(table)
            return out

    async def _channel(self, channel_id: int) -> discord.abc.Messageable | None:
        """The channel from the cache or fetched (:func:`bot.ui.threads.resolve`); None when it cannot be had."""
        try:
            return await resolve(self.bot, channel_id)
        except (ThreadUnavailable, discord.HTTPException):
            return None

    async def _send(self, channel_id: int, text: str, *, ping: Collection[int] = (), **kw: Any) -> None:
        """Post ``text`` in a league's channel or a league game's thread (fetched when archived or uncached:
        :func:`bot.ui.threads.thread_send`); only the users in ``ping`` are notified (names and reasons in it never
        ping).  A channel the bot cannot post in is only logged."""
        mentions = discord.AllowedMentions(users=[discord.Object(u) for u in sorted(set(ping))], everyone=False,
                                           roles=False, replied_user=False)
        try:
            await thread_send(self.bot, channel_id, text[:2000], allowed_mentions=mentions, **kw)
        except (ThreadUnavailable, discord.HTTPException):
            log.warning("could not post in channel %s", channel_id)

    async def _announce_result(self, res: ResultRow) -> None:
        league = await self.leagues.league(res.league_id)
        table = await self.leagues.table_for_game(res.game_id)
        lang = league_lang(league)
        line = result_line(res, None, lang)
        if table is not None and table.channel_id:
            await self._send(table.channel_id, t("leagues.result.recorded", lang, name=league.name) + "\n" + line,
                             ping=res.members)

    async def sync_roles(self, league_id: int) -> None:
        """Give the league's rank roles to whom the standings say, take them from the others: those the bot
        remembers giving the role to (the bot has no members intent, so ``role.members`` is mostly empty)."""
        league = await self.leagues.league(league_id)
        holders = await self.leagues.rank_roles(league_id)
        guild = self.bot.get_guild(league.guild_id)
        if not holders or guild is None:
            return
        given = await self.leagues.role_holders(league_id)
        reason = f"league {league.name}: standings"
        for role_id, want in holders.items():
            role = guild.get_role(role_id)
            if role is None:
                continue
            had = given.get(role_id, set()) | {m.id for m in role.members}
            try:
                for user_id in sorted(had - want):
                    member = await self._member(guild, user_id)
                    if member is not None:  # its cached roles may be stale (no member updates without the intent)
                        await member.remove_roles(role, reason=reason)
                for user_id in sorted(want):
                    member = await self._member(guild, user_id)
                    if member is not None and not any(r.id == role_id for r in member.roles):
                        await member.add_roles(role, reason=reason)
            except discord.HTTPException:
                log.warning("league %s: could not update rank role %s", league_id, role_id)
                continue
            if want != given.get(role_id):
                await self.leagues.remember_role_holders(league_id, role_id, want)

    @staticmethod
    async def _member(guild: discord.Guild, user_id: int) -> discord.Member | None:
        """The member from the cache or fetched; None if they left the server."""
        member = guild.get_member(user_id)
        if member is None:
            try:
                member = await guild.fetch_member(user_id)
            except discord.NotFound:
                return None
        return member

    async def announce_final(self, final: StandingsPage) -> None:
        """The final standings of a season that ended, as an image in the announcements channel."""
        league = final.league
        lang = league_lang(league)
        first = StandingsPage(league, final.season, final.lines[:PER_PAGE], final.total, 1,
                              max(1, -(-final.total // PER_PAGE)), {})
        channel = await self._channel(league.announce_channel_id or league.channel_id)
        guild = channel.guild if isinstance(channel, discord.abc.GuildChannel) else None
        await self._send(league.announce_channel_id or league.channel_id,
                         t("leagues.season.final", lang, name=league.name, season=final.season),
                         file=await standings_file(self.bot, first, lang, guild))

    async def _open_round(self, opened: RoundOpened) -> None:
        league = opened.league
        lang = league_lang(league)
        lines = [t("leagues.round.opened", lang, name=league.name, round=opened.round,
                   deadline=f"<t:{int(opened.deadline.timestamp())}:f>")]
        pinged = [u for table in opened.tables for u in table.members] + list(opened.byes)
        for table in opened.tables:
            info = await self._open_table(table)
            where = f" · <#{info}>" if info else ""
            lines.append("• " + " · ".join(f"<@{u}>" for u in table.members) + where)
        if opened.byes:
            lines.append(t("leagues.round.byes", lang, users=", ".join(f"<@{u}>" for u in opened.byes)))
        await self._send(league.announce_channel_id or league.channel_id, "\n".join(lines), ping=pinged)

    async def _open_table(self, table: TableRow) -> int | None:
        """A thread in the league's channel, the game in it, the players pinged; returns the thread id."""
        league = await self.leagues.league(table.league_id)
        lang = league_lang(league)
        thread_id = table.channel_id
        if thread_id is None:
            parent = await self._channel(league.channel_id)
            if not isinstance(parent, discord.TextChannel):
                log.warning("league %s: channel %s is not a text channel", league.league_id, league.channel_id)
                return None
            names = ", ".join(name_of(self.bot, u, parent.guild) for u in table.members)
            thread = await parent.create_thread(name=f"{league.name}: {names}"[:100],
                                                type=discord.ChannelType.public_thread, auto_archive_duration=10080)
            thread_id = thread.id
        game = await self.leagues.open_table(table, thread_id)
        state = await self.bot.service.state(game.game_id)
        pings = " ".join(f"<@{u}>" for u in table.members)
        text = t("leagues.table.opened", lang, name=league.name, users=pings)
        page = await web_links.visible_game_path(self.leagues.store, game.game_id, self.leagues.clock())
        if page is not None:  # the league's pages are on: the game's unguessable link
            text = clip(text, 1800) + "\n" + t("web.game.link", lang, url=web_url(self.bot, page))
        await self._send(thread_id, text, ping=table.members)
        with contextlib.suppress(discord.HTTPException):
            await board.publish(self.bot, Outcome(game, state), lang)
        return thread_id


class LeagueGroup(app_commands.Group):
    def __init__(self, bot: BotContext, leagues: LeagueService, runner: LeagueRunner) -> None:
        super().__init__(name=L("league", "league.name"), description=L("Community leagues", "league.desc"),
                         allowed_contexts=in_servers())
        self.bot = bot
        self.leagues = leagues
        self.runner = runner
        self.add_command(SeasonGroup(self))

    async def find(self, interaction: discord.Interaction[Any], name: str) -> LeagueRow:
        return await self.leagues.find(interaction.guild_id or 0, name)

    async def league_names(self, interaction: discord.Interaction[Any], current: str) -> list[
            app_commands.Choice[str]]:
        found = await self.leagues.list_leagues(interaction.guild_id or 0)
        return [app_commands.Choice(name=lg.name, value=lg.name) for lg, _ in found
                if current.lower() in lg.name.lower()][:25]

    # ------------------------------------------------------------------ organizing
    @app_commands.command(name=L("create", "league.create.name"), description=L("Create a league in this channel",
                                                                                 "league.create.desc"))
    @app_commands.rename(name=L("name", "league.opt.name"), ruleset=L("ruleset", "opt.ruleset"),
                         seats=L("seats", "league.opt.seats"), turn_timer=L("turn_timer", "opt.turn_timer"),
                         format=L("format", "league.opt.format"), round_days=L("round_days", "league.opt.round_days"),
                         season_days=L("season_days", "league.opt.season_days"),
                         announcements=L("announcements", "league.opt.announcements"),
                         organizer_role=L("organizer_role", "league.opt.organizer_role"),
                         target=L("target", "opt.target"), start_hours=L("start_hours", "league.opt.start_hours"))
    @app_commands.describe(name=L("The league's name", "league.opt.name.desc"),
                           ruleset=L("Which game to play", "opt.ruleset.desc"),
                           seats=L("Players per game (2-4)", "league.opt.seats.desc"),
                           turn_timer=L("Time per turn, or a time bank per player", "opt.clock.desc"),
                           format=L("Ladder or rounds", "league.opt.format.desc"),
                           round_days=L("Rounds: days per round", "league.opt.round_days.desc"),
                           season_days=L("Planned season length in days", "league.opt.season_days.desc"),
                           announcements=L("Channel for schedules and final standings",
                                           "league.opt.announcements.desc"),
                           organizer_role=L("Members with this role organize the league",
                                            "league.opt.organizer_role.desc"),
                           target=L("Points to win (Splendor; default 15)", "opt.target.desc"),
                           start_hours=L("Rounds: hours before the first round (members join meanwhile)",
                                         "league.opt.start_hours.desc"))
    @app_commands.choices(ruleset=RULESETS, turn_timer=TIMERS, format=FORMATS)
    async def create(self, interaction: discord.Interaction[Any], name: LeagueName, ruleset: str | None = None,
                     seats: app_commands.Range[int, 2, 4] = 4, turn_timer: str | None = None, format: str = "ladder",
                     round_days: app_commands.Range[float, 0.01, 60.0] | None = None,
                     season_days: app_commands.Range[int, 1, 366] | None = None,
                     announcements: discord.TextChannel | None = None, organizer_role: discord.Role | None = None,
                     target: app_commands.Range[int, 3, 30] | None = None,
                     start_hours: app_commands.Range[float, 0.0, 720.0] = 24.0) -> None:
        lang = user_lang(interaction)
        channel = parent_text_channel(interaction)
        if channel is None:
            await interaction.response.send_message(t("bot.new.bad_channel", lang), ephemeral=True)
            return
        defaults = await self.bot.service.server_defaults(interaction.guild_id or 0)
        if defaults.channel_id is not None and channel.id != defaults.channel_id:  # as /splendor new
            await interaction.response.send_message(
                t("leagues.create.wrong_channel", lang, channel=f"<#{defaults.channel_id}>"), ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none())
            return
        posts = defaults.lang if defaults.lang in LANGS else lang  # the league's posts: the server's language
        applied = server_defaults_applied(defaults, ruleset, turn_timer, posts)
        rules = engine.find_ruleset(ruleset or defaults.ruleset or "base")
        turn_timer = turn_timer or defaults.turn_timer or "24h"
        settings: dict[str, Any] = {"lang": posts}
        if target is not None and "target" in rules.option_names:
            settings["options"] = {"target": target}
        league = await self.leagues.create(
            guild_id=interaction.guild_id or 0, name=name, creator_id=interaction.user.id, channel_id=channel.id,
            ruleset=rules.name, seats=seats, turn_timer=turn_timer, format="rounds" if format == "rounds" else "ladder",
            round_days=round_days, season_days=season_days, first_round_in=timedelta(hours=start_hours),
            announce_channel_id=announcements.id if announcements else None,
            organizer_role_id=organizer_role.id if organizer_role else None, settings=settings)
        await self.leagues.join(league.league_id, interaction.user.id)
        await interaction.response.send_message(
            "\n".join([t("leagues.created", posts, name=league.name, ruleset=board.ruleset_label(league.ruleset, posts),
                          seats=league.seats, format=t(f"leagues.format.{league.format}", posts),
                          channel=channel.mention), *applied]),
            allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name=L("info", "league.info.name"), description=L("About a league", "league.info.desc"))
    @app_commands.rename(league=L("league", "league.opt.league"))
    @app_commands.describe(league=LEAGUE_DESC)
    async def info(self, interaction: discord.Interaction[Any], league: LeagueName) -> None:
        row = await self.find(interaction, league)
        lang = user_lang(interaction)
        members = await self.leagues.members(row.league_id)
        queue = await self.leagues.queue(row.league_id)
        lines = [
            t("leagues.info.title", lang, name=row.name, season=row.season),
            t("leagues.info.setup", lang, ruleset=board.ruleset_label(row.ruleset, lang), seats=row.seats,
              format=t(f"leagues.format.{row.format}", lang), channel=f"<#{row.channel_id}>"),
            t("leagues.info.members", lang, count=len(members)),
            t("leagues.info.organizers", lang, creator=f"<@{row.creator_id}>",
              role=f"<@&{row.organizer_role_id}>" if row.organizer_role_id else "—"),
        ]
        if row.format == "ladder":
            lines.append(t("leagues.info.queue", lang, count=len(queue)))
        elif row.round_length_s:
            lines.append(t("leagues.info.rounds", lang, days=f"{round(row.round_length_s / 86400, 2):g}"))
        await interaction.response.send_message("\n".join(lines), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name=L("list", "league.list.name"), description=L("Leagues of this server",
                                                                             "league.list.desc"))
    async def list_(self, interaction: discord.Interaction[Any]) -> None:
        lang = user_lang(interaction)
        found = await self.leagues.list_leagues(interaction.guild_id or 0)
        lines = [t("leagues.list.line", lang, name=lg.name, count=n, format=t(f"leagues.format.{lg.format}", lang),
                   ruleset=board.ruleset_label(lg.ruleset, lang)) for lg, n in found]
        await interaction.response.send_message("\n".join(lines)[:2000] or t("leagues.list.empty", lang),
                                                ephemeral=True)

    @app_commands.command(name=L("join", "league.join.name"), description=L("Join a league", "league.join.desc"))
    @app_commands.rename(league=L("league", "league.opt.league"))
    @app_commands.describe(league=LEAGUE_DESC)
    async def join(self, interaction: discord.Interaction[Any], league: LeagueName) -> None:
        row = await self.leagues.join((await self.find(interaction, league)).league_id, interaction.user.id)
        await interaction.response.send_message(
            t("leagues.joined", league_lang(row), user=interaction.user.mention, name=row.name),
            allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name=L("leave", "league.leave.name"), description=L("Leave a league", "league.leave.desc"))
    @app_commands.rename(league=L("league", "league.opt.league"))
    @app_commands.describe(league=LEAGUE_DESC)
    async def leave(self, interaction: discord.Interaction[Any], league: LeagueName) -> None:
        row = await self.leagues.leave((await self.find(interaction, league)).league_id, interaction.user.id)
        await interaction.response.send_message(t("leagues.left", user_lang(interaction), name=row.name),
                                                ephemeral=True)

    @app_commands.command(name=L("queue", "league.queue.name"),
                          description=L("Wait for a game (ladder) or take part in the next rounds",
                                        "league.queue.desc"))
    @app_commands.rename(league=L("league", "league.opt.league"))
    @app_commands.describe(league=LEAGUE_DESC)
    async def queue(self, interaction: discord.Interaction[Any], league: LeagueName) -> None:
        row = await self.leagues.enqueue((await self.find(interaction, league)).league_id, interaction.user.id)
        lang = user_lang(interaction)
        key = "leagues.queued" if row.format == "ladder" else "leagues.opted_in"
        await interaction.response.send_message(t(key, lang, name=row.name), ephemeral=True)
        if row.format == "ladder":
            await self.runner.tick()

    @app_commands.command(name=L("unqueue", "league.unqueue.name"),
                          description=L("Stop waiting (ladder) or sit out the next rounds", "league.unqueue.desc"))
    @app_commands.rename(league=L("league", "league.opt.league"))
    @app_commands.describe(league=LEAGUE_DESC)
    async def unqueue(self, interaction: discord.Interaction[Any], league: LeagueName) -> None:
        row = await self.leagues.dequeue((await self.find(interaction, league)).league_id, interaction.user.id)
        key = "leagues.unqueued" if row.format == "ladder" else "leagues.opted_out"
        await interaction.response.send_message(t(key, user_lang(interaction), name=row.name), ephemeral=True)

    # ------------------------------------------------------------------ looking
    @app_commands.command(name=L("standings", "league.standings.name"),
                          description=L("The league's standings", "league.standings.desc"))
    @app_commands.rename(league=L("league", "league.opt.league"), page=L("page", "league.opt.page"),
                         season=L("season", "league.opt.season"))
    @app_commands.describe(league=LEAGUE_DESC, page=L("Which page of the standings (15 players a page)",
                                                      "league.opt.page.desc"),
                           season=L("Which season (default: the current one)", "league.opt.season.desc"))
    async def standings(self, interaction: discord.Interaction[Any], league: LeagueName,
                        page: app_commands.Range[int, 1, 1000] = 1,
                        season: app_commands.Range[int, 1, 1000] | None = None) -> None:
        row = await self.find(interaction, league)
        if season is not None and season > row.season:
            raise LE.NoSuchSeason(name=row.name, season=season, current=row.season)
        lang = user_lang(interaction)
        # public from here on: every refusal was checked above (Discord shows the first followup after a public
        # defer to everyone, whatever its flags)
        await interaction.response.defer(thinking=True)
        got = await self.leagues.standings(row.league_id, season=season, page=page, per_page=PER_PAGE)
        file = await standings_file(self.bot, got, lang, interaction.guild)
        title = t("leagues.standings.title", lang, name=row.name, season=got.season, page=got.page, pages=got.pages)
        link = await self.web_link(row.league_id)
        if link is not None:
            title = clip(title, 1800) + "\n" + t("web.league.link", lang, url=link)
        await interaction.followup.send(title[:2000], file=file)

    @app_commands.command(name=L("web", "league.web.name"),
                          description=L("Turn the league's web pages off, unlisted or public (organizers)",
                                        "league.web.desc"))
    @app_commands.rename(league=L("league", "league.opt.league"), mode=L("mode", "league.opt.web_mode"))
    @app_commands.describe(league=LEAGUE_DESC, mode=L("off: no pages; unlisted: only through the link; public: also "
                                                      "listed on the site", "league.opt.web_mode.desc"))
    @app_commands.choices(mode=[
        app_commands.Choice(name=L("off", "league.web.off"), value="off"),
        app_commands.Choice(name=L("unlisted", "league.web.unlisted"), value="unlisted"),
        app_commands.Choice(name=L("public", "league.web.public"), value="public"),
    ])
    async def web(self, interaction: discord.Interaction[Any], league: LeagueName, mode: str) -> None:
        row = await self.find(interaction, league)
        if not is_organizer(interaction, row):
            raise LE.NotOrganizer(name=row.name)
        if mode not in web_links.MODES:
            raise LE.BadLeagueOption(name="mode", value=mode)
        async with self.leagues.store.transaction() as tx:
            slug = await web_links.set_mode(tx, "league", row.league_id, mode, self.leagues.clock())
        lang = user_lang(interaction)
        text = t(f"web.league.mode.{mode}", lang, name=row.name, url=web_url(self.bot, f"/l/{slug}"))
        await interaction.response.send_message(text[:2000], ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    async def web_link(self, league_id: int) -> str | None:
        """The league's page when its pages are on (for the standings post), else None."""
        async with self.leagues.store.reading() as tx:
            if await web_links.mode_of(tx, "league", league_id) == "off":
                return None
            slug = await web_links.slug_of_existing(tx, "league", league_id)
        return None if slug is None else web_url(self.bot, f"/l/{slug}")

    @app_commands.command(name=L("history", "league.history.name"),
                          description=L("Recent results with links to the games", "league.history.desc"))
    @app_commands.rename(league=L("league", "league.opt.league"))
    @app_commands.describe(league=LEAGUE_DESC)
    async def history(self, interaction: discord.Interaction[Any], league: LeagueName) -> None:
        row = await self.find(interaction, league)
        lang = user_lang(interaction)
        found = await self.leagues.history(row.league_id, limit=15)
        lines = [result_line(res, ch, lang) for res, ch in found]
        await interaction.response.send_message(("\n".join(lines) or t("leagues.history.empty", lang))[:2000],
                                                ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name=L("export", "league.export.name"), description=L("All results as CSV (organizers)",
                                                                                 "league.export.desc"))
    @app_commands.rename(league=L("league", "league.opt.league"))
    @app_commands.describe(league=LEAGUE_DESC)
    async def export(self, interaction: discord.Interaction[Any], league: LeagueName) -> None:
        row = await self.find(interaction, league)
        text = await self.leagues.export_csv(row.league_id, organizer=is_organizer(interaction, row))
        await interaction.response.send_message(
            t("leagues.export.done", user_lang(interaction), name=row.name), ephemeral=True,
            file=discord.File(io.BytesIO(text.encode()), filename=f"league-{row.league_id}.csv"))

    # ------------------------------------------------------------------ organizer corrections
    @app_commands.command(name=L("void", "league.void.name"),
                          description=L("Stop a game from counting (organizers)", "league.void.desc"))
    @app_commands.rename(league=L("league", "league.opt.league"), game=L("game", "league.opt.game"),
                         reason=L("reason", "league.opt.reason"))
    @app_commands.describe(league=LEAGUE_DESC, game=GAME_DESC, reason=REASON_DESC)
    async def void(self, interaction: discord.Interaction[Any], league: LeagueName, game: int, reason: Reason) -> None:
        row = await self.find(interaction, league)
        reason = clip(reason, MAX_REASON)  # the client stops longer input; a stale registration does not
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.leagues.void(row.league_id, game, interaction.user.id, reason,
                                organizer=is_organizer(interaction, row))
        await interaction.followup.send(t("leagues.void.done", user_lang(interaction), game_id=game, reason=reason),
                                        ephemeral=True)
        await self._post_in_game(game, t("leagues.void.public", league_lang(row), user=interaction.user.mention,
                                         reason=reason))

    @app_commands.command(name=L("settle", "league.settle.name"),
                          description=L("Set a game's result (organizers)", "league.settle.desc"))
    @app_commands.rename(league=L("league", "league.opt.league"), game=L("game", "league.opt.game"),
                         reason=L("reason", "league.opt.reason"), order=L("order", "league.opt.order"))
    @app_commands.describe(order=L("Finishing order as mentions (default: current scores)", "league.opt.order.desc"),
                           league=LEAGUE_DESC, game=GAME_DESC, reason=REASON_DESC)
    async def settle(self, interaction: discord.Interaction[Any], league: LeagueName, game: int, reason: Reason,
                     order: app_commands.Range[str, 1, MAX_ORDER] | None = None) -> None:
        row = await self.find(interaction, league)
        reason = clip(reason, MAX_REASON)
        await interaction.response.defer(ephemeral=True, thinking=True)
        ranking = [int(m) for m in MENTION.findall(order)] if order else None
        res = await self.leagues.settle(row.league_id, game, interaction.user.id, reason,
                                        organizer=is_organizer(interaction, row), order=ranking or None)
        lang = user_lang(interaction)
        await interaction.followup.send(t("leagues.settle.done", lang) + "\n" + result_line(res, None, lang),
                                        ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
        await self._post_in_game(game, t("leagues.settle.public", league_lang(row), user=interaction.user.mention,
                                         reason=reason) + "\n" + result_line(res, None, league_lang(row)),
                                 ping=res.members)

    @app_commands.command(name=L("rebuild", "league.rebuild.name"),
                          description=L("Recompute all ratings from the results (organizers)", "league.rebuild.desc"))
    @app_commands.rename(league=L("league", "league.opt.league"))
    @app_commands.describe(league=LEAGUE_DESC)
    async def rebuild(self, interaction: discord.Interaction[Any], league: LeagueName) -> None:
        row = await self.find(interaction, league)
        if not is_organizer(interaction, row):
            raise LE.NotOrganizer(name=row.name)
        await interaction.response.defer(ephemeral=True, thinking=True)
        before = await self.leagues.ratings(row.league_id)
        after = await self.leagues.rebuild(row.league_id)
        changed = sum(1 for u, r in after.items() if before.get(u) != r) + len(before.keys() - after.keys())
        await interaction.followup.send(t("leagues.rebuild.done", user_lang(interaction), count=len(after),
                                          changed=changed), ephemeral=True)

    @app_commands.command(name=L("roles", "league.roles.name"),
                          description=L("Give a role to the top of the standings (organizers)", "league.roles.desc"))
    @app_commands.rename(league=L("league", "league.opt.league"), role=L("role", "league.opt.role"),
                         top=L("top", "league.opt.top"))
    @app_commands.describe(league=LEAGUE_DESC, role=L("The role the bot keeps up to date", "league.opt.role.desc"),
                           top=L("Members from 1st to this place get it (0 removes it)", "league.opt.top.desc"))
    async def roles(self, interaction: discord.Interaction[Any], league: LeagueName, role: discord.Role,
                    top: app_commands.Range[int, 0, 1000]) -> None:
        row = await self.find(interaction, league)
        bands = await self.leagues.set_rank_role(row.league_id, role.id, top, interaction.user.id,
                                                 organizer=is_organizer(interaction, row))
        lang = user_lang(interaction)
        lines = [t("leagues.roles.line", lang, role=f"<@&{r}>", top=n) for r, n in sorted(bands.items(),
                                                                                          key=lambda b: b[1])]
        await interaction.response.send_message("\n".join(lines) or t("leagues.roles.none", lang), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())
        await self.runner.sync_roles(row.league_id)

    async def _post_in_game(self, game_id: int, text: str, *, ping: Collection[int] = ()) -> None:
        table = await self.leagues.table_for_game(game_id)
        if table is not None and table.channel_id:
            await self.runner._send(table.channel_id, text, ping=ping)


class SeasonGroup(app_commands.Group):
    def __init__(self, parent: LeagueGroup) -> None:
        super().__init__(name=L("season", "league.season.name"), description=L("Seasons", "league.season.desc"))
        self.owner = parent

    @app_commands.command(name=L("end", "league.season.end.name"),
                          description=L("End the season and start the next (organizers)", "league.season.end.desc"))
    @app_commands.rename(league=L("league", "league.opt.league"), keep=L("keep", "league.opt.keep"))
    @app_commands.describe(league=LEAGUE_DESC,
                           keep=L("Share of each rating kept for the next season (0-1, default 0.5)",
                                  "league.opt.keep.desc"))
    async def end(self, interaction: discord.Interaction[Any], league: LeagueName,
                  keep: app_commands.Range[float, 0.0, 1.0] = 0.5) -> None:
        owner = self.owner
        row = await owner.find(interaction, league)
        await interaction.response.defer(ephemeral=True, thinking=True)
        final = await owner.leagues.end_season(row.league_id, interaction.user.id,
                                               organizer=is_organizer(interaction, row), keep=keep)
        await owner.runner.announce_final(final)
        await interaction.followup.send(t("leagues.season.done", user_lang(interaction), name=row.name,
                                          season=final.season + 1), ephemeral=True)


@app_commands.command(name=L("stats", "stats.name"), description=L("A player's games and rating", "stats.desc"))
@app_commands.rename(member=L("member", "opt.member"), ruleset=L("ruleset", "opt.ruleset"),
                     league=L("league", "league.opt.league"))
@app_commands.describe(member=L("Whose stats (default: yours)", "stats.opt.member.desc"),
                       ruleset=L("Only games of this ruleset (default: all)", "stats.opt.ruleset.desc"),
                       league=L("League for the rating chart", "stats.opt.league.desc"))
@app_commands.choices(ruleset=RULESETS)
async def stats(interaction: discord.Interaction[Any], member: discord.Member | None = None,
                ruleset: str | None = None, league: LeagueName | None = None) -> None:
    bot: BotContext = interaction.client
    runner = bot_runner(bot)
    lang = user_lang(interaction)
    user_id = member.id if member is not None else interaction.user.id
    # every refusal before the public defer: Discord shows the first followup after it to everyone
    row: LeagueRow | None = None
    if league is not None:
        row = await runner.leagues.find(interaction.guild_id or 0, league)
    else:
        mine = await runner.leagues.leagues_of(interaction.guild_id or 0, user_id)
        row = mine[0] if mine else None
    rules = engine.find_ruleset(ruleset).name if ruleset else None
    await interaction.response.defer(thinking=True)
    got = await runner.leagues.user_stats(user_id, ruleset=rules, league_id=row.league_id if row else None)
    who = member.display_name if member is not None else name_of(bot, user_id, interaction.guild)
    rate = round(100 * got.wins / got.games) if got.games else 0
    hours = round(got.average_length.total_seconds() / 3600, 1) if got.average_length else 0
    lines = [
        t("leagues.stats.title", lang, name=who),
        t("leagues.stats.games", lang, count=got.games, wins=got.wins, rate=rate),
        t("leagues.stats.scores", lang, average=round(got.average_score, 1), hours=hours),
        t("leagues.stats.nobles", lang, count=got.nobles,
          favourite=t(f"leagues.bonus.{got.favourite}", lang) if got.favourite else "—"),
    ]
    record = (await bot.service.reliability([user_id]))[user_id]  # issue 33: every server, the last 90 days
    lines.append(t("leagues.stats.reliability", lang, finished=record.finished, timed_out=record.timed_out,
                   abandoned=record.abandoned))
    accuracy, reviewed = await bot.service.rated_accuracy(user_id)  # issue 32: over their reviewed rated games
    lines.append(t("review.stats.accuracy", lang, accuracy=round(accuracy), count=reviewed) if accuracy is not None
                 else t("review.stats.none", lang))
    if row is not None and got.rating is not None:
        lines.append(t("leagues.stats.rating", lang, league=row.name,
                       rating=f"{got.rating}{'?' if got.provisional else ''}"))
    files = []
    if row is not None:
        title = t("leagues.img.chart_title", lang, name=who)
        data = await asyncio.to_thread(render_rating_chart, got.rating_points, title=title, subtitle=row.name,
                                       lang=lang)
        ratings = [r for _, r in got.rating_points]
        alt = t("leagues.img.chart_alt", lang, title=title, league=row.name, count=len(ratings),
                first=ratings[0] if ratings else 1000, last=ratings[-1] if ratings else 1000,
                high=max(ratings, default=1000), low=min(ratings, default=1000))
        files.append(board.image(data, "rating.png", alt))
    await interaction.followup.send("\n".join(lines), files=files, allowed_mentions=discord.AllowedMentions.none())


def bot_runner(bot: BotContext) -> LeagueRunner:
    """The league runner of ``bot`` (added as a cog by :func:`setup`)."""
    if isinstance(bot, (commands.Bot, commands.AutoShardedBot)):  # the bot is auto-sharded
        cog = bot.get_cog("Leagues")
        if isinstance(cog, LeagueRunner):
            return cog
    raise LE.LeagueError()


async def setup(bot: BotContext, tree: app_commands.CommandTree[discord.Client]) -> LeagueRunner:
    """Add ``/league`` to ``tree`` (``/player stats`` is added by bot.exts) and start the league loop with the
    bot."""
    service = bot.service
    leagues = LeagueService(service.store, service, service.clock)
    runner = LeagueRunner(bot, leagues, float(getattr(bot, "background_interval", 30.0)))
    group = LeagueGroup(bot, leagues, runner)
    season = group.get_command("season")
    commands_with_league: list[object] = [stats, *(group.get_command(name) for name in (
        "info", "join", "leave", "queue", "unqueue", "standings", "web", "history", "export", "void", "settle",
        "rebuild", "roles")), season.get_command("end") if isinstance(season, app_commands.Group) else None]
    for command in commands_with_league:
        if isinstance(command, app_commands.Command):
            command.autocomplete("league")(group.league_names)
    tree.add_command(group)
    if isinstance(bot, (commands.Bot, commands.AutoShardedBot)):  # the bot is auto-sharded
        await bot.add_cog(runner)
    return runner


__all__ = ["LeagueGroup", "LeagueRunner", "bot_runner", "setup", "stats"]
