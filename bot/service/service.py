"""The game service: lifecycle, ordered per-game actions, timers, vacations, notifications.

See :mod:`bot.service` for the API overview.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import secrets
import sqlite3
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import engine
from bot.i18n import LANGS
from bot.service import errors as E
from bot.service.clock import add_active_time, overlap_days, quiet_until, zone
from bot.service.types import (
    Applied,
    Delivery,
    GameInfo,
    Notification,
    Outcome,
    PlayerInfo,
    ServiceSettings,
    TimeoutPolicy,
    UserSettings,
    parse_turn_timer,
)
from bot.store import (
    ActionRow,
    GameRow,
    NewNotification,
    NotifyPref,
    SeatRow,
    SqliteStore,
    StoreConflict,
    TimerRow,
    Tx,
    WritePlan,
)
from bot.store import UserRow as _UserRow
from engine.core import Event, GameConfig
from engine.rng import Rng

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]
SEATING_STREAM = 0x5EA7  # Rng fork label of the seat draw
_MAX_AUTO_STEPS = 10_000
_STALE_KINDS = frozenset({"your_turn", "reminder"})


@dataclass(slots=True)
class _Game:
    """A loaded game (cached between calls; replaced only after a commit)."""

    row: GameRow
    seats: dict[int, SeatRow]  # by user id
    state: Any  # engine state; None in the lobby
    timer: TimerRow | None

    def by_seat(self) -> dict[int, SeatRow]:
        return {s.seat: s for s in self.seats.values() if s.seat is not None}


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

    def __init__(self, store: SqliteStore, max_batch: int = 256) -> None:
        self._store = store
        self._max = max_batch
        self._pending: list[tuple[WritePlan, asyncio.Future[None]]] = []
        self._task: asyncio.Task[None] | None = None

    async def submit(self, plan: WritePlan) -> None:
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((plan, fut))
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._flush())
        await fut

    async def _flush(self) -> None:
        while self._pending:
            batch = self._pending[: self._max]
            del self._pending[: self._max]
            results: list[BaseException | None]
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


class GameService:
    """The Discord-independent core between the commands and the engine (see :mod:`bot.service`)."""

    def __init__(
        self,
        store: SqliteStore,
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
        self._games: OrderedDict[int, _Game] = OrderedDict()
        self._users: OrderedDict[int, _UserRow] = OrderedDict()
        self._writer = _GroupCommit(store)

    def _now(self) -> datetime:
        now = self.clock()
        if now.tzinfo is None:
            raise ValueError("the service clock must return aware datetimes")
        return now

    # ------------------------------------------------------------------ loading
    def _remember(self, g: _Game) -> None:
        self._games[g.row.game_id] = g
        self._games.move_to_end(g.row.game_id)
        while len(self._games) > self.settings.cache_size:
            self._games.popitem(last=False)

    def _forget(self, game_id: int) -> None:
        self._games.pop(game_id, None)

    async def _load(self, game_id: int) -> _Game:
        """The game (from the cache or the store); call with the game's lock held."""
        g = self._games.get(game_id)
        if g is not None:
            self._games.move_to_end(game_id)
            return g
        async with self.store.reading() as tx:
            row = await tx.game(game_id)
            if row is None:
                raise E.GameNotFound(game_id=game_id)
            seats = {s.user_id: s for s in await tx.seats(game_id)}
            timer = await tx.timer(game_id)
            state = await self._rebuild(tx, row) if row.config_json else None
        g = _Game(row, seats, state, timer)
        self._remember(g)
        return g

    @staticmethod
    async def _rebuild(tx: Tx, row: GameRow, *, use_snapshot: bool = True) -> Any:
        """Snapshot plus the log after it (or the whole log): the snapshot is only a cache."""
        assert row.config_json is not None
        state: Any = None
        after = 0
        if use_snapshot and row.snapshot_json and row.snapshot_version is not None:
            try:
                state = engine.from_json(json.loads(row.snapshot_json))
                after = row.snapshot_version
            except (engine.EngineError, KeyError, ValueError, TypeError):
                log.warning("game %s: unreadable snapshot, replaying the log", row.game_id)
                state = None
        if state is None or state.version != after:
            state = engine.new_game(GameConfig.from_json(json.loads(row.config_json)))
            after = 0
        rules = state.rules
        for a in await tx.actions(row.game_id, after=after):
            rules.apply_in_place(state, a.seat, rules.parse_action(a.code))
        if state.version != row.version:
            raise RuntimeError(f"game {row.game_id}: log gives version {state.version}, row says {row.version}")
        return state

    async def _user_rows(self, user_ids: Iterable[int]) -> dict[int, _UserRow]:
        ids = set(user_ids)
        out = {uid: self._users[uid] for uid in ids if uid in self._users}
        missing = ids - out.keys()
        if missing:
            async with self.store.reading() as tx:
                fetched = await tx.users(missing)
            for uid, row in fetched.items():
                self._cache_user(row)
                out[uid] = row
        return out

    def _cache_user(self, row: _UserRow) -> None:
        self._users[row.user_id] = row
        self._users.move_to_end(row.user_id)
        while len(self._users) > self.settings.cache_size * 4:
            self._users.popitem(last=False)

    # ------------------------------------------------------------------ views
    def _info(self, g: _Game) -> GameInfo:
        row = g.row
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
            to_act_seat=row.to_act,
            players=tuple(
                PlayerInfo(s.user_id, s.seat, s.status, s.expiries, s.final_score, s.place, s.result) for s in seats
            ),
            end_reason=row.end_reason,
            deadline=None if g.timer is None else g.timer.due_at,
            created_at=row.created_at,
            started_at=row.started_at,
            ended_at=row.ended_at,
        )

    async def game(self, game_id: int) -> GameInfo:
        async with self._locks.hold(game_id):
            return self._info(await self._load(game_id))

    async def state(self, game_id: int) -> Any:
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
        """Replay the whole log from the setup: it must equal the stored snapshot (+ tail) and the cache."""
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
            async with self.store.reading() as tx:
                row = await tx.game(game_id)
                if row is None or row.config_json is None:
                    return row is not None
                replayed = await self._rebuild(tx, row, use_snapshot=False)
                cached = await self._rebuild(tx, row)
        rules = replayed.rules
        want = rules.state_to_json(replayed)
        return bool(
            rules.state_to_json(cached) == want
            and g.state is not None
            and rules.state_to_json(g.state) == want
            and replayed.history() == cached.history()
        )

    # ------------------------------------------------------------------ lifecycle
    async def create_game(
        self,
        *,
        channel_id: int,
        creator_id: int,
        guild_id: int | None = None,
        ruleset: str = "base",
        players: int = 4,
        options: Mapping[str, Any] | None = None,
        turn_timer: str | int | timedelta | None = "24h",
        ranked: bool = False,
        timeout_policy: TimeoutPolicy = "skip",
        max_expiries: int | None = None,
        seed: int | None = None,
        request_id: str | None = None,
    ) -> GameInfo:
        """Open a lobby in ``channel_id`` (the creator joins it); ``players`` is the seat limit."""
        rules = engine.find_ruleset(ruleset)
        if not rules.min_players <= players <= rules.max_players:
            raise E.BadOption(name="players", value=players)
        timer = parse_turn_timer(turn_timer)
        if timeout_policy not in ("skip", "ai"):
            raise E.BadOption(name="timeout_policy", value=timeout_policy)
        expiries = self.settings.default_max_expiries if max_expiries is None else max_expiries
        if not 0 <= expiries <= 100:
            raise E.BadOption(name="max_expiries", value=expiries)
        now = self._now()
        try:
            async with self.store.transaction() as tx:
                if request_id is not None:
                    earlier = await tx.game_by_request(request_id)
                    if earlier is not None:
                        game_id = earlier.game_id
                        raise _Done
                live = await tx.game_for_channel(channel_id)
                if live is not None and live.status in ("lobby", "active"):
                    raise E.ChannelBusy(game_id=live.game_id)
                game_id = await tx.insert_game(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    creator_id=creator_id,
                    ruleset=rules.name,
                    max_players=players,
                    options=dict(options or {}),
                    turn_timer_s=None if timer is None else int(timer.total_seconds()),
                    timeout_policy=timeout_policy,
                    max_expiries=expiries,
                    ranked=ranked,
                    seed=self._seed_source() if seed is None else seed,
                    created_at=now,
                    create_request=request_id,
                )
                await tx.add_seat(game_id, creator_id, now)
        except _Done:
            pass
        return await self.game(game_id)

    async def join(self, game_id: int, user_id: int) -> GameInfo:
        """Take a seat in a lobby (joining twice is a no-op)."""
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
            self._check_lobby(g.row)
            if user_id in g.seats:
                return self._info(g)
            if len(g.seats) >= g.row.max_players:
                raise E.LobbyFull(count=g.row.max_players)
            self._forget(game_id)
            async with self.store.transaction() as tx:
                await tx.add_seat(game_id, user_id, self._now())
            return self._info(await self._load(game_id))

    async def leave(self, game_id: int, user_id: int) -> GameInfo:
        """Leave a lobby (a started game is left with :meth:`resign`); an empty lobby closes."""
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
            self._check_lobby(g.row)
            if user_id not in g.seats:
                raise E.NotSeated(game_id=game_id)
            rest = sorted((s for s in g.seats.values() if s.user_id != user_id), key=lambda s: s.join_order)
            now = self._now()
            self._forget(game_id)
            async with self.store.transaction() as tx:
                await tx.remove_seat(game_id, user_id)
                if not rest:
                    await tx.update_game(game_id, status="aborted", end_reason="empty", ended_at=now)
                elif user_id == g.row.creator_id:
                    await tx.update_game(game_id, creator_id=rest[0].user_id)
            return self._info(await self._load(game_id))

    @staticmethod
    def _check_lobby(row: GameRow) -> None:
        if row.status == "active":
            raise E.AlreadyStarted(game_id=row.game_id)
        if row.status != "lobby":
            raise E.GameFinished(game_id=row.game_id)

    async def start(self, game_id: int, user_id: int, *, is_manager: bool = False) -> Outcome:
        """Start a lobby (its creator or a server manager); the seat order is drawn from the game's seed."""
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
            self._check_lobby(g.row)
            if user_id != g.row.creator_id and not is_manager:
                raise E.NotAllowed(action="start")
            rules = engine.find_ruleset(g.row.ruleset)
            order = [s.user_id for s in sorted(g.seats.values(), key=lambda s: s.join_order)]
            if len(order) < rules.min_players:
                raise E.TooFewPlayers(count=rules.min_players, joined=len(order))
            Rng(g.row.seed).fork(SEATING_STREAM).shuffle(order)
            config = GameConfig(rules.name, len(order), g.row.seed, dict(g.row.options))
            state = engine.new_game(config)  # EngineError (bad options) leaves the lobby untouched
            now = self._now()
            seats = {uid: replace(g.seats[uid], seat=i) for i, uid in enumerate(order)}
            row = replace(g.row, status="active", config_json=json.dumps(config.to_json(), sort_keys=True),
                          started_at=now, version=state.version, to_act=state.to_act)
            started = _Game(row, seats, state, None)
            notes = [(uid, "game_started", {"seat": seats[uid].seat, "players": len(order), "count": len(order)})
                     for uid in order]
            return await self._commit(
                g, started, [], (), now, changed_seats=set(order), extra_notes=notes, fields={
                    "status": "active", "config_json": row.config_json, "started_at": now}, force_snapshot=True,
            )

    async def abort(self, game_id: int, user_id: int, *, is_manager: bool = False) -> GameInfo:
        """Stop a lobby or a running game without result (its creator or a server manager)."""
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
            if g.row.status not in ("lobby", "active"):
                raise E.GameFinished(game_id=game_id)
            if user_id != g.row.creator_id and not is_manager:
                raise E.NotAllowed(action="abort")
            now = self._now()
            users = await self._user_rows(g.seats)
            notes = [
                n for uid in g.seats if uid != user_id
                if (n := self._note(users[uid], "aborted", g.row, now, {"by": user_id})) is not None
            ]
            self._forget(game_id)
            async with self.store.transaction() as tx:
                await tx.update_game(game_id, status="aborted", end_reason="aborted", ended_at=now, to_act=None)
                await tx.clear_timer(game_id)
                await tx.add_notifications(notes, now)
            return self._info(await self._load(game_id))

    async def resign(self, game_id: int, user_id: int) -> Outcome:
        """Leave a running game: a loss; the seat then plays minimal moves, and a last player left wins."""
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
            self._check_running(g)
            seat = self._seat_of(g, user_id)
            now = self._now()
            new = _Game(g.row, {**g.seats, user_id: replace(seat, status="resigned")}, g.state, g.timer)
            return await self._commit(g, new, [], (), now, changed_seats={user_id})

    def _check_running(self, g: _Game) -> None:
        if g.row.status == "lobby":
            raise E.NotStarted(game_id=g.row.game_id)
        if g.row.status != "active":
            raise E.GameFinished(game_id=g.row.game_id)

    @staticmethod
    def _seat_of(g: _Game, user_id: int) -> SeatRow:
        seat = g.seats.get(user_id)
        if seat is None or seat.seat is None:
            raise E.NotSeated(game_id=g.row.game_id)
        if seat.status != "active":
            raise E.NotActive(game_id=g.row.game_id, status=seat.status)
        return seat

    # ------------------------------------------------------------------ play
    async def play(self, game_id: int, user_id: int, code: str, *, expected_version: int, request_id: str) -> Outcome:
        """Apply ``code`` for ``user_id``, decided on board ``expected_version``.

        Refusals: ``GameNotFound``, ``NotStarted``, ``StaleBoard`` (an old button),
        ``GameFinished``, ``NotSeated``/``NotActive``, ``NotYourTurn``, engine errors
        (``InvalidAction``, ``IllegalAction``).  A request id seen before returns the
        outcome with ``duplicate=True`` and changes nothing.
        """
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
            if g.row.status == "lobby":
                raise E.NotStarted(game_id=game_id)
            state = g.state
            assert state is not None
            if expected_version != g.row.version:
                async with self.store.reading() as tx:
                    earlier = await tx.action_by_request(game_id, request_id)
                if earlier is not None:
                    if earlier.user_id != user_id:
                        raise E.DuplicateRequest(request_id=request_id)
                    applied = Applied(earlier.seq, earlier.seat, earlier.user_id, earlier.code, earlier.source)
                    return Outcome(self._info(g), state, (applied,), duplicate=True)
                if g.row.status != "active":
                    raise E.GameFinished(game_id=game_id)
                raise E.StaleBoard(expected=expected_version, current=g.row.version)
            self._check_running(g)
            seat = self._seat_of(g, user_id)
            if state.to_act != seat.seat:
                raise E.NotYourTurn(to_act=g.by_seat()[state.to_act].user_id if state.to_act is not None else None)
            assert seat.seat is not None
            action = engine.parse_action(state, code)
            tr = engine.apply(state, seat.seat, action)
            now = self._now()
            row = ActionRow(game_id, g.row.version + 1, seat.seat, str(action), user_id, "player", now, request_id)
            new = _Game(g.row, g.seats, tr.state, g.timer)
            return await self._commit(g, new, [row], tr.events, now, actor=user_id)

    # ------------------------------------------------------------------ the one writer
    async def _commit(
        self,
        old: _Game,
        new: _Game,
        rows: list[ActionRow],
        events: tuple[Event, ...],
        now: datetime,
        *,
        actor: int | None = None,
        changed_seats: set[int] | None = None,
        extra_notes: list[tuple[int, str, dict[str, Any]]] | None = None,
        fields: dict[str, Any] | None = None,
        force_snapshot: bool = False,
    ) -> Outcome:
        """Finish a change (minimal moves for absent seats, game end, clock, notifications) and write it atomically.

        Called with the game's lock held.  The cache is replaced only after COMMIT.
        """
        game_id = old.row.game_id
        state = new.state
        seats = dict(new.seats)
        changed = set(changed_seats or ())
        all_events = list(events)
        rows = list(rows)
        fields = dict(fields or {})
        by_seat = {s.seat: s for s in seats.values() if s.seat is not None}
        active = [s for s in seats.values() if s.status == "active"]
        # Seats that resigned or were removed play deterministic minimal moves.
        steps = 0
        while not state.is_over and len(active) > 1 and by_seat[state.to_act].status != "active":
            steps += 1
            if steps > _MAX_AUTO_STEPS:
                raise RuntimeError(f"game {game_id}: absent seats never stop playing")
            seat_no = state.to_act
            action = engine.default_action(state)
            tr = engine.apply(state, seat_no, action)
            rows.append(ActionRow(game_id, state.version + 1, seat_no, str(action), None, "auto", now))
            all_events.extend(tr.events)
            state = tr.state
        version = state.version
        users = await self._user_rows(seats)
        notes: list[NewNotification] = []
        for uid, kind, params in extra_notes or ():
            note = self._note(users[uid], kind, new.row, now, params, version=version)
            if note is not None:
                notes.append(note)
        ending = "finished" if state.is_over else "forfeit" if len(active) <= 1 else None
        timer: TimerRow | None = None
        if ending is not None:
            results = self._results(state, seats, ending)
            for uid, (score, place, result) in results.items():
                seats[uid] = replace(seats[uid], final_score=score, place=place, result=result)
                changed.add(uid)
                note = self._note(users[uid], "game_over", new.row, now,
                                  {"reason": ending, "score": score, "count": score, "place": place, "result": result})
                if note is not None:
                    notes.append(note)
            fields.update(status="over", end_reason=ending, ended_at=now)
            to_act: int | None = None
        else:
            to_act = state.to_act
            next_user = by_seat[to_act].user_id
            same_turn = old.timer is not None and old.timer.seat == to_act and all(r.seat == to_act for r in rows)
            if new.row.turn_timer_s is not None:
                if same_turn and old.timer is not None:
                    timer = replace(old.timer, version=version)
                else:
                    timer = self._new_timer(game_id, version, to_act, users[next_user], now, new.row.turn_timer_s)
            new_turn = not same_turn and (rows or old.row.status == "lobby")
            if new_turn and next_user != actor:
                params = {"pending": state.pending_kind,
                          "deadline": None if timer is None or timer.due_at is None else timer.due_at.isoformat()}
                note = self._note(users[next_user], "your_turn", new.row, now, params, version=version)
                if note is not None:
                    notes.append(note)
        # Snapshots are staggered by game id so that games started together do not all serialize at once.
        every, shift = self.settings.snapshot_every, game_id % self.settings.snapshot_every
        snapshot = force_snapshot or ending is not None or (
            (version + shift) // every != (old.row.version + shift) // every
        )
        fields.update(version=version, to_act=to_act)
        if snapshot:
            fields.update(snapshot_json=json.dumps(engine.to_json(state), separators=(",", ":")),
                          snapshot_version=version)
        plan = WritePlan(
            game_id, old.row.version, now, fields, rows,
            {uid: {"seat": seats[uid].seat, "status": seats[uid].status, "expiries": seats[uid].expiries,
                   "final_score": seats[uid].final_score, "place": seats[uid].place, "result": seats[uid].result}
             for uid in changed},
            timer, timer is None and (old.timer is not None or ending is not None), notes,
        )
        try:
            await self._writer.submit(plan)
        except StoreConflict:
            self._forget(game_id)
            raise E.StaleBoard(expected=old.row.version, current=-1) from None
        except sqlite3.IntegrityError:
            self._forget(game_id)
            raise E.DuplicateRequest(request_id=rows[0].request_id if rows else None) from None
        except BaseException:
            self._forget(game_id)
            raise
        row = replace(new.row, **{k: v for k, v in fields.items() if k != "options"})
        done = _Game(row, seats, state, timer)
        self._remember(done)
        applied = tuple(Applied(r.seq, r.seat, r.user_id, r.code, r.source) for r in rows)
        return Outcome(self._info(done), state, applied, tuple(all_events), tuple(_public(n) for n in notes))

    @staticmethod
    def _results(state: Any, seats: dict[int, SeatRow], ending: str) -> dict[int, tuple[int, int, str]]:
        scores = state.scores()
        active = {s.user_id for s in seats.values() if s.status == "active"}
        winners = set(state.winners()) if ending == "finished" else {
            s.seat for s in seats.values() if s.user_id in active}

        def key(s: SeatRow) -> tuple[int, int, int]:
            assert s.seat is not None
            return (s.user_id not in active, s.seat not in winners, -int(scores[s.seat]))

        placed = [s for s in seats.values() if s.seat is not None]
        out: dict[int, tuple[int, int, str]] = {}
        for s in placed:
            assert s.seat is not None
            place = 1 + sum(1 for o in placed if key(o) < key(s))
            won = s.seat in winners and s.user_id in active
            result = ("draw" if len(winners) > 1 else "win") if won else "loss"
            out[s.user_id] = (int(scores[s.seat]), place, result)
        return out

    def _new_timer(self, game_id: int, version: int, seat: int, user: _UserRow, now: datetime, span_s: int) -> TimerRow:
        span = timedelta(seconds=span_s)
        if user.vacation_until is not None and user.vacation_until > now:
            return TimerRow(game_id, version, seat, user.user_id, now, None, None, float(span_s))
        due, remind = self._deadline(now, span, user)
        return TimerRow(game_id, version, seat, user.user_id, now, due, remind)

    def _deadline(self, start: datetime, span: timedelta, user: _UserRow) -> tuple[datetime, datetime | None]:
        due = add_active_time(start, span, user)
        lead = min(self.settings.reminder_lead, span / 2)
        remind = due - lead
        return due, (remind if remind > start else None)

    def _note(
        self, user: _UserRow, kind: str, row: GameRow, now: datetime, params: Mapping[str, Any],
        *, version: int | None = None,
    ) -> NewNotification | None:
        """A notification honouring the user's preference, quiet hours and vacation."""
        if user.notify == "none":
            return None
        after = quiet_until(now, user)
        if kind in _STALE_KINDS and user.vacation_until is not None and user.vacation_until > after:
            after = user.vacation_until
        return NewNotification(
            user_id=user.user_id, kind=kind, deliver_after=after, game_id=row.game_id, channel_id=row.channel_id,
            game_version=version, params={"game_id": row.game_id, **params},
        )

    # ------------------------------------------------------------------ timers
    async def run_due_timers(self) -> list[Outcome]:
        """Fire what is due: vacations that ended, reminders, expired turn clocks (late after downtime, never lost).

        Returns the outcomes of expired turns (boards to refresh).
        """
        now = self._now()
        async with self.store.reading() as tx:
            back = await tx.users_back_from_vacation(now)
        for user in back:
            await self._end_vacation(user.user_id, resume_at=user.vacation_until or now)
        async with self.store.reading() as tx:
            due = await tx.due_timers(now)
        outcomes: list[Outcome] = []
        for timer in due:
            try:
                outcome = await self._fire(timer.game_id, now)
            except Exception:
                log.exception("timer of game %s failed", timer.game_id)
                continue
            if outcome is not None:
                outcomes.append(outcome)
        return outcomes

    async def _fire(self, game_id: int, now: datetime) -> Outcome | None:
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
            timer = g.timer
            if g.row.status != "active" or timer is None or timer.version != g.row.version:
                return None
            if timer.due_at is not None and timer.due_at <= now:
                return await self._expire(g, timer, now)
            if timer.remind_at is not None and timer.remind_at <= now:
                users = await self._user_rows([timer.user_id])
                params = {"deadline": None if timer.due_at is None else timer.due_at.isoformat()}
                note = self._note(users[timer.user_id], "reminder", g.row, now, params, version=g.row.version)
                new_timer = replace(timer, remind_at=None)
                self._forget(game_id)
                async with self.store.transaction() as tx:
                    await tx.set_timer(new_timer)
                    if note is not None:
                        await tx.add_notifications([note], now)
                g.timer = new_timer
                self._remember(g)
            return None

    async def _expire(self, g: _Game, timer: TimerRow, now: datetime) -> Outcome:
        """The turn clock ran out: skip with minimal moves, or remove the player after N expiries."""
        state = g.state
        seat = g.by_seat()[timer.seat]
        expiries = seat.expiries + 1
        seats = dict(g.seats)
        notes: list[tuple[int, str, dict[str, Any]]] = []
        rows: list[ActionRow] = []
        events: list[Event] = []
        if g.row.max_expiries and expiries >= g.row.max_expiries:
            seats[seat.user_id] = replace(seat, expiries=expiries, status="removed")
            notes.append((seat.user_id, "removed", {"expiries": expiries, "count": expiries}))
        else:
            # "ai" will let an AI take the turn once AI players exist; until then it skips.
            seats[seat.user_id] = replace(seat, expiries=expiries)
            steps = 0
            while not state.is_over and state.to_act == timer.seat and steps < _MAX_AUTO_STEPS:
                steps += 1
                action = engine.default_action(state)
                tr = engine.apply(state, timer.seat, action)
                rows.append(ActionRow(g.row.game_id, state.version + 1, timer.seat, str(action), seat.user_id,
                                      "timeout", now))
                events.extend(tr.events)
                state = tr.state
            notes.append((seat.user_id, "skipped", {"expiries": expiries, "max": g.row.max_expiries}))
        new = _Game(g.row, seats, state, g.timer)
        return await self._commit(g, new, rows, tuple(events), now, changed_seats={seat.user_id}, extra_notes=notes)

    async def next_timer_at(self) -> datetime | None:
        async with self.store.reading() as tx:
            return await tx.next_timer_at()

    async def run_background(
        self,
        deliver: Callable[[Delivery], Awaitable[bool]] | None = None,
        *,
        on_outcome: Callable[[Outcome], Awaitable[None]] | None = None,
        interval: float = 30.0,
        stop: asyncio.Event | None = None,
    ) -> None:
        """The loop the bot starts once: timers, then deliveries (``deliver`` returns True once sent).

        The first round runs at once, so timers that fell due while the bot was down fire at start-up.
        """
        stop = stop or asyncio.Event()
        while not stop.is_set():
            try:
                for outcome in await self.run_due_timers():
                    if on_outcome is not None:
                        await on_outcome(outcome)
                if deliver is not None:
                    for delivery in await self.take_deliveries():
                        if await deliver(delivery):
                            await self.mark_delivered(delivery)
            except Exception:
                log.exception("background round failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), timeout=interval)

    # ------------------------------------------------------------------ notifications
    async def take_deliveries(self, limit: int = 1000) -> list[Delivery]:
        """Notifications due now, one :class:`Delivery` per user (a digest when several wait).

        A user notified less than ``notify_min_interval`` ago waits (their items then
        arrive together).  Turn notices for a move already made are dropped.  Call
        :meth:`mark_delivered` after sending (delivery is at least once).
        """
        now = self._now()
        async with self.store.reading() as tx:
            pending = await tx.pending_notifications(now, limit)
            versions: dict[int, tuple[str, int]] = {}
            for gid in {n.game_id for n in pending if n.kind in _STALE_KINDS and n.game_id is not None}:
                row = await tx.game(gid)
                if row is not None:
                    versions[gid] = (row.status, row.version)
        stale = [
            n.id for n in pending
            if n.kind in _STALE_KINDS and n.game_id is not None
            and versions.get(n.game_id, ("", -1)) != ("active", n.game_version)
        ]
        users = await self._user_rows({n.user_id for n in pending})
        muted = [n.id for n in pending if users[n.user_id].notify == "none"]
        if stale or muted:
            async with self.store.transaction() as tx:
                await tx.mark_delivered([*stale, *muted], now, dropped=True)
        skip = set(stale) | set(muted)
        grouped: dict[int, list[Notification]] = {}
        for n in pending:
            if n.id in skip:
                continue
            grouped.setdefault(n.user_id, []).append(
                Notification(n.user_id, n.kind, n.game_id, n.channel_id, dict(n.params), n.deliver_after, n.id)
            )
        out: list[Delivery] = []
        for uid, items in grouped.items():
            user = users[uid]
            last = user.last_notified_at
            if last is not None and now - last < self.settings.notify_min_interval:
                continue
            via: NotifyPref = user.notify
            out.append(Delivery(uid, via, user.lang, items[-1].channel_id, tuple(items)))
        return out

    async def mark_delivered(self, delivery: Delivery) -> None:
        now = self._now()
        user = (await self._user_rows([delivery.user_id]))[delivery.user_id]
        user = replace(user, last_notified_at=now)
        async with self.store.transaction() as tx:
            await tx.mark_delivered(delivery.ids, now)
            await tx.save_user(user)
        self._cache_user(user)

    # ------------------------------------------------------------------ users
    async def user_settings(self, user_id: int) -> UserSettings:
        user = (await self._user_rows([user_id]))[user_id]
        now = self._now()
        async with self.store.reading() as tx:
            spans = await tx.vacations_since(user_id, now - timedelta(days=365))
        used = math.ceil(overlap_days(spans, now - timedelta(days=365)))
        left = max(0, self.settings.vacation_days_per_year - used)
        quiet = None if user.quiet_start is None or user.quiet_end is None else (user.quiet_start, user.quiet_end)
        on_vacation = user.vacation_until if user.vacation_until and user.vacation_until > now else None
        return UserSettings(user_id, user.lang, user.notify, quiet, user.tz, on_vacation, left)

    async def _save_user(self, user: _UserRow) -> None:
        async with self.store.transaction() as tx:
            await tx.save_user(user)
        self._cache_user(user)

    async def set_name(self, user_id: int, name: str) -> None:
        """Remember a user's display name (table images name players even after a restart)."""
        name = name.strip()[:64]
        user = (await self._user_rows([user_id]))[user_id]
        if name and user.name != name:
            await self._save_user(replace(user, name=name))

    async def known_names(self) -> dict[int, str]:
        """Every remembered display name, by user id."""
        async with self.store.reading() as tx:
            return await tx.known_names()

    async def set_language(self, user_id: int, lang: str | None) -> UserSettings:
        """Override the Discord locale (``en``/``es``/``pt``; ``None`` follows Discord)."""
        if lang is not None and lang not in LANGS:
            raise E.BadOption(name="language", value=lang)
        user = (await self._user_rows([user_id]))[user_id]
        await self._save_user(replace(user, lang=lang))
        return await self.user_settings(user_id)

    async def set_notify(self, user_id: int, notify: NotifyPref) -> UserSettings:
        """``mention`` in the game thread, ``dm``, or ``none``."""
        if notify not in ("mention", "dm", "none"):
            raise E.BadOption(name="notify", value=notify)
        user = (await self._user_rows([user_id]))[user_id]
        await self._save_user(replace(user, notify=notify))
        return await self.user_settings(user_id)

    async def set_quiet_hours(
        self, user_id: int, start: int | None, end: int | None, tz: str | None = None
    ) -> UserSettings:
        """Local hours ``[start, end)`` in ``tz`` (IANA name) when pings wait and the user's clock stops.

        Applies to turn clocks started afterwards.  ``start=None`` clears them.
        """
        if start is not None or end is not None:
            if start is None or end is None or not (0 <= start < 24 and 0 <= end < 24) or start == end:
                raise E.BadOption(name="quiet_hours", value=f"{start}-{end}")
            if (end - start) % 24 > self.settings.max_quiet_hours:
                raise E.BadOption(name="quiet_hours", value=f"{start}-{end}")
            if tz is not None and zone(tz).key != tz:
                raise E.BadOption(name="tz", value=tz)
        user = (await self._user_rows([user_id]))[user_id]
        await self._save_user(replace(user, quiet_start=start, quiet_end=end, tz=tz))
        return await self.user_settings(user_id)

    async def start_vacation(self, user_id: int, days: int) -> UserSettings:
        """Pause the user's turn clocks in all their games for ``days`` (bounded per vacation and per year)."""
        settings = await self.user_settings(user_id)
        if settings.vacation_until is not None:
            raise E.VacationRefused(reason="already", until=settings.vacation_until.isoformat())
        if not 1 <= days <= min(self.settings.vacation_max_days, settings.vacation_days_left):
            raise E.VacationRefused(reason="days", max=self.settings.vacation_max_days,
                                    left=settings.vacation_days_left)
        now = self._now()
        until = now + timedelta(days=days)
        user = replace((await self._user_rows([user_id]))[user_id], vacation_until=until)
        async with self.store.transaction() as tx:
            await tx.save_user(user)
            await tx.add_vacation(user_id, now, until)
            timers = await tx.timers_for_user(user_id)
        self._cache_user(user)
        for t in timers:
            await self._retime(t.game_id, user_id, now, pause=True)
        return await self.user_settings(user_id)

    async def end_vacation(self, user_id: int) -> UserSettings:
        """Come back early: the clocks run again from now (unused days stay in the bank)."""
        await self._end_vacation(user_id, resume_at=self._now())
        return await self.user_settings(user_id)

    async def _end_vacation(self, user_id: int, *, resume_at: datetime) -> None:
        user = replace((await self._user_rows([user_id]))[user_id], vacation_until=None)
        async with self.store.transaction() as tx:
            await tx.save_user(user)
            await tx.cut_vacation(user_id, resume_at)
            timers = await tx.timers_for_user(user_id)
        self._cache_user(user)
        for t in timers:
            await self._retime(t.game_id, user_id, resume_at, pause=False)

    async def _retime(self, game_id: int, user_id: int, at: datetime, *, pause: bool) -> None:
        """Pause or resume one game's clock for a user (under the game's lock)."""
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
            timer = g.timer
            if timer is None or timer.user_id != user_id:
                return
            if pause and timer.due_at is not None:
                left = max(0.0, (timer.due_at - at).total_seconds())
                new = replace(timer, due_at=None, remind_at=None, paused_left_s=left)
            elif not pause and timer.due_at is None and timer.paused_left_s is not None:
                user = (await self._user_rows([user_id]))[user_id]
                due, remind = self._deadline(at, timedelta(seconds=timer.paused_left_s), user)
                new = replace(timer, due_at=due, remind_at=remind, paused_left_s=None)
            else:
                return
            self._forget(game_id)
            async with self.store.transaction() as tx:
                await tx.set_timer(new)
            g.timer = new
            self._remember(g)

    # ------------------------------------------------------------------ admin
    async def backup(self, dest: str | Path) -> Path:
        """A consistent copy of the live database (SQLite online backup)."""
        return await self.store.backup(dest)


class _Done(Exception):
    """Internal: leave a transaction early without error (nothing was written)."""


def _public(n: NewNotification) -> Notification:
    return Notification(n.user_id, n.kind, n.game_id, n.channel_id, dict(n.params), n.deliver_after)
