"""The web pages' storage (schema step 15, table ``web_links``; bot/web reads through these methods only).

A link is a random slug (:func:`secrets.token_urlsafe`, 16 bytes: unguessable, never derived from an id) of a
league, of a member's page within a league, or of a game, with who may see it (:data:`Mode`): a league's mode (its
organizer's choice: ``off``, the default, ``unlisted`` or ``public``; its members' and games' pages follow it), or
a game's own outside leagues (``off`` unless its creator turns its page on).

Slugs are written by the bot, never by a page's GET: a league member's when they join, a league game's when its
table opens it (:class:`bot.store.leagues.LeagueWriter`), a league's or a game's when its mode is set, and those
of the members and games a league had before (step 17).  :meth:`WebWriter.web_ensure` inserts with ``ON CONFLICT
DO NOTHING`` on the unique target and reads back, so processes racing on one PostgreSQL agree on one slug.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, cast

from bot.store.statements import Row, Statements

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


def new_slug() -> str:
    return secrets.token_urlsafe(SLUG_BYTES)


def _link(r: Row) -> Link:
    return Link(str(r["slug"]), cast(Kind, r["kind"]), int(r["target_id"]), int(r["user_id"]),
                cast(Mode, r["mode"]))


async def ensure_slugs(tx: Statements, kind: Kind, targets: Sequence[tuple[int, int]], at: Any) -> None:
    """Give ``targets`` (``(target_id, user_id)``) slugs where they have none; ``at``: a time parameter."""
    await tx._many("INSERT INTO web_links (slug, kind, target_id, user_id, created_at)"
                   " VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                   [(new_slug(), kind, t, u, at) for t, u in targets])


class WebReader(Statements):
    """The pages' reads (part of :class:`bot.store.queries.StoreReader`)."""

    __slots__ = ()

    async def web_link(self, slug: str) -> Link | None:
        row = await self._one("SELECT * FROM web_links WHERE slug = ?", (slug,))
        return None if row is None else _link(row)

    async def web_slugs(self, kind: Kind, targets: Iterable[tuple[int, int]]) -> dict[tuple[int, int], str]:
        """The slugs ``targets`` (``(target_id, user_id)`` pairs) have (a read: none is made)."""
        wanted = set(targets)
        if not wanted:
            return {}
        rows = await self._rows("SELECT target_id, user_id, slug FROM web_links WHERE kind = ?"
                                " AND target_id IN (SELECT value FROM json_each(?))"
                                " AND user_id IN (SELECT value FROM json_each(?))",
                                (kind, self._list(sorted({t for t, _ in wanted})),
                                 self._list(sorted({u for _, u in wanted}))))
        return {k: str(r[2]) for r in rows if (k := (int(r[0]), int(r[1]))) in wanted}

    async def web_slug(self, kind: Kind, target_id: int, user_id: int = 0) -> str | None:
        return (await self.web_slugs(kind, [(target_id, user_id)])).get((target_id, user_id))

    async def web_mode(self, kind: Kind, target_id: int) -> Mode:
        """The mode of a league's or a game's own pages (``off`` when never set)."""
        row = await self._one("SELECT mode FROM web_links WHERE kind = ? AND target_id = ? AND user_id = 0",
                              (kind, target_id))
        return "off" if row is None else cast(Mode, row[0])

    async def public_leagues(self) -> list[tuple[str, str]]:
        """``(slug, name)`` of every public league, by name."""
        rows = await self._rows("SELECT w.slug, l.name FROM web_links w JOIN leagues l ON l.league_id = w.target_id"
                                " WHERE w.kind = 'league' AND w.mode = 'public' ORDER BY l.name, l.league_id")
        return [(str(r[0]), str(r[1])) for r in rows]

    async def seat_names(self, game_id: int) -> dict[int, str]:
        """The display names of a game's players as they were when they sat down (else as last known), by user."""
        rows = await self._rows("SELECT s.user_id, COALESCE(s.name, u.name) FROM seats s"
                                " LEFT JOIN users u ON u.user_id = s.user_id WHERE s.game_id = ?", (game_id,))
        return {int(r[0]): str(r[1]) for r in rows if r[1] is not None}

    async def user_names(self, user_ids: Iterable[int]) -> dict[int, str]:
        """The display names last known of ``user_ids``."""
        rows = await self._rows("SELECT user_id, name FROM users WHERE name IS NOT NULL"
                                " AND user_id IN (SELECT value FROM json_each(?))",
                                (self._list(sorted(set(user_ids))),))
        return {int(r[0]): str(r[1]) for r in rows}

    async def league_games(self, league_id: int, season: int, *, status: str | None = None,
                           limit: int | None = None, offset: int = 0) -> list[tuple[int, int | None, str, int]]:
        """The opened games of a league's season (only those of ``status`` if given): ``(game_id, round, status,
        version)``, newest first; ``limit`` of them after ``offset`` (a page of a list)."""
        sql = ("SELECT t.game_id, t.round, g.status, g.version FROM league_tables t"
               " JOIN games g ON g.game_id = t.game_id WHERE t.league_id = ? AND t.season = ?")
        params: list[Any] = [league_id, season]
        if status is not None:
            sql += " AND g.status = ?"
            params.append(status)
        sql += " ORDER BY t.game_id DESC"
        if limit is not None:
            sql += " LIMIT ? OFFSET ?"
            params += [limit, offset]
        rows = await self._rows(sql, params)
        return [(int(r[0]), None if r[1] is None else int(r[1]), str(r[2]), int(r[3])) for r in rows]

    async def count_league_games(self, league_id: int, season: int, status: str) -> int:
        """How many opened games of a league's season are in ``status``."""
        row = await self._one("SELECT COUNT(*) FROM league_tables t JOIN games g ON g.game_id = t.game_id"
                              " WHERE t.league_id = ? AND t.season = ? AND g.status = ?", (league_id, season, status))
        return 0 if row is None else int(row[0])

    async def table_members(self, game_ids: Iterable[int]) -> dict[int, tuple[int, ...]]:
        """The members seated at each of ``game_ids``' league tables, by game."""
        rows = await self._rows("SELECT game_id, members FROM league_tables"
                                " WHERE game_id IN (SELECT value FROM json_each(?))",
                                (self._list(sorted(set(game_ids))),))
        return {int(r[0]): tuple(int(u) for u in json.loads(r[1])) for r in rows}

    async def round_tables(self, league_id: int, season: int, rounds: Iterable[int]) -> list[
            tuple[int, tuple[int, ...], int | None]]:
        """The tables of some rounds of a league's season: ``(round, members, game_id)`` in the order they were
        made."""
        rows = await self._rows("SELECT round, members, game_id FROM league_tables WHERE league_id = ?"
                                " AND season = ? AND round IN (SELECT value FROM json_each(?)) ORDER BY table_id",
                                (league_id, season, self._list(sorted(set(rounds)))))
        return [(int(r[0]), tuple(int(u) for u in json.loads(r[1])), None if r[2] is None else int(r[2]))
                for r in rows]

    async def member_games(self, league_id: int, user_id: int) -> list[int]:
        """The games of a league a member sat at, newest first."""
        return await self._ids("SELECT t.game_id FROM league_tables t JOIN seats s ON s.game_id = t.game_id"
                               " WHERE t.league_id = ? AND s.user_id = ? ORDER BY t.game_id DESC",
                               (league_id, user_id))


