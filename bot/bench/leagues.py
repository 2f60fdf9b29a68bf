"""``python -m bot.bench leagues [--json]``: a league of ``--members`` (1,000) with ``--games`` (10,000) results.

On a real SQLite file in a temporary directory: the members join, ``--games`` finished 4-player games
(random tables, random places with some ties, over half a year) are stored as results and the ratings
projected; then it measures

* ``record_p50_ms``/``record_p99_ms``: recording one more game's result with its rating update (the
  transaction :meth:`LeagueService.record` runs: table and duplicate checks, result and places, the
  members' ratings read, updated and written with their history), over ``--records`` games;
* ``standings_ms``: the first standings page computed (all the season's results: points, opponents'
  points, head-to-head, ratings, trends) and rendered to PNG (``--png`` keeps the image), cold (results
  read from the database) and warm (``standings_warm_ms``: the service's cache of the season's places);
* ``rebuild_s``: rebuilding every rating from the stored results.

Targets (issue 11): record p99 <= 20 ms, standings <= 500 ms, rebuild <= 10 s.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bot.leagues.service import LeagueService
from bot.render.league import StandingRow, render_standings
from bot.service import GameService
from bot.store import SqliteStore

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def _places(rng: random.Random, n: int) -> list[int]:
    order = list(range(n))
    rng.shuffle(order)
    places = [0] * n
    for rank, i in enumerate(order, 1):
        places[i] = rank
    if rng.random() < 0.1:  # a shared place
        a, b = rng.sample(range(n), 2)
        places[a] = places[b] = min(places[a], places[b])
    return places


def _ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] * 1000, 2)


async def run(args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        store = await SqliteStore.open(Path(tmp) / "bench.sqlite3")
        now = [T0]
        games = GameService(store, lambda: now[0])
        leagues = LeagueService(store, games, lambda: now[0], seed_source=lambda: args.seed)
        league = await leagues.create(guild_id=1, name="Bench", creator_id=1, channel_id=1, ruleset="base", seats=4,
                                      settings={"lang": "en"})
        lid = league.league_id
        members = list(range(1, args.members + 1))
        async with store.transaction() as tx:
            for m in members:
                await tx.save_league_member(lid, m, T0, "active")
        fill_start = time.perf_counter()
        span = 180 * 86400 / max(1, args.games)
        async with store.transaction() as tx:
            for g in range(args.games):
                table = rng.sample(members, 4)
                await tx.insert_league_result(
                    league_id=lid, season=1, game_id=10_000_000 + g, status="counted", source="game", members=table,
                    places=_places(rng, 4), finished_at=T0 + timedelta(seconds=g * span), recorded_at=T0, reason=None)
        fill_s = time.perf_counter() - fill_start
        first_rebuild = time.perf_counter()
        await leagues.rebuild(lid)
        first_rebuild_s = time.perf_counter() - first_rebuild

        # recording: real games (lobby rows) at real league tables, results recorded one by one
        now[0] = T0 + timedelta(days=181)
        infos = []
        for i in range(args.records):
            table = rng.sample(members, 4)
            info = await games.create_game(channel_id=5_000_000 + i, creator_id=table[0], ruleset="base", players=4,
                                           turn_timer=None, seed=i)
            async with store.transaction() as tx:
                table_id = await tx.insert_league_table(lid, 1, None, table, now[0])
                await tx.set_league_table(table_id, channel_id=info.channel_id, game_id=info.game_id)
            infos.append((info, table))
        times = []
        for info, table in infos:
            start = time.perf_counter()
            res = await leagues._record(info, table, _places(rng, 4), "game", None, now[0])
            times.append(time.perf_counter() - start)
            assert res is not None

        async def first_page() -> tuple[float, bytes]:
            start = time.perf_counter()
            page = await leagues.standings(lid, per_page=15)
            rows = [StandingRow(ln.rank, f"Member {ln.user_id}", ln.points, ln.games, ln.wins, ln.rating,
                                ln.provisional, page.trends.get(ln.user_id)) for ln in page.lines]
            png = render_standings(rows, title="Bench", subtitle=f"Season 1 · {page.total} members", page=1,
                                   pages=page.pages)
            return (time.perf_counter() - start) * 1000, png

        standings_ms, png = await first_page()  # cold: the season's results read from the database
        standings_warm_ms, _ = await first_page()  # warm: the service's cache of counted places
        if args.png:
            Path(args.png).write_bytes(png)

        before = await leagues.ratings(lid)
        start = time.perf_counter()
        after = await leagues.rebuild(lid)
        rebuild_s = time.perf_counter() - start
        await store.close()
    return {
        "members": args.members,
        "games": args.games + args.records,
        "fill_s": round(fill_s, 2),
        "record_p50_ms": _ms(times, 0.5),
        "record_p99_ms": _ms(times, 0.99),
        "standings_ms": round(standings_ms, 1),
        "standings_warm_ms": round(standings_warm_ms, 1),
        "rebuild_s": round(rebuild_s, 2),
        "first_rebuild_s": round(first_rebuild_s, 2),
        "rebuild_same": before == after,
        "loadavg_1m": round(os.getloadavg()[0], 1),
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.bench leagues", description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--members", type=int, default=1000)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--records", type=int, default=500, help="results recorded one by one (timed)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--png", default=None, help="write the first standings page here")
    args = parser.parse_args(argv)
    result = asyncio.run(run(args))
    if args.json:
        sys.stdout.write(json.dumps(result) + "\n")
    else:
        for key, value in result.items():
            sys.stdout.write(f"{key:>16}: {value}\n")
        ok = result["record_p99_ms"] <= 20 and result["standings_ms"] <= 500 and result["rebuild_s"] <= 10
        sys.stdout.write(f"{'targets met' if ok else 'targets NOT met'}\n")
    return 0
