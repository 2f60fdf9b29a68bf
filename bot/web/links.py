"""The web pages' links and who may see them (schema step 13, table ``web_links``), and the reads the pages need.

Kept here rather than in :mod:`bot.store` (issue 28 caps the store's size): plain functions over the store's
statement primitives (:class:`bot.store.statements.Statements`: ``_rows``/``_one``/``_exec``/``_many``), written
in SQLite's spelling and translated for PostgreSQL by the backend as the store's own statements are.

A link is a random slug (:func:`secrets.token_urlsafe`, 16 bytes: unguessable, never derived from an id) of a
league, of a member's page within a league, or of a game.  Visibility (:data:`Mode`):

* a league's mode, its organizer's choice with ``/league web``: ``off`` (the default: no page at all),
  ``unlisted`` (reachable through its link only) or ``public`` (also listed on the home page); its members' and
  its games' pages follow it;
* a game outside leagues: ``off`` unless its creator turns its page on (``unlisted``).

Slugs are created on first need (:func:`ensure`), by the bot (posting a link) or by a web process (a league page
listing its games): ``INSERT ... ON CONFLICT DO NOTHING`` on the unique target, then read back, so processes
racing on one PostgreSQL agree on one slug.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, cast

from bot.store.protocol import GameStore, StoreReader
from bot.store.statements import Statements

Kind = Literal["league", "member", "game"]
Mode = Literal["off", "unlisted", "public"]
MODES: tuple[Mode, ...] = ("off", "unlisted", "public")
SLUG_BYTES = 16


@dataclass(frozen=True, slots=True)
class Link:
    slug: str
    kind: Kind
    target_id: int  # the league (league and member links) or the game
    user_id: int  # the member (member links), else 0
    mode: Mode


def web_url(bot: object, path: str) -> str:
    """The address of a page for a post: the site's public address (``SPLENDOR_WEB_URL``, else the bot's own web
    port) followed by ``path``; the path alone when the operator has set neither."""
    base = str(getattr(bot, "web_url", "") or "")
    return base.rstrip("/") + path


def new_slug() -> str:
    return secrets.token_urlsafe(SLUG_BYTES)


def _link(r: Any) -> Link:
    return Link(str(r["slug"]), cast(Kind, r["kind"]), int(r["target_id"]), int(r["user_id"]),
                cast(Mode, r["mode"]))


async def ensure(tx: Statements, kind: Kind, targets: Iterable[tuple[int, int]], now: datetime) -> dict[
        tuple[int, int], str]:
    """The slugs of ``targets`` (``(target_id, user_id)`` pairs), created where missing."""
    wanted = sorted(set(targets))
    if not wanted:
        return {}
    found = await _slugs(tx, kind, wanted)
    missing = [w for w in wanted if w not in found]
    if missing:
        await tx._many("INSERT INTO web_links (slug, kind, target_id, user_id, created_at)"
                       " VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                       [(new_slug(), kind, t, u, tx._t(now)) for t, u in missing])
        found = await _slugs(tx, kind, wanted)
    return found


async def slugs_for(store: GameStore, kind: Kind, targets: Iterable[tuple[int, int]], now: datetime) -> dict[
        tuple[int, int], str]:
    """:func:`ensure` for a page: read first, and take the write lock (SQLite: the bot's own) only when a slug
    is missing (the first view of a new game or member)."""
    wanted = sorted(set(targets))
    if not wanted:
        return {}
    async with store.reading() as tx:
        found = await _slugs(tx, kind, wanted)
    if len(found) == len(wanted):
        return found
    async with store.transaction() as tx:
        return await ensure(tx, kind, wanted, now)


async def _slugs(tx: Statements, kind: Kind, wanted: Sequence[tuple[int, int]]) -> dict[tuple[int, int], str]:
    targets = sorted({t for t, _ in wanted})
    users = sorted({u for _, u in wanted})  # a league's members: the page's, not all of them
    rows = await tx._rows("SELECT target_id, user_id, slug FROM web_links WHERE kind = ?"
                          " AND target_id IN (SELECT value FROM json_each(?))"
                          " AND user_id IN (SELECT value FROM json_each(?))",
                          (kind, tx._list(targets), tx._list(users)))
    keep = set(wanted)
    return {(int(r[0]), int(r[1])): str(r[2]) for r in rows if (int(r[0]), int(r[1])) in keep}


async def slug_of(tx: Statements, kind: Kind, target_id: int, now: datetime, user_id: int = 0) -> str:
    return (await ensure(tx, kind, [(target_id, user_id)], now))[(target_id, user_id)]


async def slug_of_existing(tx: Statements, kind: Kind, target_id: int, user_id: int = 0) -> str | None:
    """The slug of a target if it has one (a read: nothing created)."""
    row = await tx._one("SELECT slug FROM web_links WHERE kind = ? AND target_id = ? AND user_id = ?",
                        (kind, target_id, user_id))
    return None if row is None else str(row[0])


async def set_mode(tx: Statements, kind: Kind, target_id: int, mode: Mode, now: datetime) -> str:
    """Set the mode of a league's or a game's pages; its slug (created if needed)."""
    if mode not in MODES:
        raise ValueError(f"unknown web mode {mode!r}")
    slug = await slug_of(tx, kind, target_id, now)
    await tx._exec("UPDATE web_links SET mode = ? WHERE slug = ?", (mode, slug))
    return slug


async def mode_of(tx: Statements, kind: Kind, target_id: int) -> Mode:
    row = await tx._one("SELECT mode FROM web_links WHERE kind = ? AND target_id = ? AND user_id = 0",
                        (kind, target_id))
    return "off" if row is None else cast(Mode, row[0])


async def resolve(tx: Statements, slug: str) -> Link | None:
    row = await tx._one("SELECT * FROM web_links WHERE slug = ?", (slug,))
    return None if row is None else _link(row)


async def league_of_game(tx: StoreReader, game_id: int) -> int | None:
    table = await tx.league_table_for_game(game_id)
    return None if table is None else table.league_id


async def game_mode(tx: StoreReader, game_id: int) -> Mode:
    """Who may see a game's page: its league's mode, or its own outside leagues."""
    league_id = await league_of_game(tx, game_id)
    if league_id is not None:
        return await mode_of(tx, "league", league_id)
    return await mode_of(tx, "game", game_id)


async def visible_game_path(store: GameStore, game_id: int, now: datetime) -> str | None:
    """The path of a game's page when its pages are on (its league's, or its own), for the bot's posts; else None."""
    async with store.reading() as tx:
        if await game_mode(tx, game_id) == "off":
            return None
    async with store.transaction() as tx:
        return f"/g/{await slug_of(tx, 'game', game_id, now)}"


