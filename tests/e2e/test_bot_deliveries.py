"""Notifications Discord does not take (issue 27 §3), through the real client against the fake Discord: closed
direct messages fall back to a mention in the game's thread (said once, never tried by DM again), a 5xx or a
rate limit is tried again later with growing waits and given up after ``SPLENDOR_NOTIFY_MAX_ATTEMPTS``, and a
send whose answer was lost is retried with exactly its items under its nonce (a notice queued meanwhile goes
in a message of its own)."""

from __future__ import annotations

import itertools
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.client import SplendorBot, create_bot
from bot.config import Settings
from bot.store import NewNotification, OutboxRow
from tests.bot.service.conftest import FakeClock
from tests.e2e.bot_helpers import FAKE_TOKEN, join_and_start, new_game
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FakeChannel, FakeDiscord, FakeUser

pytestmark = pytest.mark.e2e

DM_POST = r"^/channels/\d+/messages$"


async def started(fake: FakeDiscord, start_client: ClientRunner, tmp_path: Path, clock: FakeClock,
                  **settings: Any) -> tuple[SplendorBot, FakeChannel, FakeUser]:
    """A running bot with a started game of alice and bob; bob wants direct messages.  The background loop
    ran once at start-up and sleeps; the test runs each round itself (``bot.service.background_round``)."""
    seeds = itertools.count(1)
    config = Settings(discord_token=FAKE_TOKEN, database_path=tmp_path / "g.sqlite3", dev_guild_id=fake.guild.id,
                      render_workers=0, **settings)
    bot = await start_client(create_bot(config, guild_ready_timeout=0.05, background_interval=3600, clock=clock,
                                        seed_source=lambda: next(seeds)))
    alice, bob = fake.user("alice"), fake.user("bob")
    await bot.service.set_notify(bob.id, "dm")
    thread, lobby, _ = await new_game(fake, alice)
    await join_and_start(fake, thread, lobby, alice, [bob])
    return bot, thread, bob


async def round_(bot: SplendorBot) -> None:
    await bot.service.background_round(bot.deliver)


async def rows(bot: SplendorBot, user: FakeUser) -> list[OutboxRow]:
    async with bot.service.store.reading() as tx:
        return await tx.notifications(user.id)


def dm_posts(fake: FakeDiscord, user: FakeUser) -> list[int]:
    """Statuses of the bot's posts in ``user``'s DM channel."""
    dm = fake.dm_channel(user)
    return [] if dm is None else [r.status for r in fake.requests
                                  if r.method == "POST" and r.path == f"/channels/{dm.id}/messages"]


async def test_closed_direct_messages_fall_back_to_a_mention_said_once(
    fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path
) -> None:
    fake, clock = fake_discord, FakeClock()
    bot, thread, bob = await started(fake, start_client, tmp_path, clock)
    bob.dms_closed = True
    await round_(bot)  # the DM is refused (403, 50007): bob becomes "mention", the notice goes to the thread
    assert dm_posts(fake, bob) == [403]
    assert (await bot.service.user_settings(bob.id)).notify == "mention"
    await round_(bot)
    said = await fake.wait_for_message(thread, lambda m: m.content.startswith(f"<@{bob.id}>"))
    assert "direct messages are closed" in said.content and "started" in said.content
    assert said.allowed_mentions is not None and said.allowed_mentions["parse"] == []  # only bob is pinged
    assert [int(u) for u in said.allowed_mentions["users"]] == [bob.id]
    assert all(r.delivered_at is not None for r in await rows(bot, bob))

    async with bot.service.store.transaction() as tx:  # a later notice: a mention, no DM tried, nothing said again
        await tx.add_notifications([NewNotification(user_id=bob.id, kind="aborted", deliver_after=clock(),
                                                    game_id=1, channel_id=thread.id, params={"game_id": 1})], clock())
    clock.advance(minutes=20)
    await round_(bot)
    later = await fake.wait_for_message(thread, lambda m: "was cancelled" in m.content)
    assert later.content.startswith(f"<@{bob.id}>") and "direct messages are closed" not in later.content
    assert dm_posts(fake, bob) == [403]
    assert [m.content for m in fake.messages_in(thread)].count(said.content) == 1


