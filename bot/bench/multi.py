"""``python -m bot.bench service --backend postgres [--processes N] [--games N]``: bot processes on one database.

Sets up ``--games`` started games (ruleset ``base``) spread over ``N`` Discord shards (guild ids on each
shard), then starts ``N`` worker processes, each claiming its shard (``SPLENDOR_SHARD_IDS``) and playing
random legal moves on its own games, ``--inflight`` requests outstanding, until ``--actions`` moves per
process are applied, while delivering its outbox.  Reported per run:

* ``actions_per_s`` (all processes together) and ``p50_ms``/``p99_ms`` of ``play`` (closed loop: mostly
  queueing, in-flight / throughput), ``stale`` (stale-board refusals: contention between processes);
* ``bot_cpu_ms_per_action`` (each worker's CPU per action, then averaged) and ``db_cpu_ms_per_action``
  (PostgreSQL's backends' CPU from /proc over the timed part; SQLite runs inside the bot process);
* ``lock_wait_samples``: how many of the 20 ms samples of ``pg_locks`` saw a lock waited for;
* ``delivered`` / ``delivered_twice``: outbox rows delivered, and delivered by two processes.

``--backend sqlite`` runs the same workload on a SQLite file in one process.  Without ``--url`` a private
PostgreSQL is started with the ``pgserver`` wheel (the dev extra).  ``--processes`` workers share the
machine with PostgreSQL: on 2 cores the sum cannot scale; per-action costs can be compared.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import engine
from bot.service.errors import StaleBoard
from bot.service.service import GameService
from bot.service.types import Delivery, ServiceSettings
from bot.store.shards import Shards
from bot.store.url import open_store

TICK = os.sysconf("SC_CLK_TCK")


def _ms(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] * 1000, 2)


def guild_on(shard: int, count: int, n: int) -> int:
    """The ``n``-th guild id of ``shard`` (Discord: ``(id >> 22) % count``)."""
    return ((n * count) + shard) << 22


async def setup(url: str, games: int, processes: int) -> None:
    store = await open_store(url)
    try:
        service = GameService(store, lambda: datetime.now(UTC), seed_source=lambda: 0)
        for i in range(games):
            shard = i % processes
            info = await service.create_game(channel_id=i + 1, guild_id=guild_on(shard, processes, i),
                                             creator_id=i * 10 + 1, ruleset="base", players=2, turn_timer="24h",
                                             seed=i)
            await service.join(info.game_id, i * 10 + 2)
            await service.start(info.game_id, i * 10 + 1)
    finally:
        await store.close()


async def worker(url: str, shard: int, count: int, actions: int, inflight: int, seed: int) -> dict[str, Any]:
    from bot.store.postgres import PostgresStore

    if url.startswith("sqlite"):
        store = await open_store(url)
    else:
        store = await PostgresStore.open(url, shards=Shards(count, frozenset({shard})), min_size=inflight + 2,
                                         max_size=inflight + 2)
    settings = ServiceSettings(notify_min_interval=timedelta(0), user_cache=count == 1 and url.startswith("sqlite"))
    service = GameService(store, lambda: datetime.now(UTC) + timedelta(days=1), settings, seed_source=lambda: 0)
    ids: list[int] = []  # this shard's games (game i was created by user 10 i + 1)
    async with store.reading() as tx:
        for uid in range(shard, 10**7, count):
            games = await tx.games_for_user(uid * 10 + 1, live_only=True)
            if not games:
                break
            ids += [g.game_id for g in games]
    rng = random.Random(seed + shard)
    queue: asyncio.Queue[int] = asyncio.Queue()
    for gid in ids:
        queue.put_nowait(gid)
    latencies: list[float] = []
    stale = 0
    budget = actions
    delivered: list[int] = []
    stop = asyncio.Event()

    async def play() -> None:
        nonlocal budget, stale
        while budget > 0 and not queue.empty():
            budget -= 1
            gid = queue.get_nowait()
            info = await service.game(gid)
            state = await service.state(gid)
            assert state is not None
            code = str(rng.choice(engine.legal_actions(state)))
            start = time.perf_counter()
            try:
                out = await service.play(gid, info.to_act_user or 0, code, expected_version=info.version,
                                         request_id=f"{gid}:{info.version}")
            except StaleBoard:
                stale += 1
                queue.put_nowait(gid)
                continue
            latencies.append(time.perf_counter() - start)
            if not out.is_over:
                queue.put_nowait(gid)

    async def deliver(d: Delivery) -> bool:
        delivered.extend(d.ids)
        return True

    async def notify() -> None:
        while not stop.is_set():
            for d in await service.take_deliveries():
                await deliver(d)
                await service.mark_delivered(d)
            await asyncio.sleep(0.05)

    sys.stdout.write("READY\n")
    sys.stdout.flush()
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)  # the parent says go
    notifier = asyncio.create_task(notify())
    t0, cpu0 = time.perf_counter(), time.process_time()
    await asyncio.gather(*(play() for _ in range(inflight)))
    wall, cpu = time.perf_counter() - t0, time.process_time() - cpu0
    stop.set()
    await notifier
    result = {"actions": len(latencies), "wall_s": wall, "cpu_s": cpu, "stale": stale,
              "latencies": latencies, "delivered": delivered}
    sys.stdout.write("DONE\n")
    sys.stdout.flush()
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)  # after the parent's measures
    await store.close()
    return result


def _pg_cpu(data_dir: Path) -> float:
    """CPU seconds of the PostgreSQL server's processes alive now (the postmaster and its children)."""
    try:
        master = int((data_dir / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 0.0
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(entry) == master or int(fields[1]) == master:
            total += int(fields[11]) + int(fields[12])
    return total / TICK


async def _lock_waits(url: str, stop: asyncio.Event) -> tuple[int, int]:
    import asyncpg

    con = await asyncpg.connect(url)
    samples = waited = 0
    try:
        while not stop.is_set():
            samples += 1
            waited += bool(await con.fetchval("SELECT count(*) FROM pg_locks WHERE NOT granted"))
            await asyncio.sleep(0.02)
    finally:
        await con.close()
    return samples, waited


async def run(args: argparse.Namespace, url: str, data_dir: Path | None, *, prepared: bool = False
              ) -> dict[str, Any]:
    """One measured run of ``args.processes`` workers on ``url`` (set up first unless ``prepared``)."""
    if not prepared:
        await setup(url, args.games, args.processes)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "bot.bench.multi", "--worker", url, str(i), str(args.processes),
             str(args.actions), str(args.inflight), str(args.seed)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
        )
        for i in range(args.processes)
    ]
    for p in procs:
        assert p.stdout is not None and p.stdout.readline() == "READY\n"
    stop = asyncio.Event()
    sampler = None if data_dir is None else asyncio.create_task(_lock_waits(url, stop))
    db0 = 0.0 if data_dir is None else _pg_cpu(data_dir)
    t0 = time.perf_counter()
    for p in procs:
        assert p.stdin is not None
        p.stdin.write("go\n")
        p.stdin.flush()
    loop = asyncio.get_running_loop()
    for p in procs:
        assert p.stdout is not None
        line = await loop.run_in_executor(None, p.stdout.readline)
        assert line == "DONE\n", line
    wall = time.perf_counter() - t0
    db_cpu = 0.0 if data_dir is None else _pg_cpu(data_dir) - db0
    stop.set()
    samples, waited = (0, 0) if sampler is None else await sampler
    results = []
    for p in procs:
        assert p.stdin is not None and p.stdout is not None
        p.stdin.write("end\n")
        p.stdin.flush()
        results.append(json.loads(p.stdout.readline()))
        p.wait()
    actions = sum(r["actions"] for r in results)
    latencies = [x for r in results for x in r["latencies"]]
    delivered = [i for r in results for i in r["delivered"]]
    return {
        "backend": args.backend, "synchronous_commit": args.synchronous_commit,
        "processes": args.processes, "games": args.games, "inflight": args.inflight,
        "actions": actions,
        "actions_per_s": round(actions / wall, 1),
        "p50_ms": _ms(latencies, 0.5), "p99_ms": _ms(latencies, 0.99),
        "bot_cpu_ms_per_action": round(statistics.fmean(r["cpu_s"] * 1000 / r["actions"] for r in results), 3),
        "db_cpu_ms_per_action": round(db_cpu * 1000 / actions, 3) if data_dir is not None else None,
        "stale": sum(r["stale"] for r in results),
        "lock_wait_samples": f"{waited}/{samples}",
        "delivered": len(set(delivered)), "delivered_twice": len(delivered) - len(set(delivered)),
    }


