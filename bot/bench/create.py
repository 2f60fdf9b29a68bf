"""``python -m bot.bench create [--json]``: what opening a game costs on SQLite and on PostgreSQL.

Each game is opened as players do it, one step after the other: ``create_game``, ``join``, ``start`` (2 players,
ruleset ``base``).  The two backends take turns, ``--rounds`` times, each round on fresh databases (a SQLite
file, a PostgreSQL database of a private ``pgserver``), so a loaded machine slows both alike.  Per game:
wall ms, this process's CPU ms, and on PostgreSQL the statements sent (``round_trips``, each a round trip,
``BEGIN`` and ``COMMIT`` included).  ``ratio`` is PostgreSQL's median wall ms over SQLite's (issue 30: at most
2), ``ratio_range`` the lowest and highest of a single round's.  The bot's own durability applies (docs/postgresql.md,
"Durability": a lobby's writes commit with ``synchronous_commit = off``, as SQLite's WAL with ``synchronous=NORMAL``
commits everything: they survive a crash of the bot, not one of the server); ``--synchronous-commit off`` makes
the server's default ``off`` for every commit.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.bench import report
from bot.bench.multi import _create_database, _tune, _with_commit_mode
from bot.service.service import GameService
from bot.store.url import open_store


@contextmanager
def _counting_statements() -> Iterator[Callable[[], int]]:
    """Count every statement asyncpg sends meanwhile (transaction starts and ends included)."""
    import asyncpg

    sent = [0]
    names = ("execute", "executemany", "fetch", "fetchrow", "fetchval")
    saved = {name: getattr(asyncpg.Connection, name) for name in names}

    def counted(method: Any) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            sent[0] += 1
            return method(*args, **kwargs)
        return call

    try:
        for name, method in saved.items():
            setattr(asyncpg.Connection, name, counted(method))
        yield lambda: sent[0]
    finally:
        for name, method in saved.items():
            setattr(asyncpg.Connection, name, method)


async def open_games(url: str, games: int, sent: Callable[[], int]) -> dict[str, float]:
    store = await open_store(url)
    try:
        service = GameService(store, lambda: datetime.now(UTC), seed_source=lambda: 0)
        before, cpu, wall = sent(), time.process_time(), time.perf_counter()
        for i in range(games):
            info = await service.create_game(channel_id=i + 1, creator_id=i * 10 + 1, ruleset="base", players=2,
                                             turn_timer="24h", seed=i)
            await service.join(info.game_id, i * 10 + 2)
            await service.start(info.game_id, i * 10 + 1)
        return {"wall_ms": (time.perf_counter() - wall) * 1000 / games,
                "cpu_ms": (time.process_time() - cpu) * 1000 / games, "round_trips": (sent() - before) / games}
    finally:
        await store.close()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.bench create", description=__doc__)
    parser.add_argument("--games", type=int, default=300, help="games opened per backend and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--synchronous-commit", choices=("on", "off"), default="on")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    pgserver = importlib.import_module("pgserver")  # the dev extra
    server = pgserver.get_server(Path(tempfile.mkdtemp(prefix="splendor-bench-pg-")), cleanup_mode="delete")
    runs: dict[str, list[dict[str, float]]] = {"sqlite": [], "postgres": []}
    try:
        base = str(server.get_uri())
        asyncio.run(_tune(base))
        with tempfile.TemporaryDirectory() as tmp, _counting_statements() as sent:
            for n in range(args.rounds):
                for backend in ("sqlite", "postgres") if n % 2 == 0 else ("postgres", "sqlite"):
                    if backend == "sqlite":
                        url = f"sqlite:///{tmp}/round{n}.sqlite3"
                    else:
                        url = _with_commit_mode(asyncio.run(_create_database(base, f"round{n}")),
                                                args.synchronous_commit)
                    runs[backend].append(asyncio.run(open_games(url, args.games, sent)))
    finally:
        server.cleanup()
    result: dict[str, Any] = {"games": args.games, "rounds": args.rounds,
                              "synchronous_commit": args.synchronous_commit}
    medians: dict[str, float] = {}
    for backend, found in runs.items():
        for key in ("wall_ms", "cpu_ms", "round_trips"):
            medians[f"{backend}_{key}"] = statistics.median(r[key] for r in found)
            result[f"{backend}_{key}"] = round(medians[f"{backend}_{key}"], 2)
    # the ratios of the medians themselves, not of their rounded values (one round: its own ratio, as ratio_range)
    result["ratio"] = round(medians["postgres_wall_ms"] / medians["sqlite_wall_ms"], 2)
    result["cpu_ratio"] = round(medians["postgres_cpu_ms"] / medians["sqlite_cpu_ms"], 2)
    rounds = [pg["wall_ms"] / lite["wall_ms"] for pg, lite in zip(runs["postgres"], runs["sqlite"], strict=True)]
    result["ratio_range"] = [round(min(rounds), 2), round(max(rounds), 2)]  # each round's own ratio
    report(result, args.json)
    return 0