async def public_leagues(tx: Statements) -> list[tuple[str, str]]:
    """``(slug, name)`` of every public league, by name."""
    rows = await tx._rows("SELECT w.slug, l.name FROM web_links w JOIN leagues l ON l.league_id = w.target_id"
                          " WHERE w.kind = 'league' AND w.mode = 'public' ORDER BY l.name, l.league_id")
    return [(str(r[0]), str(r[1])) for r in rows]


async def seat_names(tx: Statements, game_id: int) -> dict[int, str]:
    """The display names of a game's players as they were when they sat down (else as last known), by user."""
    rows = await tx._rows("SELECT s.user_id, COALESCE(s.name, u.name) FROM seats s"
                          " LEFT JOIN users u ON u.user_id = s.user_id WHERE s.game_id = ?", (game_id,))
    return {int(r[0]): str(r[1]) for r in rows if r[1] is not None}


async def results_mark(tx: Statements, league_id: int) -> tuple[str, ...]:
    """What changes whenever a league's results, members or ratings do, read with one query (a league page's
    standings are kept while it holds): the results' number and last id (a game recorded), the audit log's length
    (a void or a settle changes a result in place, and is always audited), the active members (their number and two
    sums of their ids, exact integers) and the ratings (their number, sums and latest game)."""
    row = await tx._one(
        "SELECT COUNT(*), COALESCE(MAX(result_id), 0),"
        " (SELECT COUNT(*) FROM league_audit WHERE league_id = ?),"
        " (SELECT COUNT(*) FROM league_members WHERE league_id = ? AND status = 'active'),"
        " (SELECT COALESCE(SUM(user_id % 1000003), 0) FROM league_members WHERE league_id = ? AND status = 'active'),"
        " (SELECT COALESCE(SUM(user_id % 999983), 0) FROM league_members WHERE league_id = ? AND status = 'active'),"
        " (SELECT COUNT(*) FROM league_ratings WHERE league_id = ?),"
        " (SELECT COALESCE(SUM(games), 0) FROM league_ratings WHERE league_id = ?),"
        " (SELECT COALESCE(SUM(ROUND(mu * 1000000) + ROUND(sigma * 1000000)), 0) FROM league_ratings"
        " WHERE league_id = ?),"
        " (SELECT MAX(last_played) FROM league_ratings WHERE league_id = ?)"
        " FROM league_results WHERE league_id = ?", (league_id,) * 9)
    return () if row is None else tuple(str(v) for v in row)


