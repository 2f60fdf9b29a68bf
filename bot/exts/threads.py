"""``/splendor move``: the host (or a server manager) moves a game whose thread was locked, closed to the bot or
deleted to a new thread in the channel where the command is used (issue 34).  The current table (or the lobby)
is posted there and the game's clock runs again."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord
from discord import app_commands

from bot.errors import user_lang
from bot.exts._common import bot_of, parent_text_channel
from bot.i18n import t
from bot.service import GameFinished, GameNotFound, NotAllowed, Outcome
from bot.service.bots import is_bot
from bot.service.errors import ThreadWorks
from bot.translator import L
from bot.ui import board, composer
from bot.ui.threads import LONGEST_AUTO_ARCHIVE

log = logging.getLogger(__name__)


@app_commands.command(name=L("move", "move.name"),
                      description=L("Move a game whose thread was locked or deleted to a new thread here (host)",
                                    "move.desc"))
@app_commands.rename(game=L("game", "opt.game"))
@app_commands.describe(game=L("The game's number (#) from the message the bot sent you", "opt.game.desc"))
async def move_command(interaction: discord.Interaction[Any], game: app_commands.Range[int, 1]) -> None:
    bot = bot_of(interaction)
    mine = user_lang(interaction)
    channel = parent_text_channel(interaction)
    if channel is None:
        await interaction.response.send_message(t("bot.move.bad_channel", mine), ephemeral=True)
        return
    info = await bot.service.game(game)
    if info.guild_id != interaction.guild_id:  # another server's game: as if it did not exist
        raise GameNotFound(game_id=game)
    if info.status not in ("lobby", "active"):
        raise GameFinished(game_id=game)
    manager = composer.is_manager(interaction)
    if interaction.user.id != info.creator_id and not manager:
        raise NotAllowed(action="move")
    if info.thread_state is None:
        raise ThreadWorks(game_id=game, thread=f"<#{info.channel_id}>")
    await interaction.response.defer(ephemeral=True, thinking=True)
    lang = board.game_lang(bot, info)
    thread = await channel.create_thread(name=t("bot.move.thread", lang, game_id=game)[:100],
                                         type=discord.ChannelType.public_thread,
                                         auto_archive_duration=LONGEST_AUTO_ARCHIVE)
    try:
        moved = await bot.service.move_game(game, interaction.user.id, thread.id, is_manager=manager)
    except Exception:
        with contextlib.suppress(discord.HTTPException):
            await thread.delete()
        raise
    for player in moved.players:
        if not is_bot(player.user_id):
            with contextlib.suppress(discord.HTTPException):
                await thread.add_user(discord.Object(player.user_id))
    note = t("bot.move.note", lang, game_id=game)
    state = await bot.service.state(game)
    if state is None:
        await thread.send(note + "\n" + composer.lobby_text(bot, moved, lang), view=composer.lobby_view(moved, lang),
                          allowed_mentions=discord.AllowedMentions.none())
    else:
        await board.publish(bot, Outcome(moved, state), lang, note=note)
    log.info("game %s moved to thread %s by %s", game, thread.id, interaction.user.id)
    await interaction.followup.send(t("bot.move.done", mine, game_id=game, thread=thread.mention), ephemeral=True)


def add_to(group: app_commands.Group) -> None:
    group.add_command(move_command)


__all__ = ["add_to", "move_command"]
