"""What a computer player's worker process runs: ``engine.ai.choose`` on one seat's view.

Kept out of :mod:`bot.service` so that a worker imports only the engine (no storage, no Discord,
no catalogues): a new worker is ready in about a third of the time.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import time
from collections.abc import Callable

from engine import GameConfig, TableView, ai
from engine.ai import exact, reviewing, winprob


def think(view: TableView, level: str, seed: int, budget: float) -> str:
    """The move of ``view.viewer`` at ``level`` (its code), searched for ``budget`` seconds at most.

    The agent receives the seat's view only: a computer never reads a card that seat cannot see.
    """
    end = time.monotonic() + budget
    action = ai.choose(view, level=level, seed=seed, budget=budget, deadline=lambda: time.monotonic() >= end)
    return str(action)


def review_version() -> str:
    """What a review was made with: the rules version and a fingerprint of the win-probability models, the
    players' form (how their play so far moves their chances), the thresholds, ``hard``'s iterations, the play-out
    checks and the exact search's budgets (a review made by another engine or model says so)."""
    import engine

    made = repr((sorted(winprob.MODELS.items()), sorted(winprob.FORMS.items()), reviewing.THRESHOLDS,
                 reviewing.ITERATIONS, reviewing.SEARCH_BUDGET, reviewing.CHECKS, reviewing.MARGINS,
                 reviewing.EXACT_BUDGET, exact.BUDGET))
    return f"rules{engine.RULES_VERSION}-{hashlib.sha256(made.encode()).hexdigest()[:12]}"


def review_game(config: GameConfig, history: list[tuple[int, str]], seed: int,
                progress: Callable[[int, int], None] | None = None) -> tuple[str, str, float]:
    """The review of a finished game (``engine.ai.review``) as JSON, what it was made with, and the CPU-seconds it
    took.  It judges every move from its mover's view only (see :mod:`engine.ai.reviewing`); ``progress(done,
    total)`` hears after each move."""
    start = time.process_time()
    result = ai.review(config, history, seed=seed, progress=progress)
    return json.dumps(dataclasses.asdict(result), separators=(",", ":")), review_version(), \
        round(time.process_time() - start, 3)


def lower_priority() -> None:
    """The reviews' worker runs at the lowest CPU priority: a computer's move never waits for a review."""
    os.nice(19)


def ready() -> int:
    """A no-op a new worker runs at start-up (so the first move does not pay for starting it)."""
    return os.getpid()


__all__ = ["lower_priority", "ready", "review_game", "review_version", "think"]
