"""A ``python -m bot web`` process for a test: started, waited for until ``/healthz`` answers (bounded), stopped."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path


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
