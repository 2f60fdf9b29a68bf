"""Stand-in agents for the worker-process tests (module level, so worker processes can import them by name)."""

from __future__ import annotations

import os
import time

from engine import TableView


def where(view: TableView, level: str, seed: int, budget: float) -> str:
    """Which process thought, for which seat, at which level and seed."""
    return f"{os.getpid()} {view.viewer} {level} {seed}"


def crash(view: TableView, level: str, seed: int, budget: float) -> str:
    os._exit(3)  # the worker process dies


def hang(view: TableView, level: str, seed: int, budget: float) -> str:
    time.sleep(60)
    return "never"


def hang_or_wait(view: TableView, level: str, seed: int, budget: float) -> str:
    """``level`` "hang": hang; ``level`` "wait:PATH": wait (at most 30 s) for the file PATH, then say where."""
    if level == "hang":
        return hang(view, level, seed, budget)
    path = level.removeprefix("wait:")
    for _ in range(3000):
        if os.path.exists(path):
            break
        time.sleep(0.01)
    return where(view, "wait", seed, budget)


__all__ = ["crash", "hang", "hang_or_wait", "where"]
