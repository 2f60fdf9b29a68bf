"""Threads that live for weeks (issue 34), through the real client against the fake Discord: an archived thread
missing from the cache after a restart is fetched and posted in (which reopens it), and ``/splendor status``
works there; a locked thread or a lost permission pauses the game (clock stopped, players told once by DM,
nothing marked delivered) until the thread can be posted in again; a deleted thread pauses the game until its
host moves it with ``/splendor move``, or aborts it without a result after ``SPLENDOR_LOST_THREAD_ABORT_DAYS``."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.client import SplendorBot, create_bot
from bot.config import Settings
from bot.service import GameInfo
from tests.bot.service.conftest import FakeClock
from tests.e2e.bot_helpers import FAKE_TOKEN, board_messages, join_and_start, reply_of
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FakeChannel, FakeDiscord, FakeUser
from tests.e2e.fakediscord.models import MANAGE_THREADS

pytestmark = pytest.mark.e2e


def make(fake: FakeDiscord, tmp_path: Path, clock: FakeClock, **settings: Any) -> SplendorBot:
    seeds = itertools.count(1)
    config = Settings(discord_token=FAKE_TOKEN, database_path=tmp_path / "g.sqlite3", dev_guild_id=fake.guild.id,
                      render_workers=0, **settings)
    return create_bot(config, guild_ready_timeout=0.05, background_interval=3600, clock=clock,
                      seed_source=lambda: next(seeds))


async def started(fake: FakeDiscord, start_client: ClientRunner, tmp_path: Path, clock: FakeClock,
                  **settings: Any) -> tuple[SplendorBot, FakeChannel]:
    """A running bot and a started game of alice (host) and bob with a 12-hour turn timer.  The background loop
    ran once at start-up and sleeps; the test runs each round (``round_``)."""
    bot = await start_client(make(fake, tmp_path, clock, **settings))
    alice, bob = fake.user("alice"), fake.user("bob")
    parent = fake.channel("general")
    created = await fake.slash(alice, parent, "splendor new", {"ruleset": "base", "players": 2, "turn_timer": "12h"})
    await created.wait_followups(1)
    thread = await fake.wait_until(lambda: fake.threads_of(parent) and fake.threads_of(parent)[-1], what="thread")
    assert thread.auto_archive_duration == 10080  # the longest Discord allows
    lobby = await fake.wait_for_message(thread, lambda m: any("join" in c for c in m.custom_ids()))
    await join_and_start(fake, thread, lobby, alice, [bob])
    await round_(bot)  # the start's notices (bob's turn, or alice's) are handled
    return bot, thread


async def round_(bot: SplendorBot) -> None:
    await bot.service.background_round(bot.deliver, on_outcome=bot.on_timer_outcome)
    await bot.check_threads()


def dms(fake: FakeDiscord, user: FakeUser, text: str) -> list[str]:
    dm = fake.dm_channel(user)
    return [] if dm is None else [m.content for m in fake.messages_in(dm) if text in m.content]


async def test_an_archived_thread_missing_after_a_restart_is_fetched_posted_in_and_reopened(
    fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path
) -> None:
    fake, clock = fake_discord, FakeClock()
    bot, thread = await started(fake, start_client, tmp_path, clock)
    await fake.update_thread(thread, archived=True)  # a week without a message
    bot = await start_client.restart(bot, make(fake, tmp_path, clock))
    assert bot.get_channel(thread.id) is None  # archived threads are not in READY's guilds

    clock.advance(hours=10, minutes=30)  # the turn reminder, a mention in the thread
    await round_(bot)
    reminder = await fake.wait_for_message(thread, lambda m: "Reminder" in m.content)
    assert reminder.content.startswith("<@") and not thread.archived  # the post reopened it
    assert any(r.method == "GET" and r.path == f"/channels/{thread.id}" for r in fake.requests)  # fetched

    await fake.update_thread(thread, archived=True)
    status = await fake.slash(fake.user("bob"), thread, "splendor status")
    answer = await reply_of(status)
    assert answer.ephemeral and "#1" in answer.content and "<@" in answer.content  # the seats, not a refusal
    boards = len(board_messages(fake, thread))
    clock.advance(hours=2)  # the turn runs out: the board after the skip goes to the archived thread
    await round_(bot)
    await fake.wait_until(lambda: len(board_messages(fake, thread)) > boards, what="the board after the skip")
    assert not thread.archived


async def test_a_locked_thread_pauses_the_game_until_it_is_unlocked(
    fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path
) -> None:
    fake, clock = fake_discord, FakeClock()
    bot_role = next(r for r in fake.guild.roles if r.name == "Splendor")
    bot_role.permissions &= ~MANAGE_THREADS  # the recommended invite: no Manage Threads
    bot, thread = await started(fake, start_client, tmp_path, clock)
    alice, bob = fake.user("alice"), fake.user("bob")
    await fake.update_thread(thread, locked=True)
    clock.advance(hours=10, minutes=30)
    await round_(bot)  # the reminder is refused (403, 160005): the game is paused
    refused = [r for r in fake.requests if r.path == f"/channels/{thread.id}/messages" and r.status == 403]
    assert refused and refused[0].response["code"] == 160005
    game = await bot.service.game(1)
    assert game.thread_state == "blocked" and game.deadline is None  # the clock waits
    async with bot.service.store.reading() as tx:
        reminders = [r for r in await tx.notifications() if r.kind == "reminder"]
    assert reminders and all(r.delivered_at is None for r in reminders)  # nothing marked delivered that was not

    await round_(bot)  # the notices go by DM (the thread cannot be used), to both players, once
    for user in (alice, bob):
        [told] = dms(fake, user, "is paused")
        assert "/splendor move game:1" in told and "moderator can reopen" in told
    clock.advance(hours=5)  # longer than the turn had left: nothing runs out while paused
    await round_(bot)
    await round_(bot)
    assert (await bot.service.game(1)).version == game.version
    assert [len(dms(fake, u, "is paused")) for u in (alice, bob)] == [1, 1]
    async with bot.service.store.reading() as tx:  # "runs out soon" is not true of a stopped clock: dropped
        assert all(r.delivered_at is not None for r in await tx.notifications() if r.kind == "reminder")
    assert not dms(fake, alice, "Reminder") and not dms(fake, bob, "Reminder")
    status = await reply_of(await fake.slash(bob, thread, "splendor status", locale="es-ES"))
    assert status.ephemeral and "En pausa" in status.content and "/splendor mover partida:1" in status.content

    boards = len(board_messages(fake, thread))
    await fake.update_thread(thread, locked=False)  # a moderator unlocks it: THREAD_UPDATE
    await fake.wait_until(lambda: len(board_messages(fake, thread)) > boards, what="the table posted again")
    assert "goes on" in board_messages(fake, thread)[-1].content
    resumed = await game_once(bot, lambda g: g.thread_state is None)
    assert resumed.deadline is not None
    left = (resumed.deadline - clock()).total_seconds()
    assert 1.4 * 3600 < left <= 1.5 * 3600  # the 1 h 30 min that were left when it stopped


async def test_a_lost_permission_pauses_the_game_and_it_goes_on_once_restored(
    fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path
) -> None:
    fake, clock = fake_discord, FakeClock()
    bot, thread = await started(fake, start_client, tmp_path, clock)
    bot.blocked_retry_s = 0.0
    thread.send_denied.append(fake.bot_user.id)  # a channel override now denies the bot
    clock.advance(hours=12, minutes=1)  # the turn runs out: the board after the skip cannot be posted
    await round_(bot)
    refused = [r for r in fake.requests if r.path == f"/channels/{thread.id}/messages" and r.status == 403]
    assert refused and refused[-1].response["code"] == 50013
    assert (await bot.service.game(1)).thread_state == "blocked"
    await round_(bot)
    assert dms(fake, fake.user("alice"), "is paused") and dms(fake, fake.user("bob"), "is paused")

    thread.send_denied.clear()  # the override is fixed: the next round posts the table and the game goes on
    boards = len(board_messages(fake, thread))
    await round_(bot)
    assert len(board_messages(fake, thread)) == boards + 1
    assert (await bot.service.game(1)).thread_state is None


async def test_a_deleted_thread_pauses_the_game_and_the_host_moves_it(
    fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path
) -> None:
    fake, clock = fake_discord, FakeClock()
    bot, thread = await started(fake, start_client, tmp_path, clock)
    alice, bob = fake.user("alice"), fake.user("bob")
    await fake.delete_thread(thread)
    game = await game_once(bot, lambda g: g.thread_state == "lost")  # THREAD_DELETE: paused at once
    assert game.deadline is None
    clock.advance(minutes=16)  # at most one notification per 15 minutes: they were told the game started
    await round_(bot)
    for user in (alice, bob):
        [told] = dms(fake, user, "was deleted")
        assert "/splendor move game:1" in told and "in 7 days" in told

    games = fake.channel("games")
    refused = await fake.slash(bob, games, "splendor move", {"game": 1})  # not the host
    assert (await reply_of(refused)).ephemeral and fake.threads_of(games) == []
    moved = await fake.slash(alice, games, "splendor move", {"game": 1})
    done = await reply_of(moved)
    new = fake.threads_of(games)[-1]
    assert done.ephemeral and f"<#{new.id}>" in done.content and new.auto_archive_duration == 10080
    board = await fake.wait_for_message(new, lambda m: bool(m.attachments))
    assert "moved here" in board.content and {alice.id, bob.id} <= set(new.member_ids)
    after = await bot.service.game(1)
    assert after.channel_id == new.id and after.thread_state is None and after.deadline is not None


async def game_once(bot: SplendorBot, ok: Callable[[GameInfo], bool], timeout: float = 10.0) -> GameInfo:
    """Game 1 once ``ok(game)``: a gateway event is handled in the client's own task, so the test waits for
    its effect (bounded)."""

    async def poll() -> GameInfo:
        while not ok(game := await bot.service.game(1)):
            await asyncio.sleep(0.01)
        return game

    return await asyncio.wait_for(poll(), timeout)


async def test_a_deleted_thread_nobody_moves_is_aborted_without_a_result(
    fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path
) -> None:
    fake, clock = fake_discord, FakeClock()
    bot, thread = await started(fake, start_client, tmp_path, clock, lost_thread_abort_days=3)
    await fake.delete_thread(thread)
    await game_once(bot, lambda g: g.thread_state == "lost")
    clock.advance(days=2)
    await round_(bot)
    assert (await bot.service.game(1)).status == "active"
    clock.advance(days=1, minutes=1)
    await round_(bot)
    game = await bot.service.game(1)
    assert game.status == "aborted" and game.end_reason == "thread_lost"
    await round_(bot)
    for user in (fake.user("alice"), fake.user("bob")):
        assert dms(fake, user, "cancelled without a result")
