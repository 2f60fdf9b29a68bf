"""Slash commands: ``/splendor ...`` (games.py, settings.py, threads.py, social.py, defaults.py, plans.py, review.py),
the turn actions (play.py), ``/league`` and ``/stats`` (leagues.py)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.exts import defaults, games, leagues, plans, play, review, settings, social, threads
from bot.ui.context import BotContext


async def setup_all(bot: BotContext, tree: app_commands.CommandTree[discord.Client]) -> None:
    group = games.SplendorGroup(bot)
    settings.add_to(group, bot)
    threads.add_to(group)
    social.add_to(group, bot)
    defaults.add_to(group, bot)
    plans.add_to(group)
    review.add_to(group, bot)
    tree.add_command(group)
    play.add_to(tree)
    await leagues.setup(bot, tree)


__all__ = ["setup_all"]
