"""Games whose thread the bot cannot post in (issue 34), on both backends: paused (clock stopped, computers
wait), their people told once by direct message, going on where they stopped, moved to a new thread by the
host, aborted without a result when a deleted thread is not replaced in time.  End to end:
tests/e2e/test_bot_threads.py."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service import GameService, NotAllowed
from bot.service.errors import ThreadWorks
from tests.bot.service.conftest import FakeClock, minimal_code, outbox, started_game


async def test_a_blocked_thread_pauses_the_game_once_and_it_goes_on_where_it_stopped(
    service: GameService, clock: FakeClock
) -> None:
    gid = await started_game(service)  # 12-hour turns, channel 9000
    before = await service.game(gid)
    assert before.deadline is not None
    clock.advance(hours=2)
    assert await service.thread_unavailable(gid, 9000, "blocked")
    assert not await service.thread_unavailable(gid, 9000, "blocked")  # told once
    assert not await service.thread_unavailable(gid, 1234, "lost")  # a thread the game is not in
    paused = await service.game(gid)
    assert paused.thread_state == "blocked" and paused.deadline is None
    notes = await outbox(service, "thread_blocked")
    assert sorted(n.user_id for n in notes) == [101, 102] and all(n.params["game_id"] == gid for n in notes)
    clock.advance(minutes=20)
    sent = [d for d in await service.take_deliveries() if any(n.kind == "thread_blocked" for n in d.items)]
    assert {d.via for d in sent} == {"dm"}  # whatever the preference: the thread cannot be used

    mover = paused.to_act_user  # a move made meanwhile (buttons still work) starts the next clock; the board
    assert mover is not None    # cannot be posted, and that pauses it again, without telling anyone twice
    moved = await service.play(gid, mover, await minimal_code(service, gid), expected_version=paused.version,
                               request_id="while-paused")
    assert moved.game.deadline is not None
    assert not await service.thread_unavailable(gid, 9000, "blocked")
    assert (await service.game(gid)).deadline is None and len(await outbox(service, "thread_blocked")) == 2
    clock.advance(days=3)  # paused: nothing runs out
    assert await service.run_due_timers() == []
    assert await service.thread_available(gid)
    assert not await service.thread_available(gid)
    going = await service.game(gid)
    assert going.thread_state is None and going.deadline == clock() + timedelta(hours=12)  # the new turn's clock


async def test_the_host_moves_a_game_to_a_new_thread(service: GameService, clock: FakeClock) -> None:
    gid = await started_game(service)
    with pytest.raises(ThreadWorks):
        await service.move_game(gid, 101, 9100)  # its thread works: play there
    await service.thread_unavailable(gid, 9000, "lost")
    with pytest.raises(NotAllowed):
        await service.move_game(gid, 102, 9100)
    moved = await service.move_game(gid, 102, 9100, is_manager=True)
    assert moved.channel_id == 9100 and moved.thread_state is None and moved.deadline is not None
    assert (await service.game_for_channel(9100)) == moved
    assert {r.channel_id for r in await outbox(service) if r.delivered_at is None} == {9100}


async def test_a_deleted_thread_nobody_replaces_is_aborted_without_a_result(
    service: GameService, clock: FakeClock
) -> None:
    gid = await started_game(service)
    other = await started_game(service, (103, 104), channel=9001)
    await service.thread_unavailable(gid, 9000, "lost")
    await service.thread_unavailable(other, 9001, "blocked")
    assert await service.blocked_games() == [other]
    clock.advance(days=6)
    assert await service.lost_games_due() == []
    clock.advance(days=1, seconds=1)
    assert await service.lost_games_due() == [gid]
    game = await service.abort_lost(gid)
    assert game is not None and game.status == "aborted" and game.end_reason == "thread_lost"
    assert await service.abort_lost(gid) is None and await service.lost_games_due() == []
    assert sorted(n.user_id for n in await outbox(service, "thread_aborted")) == [101, 102]
    assert (await service.game(other)).status == "active"  # a locked thread is not aborted: it may reopen
