"""Slash commands: ``/splendor ...`` (games.py, settings.py) and the turn actions (play.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.client import SplendorBot


async def setup_all(bot: SplendorBot) -> None:
    from bot.exts import games, play, settings

    group = games.SplendorGroup(bot)
    settings.add_to(group, bot)
    bot.tree.add_command(group)
    play.add_to(bot)


__all__ = ["setup_all"]
