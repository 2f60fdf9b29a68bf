"""The game store on PostgreSQL (asyncpg), for several bot processes: its pool, transactions and leases.

The queries are :mod:`bot.store.queries` (the same for SQLite); here is what is PostgreSQL's own: a pool
of connections (transactions of different games run side by side; per-game locks and the shard owner rule
keep one writer per game); ``transaction()`` at READ COMMITTED, where every guarded write (``WHERE version =
$n``, the log's unique request id) is checked on the row it locks, so a stale write is refused, never
applied; ``reading()`` at REPEATABLE READ, one snapshot; a game's load and a group commit as one statement
each (:mod:`bot.store.pg_functions`); the shards held as advisory locks (:mod:`bot.store.pg_lease`); the
outbox claimed with ``SKIP LOCKED``; other processes' changes to users heard through ``NOTIFY``.
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
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeAlias

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.store.dialect import translate
from bot.store.errors import DuplicateRequestId, StoreConflict, StoreError
from bot.store.group import commit_grouped
from bot.store.pg_functions import ASYNC_COMMIT, COMMIT_CALL, USERS_CHANNEL, commit_params
from bot.store.pg_lease import MIGRATION_LOCK, ShardLease
from bot.store.queries import SET_NOTIFIED, StoreWriter, action_row, game_row, outbox_row, pg_time, seat_row, timer_row
from bot.store.records import GameBundle, GameRow, OutboxRow, SeatRow, WritePlan, bundle_log_start
from bot.store.schema import MIGRATIONS, PG_LEGACY, SCHEMA_VERSION
from bot.store.shards import Shards, shard_of
from bot.store.statements import Row

log = logging.getLogger(__name__)
Record = asyncpg.Record
Conn: TypeAlias = "asyncpg.Connection[Record] | PoolConnectionProxy[Record]"

#: A game's load in one statement; the nested rows come as JSON (composite types would make asyncpg
#: introspect them on every new connection, ~50 ms each).
_BUNDLE = (
    "SELECT g.*,"
    " (SELECT json_agg(s ORDER BY s.join_order) FROM seats s WHERE s.game_id = g.game_id) AS bundle_seats,"
    " (SELECT row_to_json(t) FROM timers t WHERE t.game_id = g.game_id) AS bundle_timer,"
    " (SELECT json_agg(a ORDER BY a.seq) FROM actions a WHERE a.game_id = g.game_id AND g.config_json IS NOT NULL"
    "  AND a.seq > CASE WHEN g.snapshot_json IS NOT NULL THEN COALESCE(g.snapshot_version, 0) ELSE 0 END)"
    " AS bundle_actions,"
    " (SELECT count(*) FROM undone_actions u WHERE u.game_id = g.game_id) AS bundle_takebacks"
    " FROM games g WHERE g.game_id = $1"
)

#: A new lobby and its first seats in one statement (:meth:`PgTx._open_lobby`; ``{game}``: the game's insert).
_LOBBY = (
    "WITH g AS ({game}), s AS (INSERT INTO seats (game_id, user_id, joined_at, join_order, name)"
    " SELECT g.game_id, u.user_id, ?, u.n, (SELECT name FROM users WHERE user_id = u.user_id)"
    " FROM g, unnest(?::bigint[]) WITH ORDINALITY AS u(user_id, n) RETURNING *)"
    " SELECT g.*, (SELECT json_agg(s ORDER BY s.join_order) FROM s) AS lobby_seats FROM g"
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
#: How long a process keeps the outbox rows it claimed before another may deliver them.
OUTBOX_LEASE_S = 60.0
_OUTBOX_CLAIM = (
    "WITH c AS (SELECT o.id FROM outbox o LEFT JOIN games g ON g.game_id = o.game_id"
    " WHERE o.delivered_at IS NULL AND o.deliver_after <= $1 AND o.id > $7"
    " AND (o.claimed_until IS NULL OR o.claimed_until < clock_timestamp() OR o.claimed_by = $3)"
    " AND (COALESCE(g.guild_id, 0) >> 22) % $4 = ANY($5::bigint[])"
    " ORDER BY o.id LIMIT $2 FOR UPDATE OF o SKIP LOCKED)"
    " UPDATE outbox SET claimed_by = $3, claimed_until = clock_timestamp() + make_interval(secs => $6)"
    " FROM c WHERE outbox.id = c.id RETURNING outbox.*"
)


def _json_rows(text: str | None) -> list[dict[str, Any]]:
    """Rows of a ``json_agg`` (or the one row of a ``row_to_json``); their times stay ISO text."""
    rows: list[dict[str, Any]] | dict[str, Any] = [] if text is None else json.loads(text)
    return [rows] if isinstance(rows, dict) else rows


def _refusal(exc: asyncpg.IntegrityConstraintViolationError) -> StoreError:
    """The store-level error for a constraint PostgreSQL enforced."""
    if getattr(exc, "constraint_name", None) == "actions_request":
        return DuplicateRequestId(str(exc))
    return StoreConflict(str(exc))


def _lobby_plans(plans: Sequence[WritePlan]) -> bool:
    """Whether a batch only starts lobbies (nothing played, nothing ended): its commit may be asynchronous."""
    return all(p.game.start is not None and p.game.end is None and not p.actions for p in plans)


@lru_cache(maxsize=64)
def _committing_async(sql: str) -> str:
    """A write returning its rows, committing with ``synchronous_commit = off`` in the same statement (no round
    trip of its own); any other statement stays as it is, durable."""
    writes = sql.startswith(("INSERT", "UPDATE", "DELETE")) and " RETURNING " in sql
    return f"WITH w AS ({sql}) SELECT * FROM w{ASYNC_COMMIT}" if writes else sql


class PgTx(StoreWriter):
    """Statements on one pooled connection; from ``store.transaction()`` or ``store.reading()``.

    Times are ``TIMESTAMPTZ``, flags ``BOOLEAN``, a list parameter an array; statements are translated
    (:func:`~bot.store.dialect.translate`, cached).  ``single``: outside a transaction, one statement (atomic on its
    own); a second would not be atomic with it, so it is refused (a store method that needs two is used wrongly
    there).  ``async_commit``: the one statement of a lobby's write commits with ``synchronous_commit = off``
    (:func:`_committing_async`)."""

    __slots__ = ("_async", "_con", "_ran", "_single", "_store")
    _t, _b = staticmethod(pg_time), staticmethod(bool)

    @staticmethod
    def _list(ids: Sequence[int]) -> list[int]:
        return list(ids)

    def __init__(self, con: Conn, store: PostgresStore, *, single: bool = False, async_commit: bool = False) -> None:
        self._con = con
        self._store = store
        self._single, self._ran = single, False
        self._async = async_commit

    def _shards(self) -> tuple[int, list[int]]:
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

    async def _run(self, method: str, sql: str, *args: Any) -> Any:
        if self._single:
            if self._ran:
                raise RuntimeError("a second statement in a single-statement transaction: use transaction()")
            self._ran = True
        sql = _committing_async(translate(sql)) if self._async else translate(sql)
        try:
            return await getattr(self._con, method)(sql, *args)
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise _refusal(exc) from exc

    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self._run("fetch", sql, *params))

    async def _one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        if not sql.startswith("SELECT"):  # a write returning its row
            self._refuse_if_lost()
        return await self._run("fetchrow", sql, *params)

    async def _exec(self, sql: str, params: Sequence[Any] = ()) -> int:
        """A write; the rows it touched, from its status ("UPDATE 1", "DELETE 0", "INSERT 0 1")."""
        self._refuse_if_lost()
        return int((await self._run("execute", sql, *params)).rsplit(" ", 1)[-1])

    async def _many(self, sql: str, rows: Sequence[Sequence[Any]]) -> int:
        """One round trip (asyncpg pipelines them); PostgreSQL does not count the rows: 0."""
        self._refuse_if_lost()
        await self._run("executemany", sql, rows)
        return 0

    async def _open_lobby(self, sql: str, params: Sequence[Any], seated: Sequence[int], at: datetime
                          ) -> tuple[GameRow, list[SeatRow]]:
        """One statement (``_LOBBY``), a round trip for the game and its seats."""
        row = await self._one(_LOBBY.format(game=sql) + (ASYNC_COMMIT if self._async else ""),
                              (*params, pg_time(at), list(seated)))
        assert row is not None
        return game_row(row), [seat_row(s) for s in _json_rows(row["lobby_seats"])]

    async def game_bundle(self, game_id: int) -> GameBundle | None:
        """One statement (``_BUNDLE``)."""
        row = await self._run("fetchrow", _BUNDLE, game_id)
        if row is None:
            return None
        game = game_row(row)
        seats = [seat_row(s) for s in _json_rows(row["bundle_seats"])]
        timers = [timer_row(t) for t in _json_rows(row["bundle_timer"])]
        actions = [action_row(a) for a in _json_rows(row["bundle_actions"])]
        return GameBundle(game, seats, timers[0] if timers else None, actions, bundle_log_start(game),
                          int(row["bundle_takebacks"]))

    async def apply_plans(self, plans: Sequence[WritePlan]) -> None:
        """One call of ``splendor_commit`` (outside a transaction: one round trip); plans of one game go in
        successive calls (each sees the version the previous one wrote)."""
        rounds: list[list[WritePlan]] = []
        seen: dict[int, int] = {}
        for plan in plans:  # a game's n-th plan goes in the n-th call
            n = seen[plan.game_id] = seen.get(plan.game_id, -1) + 1
            if n == len(rounds):
                rounds.append([])
            rounds[n].append(plan)
        if len(rounds) > 1 and not self._con.is_in_transaction():
            raise RuntimeError("plans of one game in one batch need a transaction")
        self._refuse_if_lost()
        call = COMMIT_CALL + ASYNC_COMMIT if _lobby_plans(plans) else COMMIT_CALL  # docs/postgresql.md, "Durability"
        for batch in rounds:
            try:
                await self._run("execute", call, *commit_params(batch, self._store.shards))
            except asyncpg.RaiseError as exc:
                raise StoreConflict(str(exc).removeprefix("splendor_conflict: ")) from exc
            except DuplicateRequestId as exc:
                raise exc.naming(a.request_id for p in batch for a in p.actions) from exc

    async def record_delivery(self, ids: Iterable[int], now: datetime, user_id: int, at: datetime) -> None:
        """``mark_delivered`` and ``set_notified`` as one statement."""
        await self._exec("WITH sent AS (UPDATE outbox SET delivered_at = ? WHERE id = ANY(?::bigint[])"
                         f" AND delivered_at IS NULL) {SET_NOTIFIED}", (pg_time(now), list(ids), user_id, pg_time(at)))

    async def pending_notifications(self, now: datetime, limit: int = 1000, *, after: int = 0) -> list[OutboxRow]:
        """The undelivered rows due by ``now`` of this process's shards, claimed for ``OUTBOX_LEASE_S``.

        The claim commits at once on its own connection (``FOR UPDATE SKIP LOCKED``): two processes never
        take the same row, and the rows of a process that died are taken again when its lease runs out.
        """
        count, ids = self._shards()
        params = (pg_time(now), limit, self._store.owner, count, ids, OUTBOX_LEASE_S, after)
        if not self._con.is_in_transaction():  # already a statement of its own (``reading(single=True)``)
            rows = await self._rows(_OUTBOX_CLAIM, params)
        else:
            async with self._store._pool.acquire() as con:
                rows = list(await con.fetch(_OUTBOX_CLAIM, *params))
        return sorted((outbox_row(r) for r in rows), key=lambda o: o.id)


class PostgresStore:
    """``store = await PostgresStore.open(url)``; ``await store.close()``.  ``schema`` puts every table in that
    PostgreSQL schema (created if missing): the tests give each test its own."""

    #: Group-commit batches the service writes at once (different games, different pooled connections):
    #: PostgreSQL flushes their commits together.
    commit_streams = 3

    def __init__(self, pool: asyncpg.Pool[Record], url: str, schema: str | None, owner: str) -> None:
        self._pool = pool
        self.url = url
        self.schema = schema
        self.owner = owner  # this process, in outbox claims and in pg_stat_activity
        self.shards: Shards | None = None
        self._lease: ShardLease | None = None
        self._listener: asyncpg.Connection[Record] | None = None
        self._watchers: list[Callable[[int | None], None]] = []
        self._own_pids: set[int] = set()  # this store's pooled connections: their changes are not news
        #: Called once the shards are lost (default: SIGTERM to this process, so the bot stops cleanly and its
        #: supervisor restarts it; the restart claims the shards again, or is refused clearly).
        self.on_shards_lost: Callable[[str], None] = _stop_process

    @property
    def shards_lost(self) -> str | None:
        """Why this process no longer owns its shards (the lease connection dropped), else None."""
        return None if self._lease is None else self._lease.lost

    @classmethod
    async def open(
        cls, url: str, *, schema: str | None = None, shards: Shards | None = None, min_size: int = 2,
        max_size: int = 10,
    ) -> PostgresStore:
        """Connect to ``url`` (``postgresql://...``), migrate, and claim ``shards`` if given (``ShardClaimed``
        if another live process holds one: :mod:`bot.store.pg_lease`)."""
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
                store._lease = await ShardLease.take(url, settings, shards, lambda why: store.on_shards_lost(why))
                store.shards = shards
        except BaseException:
            await store.close()
            raise
        return store

    def watch_users(self, on_change: Callable[[int | None], None]) -> bool:
        """True: PostgreSQL tells every change (``LISTEN``)."""
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
        if self._listener is not None:
            listener, self._listener = self._listener, None
            await listener.close()
        if self._lease is not None:
            await self._lease.close()  # the shards are free for the next process
        await self._pool.close()

    async def __aenter__(self) -> PostgresStore:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        async with self._pool.acquire() as con:
            return int(await con.fetchval("SELECT COALESCE(MAX(version), 0) FROM store_migrations"))

    async def migrate(self) -> int:
        """Apply pending steps of :data:`~bot.store.schema.MIGRATIONS` (each in its own transaction, under an
        advisory lock); a database of PostgreSQL's older history (``schema_migrations``) is first placed in it."""
        async with self._pool.acquire() as con:
            async with con.transaction():
                await con.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                if await con.fetchval("SELECT to_regclass('store_migrations') IS NULL"):
                    await con.execute("CREATE TABLE store_migrations (version INTEGER PRIMARY KEY,"
                                      " applied_at TIMESTAMPTZ NOT NULL DEFAULT now())")
                    if await con.fetchval("SELECT to_regclass('schema_migrations') IS NOT NULL"):
                        legacy = int(await con.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations"))
                        if legacy not in PG_LEGACY:
                            raise RuntimeError(f"database schema {legacy} is newer than this bot")
                        await con.execute("INSERT INTO store_migrations (version) SELECT generate_series(1, $1)",
                                          PG_LEGACY[legacy])
                        await con.execute("DROP TABLE schema_migrations")
            for number in range(SCHEMA_VERSION):
                async with con.transaction():
                    await con.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                    current = int(await con.fetchval("SELECT COALESCE(MAX(version), 0) FROM store_migrations"))
                    if current > SCHEMA_VERSION:
                        raise RuntimeError(f"database schema {current} is newer than this bot ({SCHEMA_VERSION})")
                    if current > number:
                        continue
                    await con.execute(MIGRATIONS[number].postgres)
                    await con.execute("INSERT INTO store_migrations (version) VALUES ($1)", number + 1)
            return SCHEMA_VERSION

    @asynccontextmanager
    async def transaction(self, *, single: bool = False, durable: bool = True) -> AsyncIterator[PgTx]:
        """``single``: one statement, its own transaction (no ``BEGIN``/``COMMIT`` round trips); a second is
        refused.  Not ``durable`` (a lobby's writes): committed with ``synchronous_commit = off``, set for this
        transaction only (docs/postgresql.md, "Durability")."""
        async with self._pool.acquire() as con:
            if single:
                yield PgTx(con, self, single=True, async_commit=not durable)
            elif durable:
                async with con.transaction():
                    yield PgTx(con, self)
            else:
                await con.execute("BEGIN; SET LOCAL synchronous_commit = off")  # one round trip
                try:
                    yield PgTx(con, self)
                except BaseException:
                    if not con.is_closed():
                        await con.execute("ROLLBACK")
                    raise
                await con.execute("COMMIT")

    async def commit_plans(self, plans: Sequence[WritePlan]) -> list[StoreError | None]:
        """Plans of different games (the usual batch) are one statement, its own transaction: one round trip."""
        single = len({p.game_id for p in plans}) == len(plans)
        return await commit_grouped(lambda: self.transaction(single=single), plans)

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
            async with self.transaction(single=True) as tx:
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
