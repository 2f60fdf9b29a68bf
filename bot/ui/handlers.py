"""What each game button and menu does: the dispatch from a ``GameButton`` / ``GameSelect`` to the composer.

``HANDLERS`` is installed into :mod:`bot.ui.buttons` when the bot starts.  Errors of the buttons, the menus and
the commands are answered by ``report``: a stale board with the current one, the rest by ``bot.errors``.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.errors import report_error, unwrap, user_lang
from bot.i18n import t
from bot.service import StaleBoard
from bot.text import error_text
from bot.ui import composer, plans, rematch
from bot.ui.buttons import GameButton, GameSelect, Handlers
from bot.ui.context import BotContext

log = logging.getLogger(__name__)


async def report(
    interaction: discord.Interaction[Any],
    error: BaseException,
    *,
    game_id: int | None = None,
    seat: int | None = None,
    action: str | None = None,
) -> None:
    """Answer ``error`` for ``interaction``: :class:`bot.service.StaleBoard` with "this board is out of date" and
    the current board (ephemeral, with working buttons); anything else with :func:`bot.errors.report_error`."""
    cause = unwrap(error)
    stale_game = game_id if game_id is not None else interaction.extras.get("game_id")
    if not isinstance(cause, StaleBoard) or stale_game is None:
        await report_error(interaction, error, game_id=game_id, seat=seat, action=action)
        return
    bot: BotContext = interaction.client
    lang = user_lang(interaction)
    try:
        await composer.send_current_board(bot, interaction, int(stale_game), lang, error_text(cause, lang))
    except discord.HTTPException:
        log.exception("could not report an error to user %s (game=%s)", interaction.user.id, stale_game)


async def on_button(interaction: discord.Interaction[Any], button: GameButton) -> None:
    bot: BotContext = interaction.client
    try:
        await bot.remember(interaction)
        if button.verb in ("join", "leave", "start"):
            await composer.lobby_action(bot, interaction, button.game_id, button.verb)
        elif button.verb == "rematch":
            await rematch.open_rematch(bot, interaction, button.game_id)
        elif button.verb == "table":
            await launch_table(interaction)
        elif button.verb == "hand":
            await composer.show_hand(bot, interaction, button.game_id)
        elif button.verb == "do" and button.arg:
            await composer.play(bot, interaction, button.game_id, button.board, button.arg, edit=True)
        elif button.verb == "unplan" and button.arg:
            await plans.cancel_clicked(bot, interaction, button.game_id, button.arg)
        elif button.verb == "cancel":
            await composer.cancel(interaction)
        elif button.verb == "undo":
            await composer.undo(bot, interaction, button.game_id, button.board, edit=True)
        elif button.verb == "decide":  # a decision whose options only the decider may see: a private menu
            await composer.open_composer(bot, interaction, button.game_id, button.board, "choose")
        else:
            await composer.open_composer(bot, interaction, button.game_id, button.board, button.verb)
    except Exception as error:
        await report(interaction, error, game_id=button.game_id, action=button.arg or button.verb)


async def launch_table(interaction: discord.Interaction[Any]) -> None:
    """"Play at the table": Discord opens the Activity in this channel (``LAUNCH_ACTIVITY``); an application
    without Activities is refused by Discord, and the player is told so privately."""
    try:
        await interaction.response.launch_activity()
    except discord.HTTPException as exc:
        if interaction.response.is_done():
            raise
        log.warning("LAUNCH_ACTIVITY refused (%s %s): are Activities on in the Developer Portal?", exc.status, exc.code)
        await interaction.response.send_message(t("activity.error.not_enabled", user_lang(interaction)),
                                                ephemeral=True)


async def on_select(interaction: discord.Interaction[Any], select: GameSelect, value: str) -> None:
    bot: BotContext = interaction.client
    try:
        await bot.remember(interaction)
        await composer.picked(bot, interaction, select.game_id, select.board, select.verb, value)
    except Exception as error:
        await report(interaction, error, game_id=select.game_id, action=value)


HANDLERS = Handlers(button=on_button, select=on_select)

__all__ = ["HANDLERS", "on_button", "on_select", "report"]
