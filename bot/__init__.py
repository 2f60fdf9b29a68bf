"""Splendor for Discord: the bot, the game service, storage and rendering.

``create_bot`` and ``Settings`` are imported lazily so that ``bot.render`` and
``bot.service`` can be used without importing discord.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.client import create_bot
    from bot.config import Settings

__all__ = ["Settings", "create_bot"]


def __getattr__(name: str) -> Any:
    if name == "create_bot":
        from bot.client import create_bot

        return create_bot
    if name == "Settings":
        from bot.config import Settings

        return Settings
    raise AttributeError(name)
