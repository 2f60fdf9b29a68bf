"""Game reviews (issue 32): made by the computer players' workers at low priority, stored once made.

* **When.** A game that finishes (status ``over``) is queued for its review right after its last commit; a
  review asked for (:meth:`ReviewMixin.game_review`) that was never made is queued then.  The queue is the
  ``reviews`` table's ``pending`` rows, so a restart resumes it; games that finished while the bot stopped before
  queueing (the last few days') are found by the scan too.  Aborted games and games not over are never reviewed:
  a running game's review would tell its players what their opponents hold back.
* **Where.** :func:`bot.computer_worker.review_game` runs ``engine.ai.review`` (every move judged from its
  mover's view only) in the computer players' pool, in its own worker at the lowest CPU priority (``nice 19``):
  a computer's move never waits for a review.  One review runs at a time; one that fails is tried again, up
  to :data:`ATTEMPTS` times.  Even with ``computer_workers = 0`` it runs in that process: in a thread it would hold
  the event loop up (the GIL) for seconds.  Only tests ask for a thread (``review_in_process``).
* **Stored.** The review as JSON, with what it was made with (rules version and model fingerprint) and the
  CPU-seconds it took.  A game queued as it finished has its graph posted in its thread once the review is made
  (``on_graph``; ``graph`` ``due`` until posted, so a restart in between posts it then).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, fields
from datetime import timedelta
from typing import Any, ClassVar

from bot.service.computer import ComputerMixin
from bot.service.errors import ServiceError
from bot.service.pools import REVIEW_TIMEOUT, PoolReviewer, Reviewer, ThreadReviewer, in_daemon_thread
from bot.service.scheduler import woken
from bot.service.types import GameInfo, Outcome
from engine import GameConfig
from engine.ai import GameReview, MoveReview

log = logging.getLogger(__name__)
ATTEMPTS = 3  # tries before a review is given up
RECENT = timedelta(days=3)  # games finished this recently with no review queued are queued by the scan
DEFAULT_ESTIMATE = 20.0  # seconds a review is expected to take when none was timed yet


class ReviewNotOver(ServiceError):
    """A review of a game that is not finished (or was aborted): never offered, it would leak hidden cards."""

    key: ClassVar[str] = "review.err.not_over"


@dataclass(frozen=True, slots=True)
class ReviewAnswer:
    """A finished game's review (``review``), or when it is expected (``wait_s`` seconds, ``None`` once it failed)."""

    game: GameInfo
    config: GameConfig
    history: tuple[tuple[int, str], ...]
    review: GameReview | None
    wait_s: float | None = None


def review_from_json(text: str) -> GameReview:
    """A stored review back as :class:`GameReview` (fields it does not know, from another engine, are skipped)."""
    data = json.loads(text)

    def make(cls: type[Any], raw: Mapping[str, Any]) -> Any:
        values = {}
        for f in fields(cls):
            if f.name in raw:
                v = raw[f.name]
                values[f.name] = tuple(tuple(x) if isinstance(x, list) else x for x in v) if isinstance(v, list) else v
        return cls(**values)

    moves = tuple(make(MoveReview, m) for m in data.get("moves", ()))
    return make(GameReview, {**data, "moves": moves})  # type: ignore[no-any-return]


@dataclass(slots=True)
class _Queue:
    due: set[int]
    wake: asyncio.Event
    running: int | None = None
    last_wall: float | None = None  # seconds the last review took (at low priority: more than its CPU time)


