"""Benchmark of computer turns through the service: ``python -m bot.bench computers [--json] [options]``.

Plays ``--games`` games (``--ruleset``, 2 players: one scripted person who plays the engine's minimal move,
one computer at ``--level`` with ``--budget`` seconds per move) through a real SQLite file, and reports the
computer's move latency (from ``computer_turn`` to the committed outcome), its overhead over the budget,
and the event loop's worst lag meanwhile (a 10 ms heartbeat): thinking runs off the event loop, in
``--workers`` processes (0: a thread).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import engine
from bot.service import GameService, ServiceSettings
from bot.store import SqliteStore


async def _heartbeat(lags: list[float], stop: asyncio.Event) -> None:
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        before = loop.time()
        await asyncio.sleep(0.01)
        lags.append(loop.time() - before - 0.01)


async def run(ruleset: str, level: str, budget: float, games: int, workers: int, max_moves: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        store = await SqliteStore.open(Path(tmp) / "bench.sqlite3")
        settings = ServiceSettings(computer_delay=0.0, computer_workers=workers, computer_budgets={level: budget})
        service = GameService(store, lambda: datetime.now(UTC), settings)
        latencies: list[float] = []
        lags: list[float] = []
        stop = asyncio.Event()
        beat = asyncio.create_task(_heartbeat(lags, stop))
        t0 = time.perf_counter()
        await service.thinker.warm()  # what run_computers does at start-up
        warm = time.perf_counter() - t0
        started = time.perf_counter()
        try:
            for n in range(games):
                info = await service.create_game(channel_id=n + 1, creator_id=1, ruleset=ruleset, players=2,
                                                 seed=n, turn_timer=None)
                await service.add_bot(info.game_id, 1, level)
                info = (await service.start(info.game_id, 1)).game
                for _ in range(max_moves):
                    if info.status != "active":
                        break
                    if info.to_act_user == 1:
                        state = await service.state(info.game_id)
                        assert state is not None
                        info = (await service.play(info.game_id, 1, str(engine.default_action(state)),
                                                   expected_version=info.version,
                                                   request_id=f"p{info.version}")).game
                        continue
                    t0 = time.perf_counter()
                    outcome = await service.computer_turn(info.game_id)
                    latencies.append(time.perf_counter() - t0)
                    assert outcome is not None
                    info = outcome.game
        finally:
            elapsed = time.perf_counter() - started
            stop.set()
            await beat
            service.close_computers()
            await store.close()
    q = statistics.quantiles(latencies, n=20) if len(latencies) >= 2 else [0.0] * 19
    return {
        "games": games,
        "computer_moves": len(latencies),
        "budget_s": budget,
        "workers": workers,
        "latency_p50_ms": round(statistics.median(latencies) * 1000, 1),
        "latency_p95_ms": round(q[18] * 1000, 1),
        "overhead_p50_ms": round((statistics.median(latencies) - budget) * 1000, 1),
        "loop_lag_max_ms": round(max(lags, default=0.0) * 1000, 1),
        "loop_lag_p99_ms": round((statistics.quantiles(lags, n=100)[98] if len(lags) >= 2 else 0.0) * 1000, 1),
        "warm_up_ms": round(warm * 1000, 1),
        "elapsed_s": round(elapsed, 2),
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.bench computers")
    parser.add_argument("--ruleset", default="base")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--budget", type=float, default=0.1, help="seconds per computer move")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--workers", type=int, default=1, help="worker processes (0: a thread)")
    parser.add_argument("--max-moves", type=int, default=60, help="moves per game at most")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = asyncio.run(run(args.ruleset, args.level, args.budget, args.games, args.workers, args.max_moves))
    if args.json:
        sys.stdout.write(json.dumps(result) + "\n")
    else:
        for key, value in result.items():
            sys.stdout.write(f"{key:>18}: {value}\n")
    return 0


__all__ = ["main", "run"]
