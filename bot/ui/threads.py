"""Posting into a game's or a league's thread, whatever Discord did to the thread (issue 34).

A game lives in its thread for days or weeks, and Discord changes threads under it: a thread with no message
for its auto-archive duration is archived and drops out of the client's cache, after a restart only active
threads are cached, a moderator can lock or delete it, and the bot can lose its permission to post there.
Everything the bot posts in a thread (boards after a move, a timer or a computer's move, recaps, turn reminders
sent as mentions, league announcements) goes through :func:`thread_send`:

* uncached or archived: the thread is fetched by id and the post is made (a post by the bot reopens an
  archived thread that is not locked);
* locked, or the bot may no longer post there (Discord's 403): :class:`ThreadUnavailable` with ``blocked``;
* deleted (Discord's 404, code 10003 Unknown Channel): :class:`ThreadUnavailable` with ``lost``.

The caller decides what a thread it cannot post in means (a game is paused and its players told:
:meth:`bot.service.threads.ThreadsMixin.thread_unavailable`); nothing is reported as posted that was not.
"""

from __future__ import annotations

import logging
from typing import Any, Literal

import discord

from bot.store import ThreadState
from bot.ui.context import BotContext

log = logging.getLogger(__name__)

#: Discord's JSON error codes for a channel that does not exist (any more).
UNKNOWN_CHANNEL = 10003
#: "Thread is archived" (400): an archived thread that is also locked cannot be posted in.
ARCHIVED_AND_LOCKED = 50083
#: The longest auto-archive duration Discord allows (minutes: 7 days); game and league threads use it.
LONGEST_AUTO_ARCHIVE: Literal[10080] = 10080


class ThreadUnavailable(Exception):
    """The bot cannot post in ``channel_id``: ``blocked`` (locked, or no permission) or ``lost`` (deleted)."""

    def __init__(self, channel_id: int, state: ThreadState, code: int) -> None:
        super().__init__(f"channel {channel_id} is {state} (Discord code {code})")
        self.channel_id = channel_id
        self.state: ThreadState = state
        self.code = code


def unavailable(channel_id: int, exc: discord.HTTPException) -> ThreadUnavailable | None:
    """What a refused request says about the thread: ``None`` when it says nothing (5xx, 429, a bad body)."""
    if isinstance(exc, discord.NotFound) and exc.code in (UNKNOWN_CHANNEL, 0):
        return ThreadUnavailable(channel_id, "lost", exc.code)
    if isinstance(exc, discord.Forbidden) or exc.code == ARCHIVED_AND_LOCKED:
        return ThreadUnavailable(channel_id, "blocked", exc.code)
    return None


async def resolve(bot: BotContext, channel_id: int) -> discord.abc.Messageable:
    """The channel or thread ``channel_id``, from the cache or fetched (archived threads are not cached)."""
    channel: Any = bot.get_channel(channel_id)
    if channel is None:
        try:
            channel = await bot.fetch_channel(channel_id)
        except discord.HTTPException as exc:
            problem = unavailable(channel_id, exc)
            if problem is None:
                raise
            raise problem from exc
    if not isinstance(channel, discord.abc.Messageable):
        raise ThreadUnavailable(channel_id, "lost", 0)
    return channel


async def thread_send(bot: BotContext, channel_id: int, content: str | None = None, **kwargs: Any) -> discord.Message:
    """``channel.send(content, **kwargs)`` in the thread ``channel_id``; raises :class:`ThreadUnavailable` when the
    thread is locked, closed to the bot, or deleted (other HTTP errors as ``discord.HTTPException``)."""
    channel = await resolve(bot, channel_id)
    try:
        return await channel.send(content, **kwargs)
    except discord.HTTPException as exc:
        problem = unavailable(channel_id, exc)
        if problem is None:
            raise
        log.warning("cannot post in channel %s: %s", channel_id, problem)
        raise problem from exc


async def game_thread_unavailable(bot: BotContext, game_id: int, exc: ThreadUnavailable) -> None:
    """The bot cannot post in game ``game_id``'s thread: the game is paused and its people told
    (:meth:`bot.service.threads.ThreadsMixin.thread_unavailable`); a failure to record it is only logged."""
    try:
        await bot.service.thread_unavailable(game_id, exc.channel_id, exc.state)
    except Exception:
        log.exception("game %s: could not record that its thread is %s", game_id, exc.state)


async def game_thread_works(bot: BotContext, game_id: int, thread_state: str | None) -> None:
    """A post in the game's thread worked: a game paused for its thread goes on (its clock runs again)."""
    if thread_state is None:
        return
    try:
        if await bot.service.thread_available(game_id):
            log.info("game %s: its thread can be posted in again; the game goes on", game_id)
    except Exception:
        log.exception("game %s: could not resume it", game_id)


__all__ = [
    "LONGEST_AUTO_ARCHIVE",
    "ThreadUnavailable",
    "game_thread_unavailable",
    "game_thread_works",
    "resolve",
    "thread_send",
    "unavailable",
]
