"""The hang guard of the subprocess tests: a child that never writes is killed, so the blocked read ends."""

from __future__ import annotations

import subprocess
import sys

from tests.bot.service.watchdog import killed_after


def test_a_stalled_child_is_killed_and_the_blocked_read_returns_end_of_file() -> None:
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"],
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    try:
        with killed_after([proc], seconds=0.2):
            line = proc.stdout.readline()  # blocks until the guard kills the child
        assert line == ""
        assert proc.wait() < 0  # killed by a signal, not a normal exit
    finally:
        proc.kill()
        proc.wait()
        proc.stdout.close()


def test_a_child_that_ends_in_time_is_left_alone() -> None:
    proc = subprocess.Popen([sys.executable, "-c", "print('READY')"], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    with killed_after([proc], seconds=300.0):
        assert proc.stdout.readline() == "READY\n"
        assert proc.wait() == 0
    proc.stdout.close()
