"""What the UI needs of the bot: ``BotContext``, a Protocol that ``bot.client.SplendorBot`` satisfies.

The UI modules and the commands are typed against it instead of the client class, so none of them imports
``bot.client`` (the client imports them).  Read ``interaction.client`` into a ``BotContext`` variable.
"""

from __future__ import annotations

from typing import Any, Protocol

import discord

from bot.service import GameService


class BotContext(Protocol):
    """The bot's services as the UI uses them: the game service, known names, user preferences, the channels."""

    @property
    def service(self) -> GameService: ...

    @property
    def names(self) -> dict[int, str]:
        """Display names by user id (remembered from interactions)."""
        ...

    @property
    def prefs(self) -> dict[int, tuple[str | None, str]]:
        """User id -> (language override, notify preference)."""
        ...

    @property
    def default_lang(self) -> str: ...

    @property
    def activities(self) -> bool:
        """The application has Activities on: boards get a "Play at the table" button (issue 44)."""
        ...

    async def remember(self, interaction: discord.Interaction[Any]) -> None:
        """Note the user's display name and load their preferences."""
        ...

    def set_prefs(self, user_id: int, lang: str | None, notify: str) -> None: ...

    def get_guild(self, id: int, /) -> discord.Guild | None: ...

    def get_channel(
        self, id: int, /
    ) -> discord.abc.GuildChannel | discord.Thread | discord.abc.PrivateChannel | None: ...

    async def fetch_channel(
        self, channel_id: int, /
    ) -> discord.abc.GuildChannel | discord.abc.PrivateChannel | discord.Thread: ...


__all__ = ["BotContext"]
