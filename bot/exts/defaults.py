"""``/server defaults``: a server's defaults for ``/splendor new`` (issue 33), for members with Manage Server.

Ruleset, turn timer, language of the game posts, what happens on timeout, and the one channel games may be created
in.  An option left out keeps its saved value; ``reset`` clears them all first (the bot's own defaults apply again).
Every answer is private.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord
from discord import app_commands

from bot.bank_text import clock_label
from bot.errors import user_lang
from bot.exts._common import bot_of
from bot.exts.games import SETTING_CHOICES, SETTING_HELP, SETTING_NAMES
from bot.i18n import t
from bot.limits import CONTENT_MAX
from bot.store import GuildDefaults
from bot.text import ruleset_label
from bot.translator import L
from bot.ui.context import BotContext


def defaults_text(d: GuildDefaults, lang: str) -> str:
    """The server's defaults as a member reads them (an unset one: the bot's own)."""
    unset = t("bot.defaults.unset", lang)
    timer = clock_label(d.turn_timer, lang) if d.turn_timer is not None and d.turn_timer.startswith("bank:") else (
        d.turn_timer if d.turn_timer not in (None, "none") else (unset if d.turn_timer is None
                                                                else t("bot.timer.none", lang)))
    return t("bot.defaults.current", lang,
             ruleset=ruleset_label(d.ruleset, lang) if d.ruleset else unset, timer=timer,
             language=t(f"bot.lang.{d.lang}", lang) if d.lang else unset,
             on_timeout=t(f"bot.cmd.on_timeout.{d.timeout_policy}", lang) if d.timeout_policy else unset,
             channel=f"<#{d.channel_id}>" if d.channel_id else t("bot.defaults.any_channel", lang))


@app_commands.command(name=L("defaults", "defaults.name"),
                      description=L("This server's defaults for new games (Manage Server)", "defaults.desc"))
@app_commands.rename(channel=L("channel", "opt.games_channel"), any_channel=L("any_channel", "opt.any_channel"),
                     reset=L("reset", "opt.reset"), **SETTING_NAMES)
@app_commands.describe(channel=L("The only channel games may be created in", "opt.games_channel.desc"),
                       any_channel=L("Games may be created in any channel again", "opt.any_channel.desc"),
                       reset=L("Clear this server's defaults first", "opt.reset.desc"), **SETTING_HELP)
@app_commands.choices(**SETTING_CHOICES)
async def defaults_command(interaction: discord.Interaction[Any], ruleset: str | None = None,
                           turn_timer: str | None = None, language: str | None = None, on_timeout: str | None = None,
                           channel: discord.TextChannel | None = None, any_channel: bool = False,
                           reset: bool = False) -> None:
    lang = user_lang(interaction)
    perms = interaction.permissions
    if interaction.guild_id is None or not (perms.manage_guild or perms.administrator):
        await interaction.response.send_message(t("bot.defaults.not_allowed", lang), ephemeral=True)
        return
    service = bot_of(interaction).service
    current = GuildDefaults(interaction.guild_id) if reset else await service.server_defaults(interaction.guild_id)
    changes: dict[str, Any] = {}
    if ruleset is not None:
        changes["ruleset"] = ruleset
    if turn_timer is not None:
        changes["turn_timer"] = turn_timer
    if language is not None:  # "Discord's language": each creator's own again
        changes["lang"] = None if language == "auto" else language
    if on_timeout is not None:
        changes["timeout_policy"] = on_timeout
    if channel is not None or any_channel:
        changes["channel_id"] = None if any_channel else channel.id if channel is not None else None
    if changes or reset:
        current = await service.set_server_defaults(replace(current, **changes))
    await interaction.response.send_message(defaults_text(current, lang)[:CONTENT_MAX], ephemeral=True,
                                            allowed_mentions=discord.AllowedMentions.none())


def add_to(group: app_commands.Group, bot: BotContext) -> None:
    group.add_command(defaults_command)


__all__ = ["add_to", "defaults_command", "defaults_text"]
