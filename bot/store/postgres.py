"""The asyncpg implementation of the game store (PostgreSQL), for several bot processes.

Mirrors :mod:`bot.store.sqlite` method for method; the differences are the transaction model:

* a pool of connections instead of one connection and a lock: transactions of different games
  run side by side (one process's own per-game locks and the shard owner rule keep one writer
  per game);
* ``transaction()`` is READ COMMITTED: every guarded write (``UPDATE ... WHERE version = $n``,
  the unique request id of the log) is checked by PostgreSQL on the row it locks, so a stale
  write is refused (``StoreConflict``) and never applied;
* ``reading()`` is a REPEATABLE READ, READ ONLY transaction: its reads see one snapshot;
* ``commit_plans`` locks the plans' game rows (in game id order: no deadlock between two batches),
  checks their versions, then writes every table with one statement each.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import shutil
import signal
import socket
import uuid
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, TypeAlias, cast

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.store.errors import DuplicateRequestId, StoreConflict, StoreError
from bot.store.group import commit_grouped
from bot.store.leagues import LeagueSql
from bot.store.pg_dialect import SqliteDialect
from bot.store.pg_schema import PG_MIGRATIONS, PG_SCHEMA_VERSION, USERS_CHANNEL
from bot.store.protocol import GameStore
from bot.store.records import (
    ActionRow,
    GameBundle,
    GameRow,
    GameUpdate,
    HintRow,
    NewNotification,
    OutboxRow,
    SeatRow,
    ThreadState,
    TimerRow,
    UserRow,
    WritePlan,
    bundle_log_start,
)
from bot.store.shards import ShardClaimed, Shards, shard_of

log = logging.getLogger(__name__)
Record = asyncpg.Record
Conn: TypeAlias = "asyncpg.Connection[Record] | PoolConnectionProxy[Record]"
#: Advisory lock key under which migrations run (any constant; "SPLN").
MIGRATION_LOCK = 0x53504C4E
#: First key of the shards' advisory locks (the second is the shard id).
SHARD_LOCKS = 0x53484152


def _t(value: datetime) -> datetime:
    """A timestamp parameter: aware datetimes only (as ``records.ts`` for SQLite)."""
    if value.tzinfo is None:
        raise ValueError("naive datetime")
    return value


def _ot(value: datetime | None) -> datetime | None:
    return None if value is None else _t(value)


def _game(r: Record) -> GameRow:
    return GameRow(
        game_id=r["game_id"],
        guild_id=r["guild_id"],
        channel_id=r["channel_id"],
        creator_id=r["creator_id"],
        ruleset=r["ruleset"],
        max_players=r["max_players"],
        options=json.loads(r["options_json"]),
        turn_timer_s=r["turn_timer_s"],
        timeout_policy=r["timeout_policy"],
        max_expiries=r["max_expiries"],
        ranked=bool(r["ranked"]),
        seed=r["seed"],
        status=r["status"],
        config_json=r["config_json"],
        version=r["version"],
        to_act=r["to_act"],
        snapshot_json=r["snapshot_json"],
        snapshot_version=r["snapshot_version"],
        end_reason=r["end_reason"],
        created_at=r["created_at"],
        started_at=r["started_at"],
        ended_at=r["ended_at"],
        lang=r["lang"],
        thread_state=r["thread_state"],
        thread_since=r["thread_since"],
    )


def _seat(r: Record) -> SeatRow:
    return SeatRow(
        game_id=r["game_id"],
        user_id=r["user_id"],
        joined_at=r["joined_at"],
        join_order=r["join_order"],
        seat=r["seat"],
        status=r["status"],
        expiries=r["expiries"],
        final_score=r["final_score"],
        place=r["place"],
        result=r["result"],
    )


def _action(r: Record) -> ActionRow:
    return ActionRow(
        game_id=r["game_id"],
        seq=r["seq"],
        seat=r["seat"],
        code=r["code"],
        user_id=r["user_id"],
        source=r["source"],
        at=r["at"],
        request_id=r["request_id"],
    )


def _user(r: Record) -> UserRow:
    return UserRow(
        user_id=r["user_id"],
        lang=r["lang"],
        notify=r["notify"],
        quiet_start=r["quiet_start"],
        quiet_end=r["quiet_end"],
        tz=r["tz"],
        vacation_until=r["vacation_until"],
        last_notified_at=r["last_notified_at"],
        name=r["name"],
        vacation_computer=bool(r["vacation_computer"]),
    )


def _timer(r: Record) -> TimerRow:
    return TimerRow(
        game_id=r["game_id"],
        version=r["version"],
        seat=r["seat"],
        user_id=r["user_id"],
        started_at=r["started_at"],
        due_at=r["due_at"],
        remind_at=r["remind_at"],
        paused_left_s=r["paused_left_s"],
    )


def _outbox(r: Record) -> OutboxRow:
    return OutboxRow(
        id=r["id"],
        user_id=r["user_id"],
        game_id=r["game_id"],
        channel_id=r["channel_id"],
        game_version=r["game_version"],
        kind=r["kind"],
        params=json.loads(r["params_json"]),
        created_at=r["created_at"],
        deliver_after=r["deliver_after"],
        delivered_at=r["delivered_at"],
        send_nonce=r["send_nonce"],
        attempts=r["attempts"],
    )


#: A game's load in one statement; the nested rows come as JSON (composite types would make asyncpg
#: introspect them on every new connection, ~50 ms each).
_BUNDLE = (
    "SELECT g.*,"
    " (SELECT json_agg(s ORDER BY s.join_order) FROM seats s WHERE s.game_id = g.game_id) AS bundle_seats,"
    " (SELECT row_to_json(t) FROM timers t WHERE t.game_id = g.game_id) AS bundle_timer,"
    " (SELECT json_agg(a ORDER BY a.seq) FROM actions a WHERE a.game_id = g.game_id AND g.config_json IS NOT NULL"
    "  AND a.seq > CASE WHEN g.snapshot_json IS NOT NULL THEN COALESCE(g.snapshot_version, 0) ELSE 0 END)"
    " AS bundle_actions"
    " FROM games g WHERE g.game_id = $1"
)


def _json_rows(text: str | None, times: tuple[str, ...]) -> list[dict[str, Any]]:
    """Rows of a ``json_agg``, with the columns ``times`` as datetimes again."""
    rows: list[dict[str, Any]] = [] if text is None else json.loads(text)
    if isinstance(rows, dict):
        rows = [rows]
    for r in rows:
        for key in times:
            if r[key] is not None:
                r[key] = datetime.fromisoformat(r[key])
    return rows


_USER_COLUMNS = "u.*, u.user_id IN (SELECT user_id FROM vacation_computers) AS vacation_computer"
_OUTBOX_INSERT = (
    "INSERT INTO outbox (user_id, game_id, channel_id, game_version, kind, params_json, created_at,"
    " deliver_after) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
)
_TIMER_UPSERT = (
    "INSERT INTO timers (game_id, version, seat, user_id, started_at, due_at, remind_at, paused_left_s)"
    " VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (game_id) DO UPDATE SET version = excluded.version,"
    " seat = excluded.seat, user_id = excluded.user_id, started_at = excluded.started_at,"
    " due_at = excluded.due_at, remind_at = excluded.remind_at, paused_left_s = excluded.paused_left_s"
)


#: Started games whose log quick_check compares with their row (the most recent ones).
QUICK_CHECK_GAMES = 2000
_LOG_CHECK = (
    "SELECT g.game_id, g.version, g.snapshot_version, x.n, x.m FROM"
    " (SELECT game_id, version, snapshot_version FROM games WHERE config_json IS NOT NULL"
    "  ORDER BY game_id DESC LIMIT $1) g"
    " CROSS JOIN LATERAL (SELECT count(*) AS n, COALESCE(max(seq), 0) AS m FROM actions a"
    "  WHERE a.game_id = g.game_id) x"
    " WHERE g.version <> x.m OR x.n <> x.m OR COALESCE(g.snapshot_version, 0) > g.version"
)
#: How often the shard lease connection is pinged (a silent network drop is found within twice this).
LEASE_PING_S = 10.0
#: How long a process keeps the outbox rows it claimed before another may deliver them.
OUTBOX_LEASE_S = 60.0
_OUTBOX_CLAIM = (
    "WITH c AS (SELECT o.id FROM outbox o LEFT JOIN games g ON g.game_id = o.game_id"
    " WHERE o.delivered_at IS NULL AND o.deliver_after <= $1 AND o.id > $7"
    " AND (o.claimed_until IS NULL OR o.claimed_until < clock_timestamp() OR o.claimed_by = $3)"
    " AND (COALESCE(g.guild_id, 0) >> 22) % $4 = ANY($5::int[])"
    " ORDER BY o.id LIMIT $2 FOR UPDATE OF o SKIP LOCKED)"
    " UPDATE outbox SET claimed_by = $3, claimed_until = clock_timestamp() + make_interval(secs => $6)"
    " FROM c WHERE outbox.id = c.id RETURNING outbox.*"
)


def _game_columns(update: GameUpdate) -> dict[str, Any]:
    """The ``games`` columns an update sets."""
    cols: dict[str, Any] = {}
    if update.version is not None:
        cols["version"] = update.version
    if update.to_act is not None:
        cols["to_act"] = update.to_act
    if update.creator_id is not None:
        cols["creator_id"] = update.creator_id
    if update.start is not None:
        cols.update(status="active", config_json=update.start.config_json, started_at=_t(update.start.at))
    if update.end is not None:
        cols.update(status=update.end.status, end_reason=update.end.reason, ended_at=_t(update.end.at), to_act=None)
    if update.snapshot is not None:
        cols.update(snapshot_json=update.snapshot.json, snapshot_version=update.snapshot.version)
    return cols


def _set_clause(names: Iterable[str], first: int = 1) -> str:
    return ", ".join(f"{c} = ${i}" for i, c in enumerate(names, first))


def _refusal(exc: asyncpg.IntegrityConstraintViolationError, request_ids: Iterable[str | None] = ()) -> StoreError:
    """The store-level error for a constraint PostgreSQL enforced."""
    if getattr(exc, "constraint_name", None) == "actions_request":
        ids = [r for r in request_ids if r is not None]
        return DuplicateRequestId(str(exc), request_id=ids[0] if len(ids) == 1 else None)
    return StoreConflict(str(exc))


def _timer_params(timer: TimerRow) -> tuple[Any, ...]:
    return (
        timer.game_id,
        timer.version,
        timer.seat,
        timer.user_id,
        _t(timer.started_at),
        _ot(timer.due_at),
        _ot(timer.remind_at),
        timer.paused_left_s,
    )


def _note_params(n: NewNotification, created_at: datetime) -> tuple[Any, ...]:
    return (
        n.user_id,
        n.game_id,
        n.channel_id,
        n.game_version,
        n.kind,
        json.dumps(dict(n.params), sort_keys=True),
        _t(created_at),
        _t(n.deliver_after),
    )


def _count(status: str) -> int:
    """Rows a statement touched, from its status ("UPDATE 1", "DELETE 0", "INSERT 0 1")."""
    return int(status.rsplit(" ", 1)[-1])


_COMMIT_CALL = "SELECT splendor_commit(" + ", ".join(f"${i}" for i in range(1, 49)) + ")"


def _commit_params(plans: Sequence[WritePlan], shards: Shards | None) -> list[Any]:
    """The 48 arrays of ``splendor_commit`` (bot/store/pg_schema.py) for ``plans`` (one per game)."""
    games: list[list[Any]] = [[] for _ in range(13)]
    for p in plans:
        u = p.game
        start, end, snap = u.start, u.end, u.snapshot
        row = (
            p.game_id, p.expect_version, u.version,
            None if end is not None else u.to_act, end is not None or u.to_act is not None,
            u.creator_id,
            end.status if end is not None else "active" if start is not None else None,
            None if start is None else start.config_json, None if start is None else _t(start.at),
            None if end is None else end.reason, None if end is None else _t(end.at),
            None if snap is None else snap.json, None if snap is None else snap.version,
        )
        for column, value in zip(games, row, strict=True):
            column.append(value)
    acts = [(a.game_id, a.seq, a.seat, a.code, a.user_id, a.source, _t(a.at), a.request_id)
            for p in plans for a in p.actions]
    seats = [(s.game_id, s.user_id, s.seat, s.status, s.expiries, s.final_score, s.place, s.result)
             for p in plans for s in p.seats]
    cleared = [p.game_id for p in plans if p.clear_timer and p.timer is None]
    timers = [_timer_params(p.timer) for p in plans if p.timer is not None]
    notes = [_note_params(n, p.now) for p in plans for n in p.notes]

    def columns(rows: list[tuple[Any, ...]], width: int) -> list[list[Any]]:
        return [list(c) for c in zip(*rows, strict=True)] if rows else [[] for _ in range(width)]

    count, ids = (0, []) if shards is None else (shards.count, sorted(shards.ids))
    return [*games, count, ids, *columns(acts, 8), *columns(seats, 8), cleared, *columns(timers, 8),
            *columns(notes, 8)]


class _OneStatement:
    """A pooled connection that runs one statement (``single=True``): one is atomic on its own; a second
    would not be atomic with it, so it is refused (a store method that needs two is used wrongly there)."""

    __slots__ = ("_con", "_used")

    def __init__(self, con: Conn) -> None:
        self._con = con
        self._used = False

    def is_in_transaction(self) -> bool:
        return False

    def __getattr__(self, name: str) -> Any:
        if name not in ("fetch", "fetchrow", "fetchval", "execute", "executemany"):
            raise AttributeError(name)
        if self._used:
            raise RuntimeError("a second statement in a single-statement transaction: use transaction()")
        self._used = True
        return getattr(self._con, name)


class PgTx(LeagueSql):
    """Statements on one pooled connection; from ``store.transaction()`` or ``store.reading()``.

    The league statements are :class:`~bot.store.leagues.LeagueSql`'s, through :class:`SqliteDialect`."""

    __slots__ = ("_con", "_db", "_store")

    def __init__(self, con: Conn, store: PostgresStore) -> None:
        self._con = con
        self._store = store
        self._db = cast(Any, SqliteDialect(con))

    def _shard_params(self) -> tuple[int, list[int]]:
        shards = self._store.shards
        if shards is not None and self._store.shards_lost is not None:
            return shards.count, []  # none of them is ours any more: no clock, no delivery
        return (1, [0]) if shards is None else (shards.count, sorted(shards.ids))

    def _refuse_if_lost(self) -> None:
        if self._store.shards_lost is not None:
            raise StoreConflict(self._store.shards_lost)

    def _check_owned(self, game_id: int, guild_id: int | None) -> None:
        self._refuse_if_lost()
        shards = self._store.shards
        if shards is not None and not shards.owns(guild_id):
            raise StoreConflict(
                f"game {game_id} is on shard {shard_of(guild_id, shards.count)}, which another process runs"
            )

    async def _rows(self, sql: str, *params: Any) -> list[Record]:
        return list(await self._con.fetch(sql, *params))

    async def _one(self, sql: str, *params: Any) -> Record | None:
        return await self._con.fetchrow(sql, *params)

    async def _exec(self, sql: str, *params: Any) -> int:
        self._refuse_if_lost()
        try:
            return _count(await self._con.execute(sql, *params))
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise _refusal(exc) from exc

    async def _many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self._refuse_if_lost()
        if rows:
            await self._con.executemany(sql, rows)

    # games ------------------------------------------------------------------
    async def insert_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        ruleset: str,
        max_players: int,
        options: Mapping[str, Any],
        turn_timer_s: int | None,
        timeout_policy: str,
        max_expiries: int,
        ranked: bool,
        seed: int,
        created_at: datetime,
        create_request: str | None,
        lang: str | None = None,
    ) -> int:
        self._check_owned(0, guild_id)
        try:
            game_id = await self._con.fetchval(
                "INSERT INTO games (guild_id, channel_id, creator_id, ruleset, max_players, options_json,"
                " turn_timer_s, timeout_policy, max_expiries, ranked, seed, created_at, create_request, lang)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING game_id",
                guild_id,
                channel_id,
                creator_id,
                ruleset,
                max_players,
                json.dumps(dict(options), sort_keys=True),
                turn_timer_s,
                timeout_policy,
                max_expiries,
                ranked,
                seed,
                _t(created_at),
                create_request,
                lang,
            )
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise _refusal(exc) from exc
        return int(game_id)

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._one("SELECT * FROM games WHERE game_id = $1", game_id)
        return None if row is None else _game(row)

    async def game_by_request(self, request: str) -> GameRow | None:
        row = await self._one("SELECT * FROM games WHERE create_request = $1", request)
        return None if row is None else _game(row)

    async def game_bundle(self, game_id: int) -> GameBundle | None:
        """One statement: the row with its seats, clock and log after the snapshot as nested rows."""
        row = await self._one(_BUNDLE, game_id)
        if row is None:
            return None
        game = _game(row)
        seats = [_seat(cast(Record, s)) for s in _json_rows(row["bundle_seats"], ("joined_at",))]
        timers = _json_rows(row["bundle_timer"], ("started_at", "due_at", "remind_at"))
        actions = [_action(cast(Record, a)) for a in _json_rows(row["bundle_actions"], ("at",))]
        timer = _timer(cast(Record, timers[0])) if timers else None
        return GameBundle(game, seats, timer, actions, bundle_log_start(game))

    async def games(self, game_ids: Iterable[int]) -> dict[int, GameRow]:
        rows = await self._rows("SELECT * FROM games WHERE game_id = ANY($1::bigint[])", sorted(set(game_ids)))
        return {int(r["game_id"]): _game(r) for r in rows}

    async def game_for_channel(self, channel_id: int) -> GameRow | None:
        """The live game of a channel, else its most recent finished one."""
        row = await self._one(
            "SELECT * FROM games WHERE channel_id = $1"
            " ORDER BY status IN ('lobby', 'active') DESC, game_id DESC LIMIT 1",
            channel_id,
        )
        return None if row is None else _game(row)

    async def games_for_user(self, user_id: int, *, live_only: bool) -> list[GameRow]:
        extra = " AND g.status IN ('lobby', 'active')" if live_only else ""
        rows = await self._rows(
            "SELECT g.* FROM games g JOIN seats s ON s.game_id = g.game_id WHERE s.user_id = $1"
            + extra
            + " ORDER BY g.game_id",
            user_id,
        )
        return [_game(r) for r in rows]

    async def update_game(self, game_id: int, update: GameUpdate, *, expect_version: int | None = None) -> None:
        """Apply ``update``; with ``expect_version`` the write is guarded (``StoreConflict``)."""
        cols = _game_columns(update)
        if not cols:
            return
        n = len(cols)
        sql = f"UPDATE games SET {_set_clause(cols)} WHERE game_id = ${n + 1}"
        params: list[Any] = [*cols.values(), game_id]
        if expect_version is not None:
            sql += f" AND version = ${n + 2}"
            params.append(expect_version)
        if await self._exec(sql, *params) != 1:
            raise StoreConflict(f"game {game_id} changed")

    async def apply_plans(self, plans: Sequence[WritePlan]) -> None:
        """Write several games' state changes (group commit) with one call of ``splendor_commit``.

        The function locks the plans' game rows (in game id order) and checks their versions first:
        ``StoreConflict`` if one is not at its expected version (the caller rolls back and retries the
        plans one by one to find which).  Outside a transaction the call is its own (one round trip).
        Plans of one game go in successive calls (each sees the version the previous one wrote).
        """
        rounds: list[list[WritePlan]] = []
        for plan in plans:
            for r in rounds:
                if all(p.game_id != plan.game_id for p in r):
                    break
            else:
                r = []
                rounds.append(r)
            r.append(plan)
        if len(rounds) > 1 and not self._con.is_in_transaction():
            raise RuntimeError("plans of one game in one batch need a transaction")
        self._refuse_if_lost()
        for batch in rounds:
            try:
                await self._con.execute(_COMMIT_CALL, *_commit_params(batch, self._store.shards))
            except asyncpg.RaiseError as exc:
                raise StoreConflict(str(exc).removeprefix("splendor_conflict: ")) from exc
            except asyncpg.IntegrityConstraintViolationError as exc:
                raise _refusal(exc, {a.request_id for p in batch for a in p.actions}) from exc

    # seats ------------------------------------------------------------------
    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._rows("SELECT * FROM seats WHERE game_id = $1 ORDER BY join_order", game_id)
        return [_seat(r) for r in rows]

    async def add_seat(self, game_id: int, user_id: int, joined_at: datetime) -> None:
        await self._exec(
            "INSERT INTO seats (game_id, user_id, joined_at, join_order)"
            " VALUES ($1, $2, $3, (SELECT COALESCE(MAX(join_order), 0) + 1 FROM seats WHERE game_id = $1))",
            game_id, user_id, _t(joined_at),
        )

    async def remove_seat(self, game_id: int, user_id: int) -> None:
        await self._exec("DELETE FROM seats WHERE game_id = $1 AND user_id = $2", game_id, user_id)

    # actions ----------------------------------------------------------------
    async def append_actions(self, rows: Iterable[ActionRow]) -> None:
        """Append to the log: ``DuplicateRequestId`` if a request id is there already, ``StoreConflict``
        if a sequence number is."""
        rows = list(rows)
        try:
            await self._con.executemany(
                "INSERT INTO actions (game_id, seq, seat, code, user_id, source, at, request_id)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                [(a.game_id, a.seq, a.seat, a.code, a.user_id, a.source, _t(a.at), a.request_id) for a in rows],
            )
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise _refusal(exc, {a.request_id for a in rows}) from exc

    async def actions(self, game_id: int, *, after: int = 0) -> list[ActionRow]:
        rows = await self._rows("SELECT * FROM actions WHERE game_id = $1 AND seq > $2 ORDER BY seq", game_id, after)
        return [_action(r) for r in rows]

    async def undone_actions(self, game_id: int) -> list[ActionRow]:
        rows = await self._rows("SELECT * FROM undone_actions WHERE game_id = $1 ORDER BY id", game_id)
        return [_action(r) for r in rows]

    async def take_back_action(self, game_id: int, seq: int, undone_at: datetime) -> None:
        """Move the log's row ``seq`` (its last) to ``undone_actions``; ``StoreConflict`` if it is not the last."""
        last = await self._con.fetchval("SELECT MAX(seq) FROM actions WHERE game_id = $1", game_id)
        if last != seq:
            raise StoreConflict(f"game {game_id}: action {seq} is not the last one")
        await self._exec(
            "WITH gone AS (DELETE FROM actions WHERE game_id = $1 AND seq = $2 RETURNING *)"
            " INSERT INTO undone_actions (game_id, seq, seat, code, user_id, source, at, request_id, undone_at)"
            " SELECT game_id, seq, seat, code, user_id, source, at, request_id, $3 FROM gone",
            game_id, seq, _t(undone_at),
        )

    async def action_by_request(self, game_id: int, request_id: str) -> ActionRow | None:
        row = await self._one("SELECT * FROM actions WHERE game_id = $1 AND request_id = $2", game_id, request_id)
        return None if row is None else _action(row)

    # users ------------------------------------------------------------------
    async def users(self, user_ids: Iterable[int]) -> dict[int, UserRow]:
        ids = sorted(set(user_ids))
        out = {uid: UserRow(uid) for uid in ids}
        if ids:
            sql = f"SELECT {_USER_COLUMNS} FROM users u WHERE u.user_id = ANY($1::bigint[])"
            for row in await self._rows(sql, ids):
                out[row["user_id"]] = _user(row)
        return out

    async def save_user(self, user: UserRow) -> None:
        await self._exec(
            "INSERT INTO users (user_id, lang, notify, quiet_start, quiet_end, tz, vacation_until, last_notified_at,"
            " name) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (user_id) DO UPDATE SET"
            " lang = excluded.lang, notify = excluded.notify, quiet_start = excluded.quiet_start,"
            " quiet_end = excluded.quiet_end, tz = excluded.tz, vacation_until = excluded.vacation_until,"
            " last_notified_at = excluded.last_notified_at, name = COALESCE(excluded.name, users.name)",
            user.user_id,
            user.lang,
            user.notify,
            user.quiet_start,
            user.quiet_end,
            user.tz,
            _ot(user.vacation_until),
            _ot(user.last_notified_at),
            user.name,
        )
        if user.vacation_computer:
            await self._exec(
                "INSERT INTO vacation_computers (user_id) VALUES ($1) ON CONFLICT DO NOTHING", user.user_id
            )
        else:
            await self._exec("DELETE FROM vacation_computers WHERE user_id = $1", user.user_id)

    async def set_notified(self, user_id: int, at: datetime) -> None:
        await self._exec(
            "INSERT INTO users (user_id, last_notified_at) VALUES ($1, $2)"
            " ON CONFLICT (user_id) DO UPDATE SET last_notified_at = excluded.last_notified_at",
            user_id, _t(at),
        )

    async def set_send_nonces(self, nonces: Mapping[int, str]) -> None:
        await self._exec(
            "UPDATE outbox o SET send_nonce = u.nonce FROM unnest($1::bigint[], $2::text[]) AS u(id, nonce)"
            " WHERE o.id = u.id", list(nonces), list(nonces.values()),
        )

    async def retry_delivery(self, ids: Iterable[int], deliver_after: datetime, *, attempt: bool = True,
                             forget_nonce: bool = False) -> None:
        await self._exec(
            "UPDATE outbox SET deliver_after = $1, attempts = attempts + $2,"
            " send_nonce = CASE WHEN $3 THEN NULL ELSE send_nonce END"
            " WHERE id = ANY($4::bigint[]) AND delivered_at IS NULL",
            _t(deliver_after), int(attempt), forget_nonce, list(ids),
        )

    async def set_thread_state(self, game_id: int, state: ThreadState | None, since: datetime | None, *,
                               channel_id: int | None = None) -> None:
        await self._exec("UPDATE games SET thread_state = $1, thread_since = $2,"
                         " channel_id = COALESCE($3, channel_id) WHERE game_id = $4",
                         state, None if since is None else _t(since), channel_id, game_id)
        if channel_id is not None:
            await self._exec("UPDATE outbox SET channel_id = $1 WHERE game_id = $2 AND delivered_at IS NULL",
                             channel_id, game_id)

    async def record_delivery(self, ids: Iterable[int], now: datetime, user_id: int, at: datetime) -> None:
        await self._exec(
            "WITH sent AS (UPDATE outbox SET delivered_at = $1 WHERE id = ANY($2::bigint[]) AND delivered_at IS NULL)"
            " INSERT INTO users (user_id, last_notified_at) VALUES ($3, $4)"
            " ON CONFLICT (user_id) DO UPDATE SET last_notified_at = excluded.last_notified_at",
            _t(now), list(ids), user_id, _t(at),
        )

    async def known_names(self) -> dict[int, str]:
        rows = await self._rows("SELECT user_id, name FROM users WHERE name IS NOT NULL")
        return {int(r["user_id"]): str(r["name"]) for r in rows}

    async def users_back_from_vacation(self, now: datetime) -> list[UserRow]:
        """Users whose vacation ended by ``now``; with shards, only shard 0's owner ends them (once)."""
        shards = self._store.shards
        if shards is not None and 0 not in shards.ids:
            return []
        rows = await self._rows(
            f"SELECT {_USER_COLUMNS} FROM users u WHERE u.vacation_until IS NOT NULL AND u.vacation_until <= $1",
            _t(now),
        )
        return [_user(r) for r in rows]

    async def add_vacation(self, user_id: int, starts: datetime, ends: datetime) -> None:
        await self._exec("INSERT INTO vacations VALUES ($1, $2, $3)", user_id, _t(starts), _t(ends))

    async def vacations_since(self, user_id: int, since: datetime) -> list[tuple[datetime, datetime]]:
        rows = await self._rows(
            "SELECT starts_at, ends_at FROM vacations WHERE user_id = $1 AND ends_at > $2 ORDER BY starts_at",
            user_id, _t(since),
        )
        return [(r[0], r[1]) for r in rows]

    async def cut_vacation(self, user_id: int, now: datetime) -> None:
        """End the user's running vacation now (keeps the used days in the bank)."""
        await self._exec(
            "UPDATE vacations SET ends_at = $1 WHERE user_id = $2 AND starts_at <= $1 AND ends_at > $1",
            _t(now), user_id,
        )

    # timers -----------------------------------------------------------------
    async def set_timer(self, timer: TimerRow) -> None:
        await self._exec(_TIMER_UPSERT, *_timer_params(timer))

    async def clear_timer(self, game_id: int) -> None:
        await self._exec("DELETE FROM timers WHERE game_id = $1", game_id)

    async def timer(self, game_id: int) -> TimerRow | None:
        row = await self._one("SELECT * FROM timers WHERE game_id = $1", game_id)
        return None if row is None else _timer(row)

    async def timers_for_user(self, user_id: int) -> list[TimerRow]:
        return [_timer(r) for r in await self._rows("SELECT * FROM timers WHERE user_id = $1", user_id)]

    async def due_timers(self, now: datetime, limit: int = 500, *, after: int = 0) -> list[TimerRow]:
        """The clocks due by ``now`` of this process's shards (all of them without shards), by game id."""
        count, ids = self._shard_params()
        rows = await self._rows(
            "SELECT t.* FROM timers t JOIN games g ON g.game_id = t.game_id"
            " WHERE (t.due_at <= $1 OR t.remind_at <= $1) AND (COALESCE(g.guild_id, 0) >> 22) % $3 = ANY($4::int[])"
            " AND t.game_id > $5 ORDER BY t.game_id LIMIT $2",
            _t(now), limit, count, ids, after,
        )
        return [_timer(r) for r in rows]

    # computer players ---------------------------------------------------------
    async def computer_turns(self, now: datetime) -> list[int]:
        rows = await self._rows(
            "SELECT g.game_id FROM games g JOIN seats s ON s.game_id = g.game_id AND s.seat = g.to_act"
            " LEFT JOIN users u ON u.user_id = s.user_id"
            " WHERE g.status = 'active' AND g.thread_state IS NULL"
            " AND ((s.status = 'active' AND (s.user_id < 0 OR (u.vacation_until > $1"
            " AND u.user_id IN (SELECT user_id FROM vacation_computers))))"
            " OR (s.status = 'removed' AND g.timeout_policy = 'ai'))"
            " AND (COALESCE(g.guild_id, 0) >> 22) % $2 = ANY($3::int[]) ORDER BY g.game_id",
            _t(now), *self._shard_params(),
        )
        return [int(r[0]) for r in rows]

    async def thread_troubles(self, state: ThreadState, before: datetime) -> list[int]:
        rows = await self._rows(
            "SELECT game_id FROM games WHERE thread_state = $1 AND thread_since <= $2"
            " AND status IN ('lobby', 'active') AND (COALESCE(guild_id, 0) >> 22) % $3 = ANY($4::int[])"
            " ORDER BY game_id", state, _t(before), *self._shard_params(),
        )
        return [int(r[0]) for r in rows]

    async def add_hint(self, hint: HintRow) -> None:
        await self._exec(
            "INSERT INTO hints (game_id, version, seat, user_id, code, at) VALUES ($1, $2, $3, $4, $5, $6)",
            hint.game_id, hint.version, hint.seat, hint.user_id, hint.code, _t(hint.at),
        )

    async def hints(self, game_id: int) -> list[HintRow]:
        rows = await self._rows("SELECT * FROM hints WHERE game_id = $1 ORDER BY version, id", game_id)
        return [HintRow(r["game_id"], r["version"], r["seat"], r["user_id"], r["code"], r["at"]) for r in rows]

    # outbox -----------------------------------------------------------------
    async def add_notifications(self, items: Iterable[NewNotification], created_at: datetime) -> None:
        await self._many(_OUTBOX_INSERT, [_note_params(n, created_at) for n in items])

    async def pending_notifications(self, now: datetime, limit: int = 1000, *, after: int = 0) -> list[OutboxRow]:
        """The undelivered rows due by ``now`` of this process's shards, claimed for ``OUTBOX_LEASE_S``.

        The claim commits at once on its own connection (``FOR UPDATE SKIP LOCKED``): two processes never
        take the same row, and the rows of a process that died are taken again when its lease runs out.
        """
        count, ids = self._shard_params()
        params = (_t(now), limit, self._store.owner, count, ids, OUTBOX_LEASE_S, after)
        if not self._con.is_in_transaction():  # already a statement of its own (``reading(single=True)``)
            rows = await self._rows(_OUTBOX_CLAIM, *params)
        else:
            async with self._store._pool.acquire() as con:
                rows = list(await con.fetch(_OUTBOX_CLAIM, *params))
        return sorted((_outbox(r) for r in rows), key=lambda o: o.id)

    async def mark_delivered(self, ids: Iterable[int], now: datetime, *, dropped: bool = False) -> None:
        await self._exec(
            "UPDATE outbox SET delivered_at = $1, dropped = $2 WHERE id = ANY($3::bigint[]) AND delivered_at IS NULL",
            _t(now), dropped, list(ids),
        )

    async def prune_outbox(self, before: datetime, limit: int = 10_000) -> int:
        """Delete up to ``limit`` delivered or dropped rows handled before ``before``; returns how many."""
        return await self._exec(
            "DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE delivered_at IS NOT NULL"
            " AND delivered_at < $1 LIMIT $2)",
            _t(before), limit,
        )

    async def notifications(self, user_id: int | None = None) -> list[OutboxRow]:
        """Every outbox row (tests and admin tools)."""
        if user_id is None:
            rows = await self._rows("SELECT * FROM outbox ORDER BY id")
        else:
            rows = await self._rows("SELECT * FROM outbox WHERE user_id = $1 ORDER BY id", user_id)
        return [_outbox(r) for r in rows]

    async def board_posts(self, game_id: int | None = None) -> list[OutboxRow]:
        """This process's shards' undelivered ``board`` rows (not claimed: the process running a game's
        computers posts their boards, and a board sent twice carries the same nonce)."""
        count, ids = self._shard_params()
        rows = await self._rows(
            "SELECT o.* FROM outbox o LEFT JOIN games g ON g.game_id = o.game_id"
            " WHERE o.delivered_at IS NULL AND o.kind = 'board' AND ($1::bigint IS NULL OR o.game_id = $1)"
            " AND (COALESCE(g.guild_id, 0) >> 22) % $2 = ANY($3::int[]) ORDER BY o.id",
            game_id, count, ids,
        )
        return [_outbox(r) for r in rows]


