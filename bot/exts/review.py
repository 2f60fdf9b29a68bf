"""``/player review``: where a finished game was won or lost (issue 32).

Any player or spectator of the game's thread may ask.  The answer is private and in the asker's language: a
review is read by one person at a time (as on Lichess), each of four players asking would otherwise post the same
long text four times in the thread, and the thread already has the graph (posted once, in the game's language).
A game not finished is refused privately (its review would tell what the other players hold back); a review not
made yet says in about how long it will be.  Moves are named as the asker saw them (a spectator: as the table did),
so a card that stayed hidden from them (a blind reserve never bought) stays hidden.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.errors import user_lang
from bot.exts._common import bot_of, game_here
from bot.translator import L
from bot.ui.context import BotContext
from bot.ui.review import review_reply


@app_commands.command(name=L("review", "review.name"),
                      description=L("Where this finished game was won or lost: each player's biggest swings and "
                                    "accuracy", "review.desc"))
async def review_command(interaction: discord.Interaction[Any]) -> None:
    game = await game_here(interaction)
    bot = bot_of(interaction)
    lang = user_lang(interaction)
    answer = await bot.service.game_review(game.game_id)  # a game not over: refused privately
    await interaction.response.defer(ephemeral=True, thinking=True)
    text, embeds, files = await review_reply(bot, answer, lang, game.seat_of(interaction.user.id))
    await interaction.followup.send(text, embeds=embeds, files=files, ephemeral=True,
                                    allowed_mentions=discord.AllowedMentions.none())


def add_to(group: app_commands.Group, bot: BotContext) -> None:
    group.add_command(review_command)


__all__ = ["add_to", "review_command"]
