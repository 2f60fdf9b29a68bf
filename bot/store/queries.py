"""Every query of the store and its row converters, written once for SQLite and PostgreSQL.

:class:`StoreReader` (reads) and :class:`StoreWriter` (reads and writes) are the types the service is written
against.  Their statements are in SQLite's spelling (:mod:`bot.store.dialect` translates them for
PostgreSQL), over a backend's primitives (:mod:`bot.store.statements`); the league statements are mixed in
(:mod:`bot.store.leagues`), and so are the web pages' (:mod:`bot.store.web`) and the web sessions'
(:mod:`bot.store.sessions`).  A backend's transaction class adds
only what is its own (``PgTx``: the fast paths of :mod:`bot.store.postgres`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from bot.store.errors import DuplicateRequestId, StoreConflict
from bot.store.leagues import LeagueReader, LeagueWriter
from bot.store.records import (
    ActionRow,
    GameBundle,
    GameRow,
    GameUpdate,
    GuildDefaults,
    HintRow,
    NewNotification,
    OutboxRow,
    PlanRow,
    Reliability,
    ReviewRow,
    SeatRow,
    ThreadState,
    TimerRow,
    UserRow,
    WritePlan,
    bundle_log_start,
    must_dt,
)
from bot.store.sessions import SessionReader, SessionWriter
from bot.store.statements import converter
from bot.store.web import WebReader, WebWriter

TimeParam = Callable[[datetime], Any]


def pg_time(value: datetime) -> datetime:
    """A time parameter for PostgreSQL: aware datetimes only (as :func:`~bot.store.records.ts` for SQLite)."""
    if value.tzinfo is None:
        raise ValueError("naive datetime")
    return value


def _json_tuple(text: str | None) -> tuple[int, ...] | None:
    return None if text is None else tuple(json.loads(text))


game_row = converter(GameRow, options=("options_json", json.loads), seat_order=("seat_order", _json_tuple))
seat_row = converter(SeatRow)
action_row = converter(ActionRow)
user_row = converter(UserRow)
timer_row = converter(TimerRow)
outbox_row = converter(OutboxRow, params=("params_json", json.loads))
hint_row = converter(HintRow)
plan_row = converter(PlanRow)
review_row = converter(ReviewRow)
guild_defaults_row = converter(GuildDefaults)


def timer_params(timer: TimerRow, t: TimeParam) -> tuple[Any, ...]:
    return (timer.game_id, timer.version, timer.seat, timer.user_id, t(timer.started_at),
            None if timer.due_at is None else t(timer.due_at), None if timer.remind_at is None else t(timer.remind_at),
            timer.paused_left_s)


def note_params(n: NewNotification, created_at: datetime, t: TimeParam) -> tuple[Any, ...]:
    return (n.user_id, n.game_id, n.channel_id, n.game_version, n.kind, json.dumps(dict(n.params), sort_keys=True),
            t(created_at), t(n.deliver_after))


#: A user row with its computer-vacation flag (``FROM users u``).
_USER_COLUMNS = "u.*, u.user_id IN (SELECT user_id FROM vacation_computers) AS vacation_computer"
#: The games of this process's shards (``g``): its shard count and shard ids follow as two parameters.
SHARD_FILTER = "(COALESCE(g.guild_id, 0) >> 22) % ? IN (SELECT value FROM json_each(?))"
ACTION_INSERT = ("INSERT INTO actions (game_id, seq, seat, code, user_id, source, at, request_id)"
                 " VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
OUTBOX_INSERT = ("INSERT INTO outbox (user_id, game_id, channel_id, game_version, kind, params_json, created_at,"
                 " deliver_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
#: Only a user's last-notified time (their other settings stay as stored).
SET_NOTIFIED = ("INSERT INTO users (user_id, last_notified_at) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET last_notified_at = excluded.last_notified_at")
_TIMER_UPSERT = ("INSERT INTO timers (game_id, version, seat, user_id, started_at, due_at, remind_at, paused_left_s)"
                 " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET version = excluded.version,"
                 " seat = excluded.seat, user_id = excluded.user_id, started_at = excluded.started_at,"
                 " due_at = excluded.due_at, remind_at = excluded.remind_at, paused_left_s = excluded.paused_left_s")


class StoreReader(LeagueReader, WebReader, SessionReader):
    """Reads inside ``store.reading()`` or ``store.transaction()``: the store's queries, for both databases."""

    __slots__ = ()

    def _shards(self) -> tuple[int, list[int]]:
        """The shard count and this process's shard ids, for ``SHARD_FILTER`` (one process: all games)."""
        return 1, [0]

    def _check_owned(self, game_id: int, guild_id: int | None) -> None:
        """Refuse (``StoreConflict``) a write to a game another process runs (one process: never)."""

    def _ot(self, value: datetime | None) -> Any:
        return None if value is None else self._t(value)

    def _shard_params(self) -> tuple[int, Any]:
        count, ids = self._shards()
        return count, self._list(ids)

    async def game(self, game_id: int) -> GameRow | None:
        return await self._first(game_row, "SELECT * FROM games WHERE game_id = ?", (game_id,))

    async def game_by_request(self, request: str) -> GameRow | None:
        return await self._first(game_row, "SELECT * FROM games WHERE create_request = ?", (request,))

    async def game_bundle(self, game_id: int) -> GameBundle | None:
        """The game, its seats, clock, log after its snapshot and take-back count, read together (one
        statement where the backend can); ``None`` if there is no such game."""
        found = await self._one(
            "SELECT g.*, (SELECT count(*) FROM undone_actions u WHERE u.game_id = g.game_id) AS bundle_takebacks"
            " FROM games g WHERE g.game_id = ?",
            (game_id,),
        )
        if found is None:
            return None
        row = game_row(found)
        after = bundle_log_start(row)
        log_rows = await self.actions(game_id, after=after) if row.config_json else []
        return GameBundle(row, await self.seats(game_id), await self.timer(game_id), log_rows, after,
                          int(found["bundle_takebacks"]))

    async def games(self, game_ids: Iterable[int]) -> dict[int, GameRow]:
        """The games of ``game_ids`` that exist, by id (one statement)."""
        rows = await self._rows("SELECT * FROM games WHERE game_id IN (SELECT value FROM json_each(?))",
                                (self._list(sorted(set(game_ids))),))
        return {int(r["game_id"]): game_row(r) for r in rows}

    async def rematch_of(self, game_id: int) -> GameRow | None:
        """The rematch opened after game ``game_id``, if any (one per game)."""
        return await self._first(game_row, "SELECT * FROM games WHERE rematch_of = ?", (game_id,))

    async def game_for_channel(self, channel_id: int) -> GameRow | None:
        """The live game of a channel, else its most recent finished one."""
        return await self._first(game_row, "SELECT * FROM games WHERE channel_id = ?"
                                 " ORDER BY status IN ('lobby', 'active') DESC, game_id DESC LIMIT 1", (channel_id,))

    async def games_for_user(self, user_id: int, *, live_only: bool) -> list[GameRow]:
        extra = " AND g.status IN ('lobby', 'active')" if live_only else ""
        return await self._all(game_row, "SELECT g.* FROM games g JOIN seats s ON s.game_id = g.game_id"
                               f" WHERE s.user_id = ?{extra} ORDER BY g.game_id", (user_id,))

    async def seats(self, game_id: int) -> list[SeatRow]:
        return await self._all(seat_row, "SELECT * FROM seats WHERE game_id = ? ORDER BY join_order", (game_id,))

    async def seats_of_games(self, game_ids: Iterable[int]) -> dict[int, list[SeatRow]]:
        """The seats of several games at once (a page listing games with their results), by game."""
        rows = await self._all(seat_row, "SELECT * FROM seats WHERE game_id IN (SELECT value FROM json_each(?))"
                               " ORDER BY game_id, join_order", (self._list(sorted(set(game_ids))),))
        out: dict[int, list[SeatRow]] = {}
        for seat in rows:
            out.setdefault(seat.game_id, []).append(seat)
        return out

    async def actions(self, game_id: int, *, after: int = 0) -> list[ActionRow]:
        return await self._all(action_row, "SELECT * FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq",
                               (game_id, after))

    async def undone_actions(self, game_id: int) -> list[ActionRow]:
        """The moves taken back (ruling B-16), oldest first: kept for the record, never replayed."""
        return await self._all(action_row, "SELECT * FROM undone_actions WHERE game_id = ? ORDER BY rowid",
                               (game_id,))

    async def action_by_request(self, game_id: int, request_id: str) -> ActionRow | None:
        return await self._first(action_row, "SELECT * FROM actions WHERE game_id = ? AND request_id = ?",
                                 (game_id, request_id))

    async def users(self, user_ids: Iterable[int]) -> dict[int, UserRow]:
        ids = sorted(set(user_ids))
        out = {uid: UserRow(uid) for uid in ids}
        if ids:
            sql = f"SELECT {_USER_COLUMNS} FROM users u WHERE u.user_id IN (SELECT value FROM json_each(?))"
            for row in await self._rows(sql, (self._list(ids),)):
                out[row["user_id"]] = user_row(row)
        return out

    async def known_names(self) -> dict[int, str]:
        rows = await self._rows("SELECT user_id, name FROM users WHERE name IS NOT NULL")
        return {int(r["user_id"]): str(r["name"]) for r in rows}

    async def users_back_from_vacation(self, now: datetime) -> list[UserRow]:
        """Users whose vacation ended by ``now``; with shards, only shard 0's owner ends them (once)."""
        if 0 not in self._shards()[1]:
            return []
        return await self._all(user_row, f"SELECT {_USER_COLUMNS} FROM users u WHERE u.vacation_until IS NOT NULL"
                               " AND u.vacation_until <= ?", (self._t(now),))

    async def vacations_since(self, user_id: int, since: datetime) -> list[tuple[datetime, datetime]]:
        rows = await self._rows("SELECT starts_at, ends_at FROM vacations WHERE user_id = ? AND ends_at > ?"
                                " ORDER BY starts_at", (user_id, self._t(since)))
        return [(must_dt(r[0]), must_dt(r[1])) for r in rows]

    async def timer(self, game_id: int) -> TimerRow | None:
        return await self._first(timer_row, "SELECT * FROM timers WHERE game_id = ?", (game_id,))

    async def timers_for_user(self, user_id: int) -> list[TimerRow]:
        return await self._all(timer_row, "SELECT * FROM timers WHERE user_id = ?", (user_id,))

    async def due_timers(self, now: datetime, limit: int = 500, *, after: int = 0) -> list[TimerRow]:
        """The clocks due or to remind by ``now`` of this process's shards, by game id (each through its index)."""
        part = ("SELECT t.* FROM timers t JOIN games g ON g.game_id = t.game_id WHERE t.{} <= ? AND t.game_id > ?"
                f" AND {SHARD_FILTER}")
        key, shards = self._t(now), self._shard_params()
        return await self._all(timer_row, f"{part.format('due_at')} UNION {part.format('remind_at')}"
                               " ORDER BY game_id LIMIT ?", (key, after, *shards, key, after, *shards, limit))

    async def computer_turns(self, now: datetime) -> list[int]:
        """Active games whose seat to act is a computer's (negative user id), belongs to a user on a
        vacation played by a computer (``vacation_computer``, ``vacation_until > now``), or is a removed
        player's in a game with timeout policy ``"ai"`` (a computer finishes it)."""
        return await self._ids(
            "SELECT g.game_id FROM games g JOIN seats s ON s.game_id = g.game_id AND s.seat = g.to_act"
            " LEFT JOIN users u ON u.user_id = s.user_id"
            " WHERE g.status = 'active' AND g.thread_state IS NULL"
            " AND ((s.status = 'active' AND (s.user_id < 0 OR (u.vacation_until > ?"
            " AND u.user_id IN (SELECT user_id FROM vacation_computers))))"
            f" OR (s.status = 'removed' AND g.timeout_policy = 'ai')) AND {SHARD_FILTER} ORDER BY g.game_id",
            (self._t(now), *self._shard_params()))

    async def hints(self, game_id: int) -> list[HintRow]:
        return await self._all(hint_row, "SELECT * FROM hints WHERE game_id = ? ORDER BY version, rowid", (game_id,))

    async def guild_defaults(self, guild_id: int) -> GuildDefaults:
        """The server's defaults for ``/splendor new`` (all unset if it has none)."""
        found = await self._first(guild_defaults_row, "SELECT * FROM guild_defaults WHERE guild_id = ?", (guild_id,))
        return found or GuildDefaults(guild_id)

    async def plans(self, game_id: int, user_id: int | None = None) -> list[PlanRow]:
        """The game's plans (only ``user_id``'s when given), by author and slot."""
        mine, params = ("", (game_id,)) if user_id is None else (" AND user_id = ?", (game_id, user_id))
        return await self._all(plan_row, f"SELECT * FROM plans WHERE game_id = ?{mine} ORDER BY user_id, slot", params)

    async def planned_games(self) -> list[int]:
        """The running games (of this process's shards) where someone has a plan."""
        return await self._ids("SELECT DISTINCT g.game_id FROM plans p JOIN games g ON g.game_id = p.game_id"
                               f" WHERE g.status = 'active' AND {SHARD_FILTER} ORDER BY g.game_id",
                               self._shard_params())

    async def blocked_by(self, user_id: int) -> list[int]:
        """Whom ``user_id`` blocked, oldest first."""
        return await self._ids("SELECT blocked_id FROM blocks WHERE user_id = ? ORDER BY created_at, blocked_id",
                               (user_id,))

    async def blocks_among(self, user_ids: Iterable[int]) -> set[frozenset[int]]:
        """The pairs of ``user_ids`` where one blocked the other (one statement)."""
        ids = self._list(sorted(set(user_ids)))
        rows = await self._rows(
            "SELECT user_id, blocked_id FROM blocks WHERE user_id IN (SELECT value FROM json_each(?))"
            " AND blocked_id IN (SELECT value FROM json_each(?))", (ids, ids))
        return {frozenset((int(r[0]), int(r[1]))) for r in rows}

    async def reliability(self, user_ids: Iterable[int], since: datetime) -> dict[int, Reliability]:
        """Each user's record in the games running or ended since ``since``: finished, turns timed out (the seats'
        expiries), left before the end (resigned or removed); users with no such game are missing."""
        rows = await self._rows(
            "SELECT s.user_id, SUM(CASE WHEN g.status = 'over' AND s.status = 'active' THEN 1 ELSE 0 END),"
            " SUM(s.expiries), SUM(CASE WHEN s.status IN ('resigned', 'removed') THEN 1 ELSE 0 END)"
            " FROM seats s JOIN games g ON g.game_id = s.game_id"
            " WHERE s.user_id IN (SELECT value FROM json_each(?)) AND g.started_at IS NOT NULL"
            " AND g.status != 'aborted' AND (g.ended_at IS NULL OR g.ended_at >= ?) GROUP BY s.user_id",
            (self._list(sorted(set(user_ids))), self._t(since)))
        return {int(r[0]): Reliability(int(r[1]), int(r[2]), int(r[3])) for r in rows}

    async def web_reliability(self, user_id: int, since: datetime) -> Reliability:
        """:meth:`reliability` counted over the games whose web pages are on (their league's, or their own outside
        leagues; table ``web_links``): what a web page may show without telling of the others."""
        row = await self._one(
            "SELECT COALESCE(SUM(CASE WHEN g.status = 'over' AND s.status = 'active' THEN 1 ELSE 0 END), 0),"
            " COALESCE(SUM(s.expiries), 0), COALESCE(SUM(CASE WHEN s.status IN ('resigned', 'removed') THEN 1 ELSE 0"
            " END), 0) FROM seats s JOIN games g ON g.game_id = s.game_id"
            " LEFT JOIN league_tables t ON t.game_id = g.game_id"
            " JOIN web_links w ON w.user_id = 0 AND w.mode IN ('unlisted', 'public') AND"
            " ((t.league_id IS NOT NULL AND w.kind = 'league' AND w.target_id = t.league_id)"
            " OR (t.league_id IS NULL AND w.kind = 'game' AND w.target_id = g.game_id))"
            " WHERE s.user_id = ? AND g.started_at IS NOT NULL AND g.status != 'aborted'"
            " AND (g.ended_at IS NULL OR g.ended_at >= ?)", (user_id, self._t(since)))
        return Reliability() if row is None else Reliability(int(row[0]), int(row[1]), int(row[2]))

    async def thread_troubles(self, state: ThreadState, before: datetime) -> list[int]:
        """Live games whose thread was found in ``state`` (``blocked``, ``lost``) at or before ``before``, by id."""
        return await self._ids(
            "SELECT g.game_id FROM games g WHERE g.thread_state = ? AND g.thread_since <= ?"
            f" AND g.status IN ('lobby', 'active') AND {SHARD_FILTER} ORDER BY g.game_id",
            (state, self._t(before), *self._shard_params()))

    async def pending_notifications(self, now: datetime, limit: int = 1000, *, after: int = 0) -> list[OutboxRow]:
        """Undelivered rows due at ``now``, by id, with ids after ``after`` (paging)."""
        return await self._all(outbox_row, "SELECT * FROM outbox WHERE delivered_at IS NULL AND deliver_after <= ?"
                               " AND id > ? ORDER BY id LIMIT ?", (self._t(now), after, limit))

    async def notifications(self, user_id: int | None = None) -> list[OutboxRow]:
        """Every outbox row (tests and admin tools)."""
        where, params = ("", ()) if user_id is None else (" WHERE user_id = ?", (user_id,))
        return await self._all(outbox_row, f"SELECT * FROM outbox{where} ORDER BY id", params)

    async def board_posts(self, game_id: int | None = None) -> list[OutboxRow]:
        """This process's shards' undelivered ``board`` rows (not claimed: the process running a game's
        computers posts their boards, and a board sent twice carries the same nonce)."""
        where, params = ("", ()) if game_id is None else (" AND o.game_id = ?", (game_id,))
        return await self._all(outbox_row, "SELECT o.* FROM outbox o LEFT JOIN games g ON g.game_id = o.game_id"
                               f" WHERE o.delivered_at IS NULL AND o.kind = 'board'{where} AND {SHARD_FILTER}"
                               " ORDER BY o.id", (*params, *self._shard_params()))

    async def review(self, game_id: int) -> ReviewRow | None:
        return await self._first(review_row, "SELECT * FROM reviews WHERE game_id = ?", (game_id,))

    async def reviews_due(self, ended_since: datetime, limit: int = 500) -> list[int]:
        """This process's shards' games whose review is to be made: queued (``pending``), or finished since
        ``ended_since`` with none queued (the bot stopped between the end and the queueing), by game id."""
        return await self._ids(
            "SELECT g.game_id FROM games g LEFT JOIN reviews r ON r.game_id = g.game_id"
            " WHERE (r.status = 'pending' OR (r.game_id IS NULL AND g.status = 'over' AND g.ended_at >= ?))"
            f" AND {SHARD_FILTER} ORDER BY g.game_id LIMIT ?", (self._t(ended_since), *self._shard_params(), limit))

    async def review_graphs_due(self) -> list[int]:
        """This process's shards' games whose review is made and whose graph is still to be posted, by game id."""
        return await self._ids("SELECT g.game_id FROM reviews r JOIN games g ON g.game_id = r.game_id"
                               f" WHERE r.status = 'done' AND r.graph = 'due' AND {SHARD_FILTER} ORDER BY g.game_id",
                               self._shard_params())

    async def rated_reviews(self, user_id: int) -> list[tuple[int, str]]:
        """The user's seat and the review of each of their rated (ranked) finished games that has one."""
        rows = await self._rows(
            "SELECT s.seat, r.review_json FROM seats s JOIN games g ON g.game_id = s.game_id"
            " JOIN reviews r ON r.game_id = g.game_id WHERE s.user_id = ? AND g.ranked AND g.status = 'over'"
            " AND s.seat IS NOT NULL AND r.status = 'done' ORDER BY g.game_id", (user_id,))
        return [(int(r[0]), str(r[1])) for r in rows]


