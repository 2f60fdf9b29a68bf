"""``/splendor plan``: queue a move for your next turn while you wait (issue 33 §1, ruling B-18).

``move`` offers, from the player's own view, the moves they could make if their turn began now that end the turn
by themselves (a buy with each payment); ``if_card`` the cards face up on the table, by the card itself (its id),
not its slot.  Every answer is private; the plans are listed with Cancel buttons here and in ``/splendor hand``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

import engine
from bot.errors import user_lang
from bot.exts._common import bot_of, game_here
from bot.i18n import t
from bot.limits import CONTENT_MAX
from bot.service import NotStarted
from bot.translator import L
from bot.ui import plans
from engine import GameState

Choices = list[app_commands.Choice[str]]
Typed = app_commands.Range[str, 1, 100]


async def _waiting(interaction: discord.Interaction[Any]) -> tuple[GameState, int] | None:
    """The game's state and the user's seat, when they may plan now (seated, not their turn, nothing pending)."""
    bot = bot_of(interaction)
    if interaction.channel_id is None:
        return None
    game = await bot.service.game_for_channel(interaction.channel_id)
    if game is None or game.status != "active":
        return None
    seat = game.seat_of(interaction.user.id)
    state = await bot.service.state(game.game_id)
    if seat is None or state is None or state.to_act == seat or state.pending_kind is not None:
        return None
    return state, seat


def _notice(lang: str) -> Choices:
    return [app_commands.Choice(name=t("plans.auto.not_now", lang), value="-")]


@app_commands.command(name=L("plan", "plan.name"),
                      description=L("Queue a move for your next turn while you wait (only you see it)", "plan.desc"))
@app_commands.rename(move=L("move", "opt.plan_move"), if_card=L("if_card", "opt.if_card"))
@app_commands.describe(move=L("The move, as you would play it on your turn", "opt.plan_move.desc"),
                       if_card=L("Only if this card is still face up then", "opt.if_card.desc"))
async def plan_command(interaction: discord.Interaction[Any], move: Typed, if_card: Typed | None = None) -> None:
    game = await game_here(interaction)
    lang = user_lang(interaction)
    bot = bot_of(interaction)
    cond = if_card if if_card and if_card != "-" else None
    mine = await bot.service.add_plan(game.game_id, interaction.user.id, move.strip(), cond=cond)
    state = await bot.service.state(game.game_id)
    seat = game.seat_of(interaction.user.id)
    if state is None or seat is None:
        raise NotStarted(game_id=game.game_id)
    listed = plans.plans_text(engine.view_for(state, seat), mine, lang)
    text = f"{t('plans.saved', lang)}\n{listed}"
    buttons = plans.plans_view(game.game_id, game.board, mine, lang)
    await interaction.response.send_message(text[:CONTENT_MAX], ephemeral=True, view=buttons,
                                            allowed_mentions=discord.AllowedMentions.none())


@plan_command.autocomplete("move")
async def _move_auto(interaction: discord.Interaction[Any], current: str) -> Choices:
    return await _choices(interaction, lambda state, seat, lang: plans.move_choices(state, seat, lang, current))


@plan_command.autocomplete("if_card")
async def _card_auto(interaction: discord.Interaction[Any], current: str) -> Choices:
    return await _choices(interaction, lambda state, seat, lang: plans.card_choices(engine.view_for(state, seat), lang,
                                                                                      current))


async def _choices(interaction: discord.Interaction[Any],
                   offered: Callable[[GameState, int, str], list[tuple[str, str]]]) -> Choices:
    """What ``offered`` lists for the user (``(label, value)``), or why they cannot plan now."""
    lang = user_lang(interaction)
    found = await _waiting(interaction)
    if found is None:
        return _notice(lang)
    state, seat = found
    return [app_commands.Choice(name=label, value=value) for label, value in offered(state, seat, lang)]


def add_to(group: app_commands.Group) -> None:
    group.add_command(plan_command)


__all__ = ["add_to", "plan_command"]
