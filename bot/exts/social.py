"""``/player block | unblock | blocks``: players a user does not want to play with (issue 33).

Blocks are private: every answer is ephemeral, and the blocked player is never told (a lobby they may not join says
only "this lobby is not open to you").  The ladder queue never seats a blocked pair together.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.errors import user_lang
from bot.exts._common import bot_of
from bot.i18n import t
from bot.limits import CONTENT_MAX
from bot.service import CannotBlock
from bot.translator import L
from bot.ui.context import BotContext


def _list_text(blocked: list[int], lang: str) -> str:
    if not blocked:
        return t("bot.block.none", lang)
    return t("bot.block.list", lang, count=len(blocked), users=", ".join(f"<@{u}>" for u in blocked))


async def _reply(interaction: discord.Interaction[Any], text: str) -> None:
    await interaction.response.send_message(text[:CONTENT_MAX], ephemeral=True,
                                            allowed_mentions=discord.AllowedMentions.none())


async def _change(interaction: discord.Interaction[Any], member: discord.Member, *, block: bool) -> None:
    lang = user_lang(interaction)
    service = bot_of(interaction).service
    if block and (member.bot or member.id == getattr(interaction.client.user, "id", None)):
        raise CannotBlock()  # the bot's own account (its computer players) or another bot: nobody to play with
    blocked = await (service.block if block else service.unblock)(interaction.user.id, member.id)
    said = t("bot.block.done" if block else "bot.block.lifted", lang, user=member.mention)
    await _reply(interaction, said + "\n" + _list_text(blocked, lang))


@app_commands.command(name=L("block", "block.name"),
                      description=L("Never be seated with this player (only you know)", "block.desc"))
@app_commands.rename(member=L("member", "opt.member"))
@app_commands.describe(member=L("The player to block", "opt.block_member.desc"))
async def block_command(interaction: discord.Interaction[Any], member: discord.Member) -> None:
    await _change(interaction, member, block=True)


@app_commands.command(name=L("unblock", "unblock.name"), description=L("Lift a block", "unblock.desc"))
@app_commands.rename(member=L("member", "opt.member"))
@app_commands.describe(member=L("The player to unblock", "opt.unblock_member.desc"))
async def unblock_command(interaction: discord.Interaction[Any], member: discord.Member) -> None:
    await _change(interaction, member, block=False)


@app_commands.command(name=L("blocks", "blocks.name"), description=L("The players you block", "blocks.desc"))
async def blocks_command(interaction: discord.Interaction[Any]) -> None:
    blocked = await bot_of(interaction).service.blocked(interaction.user.id)
    await _reply(interaction, _list_text(blocked, user_lang(interaction)))


def add_to(group: app_commands.Group, bot: BotContext) -> None:
    group.add_command(block_command)
    group.add_command(unblock_command)
    group.add_command(blocks_command)


__all__ = ["add_to", "block_command", "blocks_command", "unblock_command"]
