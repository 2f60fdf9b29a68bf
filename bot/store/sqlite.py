"""The aiosqlite implementation of the game store.

One connection per process, WAL mode, explicit transactions.  Every access goes
through one asyncio lock, so a transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``) never
interleaves with another task's statements on the shared connection.  A transaction
either commits completely or not at all: a process killed mid-way leaves the last
committed state (SQLite's journal), which is what the crash test checks.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, Literal, cast

import aiosqlite

from bot.store.errors import DuplicateRequestId, StoreConflict, StoreError
from bot.store.group import commit_grouped
from bot.store.protocol import GameStore
from bot.store.records import (
    ActionRow,
    GameRow,
    GameUpdate,
    NewNotification,
    OutboxRow,
    SeatRow,
    TimerRow,
    UserRow,
    WritePlan,
    dt,
    ts,
)
from bot.store.schema import MIGRATIONS, SCHEMA_VERSION

Synchronous = Literal["OFF", "NORMAL", "FULL"]
log = logging.getLogger(__name__)


def _d(value: str) -> datetime:
    out = dt(value)
    assert out is not None
    return out


def _game(r: sqlite3.Row) -> GameRow:
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
        created_at=_d(r["created_at"]),
        started_at=dt(r["started_at"]),
        ended_at=dt(r["ended_at"]),
        lang=r["lang"],
    )


def _seat(r: sqlite3.Row) -> SeatRow:
    return SeatRow(
        game_id=r["game_id"],
        user_id=r["user_id"],
        joined_at=_d(r["joined_at"]),
        join_order=r["join_order"],
        seat=r["seat"],
        status=r["status"],
        expiries=r["expiries"],
        final_score=r["final_score"],
        place=r["place"],
        result=r["result"],
    )


def _action(r: sqlite3.Row) -> ActionRow:
    return ActionRow(
        game_id=r["game_id"],
        seq=r["seq"],
        seat=r["seat"],
        code=r["code"],
        user_id=r["user_id"],
        source=r["source"],
        at=_d(r["at"]),
        request_id=r["request_id"],
    )


def _user(r: sqlite3.Row) -> UserRow:
    return UserRow(
        user_id=r["user_id"],
        lang=r["lang"],
        notify=r["notify"],
        quiet_start=r["quiet_start"],
        quiet_end=r["quiet_end"],
        tz=r["tz"],
        vacation_until=dt(r["vacation_until"]),
        last_notified_at=dt(r["last_notified_at"]),
        name=r["name"],
    )


def _timer(r: sqlite3.Row) -> TimerRow:
    return TimerRow(
        game_id=r["game_id"],
        version=r["version"],
        seat=r["seat"],
        user_id=r["user_id"],
        started_at=_d(r["started_at"]),
        due_at=dt(r["due_at"]),
        remind_at=dt(r["remind_at"]),
        paused_left_s=r["paused_left_s"],
    )


def _outbox(r: sqlite3.Row) -> OutboxRow:
    return OutboxRow(
        id=r["id"],
        user_id=r["user_id"],
        game_id=r["game_id"],
        channel_id=r["channel_id"],
        game_version=r["game_version"],
        kind=r["kind"],
        params=json.loads(r["params_json"]),
        created_at=_d(r["created_at"]),
        deliver_after=_d(r["deliver_after"]),
        delivered_at=dt(r["delivered_at"]),
    )


_OUTBOX_INSERT = (
    "INSERT INTO outbox (user_id, game_id, channel_id, game_version, kind, params_json, created_at,"
    " deliver_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)


def _game_columns(update: GameUpdate) -> dict[str, Any]:
    """The ``games`` columns an update sets (text timestamps)."""
    cols: dict[str, Any] = {}
    if update.version is not None:
        cols["version"] = update.version
    if update.to_act is not None:
        cols["to_act"] = update.to_act
    if update.creator_id is not None:
        cols["creator_id"] = update.creator_id
    if update.start is not None:
        cols.update(status="active", config_json=update.start.config_json, started_at=ts(update.start.at))
    if update.end is not None:
        cols.update(status=update.end.status, end_reason=update.end.reason, ended_at=ts(update.end.at), to_act=None)
    if update.snapshot is not None:
        cols.update(snapshot_json=update.snapshot.json, snapshot_version=update.snapshot.version)
    return cols


def _refusal(exc: sqlite3.IntegrityError, request_ids: Iterable[str | None] = ()) -> StoreError:
    """The store-level error for a constraint SQLite enforced."""
    if "request_id" in str(exc):
        ids = [r for r in request_ids if r is not None]
        return DuplicateRequestId(str(exc), request_id=ids[0] if len(ids) == 1 else None)
    return StoreConflict(str(exc))


def _timer_params(timer: TimerRow) -> tuple[Any, ...]:
    return (
        timer.game_id,
        timer.version,
        timer.seat,
        timer.user_id,
        ts(timer.started_at),
        None if timer.due_at is None else ts(timer.due_at),
        None if timer.remind_at is None else ts(timer.remind_at),
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
        ts(created_at),
        ts(n.deliver_after),
    )


class Tx:
    """Statements on the store's connection; obtained from ``store.transaction()`` or ``store.reading()``."""

    __slots__ = ("_db",)

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        return cast(list[sqlite3.Row], list(await self._db.execute_fetchall(sql, params)))

    async def _one(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Row | None:
        rows = await self._rows(sql, params)
        return rows[0] if rows else None

    async def _exec(self, sql: str, params: Sequence[Any] = ()) -> int:
        # The cursor is not closed explicitly: that would be another trip to the connection's thread.
        cur = await self._db.execute(sql, params)
        return cur.rowcount

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
        cur = await self._db.execute(
            "INSERT INTO games (guild_id, channel_id, creator_id, ruleset, max_players, options_json, turn_timer_s,"
            " timeout_policy, max_expiries, ranked, seed, created_at, create_request, lang)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                guild_id,
                channel_id,
                creator_id,
                ruleset,
                max_players,
                json.dumps(dict(options), sort_keys=True),
                turn_timer_s,
                timeout_policy,
                max_expiries,
                int(ranked),
                seed,
                ts(created_at),
                create_request,
                lang,
            ),
        )
        game_id = cur.lastrowid
        await cur.close()
        assert game_id is not None
        return game_id

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._one("SELECT * FROM games WHERE game_id = ?", (game_id,))
        return None if row is None else _game(row)

    async def game_by_request(self, request: str) -> GameRow | None:
        row = await self._one("SELECT * FROM games WHERE create_request = ?", (request,))
        return None if row is None else _game(row)

    async def game_for_channel(self, channel_id: int) -> GameRow | None:
        """The live game of a channel, else its most recent finished one."""
        row = await self._one(
            "SELECT * FROM games WHERE channel_id = ?"
            " ORDER BY status IN ('lobby', 'active') DESC, game_id DESC LIMIT 1",
            (channel_id,),
        )
        return None if row is None else _game(row)

    async def games_for_user(self, user_id: int, *, live_only: bool) -> list[GameRow]:
        extra = " AND g.status IN ('lobby', 'active')" if live_only else ""
        rows = await self._rows(
            "SELECT g.* FROM games g JOIN seats s ON s.game_id = g.game_id WHERE s.user_id = ?"
            + extra
            + " ORDER BY g.game_id",
            (user_id,),
        )
        return [_game(r) for r in rows]

    async def update_game(self, game_id: int, update: GameUpdate, *, expect_version: int | None = None) -> None:
        """Apply ``update``; with ``expect_version`` the write is guarded (``StoreConflict``)."""
        cols = _game_columns(update)
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
        """Write several games' state changes with one statement per table (group commit).

        Raises ``StoreConflict`` if any game row was not at its expected version (the
        caller rolls back and retries the plans one by one to find which).
        """
        by_cols: dict[tuple[str, ...], list[tuple[WritePlan, dict[str, Any]]]] = {}
        for plan in plans:
            cols = _game_columns(plan.game)
            by_cols.setdefault(tuple(sorted(cols)), []).append((plan, cols))
        for names, group in by_cols.items():
            sets = ", ".join(f"{c} = ?" for c in names) or "version = version"
            cur = await self._db.executemany(
                f"UPDATE games SET {sets} WHERE game_id = ? AND version = ?",
                [(*(cols[c] for c in names), p.game_id, p.expect_version) for p, cols in group],
            )
            if cur.rowcount != len(group):
                raise StoreConflict("a game changed under a batch")
        actions = [a for p in plans for a in p.actions]
        if actions:
            await self.append_actions(actions)
        seats = [s for p in plans for s in p.seats]
        if seats:
            await self._db.executemany(
                "UPDATE seats SET seat = ?, status = ?, expiries = ?, final_score = ?, place = ?, result = ?"
                " WHERE game_id = ? AND user_id = ?",
                [(s.seat, s.status, s.expiries, s.final_score, s.place, s.result, s.game_id, s.user_id)
                 for s in seats],
            )
        cleared = [(p.game_id,) for p in plans if p.clear_timer and p.timer is None]
        if cleared:
            await self._db.executemany("DELETE FROM timers WHERE game_id = ?", cleared)
        timers = [p.timer for p in plans if p.timer is not None]
        if timers:
            await self._db.executemany(
                "INSERT OR REPLACE INTO timers (game_id, version, seat, user_id, started_at, due_at, remind_at,"
                " paused_left_s) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [_timer_params(t) for t in timers],
            )
        notes = [(n, p.now) for p in plans for n in p.notes]
        if notes:
            await self._db.executemany(_OUTBOX_INSERT, [_note_params(n, at) for n, at in notes])

    # seats ------------------------------------------------------------------
    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._rows("SELECT * FROM seats WHERE game_id = ? ORDER BY join_order", (game_id,))
        return [_seat(r) for r in rows]

    async def add_seat(self, game_id: int, user_id: int, joined_at: datetime) -> None:
        await self._exec(
            "INSERT INTO seats (game_id, user_id, joined_at, join_order)"
            " VALUES (?, ?, ?, (SELECT COALESCE(MAX(join_order), 0) + 1 FROM seats WHERE game_id = ?))",
            (game_id, user_id, ts(joined_at), game_id),
        )

    async def remove_seat(self, game_id: int, user_id: int) -> None:
        await self._exec("DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))

    # actions ----------------------------------------------------------------
    async def append_actions(self, rows: Iterable[ActionRow]) -> None:
        """Append to the log: ``DuplicateRequestId`` if a request id is there already, ``StoreConflict``
        if a sequence number is."""
        rows = list(rows)
        try:
            await self._db.executemany(
                "INSERT INTO actions (game_id, seq, seat, code, user_id, source, at, request_id)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(a.game_id, a.seq, a.seat, a.code, a.user_id, a.source, ts(a.at), a.request_id) for a in rows],
            )
        except sqlite3.IntegrityError as exc:
            raise _refusal(exc, {a.request_id for a in rows}) from exc

    async def actions(self, game_id: int, *, after: int = 0) -> list[ActionRow]:
        rows = await self._rows("SELECT * FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq", (game_id, after))
        return [_action(r) for r in rows]

    async def undone_actions(self, game_id: int) -> list[ActionRow]:
        rows = await self._rows("SELECT * FROM undone_actions WHERE game_id = ? ORDER BY rowid", (game_id,))
        return [_action(r) for r in rows]

    async def take_back_action(self, game_id: int, seq: int, undone_at: datetime) -> None:
        """Move the log's row ``seq`` (its last) to ``undone_actions``; ``StoreConflict`` if it is not the last."""
        last = await self._one("SELECT MAX(seq) AS seq FROM actions WHERE game_id = ?", (game_id,))
        if last is None or last["seq"] != seq:
            raise StoreConflict(f"game {game_id}: action {seq} is not the last one")
        await self._exec(
            "INSERT INTO undone_actions (game_id, seq, seat, code, user_id, source, at, request_id, undone_at)"
            " SELECT game_id, seq, seat, code, user_id, source, at, request_id, ? FROM actions"
            " WHERE game_id = ? AND seq = ?",
            (ts(undone_at), game_id, seq),
        )
        await self._exec("DELETE FROM actions WHERE game_id = ? AND seq = ?", (game_id, seq))

    async def action_by_request(self, game_id: int, request_id: str) -> ActionRow | None:
        row = await self._one("SELECT * FROM actions WHERE game_id = ? AND request_id = ?", (game_id, request_id))
        return None if row is None else _action(row)

    async def users(self, user_ids: Iterable[int]) -> dict[int, UserRow]:
        ids = sorted(set(user_ids))
        out = {uid: UserRow(uid) for uid in ids}
        if ids:
            marks = ", ".join("?" * len(ids))
            for row in await self._rows(f"SELECT * FROM users WHERE user_id IN ({marks})", ids):
                out[row["user_id"]] = _user(row)
        return out

    async def save_user(self, user: UserRow) -> None:
        await self._exec(
            "INSERT INTO users (user_id, lang, notify, quiet_start, quiet_end, tz, vacation_until, last_notified_at,"
            " name) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(user_id) DO UPDATE SET lang = excluded.lang,"
            " notify = excluded.notify, quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end,"
            " tz = excluded.tz, vacation_until = excluded.vacation_until,"
            " last_notified_at = excluded.last_notified_at, name = COALESCE(excluded.name, users.name)",
            (
                user.user_id,
                user.lang,
                user.notify,
                user.quiet_start,
                user.quiet_end,
                user.tz,
                None if user.vacation_until is None else ts(user.vacation_until),
                None if user.last_notified_at is None else ts(user.last_notified_at),
                user.name,
            ),
        )

    async def set_notified(self, user_id: int, at: datetime) -> None:
        await self._exec(
            "INSERT INTO users (user_id, last_notified_at) VALUES (?, ?)"
            " ON CONFLICT(user_id) DO UPDATE SET last_notified_at = excluded.last_notified_at",
            (user_id, ts(at)),
        )

    async def known_names(self) -> dict[int, str]:
        rows = await self._rows("SELECT user_id, name FROM users WHERE name IS NOT NULL", ())
        return {int(r["user_id"]): str(r["name"]) for r in rows}

    async def users_back_from_vacation(self, now: datetime) -> list[UserRow]:
        rows = await self._rows(
            "SELECT * FROM users WHERE vacation_until IS NOT NULL AND vacation_until <= ?", (ts(now),)
        )
        return [_user(r) for r in rows]

    async def add_vacation(self, user_id: int, starts: datetime, ends: datetime) -> None:
        await self._exec("INSERT INTO vacations VALUES (?, ?, ?)", (user_id, ts(starts), ts(ends)))

    async def vacations_since(self, user_id: int, since: datetime) -> list[tuple[datetime, datetime]]:
        rows = await self._rows(
            "SELECT starts_at, ends_at FROM vacations WHERE user_id = ? AND ends_at > ? ORDER BY starts_at",
            (user_id, ts(since)),
        )
        return [(_d(r[0]), _d(r[1])) for r in rows]

    async def cut_vacation(self, user_id: int, now: datetime) -> None:
        """End the user's running vacation now (keeps the used days in the bank)."""
        await self._exec(
            "UPDATE vacations SET ends_at = ? WHERE user_id = ? AND starts_at <= ? AND ends_at > ?",
            (ts(now), user_id, ts(now), ts(now)),
        )

    # timers -----------------------------------------------------------------
    async def set_timer(self, timer: TimerRow) -> None:
        await self._exec(
            "INSERT OR REPLACE INTO timers (game_id, version, seat, user_id, started_at, due_at, remind_at,"
            " paused_left_s) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            _timer_params(timer),
        )

    async def clear_timer(self, game_id: int) -> None:
        await self._exec("DELETE FROM timers WHERE game_id = ?", (game_id,))

    async def timer(self, game_id: int) -> TimerRow | None:
        row = await self._one("SELECT * FROM timers WHERE game_id = ?", (game_id,))
        return None if row is None else _timer(row)

    async def timers_for_user(self, user_id: int) -> list[TimerRow]:
        return [_timer(r) for r in await self._rows("SELECT * FROM timers WHERE user_id = ?", (user_id,))]

    async def due_timers(self, now: datetime, limit: int = 500) -> list[TimerRow]:
        key = ts(now)
        rows = await self._rows(
            "SELECT * FROM timers WHERE due_at <= ? UNION SELECT * FROM timers WHERE remind_at <= ?"
            " ORDER BY game_id LIMIT ?",
            (key, key, limit),
        )
        return [_timer(r) for r in rows]

    # outbox -----------------------------------------------------------------
    async def add_notifications(self, items: Iterable[NewNotification], created_at: datetime) -> None:
        await self._db.executemany(_OUTBOX_INSERT, [_note_params(n, created_at) for n in items])

    async def pending_notifications(self, now: datetime, limit: int = 1000) -> list[OutboxRow]:
        rows = await self._rows(
            "SELECT * FROM outbox WHERE delivered_at IS NULL AND deliver_after <= ? ORDER BY id LIMIT ?",
            (ts(now), limit),
        )
        return [_outbox(r) for r in rows]

    async def mark_delivered(self, ids: Iterable[int], now: datetime, *, dropped: bool = False) -> None:
        await self._db.executemany(
            "UPDATE outbox SET delivered_at = ?, dropped = ? WHERE id = ? AND delivered_at IS NULL",
            [(ts(now), int(dropped), i) for i in ids],
        )

    async def notifications(self, user_id: int | None = None) -> list[OutboxRow]:
        """Every outbox row (tests and admin tools)."""
        if user_id is None:
            rows = await self._rows("SELECT * FROM outbox ORDER BY id")
        else:
            rows = await self._rows("SELECT * FROM outbox WHERE user_id = ? ORDER BY id", (user_id,))
        return [_outbox(r) for r in rows]


class SqliteStore:
    """The game store: ``store = await SqliteStore.open(path)``; ``await store.close()``.

    ``async with store.transaction() as tx`` runs ``tx`` methods atomically;
    ``async with store.reading() as tx`` runs reads.  Both hold the store's lock.
    """

    def __init__(self, db: aiosqlite.Connection, path: Path) -> None:
        self._db = db
        self.path = path
        self._lock = asyncio.Lock()
        self._checkpointer: asyncio.Task[None] | None = None

    @classmethod
    async def open(
        cls, path: str | Path, *, synchronous: Synchronous = "NORMAL", checkpoint_interval: float = 1.0
    ) -> SqliteStore:
        """Open (creating if needed) and migrate the database at ``path``.

        WAL with ``synchronous=NORMAL`` survives any crash of the process (a commit is
        in the WAL file before ``COMMIT`` returns); ``FULL`` also survives a power cut.
        """
        path = Path(path)
        if str(path) != ":memory:":
            path.parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), isolation_level=None)
        db.row_factory = sqlite3.Row
        await db.execute("PRAGMA journal_mode = WAL")
        await db.execute(f"PRAGMA synchronous = {synchronous}")
        await db.execute("PRAGMA foreign_keys = ON")
        await db.execute("PRAGMA busy_timeout = 5000")
        store = cls(db, path)
        try:
            await store.migrate()
        except BaseException:
            await db.close()
            raise
        if checkpoint_interval and str(path) != ":memory:":
            # Checkpoints copy the WAL into the database file.  Done inside a commit they stall
            # every writer for tens of milliseconds, so the writer connection never checkpoints
            # and a second connection does it in the background (PASSIVE: never blocks writers).
            await db.execute("PRAGMA wal_autocheckpoint = 0")
            store._checkpointer = asyncio.create_task(store._checkpoint_loop(checkpoint_interval))
        return store

    async def _checkpoint_loop(self, interval: float) -> None:
        side = await aiosqlite.connect(str(self.path), isolation_level=None)
        try:
            await side.execute("PRAGMA busy_timeout = 5000")
            while True:
                await asyncio.sleep(interval)
                try:
                    await side.execute("PRAGMA wal_checkpoint(PASSIVE)")
                except sqlite3.Error as exc:  # busy or locked: try again next round
                    log.debug("checkpoint skipped: %s", exc)
        finally:
            await side.close()

    async def close(self) -> None:
        if self._checkpointer is not None:
            self._checkpointer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._checkpointer
            self._checkpointer = None
        async with self._lock:
            with contextlib.suppress(sqlite3.Error):
                await self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            await self._db.close()

    async def __aenter__(self) -> SqliteStore:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        async with self._lock:
            rows = list(await self._db.execute_fetchall("PRAGMA user_version"))
            return int(rows[0][0])

    async def migrate(self) -> int:
        """Apply pending migrations (each in its own transaction); returns the new version."""
        async with self._lock:
            rows = list(await self._db.execute_fetchall("PRAGMA user_version"))
            current = int(rows[0][0])
            if current > SCHEMA_VERSION:
                raise RuntimeError(f"database schema {current} is newer than this bot ({SCHEMA_VERSION})")
            for number in range(current, SCHEMA_VERSION):
                script = MIGRATIONS[number]
                # The script and its version bump run in one transaction: all or nothing.
                try:
                    await self._db.executescript(
                        f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {number + 1};\nCOMMIT;"
                    )
                except BaseException:
                    if self._db.in_transaction:
                        await self._db.execute("ROLLBACK")
                    raise
            return SCHEMA_VERSION

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield Tx(self._db)
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")

    async def commit_plans(self, plans: Sequence[WritePlan]) -> list[StoreError | None]:
        """Apply plans in one transaction (group commit); on a failure retry each alone."""
        return await commit_grouped(self.transaction, plans)

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Tx]:
        async with self._lock:
            yield Tx(self._db)

    async def backup(self, dest: str | Path) -> Path:
        """Write a consistent copy of the live database to ``dest`` (SQLite online backup)."""
        dest = Path(dest)
        dest.parent.mkdir(parents=True, exist_ok=True)
        tmp = dest.with_name(dest.name + ".partial")
        tmp.unlink(missing_ok=True)
        async with self._lock:
            target = await aiosqlite.connect(str(tmp))
            try:
                await self._db.backup(target)
            finally:
                await target.close()
        tmp.replace(dest)
        return dest


def _conforms(store: SqliteStore) -> GameStore:
    """Type check only: mypy refuses this if ``SqliteStore`` stops implementing the protocol."""
    return store
