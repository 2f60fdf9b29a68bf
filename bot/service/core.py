"""The service's shared core: the game and user caches, loading games, lookups, verification.

A game is loaded from its snapshot plus the log after it (the snapshot is only a
cache), rebuilt with the engine's own ``replay``/``from_json``; :meth:`ServiceCore.verify`
replays the whole log and compares.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import secrets
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

import engine
from bot.service import errors as E
from bot.service.feed import GameFeed
from bot.service.hooks import ServiceHooks
from bot.service.types import GameInfo, PlayerInfo, ServiceSettings, board_number
from bot.store import (
    ActionRow,
    GameRow,
    GameStore,
    GameUpdate,
    SeatRow,
    Snapshot,
    StoreError,
    TimerRow,
    UserRow,
    WritePlan,
)
from engine.core import GameConfig, GameState

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]


@dataclass(slots=True)
class LoadedGame:
    """A loaded game (cached between calls; replaced only after a commit).

    ``takebacks``: how many moves of the running game were taken back (its rows in ``undone_actions``); with the
    version it makes the board's identity, :attr:`bot.service.GameInfo.board`.
    """

    row: GameRow
    seats: dict[int, SeatRow]  # by user id
    state: GameState | None  # None in the lobby
    timer: TimerRow | None
    takebacks: int

    def by_seat(self) -> dict[int, SeatRow]:
        return {s.seat: s for s in self.seats.values() if s.seat is not None}

    @property
    def board(self) -> int:
        return board_number(self.row.version, self.takebacks)


class _Locks:
    """One asyncio lock per game, dropped when nobody holds or waits for it."""

    def __init__(self) -> None:
        self._locks: dict[int, tuple[asyncio.Lock, int]] = {}

    @asynccontextmanager
    async def hold(self, key: int) -> AsyncIterator[None]:
        lock, users = self._locks.get(key, (asyncio.Lock(), 0))
        self._locks[key] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[key]
            if users <= 1:
                del self._locks[key]
            else:
                self._locks[key] = (lock, users - 1)


class _GroupCommit:
    """Batches concurrent games' writes into one transaction (group commit).

    ``submit(plan)`` returns once the transaction holding the plan has committed (or
    raises why the plan was refused), so an acknowledged action is durable.  While a
    batch is being written, new plans queue up and go together in the next one.
    """

    def __init__(self, store: GameStore, max_batch: int = 256) -> None:
        self._store = store
        self._max = max_batch
        self._pending: list[tuple[WritePlan, asyncio.Future[None]]] = []
        self._tasks: set[asyncio.Task[None]] = set()
        # Batches written at once: 1 for SQLite (one writer); a server store commits batches side by side
        # (their games differ: a game's lock is held until its plan is written).
        self._streams = int(getattr(store, "commit_streams", 1))

    async def submit(self, plan: WritePlan) -> None:
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((plan, fut))
        self._tasks = {t for t in self._tasks if not t.done()}  # a finished flush takes no more plans
        if len(self._tasks) < self._streams:
            self._tasks.add(asyncio.create_task(self._flush()))
        await fut

    async def _flush(self) -> None:
        while self._pending:
            batch = self._pending[: self._max]
            del self._pending[: self._max]
            results: list[StoreError | None] | list[BaseException]
            try:
                results = await self._store.commit_plans([plan for plan, _ in batch])
            except BaseException as exc:  # every waiter gets the failure
                results = [exc] * len(batch)
            for (_, fut), result in zip(batch, results, strict=True):
                if fut.done():
                    continue
                if result is None:
                    fut.set_result(None)
                else:
                    fut.set_exception(result)


def _replay(config_json: str, actions: Iterable[ActionRow], after: engine.AfterStep | None = None) -> GameState:
    return engine.replay(GameConfig.from_json(json.loads(config_json)), [(a.seat, a.code) for a in actions],
                         after=after)


def _snapshot(row: GameRow, *, verify: bool = False) -> GameState | None:
    """The row's snapshot, ``None`` if there is none or it is unreadable (it is only a cache).

    With ``verify`` the engine replays the snapshot's own log and raises if it differs.
    """
    if not row.snapshot_json or row.snapshot_version is None:
        return None
    try:
        data = json.loads(row.snapshot_json)
        state = engine.from_json(data)
    except (engine.EngineError, KeyError, ValueError, TypeError):
        log.warning("game %s: unreadable snapshot, replaying the log", row.game_id)
        return None
    if state.version != row.snapshot_version:
        log.warning("game %s: snapshot is not at its version, replaying the log", row.game_id)
        return None
    if verify:
        engine.from_json(data, verify=True)
    return state


def same_state(a: GameState, b: GameState) -> bool:
    """Two engine states are the same game at the same point as the rules decide it (setup, log and state;
    not the wording of their event logs, which an earlier engine wrote differently: ``engine.same_game``)."""
    return engine.same_game(a, b)


class ServiceCore:
    """State shared by the service's parts, the caches, loading and the read-only lookups."""

    def __init__(
        self,
        store: GameStore,
        clock: Clock,
        settings: ServiceSettings | None = None,
        *,
        seed_source: Callable[[], int] | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.settings = settings or ServiceSettings()
        self._seed_source = seed_source or (lambda: secrets.randbits(62))
        self._locks = _Locks()
        self._games: OrderedDict[int, LoadedGame] = OrderedDict()
        self._users: OrderedDict[int, UserRow] = OrderedDict()
        self._writer = _GroupCommit(store)
        # Users are cached when this is the one process (``user_cache``) or the store tells of other
        # processes' changes; reads under way when such news arrives do not fill the cache.
        self._user_reads: dict[int, set[int]] = {}  # by a token of each read under way
        self._user_read_tokens = itertools.count()
        self._users_watched = store.watch_users(self._user_changed)
        #: What runs after a commit, plays turns no person is asked for, scans and closes: registered, in order, by
        #: ``GameService.__init__`` (:mod:`bot.service.service`) and nowhere else.
        self.hooks = ServiceHooks()
        #: The pages following a game live in this process (bot.web.play): woken after a commit (a hook) and after a
        #: take-back.
        self.feed = GameFeed()
        #: Game loads served from the cache and loads that missed it (benchmarks and metrics: the hit rate).
        self.cache_hits = 0
        self.cache_misses = 0

    def _now(self) -> datetime:
        now = self.clock()
        if now.tzinfo is None:
            raise ValueError("the service clock must return aware datetimes")
        return now

    # ------------------------------------------------------------------ game cache
    def _remember(self, g: LoadedGame) -> None:
        self._games[g.row.game_id] = g
        self._games.move_to_end(g.row.game_id)
        while len(self._games) > self.settings.cache_size:
            self._games.popitem(last=False)

    def _forget(self, game_id: int) -> None:
        self._games.pop(game_id, None)

    def forget(self, game_id: int) -> None:
        """Drop ``game_id`` from the cache: another process changed it (a web process showing what the bot plays
        reads it again from the store)."""
        self._forget(game_id)

    async def _seat(self, g: LoadedGame, user_id: int) -> GameInfo:
        """Seat ``user_id`` in the lobby ``g`` (one statement; call with the game's lock held)."""
        self._forget(g.row.game_id)
        async with self.store.transaction(single=True, durable=False) as tx:
            seat = await tx.add_seat(g.row.game_id, user_id, self._now())
        new = LoadedGame(g.row, {**g.seats, user_id: seat}, None, None, 0)
        self._remember(new)
        return self._info(new)

    async def _load(self, game_id: int) -> LoadedGame:
        """The game (from the cache or the store); call with the game's lock held.

        A cache miss reads the row, seats, clock, log and take-back count in one read transaction, then
        rebuilds the state after releasing the store (other games' reads and writes go on).
        """
        g = self._games.get(game_id)
        if g is not None:
            self._games.move_to_end(game_id)
            self.cache_hits += 1
            return g
        self.cache_misses += 1
        async with self.store.reading(single=True) as tx:
            bundle = await tx.game_bundle(game_id)
        if bundle is None:
            raise E.GameNotFound(game_id=game_id)
        row, timer, log_rows = bundle.row, bundle.timer, bundle.actions
        seats = {s.user_id: s for s in bundle.seats}
        state = self._rebuild(row, log_rows, after=bundle.after) if row.config_json else None
        if state is None and row.config_json:  # the snapshot was unreadable: the whole log is needed
            async with self.store.reading() as tx:
                log_rows = await tx.actions(game_id)
            state = self._rebuild(row, log_rows, after=0)
        # only a running game's boards take moves (one process writes a game)
        takebacks = bundle.takebacks if row.status == "active" else 0
        g = LoadedGame(row, seats, state, timer, takebacks)
        self._remember(g)
        return g

    @staticmethod
    def _rebuild(row: GameRow, log_rows: list[ActionRow], *, after: int, check_snapshot: bool = False
                 ) -> GameState | None:
        """The snapshot plus ``log_rows`` (the log after ``after``); with ``after == 0`` the whole log
        is replayed if the snapshot is missing or unreadable.  ``None``: the snapshot is unusable and
        ``log_rows`` is not the whole log.

        With ``check_snapshot`` a readable snapshot must match its own log (``engine.BadSetup`` if not).
        """
        assert row.config_json is not None
        state = _snapshot(row, verify=check_snapshot)
        if state is None:
            if after:
                return None
            state = _replay(row.config_json, log_rows)
        else:  # a state just loaded is ours to change
            engine.play_on(state, [(a.seat, a.code) for a in log_rows if a.seq > state.version])
        if state.version != row.version:
            raise RuntimeError(f"game {row.game_id}: log gives version {state.version}, row says {row.version}")
        return state

    # ------------------------------------------------------------------ user cache
    async def _user_rows(self, user_ids: Iterable[int], *, fresh: bool = False) -> dict[int, UserRow]:
        """The users (a user never saved: defaults), from the cache unless ``fresh`` (then all from the store:
        their last-notified times, which other processes write without telling, are current)."""
        ids = set(user_ids)
        out = {} if fresh else {uid: self._users[uid] for uid in ids if uid in self._users}
        missing = ids - out.keys()
        if missing:
            token, changed = next(self._user_read_tokens), set[int]()
            self._user_reads[token] = changed
            try:
                async with self.store.reading(single=True) as tx:
                    fetched = await tx.users(missing)
            finally:
                del self._user_reads[token]
            for uid, row in fetched.items():
                if uid not in changed:
                    self._cache_user(row)
                out[uid] = row
        return out

    def _user_changed(self, user_id: int | None) -> None:
        """Another process changed ``user_id`` (``None``: perhaps anyone, and no more news will come)."""
        if user_id is None:
            self._users_watched = False  # _cache_user refuses from now on
            self._users.clear()
            return
        self._users.pop(user_id, None)
        for changed in self._user_reads.values():
            changed.add(user_id)

    def _cache_user(self, row: UserRow) -> None:
        if not (self.settings.user_cache or self._users_watched):  # another process may change it: read each time
            return
        self._users[row.user_id] = row
        self._users.move_to_end(row.user_id)
        while len(self._users) > self.settings.cache_size * 4:
            self._users.popitem(last=False)

    # ------------------------------------------------------------------ views and lookups
    def _info(self, g: LoadedGame) -> GameInfo:
        row = g.row
        bank = row.bank_initial_s
        seats = list(g.seats.values())
        if row.status == "lobby":
            seats.sort(key=lambda s: s.join_order)
        else:
            seats.sort(key=lambda s: (s.seat is None, s.seat, s.join_order))
        return GameInfo(
            game_id=row.game_id,
            channel_id=row.channel_id,
            guild_id=row.guild_id,
            creator_id=row.creator_id,
            ruleset=row.ruleset,
            max_players=row.max_players,
            options=dict(row.options),
            turn_timer=None if row.turn_timer_s is None else timedelta(seconds=row.turn_timer_s),
            timeout_policy=row.timeout_policy,
            max_expiries=row.max_expiries,
            ranked=row.ranked,
            status=row.status,
            version=row.version,
            takebacks=g.takebacks,
            to_act_seat=row.to_act,
            players=tuple(
                PlayerInfo(s.user_id, s.seat, s.status, s.expiries, s.final_score, s.place, s.result, None
                           if bank is None else timedelta(seconds=bank if s.bank_left_s is None else s.bank_left_s))
                for s in seats
            ),
            end_reason=row.end_reason,
            deadline=None if g.timer is None else g.timer.due_at,
            created_at=row.created_at,
            started_at=row.started_at,
            ended_at=row.ended_at,
            lang=row.lang,
            rematch_of=row.rematch_of,
            invited=row.seat_order or (),
            thread_state=row.thread_state,
            time_bank=None if bank is None else (timedelta(seconds=bank), timedelta(seconds=row.bank_increment_s or 0)),
        )

    async def game(self, game_id: int) -> GameInfo:
        async with self._locks.hold(game_id):
            return self._info(await self._load(game_id))

    async def state(self, game_id: int) -> GameState | None:
        """The engine state of a started game (``None`` in the lobby); show ``engine.view_for`` of it."""
        async with self._locks.hold(game_id):
            return (await self._load(game_id)).state

    async def game_for_channel(self, channel_id: int) -> GameInfo | None:
        """The lobby or running game of a channel/thread, else its most recent finished game."""
        async with self.store.reading() as tx:
            row = await tx.game_for_channel(channel_id)
        return None if row is None else await self.game(row.game_id)

    async def games_for_user(self, user_id: int, *, live_only: bool = True) -> list[GameInfo]:
        async with self.store.reading() as tx:
            rows = await tx.games_for_user(user_id, live_only=live_only)
        return [await self.game(r.game_id) for r in rows]

    async def actions(self, game_id: int) -> list[ActionRow]:
        """The game's action log."""
        async with self.store.reading() as tx:
            return await tx.actions(game_id)

    async def verify(self, game_id: int) -> bool:
        """Replay the whole log from the setup: it must equal the snapshot plus the log after it
        (the snapshot itself matching its own log) and the cached state.

        The comparison is of what the rules decide (``engine.same_game``): a snapshot an earlier engine wrote,
        whose event log is worded differently, is the same game; it is then stored again as this engine
        writes it (refreshed, never refused).

        False (never an exception) when they disagree, even when the game cannot be loaded at all (a snapshot
        its log cannot be applied to, or that is past the game's version) or its log does not replay;
        ``GameNotFound`` for a game that does not exist."""
        async with self._locks.hold(game_id):
            try:
                g = await self._load(game_id)
            except (engine.EngineError, RuntimeError) as exc:
                log.warning("game %s does not load: %s", game_id, exc)
                return False
            async with self.store.reading() as tx:
                row = await tx.game(game_id)
                log_rows = await tx.actions(game_id)
            if row is None or row.config_json is None:
                return row is not None
            try:
                replayed = _replay(row.config_json, log_rows)
                loaded = self._rebuild(row, log_rows, after=0, check_snapshot=True)
            except (engine.EngineError, RuntimeError) as exc:
                log.warning("game %s: %s", game_id, exc)
                return False
            assert loaded is not None
            same = g.state is not None and same_state(loaded, replayed) and same_state(g.state, replayed)
            if same:
                await self._refresh_snapshot(row)
        return same

    async def _refresh_snapshot(self, row: GameRow) -> None:
        """Store the verified snapshot of ``row`` again if an earlier engine wrote what it presents differently
        (its event log): the replay's own, so that loading it shows what this engine would have.  Call with
        the game's lock held, once the snapshot is known to be the same game as its log."""
        if not row.snapshot_json or row.snapshot_version is None:
            return
        try:
            stored = json.loads(row.snapshot_json)
            again = engine.from_json(stored, verify=True)
        except (engine.EngineError, ValueError):  # unreadable: only a cache, loading replays the log instead
            return
        fresh = engine.to_json(again)
        if fresh == stored or again.version != row.snapshot_version:  # current, or not used anyway
            return
        snapshot = Snapshot(json.dumps(fresh, separators=(",", ":")), row.snapshot_version)
        try:
            async with self.store.transaction() as tx:
                await tx.update_game(row.game_id, GameUpdate(snapshot=snapshot), expect_version=row.version)
        except StoreError as exc:  # the game moved on meanwhile (another process): its next snapshot is fresh
            log.warning("game %s: snapshot not refreshed: %s", row.game_id, exc)
            return
        self._forget(row.game_id)  # the cached state keeps the old wording; the next load reads the new one
        log.info("game %s: snapshot at version %s refreshed (its events as this engine writes them)",
                 row.game_id, row.snapshot_version)

    async def backup(self, dest: str | Path) -> Path:
        """A consistent copy of the live database."""
        return await self.store.backup(dest)
