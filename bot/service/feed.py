"""Who is watching a game in this process (the web table's live page, issue 44): told at once when it changes.

:meth:`GameFeed.changed` is an after-commit listener (registered in ``GameService.__init__``) and is also called
by a take-back, which changes a game without a commit of a move.  It only wakes waiters: it never writes and never
raises.  A web process that is not the bot's is never told (its service commits nothing of the bot's): its pages
also poll the store, slowly.
"""

from __future__ import annotations

import asyncio
import contextlib

from bot.service.types import Outcome


class GameFeed:
    """An event per watched game, set (and replaced) when the game changes."""

    def __init__(self) -> None:
        self._events: dict[int, asyncio.Event] = {}
        self._watchers: dict[int, int] = {}

    def changed(self, outcome: Outcome) -> None:
        self.touch(outcome.game_id)

    def touch(self, game_id: int) -> None:
        """Wake whoever waits on ``game_id`` (nothing when nobody watches it)."""
        event = self._events.get(game_id)
        if event is not None:
            event.set()
            self._events[game_id] = asyncio.Event()

    def watching(self, game_id: int) -> int:
        """How many wait on ``game_id`` now."""
        return self._watchers.get(game_id, 0)

    async def wait(self, game_id: int, timeout: float) -> bool:
        """Until ``game_id`` changes (True) or ``timeout`` seconds pass (False)."""
        event = self._events.get(game_id)
        if event is None:
            event = self._events[game_id] = asyncio.Event()
        self._watchers[game_id] = self._watchers.get(game_id, 0) + 1
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), timeout)
                return True
            return False
        finally:
            left = self._watchers[game_id] - 1
            if left:
                self._watchers[game_id] = left
            else:  # nobody watches any more: forget the game
                del self._watchers[game_id]
                self._events.pop(game_id, None)


__all__ = ["GameFeed"]
