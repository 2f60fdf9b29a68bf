"""Process tuning for a long-running service (used by the bot and by the service benchmark).

A bot holds many long-lived game states.  CPython's default collector thresholds make
every full collection walk all of them: measured with ``python -m bot.bench service``,
those pauses were the whole p99 (70-90 ms at 500 actions/s; 13 ms with the collector off).
Freezing what start-up loaded and collecting the young generation less often keeps the
tail down (p99 ~20 ms) while cycles are still collected regularly.

The C library is also told to keep freed memory for reuse (:func:`bot.render.memory.keep_freed_memory`): a table
image's buffers are a few MB each, and returning them to the system between turns made every image of a new size
fault its pages in anew (issue 30).
"""

from __future__ import annotations

import gc

from bot.render.memory import keep_freed_memory

#: Young-generation allocations between collections, and the two older generations' ratios.
GC_THRESHOLDS = (50_000, 20, 10)


def tune_gc() -> None:
    """Call once after start-up has loaded its long-lived objects."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    keep_freed_memory()