class WebWriter(WebReader):
    """The pages' writes, made by the bot (part of :class:`bot.store.queries.StoreWriter`)."""

    __slots__ = ()

    async def web_ensure(self, kind: Kind, targets: Iterable[tuple[int, int]], now: datetime) -> dict[
            tuple[int, int], str]:
        """The slugs of ``targets``, made where missing."""
        wanted = sorted(set(targets))
        found = await self.web_slugs(kind, wanted)
        missing = [w for w in wanted if w not in found]
        if missing:
            await ensure_slugs(self, kind, missing, self._t(now))
            found = await self.web_slugs(kind, wanted)
        return found

    async def set_web_mode(self, kind: Kind, target_id: int, mode: Mode, now: datetime) -> str:
        """Set the mode of a league's or a game's pages; its slug (made if needed).  A league's members and games
        are given the slugs they lack (those of a league older than step 17's backfill have them all)."""
        if mode not in MODES:
            raise ValueError(f"unknown web mode {mode!r}")
        slug = (await self.web_ensure(kind, [(target_id, 0)], now))[(target_id, 0)]
        await self._exec("UPDATE web_links SET mode = ? WHERE slug = ?", (mode, slug))
        if kind == "league":
            members = await self._ids("SELECT user_id FROM league_members WHERE league_id = ?", (target_id,))
            games = await self._ids("SELECT game_id FROM league_tables WHERE league_id = ? AND game_id IS NOT NULL",
                                    (target_id,))
            await self.web_ensure("member", [(target_id, u) for u in members], now)
            await self.web_ensure("game", [(g, 0) for g in games], now)
        return slug


__all__ = ["MODES", "Kind", "Link", "Mode", "WebReader", "WebWriter", "ensure_slugs", "new_slug"]