async def test_a_server_error_is_tried_again_later_with_growing_waits_then_given_up(
    fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path
) -> None:
    fake, clock = fake_discord, FakeClock()
    bot, _, bob = await started(fake, start_client, tmp_path, clock, notify_max_attempts=3)
    fake.fail("POST", DM_POST, 503, 0, "Service Unavailable", times=10)
    await round_(bot)
    await round_(bot)  # not due again yet: nothing is sent
    assert dm_posts(fake, bob) == [503]
    base = bot.service.settings.notify_retry_base
    assert {(r.attempts, r.deliver_after, r.delivered_at) for r in await rows(bot, bob)} == {(1, clock() + base, None)}
    clock.advance(seconds=31)
    await round_(bot)
    assert {(r.attempts, r.deliver_after, r.delivered_at) for r in await rows(bot, bob)} == {
        (2, clock() + 2 * base, None)}
    clock.advance(seconds=61)
    await round_(bot)  # the third failure: given up
    assert dm_posts(fake, bob) == [503, 503, 503]
    assert all(r.delivered_at is not None and r.attempts == 2 for r in await rows(bot, bob))
    clock.advance(hours=1)
    await round_(bot)
    assert dm_posts(fake, bob) == [503, 503, 503]


async def test_a_server_error_then_success_posts_once(
    fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path
) -> None:
    fake, clock = fake_discord, FakeClock()
    bot, _, bob = await started(fake, start_client, tmp_path, clock)
    fake.fail("POST", DM_POST, 503)
    await round_(bot)
    clock.advance(seconds=31)
    await round_(bot)
    assert dm_posts(fake, bob) == [503, 200]
    dm = fake.dm_channel(bob)
    assert dm is not None and len(fake.messages_in(dm)) == 1
    assert all(r.delivered_at is not None for r in await rows(bot, bob))


async def test_a_rate_limit_is_waited_out(fake_discord: FakeDiscord, start_client: ClientRunner,
                                          tmp_path: Path) -> None:
    """A short 429 (with Discord's ``Via`` header and ``retry_after``) is waited out by the client and the post
    goes through in the same round; a long one (longer than the client waits) makes the row wait at least as
    long as Discord asked."""
    fake, clock = fake_discord, FakeClock()
    bot, _, bob = await started(fake, start_client, tmp_path, clock)
    fake.fail("POST", DM_POST, 429, 0, "You are being rate limited.", retry_after=0.01)
    await round_(bot)
    assert dm_posts(fake, bob) == [429, 200]
    assert all(r.delivered_at is not None for r in await rows(bot, bob))

    bot.http.max_ratelimit_timeout = 30.0  # as with create_bot(max_ratelimit_timeout=30): longer waits raise
    async with bot.service.store.transaction() as tx:
        await tx.add_notifications([NewNotification(user_id=bob.id, kind="aborted", deliver_after=clock(),
                                                    game_id=1, params={"game_id": 1})], clock())
    clock.advance(minutes=20)
    fake.fail("POST", DM_POST, 429, 0, "You are being rate limited.", retry_after=600)
    await round_(bot)
    [row] = [r for r in await rows(bot, bob) if r.delivered_at is None]
    assert row.attempts == 1 and row.delivered_at is None
    assert row.deliver_after == clock() + timedelta(seconds=600) == clock() + bot.service.retry_delay(1, 600)
    clock.advance(minutes=11)
    await round_(bot)
    assert dm_posts(fake, bob)[-1] == 200 and all(r.delivered_at is not None for r in await rows(bot, bob))


async def test_a_lost_answer_is_retried_alone_under_its_nonce_and_a_new_notice_goes_apart(
    fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path
) -> None:
    """The DM reaches Discord but its answer is lost (a 503 after the message was made).  Meanwhile another
    notice is queued.  The retry carries the first items under their nonce (Discord returns the message it
    already has), and the new notice is a message of its own: the user sees each once, and nothing is lost."""
    fake, clock = fake_discord, FakeClock()
    bot, _, bob = await started(fake, start_client, tmp_path, clock)
    fake.fail("POST", DM_POST, 503, 0, "Service Unavailable", after_create=True)
    await round_(bot)
    dm = fake.dm_channel(bob)
    assert dm is not None and len(fake.messages_in(dm)) == 1
    async with bot.service.store.transaction() as tx:
        await tx.add_notifications([NewNotification(user_id=bob.id, kind="aborted", deliver_after=clock(),
                                                    game_id=1, params={"game_id": 1})], clock())
    clock.advance(seconds=31)
    await round_(bot)
    texts = [m.content for m in fake.messages_in(dm)]
    assert fake.nonce_hits == 1 and len(texts) == 2
    assert "started" in texts[0] and "#1 was cancelled" in texts[1] and "started" not in texts[1]
    assert all(r.delivered_at is not None for r in await rows(bot, bob))
