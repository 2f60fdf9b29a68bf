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


__all__ = ["crash", "hang", "where"]
