"""Stateless items: ``spl:<game>:<version>:<verb>[:<arg>]``.  They hold nothing but ids, reload the game from the
service on every click, and so keep working after a restart (registered with ``add_dynamic_items``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.errors import report_error
from bot.ui import composer
from bot.ui.board import custom_id
from bot.ui.context import BotContext

BUTTON_VERBS = "join|leave|start|take|reserve|buy|claim|decide|hand|do|cancel"


class GameButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"spl:(?P<game>[0-9]+):(?P<ver>[0-9]+):(?P<verb>{BUTTON_VERBS})(?::(?P<arg>.+))?",
):
    def __init__(self, game_id: int, version: int, verb: str, *, arg: str | None = None, label: str | None = None,
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary, disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=label or verb, style=style, disabled=disabled,
                                           custom_id=custom_id(game_id, version, verb, arg)))
        self.game_id, self.version, self.verb, self.arg = game_id, version, verb, arg

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str]) -> GameButton:
        return cls(int(match["game"]), int(match["ver"]), match["verb"], arg=match["arg"],
                   label=getattr(item, "label", None))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: BotContext = interaction.client
        try:
            await bot.remember(interaction)
            if self.verb in ("join", "leave", "start"):
                await composer.lobby_action(bot, interaction, self.game_id, self.verb)
            elif self.verb == "hand":
                await composer.show_hand(bot, interaction, self.game_id)
            elif self.verb == "do" and self.arg:
                await composer.play(bot, interaction, self.game_id, self.version, self.arg, edit=True)
            elif self.verb == "cancel":
                await composer.cancel(interaction)
            elif self.verb == "decide":  # a decision whose options only the decider may see: a private menu
                await composer.open_composer(bot, interaction, self.game_id, self.version, "choose")
            else:
                await composer.open_composer(bot, interaction, self.game_id, self.version, self.verb)
        except Exception as error:
            await report_error(interaction, error, game_id=self.game_id, action=self.arg or self.verb)


class GameSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"spl:(?P<game>[0-9]+):(?P<ver>[0-9]+):pick:(?P<verb>[a-z]+)",
):
    def __init__(self, game_id: int, version: int, verb: str, options: Sequence[discord.SelectOption] = (), *,
                 placeholder: str | None = None) -> None:
        super().__init__(discord.ui.Select(custom_id=custom_id(game_id, version, "pick", verb),
                                           options=list(options) or [discord.SelectOption(label="-", value="-")],
                                           placeholder=placeholder[:150] if placeholder else None))
        self.game_id, self.version, self.verb = game_id, version, verb

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str]) -> GameSelect:
        return cls(int(match["game"]), int(match["ver"]), match["verb"], getattr(item, "options", []))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: BotContext = interaction.client
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(v) for v in data.get("values", [])]
        value = values[0] if values else ""
        try:
            await bot.remember(interaction)
            await composer.picked(bot, interaction, self.game_id, self.version, self.verb, value)
        except Exception as error:
            await report_error(interaction, error, game_id=self.game_id, action=value)


__all__ = ["GameButton", "GameSelect"]
