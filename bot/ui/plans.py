"""Plans as their author sees them in Discord (issue 33 §1): the Cancel buttons and what they do; the list and the
choices ``/splendor plan`` offers are :mod:`bot.plan_choices` (shared with the web table)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

import engine
from bot.errors import user_lang
from bot.i18n import t
from bot.limits import CONTENT_MAX
from bot.plan_choices import card_choices, card_label, move_choices, plan_line, plans_text
from bot.service.plans import plan_key
from bot.store import PlanRow
from bot.ui.buttons import GameButton
from bot.ui.context import BotContext


def plans_view(game_id: int, board: int, plans: Sequence[PlanRow], lang: str) -> discord.ui.View:
    """A Cancel button per plan (no button without plans)."""
    view = discord.ui.View(timeout=None)
    for i, plan in enumerate(plans):
        view.add_item(GameButton(game_id, board, "unplan", arg=plan_key(plan),
                                 label=t("plans.cancel.button", lang, n=i + 1)[:80],
                                 style=discord.ButtonStyle.danger))
    return view


async def cancel_clicked(bot: BotContext, interaction: discord.Interaction[Any], game_id: int, key: str) -> None:
    """A plan's Cancel button: only its author's own plans can be cancelled (anyone else cancels nothing of
    theirs); answered privately with the plans left."""
    lang = user_lang(interaction)
    left = await bot.service.cancel_plan(game_id, interaction.user.id, key)
    game = await bot.service.game(game_id)
    state = await bot.service.state(game_id)
    seat = game.seat_of(interaction.user.id)
    shown = engine.view_for(state, seat) if state is not None and seat is not None else None
    listed = plans_text(shown, left, lang) if shown is not None else ""
    text = "\n".join(x for x in (t("plans.cancelled", lang), listed) if x)
    buttons = plans_view(game_id, game.board, left, lang)
    await interaction.response.send_message(text[:CONTENT_MAX], ephemeral=True, view=buttons,
                                            allowed_mentions=discord.AllowedMentions.none())


__all__ = ["cancel_clicked", "card_choices", "card_label", "move_choices", "plan_line", "plans_text", "plans_view"]
