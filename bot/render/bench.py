"""``python -m bot.bench render [--json] [--runs N] [--ruleset R] [--players N]``.

Renders one middle-game table (4 players, Orient + Strongholds by default) N times
on one thread and prints the median and 95th percentile milliseconds (render plus PNG
encode, warm caches) and the PNG size.  The position comes from seeded random play.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from bot.render import render_hand, render_table, samples
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
    args = parser.parse_args(argv)
    view, seat_view = bench_view(args.ruleset, args.players)
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
