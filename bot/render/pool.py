"""Drawing table images in worker processes, so Pillow does not hold the event loop's process (and its GIL).

``RenderPool(workers)``: ``workers`` processes (None: one per CPU core; 0: a thread of this process, as
before).  The workers run the same :func:`bot.render.render_table` / :func:`bot.render.render_hand` on the
same view (a view is plain frozen data, pickled to the worker), so the PNG bytes are identical to drawing
in-process.  Workers are started with ``spawn`` (a fork of a process running an event loop and a database
thread is unsafe) and warmed up once (imports, fonts).  :func:`install` makes a pool the one
:func:`render` uses; the bot installs its pool at start and closes it at shutdown.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import multiprocessing
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import CancelledError, Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from bot.render import render_hand, render_table
from bot.render.memory import keep_freed_memory
from engine import TableView

log = logging.getLogger(__name__)


def _draw(view: TableView, names: list[str], lang: str, hand: bool) -> bytes:
    return render_hand(view, names=names, lang=lang) if hand else render_table(view, names=names, lang=lang)


def _warm() -> None:
    """Worker initializer: draw a small board of each kind once, so fonts, sprites and the renderers'
    caches are loaded before the first real board."""
    import engine

    drawn: set[type] = set()
    for ruleset in engine.ruleset_names():
        view = engine.view_for(engine.new_game(engine.GameConfig(ruleset, players=2, seed=1)), None)
        if type(view) not in drawn:  # one board per renderer
            drawn.add(type(view))
            render_table(view, names=["A", "B"], lang="en")
    # What warming loaded (modules, fonts, sprite caches) stays: no full collection walks it again, which
    # was the slowest boards' extra time (as bot.service.runtime.tune_gc does for the bot's process).
    gc.collect()
    gc.freeze()
    keep_freed_memory()  # (image buffers reused, not faulted in anew: see there)


def default_workers() -> int:
    """One per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


class RenderPool:
    """Draws images off the event loop: in ``workers`` processes, or in a thread when ``workers == 0``."""

    def __init__(self, workers: int | None = None, *, observe: Callable[[float], None] | None = None) -> None:
        self.workers = default_workers() if workers is None else workers
        self.observe = observe
        self._executor: Executor | None = self._new_executor()

    def _new_executor(self) -> Executor | None:
        if self.workers <= 0:
            return None
        return ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"), initializer=_warm)

    async def render(self, view: TableView, names: Sequence[str], lang: str, *, hand: bool = False) -> bytes:
        started = time.perf_counter()
        if self._executor is None:
            data = await asyncio.to_thread(_draw, view, list(names), lang, hand)
        else:
            loop = asyncio.get_running_loop()
            try:
                data = await loop.run_in_executor(self._executor, _draw, view, list(names), lang, hand)
            except BrokenProcessPool:
                # A worker died (killed, out of memory): start new ones, and draw this image here meanwhile.
                log.warning("a render process died; starting new ones")
                broken, self._executor = self._executor, self._new_executor()
                broken.shutdown(wait=False, cancel_futures=True)
                data = await asyncio.to_thread(_draw, view, list(names), lang, hand)
        if self.observe is not None:
            self.observe(time.perf_counter() - started)
        return data

    def warm_up(self) -> None:
        """Start every worker now (spawning takes a moment; better at start-up than on the first board).

        Blocking: the bot runs it in a thread.  A pool closed meanwhile, or a worker that fails, only
        means the first boards start the workers instead."""
        executor = self._executor
        if isinstance(executor, ProcessPoolExecutor):
            with contextlib.suppress(Exception, CancelledError):
                for future in [executor.submit(_warm) for _ in range(self.workers)]:
                    future.result()

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None


_installed: RenderPool | None = None


def install(pool: RenderPool | None) -> None:
    """Make ``pool`` the one :func:`render` uses (None: back to a thread of this process)."""
    global _installed
    _installed = pool


async def render(view: TableView, names: Sequence[str], lang: str, *, hand: bool = False) -> bytes:
    """Draw with the installed pool, else in a thread."""
    if _installed is not None:
        return await _installed.render(view, names, lang, hand=hand)
    return await asyncio.to_thread(_draw, view, list(names), lang, hand)


__all__ = ["RenderPool", "default_workers", "install", "render"]
