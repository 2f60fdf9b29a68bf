"""A demo database for the web pages (``python -m bot web --demo``): a public league of computer players.

Everything goes through the bot's own services, as in Discord: the league is created, its members join, its
tables are opened as games, and every move is chosen by the engine's computer player (the ``easy`` level: fast)
and played through the game service; finished games are recorded as league results (ratings, standings).  A few
games are left running.  A second public league plays in rounds (the first closed, the second under way).
The database is reused when it already holds the demo (its league is found by name).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

import engine
import engine.ai
from bot.leagues.service import LeagueService
from bot.service import GameService
from bot.store import SqliteStore
from bot.store.protocol import GameStore
from bot.web import links

DEMO_GUILD = 1
DEMO_LEAGUE = "Demo League"
DEMO_ROUNDS = "Demo Rounds"
HOURS_PER_GAME = 10  # the demo's time line: a game every 10 hours (a move every 1 to 5 minutes)
NAMES = ("Ada", "Borges", "Chandra", "Dolores", "Émile", "Fatima", "Gustavo", "Hiroko", "Ines", "João")


def demo_clock(now: list[datetime]) -> Callable[[], datetime]:
    """The demo's clock: its time line (``now[0]``, moved on as games are played), never after the real time."""
    return lambda: min(now[0], datetime.now(UTC))


async def ensure_demo(path: Path, *, finished: int = 14, running: int = 3, members: int = 8, seed: int = 7,
                      names: Sequence[str] = NAMES) -> GameStore:
    """Open the demo database at ``path``, filling it first if it holds no demo league yet."""
    path.parent.mkdir(parents=True, exist_ok=True)
    store = await SqliteStore.open(path)
    try:
        async with store.reading() as tx:
            found = await tx.league_by_name(DEMO_GUILD, DEMO_LEAGUE)
        if found is None:
            await fill(store, finished=finished, running=running, members=members, seed=seed, names=names)
    except BaseException:
        await store.close()
        raise
    return store


async def fill(store: GameStore, *, finished: int, running: int, members: int, seed: int,
               names: Sequence[str] = NAMES) -> int:
    """Create the demo league and play its games; its id."""
    rng = random.Random(seed)
    # played over the last days (ratings fade with time away: a demo of long ago would show faded ones): a game
    # takes a few hours (a move every few minutes), the next starts 5 hours after the last began; the clock the
    # services read never passes the real time, so no date the pages show is in the future
    now = [datetime.now(UTC).replace(microsecond=0) - timedelta(hours=HOURS_PER_GAME * (finished + running) + 24)]
    clock = demo_clock(now)
    games = GameService(store, clock)
    leagues = LeagueService(store, games, clock, seed_source=lambda: rng.randrange(2**40))
    people = list(range(1001, 1001 + members))
    for uid, name in zip(people, names, strict=False):
        await games.set_name(uid, name)
    league = await leagues.create(guild_id=DEMO_GUILD, name=DEMO_LEAGUE, creator_id=people[0], channel_id=900,
                                  ruleset="base", seats=2, turn_timer=None, settings={"lang": "en"})
    for uid in people:
        await leagues.join(league.league_id, uid)
    async with store.transaction() as tx:
        await links.set_mode(tx, "league", league.league_id, "public", clock())
    for n in range(finished + running):
        pair = rng.sample(people, 2)
        async with store.transaction() as tx:
            table_id = await tx.insert_league_table(league.league_id, league.season, None, pair, clock())
            table = next(t for t in await tx.league_tables(league.league_id) if t.table_id == table_id)
        info = await leagues.open_table(table, 10_000 + n)
        done = n < finished
        await play(games, info.game_id, rng, moves=None if done else rng.randrange(6, 20), now=now)
        if done:
            await leagues.record(info.game_id)
        now[0] += timedelta(hours=HOURS_PER_GAME - 5)
    await rounds_league(store, games, people[: max(2, min(len(people), 6))], rng, now)
    return league.league_id


async def rounds_league(store: GameStore, games: GameService, people: Sequence[int], rng: random.Random,
                        now: list[datetime]) -> int:
    """A public rounds league: its first round played and closed, the second under way (pairings and games)."""
    clock = demo_clock(now)
    leagues = LeagueService(store, games, clock, seed_source=lambda: rng.randrange(2**40))
    league = await leagues.create(guild_id=DEMO_GUILD, name=DEMO_ROUNDS, creator_id=people[0], channel_id=901,
                                  ruleset="base", seats=2, turn_timer=None, format="rounds", round_days=7,
                                  first_round_in=timedelta(0), settings={"lang": "en"})
    for uid in people:
        await leagues.join(league.league_id, uid)
    async with store.transaction() as tx:
        await links.set_mode(tx, "league", league.league_id, "public", clock())
    for number in (1, 2):
        opened = await leagues.start_round(league.league_id)
        if opened is None:
            break
        for n, table in enumerate(opened.tables):
            info = await leagues.open_table(table, 20_000 + number * 100 + n)
            await play(games, info.game_id, rng, moves=None if number == 1 else rng.randrange(4, 12), now=now)
            if number == 1:
                await leagues.record(info.game_id)
        if number == 1:
            async with store.reading() as tx:
                rnd = (await tx.league_rounds(league.league_id, league.season))[-1]
            now[0] += timedelta(hours=2)
            await leagues.close_round(rnd)
    return league.league_id


async def play(games: GameService, game_id: int, rng: random.Random, *, moves: int | None,
               now: list[datetime]) -> None:
    """Play the game with the engine's computer player, to the end or for ``moves`` moves."""
    played = 0
    while moves is None or played < moves:
        state = await games.state(game_id)
        if state is None or state.is_over or state.to_act is None:
            return
        seat = state.to_act
        info = await games.game(game_id)
        user = next(p.user_id for p in info.players if p.seat == seat)
        action = engine.ai.choose(engine.view_for(state, seat), level="easy", seed=rng.randrange(2**31))
        await games.play(game_id, user, str(action), expected_version=state.version,
                         request_id=f"demo-{game_id}-{state.version}")
        now[0] += timedelta(minutes=rng.randrange(1, 6))
        played += 1


__all__ = ["DEMO_LEAGUE", "DEMO_ROUNDS", "ensure_demo", "fill", "rounds_league"]
