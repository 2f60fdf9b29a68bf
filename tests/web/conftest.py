"""Fixtures of the browser tests: one headless Chromium for the session, a directory for its screenshots and axe
results (printed at the end of the run), and aiohttp applications served on 127.0.0.1 from a thread."""

from __future__ import annotations

import asyncio
import os
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from aiohttp import web

from tests.web.browser import Browser, chromium, require_browser, screenshots_dir, write_axe_report
from tests.webserver import free_port, web_process

ROOT = Path(__file__).resolve().parents[2]
#: Creating the demo plays its games with the engine's computer players (issue 31: within a minute on 2 cores).
DEMO_TIMEOUT_S = 180
_shots: list[Path] = []


@pytest.fixture(scope="session")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = screenshots_dir(tmp_path_factory.mktemp("screenshots"))
    _shots.append(path)
    return path


@pytest.fixture(scope="session")
def browser(shots: Path) -> Iterator[Browser]:
    require_browser()
    with chromium(shots) as b:
        try:
            yield b
        finally:
            if b.axe_results:
                write_axe_report(b, shots / "axe.json")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for path in _shots:
        if any(path.iterdir()):
            terminalreporter.write_line(f"browser screenshots and axe results: {path}")


@contextmanager
def served(make_app: Callable[[], web.Application]) -> Iterator[str]:
    """``make_app()`` served on 127.0.0.1 (a free port) by its own event loop in a daemon thread; its base URL."""
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    box: dict[str, object] = {}

    async def start() -> web.AppRunner:
        runner = web.AppRunner(make_app())
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        box["port"] = runner.addresses[0][1]
        return runner

    def run() -> None:
        asyncio.set_event_loop(loop)
        try:
            box["runner"] = loop.run_until_complete(start())
        except BaseException as exc:  # the test reports it
            box["error"] = exc
        ready.set()
        if "runner" in box:
            loop.run_forever()

    thread = threading.Thread(target=run, name="web-under-test", daemon=True)
    thread.start()
    assert ready.wait(30), "the test server did not start"
    if "error" in box:
        raise AssertionError(f"the test server failed to start: {box['error']!r}")
    try:
        yield f"http://127.0.0.1:{box['port']}"
    finally:
        runner = box["runner"]
        assert isinstance(runner, web.AppRunner)
        asyncio.run_coroutine_threadsafe(runner.cleanup(), loop).result(30)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(30)
        loop.close()


@dataclass(frozen=True)
class Demo:
    url: str
    database: Path  # the demo's SQLite file, which a test may play a move in (shared, as a bot would)


@pytest.fixture(scope="session")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Demo]:
    """``python -m bot web --demo`` on 127.0.0.1 (a free port, a demo database of its own); its base URL once
    ``/healthz`` answers (creating the demo plays its games: bounded by a generous timeout, not a sleep)."""
    require_browser()  # no browser: no need for the demo either
    folder = tmp_path_factory.mktemp("demo")
    port = free_port()
    argv = [sys.executable, "-m", "bot", "web", "--demo", "--host", "127.0.0.1", "--port", str(port),
            "--demo-database", str(folder / "demo.sqlite3"), "--rate", "0", "--burst", "1000"]  # no 429 mid-test
    url = f"http://127.0.0.1:{port}"
    with web_process(argv, url, folder / "web.log", cwd=ROOT, env={**os.environ, "PYTHONUNBUFFERED": "1"},
                     timeout_s=DEMO_TIMEOUT_S):
        yield Demo(url, folder / "demo.sqlite3")
