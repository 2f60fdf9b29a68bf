"""The league service: leagues, members, the ladder queue, rounds, results, ratings, seasons (no discord).

It works on the typed store (:class:`bot.store.GameStore`, league part in
:mod:`bot.store.leagues`) and opens, starts, settles games through the
:class:`bot.service.GameService`.  The bot's background loop calls :meth:`LeagueService.tick`.

Exactly-once results
--------------------
A league game's result is recorded by :meth:`record` in one store transaction that inserts
the result (``game_id`` is unique), its placements and the rating update together.  The
game's end and the result are two transactions: a crash between them leaves an ended game
without a result, which :meth:`reconcile` (run at start-up and on every tick) records.  Zero
or two updates are impossible: either the transaction committed (the unique result is there,
nothing is done again) or it did not (nothing of it is there).

Ratings are a projection of the counted results: :meth:`rebuild` recomputes them from the
stored results (and the seasons' soft resets) and writes the same numbers; voiding or
re-settling a recorded game rebuilds.

Opening a table is restart-safe too: members leave the queue in the transaction that
writes the table; the game is created with the table's request id (idempotent), then the
table points to it; :meth:`tables_to_open` lists tables a crash left half-open.
"""

from __future__ import annotations

import contextlib
import json
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import engine
from bot.leagues import errors as LE
from bot.leagues.export import results_csv
from bot.leagues.matchmaking import QueuePolicy, Waiting, match
from bot.leagues.pairing import meetings, pair_round
from bot.leagues.rating import DEFAULT_POLICY, Rating, RatingPolicy, soft_reset
from bot.leagues.results import (
    Counted,
    final_places,
    has_computer_players,
    ordered_places,
    project,
    rate_result,
    settled_places,
)
from bot.leagues.standings import GameResult, Line, Tally, rank_role_members, standings, tally
from bot.leagues.stats import seat_extras
from bot.service import AlreadyStarted, GameInfo, GameService, TurnClock, parse_clock
from bot.service.lobby import SEATING_STREAM
from bot.store import GameStore, StoreConflict, StoreReader, StoreWriter
from bot.store.leagues import (
    LeagueFormat,
    LeagueRow,
    NewLeague,
    RatingPoint,
    RatingRow,
    ResultRow,
    ResultStatus,
    RoundRow,
    TableRow,
)
from engine.rng import Rng

MAX_NAME = 40
TREND_GAMES = 5
STATS_GAMES = 200  # /player stats looks at the latest games only


@dataclass(frozen=True, slots=True)
class StandingsPage:
    league: LeagueRow
    season: int
    lines: tuple[Line, ...]  # this page
    total: int
    page: int
    pages: int
    trends: Mapping[int, int] = field(default_factory=dict)  # rating change over the last games


@dataclass(frozen=True, slots=True)
class RoundOpened:
    league: LeagueRow
    round: int
    deadline: datetime
    tables: tuple[TableRow, ...]
    byes: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RoundClosed:
    league: LeagueRow
    round: int
    settled: tuple[int, ...]  # game ids settled at the deadline


@dataclass(slots=True)
class Tick:
    """What one background round did, for the bot to announce and to open threads for."""

    recorded: list[ResultRow] = field(default_factory=list)
    closed: list[RoundClosed] = field(default_factory=list)
    opened: list[RoundOpened] = field(default_factory=list)
    seated: list[TableRow] = field(default_factory=list)  # ladder tables to open
    seasons: list[StandingsPage] = field(default_factory=list)  # seasons that reached their length (final)


@dataclass(frozen=True, slots=True)
class UserStats:
    games: int
    wins: int
    average_score: float
    average_length: timedelta | None
    nobles: int  # nobles won in those games
    favourite: str | None  # the bonus colour (or suit) letter the player collected most
    rating_points: tuple[tuple[datetime, int], ...]  # display rating after each league game
    rating: int | None
    provisional: bool


def rating_of(row: RatingRow | None) -> Rating:
    return Rating() if row is None else Rating(row.mu, row.sigma, row.games, row.last_played)


def rating_policy(league: LeagueRow) -> RatingPolicy:
    raw = league.settings.get("rating", {})
    return RatingPolicy(
        provisional_sigma=float(raw.get("provisional_sigma", DEFAULT_POLICY.provisional_sigma)),
        grace_days=int(raw.get("grace_days", DEFAULT_POLICY.grace_days)),
        decay_per_day=float(raw.get("decay_per_day", DEFAULT_POLICY.decay_per_day)),
    )


def queue_policy(league: LeagueRow) -> QueuePolicy:
    raw = league.settings.get("queue", {})
    smaller = raw.get("smaller_after_h")
    return QueuePolicy(
        base_window=int(raw.get("base_window", 100)),
        widen_per_hour=int(raw.get("widen_per_hour", 50)),
        smaller_after=None if smaller is None else timedelta(hours=float(smaller)),
        rematch_after=timedelta(hours=float(raw.get("rematch_after_h", 2))),
    )


