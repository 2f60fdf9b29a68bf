"""A ``python -m bot web`` process for a test: started, waited for until ``/healthz`` answers (bounded), stopped."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path


async def public_league(path: Path, name: str) -> str:
    """A bot's SQLite database at ``path`` (created) with a league whose pages are public; the league's slug."""
    from datetime import UTC, datetime

    from bot.leagues.service import LeagueService
    from bot.service import GameService
    from bot.store import SqliteStore
    from bot.web import links

    store = await SqliteStore.open(path)
    try:
        now = datetime(2026, 1, 1, tzinfo=UTC)
        league = await LeagueService(store, GameService(store, lambda: now), lambda: now).create(
            guild_id=1, name=name, creator_id=5, channel_id=6)
        async with store.transaction() as tx:
            return await links.set_mode(tx, "league", league.league_id, "public", now)
    finally:
        await store.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def web_process(argv: Sequence[str], url: str, log: Path, *, cwd: Path, env: dict[str, str],
                timeout_s: float = 60) -> Iterator[subprocess.Popen[bytes]]:
    """``argv`` running in ``cwd`` (output in ``log``) until the block ends; entered once ``url + "/healthz"``
    answers 200, or fails with the log when the process exits first or ``timeout_s`` passes."""
    with log.open("w") as out:
        process = subprocess.Popen(list(argv), cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + timeout_s
        while True:
            assert process.poll() is None, f"{' '.join(argv)} exited with {process.returncode}: {log.read_text()}"
            with contextlib.suppress(OSError), urllib.request.urlopen(url + "/healthz", timeout=5) as answer:
                if answer.status == 200:
                    break
            assert time.monotonic() < deadline, f"no /healthz within {timeout_s} s: {log.read_text()[-3000:]}"
            with contextlib.suppress(subprocess.TimeoutExpired):  # returns at once if the server exits
                process.wait(0.25)
        yield process
    finally:
        process.terminate()
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(30)