class PostgresStore:
    """The game store on PostgreSQL: ``store = await PostgresStore.open(url)``; ``await store.close()``.

    ``async with store.transaction() as tx`` runs ``tx`` methods atomically on one pooled connection;
    ``async with store.reading() as tx`` reads one snapshot.  ``schema`` puts every table in that
    PostgreSQL schema (created if missing): the tests give each test its own.
    """

    #: Group-commit batches the service writes at once (different games, different pooled connections):
    #: PostgreSQL flushes their commits together.
    commit_streams = 3

    def __init__(self, pool: asyncpg.Pool[Record], url: str, schema: str | None, owner: str) -> None:
        self._pool = pool
        self.url = url
        self.schema = schema
        self.owner = owner  # this process, in outbox claims and in pg_stat_activity
        self.shards: Shards | None = None
        self._lease: asyncpg.Connection[Record] | None = None
        self._listener: asyncpg.Connection[Record] | None = None
        self._watchers: list[Callable[[int | None], None]] = []
        self._own_pids: set[int] = set()  # this store's pooled connections: their changes are not news
        #: Why this process no longer owns its shards (the lease connection dropped), else None.
        self.shards_lost: str | None = None
        #: Called once the shards are lost (default: SIGTERM to this process, so the bot stops cleanly and its
        #: supervisor restarts it; the restart claims the shards again, or is refused clearly).
        self.on_shards_lost: Callable[[str], None] = _stop_process
        self._watchdog: asyncio.Task[None] | None = None

    @classmethod
    async def open(
        cls, url: str, *, schema: str | None = None, shards: Shards | None = None, min_size: int = 2,
        max_size: int = 10,
    ) -> PostgresStore:
        """Connect to ``url`` (``postgresql://...``), migrate, claim ``shards`` if given, and return the store.

        With ``shards`` the process holds an advisory lock per shard for as long as it runs (on a
        connection of its own): a second process claiming one of them is refused (``ShardClaimed``),
        and the shards of a process that died are free again for its restart.
        """
        owner = f"splendor-bot {socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:6]}"
        settings = {"application_name": owner[:63]}
        if schema is not None:
            settings["search_path"] = schema
            con = await asyncpg.connect(url)
            try:
                async with con.transaction():  # the lock: two processes creating it at once would clash
                    await con.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                    await con.execute(f'CREATE SCHEMA IF NOT EXISTS "{schema}"')
            finally:
                await con.close()
        pids: set[int] = set()

        async def init(con: asyncpg.Connection[Record]) -> None:
            pid = con.get_server_pid()
            pids.add(pid)
            con.add_termination_listener(lambda _con: pids.discard(pid))

        pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size, server_settings=settings,
                                         reset=_keep_session, init=init)
        store = cls(pool, url, schema, owner)
        store._own_pids = pids
        try:
            await store.migrate()
            store._listener = await asyncpg.connect(url, server_settings=settings)
            await store._listener.add_listener(USERS_CHANNEL, store._user_notice)
            store._listener.add_termination_listener(store._listener_lost)
            if shards is not None:
                store._lease = await asyncpg.connect(url, server_settings=settings)
                await store._claim(shards)
                store.shards = shards
                store._lease.add_termination_listener(lambda _con: store._lose_shards("its connection closed"))
                store._watchdog = asyncio.create_task(store._watch_lease(), name="shard-lease-watchdog")
        except BaseException:
            await store.close()
            raise
        return store

    async def _claim(self, shards: Shards) -> None:
        """Take every shard's advisory lock, or none (``ShardClaimed`` names the process that has one)."""
        con = self._lease
        assert con is not None
        async with con.transaction():
            await con.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            held = await con.fetchval(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objsubid = 2"
                " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())", SHARD_LOCKS
            )
            agreed = await con.fetchval("SELECT value FROM cluster_settings WHERE key = 'shard_count'")
            if agreed is not None and int(agreed) != shards.count and held:
                raise ShardClaimed(
                    f"the processes already running use SPLENDOR_SHARD_COUNT={agreed}, this one {shards.count}",
                    "give every process the same count (change it only with every process stopped)",
                )
            await con.execute(
                "INSERT INTO cluster_settings (key, value) VALUES ('shard_count', $1)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value", str(shards.count)
            )
            for shard in sorted(shards.ids):
                if not await con.fetchval("SELECT pg_try_advisory_lock($1, $2)", SHARD_LOCKS, shard):
                    holder = await con.fetchrow(
                        "SELECT a.application_name, a.client_addr, a.pid FROM pg_locks l"
                        " JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory'"
                        " AND l.classid = $1 AND l.objid = $2 AND l.objsubid = 2 AND l.granted",
                        SHARD_LOCKS, shard,
                    )
                    who = "another process" if holder is None else (
                        f"{holder['application_name'] or 'another process'}"
                        f" (from {holder['client_addr'] or 'a local socket'})"
                    )
                    await con.execute("SELECT pg_advisory_unlock_all()")
                    raise ShardClaimed(
                        f"shard {shard} of {shards.count} is already run by {who}",
                        "give each process its own SPLENDOR_SHARD_IDS, or stop that process first",
                    )

    async def _watch_lease(self) -> None:
        """Ping the lease connection: a network that silently dropped it is found within LEASE_PING_S * 2."""
        while self._lease is not None and self.shards_lost is None:
            await asyncio.sleep(LEASE_PING_S)
            lease = self._lease
            if lease is None:
                return
            try:
                await asyncio.wait_for(lease.fetchval("SELECT 1"), LEASE_PING_S)
            except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
                self._lose_shards(f"it does not answer ({type(exc).__name__})")
                lease.terminate()
                return

    def _lose_shards(self, why: str) -> None:
        if self._lease is None or self.shards_lost is not None:
            return  # closed on purpose, or already told
        self.shards_lost = (
            f"the connection holding the advisory locks of shards {self.shards} dropped ({why}): another process"
            " may run them now, so this one writes nothing more and stops"
        )
        log.critical("PostgreSQL: %s", self.shards_lost)
        self.on_shards_lost(self.shards_lost)

    def watch_users(self, on_change: Callable[[int | None], None]) -> bool:
        """Call ``on_change(user_id)`` when another process (or another store) changes a user's settings, and
        ``on_change(None)`` if such news may have been lost (the listening connection dropped): then forget
        every user and stop caching them.  Returns True (PostgreSQL tells every change: ``LISTEN``)."""
        self._watchers.append(on_change)
        return self._listener is not None

    def _user_notice(self, _con: object, pid: int, _channel: str, payload: object) -> None:
        if pid in self._own_pids:
            return  # this process wrote it, and keeps its own cache right
        for watcher in self._watchers:
            watcher(int(str(payload)))

    def _listener_lost(self, _con: object) -> None:
        if self._listener is None:
            return  # closed on purpose
        log.error("PostgreSQL: the connection that hears of other processes' user changes dropped;"
                  " users are read from the database each time from now on")
        self._listener = None
        for watcher in self._watchers:
            watcher(None)

    async def close(self) -> None:
        if self._watchdog is not None:
            self._watchdog.cancel()
            self._watchdog = None
        if self._listener is not None:
            listener, self._listener = self._listener, None
            await listener.close()
        if self._lease is not None:
            lease, self._lease = self._lease, None
            await lease.close()  # the shards are free for the next process
        await self._pool.close()

    async def __aenter__(self) -> PostgresStore:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        async with self._pool.acquire() as con:
            return int(await con.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations"))

    async def migrate(self) -> int:
        """Apply pending migrations (each in its own transaction, under an advisory lock)."""
        async with self._pool.acquire() as con:
            async with con.transaction():
                await con.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                await con.execute(
                    "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY,"
                    " applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
                )
            for number in range(PG_SCHEMA_VERSION):
                async with con.transaction():
                    await con.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                    current = int(await con.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations"))
                    if current > PG_SCHEMA_VERSION:
                        raise RuntimeError(f"database schema {current} is newer than this bot ({PG_SCHEMA_VERSION})")
                    if current > number:
                        continue
                    await con.execute(PG_MIGRATIONS[number])
                    await con.execute("INSERT INTO schema_migrations (version) VALUES ($1)", number + 1)
            return PG_SCHEMA_VERSION

    @asynccontextmanager
    async def transaction(self, *, single: bool = False) -> AsyncIterator[PgTx]:
        if single:
            async with self._single() as tx:
                yield tx
            return
        async with self._pool.acquire() as con, con.transaction():
            yield PgTx(con, self)

    @asynccontextmanager
    async def _single(self) -> AsyncIterator[PgTx]:
        """One statement, its own transaction (no ``BEGIN``/``COMMIT`` round trips); a second is refused."""
        async with self._pool.acquire() as con:
            yield PgTx(cast(Conn, _OneStatement(con)), self)

    async def commit_plans(self, plans: Sequence[WritePlan]) -> list[StoreError | None]:
        """Apply plans in one transaction (group commit); on a failure retry each alone.

        Plans of different games (the usual batch) are one statement, its own transaction: one round trip.
        """
        if len({p.game_id for p in plans}) == len(plans):
            return await commit_grouped(self._single, plans)
        return await commit_grouped(self.transaction, plans)

    async def game_ids(self) -> list[int]:
        """Every game's id (migration checks and admin tools)."""
        async with self._pool.acquire() as con:
            return [int(r[0]) for r in await con.fetch("SELECT game_id FROM games ORDER BY game_id")]

    @asynccontextmanager
    async def raw_transaction(self) -> AsyncIterator[Conn]:
        """A transaction on a pooled connection itself (bulk copies: :mod:`bot.store.transfer`)."""
        async with self._pool.acquire() as con, con.transaction():
            yield con

    @asynccontextmanager
    async def reading(self, *, single: bool = False) -> AsyncIterator[PgTx]:
        if single:
            async with self._single() as tx:
                yield tx
            return
        async with self._pool.acquire() as con, con.transaction(isolation="repeatable_read", readonly=True):
            yield PgTx(con, self)

    async def quick_check(self) -> list[str]:
        """Look for damage; the problems, ``[]`` when sound.  Every table readable; on the
        ``QUICK_CHECK_GAMES`` most recent started games, the log and the row agree (sequence numbers 1..version
        without a gap, a snapshot not ahead of the version); with the ``amcheck`` extension installed
        (``CREATE EXTENSION amcheck``), every B-tree index of the schema checked against its table's order."""
        problems: list[str] = []
        async with self._pool.acquire() as con:
            for table in ("games", "seats", "actions", "undone_actions", "users", "vacations", "timers", "outbox"):
                try:
                    await con.fetchval(f"SELECT count(*) FROM (SELECT 1 FROM {table} LIMIT 1) t")
                except asyncpg.PostgresError as exc:
                    problems.append(f"{table}: {exc}")
            for r in await con.fetch(_LOG_CHECK, QUICK_CHECK_GAMES):
                problems.append(
                    f"game {r['game_id']}: version {r['version']} (snapshot {r['snapshot_version']}) but the log has"
                    f" {r['n']} rows up to {r['m']}"
                )
            if await con.fetchval("SELECT 1 FROM pg_extension WHERE extname = 'amcheck'"):
                indexes = await con.fetch(
                    "SELECT c.oid, c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid"
                    " JOIN pg_am a ON a.oid = c.relam WHERE a.amname = 'btree'"
                    " AND c.relnamespace = current_schema()::regnamespace"
                )
                for idx in indexes:
                    try:
                        await con.execute("SELECT bt_index_check($1::oid::regclass)", idx["oid"])
                    except asyncpg.PostgresError as exc:
                        problems.append(f"index {idx['relname']}: {exc}")
        return problems

    async def backup(self, dest: str | Path) -> Path:
        """A consistent copy of the live data at ``dest``: ``pg_dump --format=custom`` (restore: ``pg_restore``)."""
        dest = Path(dest)
        dest.parent.mkdir(parents=True, exist_ok=True)
        pg_dump = _bundled("pg_dump") or shutil.which("pg_dump")
        if pg_dump is None:
            raise RuntimeError("pg_dump not found: install the PostgreSQL client tools")
        tmp = dest.with_name(dest.name + ".partial")
        args = [pg_dump, "--format=custom", f"--file={tmp}", f"--dbname={self.url}"]
        if self.schema is not None:
            args.append(f"--schema={self.schema}")
        proc = await asyncio.create_subprocess_exec(*args, stderr=asyncio.subprocess.PIPE)
        _, err = await proc.communicate()
        if proc.returncode != 0:
            tmp.unlink(missing_ok=True)
            raise RuntimeError(f"pg_dump failed: {err.decode(errors='replace').strip()}")
        tmp.replace(dest)
        return dest


def _stop_process(why: str) -> None:
    """The default reaction to lost shards: SIGTERM to this process (the bot closes cleanly and exits)."""
    os.kill(os.getpid(), signal.SIGTERM)


async def _keep_session(con: asyncpg.Connection[Record]) -> None:
    """A connection back in the pool is reused as it is: the store leaves no session state (no ``SET``,
    ``LISTEN``, session advisory lock or cursor), and an open transaction is rolled back by asyncpg
    anyway.  asyncpg's default reset query would cost a round trip per transaction."""


def _bundled(tool: str) -> str | None:
    """A PostgreSQL client tool shipped with the ``pgserver`` wheel (tests and development), if installed."""
    try:
        from pgserver import _commands
    except ImportError:
        return None
    path = Path(_commands.POSTGRES_BIN_PATH) / tool
    return str(path) if path.exists() else None


def _conforms(store: PostgresStore) -> GameStore:
    """Type check only: mypy refuses this if ``PostgresStore`` stops implementing the protocol."""
    return store
