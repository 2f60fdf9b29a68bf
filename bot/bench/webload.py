"""``python -m bot.bench.webload``: the site under a crowd, as when a league link is posted in a large server.

It starts ``python -m bot web`` from a source tree (``--tree``: this one, or a checkout of another commit to
compare with, run on the same database in the same session) and asks it over HTTP:

* ``load``: ``--connections`` (30) clients for ``--seconds`` asking at random, as a crowd that followed a league
  link does, the league page (2 requests in 5), one of its first 20 players' pages, one of its 20 newest finished
  games' pages or one of their step images (1 in 5 each; the step each page shows first, or one of ``--images``
  others): requests a second and each kind's p50/p95 in milliseconds (rate limit off);
* ``memory``: the server process's resident memory before and after ``--memory-requests`` (10,000) more of them
  (``0``: skipped);
* ``noisy``: with the rate limit on (the defaults, clients told apart by ``X-Forwarded-For``), one visitor asks
  the league page again and again, alone and then while another asks never-drawn step images ``--noisy-rate``
  times a second: the first visitor's p95 both ways and their ratio.

Prints one JSON object.  Example (the same database for both)::

    python -m bot.bench.webload --tree OLD_CHECKOUT --database bench.sqlite3 > before.json
    python -m bot.bench.webload --tree . --database bench.sqlite3 > after.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def _children_rss_mb(pid: int) -> float:
    total = 0.0
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if f"PPid:\t{pid}" in (entry / "status").read_text():
                    total += _rss_mb(int(entry.name))
            except OSError:
                continue
    return round(total, 1)


def _ms(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] * 1000, 1)


class Server:
    """``python -m bot web`` from ``tree`` on ``database``."""

    def __init__(self, tree: Path, database: Path, *, rate: float, trust_proxy: bool) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        argv = [sys.executable, "-m", "bot", "web", "--database", str(database), "--port", str(self.port),
                "--rate", str(rate)]
        if trust_proxy:
            argv.append("--trust-proxy")
        helptext = subprocess.run([*argv[:4], "--help"], cwd=tree, capture_output=True, text=True).stdout
        self.cache: tempfile.TemporaryDirectory[str] | None = None
        if "--cache-dir" in helptext:
            self.cache = tempfile.TemporaryDirectory(prefix="splendor-web-cache-")
            argv += ["--cache-dir", self.cache.name]
        self.process = subprocess.Popen(argv, cwd=tree, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                        env={**os.environ, "PYTHONPATH": str(tree)})

    async def ready(self, session: aiohttp.ClientSession) -> None:
        for _ in range(600):
            try:
                async with session.get(self.url + "/healthz") as r:
                    if r.status == 200:
                        return
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.1)
        raise RuntimeError("the web process did not start")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
        if self.cache is not None:
            self.cache.cleanup()


async def _paths(session: aiohttp.ClientSession, url: str, rng: random.Random, images: int) -> dict[str, list[str]]:
    async with session.get(url + "/") as r:
        home = await r.text()
    league = re.findall(r'href="(/l/[^"?]+)', home)[0]
    async with session.get(url + league) as r:
        page = await r.text()
    players = list(dict.fromkeys(re.findall(r'href="(/p/[^"?]+)', page)))[:20]
    games = list(dict.fromkeys(re.findall(r'href="(/g/[^"?]+)', page)))[:20]
    steps = [f"{rng.choice(games)}/{rng.randrange(0, 60)}.png" for _ in range(images)]
    shown = []
    for game in games:  # the image each game's page shows first (its last step)
        async with session.get(url + game) as r:
            shown += re.findall(r'src="(/g/[^"?]+\.png)', await r.text())[:1]
    return {"league": [league], "player": players, "game": games, "image": sorted(set(steps + shown))}


async def load(url: str, paths: dict[str, list[str]], *, connections: int, seconds: float | None,
               requests: int | None, rng: random.Random) -> dict[str, Any]:
    """``connections`` clients asking at random until ``seconds`` passed or ``requests`` were answered."""
    times: dict[str, list[float]] = {k: [] for k in paths}
    statuses: dict[int, int] = {}
    done = [0]
    end = time.perf_counter() + (seconds or 1e9)
    kinds = ["league", "league", "player", "game", "image"]
    connector = aiohttp.TCPConnector(limit=connections)
    async with aiohttp.ClientSession(connector=connector, headers={"Accept-Encoding": "gzip"}) as session:
        async def client() -> None:
            while time.perf_counter() < end and (requests is None or done[0] < requests):
                kind = rng.choice(kinds)
                path = rng.choice(paths[kind])
                start = time.perf_counter()
                async with session.get(url + path) as r:
                    await r.read()
                    statuses[r.status] = statuses.get(r.status, 0) + 1
                times[kind].append(time.perf_counter() - start)
                done[0] += 1

        started = time.perf_counter()
        await asyncio.gather(*[client() for _ in range(connections)])
        elapsed = time.perf_counter() - started
    return {"requests": done[0], "seconds": round(elapsed, 1), "req_per_s": round(done[0] / elapsed, 1),
            "statuses": statuses, **{f"{k}_ms_p50": _ms(v, 0.5) for k, v in times.items()},
            **{f"{k}_ms_p95": _ms(v, 0.95) for k, v in times.items()}}


async def noisy(url: str, paths: dict[str, list[str]], *, seconds: float, rate: float) -> dict[str, Any]:
    """The league page's p95 for one visitor, alone and while another asks never-drawn images ``rate``/s."""
    league = url + paths["league"][0]

    async def visitor(until: float) -> list[float]:
        out = []
        async with aiohttp.ClientSession(headers={"X-Forwarded-For": "10.0.0.2", "Accept-Encoding": "gzip"}) as s:
            while time.perf_counter() < until:
                start = time.perf_counter()
                async with s.get(league) as r:
                    await r.read()
                out.append(time.perf_counter() - start)
                await asyncio.sleep(0.1)
        return out

    async def images(until: float, fresh: list[str]) -> dict[int, int]:
        statuses: dict[int, int] = {}
        async with aiohttp.ClientSession(headers={"X-Forwarded-For": "10.0.0.1"}) as s:
            async def one(path: str) -> None:
                async with s.get(url + path) as r:
                    await r.read()
                    statuses[r.status] = statuses.get(r.status, 0) + 1

            tasks = []
            while time.perf_counter() < until and fresh:
                tasks.append(asyncio.ensure_future(one(fresh.pop())))
                await asyncio.sleep(1 / rate)
            await asyncio.gather(*tasks)
        return statuses

    alone = await visitor(time.perf_counter() + seconds)
    fresh = [f"{g}/{n}.png" for g in paths["game"] for n in range(60, 0, -1)]  # none asked before
    until = time.perf_counter() + seconds
    crowded, refused = await asyncio.gather(visitor(until), images(until, fresh))
    return {"league_ms_p95_alone": _ms(alone, 0.95), "league_ms_p95_with_noisy": _ms(crowded, 0.95),
            "slowdown": round(_ms(crowded, 0.95) / max(_ms(alone, 0.95), 0.1), 2), "noisy_statuses": refused}