async def user_names(tx: Statements, user_ids: Iterable[int]) -> dict[int, str]:
    """The display names last known of ``user_ids``."""
    rows = await tx._rows("SELECT user_id, name FROM users WHERE name IS NOT NULL"
                          " AND user_id IN (SELECT value FROM json_each(?))", (tx._list(sorted(set(user_ids))),))
    return {int(r[0]): str(r[1]) for r in rows}


async def league_games(tx: Statements, league_id: int, season: int, *, status: str | None = None,
                       limit: int | None = None, offset: int = 0) -> list[tuple[int, int | None, str, int]]:
    """The opened games of a league's season (only those of ``status`` if given): ``(game_id, round, status,
    version)``, newest first; ``limit`` of them after ``offset`` (a page of a list)."""
    sql = ("SELECT t.game_id, t.round, g.status, g.version FROM league_tables t JOIN games g ON g.game_id = t.game_id"
           " WHERE t.league_id = ? AND t.season = ?")
    params: list[Any] = [league_id, season]
    if status is not None:
        sql += " AND g.status = ?"
        params.append(status)
    sql += " ORDER BY t.game_id DESC"
    if limit is not None:
        sql += " LIMIT ? OFFSET ?"
        params += [limit, offset]
    rows = await tx._rows(sql, params)
    return [(int(r[0]), None if r[1] is None else int(r[1]), str(r[2]), int(r[3])) for r in rows]


async def count_league_games(tx: Statements, league_id: int, season: int, status: str) -> int:
    """How many opened games of a league's season are in ``status``."""
    row = await tx._one("SELECT COUNT(*) FROM league_tables t JOIN games g ON g.game_id = t.game_id"
                        " WHERE t.league_id = ? AND t.season = ? AND g.status = ?", (league_id, season, status))
    return 0 if row is None else int(row[0])


async def table_members(tx: Statements, game_ids: Iterable[int]) -> dict[int, tuple[int, ...]]:
    """The members seated at each of ``game_ids``' league tables, by game."""
    rows = await tx._rows("SELECT game_id, members FROM league_tables"
                          " WHERE game_id IN (SELECT value FROM json_each(?))", (tx._list(sorted(set(game_ids))),))
    return {int(r[0]): tuple(int(u) for u in json.loads(r[1])) for r in rows}


async def round_tables(tx: Statements, league_id: int, season: int, rounds: Iterable[int]) -> list[
        tuple[int, tuple[int, ...], int | None]]:
    """The tables of some rounds of a league's season: ``(round, members, game_id)`` in the order they were made."""
    rows = await tx._rows("SELECT round, members, game_id FROM league_tables WHERE league_id = ? AND season = ?"
                          " AND round IN (SELECT value FROM json_each(?)) ORDER BY table_id",
                          (league_id, season, tx._list(sorted(set(rounds)))))
    return [(int(r[0]), tuple(int(u) for u in json.loads(r[1])), None if r[2] is None else int(r[2])) for r in rows]


async def member_games(tx: Statements, league_id: int, user_id: int) -> list[int]:
    """The games of a league a member sat at, newest first."""
    rows = await tx._rows("SELECT t.game_id FROM league_tables t JOIN seats s ON s.game_id = t.game_id"
                          " WHERE t.league_id = ? AND s.user_id = ? ORDER BY t.game_id DESC", (league_id, user_id))
    return [int(r[0]) for r in rows]


__all__ = [
    "MODES",
    "Kind",
    "Link",
    "Mode",
    "count_league_games",
    "ensure",
    "game_mode",
    "league_games",
    "league_of_game",
    "member_games",
    "mode_of",
    "new_slug",
    "public_leagues",
    "resolve",
    "results_mark",
    "round_tables",
    "seat_names",
    "set_mode",
    "slug_of",
    "slug_of_existing",
    "slugs_for",
    "table_members",
    "user_names",
    "visible_game_path",
    "web_url",
]
