"""``python -m bot.bench service [--json]``: the game service under load on a real SQLite file.

Opens a fresh database in a temporary directory, creates and starts ``--games``
games (default 1,000, ruleset ``base``), then plays random legal actions across all
games through :meth:`GameService.play` in two phases:

1. throughput (closed loop): ``--inflight`` requests (default 32) always outstanding
   until ``--actions`` actions are applied; ``actions_per_s`` is the sustained rate and
   ``cpu_ms_per_action`` the process's CPU time per action (all threads), which a busy
   shared machine distorts less than the rate.
   Latency at saturation is reported as ``saturated_p50_ms``/``saturated_p99_ms``
   (it is mostly queueing: in-flight / throughput).
2. latency (open loop): requests arrive at random (Poisson) at ``--rate`` per second
   (default 500, the target load) on games not already busy, ``--latency-actions``
   of them; ``p50_ms``/``p99_ms`` are the latencies of ``play`` at that load.

``wal_max_mb`` is the largest the WAL file got (sampled every 50 ms throughout),
``truncate_stall_ms`` the longest a WAL truncation held the store (every game waited),
``rss_mb`` the resident memory at the end and ``peak_rss_mb`` its peak, ``misses_per_action``
the game loads per action that missed the cache (each a rebuild from snapshot and log).
``--clock bank:3d+1d`` plays games with time banks (each turn's end writes the mover's seat).
``--cache-size``, ``--wal-limit-mb 0`` and ``--snapshot-every`` reproduce older settings to
compare in the same session.
Targets (issue 14, at 10,000 live games): >= 1,500 actions/s, p99 <= 40 ms at 500
actions/s, WAL <= 64 MB, RSS <= 300 MB.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import engine
from bot.service.runtime import tune_gc
from bot.service.service import GameService
from bot.service.types import DEFAULT_CACHE_SIZE, ServiceSettings
from bot.store import SqliteStore
from bot.store.sqlite_wal import WAL_LIMIT_MB


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def rss_mb() -> float:
    """The process's resident memory now (Linux; 0 elsewhere)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _ms(values: list[float], q: float) -> float:
    return round(_percentile(values, q) * 1000, 2)


async def _setup(service: GameService, games: int, players: int, ruleset: str, clock: str = "24h") -> list[int]:
    ids = []
    for i in range(games):
        info = await service.create_game(channel_id=1_000_000 + i, creator_id=i * 10 + 1, ruleset=ruleset,
                                         players=players, turn_timer=clock, seed=i)
        for p in range(2, players + 1):
            await service.join(info.game_id, i * 10 + p)
        await service.start(info.game_id, i * 10 + 1)
        ids.append(info.game_id)
    return ids