class ReviewMixin(ComputerMixin):
    _reviewer: Reviewer | None = None
    _review_queue: _Queue | None = None

    @property
    def reviewer(self) -> Reviewer:
        if self._reviewer is None:
            self._reviewer = ThreadReviewer() if self.settings.review_in_process else PoolReviewer()
        return self._reviewer

    def use_reviewer(self, reviewer: Reviewer) -> None:
        """Review with ``reviewer`` from now on (tests inject slow or failing ones)."""
        self._reviewer = reviewer

    def _close_reviewer(self) -> None:
        """Closer: stop the reviews' worker process."""
        if self._reviewer is not None:
            self._reviewer.close()

    def _queue(self) -> _Queue:
        if self._review_queue is None:
            self._review_queue = _Queue(set(), asyncio.Event())
        return self._review_queue

    def _queue_finished_review(self, outcome: Outcome) -> None:
        """After-commit listener: a game that just finished wakes the reviews' loop (:meth:`run_reviews`)."""
        if outcome.game.status == "over":
            self._wake_review(outcome.game_id)

    def _wake_review(self, game_id: int) -> None:
        queue = self._queue()
        queue.due.add(game_id)
        queue.wake.set()

    # ------------------------------------------------------------------ asking
    async def game_review(self, game_id: int) -> ReviewAnswer:
        """The review of the finished game ``game_id`` if made; else it is queued (once) and the answer says
        in about how many seconds it should be ready (``wait_s``; ``None``: it could not be made).
        ``ReviewNotOver`` for a game not finished or aborted."""
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
        if g.row.status != "over" or g.state is None:
            raise ReviewNotOver(game_id=game_id)
        info, state = self._info(g), g.state
        history = tuple(state.history())
        async with self.store.reading() as tx:
            row = await tx.review(game_id)
            ahead = await tx.reviews_due(self._now() - RECENT)
        if row is not None and row.status == "done" and row.review_json is not None:
            return ReviewAnswer(info, state.config, history, review_from_json(row.review_json))
        if row is not None and row.status == "failed":
            return ReviewAnswer(info, state.config, history, None, None)
        if row is None:
            async with self.store.transaction() as tx:
                await tx.queue_review(game_id, self._now(), graph=False)
        self._wake_review(game_id)
        queue = self._queue()
        each = queue.last_wall or DEFAULT_ESTIMATE
        before = sum(1 for other in ahead if other < game_id) + (queue.running not in (None, game_id))
        return ReviewAnswer(info, state.config, history, None, round(each * (before + 1)))

    async def rated_accuracy(self, user_id: int) -> tuple[float | None, int]:
        """The user's mean accuracy over their rated games that have a review, and how many those are."""
        async with self.store.reading() as tx:
            found = await tx.rated_reviews(user_id)
        values = []
        for seat, text in found:
            accuracy = json.loads(text).get("accuracy", [])
            if seat < len(accuracy) and accuracy[seat] is not None:
                values.append(float(accuracy[seat]))
        return (round(sum(values) / len(values), 1) if values else None), len(values)

    # ------------------------------------------------------------------ making them
    async def make_review(self, game_id: int) -> bool:
        """Make and store the review of ``game_id`` if it is queued (or finished recently with none queued);
        True when a review was stored."""
        async with self.store.reading() as tx:
            row, game = await tx.review(game_id), await tx.game(game_id)
        if game is None or game.status != "over" or (row is not None and row.status != "pending"):
            return False
        if row is None:  # finished, but the bot stopped before queueing it: its graph is still to be posted
            async with self.store.transaction() as tx:
                await tx.queue_review(game_id, self._now(), graph=game.ended_at is not None
                                      and game.ended_at >= self._now() - RECENT)
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
        assert g.state is not None
        queue = self._queue()
        queue.running = game_id
        started = time.monotonic()
        try:
            text, made_with, cpu = await self.reviewer.review(g.state.config, g.state.history(), g.row.seed)
        except Exception:
            log.exception("the review of game %s failed", game_id)
            async with self.store.transaction() as tx:
                await tx.review_failed(game_id, ATTEMPTS)
            return False
        finally:
            queue.running = None
        queue.last_wall = max(1.0, time.monotonic() - started)
        async with self.store.transaction() as tx:
            await tx.save_review(game_id, text, made_with, cpu, self._now())
        log.info("game %s reviewed in %.1f CPU-seconds (%s)", game_id, cpu, made_with)
        return True

    async def _post_graphs(self, on_graph: Callable[[int], Awaitable[bool]] | None) -> None:
        if on_graph is None:
            return
        async with self.store.reading() as tx:
            due = await tx.review_graphs_due()
        for game_id in due:
            try:
                posted = await on_graph(game_id)
            except Exception:
                log.exception("posting the review graph of game %s failed", game_id)
                continue
            if posted:
                async with self.store.transaction() as tx:
                    await tx.review_graph_posted(game_id)

    async def run_reviews(self, on_graph: Callable[[int], Awaitable[bool]] | None = None, *,
                          stop: asyncio.Event, rescan: float = 60.0) -> None:
        """Make the queued reviews one at a time until ``stop``, and post each finished game's graph
        (``on_graph(game_id)``: True once posted or given up, False to try again at the next scan).

        At start (and every ``rescan`` seconds) the store is scanned: reviews queued before a restart resume,
        graphs made but not posted are posted.  A game that finishes wakes the loop."""
        queue = self._queue()
        loop = asyncio.get_running_loop()
        next_scan = loop.time()
        while not stop.is_set():
            if loop.time() >= next_scan:
                try:
                    async with self.store.reading() as tx:
                        queue.due.update(await tx.reviews_due(self._now() - RECENT))
                    await self._post_graphs(on_graph)
                except Exception:
                    log.exception("scan for reviews failed")
                next_scan = loop.time() + rescan
            queue.wake.clear()
            if queue.due:
                game_id = min(queue.due)
                queue.due.discard(game_id)
                try:
                    if await self.make_review(game_id):
                        await self._post_graphs(on_graph)
                except Exception:
                    log.exception("the review of game %s failed", game_id)
                continue
            await woken(queue.wake, stop, timeout=max(0.0, next_scan - loop.time()))


__all__ = [
    "ATTEMPTS",
    "REVIEW_TIMEOUT",
    "PoolReviewer",
    "ReviewAnswer",
    "ReviewMixin",
    "ReviewNotOver",
    "Reviewer",
    "ThreadReviewer",
    "in_daemon_thread",
    "review_from_json",
]
