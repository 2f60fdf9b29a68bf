"""``/splendor new | join | leave | addbot | removebot | hint | start | abort | kick | resign | rematch | undo | status
| table | hand | log | rules`` (with ``move`` and ``plan``: a game's life; bot.exts)."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

import engine
from bot.computer_text import hint_text, mention
from bot.errors import user_lang
from bot.exts._common import command_list, game_here, in_servers, parent_text_channel
from bot.exts.settings import LANGUAGES
from bot.i18n import LANGS, t
from bot.service import AlreadySeated, GameInfo, NotAllowed, NotSeated, NotStarted, parse_clock
from bot.service.bots import bot_number
from bot.service.types import from_plan
from bot.text import log_lines, player_name
from bot.translator import L
from bot.ui import board, composer
from bot.ui.context import BotContext
from bot.ui.rematch import open_rematch
from bot.ui.threads import ThreadUnavailable, resolve
from bot.web import links as web_links
from bot.web.links import web_url

log = logging.getLogger(__name__)

RULESETS = [
    app_commands.Choice(name=L("Splendor", "ruleset.base"), value="base"),
    app_commands.Choice(name=L("Splendor + Cities of the Orient", "ruleset.orient"), value="orient"),
    app_commands.Choice(name=L("Splendor + Strongholds", "ruleset.strongholds"), value="strongholds"),
    app_commands.Choice(name=L("Splendor + Orient + Strongholds", "ruleset.orient_strongholds"),
                        value="orient+strongholds"),
    app_commands.Choice(name=L("Spectacle (poker deck)", "ruleset.spectacle"), value="spectacle"),
]
LEVELS = [
    app_commands.Choice(name=L("Random (any legal move)", "level.random"), value="random"),
    app_commands.Choice(name=L("Easy", "level.easy"), value="easy"),
    app_commands.Choice(name=L("Medium", "level.medium"), value="medium"),
    app_commands.Choice(name=L("Hard", "level.hard"), value="hard"),
]
ON_TIMEOUT = [
    app_commands.Choice(name=L("Play the minimal move", "on_timeout.skip"), value="skip"),
    app_commands.Choice(name=L("A computer player (medium) plays the turn", "on_timeout.ai"), value="ai"),
]
TIMERS = [
    app_commands.Choice(name=L("No timer", "timer.none"), value="none"),
    app_commands.Choice(name=L("12 hours", "timer.12h"), value="12h"),
    app_commands.Choice(name=L("24 hours", "timer.24h"), value="24h"),
    app_commands.Choice(name=L("72 hours", "timer.72h"), value="72h"),
    # a time bank per player (issue 33): an initial bank, plus time after each turn, capped at the initial bank
    app_commands.Choice(name=L("Time bank: 1 day, +12 hours per turn", "timer.bank_1d_12h"), value="bank:1d+12h"),
    app_commands.Choice(name=L("Time bank: 3 days, +1 day per turn", "timer.bank_3d_1d"), value="bank:3d+1d"),
    app_commands.Choice(name=L("Time bank: 7 days, +1 day per turn", "timer.bank_7d_1d"), value="bank:7d+1d"),
]


#: The options of ``/splendor new`` a server may set defaults for (``/server defaults``): names, help, choices.
SETTING_NAMES = {"ruleset": L("ruleset", "opt.ruleset"), "turn_timer": L("turn_timer", "opt.turn_timer"),
                 "language": L("language", "opt.game_language"), "on_timeout": L("on_timeout", "opt.on_timeout")}
SETTING_HELP = {"ruleset": L("Which game to play", "opt.ruleset.desc"),
                "turn_timer": L("Time per turn, or a time bank per player", "opt.clock.desc"),
                "language": L("Language of the game's posts (default: yours)", "opt.game_language.desc"),
                "on_timeout": L("What happens when a turn timer runs out", "opt.on_timeout.desc")}
SETTING_CHOICES = {"ruleset": RULESETS, "turn_timer": TIMERS, "language": LANGUAGES, "on_timeout": ON_TIMEOUT}


def _supported(locale: object) -> str | None:
    """``"es-ES"`` → ``"es"``; ``None`` for a language the bot does not speak."""
    prefix = str(locale or "").split("-")[0].lower()
    return prefix if prefix in LANGS else None


def game_language(interaction: discord.Interaction[Any], chosen: str | None, default: str) -> str:
    """The language of a new game's public posts: the one chosen at ``/splendor new``, else the creator's
    (their saved language, then their Discord locale), else the server's preferred locale, else ``default``."""
    saved = getattr(interaction.client, "prefs", {}).get(interaction.user.id, (None, "mention"))[0]
    for candidate in (chosen if chosen != "auto" else None, saved, interaction.locale, interaction.guild_locale):
        found = _supported(candidate)
        if found is not None:
            return found
    return default


