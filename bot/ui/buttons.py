"""Stateless items: ``spl:<game>:<board>:<verb>[:<arg>]``, ``<board>`` the identity of the board they were made for
(:attr:`bot.service.GameInfo.board`, which never repeats, not even after a take-back).  They hold nothing but ids,
reload the game from the service on every click, and so keep working after a restart (registered with
``add_dynamic_items``).

This module only builds and parses the items; what a click or a pick does lives in :mod:`bot.ui.handlers`, which
the bot installs at start (``install(HANDLERS)``).  So the modules that build items (the board, the lobby, the
composer) import this one, and this one imports none of them.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

BUTTON_VERBS = "join|leave|start|take|reserve|buy|claim|decide|hand|do|cancel|undo|rematch|unplan|table"


def custom_id(game_id: int, board: int, verb: str, arg: str | None = None) -> str:
    """``spl:<game>:<board>:<verb>[:<arg>]`` (at most 100 characters)."""
    cid = f"spl:{game_id}:{board}:{verb}" + (f":{arg}" if arg else "")
    if len(cid) > 100:
        raise ValueError(f"custom_id too long: {cid!r}")
    return cid


@dataclass(frozen=True)
class Handlers:
    """What the items do: ``button(interaction, item)`` on a click, ``select(interaction, item, value)`` on a pick.

    Each handler answers the interaction itself, errors included."""

    button: Callable[[discord.Interaction[Any], GameButton], Awaitable[None]]
    select: Callable[[discord.Interaction[Any], GameSelect, str], Awaitable[None]]


_installed: dict[str, Handlers] = {}


def install(handlers: Handlers) -> None:
    """Make every ``GameButton`` and ``GameSelect`` dispatch to ``handlers`` (once, when the bot starts)."""
    _installed["handlers"] = handlers


def handlers() -> Handlers:
    try:
        return _installed["handlers"]
    except KeyError:
        raise RuntimeError("no handlers for game buttons: call bot.ui.buttons.install() at start") from None


class GameButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"spl:(?P<game>[0-9]+):(?P<ver>[0-9]+):(?P<verb>{BUTTON_VERBS})(?::(?P<arg>.+))?",
):
    def __init__(self, game_id: int, board: int, verb: str, *, arg: str | None = None, label: str | None = None,
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary, disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=label or verb, style=style, disabled=disabled,
                                           custom_id=custom_id(game_id, board, verb, arg)))
        self.game_id, self.board, self.verb, self.arg = game_id, board, verb, arg

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str]) -> GameButton:
        return cls(int(match["game"]), int(match["ver"]), match["verb"], arg=match["arg"],
                   label=getattr(item, "label", None))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers().button(interaction, self)


class GameSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"spl:(?P<game>[0-9]+):(?P<ver>[0-9]+):pick:(?P<verb>[a-z]+)",
):
    def __init__(self, game_id: int, board: int, verb: str, options: Sequence[discord.SelectOption] = (), *,
                 placeholder: str | None = None) -> None:
        super().__init__(discord.ui.Select(custom_id=custom_id(game_id, board, "pick", verb),
                                           options=list(options) or [discord.SelectOption(label="-", value="-")],
                                           placeholder=placeholder[:150] if placeholder else None))
        self.game_id, self.board, self.verb = game_id, board, verb

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str]) -> GameSelect:
        return cls(int(match["game"]), int(match["ver"]), match["verb"], getattr(item, "options", []))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(v) for v in data.get("values", [])]
        await handlers().select(interaction, self, values[0] if values else "")


__all__ = ["GameButton", "GameSelect", "Handlers", "custom_id", "handlers", "install"]