def _with_commit_mode(url: str, mode: str) -> str:
    """``url`` with a ``synchronous_commit`` setting (asyncpg passes unknown URL parameters to the server)."""
    return url if mode == "on" else url + ("&" if "?" in url else "?") + f"synchronous_commit={mode}"


#: Server settings of the bench's private PostgreSQL (reloadable ones): no checkpoint during a run, WAL
#: written in bigger steps.  ``synchronous_commit`` stays on (an acknowledged move survives a server crash).
PG_TUNING = {"max_wal_size": "4GB", "checkpoint_timeout": "30min", "wal_writer_delay": "10ms",
             "checkpoint_completion_target": "0.9"}


async def _tune(url: str) -> None:
    import asyncpg

    con = await asyncpg.connect(url)
    try:
        for key, value in PG_TUNING.items():
            await con.execute(f"ALTER SYSTEM SET {key} = '{value}'")
        await con.execute("SELECT pg_reload_conf()")
    finally:
        await con.close()


async def _create_database(url: str, name: str, template: str | None = None) -> str:
    import asyncpg

    con = await asyncpg.connect(url)
    try:
        await con.execute(f"CREATE DATABASE {name}" + (f" TEMPLATE {template}" if template else ""))
    finally:
        await con.close()
    return url.replace("/postgres?", f"/{name}?", 1)