class StoreWriter(StoreReader, LeagueWriter, WebWriter, SessionWriter):
    """Reads and writes inside ``store.transaction()``."""

    __slots__ = ()

    async def insert_game(
        self, *, guild_id: int | None, channel_id: int, creator_id: int, ruleset: str, max_players: int,
        options: Mapping[str, Any], turn_timer_s: int | None, timeout_policy: str, max_expiries: int, ranked: bool,
        seed: int, created_at: datetime, create_request: str | None, lang: str | None = None,
        rematch_of: int | None = None, seat_order: Sequence[int] | None = None,
        bank_initial_s: int | None = None, bank_increment_s: int | None = None, seated: Sequence[int] = (),
    ) -> tuple[GameRow, list[SeatRow]]:
        """A new lobby's row and its first seats (``seated``, in that order, joined as it is created);
        ``StoreConflict`` if the channel has a live game or the request id was used."""
        self._check_owned(0, guild_id)
        return await self._open_lobby(
            "INSERT INTO games (guild_id, channel_id, creator_id, ruleset, max_players, options_json, turn_timer_s,"
            " timeout_policy, max_expiries, ranked, seed, created_at, create_request, lang, rematch_of, seat_order,"
            " bank_initial_s, bank_increment_s) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " RETURNING *",
            (guild_id, channel_id, creator_id, ruleset, max_players, json.dumps(dict(options), sort_keys=True),
             turn_timer_s, timeout_policy, max_expiries, self._b(ranked), seed, self._t(created_at), create_request,
             lang, rematch_of, None if seat_order is None else json.dumps(list(seat_order)), bank_initial_s,
             bank_increment_s),
            seated, created_at,
        )

    async def _open_lobby(self, sql: str, params: Sequence[Any], seated: Sequence[int], at: datetime
                          ) -> tuple[GameRow, list[SeatRow]]:
        """The game's insert (``sql``), then each seat's (PostgreSQL: one statement)."""
        row = await self._one(sql, params)
        assert row is not None
        game = game_row(row)
        return game, [await self.add_seat(game.game_id, uid, at) for uid in seated]

    async def update_game(self, game_id: int, update: GameUpdate, *, expect_version: int | None = None) -> None:
        """Apply ``update``; with ``expect_version`` the write is guarded (``StoreConflict``)."""
        cols = update.columns(self._t)
        if not cols:
            return
        sql = f"UPDATE games SET {', '.join(f'{c} = ?' for c in cols)} WHERE game_id = ?"
        params: list[Any] = [*cols.values(), game_id]
        if expect_version is not None:
            sql += " AND version = ?"
            params.append(expect_version)
        if await self._exec(sql, params) != 1:
            raise StoreConflict(f"game {game_id} changed")

    async def apply_plans(self, plans: Sequence[WritePlan]) -> None:
        """Write several games' state changes with one statement per table (group commit); ``StoreConflict``
        if a game row was not at its expected version (the caller rolls back and retries the plans one by one)."""
        by_cols: dict[tuple[str, ...], list[tuple[WritePlan, dict[str, Any]]]] = {}
        for plan in plans:
            cols = plan.game.columns(self._t)
            by_cols.setdefault(tuple(sorted(cols)), []).append((plan, cols))
        for names, group in by_cols.items():
            sets = ", ".join(f"{c} = ?" for c in names) or "version = version"
            done = await self._many(
                f"UPDATE games SET {sets} WHERE game_id = ? AND version = ?",
                [(*(cols[c] for c in names), p.game_id, p.expect_version) for p, cols in group],
            )
            if done != len(group):
                raise StoreConflict("a game changed under a batch")
        actions = [a for p in plans for a in p.actions]
        if actions:
            await self.append_actions(actions)
        seats = [s for p in plans for s in p.seats]
        if seats:
            await self.save_seats(seats)
        cleared = [(p.game_id,) for p in plans if p.clear_timer and p.timer is None]
        if cleared:
            await self._many("DELETE FROM timers WHERE game_id = ?", cleared)
        timers = [timer_params(p.timer, self._t) for p in plans if p.timer is not None]
        if timers:
            await self._many(_TIMER_UPSERT, timers)
        notes = [note_params(n, p.now, self._t) for p in plans for n in p.notes]
        if notes:
            await self._many(OUTBOX_INSERT, notes)

    async def save_seats(self, seats: Sequence[SeatRow]) -> None:
        """Write started games' seat rows (seat number, status, expiries, result, time bank)."""
        await self._many(
            "UPDATE seats SET seat = ?, status = ?, expiries = ?, final_score = ?, place = ?, result = ?,"
            " bank_left_s = ?, bank_undo_s = ? WHERE game_id = ? AND user_id = ?",
            [(s.seat, s.status, s.expiries, s.final_score, s.place, s.result, s.bank_left_s, s.bank_undo_s,
              s.game_id, s.user_id) for s in seats],
        )

    async def add_seat(self, game_id: int, user_id: int, joined_at: datetime) -> SeatRow:
        """Seat ``user_id`` after the game's last seat, with the name they have now (the web pages name players
        as they were called at the time of play); one statement."""
        row = await self._first(
            seat_row, "INSERT INTO seats (game_id, user_id, joined_at, join_order, name)"
            " VALUES (?, ?, ?, (SELECT COALESCE(MAX(join_order), 0) + 1 FROM seats WHERE game_id = ?),"
            " (SELECT name FROM users WHERE user_id = ?)) RETURNING *",
            (game_id, user_id, self._t(joined_at), game_id, user_id))
        assert row is not None
        return row

    async def remove_seat(self, game_id: int, user_id: int) -> None:
        await self._exec("DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))

    async def append_actions(self, rows: Iterable[ActionRow]) -> None:
        """Append to the log: ``DuplicateRequestId`` if a request id is there already, ``StoreConflict``
        if a sequence number is."""
        rows = list(rows)
        try:
            await self._many(ACTION_INSERT, [(a.game_id, a.seq, a.seat, a.code, a.user_id, a.source, self._t(a.at),
                                              a.request_id) for a in rows])
        except DuplicateRequestId as exc:
            raise exc.naming(a.request_id for a in rows) from exc

    async def take_back_action(self, game_id: int, seq: int, undone_at: datetime) -> None:
        """Move the log's row ``seq`` (its last) to ``undone_actions``; ``StoreConflict`` if it is not the last."""
        last = await self._one("SELECT MAX(seq) AS seq FROM actions WHERE game_id = ?", (game_id,))
        if last is None or last["seq"] != seq:
            raise StoreConflict(f"game {game_id}: action {seq} is not the last one")
        await self._exec(
            "INSERT INTO undone_actions (game_id, seq, seat, code, user_id, source, at, request_id, undone_at)"
            " SELECT game_id, seq, seat, code, user_id, source, at, request_id, ? FROM actions"
            " WHERE game_id = ? AND seq = ?", (self._t(undone_at), game_id, seq))
        await self._exec("DELETE FROM actions WHERE game_id = ? AND seq = ?", (game_id, seq))

    async def save_user(self, user: UserRow) -> None:
        """Insert or replace the user's settings (a ``None`` name keeps the stored one)."""
        await self._exec(
            "INSERT INTO users (user_id, lang, notify, quiet_start, quiet_end, tz, vacation_until, last_notified_at,"
            " name) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET lang = excluded.lang,"
            " notify = excluded.notify, quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end,"
            " tz = excluded.tz, vacation_until = excluded.vacation_until,"
            " last_notified_at = excluded.last_notified_at, name = COALESCE(excluded.name, users.name)",
            (user.user_id, user.lang, user.notify, user.quiet_start, user.quiet_end, user.tz,
             self._ot(user.vacation_until), self._ot(user.last_notified_at), user.name),
        )
        if user.vacation_computer:
            await self._exec("INSERT INTO vacation_computers (user_id) VALUES (?) ON CONFLICT DO NOTHING",
                             (user.user_id,))
        else:
            await self._exec("DELETE FROM vacation_computers WHERE user_id = ?", (user.user_id,))

    async def set_notified(self, user_id: int, at: datetime) -> None:
        await self._exec(SET_NOTIFIED, (user_id, self._t(at)))

    async def set_send_nonces(self, nonces: Mapping[int, str]) -> None:
        """Record the nonce each outbox row (by id) is about to be sent with."""
        await self._many("UPDATE outbox SET send_nonce = ? WHERE id = ?", [(n, i) for i, n in nonces.items()])

    async def retry_delivery(self, ids: Iterable[int], deliver_after: datetime, *, attempt: bool = True,
                             forget_nonce: bool = False) -> None:
        """A send of the undelivered rows ``ids`` failed: they are due again at ``deliver_after``; ``attempt``
        counts the failure (``attempts + 1``); ``forget_nonce`` clears ``send_nonce`` (what is sent next is a
        different message, which must not be taken for the first)."""
        await self._exec(
            "UPDATE outbox SET deliver_after = ?, attempts = attempts + ?,"
            " send_nonce = CASE WHEN ? THEN NULL ELSE send_nonce END"
            " WHERE id IN (SELECT value FROM json_each(?)) AND delivered_at IS NULL",
            (self._t(deliver_after), int(attempt), self._b(forget_nonce), self._list(list(ids))))

    async def set_thread_state(self, game_id: int, state: ThreadState | None, since: datetime | None, *,
                               channel_id: int | None = None) -> None:
        """Record why the bot cannot post in the game's thread (``None``: it can again); with ``channel_id``
        the game moved to that thread (its undelivered notifications point there too)."""
        await self._exec("UPDATE games SET thread_state = ?, thread_since = ?, channel_id = COALESCE(?, channel_id)"
                         " WHERE game_id = ?", (state, self._ot(since), channel_id, game_id))
        if channel_id is not None:
            await self._exec("UPDATE outbox SET channel_id = ? WHERE game_id = ? AND delivered_at IS NULL",
                             (channel_id, game_id))

    async def record_delivery(self, ids: Iterable[int], now: datetime, user_id: int, at: datetime) -> None:
        """``mark_delivered(ids, now)`` and ``set_notified(user_id, at)`` (one statement where the backend can)."""
        await self.mark_delivered(ids, now)
        await self.set_notified(user_id, at)

    async def add_vacation(self, user_id: int, starts: datetime, ends: datetime) -> None:
        await self._exec("INSERT INTO vacations VALUES (?, ?, ?)", (user_id, self._t(starts), self._t(ends)))

    async def cut_vacation(self, user_id: int, now: datetime) -> None:
        """End the user's running vacation now (keeps the used days in the bank)."""
        t = self._t(now)
        await self._exec("UPDATE vacations SET ends_at = ? WHERE user_id = ? AND starts_at <= ? AND ends_at > ?",
                         (t, user_id, t, t))

    async def set_timer(self, timer: TimerRow) -> None:
        await self._exec(_TIMER_UPSERT, timer_params(timer, self._t))

    async def clear_timer(self, game_id: int) -> None:
        await self._exec("DELETE FROM timers WHERE game_id = ?", (game_id,))

    async def save_guild_defaults(self, d: GuildDefaults) -> None:
        await self._exec(
            "INSERT INTO guild_defaults (guild_id, ruleset, turn_timer, lang, timeout_policy, channel_id)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET ruleset = excluded.ruleset,"
            " turn_timer = excluded.turn_timer, lang = excluded.lang, timeout_policy = excluded.timeout_policy,"
            " channel_id = excluded.channel_id",
            (d.guild_id, d.ruleset, d.turn_timer, d.lang, d.timeout_policy, d.channel_id))

    async def add_plan(self, plan: PlanRow) -> None:
        await self._exec(
            "INSERT INTO plans (game_id, user_id, slot, code, made_at, created_at, target, place, cond)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (plan.game_id, plan.user_id, plan.slot, plan.code, plan.made_at, self._t(plan.created_at), plan.target,
             plan.place, plan.cond))

    async def delete_plans(self, game_id: int, user_id: int | None = None, slots: Iterable[int] | None = None
                           ) -> int:
        """Drop the game's plans (``user_id``'s; only ``slots`` of them); how many went."""
        sql, params = "DELETE FROM plans WHERE game_id = ?", [game_id]
        if user_id is not None:
            sql, params = sql + " AND user_id = ?", [*params, user_id]
        if slots is not None:
            sql, params = sql + " AND slot IN (SELECT value FROM json_each(?))", [*params, self._list(sorted(slots))]
        return await self._exec(sql, tuple(params))

    async def add_block(self, user_id: int, blocked_id: int, at: datetime) -> None:
        await self._exec("INSERT INTO blocks (user_id, blocked_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                         (user_id, blocked_id, self._t(at)))

    async def remove_block(self, user_id: int, blocked_id: int) -> int:
        """Lift a block; how many rows went (0: there was none; PostgreSQL counts them too)."""
        return await self._exec("DELETE FROM blocks WHERE user_id = ? AND blocked_id = ?", (user_id, blocked_id))

    async def add_hint(self, hint: HintRow) -> None:
        await self._exec(
            "INSERT INTO hints (game_id, version, seat, user_id, code, at) VALUES (?, ?, ?, ?, ?, ?)",
            (hint.game_id, hint.version, hint.seat, hint.user_id, hint.code, self._t(hint.at)),
        )

    async def add_notifications(self, items: Iterable[NewNotification], created_at: datetime) -> None:
        notes = [note_params(n, created_at, self._t) for n in items]
        if notes:
            await self._many(OUTBOX_INSERT, notes)

    async def mark_delivered(self, ids: Iterable[int], now: datetime, *, dropped: bool = False) -> None:
        await self._exec(
            "UPDATE outbox SET delivered_at = ?, dropped = ? WHERE id IN (SELECT value FROM json_each(?))"
            " AND delivered_at IS NULL",
            (self._t(now), self._b(dropped), self._list(list(ids))),
        )

    async def prune_outbox(self, before: datetime, limit: int = 10_000) -> int:
        """Delete up to ``limit`` delivered or dropped rows handled before ``before``; returns how many."""
        return await self._exec(
            "DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE delivered_at IS NOT NULL"
            " AND delivered_at < ? LIMIT ?)",
            (self._t(before), limit),
        )

    async def queue_review(self, game_id: int, at: datetime, *, graph: bool) -> bool:
        """Queue the game's review (``graph``: post its graph in the thread once made); False if it has one."""
        return await self._exec(
            "INSERT INTO reviews (game_id, status, requested_at, graph) VALUES (?, 'pending', ?, ?)"
            " ON CONFLICT (game_id) DO NOTHING", (game_id, self._t(at), "due" if graph else None)) == 1

    async def save_review(self, game_id: int, review_json: str, made_with: str, cpu_s: float, at: datetime) -> None:
        await self._exec(
            "UPDATE reviews SET status = 'done', review_json = ?, made_with = ?, cpu_s = ?, done_at = ?,"
            " attempts = attempts + 1 WHERE game_id = ?", (review_json, made_with, cpu_s, self._t(at), game_id))

    async def review_failed(self, game_id: int, give_up_after: int) -> None:
        """Count a failed attempt; after ``give_up_after`` of them the review is ``failed`` (no more tries)."""
        await self._exec(
            "UPDATE reviews SET attempts = attempts + 1,"
            " status = CASE WHEN attempts + 1 >= ? THEN 'failed' ELSE status END WHERE game_id = ?",
            (give_up_after, game_id))

    async def review_graph_posted(self, game_id: int) -> None:
        await self._exec("UPDATE reviews SET graph = 'posted' WHERE game_id = ? AND graph = 'due'", (game_id,))