async def run(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(args.db) if args.db else Path(tmp) / "bench.sqlite3"
        store = await SqliteStore.open(path, synchronous=args.synchronous, wal_limit_mb=args.wal_limit_mb)
        settings = ServiceSettings(cache_size=args.cache_size, snapshot_every=args.snapshot_every)
        service = GameService(store, lambda: datetime.now(UTC), settings, seed_source=lambda: 0)
        wal = path.with_name(path.name + "-wal")
        wal_max = 0

        async def sample_wal() -> None:
            nonlocal wal_max
            while True:
                with contextlib.suppress(OSError):
                    wal_max = max(wal_max, wal.stat().st_size)
                await asyncio.sleep(0.05)

        sampler = asyncio.create_task(sample_wal())
        t0 = time.perf_counter()
        ids = await _setup(service, args.games, args.players, args.ruleset, args.clock)
        setup_s = time.perf_counter() - t0
        tune_gc()  # as the bot does after start-up
        misses0 = service.cache_misses
        rng = random.Random(args.seed)
        rng.shuffle(ids)
        queue: asyncio.Queue[int] = asyncio.Queue()
        for gid in ids:
            queue.put_nowait(gid)
        latencies: list[float] = []
        finished = 0
        budget = args.actions

        async def play_one(gid: int, into: list[float]) -> bool:
            """One random legal move through the service; its latency goes into ``into``. True at game over."""
            info = await service.game(gid)
            state = await service.state(gid)
            assert state is not None, "the bench plays started games"
            code = str(rng.choice(engine.legal_actions(state)))
            start = time.perf_counter()
            out = await service.play(gid, info.to_act_user or 0, code, expected_version=info.version,
                                     request_id=f"{gid}:{info.version}")
            into.append(time.perf_counter() - start)
            return out.is_over

        async def worker() -> None:
            nonlocal budget, finished
            while budget > 0 and not queue.empty():
                budget -= 1
                gid = queue.get_nowait()
                if await play_one(gid, latencies):
                    finished += 1
                else:
                    queue.put_nowait(gid)

        t1, cpu1 = time.perf_counter(), time.process_time()
        await asyncio.gather(*(worker() for _ in range(args.inflight)))
        play_s, play_cpu = time.perf_counter() - t1, time.process_time() - cpu1
        saturated = latencies
        live = list(queue._queue)  # type: ignore[attr-defined]
        busy: set[int] = set()
        open_latencies: list[float] = []

        async def one(gid: int) -> None:
            nonlocal finished
            try:
                if await play_one(gid, open_latencies):
                    finished += 1
                    live.remove(gid)
            finally:
                busy.discard(gid)

        tasks = []
        t2 = time.perf_counter()
        due = t2
        for _ in range(args.latency_actions):
            due += rng.expovariate(args.rate)
            delay = due - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            while len(busy) >= len(live):  # every game awaits its last move: the service is far behind
                await asyncio.sleep(0.001)
            gid = rng.choice(live)
            while gid in busy:
                gid = rng.choice(live)
            busy.add(gid)
            tasks.append(asyncio.create_task(one(gid)))
        await asyncio.gather(*tasks)
        open_s = time.perf_counter() - t2
        sampler.cancel()
        size_mb = path.stat().st_size / 2**20
        rss_end = rss_mb()
        t3 = time.perf_counter()
        problems = await store.quick_check()
        check_s = time.perf_counter() - t3
        await store.close()
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    misses = service.cache_misses - misses0
    played = len(saturated) + len(open_latencies)
    return {
        "games": args.games,
        "ruleset": args.ruleset,
        "players": args.players,
        "clock": args.clock,
        "inflight": args.inflight,
        "synchronous": args.synchronous,
        "actions": len(saturated),
        "games_finished": finished,
        "setup_s": round(setup_s, 2),
        "play_s": round(play_s, 2),
        "actions_per_s": round(len(saturated) / play_s, 1) if play_s else 0.0,
        "cpu_ms_per_action": round(play_cpu * 1000 / len(saturated), 3) if saturated else 0.0,
        "saturated_p50_ms": _ms(saturated, 0.50),
        "saturated_p99_ms": _ms(saturated, 0.99),
        "rate": args.rate,
        "latency_actions": len(open_latencies),
        "achieved_rate": round(len(open_latencies) / open_s, 1) if open_s else 0.0,
        "p50_ms": _ms(open_latencies, 0.50),
        "p99_ms": _ms(open_latencies, 0.99),
        "mean_ms": round(statistics.fmean(open_latencies) * 1000, 2) if open_latencies else 0.0,
        "cache_size": args.cache_size,
        "misses_per_action": round(misses / played, 3) if played else 0.0,
        "wal_limit_mb": args.wal_limit_mb,
        "wal_max_mb": round(wal_max / 2**20, 1),
        "truncate_stall_ms": round(store.wal.stall * 1000, 1),
        "rss_mb": round(rss_end, 1),
        "peak_rss_mb": round(peak_mb, 1),
        "db_mb": round(size_mb, 1),
        "quick_check_s": round(check_s, 2),
        "quick_check_ok": not problems,
    }


_PR_CAPBSET_DROP = 24
_BYPASS_CAPS = (1, 2, 3)  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER


def drop_permission_bypass() -> None:
    """In a child before ``exec`` (``preexec_fn``): root loses the capabilities that ignore file permissions,
    so a read-only file or directory refuses writes as it does for the bot's own user."""
    libc = ctypes.CDLL(None, use_errno=True)
    for cap in _BYPASS_CAPS:
        if libc.prctl(_PR_CAPBSET_DROP, cap, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


def start_bot(db: Path, cwd: Path, *, unprivileged: bool = False, timeout: float = 120
              ) -> subprocess.CompletedProcess[str]:
    """``python -m bot`` on ``db`` with a well-formed dummy token (it never gets to log in on a bad database)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("SPLENDOR_")}
    root = str(Path(__file__).resolve().parents[2])
    env.update(SPLENDOR_DISCORD_TOKEN=DUMMY_TOKEN, SPLENDOR_DATABASE_PATH=str(db),
               PYTHONPATH=os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p))
    preexec = drop_permission_bypass if unprivileged and os.geteuid() == 0 else None
    return subprocess.run([sys.executable, "-m", "bot"], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout, preexec_fn=preexec)


DUMMY_TOKEN = "MTAxMDEwMTAxMDEwMTAx.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"


def failed_starts() -> list[dict[str, Any]]:
    """Time ``python -m bot`` refusing a garbage header, a 0-byte file, a truncated file and a read-only
    directory (target: exits within 10 s, non-zero, one sentence)."""
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        good = base / "good.sqlite3"
        asyncio.run(_one_game_db(good))
        data = good.read_bytes()
        faults: dict[str, bytes | None] = {"garbage header": b"\x00garbage" * 1000, "0-byte file": b"",
                                           "truncated file": data[: len(data) // 3], "read-only directory": None}
        for name, content in faults.items():
            folder = base / name.replace(" ", "-")
            folder.mkdir()
            db = folder / "games.sqlite3"
            db.write_bytes(data if content is None else content)
            if content is None:
                folder.chmod(0o555)
            t0 = time.perf_counter()
            try:
                result = start_bot(db, base, unprivileged=content is None)
            finally:
                folder.chmod(0o755)
            out.append({"fault": name, "exit": result.returncode, "seconds": round(time.perf_counter() - t0, 2),
                        "stderr": result.stderr.strip()})
    return out


async def _one_game_db(path: Path) -> None:
    store = await SqliteStore.open(path)
    service = GameService(store, lambda: datetime.now(UTC), seed_source=lambda: 0)
    await _setup(service, 1, 2, "base")
    await store.close()
    for extra in path.parent.glob(path.name + "*"):
        if extra != path:
            extra.unlink()


def main(argv: list[str]) -> int:
    if any(a.startswith(("--backend", "--processes", "--compare")) for a in argv):  # processes on one database
        from bot.bench import multi

        return multi.main(argv)
    parser = argparse.ArgumentParser(prog="python -m bot.bench service", description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--actions", type=int, default=20_000)
    parser.add_argument("--inflight", type=int, default=32, help="concurrent play requests")
    parser.add_argument("--rate", type=float, default=500.0, help="open-loop arrivals per second")
    parser.add_argument("--latency-actions", type=int, default=5000)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--ruleset", default="base")
    parser.add_argument("--clock", default="24h", help="the games' clock: a turn timer, or a time bank (bank:3d+1d)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--synchronous", choices=("NORMAL", "FULL"), default="NORMAL")
    parser.add_argument("--db", default=None, help="database file (default: a temporary one)")
    parser.add_argument("--cache-size", type=int, default=DEFAULT_CACHE_SIZE, help="games kept loaded")
    parser.add_argument("--wal-limit-mb", type=float, default=WAL_LIMIT_MB, help="0: WAL not bounded")
    parser.add_argument("--snapshot-every", type=int, default=ServiceSettings().snapshot_every)
    parser.add_argument("--failed-start", action="store_true",
                        help="instead: time python -m bot refusing bad databases")
    args = parser.parse_args(argv)
    if args.failed_start:
        for row in failed_starts():
            sys.stdout.write(json.dumps(row) + "\n")
        return 0
    result = asyncio.run(run(args))
    if args.json:
        sys.stdout.write(json.dumps(result) + "\n")
    else:
        for key, value in result.items():
            sys.stdout.write(f"{key:>15}: {value}\n")
    ok = (result["actions_per_s"] >= 1500 and result["p99_ms"] <= 40 and result["wal_max_mb"] <= 64
          and result["peak_rss_mb"] <= 300)
    sys.stdout.write("" if args.json else f"{'targets met' if ok else 'targets NOT met'}\n")
    return 0
