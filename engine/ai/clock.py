"""The one place of the computer players that reads a clock: a time budget made into a deadline.

The search itself (:mod:`engine.ai.search`) never reads the clock; it asks a ``deadline`` callable
whether to stop.  :func:`engine.ai.choose` turns a budget in seconds into such a callable here, with
``time.monotonic``.  Tests pass an iteration budget (and no time budget), so they stay deterministic.
``tests/test_layering.py`` allows this file, and only this file of ``engine/ai``, to import ``time``.
"""

from __future__ import annotations

import time
from collections.abc import Callable


def deadline_after(seconds: float) -> Callable[[], bool]:
    """A callable that is true once ``seconds`` have passed since this call."""
    end = time.monotonic() + seconds

    def expired() -> bool:
        return time.monotonic() >= end

    return expired
