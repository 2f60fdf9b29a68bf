"""Game reviews in the service (issue 32): queued when a game finishes, made at low priority, stored once, resumed
after a restart, refused for a game that is not over; on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import os
import time
from pathlib import Path

import pytest

from bot.computer_worker import review_game, review_version
from bot.service import GameService, ServiceSettings
from bot.service.pools import PoolThinker
from bot.service.reviews import ATTEMPTS, PoolReviewer, ReviewNotOver, ThreadReviewer
from bot.store import GameStore
from engine import GameConfig, TableView
from tests.bot.service.conftest import FakeClock, OpenStore, minimal_code, started_game


@pytest.fixture
def settings() -> ServiceSettings:
    return ServiceSettings(computer_workers=0, review_in_process=True)  # reviews in a thread: no process to close


async def finished_game(service: GameService, users: tuple[int, ...] = (101, 102), *, moves: int = 6,
                        ranked: bool = False, channel: int = 9000) -> int:
    """A base game of ``users`` after ``moves`` minimal moves, then all but the first resign (status ``over``)."""
    gid = await started_game(service, users, channel=channel, ranked=ranked)
    for _ in range(moves):
        info = await service.game(gid)
        assert info.to_act_user is not None
        await service.play(gid, info.to_act_user, await minimal_code(service, gid), expected_version=info.version,
                           request_id=f"m{gid}-{info.version}")
    for p in (await service.game(gid)).players[1:]:
        await service.resign(gid, p.user_id)
    assert (await service.game(gid)).status == "over"
    return gid


class Counting:
    """A reviewer that counts its reviews and can be made to fail."""

    def __init__(self, fail: bool = False) -> None:
        self.calls: list[int] = []
        self.fail = fail

    async def review(self, config: GameConfig, history: list[tuple[int, str]], seed: int) -> tuple[str, str, float]:
        self.calls.append(seed)
        if self.fail:
            raise RuntimeError("the worker died")
        return await ThreadReviewer().review(config, history, seed)

    def close(self) -> None:
        return None


async def drain(service: GameService, on_graph: list[int], until: object, *, timeout: float = 120.0) -> None:
    """Run the review loop until ``until()`` is true (bounded), posting graphs into ``on_graph``."""
    stop = asyncio.Event()

    async def graph(game_id: int) -> bool:
        on_graph.append(game_id)
        return True

    task = asyncio.create_task(service.run_reviews(graph, stop=stop, rescan=0.05))
    try:
        deadline = time.monotonic() + timeout
        while not await until():  # type: ignore[operator]
            assert time.monotonic() < deadline, "the review loop did not get there in time"
            assert not task.done(), task
            await asyncio.sleep(0.02)
    finally:
        stop.set()
        await asyncio.wait_for(task, timeout=30)


async def test_a_finished_game_is_reviewed_once_and_its_graph_posted_once(service: GameService) -> None:
    counting = Counting()
    service.use_reviewer(counting)
    gid = await finished_game(service)
    graphs: list[int] = []

    async def done() -> bool:
        async with service.store.reading() as tx:
            row = await tx.review(gid)
        return row is not None and row.status == "done" and graphs == [gid]

    await drain(service, graphs, done)
    async with service.store.reading() as tx:
        row = await tx.review(gid)
    assert row is not None and row.made_with == review_version() and row.graph == "posted"
    assert row.cpu_s is not None and row.cpu_s >= 0 and row.attempts == 1
    answer = await service.game_review(gid)
    assert answer.review is not None and answer.review.players == 2
    assert [m.seat for m in answer.review.moves][:2] == [0, 1]
    assert json.loads(row.review_json or "")["accuracy"] == list(answer.review.accuracy)
    await drain(service, graphs, lambda: asyncio.sleep(0.2, True))  # nothing again: made once, posted once
    assert counting.calls == [42] and graphs == [gid]  # the game's stored seed (started_game: 42)


async def test_a_running_game_is_never_reviewed(service: GameService) -> None:
    gid = await started_game(service, (101, 102))
    with pytest.raises(ReviewNotOver) as refused:
        await service.game_review(gid)
    assert "finished games only" in refused.value.message("en")
    assert "terminadas" in refused.value.message("es")
    assert not await service.make_review(gid)
    async with service.store.reading() as tx:
        assert await tx.review(gid) is None and gid not in await tx.reviews_due(service.clock())


async def test_a_review_asked_for_is_queued_and_says_when(service: GameService) -> None:
    gid = await finished_game(service, moves=2)
    async with service.store.transaction() as tx:  # as if made before reviews were stored: nothing queued
        await tx._exec("DELETE FROM reviews WHERE game_id = ?", (gid,))
    first = await service.game_review(gid)
    assert first.review is None and first.wait_s is not None and first.wait_s > 0
    async with service.store.reading() as tx:
        row = await tx.review(gid)
    assert row is not None and row.status == "pending" and row.graph is None  # asked later: no graph to post
    assert await service.make_review(gid)
    answer = await service.game_review(gid)
    assert answer.review is not None


async def test_pending_reviews_resume_after_a_restart(open_store: OpenStore, clock: FakeClock,
                                                      settings: ServiceSettings) -> None:
    store = await open_store()
    service = GameService(store, clock, settings)
    gid = await finished_game(service)
    other = await finished_game(service, (201, 202), channel=9001)
    async with store.transaction() as tx:
        await tx.queue_review(gid, clock(), graph=True)  # queued, then the bot stopped before making it
        await tx._exec("DELETE FROM reviews WHERE game_id = ?", (other,))  # stopped before even queueing it
    await store.close()
    store = await open_store()
    try:
        again = GameService(store, clock, settings)
        counting = Counting()
        again.use_reviewer(counting)
        graphs: list[int] = []

        async def both() -> bool:
            return sorted(graphs) == sorted((gid, other))

        await drain(again, graphs, both)
        async with store.reading() as tx:
            rows = [await tx.review(g) for g in (gid, other)]
        assert all(r is not None and r.status == "done" and r.graph == "posted" for r in rows)
        assert len(counting.calls) == 2
    finally:
        await store.close()


async def test_a_failing_review_is_given_up_after_its_attempts(service: GameService) -> None:
    service.use_reviewer(Counting(fail=True))
    gid = await finished_game(service, moves=0)
    for _ in range(ATTEMPTS):
        assert not await service.make_review(gid)
    async with service.store.reading() as tx:
        row = await tx.review(gid)
    assert row is not None and row.status == "failed" and row.attempts == ATTEMPTS
    assert not await service.make_review(gid)
    answer = await service.game_review(gid)
    assert answer.review is None and answer.wait_s is None


async def test_average_accuracy_over_rated_games(service: GameService) -> None:
    rated = await finished_game(service, ranked=True)
    casual = await finished_game(service, channel=9001)
    assert await service.rated_accuracy(101) == (None, 0)
    for gid in (rated, casual):
        assert await service.make_review(gid)
    review = (await service.game_review(rated)).review
    assert review is not None
    info = await service.game(rated)
    seat = info.seat_of(102)
    assert seat is not None
    expected = review.accuracy[seat]
    assert expected is not None
    assert await service.rated_accuracy(102) == (round(expected, 1), 1)  # the unranked game does not count


# ---------------------------------------------------------------------------------------------- the worker pool
GATE = Path(os.environ.get("TMPDIR", "/tmp"))


def blocked_review(config: GameConfig, history: list[tuple[int, str]], seed: int) -> tuple[str, str, float]:
    """A review that waits for its gate file (``seed`` names it), at most 60 s; it reports its niceness."""
    gate = GATE / f"review-gate-{seed}"
    end = time.monotonic() + 60
    while not gate.exists() and time.monotonic() < end:
        time.sleep(0.01)
    return json.dumps({"nice": os.nice(0)}), "test", 0.0


def quick_think(view: TableView, level: str, seed: int, budget: float) -> str:
    return "done"


async def test_a_review_runs_at_low_priority_beside_the_computers() -> None:
    """The computers' one worker thinks while a review runs (it has its own worker), and the review's worker runs at
    the lowest priority: a computer's move never waits for a review."""
    reviewer = PoolReviewer(target=blocked_review)
    thinker = PoolThinker(workers=1, grace=30.0, target=quick_think)
    seed = os.getpid()
    gate = GATE / f"review-gate-{seed}"
    gate.unlink(missing_ok=True)
    try:
        running = asyncio.create_task(reviewer.review(GameConfig("base", players=2, seed=1), [], seed))
        view: TableView = object()  # type: ignore[assignment]
        answer = await asyncio.wait_for(thinker.think(view, level="easy", seed=1, budget=1.0), timeout=60)
        assert answer == "done" and not running.done()  # the move did not wait for the review
        gate.touch()
        text, _, _ = await asyncio.wait_for(running, timeout=60)
        assert json.loads(text)["nice"] == 19
    finally:
        gate.unlink(missing_ok=True)
        reviewer.close()
        thinker.close()


def test_the_worker_function_reviews_a_game() -> None:
    config = GameConfig("base", players=2, seed=5)
    import engine

    state = engine.new_game(config)
    for _ in range(4):
        seat = state.to_act
        assert seat is not None
        state = engine.apply(state, seat, engine.default_action(state)).state
    text, made_with, cpu = review_game(config, state.history(), 7)
    data = json.loads(text)
    assert data["players"] == 2 and len(data["moves"]) == 4 and made_with == review_version() and cpu >= 0


_ = GameStore  # the backends of the fixtures
