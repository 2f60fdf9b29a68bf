"""Suite-wide guards."""

from __future__ import annotations

import itertools
import os
import tempfile
import threading
from collections.abc import Iterator
from types import ModuleType

import pytest

_databases = itertools.count(1)


@pytest.fixture(autouse=True)
def _no_leaked_threads() -> Iterator[None]:
    """A test must not leave a non-daemon thread running (an unclosed aiosqlite connection keeps its
    worker thread alive, and the interpreter then never exits: CI would hang instead of failing)."""
    before = set(threading.enumerate())
    yield
    leaked = [t for t in threading.enumerate() if t not in before and not t.daemon and t.is_alive()]
    for thread in leaked:  # a worker finishing its last call on a loaded machine may need a few seconds
        thread.join(timeout=10.0)
    leaked = [t for t in leaked if t.is_alive()]
    assert not leaked, f"threads left running: {[t.name for t in leaked]} (close what you open)"


def pytest_unconfigure(config: pytest.Config) -> None:
    """Last line of defence: if a thread still blocks interpreter exit, exit non-zero now rather than hang."""
    stuck = [t for t in threading.enumerate() if t is not threading.main_thread() and not t.daemon and t.is_alive()]
    if stuck:
        import os
        import sys

        sys.stderr.write(f"\nthreads still running at exit: {[t.name for t in stuck]}\n")
        sys.stderr.flush()
        sys.stdout.flush()
        os._exit(3)


def in_ci() -> bool:
    """Running under CI (``CI`` set to true, as CI services do and ``.ci/run`` does)."""
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


def import_pgserver() -> ModuleType:
    """The ``pgserver`` package (a dev dependency).  Missing, the PostgreSQL tests are skipped on a developer's
    machine, but under CI they fail: a CI run that tests only SQLite must not look green."""
    try:
        import pgserver
    except ImportError as exc:
        if in_ci():
            pytest.fail(f"the PostgreSQL tests need the pgserver package (pip install -e '.[dev]'): {exc}",
                        pytrace=False)
        pytest.skip(f"pgserver is not installed, PostgreSQL tests skipped (under CI they fail): {exc}")
    return pgserver


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """One PostgreSQL 16 server per session, so one per pytest-xdist worker (the ``pgserver`` wheel, a unix socket,
    a directory of its own), stopped at the end."""
    pgserver = import_pgserver()
    # Not under pytest's 0700 temporary directory: as root, pgserver runs PostgreSQL as another user.
    server = pgserver.get_server(tempfile.mkdtemp(prefix="splendor-pg-"), cleanup_mode="delete")
    try:
        yield str(server.get_uri())
    finally:
        server.cleanup()


async def new_database(pg_url: str) -> str:
    """A new empty database on the session's server; its URL."""
    import asyncpg

    name = f"d{next(_databases)}"
    con = await asyncpg.connect(pg_url)
    try:
        await con.execute(f"CREATE DATABASE {name}")
    finally:
        await con.close()
    return pg_url.replace("/postgres?", f"/{name}?", 1)


@pytest.fixture
async def fresh_pg_url(pg_url: str) -> str:
    """A new empty database on the session's server (for code that opens a URL itself: migrate, processes)."""
    return await new_database(pg_url)
