"""The web benchmark's data: a league of ``members`` with ``games`` finished games on a SQLite file, built once per
path and reused (``python -m bot.bench web``; tests build it at a tiny size).

Every game is a real one: a few distinct games are played to their end by the engine (random legal moves leaning
towards purchases, so that they end; about 120 moves for four players), and each stored game is one of them
(its setup and its whole action log) with four members seated, its result in the seats (as the service writes it:
:func:`bot.service.play.results`), a league table and a counted league result; the ratings are then rebuilt
from the results as ``/league`` does.  The pages can replay any of them step by step.
"""

from __future__ import annotations

import json
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import engine
from bot.leagues.service import LeagueService
from bot.service import GameService
from bot.service.play import results
from bot.store import SqliteStore
from bot.store.queries import StoreWriter
from bot.store.records import ActionRow, GameEnd, GameStart, GameUpdate, SeatRow, UserRow, WritePlan
from engine import GameConfig

T0 = datetime(2026, 1, 1, tzinfo=UTC)
GUILD = 1
RULESET = "base"
SEATS = 4
#: Distinct games played by the engine; the stored games are copies of them at other tables.
TEMPLATES = 24
#: Members' user ids start here (plain Discord-like ids, not computer players).
FIRST_MEMBER = 10_000


@dataclass(frozen=True, slots=True)
class Played:
    config: GameConfig
    moves: tuple[tuple[int, str], ...]
    state: engine.GameState


@dataclass(frozen=True, slots=True)
class BenchLeague:
    path: Path
    league_id: int
    members: int
    games: int
    game_ids: tuple[int, ...]
    member_ids: tuple[int, ...]
    reused: bool


def league_name(members: int, games: int) -> str:
    return f"Bench {members} members {games} games"


def play(seed: int, *, players: int = SEATS, ruleset: str = RULESET) -> Played:
    """One game to its end by random legal moves (purchases preferred, so that it ends)."""
    rng = random.Random(seed)
    config = GameConfig(ruleset, players=players, seed=seed)
    state = engine.new_game(config)
    moves: list[tuple[int, str]] = []
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        actions = engine.legal_actions(state)
        buys = [a for a in actions if str(a).startswith("buy")]
        action = rng.choice(buys) if buys and rng.random() < 0.9 else rng.choice(actions)
        moves.append((seat, str(action)))
        state = engine.apply(state, seat, action).state
        if len(moves) > 2000:
            raise RuntimeError(f"seed {seed}: a random game did not end")
    return Played(config, tuple(moves), state)


def member_name(rng: random.Random, user_id: int) -> str:
    first = ("Ana", "Bruno", "Chen", "Dara", "Eli", "Fatima", "Gus", "Hana", "Ivo", "Jude", "Kai", "Lia")
    return f"{rng.choice(first)} {user_id % 9973}"


async def build(path: Path, *, members: int = 1000, games: int = 10_000, seed: int = 7,
                make_public: Callable[[SqliteStore, int], Awaitable[object]] | None = None) -> BenchLeague:
    """The league at ``path``: reused if the file is there (a finished build of this size), else built (in a
    side file, renamed to ``path`` once complete, so an interrupted build is never reused).

    ``make_public(store, league_id)``: makes the league's pages visible (the web's own setting), on a new build."""
    if path.exists():
        store = await SqliteStore.open(path)
        try:
            async with store.reading() as tx:
                found = await tx.league_by_name(GUILD, league_name(members, games))
            if found is None:
                raise ValueError(f"{path} holds no benchmark league of {members} members and {games} games")
            return await _described(store, path, found.league_id, members, games, reused=True)
        finally:
            await store.close()
    part = path.with_name(path.name + ".part")
    for leftover in part.parent.glob(part.name + "*"):
        leftover.unlink()
    store = await SqliteStore.open(part)
    try:
        clock = [T0]
        service = GameService(store, lambda: clock[0])
        leagues = LeagueService(store, service, lambda: clock[0], seed_source=lambda: seed)
        league = await leagues.create(guild_id=GUILD, name=league_name(members, games), creator_id=FIRST_MEMBER,
                                      channel_id=1, ruleset=RULESET, seats=SEATS, settings={"lang": "en"})
        lid = league.league_id
        rng = random.Random(seed)
        member_ids = list(range(FIRST_MEMBER, FIRST_MEMBER + members))
        async with store.transaction() as tx:
            for m in member_ids:
                await tx.save_user(UserRow(m, lang="en", name=member_name(rng, m)))
                await tx.save_league_member(lid, m, T0, "active")
        templates = [play(seed * 1000 + k) for k in range(min(TEMPLATES, games))]
        span = 180 * 86400 / max(1, games)
        batch = 250
        for start in range(0, games, batch):
            async with store.transaction() as tx:
                for g in range(start, min(games, start + batch)):
                    await _store_game(tx, lid, g, rng.sample(member_ids, SEATS), templates[g % len(templates)],
                                      T0 + timedelta(seconds=g * span))
        await leagues.rebuild(lid)
        if make_public is not None:
            await make_public(store, lid)
        built = await _described(store, path, lid, members, games, reused=False)
    finally:
        await store.close()
    part.rename(path)
    for leftover in part.parent.glob(part.name + "*"):
        leftover.unlink()
    return built


async def _store_game(tx: StoreWriter, lid: int, g: int, table: list[int], played: Played,
                      finished: datetime) -> None:
    created = finished - timedelta(hours=6)
    game_id = (await tx.insert_game(
        guild_id=GUILD, channel_id=1_000_000 + g, creator_id=table[0], ruleset=played.config.ruleset,
        max_players=SEATS, options={}, turn_timer_s=86400, timeout_policy="skip", max_expiries=3, ranked=True,
        seed=played.config.seed, created_at=created, create_request=None, lang="en", seated=table))[0].game_id
    seats = {u: SeatRow(game_id, u, created, seat + 1, seat, "active", 0, None, None, None)
             for seat, u in enumerate(table)}
    placed = results(played.state, seats, "finished")
    step = (finished - created) / max(1, len(played.moves))
    actions = [ActionRow(game_id, i + 1, seat, code, table[seat], "player", created + step * (i + 1))
               for i, (seat, code) in enumerate(played.moves)]
    config_json = json.dumps(played.config.to_json(), sort_keys=True)
    await tx.update_game(game_id, GameUpdate(start=GameStart(config_json, created)))
    await tx.apply_plans([WritePlan(
        game_id, 0, finished,
        GameUpdate(version=len(played.moves), end=GameEnd("over", "finished", finished)), actions,
        [replace(s, final_score=placed[u][0], place=placed[u][1], result=placed[u][2]) for u, s in seats.items()])])
    table_id = await tx.insert_league_table(lid, 1, None, table, created)
    await tx.set_league_table(table_id, game_id=game_id)
    await tx.insert_league_result(
        league_id=lid, season=1, game_id=game_id, status="counted", source="game", members=table,
        places=[placed[u][1] for u in table], finished_at=finished, recorded_at=finished, reason=None)


async def _described(store: SqliteStore, path: Path, lid: int, members: int, games: int, *,
                     reused: bool) -> BenchLeague:
    async with store.reading() as tx:
        tables = await tx.league_tables(lid)
        member_rows = await tx.league_members(lid)
    return BenchLeague(path, lid, members, games, tuple(t.game_id for t in tables if t.game_id is not None),
                       tuple(m.user_id for m in member_rows), reused)