class SplendorGroup(app_commands.Group):
    def __init__(self, bot: BotContext) -> None:
        super().__init__(name=L("splendor", "splendor.name"), description=L("Play Splendor", "splendor.desc"),
                         allowed_contexts=in_servers())
        self.bot = bot

    # ------------------------------------------------------------------ lobby
    @app_commands.command(name=L("new", "new.name"), description=L("Create a game in a new thread", "new.desc"))
    @app_commands.rename(players=L("players", "opt.players"), ranked=L("ranked", "opt.ranked"),
                         target=L("target", "opt.target"), web=L("web", "opt.web"), **SETTING_NAMES)
    @app_commands.describe(players=L("Seats (2-4)", "opt.players.desc"),
                           ranked=L("Count this game in the rankings", "opt.ranked.desc"),
                           target=L("Points to win (Splendor; default 15)", "opt.target.desc"),
                           web=L("Give the game a web page with its replay (anyone with the link)", "opt.web.desc"),
                           **SETTING_HELP)
    @app_commands.choices(**SETTING_CHOICES)
    async def new(self, interaction: discord.Interaction[Any], ruleset: str | None = None,
                  players: app_commands.Range[int, 2, 4] = 4, turn_timer: str | None = None, ranked: bool = False,
                  target: app_commands.Range[int, 3, 30] | None = None, language: str | None = None,
                  on_timeout: str | None = None, web: bool = False) -> None:
        mine = user_lang(interaction)
        # what the creator left out: the server's defaults (/server defaults), else the bot's
        defaults = await self.bot.service.server_defaults(interaction.guild_id or 0)
        rules = engine.find_ruleset(ruleset or defaults.ruleset or "base")
        turn_timer = turn_timer or defaults.turn_timer or "24h"
        on_timeout = on_timeout or defaults.timeout_policy or "skip"
        parse_clock(turn_timer)
        channel = parent_text_channel(interaction)
        if channel is None:
            await interaction.response.send_message(t("bot.new.bad_channel", mine), ephemeral=True)
            return
        if defaults.channel_id is not None and channel.id != defaults.channel_id:
            await interaction.response.send_message(
                t("bot.new.wrong_channel", mine, channel=f"<#{defaults.channel_id}>"), ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none())
            return
        lang = game_language(interaction, language if language is not None else defaults.lang, self.bot.default_lang)
        # private until the game exists: a refusal (or a failed creation) is shown to the creator only
        await interaction.response.defer(ephemeral=True, thinking=True)
        name = t("bot.new.thread", lang, ruleset=board.ruleset_label(rules.name, lang),
                 user=interaction.user.display_name)[:100]
        thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread,
                                             auto_archive_duration=10080)
        options = {"target": target} if target is not None and "target" in rules.option_names else {}
        try:
            game = await self.bot.service.create_game(
                channel_id=thread.id, creator_id=interaction.user.id, guild_id=interaction.guild_id,
                ruleset=rules.name, players=players, options=options, turn_timer=turn_timer, ranked=ranked,
                timeout_policy="ai" if on_timeout == "ai" else "skip", request_id=f"i{interaction.id}", lang=lang,
            )
        except Exception:
            await thread.delete()
            raise
        interaction.extras["game_id"] = game.game_id
        await thread.add_user(interaction.user)
        await thread.send(await composer.lobby_content(self.bot, game, lang), view=composer.lobby_view(game, lang),
                          allowed_mentions=discord.AllowedMentions.none())
        if web:  # the creator turned the game's web page on: its unguessable link, in the thread
            async with self.bot.service.store.transaction() as tx:
                slug = await web_links.set_mode(tx, "game", game.game_id, "unlisted", self.bot.service.clock())
            await thread.send(t("web.game.link", lang, url=web_url(self.bot, f"/g/{slug}")),
                              allowed_mentions=discord.AllowedMentions.none())
        await channel.send(t("bot.new.created", lang, game_id=game.game_id, thread=thread.mention,
                             ruleset=board.ruleset_label(rules.name, lang)),
                           allowed_mentions=discord.AllowedMentions.none())
        await interaction.followup.send(t("bot.new.created", mine, game_id=game.game_id, thread=thread.mention,
                                          ruleset=board.ruleset_label(rules.name, mine)), ephemeral=True)

    @app_commands.command(name=L("join", "join.name"), description=L("Join the game of this thread", "join.desc"))
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        game = await game_here(interaction)
        if interaction.user.id in game.user_ids:
            raise AlreadySeated(game_id=game.game_id)
        game = await self.bot.service.join(game.game_id, interaction.user.id)
        lang = board.game_lang(self.bot, game)
        await interaction.response.send_message(
            t("bot.lobby.joined", lang, user=interaction.user.mention, joined=len(game.players), max=game.max_players),
            allowed_mentions=discord.AllowedMentions.none())
        if isinstance(interaction.channel, discord.Thread):
            await interaction.channel.add_user(interaction.user)
        outcome = await composer.start_if_ready(self.bot, game)  # a rematch everyone accepted
        await self._refresh_lobby(interaction, game if outcome is None else outcome.game)
        if outcome is not None:
            await board.publish(self.bot, outcome)

    @app_commands.command(name=L("leave", "leave.name"), description=L("Leave the lobby of this thread", "leave.desc"))
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        game = await game_here(interaction)
        game = await self.bot.service.leave(game.game_id, interaction.user.id)
        lang = board.game_lang(self.bot, game)
        await interaction.response.send_message(
            t("bot.lobby.left", lang, user=interaction.user.mention, joined=len(game.players), max=game.max_players),
            allowed_mentions=discord.AllowedMentions.none())
        await self._refresh_lobby(interaction, game)

    async def _refresh_lobby(self, interaction: discord.Interaction[Any], game: GameInfo) -> None:
        """The lobby post (the thread's first, with Join / Leave / Start) as the buttons leave it: who sits, and
        the buttons only while the lobby is open.  ``/splendor join | leave | kick | start`` call this after
        answering (and ``addbot | removebot``); a lobby post that cannot be found or edited is only logged."""
        try:  # the game's thread, fetched when uncached or archived (bot.ui.threads)
            channel = await resolve(self.bot, game.channel_id)
        except (ThreadUnavailable, discord.HTTPException):
            log.info("game %s: its thread cannot be read for the lobby post", game.game_id)
            return
        if not isinstance(channel, discord.Thread):
            return
        join = f"spl:{game.game_id}:"
        lang = board.game_lang(self.bot, game)
        try:
            async for message in channel.history(limit=3, oldest_first=True):
                ids = [getattr(item, "custom_id", None) or "" for row in message.components
                       if isinstance(row, discord.ActionRow) for item in row.children]
                if any(i.startswith(join) and i.endswith(":join") for i in ids):
                    await message.edit(content=await composer.lobby_content(self.bot, game, lang),
                                       view=composer.lobby_view(game, lang) if game.status == "lobby" else None,
                                       allowed_mentions=discord.AllowedMentions.none())
                    return
        except discord.HTTPException:
            log.info("game %s: could not update the lobby post", game.game_id)

    @app_commands.command(name=L("addbot", "addbot.name"),
                          description=L("Seat a computer player in this lobby (host)", "addbot.desc"))
    @app_commands.rename(level=L("level", "opt.level"))
    @app_commands.describe(level=L("How strong the computer plays", "opt.level.desc"))
    @app_commands.choices(level=LEVELS)
    async def addbot(self, interaction: discord.Interaction[Any], level: str = "medium") -> None:
        game = await game_here(interaction)
        game = await self.bot.service.add_bot(game.game_id, interaction.user.id, level,
                                              is_manager=composer.is_manager(interaction))
        lang = board.game_lang(self.bot, game)  # a public post: the game's language
        newest = max((p for p in game.players if p.is_bot), key=lambda p: bot_number(p.user_id))
        await interaction.response.send_message(
            t("computer.added", lang, name=mention(newest.user_id, lang), joined=len(game.players),
              max=game.max_players),
            allowed_mentions=discord.AllowedMentions.none())
        await self._refresh_lobby(interaction, game)

    @app_commands.command(name=L("removebot", "removebot.name"),
                          description=L("Take the last computer player out of this lobby (host)", "removebot.desc"))
    async def removebot(self, interaction: discord.Interaction[Any]) -> None:
        game = await game_here(interaction)
        before = {p.user_id for p in game.players}
        game = await self.bot.service.remove_bot(game.game_id, interaction.user.id,
                                                 is_manager=composer.is_manager(interaction))
        lang = board.game_lang(self.bot, game)
        gone = next(iter(before - set(game.user_ids)), 0)
        await interaction.response.send_message(
            t("computer.removed", lang, name=mention(gone, lang), joined=len(game.players), max=game.max_players),
            allowed_mentions=discord.AllowedMentions.none())
        await self._refresh_lobby(interaction, game)

    @app_commands.command(name=L("hint", "hint.name"),
                          description=L("Suggest a move for your turn (only you see it; unranked games)",
                                        "hint.desc"))
    async def hint(self, interaction: discord.Interaction[Any]) -> None:
        game = await game_here(interaction)
        lang = user_lang(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        found = await self.bot.service.hint(game.game_id, interaction.user.id)
        text = hint_text(found, lang)
        await interaction.followup.send(text[:2000], ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name=L("start", "start.name"), description=L("Start the game (creator)", "start.desc"))
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        game = await game_here(interaction)
        # checked before anything is shown: a refusal stays private (bot.errors answers it ephemerally)
        outcome = await self.bot.service.start(game.game_id, interaction.user.id,
                                               is_manager=composer.is_manager(interaction))
        await interaction.response.send_message(t("bot.lobby.started_short", board.game_lang(self.bot, game),
                                                  game_id=game.game_id))
        await self._refresh_lobby(interaction, outcome.game)
        await board.publish(self.bot, outcome)

    @app_commands.command(name=L("abort", "abort.name"), description=L("Stop this game without a result", "abort.desc"))
    async def abort(self, interaction: discord.Interaction[Any]) -> None:
        game = await game_here(interaction)
        await self.bot.service.abort(game.game_id, interaction.user.id, is_manager=composer.is_manager(interaction))
        await interaction.response.send_message(
            t("bot.abort.done", board.game_lang(self.bot, game), game_id=game.game_id, user=interaction.user.mention),
            allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name=L("kick", "kick.name"),
                          description=L("Remove a player (creator or managers)", "kick.desc"))
    @app_commands.rename(member=L("member", "opt.member"))
    @app_commands.describe(member=L("The player to remove", "opt.member.desc"))
    async def kick(self, interaction: discord.Interaction[Any], member: discord.Member) -> None:
        game = await game_here(interaction)
        if interaction.user.id != game.creator_id and not composer.is_manager(interaction):
            raise NotAllowed(action="kick")
        if member.id not in game.user_ids:
            raise NotSeated(game_id=game.game_id)
        lang = board.game_lang(self.bot, game)
        outcome = None  # the service refuses before anything public is said
        if game.status == "lobby":
            game = await self.bot.service.leave(game.game_id, member.id)
        else:
            outcome = await self.bot.service.resign(game.game_id, member.id)
        await interaction.response.send_message(t("bot.kick.done", lang, user=member.mention),
                                                allowed_mentions=discord.AllowedMentions.none())
        if outcome is not None:
            await board.publish(self.bot, outcome)
        else:
            await self._refresh_lobby(interaction, game)

    @app_commands.command(name=L("resign", "resign.name"), description=L("Give up this game", "resign.desc"))
    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        game = await game_here(interaction)
        outcome = await self.bot.service.resign(game.game_id, interaction.user.id)  # refusals stay private
        await interaction.response.send_message(
            t("bot.resign.done", board.game_lang(self.bot, game), user=interaction.user.mention),
            allowed_mentions=discord.AllowedMentions.none())
        await board.publish(self.bot, outcome)

    @app_commands.command(name=L("rematch", "rematch.name"),
                          description=L("Play this finished game again: same players and settings, seats rotated",
                                        "rematch.desc"))
    async def rematch(self, interaction: discord.Interaction[Any]) -> None:
        game = await game_here(interaction)
        await open_rematch(self.bot, interaction, game.game_id)

    @app_commands.command(name=L("undo", "undo.name"),
                          description=L("Take back your last move (before the next player acts)", "undo.desc"))
    async def undo(self, interaction: discord.Interaction[Any]) -> None:
        game = await game_here(interaction)
        await composer.undo(self.bot, interaction, game.game_id, None, edit=False)

    # ------------------------------------------------------------------ looking
    @app_commands.command(name=L("status", "status.name"), description=L("Players, scores and whose turn it is",
                                                                          "status.desc"))
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        game = await game_here(interaction)
        lang = user_lang(interaction)
        state = await self.bot.service.state(game.game_id)
        names = board.names_for(self.bot, game, lang)
        lines = [t("bot.status.header", lang, game_id=game.game_id, ruleset=board.ruleset_label(game.ruleset, lang),
                   status=t(f"bot.status.{game.status}", lang))]
        if game.thread_state is not None:  # the bot cannot post here (issue 34): say why and what to do
            lines.append(t("bot.status.paused", lang, game_id=game.game_id))
        if state is None:
            lines.append(await composer.lobby_content(self.bot, game, lang))
        else:
            view = engine.view_for(state, None)
            for p in game.players:
                if p.seat is None:
                    continue
                score = view.seats[p.seat].score
                lines.append(t("bot.status.seat", lang, n=p.seat + 1, user=mention(p.user_id, lang), score=score,
                               status=t(f"bot.seat.{p.status}", lang)))
            lines.append(board.status_line(self.bot, game, state, names, lang))
        await interaction.response.send_message("\n".join(x for x in lines if x)[:2000], ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name=L("table", "table.name"), description=L("Show the table", "table.desc"))
    async def table(self, interaction: discord.Interaction[Any]) -> None:
        game = await game_here(interaction)
        state = await self.bot.service.state(game.game_id)
        if state is None:
            raise NotStarted(game_id=game.game_id)
        lang = user_lang(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        seat = game.seat_of(interaction.user.id)  # a spectator (None) gets the spectator view
        seen, names = engine.view_for(state, seat), board.names_for(self.bot, game)
        data = await board.png(seen, names, lang)
        await interaction.followup.send(board.status_line(self.bot, game, state, names, lang)
                                        or t("bot.board.title", lang, game_id=game.game_id),
                                        file=board.image(data, "table.png", board.table_alt(seen, names, lang)),
                                        ephemeral=True,
                                        allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name=L("hand", "hand.name"), description=L("Your cards and tokens (only you see it)",
                                                                      "hand.desc"))
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        game = await game_here(interaction)
        await composer.show_hand(self.bot, interaction, game.game_id)

    @app_commands.command(name=L("log", "log.name"), description=L("The latest moves", "log.desc"))
    async def log(self, interaction: discord.Interaction[Any]) -> None:
        game = await game_here(interaction)
        state = await self.bot.service.state(game.game_id)
        if state is None:
            raise NotStarted(game_id=game.game_id)
        lang = user_lang(interaction)
        seat = game.seat_of(interaction.user.id)
        names = board.names_for(self.bot, game, lang)
        hints = [t("computer.hint.logged", lang, who=player_name(names, h.seat, lang), n=h.version + 1)
                 for h in await self.bot.service.hints(game.game_id)]
        planned = [t("plans.logged", lang, who=player_name(names, a.seat, lang), n=a.seq)
                   for a in await self.bot.service.actions(game.game_id) if from_plan(a.request_id)]
        lines = log_lines(state, seat, names, lang, last=60)[-20:] + hints[-5:] + planned[-5:]
        text = "\n".join(lines) or t("bot.log.empty", lang)
        await interaction.response.send_message(text[-2000:], ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name=L("rules", "rules.name"), description=L("How to play, and every command", "rules.desc"))
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        lang = user_lang(interaction)
        game = await self.bot.service.game_for_channel(interaction.channel_id or 0)
        rules = engine.find_ruleset(game.ruleset if game is not None else "base")
        parts = [t(f"bot.rules.{rules.game}", lang), *(t(f"bot.rules.{m}", lang) for m in rules.modules),
                 await command_list(interaction.client.tree, lang)]  # the in-Discord help: every command
        await interaction.response.send_message("\n\n".join(parts)[:2000], ephemeral=True)


__all__ = ["SplendorGroup", "player_name"]
