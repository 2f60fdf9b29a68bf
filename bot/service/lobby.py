"""Game lifecycle: opening, joining and leaving a lobby, starting, aborting, resigning."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import timedelta
from typing import Any

import engine
from bot.service import errors as E
from bot.service.bots import is_bot
from bot.service.core import LoadedGame
from bot.service.notify import note_for
from bot.service.play import Change, PlayMixin, check_running, seat_of
from bot.service.types import GameInfo, Outcome, TimeoutPolicy, TurnClock, parse_clock
from bot.store import GameEnd, GameRow, GameStart, GameUpdate, StoreConflict
from engine.core import GameConfig
from engine.rng import Rng

SEATING_STREAM = 0x5EA7  # Rng fork label of the seat draw


def check_host(row: GameRow, user_id: int, *, is_manager: bool, action: str) -> None:
    """A live game (lobby or running), and ``user_id`` its creator or a server manager."""
    if row.status not in ("lobby", "active"):
        raise E.GameFinished(game_id=row.game_id)
    if user_id != row.creator_id and not is_manager:
        raise E.NotAllowed(action=action)


def check_lobby(row: GameRow) -> None:
    if row.status == "active":
        raise E.AlreadyStarted(game_id=row.game_id)
    if row.status != "lobby":
        raise E.GameFinished(game_id=row.game_id)


class LobbyMixin(PlayMixin):
    async def create_game(
        self,
        *,
        channel_id: int,
        creator_id: int,
        guild_id: int | None = None,
        ruleset: str = "base",
        players: int = 4,
        options: Mapping[str, Any] | None = None,
        turn_timer: str | int | timedelta | TurnClock | None = "24h",
        ranked: bool = False,
        timeout_policy: TimeoutPolicy = "skip",
        max_expiries: int | None = None,
        seed: int | None = None,
        request_id: str | None = None,
        lang: str | None = None,
        rematch_of: int | None = None,
        seat_order: Sequence[int] | None = None,
    ) -> GameInfo:
        """Open a lobby in ``channel_id`` (the creator joins it); ``players`` is the seat limit.

        ``lang`` is the language of the game's public posts (``en``/``es``/``pt``; ``None``: the bot's default).
        ``turn_timer``: a per-turn timer, or a time bank per player (``"bank:3d+1d"``, see :func:`parse_clock`).

        A ``request_id`` seen before returns the game it created.
        """
        rules = engine.find_ruleset(ruleset)
        if not rules.min_players <= players <= rules.max_players:
            raise E.BadOption(name="players", value=players)
        clock = parse_clock(turn_timer)
        timer, bank = clock.turn, clock.bank
        if timeout_policy not in ("skip", "ai"):
            raise E.BadOption(name="timeout_policy", value=timeout_policy)
        expiries = self.settings.default_max_expiries if max_expiries is None else max_expiries
        if not 0 <= expiries <= 100:
            raise E.BadOption(name="max_expiries", value=expiries)
        now = self._now()
        try:
            # a lobby (docs/postgresql.md, "Durability"); a rematch's computers accept at once, its people take
            # their seats by accepting (join)
            async with self.store.transaction(single=True, durable=False) as tx:
                row, seated = await tx.insert_game(
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
                    lang=lang,
                    rematch_of=rematch_of,
                    seat_order=seat_order,
                    bank_initial_s=None if bank is None else int(bank.total_seconds()),
                    bank_increment_s=None if bank is None else int(clock.increment.total_seconds()),
                    seated=[creator_id, *(u for u in seat_order or () if is_bot(u))],
                )
        except StoreConflict:  # refused by a unique index: the request's game, or the channel's live one
            async with self.store.reading() as tx:
                earlier = None if request_id is None else await tx.game_by_request(request_id)
                live = await tx.game_for_channel(channel_id)
            if earlier is not None:
                return await self.game(earlier.game_id)
            if live is not None and live.status in ("lobby", "active"):
                raise E.ChannelBusy(game_id=live.game_id) from None
            raise  # another unique rule (one rematch per game)
        g = LoadedGame(row, {s.user_id: s for s in seated}, None, None, 0)
        self._remember(g)
        return self._info(g)

    async def rematch_open(self, game_id: int, user_id: int) -> GameInfo | None:
        """Whether ``user_id`` may ask for a rematch of ``game_id`` (``NotOver``, ``NotSeated`` if not), and the
        rematch already opened for it (``None``: none yet)."""
        old = await self.game(game_id)
        if old.status != "over":
            raise E.NotOver(game_id=game_id)
        if user_id not in old.user_ids:
            raise E.NotSeated(game_id=game_id)
        async with self.store.reading() as tx:
            found = await tx.rematch_of(game_id)
        return None if found is None else await self.game(found.game_id)

    async def rematch(self, game_id: int, user_id: int, *, channel_id: int, request_id: str | None = None
                      ) -> tuple[GameInfo, bool]:
        """Open the rematch of finished game ``game_id`` in ``channel_id``: the same players and settings, the seats
        rotated (the old seat 1 plays first, the old first player last); it is open to those players only, its
        computers and ``user_id`` are seated, and it is ready to start once every person has accepted (joined).

        Returns the lobby and whether this call opened it (``False``: a rematch was open already, from another
        request; ``channel_id`` is then unused)."""
        existing = await self.rematch_open(game_id, user_id)
        if existing is not None:
            return existing, False
        old = await self.game(game_id)
        seated = sorted((p for p in old.players if p.seat is not None), key=lambda p: p.seat or 0)
        order = [p.user_id for p in seated[1:] + seated[:1]]
        try:
            new = await self.create_game(
                channel_id=channel_id, creator_id=user_id, guild_id=old.guild_id, ruleset=old.ruleset,
                players=len(order), options=old.options, turn_timer=old.clock, ranked=old.ranked,
                timeout_policy="ai" if old.timeout_policy == "ai" else "skip", max_expiries=old.max_expiries,
                request_id=request_id, lang=old.lang, rematch_of=game_id, seat_order=order,
            )
        except (StoreConflict, E.ChannelBusy):  # another request opened it meanwhile (one rematch per game)
            again = await self.rematch_open(game_id, user_id)
            if again is None:
                raise
            return again, False
        return new, True

    async def move_lobby(self, game_id: int, channel_id: int) -> GameInfo:
        """Put a lobby in the thread ``channel_id``: a rematch is claimed in its old game's thread (so that one
        request opens it and only that one creates a thread), then given the thread it was claimed for."""
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
            check_lobby(g.row)
            self._forget(game_id)
            async with self.store.transaction(durable=False) as tx:
                await tx.set_thread_state(game_id, None, None, channel_id=channel_id)
            return self._info(await self._load(game_id))

    async def join(self, game_id: int, user_id: int, *, placed: bool = False) -> GameInfo:
        """Take a seat in a lobby (joining twice is a no-op).

        ``NotOpenToYou``: a rematch of a game the user did not play, or someone seated blocked them or was blocked by
        them.  ``placed``: the bot seats the user (a league table), not a request: blocks do not apply."""
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
            check_lobby(g.row)
            if user_id in g.seats:
                return self._info(g)
            if g.row.seat_order is not None and user_id not in g.row.seat_order:
                raise E.NotOpenToYou(game_id=game_id)
            people = [u for u in g.seats if not is_bot(u)]
            if not placed and people:
                async with self.store.reading(single=True) as tx:
                    pairs = await tx.blocks_among([user_id, *people])
                if any(user_id in pair for pair in pairs):
                    raise E.NotOpenToYou(game_id=game_id)
            if len(g.seats) >= g.row.max_players:
                raise E.LobbyFull(count=g.row.max_players)
            return await self._seat(g, user_id)

    async def leave(self, game_id: int, user_id: int) -> GameInfo:
        """Leave a lobby (a started game is left with :meth:`resign`); an empty lobby closes."""
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
            check_lobby(g.row)
            if user_id not in g.seats:
                raise E.NotSeated(game_id=game_id)
            # Computers do not keep a lobby open or host it: the people left do.
            rest = sorted((s for s in g.seats.values() if s.user_id != user_id and not is_bot(s.user_id)),
                          key=lambda s: s.join_order)
            now = self._now()
            self._forget(game_id)
            async with self.store.transaction(durable=False) as tx:
                await tx.remove_seat(game_id, user_id)
                if not rest:
                    await tx.update_game(game_id, GameUpdate(end=GameEnd("aborted", "empty", now)))
                elif user_id == g.row.creator_id:
                    await tx.update_game(game_id, GameUpdate(creator_id=rest[0].user_id))
            return self._info(await self._load(game_id))

    async def start(self, game_id: int, user_id: int, *, is_manager: bool = False) -> Outcome:
        """Start a lobby (its creator or a server manager); the seat order is drawn from the game's seed."""
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
            check_lobby(g.row)
            if user_id != g.row.creator_id and not is_manager:
                raise E.NotAllowed(action="start")
            rules = engine.find_ruleset(g.row.ruleset)
            order = [s.user_id for s in sorted(g.seats.values(), key=lambda s: s.join_order)]
            if len(order) < rules.min_players:
                raise E.TooFewPlayers(count=rules.min_players, joined=len(order))
            if g.row.seat_order is None:
                Rng(g.row.seed).fork(SEATING_STREAM).shuffle(order)
            else:  # a rematch: its fixed order, without those who did not accept
                order = [uid for uid in g.row.seat_order if uid in g.seats]
            config = GameConfig(rules.name, len(order), g.row.seed, dict(g.row.options))
            state = engine.new_game(config)  # EngineError (bad options) leaves the lobby untouched
            now = self._now()
            seats = {uid: replace(g.seats[uid], seat=i) for i, uid in enumerate(order)}
            notes = [(uid, "game_started", {"seat": seats[uid].seat, "players": len(order), "count": len(order)})
                     for uid in order]
            start = GameStart(json.dumps(config.to_json(), sort_keys=True), now)
            started = LoadedGame(g.row, seats, state, None, 0)
            return await self._commit(Change(g, started, now, changed_seats=set(order), notes=notes, start=start))

    async def abort(self, game_id: int, user_id: int, *, is_manager: bool = False) -> GameInfo:
        """Stop a lobby or a running game without result (its creator or a server manager)."""
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
            check_host(g.row, user_id, is_manager=is_manager, action="abort")
            now = self._now()
            users = await self._user_rows(g.seats)
            notes = [
                n for uid in g.seats if uid != user_id
                if (n := note_for(users[uid], "aborted", g.row, now, {"by": user_id})) is not None
            ]
            self._forget(game_id)
            async with self.store.transaction() as tx:
                await tx.update_game(game_id, GameUpdate(end=GameEnd("aborted", "aborted", now)))
                await tx.clear_timer(game_id)
                await tx.add_notifications(notes, now)
            return self._info(await self._load(game_id))

    async def resign(self, game_id: int, user_id: int) -> Outcome:
        """Leave a running game: a loss; the seat then plays minimal moves, and a last player left wins."""
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
            check_running(g)
            seat = seat_of(g, user_id)
            new = LoadedGame(g.row, {**g.seats, user_id: replace(seat, status="resigned")}, g.state, g.timer,
                             g.takebacks)
            return await self._commit(Change(g, new, self._now(), changed_seats={user_id}))
