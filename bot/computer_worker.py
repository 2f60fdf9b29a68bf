"""What a computer player's worker process runs: ``engine.ai.choose`` on one seat's view.

Kept out of :mod:`bot.service` so that a worker imports only the engine (no storage, no Discord,
no catalogues): a new worker is ready in about a third of the time.
"""

from __future__ import annotations

import os
import time

from engine import TableView, ai


def think(view: TableView, level: str, seed: int, budget: float) -> str:
    """The move of ``view.viewer`` at ``level`` (its code), searched for ``budget`` seconds at most.

    The agent receives the seat's view only: a computer never reads a card that seat cannot see.
    """
    end = time.monotonic() + budget
    action = ai.choose(view, level=level, seed=seed, budget=budget, deadline=lambda: time.monotonic() >= end)
    return str(action)


def ready() -> int:
    """A no-op a new worker runs at start-up (so the first move does not pay for starting it)."""
    return os.getpid()


__all__ = ["ready", "think"]
