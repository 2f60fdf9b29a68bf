"""What each game button and menu does: the dispatch from a ``GameButton`` / ``GameSelect`` to the composer.

``HANDLERS`` is installed into :mod:`bot.ui.buttons` when the bot starts.  Errors are answered here, through
``bot.errors.report_error``.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.errors import report_error
from bot.ui import composer
from bot.ui.buttons import GameButton, GameSelect, Handlers
from bot.ui.context import BotContext


async def on_button(interaction: discord.Interaction[Any], button: GameButton) -> None:
    bot: BotContext = interaction.client
    try:
        await bot.remember(interaction)
        if button.verb in ("join", "leave", "start"):
            await composer.lobby_action(bot, interaction, button.game_id, button.verb)
        elif button.verb == "hand":
            await composer.show_hand(bot, interaction, button.game_id)
        elif button.verb == "do" and button.arg:
            await composer.play(bot, interaction, button.game_id, button.version, button.arg, edit=True)
        elif button.verb == "cancel":
            await composer.cancel(interaction)
        elif button.verb == "decide":  # a decision whose options only the decider may see: a private menu
            await composer.open_composer(bot, interaction, button.game_id, button.version, "choose")
        else:
            await composer.open_composer(bot, interaction, button.game_id, button.version, button.verb)
    except Exception as error:
        await report_error(interaction, error, game_id=button.game_id, action=button.arg or button.verb)


async def on_select(interaction: discord.Interaction[Any], select: GameSelect, value: str) -> None:
    bot: BotContext = interaction.client
    try:
        await bot.remember(interaction)
        await composer.picked(bot, interaction, select.game_id, select.version, select.verb, value)
    except Exception as error:
        await report_error(interaction, error, game_id=select.game_id, action=value)


HANDLERS = Handlers(button=on_button, select=on_select)

__all__ = ["HANDLERS", "on_button", "on_select"]