async def run(args: argparse.Namespace) -> dict[str, Any]:
    tree, database = Path(args.tree).resolve(), Path(args.database).resolve()
    rng = random.Random(args.seed)
    out: dict[str, Any] = {"tree": str(tree)}
    server = Server(tree, database, rate=0, trust_proxy=False)
    try:
        async with aiohttp.ClientSession() as session:
            await server.ready(session)
            start_rss = _rss_mb(server.process.pid)
            paths = await _paths(session, server.url, rng, args.images)
        out["load"] = await load(server.url, paths, connections=args.connections, seconds=args.seconds,
                                 requests=None, rng=rng)
        if args.memory_requests:
            before = _rss_mb(server.process.pid)
            more = await load(server.url, paths, connections=args.connections, seconds=None,
                              requests=args.memory_requests, rng=rng)
            out["memory"] = {"rss_mb_at_start": start_rss, "rss_mb_after_load": before,
                             "rss_mb_after_more": _rss_mb(server.process.pid), "more_requests": more["requests"],
                             "render_workers_rss_mb": _children_rss_mb(server.process.pid),
                             "ratio": round(_rss_mb(server.process.pid) / start_rss, 2)}
    finally:
        server.stop()
    if args.noisy_seconds:
        server = Server(tree, database, rate=20.0, trust_proxy=True)
        try:
            async with aiohttp.ClientSession() as session:
                await server.ready(session)
                paths = await _paths(session, server.url, rng, 1)
            out["noisy"] = await noisy(server.url, paths, seconds=args.noisy_seconds, rate=args.noisy_rate)
        finally:
            server.stop()
    return out


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bot.bench.webload", description=__doc__.split("\n\n")[0])
    p.add_argument("--tree", default=".", help="the source tree whose `python -m bot web` is measured")
    p.add_argument("--database", required=True, help="a SQLite file with a public league (python -m bot.bench web)")
    p.add_argument("--connections", type=int, default=30)
    p.add_argument("--seconds", type=float, default=30.0)
    p.add_argument("--images", type=int, default=40, help="step images in the load's mix besides those shown first")
    p.add_argument("--memory-requests", type=int, default=0)
    p.add_argument("--noisy-seconds", type=float, default=10.0)
    p.add_argument("--noisy-rate", type=float, default=5.0)
    p.add_argument("--seed", type=int, default=7)
    print(json.dumps(asyncio.run(run(p.parse_args(argv))), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
