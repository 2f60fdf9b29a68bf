"""The web pages' links and who may see them, as the bot uses them (posting a link, ``/league web``).

The links are the store's (:mod:`bot.store.web`: slugs, modes and the pages' reads); this module adds what the
bot's commands need on top: a page's address for a post, and a game's visibility (its league's mode, or its own
outside leagues).
"""

from __future__ import annotations

from datetime import datetime

from bot.store.protocol import GameStore, StoreReader, StoreWriter
from bot.store.web import MODES, Kind, Link, Mode, new_slug


def web_url(bot: object, path: str) -> str:
    """The address of a page for a post: the site's public address (``SPLENDOR_WEB_URL``, else the bot's own web
    port) followed by ``path``; the path alone when the operator has set neither."""
    base = str(getattr(bot, "web_url", "") or "")
    return base.rstrip("/") + path


async def slug_of(tx: StoreWriter, kind: Kind, target_id: int, now: datetime, user_id: int = 0) -> str:
    """The slug of a target, made if it has none (the bot's side: a page's GET never makes one)."""
    return (await tx.web_ensure(kind, [(target_id, user_id)], now))[(target_id, user_id)]


async def slug_of_existing(tx: StoreReader, kind: Kind, target_id: int, user_id: int = 0) -> str | None:
    """The slug of a target if it has one (a read: nothing made)."""
    return await tx.web_slug(kind, target_id, user_id)


async def set_mode(tx: StoreWriter, kind: Kind, target_id: int, mode: Mode, now: datetime) -> str:
    """Set the mode of a league's or a game's pages; its slug (made if needed)."""
    return await tx.set_web_mode(kind, target_id, mode, now)


async def mode_of(tx: StoreReader, kind: Kind, target_id: int) -> Mode:
    return await tx.web_mode(kind, target_id)


async def resolve(tx: StoreReader, slug: str) -> Link | None:
    return await tx.web_link(slug)


async def league_of_game(tx: StoreReader, game_id: int) -> int | None:
    table = await tx.league_table_for_game(game_id)
    return None if table is None else table.league_id


async def game_mode(tx: StoreReader, game_id: int) -> Mode:
    """Who may see a game's page: its league's mode, or its own outside leagues."""
    league_id = await league_of_game(tx, game_id)
    if league_id is not None:
        return await tx.web_mode("league", league_id)
    return await tx.web_mode("game", game_id)


async def visible_game_path(store: GameStore, game_id: int, now: datetime) -> str | None:
    """The path of a game's page when its pages are on (its league's, or its own), for the bot's posts; else None."""
    async with store.reading() as tx:
        if await game_mode(tx, game_id) == "off":
            return None
    async with store.transaction() as tx:
        return f"/g/{await slug_of(tx, 'game', game_id, now)}"


__all__ = ["MODES", "Kind", "Link", "Mode", "game_mode", "league_of_game", "mode_of", "new_slug", "resolve",
           "set_mode", "slug_of", "slug_of_existing", "visible_game_path", "web_url"]
