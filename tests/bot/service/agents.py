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


def wait_for_file(view: TableView, level: str, seed: int, budget: float) -> str:
    """``level`` "wait:PATH": wait (at most 60 s, whatever the budget) for the file PATH, then say where."""
    path = level.removeprefix("wait:")
    for _ in range(6000):
        if os.path.exists(path):
            break
        time.sleep(0.01)
    return where(view, "wait", seed, budget)


__all__ = ["crash", "hang", "wait_for_file", "where"]
