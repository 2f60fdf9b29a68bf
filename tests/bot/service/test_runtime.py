from __future__ import annotations

import gc

from bot.service.runtime import GC_THRESHOLDS, tune_gc


def test_tune_gc_freezes_and_raises_thresholds():
    before = gc.get_threshold()
    try:
        tune_gc()
        assert gc.get_threshold() == GC_THRESHOLDS
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
