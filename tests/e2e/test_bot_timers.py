"""Turn timers end to end: a reminder before the deadline, the skip when it runs out, the next player's
turn by direct message — each delivered by the bot's background loop through the real client."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from bot import Settings, create_bot
from tests.bot.service.conftest import FakeClock
from tests.e2e.bot_helpers import FAKE_TOKEN, join_and_start
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e


async def test_reminder_skip_and_direct_message(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                tmp_path: Path) -> None:
    fake = fake_discord
    clock = FakeClock()
    seeds = itertools.count(1)
    settings = Settings(discord_token=FAKE_TOKEN, database_path=tmp_path / "g.sqlite3", dev_guild_id=fake.guild.id)
    bot = await start_client(create_bot(settings, guild_ready_timeout=0.05, background_interval=0.02, clock=clock,
                                        seed_source=lambda: next(seeds)))
    alice, bob = fake.user("alice"), fake.user("bob")
    parent = fake.channel("general")
    created = await fake.slash(alice, parent, "splendor new", {"ruleset": "base", "players": 2, "turn_timer": "12h"})
    await created.wait_followups(1)
    thread = await fake.wait_until(lambda: fake.threads_of(parent) and fake.threads_of(parent)[-1], what="thread")
    lobby = await fake.wait_for_message(thread, lambda m: any("join" in c for c in m.custom_ids()))
    await join_and_start(fake, thread, lobby, alice, [bob])
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None and game.turn_timer is not None
    first = fake.user("alice") if game.to_act_user == alice.id else bob
    second = bob if first is alice else alice
    await bot.service.set_notify(second.id, "dm")

    clock.advance(hours=10, minutes=30)  # the reminder comes 2 hours before the deadline
    reminder = await fake.wait_for_message(thread, lambda m: "Reminder" in m.content)
    assert f"<@{first.id}>" in reminder.content and f"<#{thread.id}>" in reminder.content
    assert re.search(r"<t:\d+:R>", reminder.content)  # the deadline, in each reader's own time zone

    boards = len([m for m in fake.messages_in(thread) if m.attachments])
    clock.advance(hours=2)  # the turn runs out: skipped with the minimal move, a new board is posted
    await fake.wait_until(lambda: len([m for m in fake.messages_in(thread) if m.attachments]) > boards,
                          what="the board after the skip")
    board = [m for m in fake.messages_in(thread) if m.attachments][-1]
    assert "ran out of time" in board.content and "played automatically" in board.content  # the post says so
    clock.advance(minutes=20)  # at most one notification per 15 minutes per user: the skip notice follows
    skipped = await fake.wait_for_message(thread, lambda m: "was skipped" in m.content)
    assert f"<@{first.id}>" in skipped.content and "(1/3)" in skipped.content
    after = await bot.service.game_for_channel(thread.id)
    assert after is not None and after.version >= 1 and after.to_act_user == second.id

    dm = await fake.wait_until(lambda: fake.dm_channel(second), what="a DM channel")
    note = await fake.wait_for_message(dm, lambda m: "Your turn" in m.content)
    assert f"<#{thread.id}>" in note.content
