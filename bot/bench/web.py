"""``python -m bot.bench web [--json]``: the web pages over a league of ``--members`` (1,000) with ``--games``
(10,000) finished games.

The database is built once by :mod:`bot.bench.webdata` (real games, replayable step by step) at ``--database``
(default: a file in the system's temporary directory named after the sizes) and reused on the next runs.  The site
(:func:`bot.web.make_app`, rate limit off) is served on 127.0.0.1 in this process and asked over HTTP:

* ``league_ms_p50``/``league_ms_p95``: the league page's server time (from the first middleware in to the
  response out: every query, the standings and the template), over ``--requests`` requests after one warm-up;
  ``player_ms_p95``, ``game_ms_p95`` likewise for a player's and a game's page;
* ``step_image_cold_ms``: a replay step's PNG drawn the first time (p95 over steps); ``step_image_warm_ms_p95``:
  the same steps asked again (the site's image cache);
* ``*_kb``: each page's HTML, and ``page_kb_max_before_images``: the largest page with its stylesheet and script
  (everything but images).

Targets (issue 31): league page p95 <= 50 ms, a step image warm <= 30 ms, pages under 100 KB before images.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web

from bot.bench.webdata import BenchLeague, build
from bot.store import SqliteStore

TARGETS = {"league_ms_p95": 50.0, "step_image_warm_ms_p95": 30.0, "page_kb_max_before_images": 100.0}


def _ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] * 1000, 2)


async def league_slug(store: SqliteStore, league_id: int) -> str:
    """Make the league's pages public (as ``/league web public`` does); its link's slug."""
    from bot.web import links

    async with store.transaction() as tx:
        return await links.set_mode(tx, "league", league_id, "public", datetime.now(UTC))


def default_path(members: int, games: int) -> Path:
    return Path(tempfile.gettempdir()) / f"splendor-bench-web-{members}-{games}.sqlite3"


async def measure(data: BenchLeague, *, requests: int = 40, steps: int = 10) -> dict[str, Any]:
    """Serve the site over ``data`` and measure it (see the module's docstring)."""
    from bot.web import Site, WebConfig, make_app

    store = await SqliteStore.open(data.path, exclusive=False)
    timings: dict[str, list[float]] = {}
    current: list[str] = [""]

    @web.middleware
    async def timer(request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> (
            web.StreamResponse):
        start = time.perf_counter()
        try:
            return await handler(request)
        finally:
            timings.setdefault(current[0], []).append(time.perf_counter() - start)

    try:
        slug = await league_slug(store, data.league_id)
        app = make_app(Site(store), WebConfig(rate=0))
        app.middlewares.insert(0, timer)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        base = f"http://127.0.0.1:{runner.addresses[0][1]}"
        try:
            async with aiohttp.ClientSession() as http:
                async def get(kind: str, path: str) -> bytes:
                    current[0] = kind
                    async with http.get(base + path) as response:
                        body = await response.read()
                        if response.status != 200:
                            raise RuntimeError(f"{path}: HTTP {response.status}")
                        return body

                async def page(kind: str, path: str) -> bytes:
                    body = await get(kind + "-warmup", path)
                    for _ in range(requests):
                        await get(kind, path)
                    return body

                league_html = (await page("league", f"/l/{slug}")).decode()
                player = re.search(r'href="(/p/[^"?]+)[^"]*"', league_html)
                game = re.search(r'href="(/g/[^"?]+)[^"]*"', league_html)
                if player is None or game is None:
                    raise RuntimeError("the league page links to no player or no game")
                player_html = (await page("player", player.group(1))).decode()
                game_html = (await page("game", game.group(1))).decode()
                static = 0
                for asset in sorted(set(re.findall(r'(?:href|src)="(/static/[^"]+)"', league_html + game_html))):
                    static += len(await get("static", asset.split("?")[0]))
                for k in range(steps):
                    await get("image-cold", f"{game.group(1)}/{k}.png")
                for k in range(steps):
                    await get("image-warm", f"{game.group(1)}/{k}.png")
        finally:
            await runner.cleanup()
    finally:
        await store.close()
    sizes = {"league_kb": len(league_html.encode()), "player_kb": len(player_html.encode()),
             "game_kb": len(game_html.encode())}
    out: dict[str, Any] = {
        "members": data.members, "games": data.games, "database": str(data.path), "reused": data.reused,
        "requests": requests,
        "league_ms_p50": _ms(timings["league"], 0.5), "league_ms_p95": _ms(timings["league"], 0.95),
        "player_ms_p95": _ms(timings["player"], 0.95), "game_ms_p95": _ms(timings["game"], 0.95),
        "step_image_cold_ms_p95": _ms(timings["image-cold"], 0.95),
        "step_image_warm_ms_p95": _ms(timings["image-warm"], 0.95),
        **{k: round(v / 1024, 1) for k, v in sizes.items()},
        "static_kb": round(static / 1024, 1),
        "page_kb_max_before_images": round((max(sizes.values()) + static) / 1024, 1),
    }
    out["targets"] = TARGETS
    out["met"] = {k: out[k] <= v if k.endswith("p95") else out[k] < v for k, v in TARGETS.items()}
    return out


async def run(args: argparse.Namespace) -> dict[str, Any]:
    path = Path(args.database) if args.database else default_path(args.members, args.games)
    start = time.perf_counter()
    data = await build(path, members=args.members, games=args.games, seed=args.seed, make_public=league_slug)
    build_s = round(time.perf_counter() - start, 1)
    out = await measure(data, requests=args.requests)
    out["build_s"] = build_s
    return out


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bot.bench web")
    p.add_argument("--members", type=int, default=1000)
    p.add_argument("--games", type=int, default=10_000)
    p.add_argument("--requests", type=int, default=40, help="requests per page after a warm-up (default 40)")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--database", default=None, help="the benchmark's SQLite file (built there once, then reused)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    out = asyncio.run(run(args))
    if args.json:
        print(json.dumps(out))
    else:
        for key, value in out.items():
            if key in ("targets", "met"):
                continue
            target = TARGETS.get(key)
            shown = f"  (target {'<=' if key.endswith('p95') else '<'} {target}: "
            print(f"{key}: {value}" + (shown + ("met)" if out["met"][key] else "MISSED)") if target else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
