"""A hang guard for the tests that read a child process's output line by line.

``readline()`` on a pipe has no timeout: a child that stalls (a deadlock, a database that never answers)
would hang the test run for good.  :func:`killed_after` kills the children once a generous limit has
passed, so the blocked read returns end-of-file and the test fails with the child's stderr.  This is a
hang limit, not a speed check: a healthy run ends far inside it.
"""

from __future__ import annotations

import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager

HANG_LIMIT = 300.0  # seconds


@contextmanager
def killed_after(procs: list[subprocess.Popen[str]], seconds: float = HANG_LIMIT) -> Iterator[None]:
    """Within the block, the processes in ``procs`` (the list may grow) are killed once ``seconds`` pass."""

    def kill_all() -> None:
        for p in procs:
            if p.poll() is None:
                p.kill()

    timer = threading.Timer(seconds, kill_all)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