def custom_points(league: LeagueRow) -> dict[int, list[float]] | None:
    raw = league.settings.get("points")
    if not raw:
        return None
    return {int(k): [float(x) for x in v] for k, v in raw.items()}


def _counted(r: ResultRow) -> Counted:
    return Counted(r.result_id, r.season, r.members, r.places, r.finished_at)


def league_clock(league: LeagueRow) -> TurnClock:
    """How the league's games are timed: its time bank (``settings["time_bank"]``), else its turn timer."""
    bank = league.settings.get("time_bank")
    if isinstance(bank, str):
        return parse_clock(bank)
    return parse_clock(league.turn_timer_s)


def seed_for_order(base: int, members: Sequence[int]) -> int:
    """A game seed from ``base`` whose seat draw (see :meth:`GameService.start`) keeps ``members``' order."""
    want = list(members)
    for k in range(100_000):
        order = list(members)
        Rng(base + k).fork(SEATING_STREAM).shuffle(order)
        if order == want:
            return base + k
    raise RuntimeError("no seed keeps this seat order")  # pragma: no cover (1 in 24 seeds does)


class LeagueService:
    """Leagues on the typed store, games through the game service (see the module docstring)."""

    def __init__(
        self,
        store: GameStore,
        games: GameService,
        clock: Callable[[], datetime] | None = None,
        *,
        seed_source: Callable[[], int] | None = None,
    ) -> None:
        self.store = store
        self.games = games
        self.clock = clock or (lambda: datetime.now(UTC))
        self._seed = seed_source or (lambda: secrets.randbits(52))
        # The counted places of each (league, season) read so far: results only change through this service,
        # which appends a recorded game and forgets a league whose past results it changes (void, settle).
        self._places: dict[tuple[int, int], list[tuple[int, tuple[int, ...], tuple[int, ...]]]] = {}
        # Their tallies (points, opponents' points: the costly part of the standings), by the points table used;
        # dropped with the places they were counted from.
        self._tallies: dict[tuple[int, int], tuple[str, Tally]] = {}

    async def _season_places(self, tx: StoreReader, league_id: int, season: int) -> list[
            tuple[int, tuple[int, ...], tuple[int, ...]]]:
        key = (league_id, season)
        if key not in self._places:
            self._places[key] = await tx.league_places(league_id, season)
        return self._places[key]

    async def _season_tally(self, tx: StoreReader, league: LeagueRow, season: int) -> Tally:
        points = custom_points(league)
        mark = json.dumps(points, sort_keys=True)
        cached = self._tallies.get((league.league_id, season))
        if cached is not None and cached[0] == mark:
            return cached[1]
        places = await self._season_places(tx, league.league_id, season)
        counted = tally((GameResult(*p) for p in places), points)
        self._tallies[(league.league_id, season)] = (mark, counted)
        return counted

    def _forget_places(self, league_id: int) -> None:
        for key in [k for k in self._places if k[0] == league_id]:
            del self._places[key]
        for key in [k for k in self._tallies if k[0] == league_id]:
            del self._tallies[key]

    # ---------------------------------------------------------------------------------- leagues
    async def create(
        self,
        *,
        guild_id: int,
        name: str,
        creator_id: int,
        channel_id: int,
        ruleset: str = "base",
        seats: int = 4,
        turn_timer: str | int | timedelta | None = "24h",
        format: LeagueFormat = "ladder",
        round_days: float | None = None,
        first_round_in: timedelta = timedelta(hours=24),
        season_days: int | None = None,
        announce_channel_id: int | None = None,
        organizer_role_id: int | None = None,
        settings: Mapping[str, Any] | None = None,
    ) -> LeagueRow:
        name = " ".join(name.split())
        if not 1 <= len(name) <= MAX_NAME:
            raise LE.BadLeagueOption(name="name", value=name)
        rules = engine.find_ruleset(ruleset)
        if not 2 <= seats <= 4 or not rules.min_players <= seats <= rules.max_players:
            raise LE.BadLeagueOption(name="seats", value=seats)
        if format not in ("ladder", "rounds"):
            raise LE.BadLeagueOption(name="format", value=format)
        if format == "rounds" and (round_days is None or not 0 < round_days <= 60):
            raise LE.BadLeagueOption(name="round_days", value=round_days)
        if season_days is not None and not 1 <= season_days <= 366:
            raise LE.BadLeagueOption(name="season_days", value=season_days)
        clock = parse_clock(turn_timer)
        timer = clock.turn
        settings = dict(settings or {})
        if clock.bank is not None:  # a time bank per player (issue 33): its games are created with it
            settings["time_bank"] = clock.text
        if format == "rounds":  # members have time to join before the first pairing
            settings.setdefault("first_round_at", (self.clock() + first_round_in).isoformat())
        new = NewLeague(
            guild_id, name, creator_id, channel_id, announce_channel_id, organizer_role_id, rules.name, seats,
            None if timer is None else int(timer.total_seconds()), format,
            None if round_days is None else int(round_days * 86400), season_days, settings, self.clock(),
        )
        async with self.store.transaction() as tx:
            if await tx.league_by_name(guild_id, name) is not None:
                raise LE.NameTaken(name=name)
            try:
                league_id = await tx.insert_league(new)
            except StoreConflict:
                raise LE.NameTaken(name=name) from None
            await tx.add_league_audit(league_id, None, creator_id, "create", "", new.created_at)
            league = await tx.league(league_id)
        assert league is not None
        return league

    async def league(self, league_id: int) -> LeagueRow:
        async with self.store.reading() as tx:
            return await self._league(tx, league_id)

    async def find(self, guild_id: int, name: str) -> LeagueRow:
        async with self.store.reading() as tx:
            league = await tx.league_by_name(guild_id, " ".join(name.split()))
        if league is None:
            raise LE.LeagueNotFound(name=name)
        return league

    async def list_leagues(self, guild_id: int) -> list[tuple[LeagueRow, int]]:
        """The server's leagues with their member counts."""
        async with self.store.reading() as tx:
            out = []
            for league in await tx.leagues(guild_id):
                out.append((league, len(await tx.league_members(league.league_id))))
            return out

    @staticmethod
    async def _league(tx: StoreReader, league_id: int) -> LeagueRow:
        league = await tx.league(league_id)
        if league is None:
            raise LE.LeagueNotFound(name=str(league_id))
        return league

    # ---------------------------------------------------------------------------------- members
    async def join(self, league_id: int, user_id: int) -> LeagueRow:
        async with self.store.transaction() as tx:
            league = await self._league(tx, league_id)
            member = await tx.league_member(league_id, user_id)
            if member is not None and member.status == "active":
                raise LE.AlreadyMember(name=league.name)
            limit = league.settings.get("max_members")
            if limit is not None and len(await tx.league_members(league_id)) >= int(limit):
                raise LE.LeagueFull(name=league.name, count=int(limit))
            await tx.save_league_member(league_id, user_id, self.clock(), "active")
            return league

    async def leave(self, league_id: int, user_id: int) -> LeagueRow:
        async with self.store.transaction() as tx:
            league = await self._league(tx, league_id)
            await self._member(tx, league, user_id)
            await tx.save_league_member(league_id, user_id, self.clock(), "left")
            await tx.league_dequeue(league_id, [user_id])
            return league

    @staticmethod
    async def _member(tx: StoreReader, league: LeagueRow, user_id: int) -> None:
        member = await tx.league_member(league.league_id, user_id)
        if member is None or member.status != "active":
            raise LE.NotMember(name=league.name)

    async def members(self, league_id: int) -> list[int]:
        async with self.store.reading() as tx:
            return [m.user_id for m in await tx.league_members(league_id)]

    # ---------------------------------------------------------------------------------- queue
    async def enqueue(self, league_id: int, user_id: int) -> LeagueRow:
        """Ladder: wait for a table.  Rounds: take part in the next rounds again (undo an opt-out)."""
        async with self.store.transaction() as tx:
            league = await self._league(tx, league_id)
            await self._member(tx, league, user_id)
            if league.format == "rounds":
                member = await tx.league_member(league_id, user_id)
                if member is not None and not member.opted_out:
                    raise LE.AlreadyQueued(name=league.name)
                await tx.set_league_opt_out(league_id, user_id, False)
                return league
            try:
                await tx.league_enqueue(league_id, user_id, self.clock())
            except StoreConflict:
                raise LE.AlreadyQueued(name=league.name) from None
            return league

    async def dequeue(self, league_id: int, user_id: int) -> LeagueRow:
        """Ladder: stop waiting.  Rounds: opt out of the next rounds (a bye, see :mod:`.pairing`)."""
        async with self.store.transaction() as tx:
            league = await self._league(tx, league_id)
            await self._member(tx, league, user_id)
            if league.format == "rounds":
                member = await tx.league_member(league_id, user_id)
                if member is not None and member.opted_out:
                    raise LE.NotQueued(name=league.name)
                await tx.set_league_opt_out(league_id, user_id, True)
                return league
            if await tx.league_dequeue(league_id, [user_id]) == 0:
                raise LE.NotQueued(name=league.name)
            return league

    async def queue(self, league_id: int) -> list[int]:
        async with self.store.reading() as tx:
            return [q.user_id for q in await tx.league_queue(league_id)]

    async def seat_queue(self, league_id: int) -> list[TableRow]:
        """Ladder: form the tables the queue allows now (members leave the queue in the same transaction)."""
        now = self.clock()
        async with self.store.reading() as tx:  # most rounds of the loop find nobody to seat: no write lock
            if len(await tx.league_queue(league_id)) < 2:
                return []
        async with self.store.transaction() as tx:
            league = await self._league(tx, league_id)
            if league.format != "ladder":
                return []
            waiting = await tx.league_queue(league_id)
            if len(waiting) < 2:
                return []
            ids = [w.user_id for w in waiting]
            ratings = await tx.league_ratings(league_id, ids)
            policy = rating_policy(league)
            last: dict[int, frozenset[int]] = {}
            for res in await tx.league_results(league_id, counted_only=False):
                for m in res.members:
                    if m in ids:
                        last[m] = frozenset(o for o in res.members if o != m)
            pool = [Waiting(w.user_id, rating_of(ratings.get(w.user_id)).decayed(now, policy).display, w.queued_at)
                    for w in waiting]
            tables = match(pool, league.seats, now, queue_policy(league), last, await tx.blocks_among(ids))
            out = []
            for members in tables:
                table_id = await tx.insert_league_table(league_id, league.season, None, members, now)
                await tx.league_dequeue(league_id, members)
                out.append(TableRow(table_id, league_id, league.season, None, tuple(members), now, None, None))
            return out

    # ---------------------------------------------------------------------------------- tables and games
    async def tables_to_open(self) -> list[TableRow]:
        """Tables seated but whose game was not created or started (after a crash)."""
        async with self.store.reading() as tx:
            out = await tx.league_tables_unopened()
            return out

    async def open_table(self, table_id_or_row: TableRow, channel_id: int) -> GameInfo:
        """Create (idempotently), fill and start the game of a seated table in ``channel_id`` (its thread)."""
        table = table_id_or_row
        async with self.store.transaction() as tx:
            league = await self._league(tx, table.league_id)
            await tx.set_league_table(table.table_id, channel_id=channel_id)
        creator = table.members[0]
        info = await self.games.create_game(
            channel_id=channel_id, creator_id=creator, guild_id=league.guild_id, ruleset=league.ruleset,
            players=len(table.members), turn_timer=league_clock(league), ranked=True,
            timeout_policy="skip", seed=seed_for_order(self._seed(), table.members),
            request_id=f"league-table:{table.table_id}",
        )
        async with self.store.transaction() as tx:
            await tx.set_league_table(table.table_id, game_id=info.game_id)
        if info.status == "lobby":
            for uid in table.members[1:]:
                await self.games.join(info.game_id, uid, placed=True)  # seated by the league: blocks were heeded
            with contextlib.suppress(AlreadyStarted):
                await self.games.start(info.game_id, creator, is_manager=True)
        return await self.games.game(info.game_id)

    async def table_for_game(self, game_id: int) -> TableRow | None:
        async with self.store.reading() as tx:
            return await tx.league_table_for_game(game_id)

    # ---------------------------------------------------------------------------------- results
    async def record(self, game_id: int) -> ResultRow | None:
        """Record a league game that ended (exactly once; ``None`` if not a league game, not over, or done)."""
        game = await self.games.game(game_id)
        if game.status != "over":
            return None
        members, places = final_places(game)
        return await self._record(game, members, places, "game", None, game.ended_at or self.clock())

    async def _record(
        self, game: GameInfo, members: Sequence[int], places: Sequence[int], source: str, reason: str | None,
        at: datetime,
    ) -> ResultRow | None:
        async with self.store.transaction() as tx:
            table = await tx.league_table_for_game(game.game_id)
            if table is None or await tx.league_result_for_game(game.game_id) is not None:
                return None
            league = await self._league(tx, table.league_id)
            bots = has_computer_players(game)
            status: ResultStatus = "voided" if bots else "counted"
            # A result counts in the season it is recorded in (a game that straddles a season end counts in
            # the new one), so results in id order never go back to a closed season: the projection holds.
            result_id = await tx.insert_league_result(
                league_id=league.league_id, season=league.season, game_id=game.game_id, status=status,
                source="settled" if source == "settled" else "game", members=members, places=places,
                finished_at=at, recorded_at=self.clock(), reason="computer players" if bots else reason,
            )
            if not bots:
                await self._rate(tx, league, Counted(result_id, league.season, tuple(members), tuple(places), at))
            out = await tx.league_result_for_game(game.game_id)
        cached = self._places.get((league.league_id, league.season))
        if cached is not None and not bots:
            cached.append((game.game_id, tuple(members), tuple(places)))
            self._tallies.pop((league.league_id, league.season), None)
        return out

    async def _rate(self, tx: StoreWriter, league: LeagueRow, result: Counted) -> None:
        rows = await tx.league_ratings(league.league_id, result.members)
        current = {uid: rating_of(row) for uid, row in rows.items()}
        new = rate_result(current, result, rating_policy(league))
        await tx.save_league_ratings(
            league.league_id,
            [RatingRow(league.league_id, u, r.mu, r.sigma, r.games, r.last_played) for u, r in new.items()],
            [RatingPoint(u, result.result_id, r.mu, r.sigma, result.at) for u, r in new.items()],
        )

    async def reconcile(self) -> list[ResultRow]:
        """Record every ended league game that has no result yet (start-up, and each tick)."""
        async with self.store.reading() as tx:
            pending = await tx.league_games_unrecorded()
        out = []
        for table in pending:
            assert table.game_id is not None
            res = await self.record(table.game_id)
            if res is not None:
                out.append(res)
        return out

    async def _organizer_game(self, league: LeagueRow, game_id: int) -> TableRow:
        async with self.store.reading() as tx:
            table = await tx.league_table_for_game(game_id)
        if table is None or table.league_id != league.league_id:
            raise LE.NotLeagueGame(game_id=game_id, name=league.name)
        return table

    async def void(self, league_id: int, game_id: int, actor_id: int, reason: str, *, organizer: bool) -> None:
        """An organizer voids a game: it stops counting (a live game is aborted); ratings are rebuilt."""
        league = await self.league(league_id)
        if not organizer:
            raise LE.NotOrganizer(name=league.name)
        await self._organizer_game(league, game_id)
        await self._void(league, game_id, actor_id, reason)

    async def _void(self, league: LeagueRow, game_id: int, actor_id: int, reason: str) -> None:
        self._forget_places(league.league_id)
        game = await self.games.game(game_id)
        now = self.clock()
        async with self.store.transaction() as tx:
            table = await tx.league_table_for_game(game_id)
            assert table is not None
            res = await tx.league_result_for_game(game_id)
            if res is None:
                members = table.members
                await tx.insert_league_result(
                    league_id=league.league_id, season=league.season, game_id=game_id, status="voided",
                    source="game", members=members, places=[1] * len(members), finished_at=now, recorded_at=now,
                    reason=reason)
            else:
                await tx.update_league_result(res.result_id, status="voided", source=res.source, places=None,
                                              reason=reason)
            await tx.add_league_audit(league.league_id, game_id, actor_id, "void", reason, now)
        if game.status in ("lobby", "active"):
            await self.games.abort(game_id, actor_id, is_manager=True)
        if res is not None and res.status == "counted":
            await self.rebuild(league.league_id)

    async def settle(
        self, league_id: int, game_id: int, actor_id: int, reason: str, *, organizer: bool,
        order: Sequence[int] | None = None,
    ) -> ResultRow:
        """Settle a game with a reason: ``order`` (finishing order) or, without it, the current scores.

        A live game is ended (aborted, its result counted as settled); a recorded game gets the new places
        and the ratings are rebuilt.
        """
        league = await self.league(league_id)
        if not organizer:
            raise LE.NotOrganizer(name=league.name)
        await self._organizer_game(league, game_id)
        result = await self._settle(league, game_id, reason, order)
        async with self.store.transaction() as tx:
            await tx.add_league_audit(league_id, game_id, actor_id, "settle", reason, self.clock())
        return result

    async def _settle(
        self, league: LeagueRow, game_id: int, reason: str, order: Sequence[int] | None
    ) -> ResultRow:
        game = await self.games.game(game_id)
        now = self.clock()
        places: tuple[int, ...] | None = None
        if game.status == "active":
            state = await self.games.state(game_id)
            assert state is not None
            members, places = settled_places(game, state.scores())
        elif game.status == "over":
            members, places = final_places(game)
        else:  # a lobby or an aborted game has no places of its own
            members = tuple(p.user_id for p in game.players)
        if order is not None:
            places = ordered_places(members, order)
        if places is None:
            raise LE.AlreadySettled(game_id=game_id)
        async with self.store.reading() as tx:
            existing = await tx.league_result_for_game(game_id)
        if existing is None:
            recorded = await self._record(game, members, places, "settled", reason, now)
            assert recorded is not None
        else:
            self._forget_places(league.league_id)
            async with self.store.transaction() as tx:
                await tx.update_league_result(existing.result_id, status="counted", source="settled",
                                              places=places, reason=reason)
            await self.rebuild(league.league_id)
        if game.status in ("lobby", "active"):
            await self.games.abort(game_id, league.creator_id, is_manager=True)
        async with self.store.reading() as tx:
            out = await tx.league_result_for_game(game_id)
        assert out is not None
        return out

    # ---------------------------------------------------------------------------------- ratings
    async def rebuild(self, league_id: int) -> dict[int, Rating]:
        """Recompute every rating of the league from its counted results and write them (same numbers)."""
        async with self.store.transaction() as tx:
            league = await self._league(tx, league_id)
            results = [_counted(r) for r in await tx.league_results(league_id)]
            resets = {s.season: s.reset_keep for s in await tx.league_seasons(league_id) if s.ended_at is not None}
            ratings, history = project(results, resets, rating_policy(league))
            at = {r.result_id: r.at for r in results}
            await tx.clear_league_ratings(league_id)
            await tx.save_league_ratings(
                league_id,
                [RatingRow(league_id, u, r.mu, r.sigma, r.games, r.last_played) for u, r in ratings.items()],
                [RatingPoint(u, rid, r.mu, r.sigma, at[rid]) for u, rid, r in history],
            )
            return ratings

    async def ratings(self, league_id: int) -> dict[int, Rating]:
        async with self.store.reading() as tx:
            return {u: rating_of(r) for u, r in (await tx.league_ratings(league_id)).items()}

    # ---------------------------------------------------------------------------------- standings
    async def standing_lines(self, league_id: int, *, season: int | None = None) -> tuple[LeagueRow, int, list[Line]]:
        """The league, the season (the current one by default) and its whole ordered standings (every member)."""
        async with self.store.reading() as tx:
            league = await self._league(tx, league_id)
            season = season or league.season
            return league, season, await self._lines(tx, league, season)

    async def _lines(self, tx: StoreReader, league: LeagueRow, season: int) -> list[Line]:
        now = self.clock()
        members = [m.user_id for m in await tx.league_members(league.league_id)]
        counted = await self._season_tally(tx, league, season)
        rows = await tx.league_ratings(league.league_id)
        policy = rating_policy(league)
        shown = {u: rating_of(r).decayed(now, policy) for u, r in rows.items()}

        def rating(uid: int) -> tuple[int, bool]:
            r = shown.get(uid, Rating())
            return r.display, r.provisional(policy)

        return standings(members, counted, rating=rating)

    async def standings(self, league_id: int, *, season: int | None = None, page: int = 1,
                        per_page: int = 15) -> StandingsPage:
        async with self.store.reading() as tx:
            league = await self._league(tx, league_id)
            season = season or league.season
            lines = await self._lines(tx, league, season)
            pages = max(1, -(-len(lines) // per_page))
            page = min(max(1, page), pages)
            chunk = tuple(lines[(page - 1) * per_page: page * per_page])
            recent = await tx.league_recent_history(league_id, [ln.user_id for ln in chunk], TREND_GAMES + 1)
        trends = {}
        for ln in chunk:
            pts = recent.get(ln.user_id, [])
            if pts:
                start = Rating(pts[0].mu, pts[0].sigma).display if len(pts) > TREND_GAMES else Rating().display
                trends[ln.user_id] = Rating(pts[-1].mu, pts[-1].sigma).display - start
        return StandingsPage(league, season, chunk, len(lines), page, pages, trends)

    async def history(self, league_id: int, limit: int = 10) -> list[tuple[ResultRow, int | None]]:
        """Recent results (newest first) with the thread of each game."""
        async with self.store.reading() as tx:
            results = await tx.league_results(league_id, counted_only=False)
            out = []
            for res in reversed(results[-limit:]):
                table = await tx.league_table_for_game(res.game_id)
                out.append((res, None if table is None else table.channel_id))
            return out

    async def export_csv(self, league_id: int, *, organizer: bool) -> str:
        """Every result of the league as CSV (one line per member and game; :func:`bot.leagues.export.results_csv`)."""
        league = await self.league(league_id)
        if not organizer:
            raise LE.NotOrganizer(name=league.name)
        async with self.store.reading() as tx:
            results = await tx.league_results(league_id, counted_only=False)
        return results_csv(results)

    # ---------------------------------------------------------------------------------- seasons
    async def end_season(self, league_id: int, actor_id: int, *, organizer: bool, keep: float = 0.5) -> StandingsPage:
        """Close the season (final standings archived), soft-reset ratings, start the next season."""
        league = await self.league(league_id)
        if not organizer:
            raise LE.NotOrganizer(name=league.name)
        if not 0.0 <= keep <= 1.0:
            raise LE.BadLeagueOption(name="keep", value=keep)
        final = await self.standings(league_id, per_page=10_000)
        now = self.clock()
        async with self.store.transaction() as tx:
            archive = [{"rank": ln.rank, "user_id": ln.user_id, "points": ln.points, "games": ln.games,
                        "wins": ln.wins, "rating": ln.rating} for ln in final.lines]
            await tx.close_league_season(league_id, league.season, now, keep, archive)
            rows = await tx.league_ratings(league_id)
            await tx.save_league_ratings(league_id, [
                RatingRow(league_id, u, r.mu, r.sigma, r.games, r.last_played)
                for u, r in ((u, soft_reset(rating_of(row), keep)) for u, row in rows.items())], [])
            for rnd in await tx.league_rounds(league_id, league.season):
                if rnd.closed_at is None:
                    await tx.close_league_round(league_id, league.season, rnd.round, now)
            await tx.set_league_season(league_id, league.season + 1)
            await tx.insert_league_season(league_id, league.season + 1, now)
            await tx.add_league_audit(league_id, None, actor_id, "season_end", json.dumps({"keep": keep}), now)
        return final

    async def _end_due_seasons(self) -> list[StandingsPage]:
        """Seasons that reached the league's season length end by themselves (``reset_keep``, default 0.5)."""
        now = self.clock()
        ended = []
        async with self.store.reading() as tx:
            due = []
            for league in await tx.leagues():
                if league.season_days:
                    current = (await tx.league_seasons(league.league_id))[-1]
                    if now >= current.started_at + timedelta(days=league.season_days):
                        due.append(league)
        for league in due:
            keep = float(league.settings.get("reset_keep", 0.5))
            ended.append(await self.end_season(league.league_id, league.creator_id, organizer=True, keep=keep))
        return ended

    async def set_rank_role(self, league_id: int, role_id: int, top: int, actor_id: int, *,
                            organizer: bool) -> dict[int, int]:
        """Map the standings' top ``top`` to a role (0 removes the role's band); returns the bands."""
        league = await self.league(league_id)
        if not organizer:
            raise LE.NotOrganizer(name=league.name)
        if not 0 <= top <= 1000:
            raise LE.BadLeagueOption(name="top", value=top)
        bands = {int(r): int(n) for r, n in league.settings.get("rank_roles", {}).items()}
        if top:
            bands[role_id] = top
        else:
            bands.pop(role_id, None)
        async with self.store.transaction() as tx:
            await tx.set_league_settings(league_id, {**league.settings,
                                                     "rank_roles": {str(r): n for r, n in bands.items()}})
            await tx.add_league_audit(league_id, None, actor_id, "rank_role", f"{role_id}:{top}", self.clock())
        return bands

    async def rank_roles(self, league_id: int) -> dict[int, set[int]]:
        """Who should hold each of the league's rank roles now (see :func:`.standings.rank_role_members`): nobody
        for a role whose band was removed (``top`` 0) while the bot remembers giving it to someone."""
        league = await self.league(league_id)
        bands = {int(r): int(n) for r, n in league.settings.get("rank_roles", {}).items()}
        dropped = {int(r): set[int]() for r, users in league.settings.get("rank_role_holders", {}).items()
                   if users and int(r) not in bands}
        if not bands:
            return dropped
        page = await self.standings(league_id, per_page=max(bands.values()))
        return {**rank_role_members(page.lines, bands), **dropped}

    async def role_holders(self, league_id: int) -> dict[int, set[int]]:
        """Whom the bot gave each rank role to (remembered: without the members intent the bot cannot list a
        role's members, so this is how it knows whom to take a role from)."""
        league = await self.league(league_id)
        given = league.settings.get("rank_role_holders", {})
        return {int(r): {int(u) for u in users} for r, users in given.items()}

    async def remember_role_holders(self, league_id: int, role_id: int, users: set[int]) -> None:
        """Record that exactly ``users`` hold ``role_id`` now (after the bot synced it); a role without a band
        that nobody holds any more is forgotten."""
        async with self.store.transaction() as tx:
            league = await self._league(tx, league_id)
            given = dict(league.settings.get("rank_role_holders", {}))
            if users or str(role_id) in league.settings.get("rank_roles", {}):
                given[str(role_id)] = sorted(users)
            else:
                given.pop(str(role_id), None)
            await tx.set_league_settings(league_id, {**league.settings, "rank_role_holders": given})

    # ---------------------------------------------------------------------------------- rounds
    async def start_round(self, league_id: int) -> RoundOpened | None:
        """Rounds format: pair every active member who did not opt out and write the round's tables."""
        now = self.clock()
        async with self.store.transaction() as tx:
            league = await self._league(tx, league_id)
            if league.format != "rounds" or league.round_length_s is None:
                return None
            rounds = await tx.league_rounds(league_id, league.season)
            if rounds and rounds[-1].closed_at is None:
                return None
            first = league.settings.get("first_round_at")
            if not rounds and first is not None and now < datetime.fromisoformat(str(first)):
                return None
            number = rounds[-1].round + 1 if rounds else 1
            members = await tx.league_members(league_id)
            if sum(1 for m in members if not m.opted_out) < 2:
                return None  # nobody to pair yet: the round starts when two members can play
            lines = standings([m.user_id for m in members], await self._season_tally(tx, league, league.season))
            tables = await tx.league_tables(league_id, season=league.season)
            firsts: dict[int, int] = {}
            for t in tables:
                firsts[t.members[0]] = firsts.get(t.members[0], 0) + 1
            ties: dict[tuple[float, float], list[int]] = {}
            for ln in lines:
                ties.setdefault((ln.points, ln.opponents_points), []).append(ln.user_id)
            pairing = pair_round(
                [ln.user_id for ln in lines], league.seats, met=meetings([t.members for t in tables]),
                first_seats=firsts, opted_out={m.user_id for m in members if m.opted_out},
                ties=[tuple(g) for g in ties.values()], seed=league_id * 1_000 + league.season * 100 + number,
            )
            deadline = now + timedelta(seconds=league.round_length_s)
            await tx.insert_league_round(league_id, league.season, number, now, deadline)
            rows = []
            for members_ in pairing.tables:
                table_id = await tx.insert_league_table(league_id, league.season, number, members_, now)
                rows.append(TableRow(table_id, league_id, league.season, number, members_, now, None, None))
        return RoundOpened(league, number, deadline, tuple(rows), pairing.byes)

    async def settle_abandoned(self, game_id: int, reason: str) -> bool:
        """A league game that cannot go on (its thread was deleted and nobody moved it) is settled by the rules
        for unfinished games at a round's deadline: a started game by its current scores, a lobby voided.
        False when it is not a league game (nothing done)."""
        table = await self.table_for_game(game_id)
        if table is None:
            return False
        league = await self.league(table.league_id)
        game = await self.games.game(game_id)
        if game.status == "active":
            await self._settle(league, game_id, reason, None)
            async with self.store.transaction() as tx:
                await tx.add_league_audit(league.league_id, game_id, league.creator_id, "settle", reason, self.clock())
        elif game.status == "lobby":
            await self._void(league, game_id, league.creator_id, reason)
        return True

    async def close_round(self, rnd: RoundRow) -> RoundClosed:
        """At the deadline: record finished games, settle unfinished ones by their current scores, close."""
        league = await self.league(rnd.league_id)
        async with self.store.reading() as tx:
            tables = [t for t in await tx.league_tables(rnd.league_id, season=rnd.season) if t.round == rnd.round]
        settled = []
        for t in tables:
            if t.game_id is None:
                continue
            game = await self.games.game(t.game_id)
            if game.status == "over":
                await self.record(t.game_id)
            elif game.status == "active":
                await self._settle(league, t.game_id, "deadline", None)
                settled.append(t.game_id)
            elif game.status == "lobby":  # never started (a crash while opening): it does not count
                await self._void(league, t.game_id, league.creator_id, "deadline")
        async with self.store.transaction() as tx:
            await tx.close_league_round(rnd.league_id, rnd.season, rnd.round, self.clock())
            for gid in settled:
                await tx.add_league_audit(rnd.league_id, gid, league.creator_id, "settle", "deadline", self.clock())
        return RoundClosed(league, rnd.round, tuple(settled))

    async def tick(self) -> Tick:
        """One background round: record ended games, close due rounds and open the next, seat the queues."""
        out = Tick()
        out.recorded = await self.reconcile()
        async with self.store.reading() as tx:
            due = await tx.league_rounds_due(self.clock())
        for rnd in due:
            out.closed.append(await self.close_round(rnd))
        out.seasons = await self._end_due_seasons()
        async with self.store.reading() as tx:
            leagues = await tx.leagues()
        for league in leagues:
            if league.format == "rounds":
                opened = await self.start_round(league.league_id)
                if opened is not None and (opened.tables or opened.byes):
                    out.opened.append(opened)
            else:
                out.seated.extend(await self.seat_queue(league.league_id))
        return out

    # ---------------------------------------------------------------------------------- stats
    async def user_stats(self, user_id: int, *, ruleset: str | None = None,
                         league_id: int | None = None) -> UserStats:
        """A member's finished games (all, or of one ruleset) and their rating curve in a league."""
        games = [g for g in await self.games.games_for_user(user_id, live_only=False)
                 if g.status == "over" and (ruleset is None or g.ruleset == ruleset)]
        wins = nobles = 0
        scores: list[int] = []
        lengths: list[timedelta] = []
        colours: dict[str, int] = {}
        for g in games[-STATS_GAMES:]:
            me = next(p for p in g.players if p.user_id == user_id)
            wins += me.result in ("win", "draw") and me.place == 1
            if me.final_score is not None:
                scores.append(me.final_score)
            if g.started_at is not None and g.ended_at is not None:
                lengths.append(g.ended_at - g.started_at)
            state = await self.games.state(g.game_id)
            if state is not None and me.seat is not None:
                won, bonuses = seat_extras(engine.view_for(state, None), me.seat)
                nobles += won
                for colour, n in bonuses.items():
                    colours[colour] = colours.get(colour, 0) + n
        points: tuple[tuple[datetime, int], ...] = ()
        rating: int | None = None
        provisional = True
        if league_id is not None:
            async with self.store.reading() as tx:
                league = await self._league(tx, league_id)
                history = await tx.league_rating_history(league_id, user_id)
                row = (await tx.league_ratings(league_id, [user_id])).get(user_id)
            points = tuple((h.at, Rating(h.mu, h.sigma).display) for h in history)
            if row is not None:
                current = rating_of(row).decayed(self.clock(), rating_policy(league))
                rating, provisional = current.display, current.provisional(rating_policy(league))
        favourite = max(sorted(colours), key=colours.__getitem__) if any(colours.values()) else None
        return UserStats(
            games=len(games[-STATS_GAMES:]), wins=wins, average_score=sum(scores) / len(scores) if scores else 0.0,
            nobles=nobles, favourite=favourite,
            average_length=sum(lengths, timedelta()) / len(lengths) if lengths else None,
            rating_points=points, rating=rating, provisional=provisional,
        )

    async def leagues_of(self, guild_id: int, user_id: int) -> list[LeagueRow]:
        """The leagues of ``guild_id`` that ``user_id`` is a member of now (not those they left)."""
        async with self.store.reading() as tx:
            out = []
            for league in await tx.leagues(guild_id):
                member = await tx.league_member(league.league_id, user_id)
                if member is not None and member.status == "active":
                    out.append(league)
            return out

    async def audit(self, league_id: int, game_id: int | None = None) -> list[tuple[str, str, int, datetime]]:
        async with self.store.reading() as tx:
            return [(a.action, a.reason, a.actor_id, a.at) for a in await tx.league_audit(league_id, game_id)]


def names_or_ids(ids: Iterable[int], names: Mapping[int, str]) -> list[str]:
    return [names.get(i, str(i)) for i in ids]
