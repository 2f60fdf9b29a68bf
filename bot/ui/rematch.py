"""Rematch (issue 33): the Rematch button under a final board and ``/splendor rematch`` in a finished game's thread.

A new thread beside the old one holds the rematch's lobby: the same players and settings, the seats rotated
(:meth:`bot.service.GameService.rematch`). The rematch is claimed first, in the old game's thread, and only the
request that claimed it creates the new thread and moves the lobby there: three quick clicks make one thread. Its
lobby post pings the players it waits for, so each sees it and joins the thread; each accepts with Join, and the
game starts when the last one has. The old thread gets a link. Asked twice (two players at once, a button clicked
again), the one open rematch is shown privately.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.errors import answer, user_lang
from bot.i18n import t
from bot.service import GameInfo
from bot.service.bots import is_bot
from bot.ui import board
from bot.ui.composer import lobby_content, lobby_view, start_if_ready
from bot.ui.context import BotContext
from bot.ui.threads import LONGEST_AUTO_ARCHIVE, ThreadUnavailable, thread_send

log = logging.getLogger(__name__)


async def _already_open(interaction: discord.Interaction[Any], game: GameInfo) -> None:
    lang = user_lang(interaction)
    # still in the old thread, where it was claimed: another click is creating its thread right now
    text = t("bot.rematch.opening", lang, game_id=game.game_id) if game.channel_id == interaction.channel_id else \
        t("bot.rematch.exists", lang, game_id=game.game_id, thread=f"<#{game.channel_id}>")
    await answer(interaction, text, allowed_mentions=discord.AllowedMentions.none())


async def open_rematch(bot: BotContext, interaction: discord.Interaction[Any], game_id: int) -> None:
    """Open the rematch of finished game ``game_id`` for the user (refusals private: ``NotOver``, ``NotSeated``)."""
    interaction.extras["game_id"] = game_id
    mine = user_lang(interaction)
    existing = await bot.service.rematch_open(game_id, interaction.user.id)
    if existing is not None:
        await _already_open(interaction, existing)
        return
    old_thread = interaction.channel  # the finished game's thread: the rematch opens beside it
    channel = old_thread.parent if isinstance(old_thread, discord.Thread) else None
    if not isinstance(old_thread, discord.Thread) or not isinstance(channel, discord.TextChannel):
        await answer(interaction, t("bot.new.bad_channel", mine))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    old = await bot.service.game(game_id)
    lang = board.game_lang(bot, old)  # the old game's language: the rematch keeps it
    # claimed in the old thread first (one rematch per game): only the request that opened it creates a thread
    claimed, opened = await bot.service.rematch(game_id, interaction.user.id, channel_id=old_thread.id,
                                                request_id=f"i{interaction.id}")
    if not opened:  # another request opened it meanwhile
        await _already_open(interaction, claimed)
        return
    name = t("bot.rematch.thread", lang, game_id=game_id, ruleset=board.ruleset_label(old.ruleset, lang))[:100]
    thread: discord.Thread = old_thread
    try:
        thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread,
                                             auto_archive_duration=LONGEST_AUTO_ARCHIVE)
    except discord.HTTPException as exc:  # no new thread (limits, permissions): the rematch stays where it was claimed
        log.info("game %s: no thread for its rematch (%s); its lobby opens in the old thread", game_id, exc)
    game = claimed if thread.id == old_thread.id else await bot.service.move_lobby(claimed.game_id, thread.id)
    await thread.add_user(interaction.user)
    outcome = await start_if_ready(bot, game)  # only computers to wait for: it starts at once
    shown = game if outcome is None else outcome.game
    # the players it waits for are pinged (and so see the thread); nobody else
    invited = [discord.Object(u) for u in game.waiting_for if not is_bot(u)]
    await thread.send(await lobby_content(bot, shown, lang), view=lobby_view(shown, lang),
                      allowed_mentions=discord.AllowedMentions(users=invited, roles=False, everyone=False))
    if outcome is not None:
        await board.publish(bot, outcome)
    link = t("bot.rematch.opened", lang, old=game_id, game_id=game.game_id, thread=thread.mention)
    try:  # the old thread may be archived, locked or gone by now (bot.ui.threads): the link there is a courtesy
        if thread.id != old.channel_id:
            await thread_send(bot, old.channel_id, link, allowed_mentions=discord.AllowedMentions.none())
    except (ThreadUnavailable, discord.HTTPException):
        log.info("game %s: could not link its rematch in its thread", game_id)
    await interaction.followup.send(t("bot.rematch.opened", mine, old=game_id, game_id=game.game_id,
                                      thread=thread.mention), ephemeral=True,
                                    allowed_mentions=discord.AllowedMentions.none())


__all__ = ["open_rematch"]
