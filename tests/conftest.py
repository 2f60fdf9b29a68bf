"""Suite-wide guards."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def _no_leaked_threads() -> Iterator[None]:
    """A test must not leave a non-daemon thread running (an unclosed aiosqlite connection keeps its
    worker thread alive, and the interpreter then never exits: CI would hang instead of failing)."""
    before = set(threading.enumerate())
    yield
    leaked = [t for t in threading.enumerate() if t not in before and not t.daemon and t.is_alive()]
    for thread in leaked:
        thread.join(timeout=1.0)
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
