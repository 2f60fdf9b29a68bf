"""League storage: rows, the reader/writer protocol parts and their statements (schema step 6).

Kept apart from the game tables: :class:`LeagueReader`/:class:`LeagueWriter` are mixed into
:class:`bot.store.StoreReader`/:class:`bot.store.StoreWriter`, and :class:`LeagueSql` into the store's
queries (:class:`bot.store.queries.StoreWriter`, both databases), so the league service reaches storage only
through the typed store.

Tables
------
``leagues``          one row per league (unique name per server, case-insensitive), its format,
                     table size, current season and settings JSON (points, queue and rating policy...).
``league_members``   who joined (status ``active``/``left``) and who opted out of the next round.
``league_seasons``   each season's start, end, soft-reset factor and final standings (archive).
``league_tables``    every table the league seats: members in seat order, the round (rounds format),
                     then the thread and the game once opened (``game_id`` unique).
``league_results``   one row per counted or voided game (``game_id`` unique: a result is recorded once);
                     ``result_id`` is the rating order.  ``league_placements``: its members and places.
``league_ratings``   the current rating per member (a projection of the counted results);
                     ``league_rating_history`` the rating after each result (charts, trends).
``league_queue``     members waiting for a ladder table.
``league_rounds``    rounds of the rounds format: start, deadline, closing time.
``league_audit``     organizer actions (void, settle, season end) with the reason.

The statements are idempotent (``IF NOT EXISTS``): a database whose version was wound back
(as a migration test does) migrates again cleanly.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from itertools import groupby
from typing import Any, Literal

from bot.store.records import must_dt
from bot.store.statements import Row, Statements, converter
from bot.store.web import ensure_slugs, new_slug

LeagueFormat = Literal["ladder", "rounds"]
ResultStatus = Literal["counted", "voided"]
ResultSource = Literal["game", "settled"]

MIGRATION = """
CREATE TABLE IF NOT EXISTS leagues (
    league_id           INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id            INTEGER NOT NULL,
    name                TEXT    NOT NULL,
    creator_id          INTEGER NOT NULL,
    channel_id          INTEGER NOT NULL,
    announce_channel_id INTEGER,
    organizer_role_id   INTEGER,
    ruleset             TEXT    NOT NULL,
    seats               INTEGER NOT NULL CHECK (seats BETWEEN 2 AND 4),
    turn_timer_s        INTEGER,
    format              TEXT    NOT NULL CHECK (format IN ('ladder', 'rounds')),
    round_length_s      INTEGER,
    season_days         INTEGER,
    settings_json       TEXT    NOT NULL DEFAULT '{}',
    season              INTEGER NOT NULL DEFAULT 1,
    created_at          TEXT    NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS leagues_name ON leagues(guild_id, name COLLATE NOCASE);

CREATE TABLE IF NOT EXISTS league_members (
    league_id  INTEGER NOT NULL REFERENCES leagues(league_id),
    user_id    INTEGER NOT NULL,
    joined_at  TEXT    NOT NULL,
    status     TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'left')),
    opted_out  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (league_id, user_id)
);
CREATE INDEX IF NOT EXISTS league_members_user ON league_members(user_id);

CREATE TABLE IF NOT EXISTS league_seasons (
    league_id   INTEGER NOT NULL REFERENCES leagues(league_id),
    season      INTEGER NOT NULL,
    started_at  TEXT    NOT NULL,
    ended_at    TEXT,
    reset_keep  REAL    NOT NULL DEFAULT 1.0,
    final_json  TEXT,
    PRIMARY KEY (league_id, season)
);

CREATE TABLE IF NOT EXISTS league_tables (
    table_id    INTEGER PRIMARY KEY AUTOINCREMENT,
    league_id   INTEGER NOT NULL REFERENCES leagues(league_id),
    season      INTEGER NOT NULL,
    round       INTEGER,
    members     TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    channel_id  INTEGER,
    game_id     INTEGER UNIQUE REFERENCES games(game_id)
);
CREATE INDEX IF NOT EXISTS league_tables_league ON league_tables(league_id, season, round);

