"""The one error reporter of the bot.

``report_error(interaction, error, ...)`` is called (through ``bot.ui.handlers.report``) from
``CommandTree.on_error`` and from the ``try/except`` around every game button and menu.  Priority:

1. ``CommandInvokeError`` / ``TransformerError`` are unwrapped to their cause (``unwrap``).
2. Service refusals (``ServiceError``) and engine refusals (``EngineError``): their sentence in the
   user's language, ephemeral (the engine's English reason is the fallback).
3. Check failures of discord.py (``CheckFailure``, cooldowns): their message, ephemeral.
4. An expired interaction (``NotFound`` 10062): logged; nobody can be answered.
5. Anything else: logged with game, seat and action (``interaction.extras``), and the user gets an apology.

This module only words errors and answers interactions; it knows nothing of boards.  The UI answers
:class:`bot.service.StaleBoard` itself with the current board (``bot.ui.handlers.report``); reported here,
it is a refusal like any other.

The answer goes through ``response`` when the interaction is not acknowledged yet, else a followup.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.i18n import lang_of, t
from bot.service import ServiceError
from bot.text import error_text
from engine import EngineError

log = logging.getLogger("bot.errors")


def unwrap(error: BaseException) -> BaseException:
    """The error a command raised, out of discord.py's ``CommandInvokeError`` / ``TransformerError``."""
    while isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError) and error.__cause__:
        error = error.__cause__
    return error


def user_lang(interaction: discord.Interaction[Any]) -> str:
    """The user's override when the bot knows it, else their Discord locale."""
    bot = interaction.client
    prefs = getattr(bot, "prefs", {})
    override = prefs.get(interaction.user.id, (None, "mention"))[0]
    return lang_of(override or str(interaction.locale))


async def answer(interaction: discord.Interaction[Any], content: str, **kwargs: Any) -> None:
    """Send an ephemeral answer whether or not the interaction was acknowledged already."""
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=True, **kwargs)


async def report_error(
    interaction: discord.Interaction[Any],
    error: BaseException,
    *,
    game_id: int | None = None,
    seat: int | None = None,
    action: str | None = None,
) -> None:
    """Answer ``error`` for ``interaction`` (see the module docstring for the order)."""
    error = unwrap(error)
    lang = user_lang(interaction)
    extras = interaction.extras
    game_id = game_id if game_id is not None else extras.get("game_id")
    seat = seat if seat is not None else extras.get("seat")
    action = action if action is not None else extras.get("action")
    try:
        if isinstance(error, ServiceError | EngineError):
            await answer(interaction, error_text(error, lang))
            return
        if isinstance(error, app_commands.CheckFailure | app_commands.CommandOnCooldown):
            await answer(interaction, str(error) or t("bot.error.not_allowed", lang))
            return
        if isinstance(error, discord.NotFound) and error.code == 10062:
            log.warning("interaction expired before the answer (game=%s seat=%s action=%r)", game_id, seat, action)
            return
        log.error(
            "unexpected error (game=%s seat=%s action=%r user=%s interaction=%s)",
            game_id, seat, action, interaction.user.id, interaction.id,
            exc_info=(type(error), error, error.__traceback__),
        )
        await answer(interaction, t("bot.error.unexpected", lang))
    except discord.HTTPException:
        log.exception("could not report an error to user %s (game=%s)", interaction.user.id, game_id)


__all__ = ["answer", "report_error", "unwrap", "user_lang"]