def compare(args: argparse.Namespace) -> list[dict[str, Any]]:
    """``--compare``: SQLite, PostgreSQL with 1 and with 2 processes (and with ``synchronous_commit=off``
    if asked), in turn, ``--rounds`` times, each run on a fresh copy of the same prepared games (a SQLite
    file copy, a database made from a template), so a loaded machine slows every backend alike."""
    import shutil

    pgserver = importlib.import_module("pgserver")  # the dev extra
    data = Path(tempfile.mkdtemp(prefix="splendor-bench-pg-"))
    server = pgserver.get_server(data, cleanup_mode="delete")
    out: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        try:
            base = str(server.get_uri())
            asyncio.run(_tune(base))
            template = asyncio.run(_create_database(base, "bench_template"))
            sqlite_file = Path(tmp) / "template.sqlite3"
            asyncio.run(setup(f"sqlite:///{sqlite_file}", args.games, 2))
            asyncio.run(setup(_with_commit_mode(template, "off"), args.games, 2))  # set-up is not measured
            runs = [("sqlite", 1, "on"), ("postgres", 1, "on"), ("postgres", 2, "on")]
            if args.with_async_commit:
                runs.append(("postgres", 1, "off"))
            n = 0
            for _ in range(args.rounds):
                for backend, processes, mode in runs:
                    n += 1
                    one = argparse.Namespace(**{**vars(args), "backend": backend, "processes": processes,
                                                "synchronous_commit": mode})
                    if backend == "sqlite":
                        copy = Path(tmp) / f"run{n}.sqlite3"
                        shutil.copy(sqlite_file, copy)
                        result = asyncio.run(run(one, f"sqlite:///{copy}", None, prepared=True))
                        copy.unlink()
                    else:
                        url = asyncio.run(_create_database(base, f"run{n}", "bench_template"))
                        result = asyncio.run(run(one, _with_commit_mode(url, mode), data, prepared=True))
                    sys.stderr.write(json.dumps(result) + "\n")
                    out.append(result)
        finally:
            server.cleanup()
    return out


