"""A game whose thread a moderator archived and locked (issue 34): Discord answers the bot's post with 400 and code
50083 ("Thread is archived"), not a 403, whatever the bot's permissions.  The game is paused like any thread the
bot cannot post in: its clock stops, nothing is marked delivered, and its players are told once, by DM."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.service.conftest import FakeClock
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FakeDiscord
from tests.e2e.test_bot_threads import dms, round_, started

pytestmark = pytest.mark.e2e


async def test_an_archived_and_locked_thread_pauses_the_game_and_its_players_are_told(
    fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path
) -> None:
    fake, clock = fake_discord, FakeClock()
    bot, thread = await started(fake, start_client, tmp_path, clock)  # the bot may manage threads: no matter here
    alice, bob = fake.user("alice"), fake.user("bob")
    version = (await bot.service.game(1)).version
    await fake.update_thread(thread, archived=True, locked=True)
    clock.advance(hours=10, minutes=30)  # the turn reminder is due: a post in the thread
    await round_(bot)
    refused = [r for r in fake.requests if r.path == f"/channels/{thread.id}/messages" and r.status >= 400]
    assert refused and (refused[0].status, refused[0].response["code"]) == (400, 50083)
    game = await bot.service.game(1)
    assert game.thread_state == "blocked" and game.deadline is None  # paused: the clock waits
    async with bot.service.store.reading() as tx:
        reminders = [r for r in await tx.notifications() if r.kind == "reminder"]
    assert reminders and all(r.delivered_at is None for r in reminders)  # nothing reported as posted

    await round_(bot)  # the players are told where they can read it: by DM
    for user in (alice, bob):
        [told] = dms(fake, user, "is paused")
        assert "/splendor move game:1" in told
    clock.advance(hours=5)  # more than the turn had left: nothing runs out while paused
    await round_(bot)
    assert (await bot.service.game(1)).version == version
    assert [len(dms(fake, u, "is paused")) for u in (alice, bob)] == [1, 1]  # told once
