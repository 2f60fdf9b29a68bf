"""``python -m bot.bench render [--json] [--runs N] [--ruleset R] [--players N] [--pool [WORKERS]]``.

Renders one middle-game table (4 players, Orient + Strongholds by default) N times
on one thread and prints the median and 95th percentile milliseconds (render plus PNG
encode, warm caches) and the PNG size.  The position comes from seeded random play.

``--pool`` instead measures throughput, in the same run: N boards drawn one after another on one thread
(``single``), N requested at once and drawn by threads as the bot did before (``threads``,
``asyncio.to_thread``), and N at once drawn by the render processes (``pool``, :mod:`bot.render.pool`,
WORKERS processes, default one per core): boards per second, and how late a 5 ms timer on the event
loop fires meanwhile (the loop's responsiveness).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time

from bot.render import pool, render_hand, render_table, samples
from bot.render.gallery import play_positions
from engine import TableView


def bench_view(ruleset: str, players: int) -> tuple[TableView, TableView]:
    """(spectator view, seat-0 view) of a middle-game position."""
    return play_positions(ruleset, players)["middle"]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.bench render")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument("--ruleset", default="orient+strongholds")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--pool", type=int, nargs="?", const=-1, default=None, metavar="WORKERS",
                        help="throughput: threads against render processes (default: one per core)")
    args = parser.parse_args(argv)
    view, seat_view = bench_view(args.ruleset, args.players)
    if args.pool is not None:
        workers = pool.default_workers() if args.pool < 0 else args.pool
        modes, identical = asyncio.run(throughput(view, max(1, args.runs), workers))
        if args.json:
            sys.stdout.write(json.dumps({**modes, "identical": identical, "cores": pool.default_workers(),
                                         "ruleset": args.ruleset, "players": args.players}) + "\n")
        else:
            for mode, r in modes.items():
                sys.stdout.write(f"{mode:7}: {r['boards_per_s']} boards/s, event-loop lag p99 {r['lag_p99_ms']} ms, "
                                 f"max {r['lag_max_ms']} ms ({r['boards']} boards, {r['workers']} workers)\n")
            sys.stdout.write(f"identical PNGs: {identical}\n")
        return 0
    t0 = time.perf_counter()
    data = render_table(view, names=samples.NAMES)
    cold_ms = (time.perf_counter() - t0) * 1000
    times: list[float] = []
    for _ in range(max(1, args.runs)):
        t0 = time.perf_counter()
        data = render_table(view, names=samples.NAMES)
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    t0 = time.perf_counter()
    render_hand(seat_view, names=samples.NAMES)
    hand_ms = (time.perf_counter() - t0) * 1000
    result = {
        "p50_ms": round(statistics.median(times), 2),
        "p95_ms": round(p95, 2),
        "bytes": len(data),
        "cold_ms": round(cold_ms, 2),
        "runs": len(times),
        "ruleset": args.ruleset,
        "players": args.players,
        "position": "engine",
        "hand_ms": round(hand_ms, 2),
    }
    if args.json:
        sys.stdout.write(json.dumps(result) + "\n")
    else:
        sys.stdout.write(
            f"render {args.ruleset} {args.players}p middle: p50 {result['p50_ms']} ms, "
            f"p95 {result['p95_ms']} ms, {len(data)} bytes ({len(data) / 1024:.1f} KiB), cold {result['cold_ms']} ms\n"
        )
    return 0


async def _timed(draw: pool.RenderPool, view: TableView, boards: int,
                 one_at_a_time: bool = False) -> tuple[dict[str, float], list[bytes]]:
    """``boards`` renders requested at once (or one after another); meanwhile a 5 ms ticker measures how
    late the event loop wakes it."""
    lags: list[float] = []
    done = asyncio.Event()

    async def ticker() -> None:
        while not done.is_set():
            t0 = time.perf_counter()
            await asyncio.sleep(0.005)
            lags.append((time.perf_counter() - t0 - 0.005) * 1000)

    tick = asyncio.create_task(ticker())
    t0 = time.perf_counter()
    if one_at_a_time:
        images = [await draw.render(view, samples.NAMES, "en") for _ in range(boards)]
    else:
        images = await asyncio.gather(*(draw.render(view, samples.NAMES, "en") for _ in range(boards)))
    elapsed = time.perf_counter() - t0
    done.set()
    await tick
    lags.sort()
    return {
        "boards": boards,
        "workers": draw.workers,
        "boards_per_s": round(boards / elapsed, 1),
        "lag_p99_ms": round(lags[min(len(lags) - 1, round(0.99 * (len(lags) - 1)))], 1) if lags else 0.0,
        "lag_max_ms": round(lags[-1], 1) if lags else 0.0,
    }, list(images)


async def throughput(view: TableView, boards: int, workers: int) -> tuple[dict[str, dict[str, float]], bool]:
    """Threads (the bot before the pool) against ``workers`` render processes, warmed up, same boards."""
    threads = pool.RenderPool(0)
    processes = pool.RenderPool(workers)
    try:
        await asyncio.to_thread(processes.warm_up)
        await threads.render(view, samples.NAMES, "en")  # warm this process's caches too
        single_result, single_images = await _timed(threads, view, boards, one_at_a_time=True)
        thread_result, thread_images = await _timed(threads, view, boards)
        pool_result, pool_images = await _timed(processes, view, boards)
    finally:
        processes.close()
    same = single_images == thread_images == pool_images
    return {"single": single_result, "threads": thread_result, "pool": pool_result}, same
