"""``python -m bot web``: serve the web pages from a database, or from a demo database (``--demo``).

    python -m bot web [--host 127.0.0.1] [--port 8080] [--database PATH_OR_URL]
    python -m bot web --demo [--port N] [--demo-database PATH]

Without ``--database`` the bot's own setting is used (``SPLENDOR_DATABASE_URL``/``_PATH``, as ``python -m bot``
reads them).  The process reads the database as the bot writes it (SQLite: the same file, not exclusively;
PostgreSQL: any number of web processes).  ``--rate``/``--burst`` limit each client address; ``--trust-proxy``
takes the client's address from ``X-Forwarded-For`` (only behind a reverse proxy that sets it).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
import threading
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

from aiohttp import web
from pydantic import ValidationError

from bot.config import Settings, describe_validation_error
from bot.render import pool as render_pool
from bot.render.pool import RenderPool
from bot.service import GameService, Outcome
from bot.store.errors import DatabaseInUse, StoreUnavailable
from bot.store.protocol import GameStore
from bot.web import activity, auth
from bot.web.app import DEFAULT_BURST, DEFAULT_RATE, WebConfig
from bot.web.play import make_playing_app
from bot.web.site import Site

log = logging.getLogger(__name__)
DEMO_DATABASE = Path("data/web-demo.sqlite3")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m bot web",
                                description="Serve the read-only web pages: leagues, players and games replayed.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8080, help="port to listen on (default 8080)")
    p.add_argument("--database", default=None, metavar="PATH|URL",
                   help="the SQLite file or a database URL (default: the bot's SPLENDOR_DATABASE_URL/_PATH)")
    p.add_argument("--demo", action="store_true",
                   help="create (or reuse) a demo database with a public league of computer players, and serve it; "
                        "visitors may also play a seat against a computer at /play/demo")
    p.add_argument("--demo-database", default=str(DEMO_DATABASE), metavar="PATH",
                   help=f"the demo's SQLite file (default {DEMO_DATABASE})")
    p.add_argument("--rate", type=float, default=DEFAULT_RATE, help="requests a second per client address (0: off)")
    p.add_argument("--burst", type=int, default=DEFAULT_BURST, help="requests at once per client address")
    p.add_argument("--trust-proxy", action="store_true",
                   help="take the client's address from X-Forwarded-For (behind a reverse proxy only)")
    p.add_argument("--cache-dir", default=None, metavar="PATH",
                   help="keep drawn step images in this folder too (several web processes may share it)")
    p.add_argument("--public-url", default=None, metavar="URL",
                   help="the site's public address, for the sign-in's redirect URL (default: SPLENDOR_WEB_URL; "
                        "sign-in is on with SPLENDOR_WEB_PLAY)")
    p.add_argument("--render-workers", type=int, default=1, metavar="N",
                   help="processes drawing step images (default 1: the pages keep a core; 0: a thread)")
    return p


async def open_web_store(database: str) -> GameStore:
    """The store for a web process: SQLite shared with a running bot (not exclusive), or PostgreSQL."""
    if "://" in database and not database.startswith("sqlite:///"):
        from bot.store.url import open_store

        return await open_store(database)
    from bot.store import SqliteStore

    path = database.removeprefix("sqlite:///")
    return await SqliteStore.open(path, exclusive=False, check=False)  # the bot checks the file it writes


def play_extensions(public_url: str | None = None, settings: Settings | None = None) -> tuple[
        tuple[Callable[[web.Application], None], ...], str | None]:
    """What web play adds to the site (the sign-in, and the Activity with ``SPLENDOR_ACTIVITY``; nothing while
    ``SPLENDOR_WEB_PLAY`` is off), or why it cannot be on (one sentence)."""
    if settings is None:
        try:
            settings = Settings()
        except ValidationError as error:  # one sentence per bad setting, as python -m bot says it
            return (), describe_validation_error(error)
    if not settings.web_play:
        if settings.activity:
            log.warning("SPLENDOR_ACTIVITY is on but SPLENDOR_WEB_PLAY is off: the Activity signs players in with "
                        "the web sign-in, so /activity/ is not served (docs/operators.md, 'The Activity')")
        return (), None
    if (problem := settings.web_play_problem()) is not None:
        return (), problem
    extensions = [auth.extension(auth.config_from_settings(settings, public_url or ""))]
    if settings.activity:  # the game as a Discord Activity (/activity/), on the sign-in's sessions
        extensions.append(activity.extension(activity.config_from_settings(settings)))
    return tuple(extensions), None


def _bot_database() -> str:
    settings = Settings()
    return settings.store_url


async def serve(store: GameStore, host: str, port: int, config: WebConfig, *, ready: str = "",
                cache_dir: Path | None = None) -> None:
    """Serve until cancelled."""
    runner = web.AppRunner(make_playing_app(Site(store, image_dir=cache_dir), config), access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    await site.start()
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
    demo = f"; play against the computer at http://{shown}:{port}/play/demo" if config.demo_seats else ""
    print(f"{ready}Serving the web pages on http://{shown}:{port}/{demo} (Ctrl+C stops)", flush=True)
    stop = asyncio.Event()
    if threading.current_thread() is threading.main_thread():
        # systemd and Docker stop with SIGTERM: close as Ctrl+C does (the image workers stop, the WAL is checkpointed)
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    try:
        await stop.wait()
    finally:
        await runner.cleanup()


async def start_in_bot(store: GameStore, host: str, port: int, config: WebConfig | None = None, *,
                       service: GameService | None = None,
                       publish: Callable[[Outcome], Awaitable[None]] | None = None) -> web.AppRunner:
    """Start the site inside the bot's process (``SPLENDOR_WEB_PORT``) on the bot's own store; the playing routes
    (``config.play``) play through the bot's own ``service`` and ``publish`` each web move's board in its thread."""
    config = config or WebConfig()
    runner = web.AppRunner(make_playing_app(Site(store), config, service=service, publish=publish), access_log=None)
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    log.info("web pages on http://%s:%s/", host, port)
    return runner


def main(argv: Sequence[str]) -> int:
    args = build_parser().parse_args(list(argv))
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    extensions, problem = play_extensions(args.public_url)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    # signed-in players play their own tables when web play is on; the demo also lets each visitor play a seat
    # against a computer at /play/demo (issue 44)
    config = WebConfig(rate=args.rate, burst=args.burst, trust_forwarded=args.trust_proxy, extensions=extensions,
                       play=args.demo or bool(extensions), demo_seats=args.demo)

    async def run() -> None:
        if args.demo:
            from bot.web.demo import ensure_demo

            store = await ensure_demo(Path(args.demo_database))
        else:
            store = await open_web_store(args.database or _bot_database())
        pool = RenderPool(args.render_workers) if args.render_workers > 0 else None
        render_pool.install(pool)  # images drawn in their own processes: a drawing does not hold the pages
        try:
            await serve(store, args.host, args.port, config,
                        cache_dir=Path(args.cache_dir) if args.cache_dir else None)
        finally:
            render_pool.install(None)
            if pool is not None:
                pool.close()
            await store.close()

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        return 0
    except DatabaseInUse as exc:  # one sentence, as the bot says it (no traceback)
        holder = f" (pid {exc.pid})" if exc.pid else ""
        print(f"The demo database {Path(args.demo_database).absolute()} is in use by another process{holder}: a demo "
              "is probably running already; open its page or stop it first." if args.demo else str(exc),
              file=sys.stderr)
        return 3
    except StoreUnavailable as exc:
        print(exc, file=sys.stderr)
        return 3
    except OSError as exc:
        print(f"Cannot serve on {args.host}:{args.port}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return 0

__all__ = ["build_parser", "main", "open_web_store", "serve", "start_in_bot"]
