"""A computer's move is seen: its board is posted durably (a ``board`` outbox row), even across a crash."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bot.service import GameService, Outcome, ServiceSettings
from bot.store import OutboxRow, SqliteStore
from tests.bot.service.conftest import FakeClock, minimal_code
from tests.bot.service.test_computer import HOST, Scripted, idle, lobby, wait_for

SETTINGS = ServiceSettings(computer_delay=0.0, computer_workers=0)


@pytest.fixture
def settings() -> ServiceSettings:
    return SETTINGS


async def person_to_wait(service: GameService, gid: int) -> int:
    """Start a person-against-a-computer game and play the person's turn if it is theirs; the version then."""
    await service.add_bot(gid, HOST, "hard")
    await service.start(gid, HOST)
    return await person_plays(service, gid)


async def person_plays(service: GameService, gid: int) -> int:
    """The person plays minimal moves until the computer is to act; the version then."""
    info = await service.game(gid)
    while info.to_act_user == HOST:
        code = await minimal_code(service, gid)
        info = (await service.play(gid, HOST, code, expected_version=info.version, request_id=f"h{info.version}")).game
    return info.version


async def run_until(service: GameService, posted: list[Outcome], count: int) -> None:
    async def post(outcome: Outcome) -> None:
        posted.append(outcome)

    scans = 0
    scan = service.hooks.scan

    async def counted(on_outcome: Callable[[Outcome], Awaitable[None]] | None = None) -> None:
        nonlocal scans
        await scan(on_outcome)
        scans += 1  # the runner then starts what the scan found at once, before anything else runs

    service.hooks.scan = counted  # type: ignore[method-assign]
    stop = asyncio.Event()
    task = asyncio.create_task(service.run_computers(post, stop=stop, rescan=3600))
    # After its first scan (lost boards posted, due turns found) with no turn due or in play, the runner waits for
    # a commit or the next scan (an hour away): a second post of anything would already be here.
    await wait_for(lambda: len(posted) >= count and scans and idle(service), "the posted boards, then an idle runner")
    stop.set()
    await asyncio.wait_for(task, 5)


async def test_a_board_lost_to_a_crash_is_posted_after_the_restart(db_path: Path, clock: FakeClock) -> None:
    """The bot stops after a computer's commit, before (or while) its board is posted: the next start posts it
    once, with the same nonce (a post that did reach Discord is not doubled), and does not replay the move."""
    store = await SqliteStore.open(db_path)
    first = GameService(store, clock, SETTINGS)
    thinker = Scripted()
    first.use_thinker(thinker)
    gid = await lobby(first, players=2)
    version = await person_to_wait(first, gid)
    posting = asyncio.Event()
    tried: list[Outcome] = []

    async def crash(outcome: Outcome) -> None:  # the bot dies while (or right after) posting the board
        tried.append(outcome)
        posting.set()
        await asyncio.Event().wait()

    task = asyncio.create_task(first.run_computers(crash, stop=asyncio.Event(), rescan=3600))
    await asyncio.wait_for(posting.wait(), 5)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await store.close()
    assert tried[0].version == version + 1 and tried[0].post_nonce is not None

    store = await SqliteStore.open(db_path)
    try:
        again = GameService(store, clock, SETTINGS)
        again.use_thinker(Scripted())
        posted: list[Outcome] = []
        await run_until(again, posted, 1)
        assert len(posted) == 1  # the lost board, once; the person is to act, so nothing more
        board = posted[0]
        assert board.version == version + 1 and board.to_act_user == HOST
        assert [(a.seq, a.source, a.code) for a in board.applied] == [(version + 1, "ai", thinker.answers[-1])]
        assert board.events == tried[0].events  # what happened, told as it was the first time
        assert board.post_nonce == tried[0].post_nonce  # a post that did go out is not posted twice
        log = await again.actions(gid)
        assert [a.source for a in log].count("ai") == 1  # the move itself was not played again
        again2 = GameService(store, clock, SETTINGS)  # another restart: that board was posted, it stays so
        assert await again2.post_pending_boards(_keep(posted)) == 0 and len(posted) == 1
    finally:
        await store.close()


async def test_a_posted_board_is_not_posted_again_and_a_stale_one_is_dropped(service: GameService) -> None:
    service.use_thinker(Scripted())
    gid = await lobby(service, players=2)
    version = await person_to_wait(service, gid)
    posted: list[Outcome] = []
    await run_until(service, posted, 1)
    assert [o.version for o in posted] == [version + 1]
    assert await service.post_pending_boards(_keep(posted)) == 0 and len(posted) == 1
    # A board never posted, whose game moved on since (the person played): the later board shows the table.
    await person_plays(service, gid)
    out = await service.computer_turn(gid)  # played without posting it (no runner)
    assert out is not None and len(await pending(service)) == 1
    await person_plays(service, gid)
    assert await service.post_pending_boards(_keep(posted)) == 0 and len(posted) == 1
    assert not await pending(service)  # dropped, not left to be read again


async def pending(service: GameService) -> list[OutboxRow]:
    async with service.store.reading() as tx:
        return await tx.board_posts()


def _keep(into: list[Outcome]) -> Callable[[Outcome], Awaitable[None]]:
    async def post(outcome: Outcome) -> None:
        into.append(outcome)
    return post
