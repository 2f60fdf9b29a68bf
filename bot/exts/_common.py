"""Helpers shared by the command modules."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import t
from bot.logs import log_context
from bot.service import GameInfo, NoGameHere
from bot.ui.context import BotContext


def in_servers() -> app_commands.AppCommandContext:
    """Where the bot's commands may be used: in a server's channels and threads (``contexts`` of a top-level
    command; Discord's ``dm_permission`` is deprecated and left out of the payload, bot.client.SplendorTree)."""
    return app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False)


#: The Discord locale whose command names a language's users see (bot.translator.LOCALES: es-ES and es-419 agree).
NAMES_LOCALE = {"es": "es-ES", "pt": "pt-BR"}
#: Option types of a subcommand and of a subcommand group.
SUBCOMMAND, SUBCOMMAND_GROUP = 1, 2


async def command_payload(tree: app_commands.CommandTree[Any],
                          command: app_commands.Command[Any, ..., Any] | app_commands.Group | app_commands.ContextMenu
                          ) -> dict[str, Any]:
    """One command as discord.py serializes it for Discord, localized by the tree's translator."""
    translator = tree.translator
    return await command.get_translated_payload(tree, translator) if translator else command.to_dict(tree)


def _named(item: dict[str, Any], locale: str | None) -> str:
    return str((item.get("name_localizations") or {}).get(locale) or item["name"]) if locale else str(item["name"])


async def command_list(tree: app_commands.CommandTree[Any], lang: str) -> str:
    """Every slash command of ``tree`` as a user speaking ``lang`` sees it in Discord (localized names): the turn
    actions on one line, then each group with its description and its subcommands.  Built from the tree itself,
    so the in-Discord help lists what is registered."""
    locale = NAMES_LOCALE.get(lang)
    actions: list[str] = []
    groups: list[str] = []
    for command in tree.get_commands(type=discord.AppCommandType.chat_input):
        data = await command_payload(tree, command)
        name = _named(data, locale)
        subs: list[str] = []
        for option in data.get("options") or []:
            if option.get("type") == SUBCOMMAND:
                subs.append(_named(option, locale))
            elif option.get("type") == SUBCOMMAND_GROUP:
                subs.extend(f"{_named(option, locale)} {_named(o, locale)}" for o in option.get("options") or [])
        if not subs:
            actions.append(f"`/{name}`")
            continue
        about = (data.get("description_localizations") or {}).get(locale) or data["description"]
        groups.append(f"`/{name}` — {about}: " + ", ".join(subs))
    return "\n".join([t("bot.help.commands", lang), t("bot.help.turn", lang, commands=" ".join(actions)), *groups])


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