def summary(results: list[dict[str, Any]]) -> list[str]:
    """Medians per configuration and PostgreSQL's ratios to SQLite (same run, same machine load)."""
    groups: dict[tuple[str, int, str], list[dict[str, Any]]] = {}
    for r in results:
        groups.setdefault((r["backend"], r["processes"], r["synchronous_commit"]), []).append(r)
    med = {k: {f: statistics.median(float(r[f] or 0) for r in v) for f in
               ("actions_per_s", "p50_ms", "p99_ms", "bot_cpu_ms_per_action", "db_cpu_ms_per_action")}
           for k, v in groups.items()}
    lines = ["| backend | processes | sync commit | actions/s | p50 ms | p99 ms | bot CPU ms/action | "
             "PG CPU ms/action | stale | lock waits | delivered | twice |", "|" + "---|" * 12]
    for k, v in groups.items():
        m = med[k]
        lines.append(
            f"| {k[0]} | {k[1]} | {k[2]} | {m['actions_per_s']:.0f} | {m['p50_ms']:.1f} | {m['p99_ms']:.1f} | "
            f"{m['bot_cpu_ms_per_action']:.3f} | {m['db_cpu_ms_per_action']:.3f} | "
            f"{sum(r['stale'] for r in v)} | {', '.join(r['lock_wait_samples'] for r in v)} | "
            f"{sum(r['delivered'] for r in v)} | {sum(r['delivered_twice'] for r in v)} |"
        )
    sq = med.get(("sqlite", 1, "on"))
    for k, m in med.items():
        if sq is not None and k[0] == "postgres":
            lines.append(f"{k[0]} x{k[1]} sync={k[2]}: {m['actions_per_s'] / sq['actions_per_s']:.2f} of SQLite's"
                         " actions/s (medians of the same rounds)")
    ratios = [a["actions_per_s"] / b["actions_per_s"] for a, b in
              zip(groups.get(("postgres", 1, "on"), []), groups.get(("sqlite", 1, "on"), []), strict=False)]
    if ratios:
        lines.append("PG x1 / SQLite per round: " + ", ".join(f"{x:.2f}" for x in ratios))
    return lines


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.bench service --backend", description=__doc__.splitlines()[0])
    parser.add_argument("--backend", choices=("sqlite", "postgres"), default="postgres")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--actions", type=int, default=5000, help="moves per process")
    parser.add_argument("--inflight", type=int, default=16, help="concurrent play requests per process")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--url", default=None, help="an empty PostgreSQL database (default: a private pgserver)")
    parser.add_argument("--synchronous-commit", choices=("on", "off"), default="on",
                        help="PostgreSQL's synchronous_commit (off: a commit survives a bot crash, not a server"
                             " crash, like SQLite's WAL with synchronous=NORMAL)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--compare", action="store_true",
                        help="SQLite, PostgreSQL x1 and x2 in turn on copies of the same games (see compare())")
    parser.add_argument("--rounds", type=int, default=2, help="with --compare: how many times each")
    parser.add_argument("--with-async-commit", action="store_true",
                        help="with --compare: also PostgreSQL x1 with synchronous_commit=off")
    args = parser.parse_args(argv)
    if args.compare:
        results = compare(args)
        if args.json:
            sys.stdout.write(json.dumps(results) + "\n")
        sys.stdout.write("\n".join(summary(results)) + "\n")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        if args.backend == "sqlite":
            if args.processes != 1:
                parser.error("SQLite runs one bot process")
            result = asyncio.run(run(args, f"sqlite:///{tmp}/bench.sqlite3", None))
        elif args.url:
            result = asyncio.run(run(args, _with_commit_mode(args.url, args.synchronous_commit), None))
        else:
            pgserver = importlib.import_module("pgserver")  # the dev extra
            data = Path(tempfile.mkdtemp(prefix="splendor-bench-pg-"))
            server = pgserver.get_server(data, cleanup_mode="delete")
            try:
                result = asyncio.run(run(args, _with_commit_mode(str(server.get_uri()), args.synchronous_commit), data))
            finally:
                server.cleanup()
    if args.json:
        sys.stdout.write(json.dumps(result) + "\n")
    else:
        for key, value in result.items():
            sys.stdout.write(f"{key:>22}: {value}\n")
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        url, shard, count, actions, inflight, seed = sys.argv[2:8]
        res = asyncio.run(worker(url, int(shard), int(count), int(actions), int(inflight), int(seed)))
        sys.stdout.write(json.dumps(res) + "\n")
        sys.stdout.flush()
    else:
        sys.exit(main(sys.argv[1:]))
