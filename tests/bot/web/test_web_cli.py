"""``python -m bot web`` in the test's own process: it serves a bot's SQLite file while the bot holds it (not
exclusively), and a port already taken is a readable refusal with exit status 2, not a traceback."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from pathlib import Path

import aiohttp
import pytest

from bot.store import SqliteStore
from bot.web import WebConfig
from bot.web.cli import build_parser, main, open_web_store, serve, start_in_bot


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def _get(port: int, path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}{path}") as response:
        return response.status, await response.text()


async def test_the_web_process_reads_the_file_a_running_bot_holds(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "bot.sqlite3"
    bot_store = await SqliteStore.open(db)  # the bot: it holds the file exclusively for writing
    try:
        for name in (str(db), f"sqlite:///{db}"):
            store = await open_web_store(name)
            port = _free_port()
            task = asyncio.create_task(serve(store, "127.0.0.1", port, WebConfig(rate=0), ready="ready: "))
            try:
                for _ in range(200):
                    if "Serving the web pages" in capsys.readouterr().out:
                        break
                    await asyncio.sleep(0.01)
                status, text = await _get(port, "/healthz")
                assert (status, text) == (200, "ok\n")
                status, _ = await _get(port, "/l/no-such-league")
                assert status == 404
            finally:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
                await store.close()
    finally:
        await bot_store.close()


async def test_the_bots_own_port_serves_the_pages(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "own.sqlite3")
    port = _free_port()
    runner = await start_in_bot(store, "127.0.0.1", port)
    try:
        assert (await _get(port, "/healthz"))[0] == 200
    finally:
        await runner.cleanup()
        await store.close()


def test_a_port_in_use_is_refused_with_status_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = main(["--port", str(port), "--database", str(tmp_path / "x.sqlite3")])
    assert code == 2
    err = capsys.readouterr().err
    assert f"Cannot serve on 127.0.0.1:{port}" in err and "Traceback" not in err


def test_the_options_and_their_defaults() -> None:
    args = build_parser().parse_args([])
    assert (args.host, args.port, args.database, args.demo, args.trust_proxy) == ("127.0.0.1", 8080, None, False,
                                                                                  False)
    proxied = build_parser().parse_args(["--trust-proxy", "--rate", "0", "--burst", "5"])
    assert proxied.trust_proxy and proxied.rate == 0.0 and proxied.burst == 5
