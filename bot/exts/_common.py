"""Helpers shared by the command modules."""

from __future__ import annotations

from typing import Any

import discord

from bot.logs import log_context
from bot.service import GameInfo, NoGameHere
from bot.ui.context import BotContext


def bot_of(interaction: discord.Interaction[Any]) -> BotContext:
    return interaction.client  # type: ignore[no-any-return]


async def game_here(interaction: discord.Interaction[Any]) -> GameInfo:
    """The lobby or game of the channel (thread) the command was used in."""
    bot = bot_of(interaction)
    if interaction.channel_id is None:
        raise NoGameHere()
    game = await bot.service.game_for_channel(interaction.channel_id)
    if game is None:
        raise NoGameHere()
    interaction.extras["game_id"] = game.game_id
    log_context(game=game.game_id)  # on this interaction's log lines (bot.logs)
    interaction.extras["seat"] = game.seat_of(interaction.user.id)
    return game


def parent_text_channel(interaction: discord.Interaction[Any]) -> discord.TextChannel | None:
    """The text channel of the command (a thread's parent), where new game threads open; None elsewhere."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        channel = channel.parent
    return channel if isinstance(channel, discord.TextChannel) else None