CREATE TABLE IF NOT EXISTS league_results (
    result_id    INTEGER PRIMARY KEY AUTOINCREMENT,
    league_id    INTEGER NOT NULL REFERENCES leagues(league_id),
    season       INTEGER NOT NULL,
    game_id      INTEGER NOT NULL UNIQUE,
    status       TEXT    NOT NULL CHECK (status IN ('counted', 'voided')),
    source       TEXT    NOT NULL CHECK (source IN ('game', 'settled')),
    finished_at  TEXT    NOT NULL,
    recorded_at  TEXT    NOT NULL,
    reason       TEXT
);
CREATE INDEX IF NOT EXISTS league_results_league ON league_results(league_id, season, result_id);

CREATE TABLE IF NOT EXISTS league_placements (
    result_id  INTEGER NOT NULL REFERENCES league_results(result_id),
    user_id    INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    place      INTEGER NOT NULL,
    PRIMARY KEY (result_id, user_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS league_placements_user ON league_placements(user_id);

CREATE TABLE IF NOT EXISTS league_ratings (
    league_id    INTEGER NOT NULL REFERENCES leagues(league_id),
    user_id      INTEGER NOT NULL,
    mu           REAL    NOT NULL,
    sigma        REAL    NOT NULL,
    games        INTEGER NOT NULL,
    last_played  TEXT,
    PRIMARY KEY (league_id, user_id)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS league_rating_history (
    league_id  INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    result_id  INTEGER NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    at         TEXT    NOT NULL,
    PRIMARY KEY (league_id, user_id, result_id)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS league_queue (
    league_id  INTEGER NOT NULL REFERENCES leagues(league_id),
    user_id    INTEGER NOT NULL,
    queued_at  TEXT    NOT NULL,
    PRIMARY KEY (league_id, user_id)
);

CREATE TABLE IF NOT EXISTS league_rounds (
    league_id   INTEGER NOT NULL REFERENCES leagues(league_id),
    season      INTEGER NOT NULL,
    round       INTEGER NOT NULL,
    started_at  TEXT    NOT NULL,
    deadline    TEXT    NOT NULL,
    closed_at   TEXT,
    PRIMARY KEY (league_id, season, round)
);
CREATE INDEX IF NOT EXISTS league_rounds_open ON league_rounds(deadline) WHERE closed_at IS NULL;

CREATE TABLE IF NOT EXISTS league_audit (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    league_id  INTEGER NOT NULL,
    game_id    INTEGER,
    actor_id   INTEGER NOT NULL,
    action     TEXT    NOT NULL,
    reason     TEXT    NOT NULL DEFAULT '',
    at         TEXT    NOT NULL
);
CREATE INDEX IF NOT EXISTS league_audit_game ON league_audit(league_id, game_id);
"""


# ---------------------------------------------------------------------------------------------- rows
@dataclass(frozen=True, slots=True)
class NewLeague:
    guild_id: int
    name: str
    creator_id: int
    channel_id: int
    announce_channel_id: int | None
    organizer_role_id: int | None
    ruleset: str
    seats: int
    turn_timer_s: int | None
    format: LeagueFormat
    round_length_s: int | None
    season_days: int | None
    settings: Mapping[str, Any]
    created_at: datetime


@dataclass(frozen=True, slots=True)
class LeagueRow(NewLeague):
    """A stored league: its settings (:class:`NewLeague`), id and current season, and ``changes``: a counter the
    database bumps (step 17's triggers) whenever its results, audit log, members or ratings change (what its
    standings are made of; the web pages keep them while it holds)."""

    league_id: int
    season: int
    changes: int = 0


@dataclass(frozen=True, slots=True)
class MemberRow:
    league_id: int
    user_id: int
    joined_at: datetime
    status: Literal["active", "left"]
    opted_out: bool


@dataclass(frozen=True, slots=True)
class SeasonRow:
    league_id: int
    season: int
    started_at: datetime
    ended_at: datetime | None
    reset_keep: float
    final: Sequence[Mapping[str, Any]] | None


@dataclass(frozen=True, slots=True)
class TableRow:
    table_id: int
    league_id: int
    season: int
    round: int | None
    members: tuple[int, ...]  # seat order
    created_at: datetime
    channel_id: int | None
    game_id: int | None


@dataclass(frozen=True, slots=True)
class ResultRow:
    """A recorded game: ``members`` in seat order and their ``places`` (1 best, equal = tie)."""

    result_id: int
    league_id: int
    season: int
    game_id: int
    status: ResultStatus
    source: ResultSource
    members: tuple[int, ...]
    places: tuple[int, ...]
    finished_at: datetime
    recorded_at: datetime
    reason: str | None


@dataclass(frozen=True, slots=True)
class RatingRow:
    league_id: int
    user_id: int
    mu: float
    sigma: float
    games: int
    last_played: datetime | None


@dataclass(frozen=True, slots=True)
class RatingPoint:
    user_id: int
    result_id: int
    mu: float
    sigma: float
    at: datetime


@dataclass(frozen=True, slots=True)
class QueueRow:
    league_id: int
    user_id: int
    queued_at: datetime


@dataclass(frozen=True, slots=True)
class RoundRow:
    league_id: int
    season: int
    round: int
    started_at: datetime
    deadline: datetime
    closed_at: datetime | None


@dataclass(frozen=True, slots=True)
class AuditRow:
    id: int
    league_id: int
    game_id: int | None
    actor_id: int
    action: str
    reason: str
    at: datetime


# ---------------------------------------------------------------------------------------------- rows
_league = converter(LeagueRow, settings=("settings_json", json.loads))
_member = converter(MemberRow)
_season = converter(SeasonRow, final=("final_json", lambda text: None if text is None else json.loads(text)))
_table = converter(TableRow, members=("members", lambda text: tuple(json.loads(text))))
_rating = converter(RatingRow)
_point = converter(RatingPoint)
_queued = converter(QueueRow)
_round = converter(RoundRow)
_audit = converter(AuditRow)


_RESULTS = (
    "SELECT r.result_id, r.league_id, r.season, r.game_id, r.status, r.source, r.finished_at, r.recorded_at,"
    " r.reason, p.user_id, p.place FROM league_results r JOIN league_placements p ON p.result_id = r.result_id"
)
_RESULTS_ORDER = " ORDER BY r.result_id, p.seat"


def _results(rows: Sequence[Row]) -> list[ResultRow]:
    """Results from their placement rows (ordered by result, then seat)."""
    out: list[ResultRow] = []
    for _, placed in groupby(rows, key=lambda r: r[0]):
        group = list(placed)
        first = group[0]
        out.append(ResultRow(
            first[0], first[1], first[2], first[3], first[4], first[5], tuple(r[9] for r in group),
            tuple(r[10] for r in group), must_dt(first[6]), must_dt(first[7]), first[8],
        ))
    return out


class LeagueReader(Statements):
    """The league reads (part of :class:`bot.store.queries.StoreReader`).  The league tables keep their flags as
    integers on both databases, and their times as every table does (text on SQLite; ``TIMESTAMPTZ`` on PostgreSQL
    since step 17)."""

    __slots__ = ()

    async def league(self, league_id: int) -> LeagueRow | None:
        return await self._first(_league, "SELECT * FROM leagues WHERE league_id = ?", (league_id,))

    async def league_by_name(self, guild_id: int, name: str) -> LeagueRow | None:
        return await self._first(_league, "SELECT * FROM leagues WHERE guild_id = ? AND name = ? COLLATE NOCASE",
                                 (guild_id, name))

    async def leagues(self, guild_id: int | None = None) -> list[LeagueRow]:
        if guild_id is None:
            return await self._all(_league, "SELECT * FROM leagues ORDER BY league_id")
        return await self._all(_league, "SELECT * FROM leagues WHERE guild_id = ? ORDER BY name COLLATE NOCASE",
                               (guild_id,))

    async def league_members(self, league_id: int, *, active_only: bool = True) -> list[MemberRow]:
        extra = " AND status = 'active'" if active_only else ""
        return await self._all(_member, f"SELECT * FROM league_members WHERE league_id = ?{extra}"
                               " ORDER BY joined_at, user_id", (league_id,))

    async def league_member(self, league_id: int, user_id: int) -> MemberRow | None:
        return await self._first(_member, "SELECT * FROM league_members WHERE league_id = ? AND user_id = ?",
                                 (league_id, user_id))

    async def league_queue(self, league_id: int) -> list[QueueRow]:
        return await self._all(_queued, "SELECT * FROM league_queue WHERE league_id = ? ORDER BY queued_at, user_id",
                               (league_id,))

    async def league_tables(self, league_id: int, *, season: int | None = None) -> list[TableRow]:
        extra, params = ("", (league_id,)) if season is None else (" AND season = ?", (league_id, season))
        return await self._all(_table, f"SELECT * FROM league_tables WHERE league_id = ?{extra} ORDER BY table_id",
                               params)

    async def league_table_for_game(self, game_id: int) -> TableRow | None:
        return await self._first(_table, "SELECT * FROM league_tables WHERE game_id = ?", (game_id,))

    async def league_tables_unopened(self) -> list[TableRow]:
        """Tables whose game was not created or not started yet (a crash between seating and opening)."""
        return await self._all(_table, "SELECT * FROM league_tables WHERE game_id IS NULL"
                               " OR game_id IN (SELECT game_id FROM games WHERE status = 'lobby') ORDER BY table_id")

    async def league_games_unrecorded(self) -> list[TableRow]:
        """Tables whose game is over (not aborted) and has no result yet."""
        return await self._all(
            _table, "SELECT t.* FROM league_tables t JOIN games g ON g.game_id = t.game_id"
            " WHERE g.status = 'over' AND NOT EXISTS (SELECT 1 FROM league_results r WHERE r.game_id = t.game_id)"
            " ORDER BY g.ended_at, t.game_id")

    async def league_results(
        self, league_id: int, *, season: int | None = None, counted_only: bool = True
    ) -> list[ResultRow]:
        extra, params = ("", [league_id]) if season is None else (" AND r.season = ?", [league_id, season])
        extra += " AND r.status = 'counted'" if counted_only else ""
        return _results(await self._rows(f"{_RESULTS} WHERE r.league_id = ?{extra}{_RESULTS_ORDER}", params))

    async def league_places(self, league_id: int, season: int) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
        """The season's counted results, lean: ``(game id, members in seat order, places)`` (standings)."""
        rows = await self._rows(
            "SELECT r.game_id, group_concat(p.seat || ':' || p.user_id || ':' || p.place) FROM league_results r"
            " JOIN league_placements p ON p.result_id = r.result_id"
            " WHERE r.league_id = ? AND r.season = ? AND r.status = 'counted'"
            " GROUP BY r.result_id ORDER BY r.result_id", (league_id, season))
        out = []
        for game_id, text in rows:
            seats = sorted(tuple(map(int, item.split(":"))) for item in text.split(","))
            out.append((game_id, tuple(s[1] for s in seats), tuple(s[2] for s in seats)))
        return out

    async def league_result_for_game(self, game_id: int) -> ResultRow | None:
        found = _results(await self._rows(f"{_RESULTS} WHERE r.game_id = ?{_RESULTS_ORDER}", (game_id,)))
        return found[0] if found else None

    async def league_results_of_user(self, user_id: int, league_id: int | None = None) -> list[ResultRow]:
        extra = "" if league_id is None else " AND r.league_id = ?"
        params: list[Any] = [user_id] if league_id is None else [user_id, league_id]
        return _results(await self._rows(
            f"{_RESULTS} WHERE r.result_id IN (SELECT result_id FROM league_placements WHERE user_id = ?){extra}"
            + _RESULTS_ORDER, params))

    async def league_ratings(self, league_id: int, user_ids: Iterable[int] | None = None) -> dict[int, RatingRow]:
        extra, params = ("", (league_id,)) if user_ids is None else (
            " AND user_id IN (SELECT value FROM json_each(?))", (league_id, self._list(sorted(set(user_ids)))))
        found = await self._all(_rating, f"SELECT * FROM league_ratings WHERE league_id = ?{extra}", params)
        return {r.user_id: r for r in found}

    async def league_rating_history(self, league_id: int, user_id: int) -> list[RatingPoint]:
        return await self._all(_point, "SELECT * FROM league_rating_history WHERE league_id = ? AND user_id = ?"
                               " ORDER BY result_id", (league_id, user_id))

    async def league_rating_steps(self, league_id: int, game_ids: Iterable[int]) -> dict[
            tuple[int, int], tuple[float, float, float | None, float | None]]:
        """What the counted results of ``game_ids`` did to their players' ratings: ``(game_id, user_id)`` to
        ``(mu, sigma)`` after the game and the ``(mu, sigma)`` of the member's point before it (``None``: it was
        their first rated game).  Unrated games (computer players, voided) have none."""
        games = self._list(sorted(set(game_ids)))
        rows = await self._rows(
            "SELECT r.game_id, h.user_id, h.mu, h.sigma, h.pmu, h.psigma FROM league_results r JOIN ("
            " SELECT user_id, result_id, mu, sigma,"
            " LAG(mu) OVER (PARTITION BY user_id ORDER BY result_id) AS pmu,"
            " LAG(sigma) OVER (PARTITION BY user_id ORDER BY result_id) AS psigma"
            " FROM league_rating_history WHERE league_id = ? AND user_id IN (SELECT p.user_id FROM league_placements p"
            " JOIN league_results q ON q.result_id = p.result_id"
            " WHERE q.league_id = ? AND q.game_id IN (SELECT value FROM json_each(?)))"
            ") h ON h.result_id = r.result_id"
            " WHERE r.league_id = ? AND r.status = 'counted' AND r.game_id IN (SELECT value FROM json_each(?))",
            (league_id, league_id, games, league_id, games))
        return {(int(r[0]), int(r[1])): (float(r[2]), float(r[3]), None if r[4] is None else float(r[4]),
                                         None if r[5] is None else float(r[5])) for r in rows}

    async def league_recent_history(self, league_id: int, user_ids: Iterable[int], per_user: int) -> dict[
            int, list[RatingPoint]]:
        out: dict[int, list[RatingPoint]] = {}
        for uid in user_ids:
            newest = await self._all(_point, "SELECT * FROM league_rating_history WHERE league_id = ?"
                                     " AND user_id = ? ORDER BY result_id DESC LIMIT ?", (league_id, uid, per_user))
            out[uid] = newest[::-1]
        return out

    async def league_seasons(self, league_id: int) -> list[SeasonRow]:
        return await self._all(_season, "SELECT * FROM league_seasons WHERE league_id = ? ORDER BY season",
                               (league_id,))

    async def league_rounds(self, league_id: int, season: int) -> list[RoundRow]:
        return await self._all(_round, "SELECT * FROM league_rounds WHERE league_id = ? AND season = ? ORDER BY round",
                               (league_id, season))

    async def league_rounds_due(self, now: datetime) -> list[RoundRow]:
        return await self._all(_round, "SELECT * FROM league_rounds WHERE closed_at IS NULL AND deadline <= ?"
                               " ORDER BY deadline", (self._t(now),))

    async def league_audit(self, league_id: int, game_id: int | None = None) -> list[AuditRow]:
        extra, params = ("", (league_id,)) if game_id is None else (" AND game_id = ?", (league_id, game_id))
        return await self._all(_audit, f"SELECT * FROM league_audit WHERE league_id = ?{extra} ORDER BY id", params)


class LeagueWriter(LeagueReader):
    """The league writes inside ``store.transaction()`` (part of :class:`bot.store.queries.StoreWriter`)."""

    __slots__ = ()

    async def insert_league(self, new: NewLeague) -> int:
        league_id = await self._insert(
            "INSERT INTO leagues (guild_id, name, creator_id, channel_id, announce_channel_id, organizer_role_id,"
            " ruleset, seats, turn_timer_s, format, round_length_s, season_days, settings_json, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING league_id",
            (new.guild_id, new.name, new.creator_id, new.channel_id, new.announce_channel_id,
             new.organizer_role_id, new.ruleset, new.seats, new.turn_timer_s, new.format, new.round_length_s,
             new.season_days, json.dumps(dict(new.settings), sort_keys=True), self._t(new.created_at)))
        await self.insert_league_season(league_id, 1, new.created_at)
        return league_id

    async def set_league_season(self, league_id: int, season: int) -> None:
        await self._exec("UPDATE leagues SET season = ? WHERE league_id = ?", (season, league_id))

    async def set_league_settings(self, league_id: int, settings: Mapping[str, Any]) -> None:
        await self._exec("UPDATE leagues SET settings_json = ? WHERE league_id = ?",
                          (json.dumps(dict(settings), sort_keys=True), league_id))

    async def save_league_member(self, league_id: int, user_id: int, joined_at: datetime, status: str) -> None:
        await self._exec("INSERT INTO league_members (league_id, user_id, joined_at, status) VALUES (?, ?, ?, ?)"
                         " ON CONFLICT(league_id, user_id) DO UPDATE SET status = excluded.status",
                         (league_id, user_id, self._t(joined_at), status))
        await ensure_slugs(self, "member", [(league_id, user_id)], self._t(joined_at))  # its web page's link

    async def set_league_opt_out(self, league_id: int, user_id: int, opted_out: bool) -> None:
        await self._exec("UPDATE league_members SET opted_out = ? WHERE league_id = ? AND user_id = ?",
                          (int(opted_out), league_id, user_id))

    async def league_enqueue(self, league_id: int, user_id: int, at: datetime) -> None:
        await self._exec("INSERT INTO league_queue VALUES (?, ?, ?)", (league_id, user_id, self._t(at)))

    async def league_dequeue(self, league_id: int, user_ids: Iterable[int]) -> int:
        ids = list(user_ids)
        if not ids:
            return 0
        return await self._exec("DELETE FROM league_queue WHERE league_id = ?"
                                " AND user_id IN (SELECT value FROM json_each(?))", (league_id, self._list(ids)))

    async def insert_league_table(
        self, league_id: int, season: int, round: int | None, members: Sequence[int], at: datetime
    ) -> int:
        return await self._insert("INSERT INTO league_tables (league_id, season, round, members, created_at)"
                                  " VALUES (?, ?, ?, ?, ?) RETURNING table_id",
                                  (league_id, season, round, json.dumps(list(members)), self._t(at)))

    async def set_league_table(self, table_id: int, *, channel_id: int | None = None,
                               game_id: int | None = None) -> None:
        """Set the table's thread and game (``None``: as it is)."""
        await self._exec("UPDATE league_tables SET channel_id = COALESCE(?, channel_id), game_id = COALESCE(?, game_id)"
                         " WHERE table_id = ?", (channel_id, game_id, table_id))
        if game_id is not None:  # the game's web page's link
            await self._exec("INSERT INTO web_links (slug, kind, target_id, user_id, created_at)"
                             " SELECT ?, 'game', game_id, 0, created_at FROM league_tables WHERE table_id = ?"
                             " ON CONFLICT DO NOTHING", (new_slug(), table_id))

    async def insert_league_result(
        self, *, league_id: int, season: int, game_id: int, status: ResultStatus, source: ResultSource,
        members: Sequence[int], places: Sequence[int], finished_at: datetime, recorded_at: datetime,
        reason: str | None,
    ) -> int:
        """``StoreConflict`` if the game has a result already."""
        result_id = await self._insert(
            "INSERT INTO league_results (league_id, season, game_id, status, source, finished_at, recorded_at,"
            " reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING result_id",
            (league_id, season, game_id, status, source, self._t(finished_at), self._t(recorded_at), reason))
        await self._many("INSERT INTO league_placements VALUES (?, ?, ?, ?)",
                         [(result_id, u, i, p) for i, (u, p) in enumerate(zip(members, places, strict=True))])
        return result_id

    async def update_league_result(
        self, result_id: int, *, status: ResultStatus, source: ResultSource, places: Sequence[int] | None,
        reason: str | None,
    ) -> None:
        await self._exec("UPDATE league_results SET status = ?, source = ?, reason = ? WHERE result_id = ?",
                          (status, source, reason, result_id))
        if places is not None:
            seated = await self._ids("SELECT user_id FROM league_placements WHERE result_id = ? ORDER BY seat",
                                     (result_id,))
            await self._many("UPDATE league_placements SET place = ? WHERE result_id = ? AND user_id = ?",
                             [(p, result_id, u) for u, p in zip(seated, places, strict=True)])

    async def save_league_ratings(self, league_id: int, ratings: Iterable[RatingRow],
                                  history: Iterable[RatingPoint]) -> None:
        await self._many("INSERT INTO league_ratings (league_id, user_id, mu, sigma, games, last_played)"
                         " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (league_id, user_id) DO UPDATE SET mu = excluded.mu,"
                         " sigma = excluded.sigma, games = excluded.games, last_played = excluded.last_played",
                         [(league_id, r.user_id, r.mu, r.sigma, r.games,
                           None if r.last_played is None else self._t(r.last_played)) for r in ratings])
        await self._many("INSERT INTO league_rating_history (league_id, user_id, result_id, mu, sigma, at)"
                         " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (league_id, user_id, result_id)"
                         " DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, at = excluded.at",
                         [(league_id, h.user_id, h.result_id, h.mu, h.sigma, self._t(h.at)) for h in history])

    async def clear_league_ratings(self, league_id: int) -> None:
        await self._exec("DELETE FROM league_ratings WHERE league_id = ?", (league_id,))
        await self._exec("DELETE FROM league_rating_history WHERE league_id = ?", (league_id,))

    async def insert_league_season(self, league_id: int, season: int, started_at: datetime) -> None:
        await self._exec("INSERT INTO league_seasons (league_id, season, started_at) VALUES (?, ?, ?)",
                          (league_id, season, self._t(started_at)))

    async def close_league_season(self, league_id: int, season: int, ended_at: datetime, reset_keep: float,
                                  final: Sequence[Mapping[str, Any]]) -> None:
        await self._exec(
            "UPDATE league_seasons SET ended_at = ?, reset_keep = ?, final_json = ? WHERE league_id = ? AND season = ?",
            (self._t(ended_at), reset_keep, json.dumps([dict(f) for f in final]), league_id, season))

    async def insert_league_round(self, league_id: int, season: int, round: int, started_at: datetime,
                                  deadline: datetime) -> None:
        await self._exec("INSERT INTO league_rounds (league_id, season, round, started_at, deadline)"
                          " VALUES (?, ?, ?, ?, ?)", (league_id, season, round, self._t(started_at), self._t(deadline)))

    async def close_league_round(self, league_id: int, season: int, round: int, at: datetime) -> None:
        await self._exec("UPDATE league_rounds SET closed_at = ? WHERE league_id = ? AND season = ? AND round = ?",
                          (self._t(at), league_id, season, round))

    async def add_league_audit(self, league_id: int, game_id: int | None, actor_id: int, action: str, reason: str,
                               at: datetime) -> None:
        await self._exec("INSERT INTO league_audit (league_id, game_id, actor_id, action, reason, at)"
                          " VALUES (?, ?, ?, ?, ?, ?)", (league_id, game_id, actor_id, action, reason, self._t(at)))
