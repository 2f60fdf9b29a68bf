"""Time banks end to end (issue 33): ``/splendor new`` with a time bank, the banks on the board (a Discord timestamp
for the player to move, words for the others), and a bank that runs out across the player's quiet hours: the clock
stops for them, then the timeout policy applies -- all through the real client and the bot's background loop."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest

from tests.bot.service.conftest import T0, FakeClock
from tests.e2e.bot_helpers import board_messages, join_and_start, make_bot, reply_of
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e


async def test_a_bank_on_the_board_runs_out_across_quiet_hours(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                               tmp_path: Path) -> None:
    fake = fake_discord
    clock = FakeClock()  # 12:00 UTC
    bot = await start_client(make_bot(fake, tmp_path / "g.sqlite3", background_interval=0.02, clock=clock))
    alice, bob = fake.user("alice"), fake.user("bob")
    parent = fake.channel("general")
    for user in (alice, bob):  # quiet from 20:00 to 23:00 UTC: no pings, and their clocks stop
        quiet = await fake.slash(user, parent, "player settings", {"quiet_hours": "20-23", "timezone": "UTC"})
        assert "Quiet hours" in (await quiet.wait_original()).content
    created = await fake.slash(alice, parent, "splendor new",
                               {"ruleset": "base", "players": 2, "turn_timer": "bank:1d+12h"})
    await created.wait_followups(1)
    thread = await fake.wait_until(lambda: fake.threads_of(parent) and fake.threads_of(parent)[-1], what="thread")
    lobby = await fake.wait_for_message(thread, lambda m: any("join" in c for c in m.custom_ids()))
    assert "time bank of 1 day, +12 hours per turn" in lobby.content
    board = await join_and_start(fake, thread, lobby, alice, [bob])
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None and game.time_bank is not None and game.to_act_user is not None
    first, second = (alice, bob) if game.to_act_user == alice.id else (bob, alice)
    # the first player's day: 8 h until 20:00, 3 quiet hours, then 16 h: 15:00 UTC tomorrow
    deadline = T0 + timedelta(hours=27)
    assert game.deadline == deadline
    (tmp_path / "board.txt").write_text(board.content, "utf-8")  # the closing note shows them
    (tmp_path / "board.png").write_bytes(board.attachments[0].data)
    one, two = (u.global_name or u.username for u in (first, second))
    line = next(x for x in board.content.splitlines() if x.startswith("⏳"))
    assert line == (f"⏳ Time banks: {one}'s bank runs out <t:{int(deadline.timestamp())}:R>"
                    f" · {two} has 1 day"), line

    boards = len(board_messages(fake, thread))
    clock.advance(hours=24)  # a day later: without the quiet hours the bank would have run out
    clock.advance(hours=2, minutes=59)
    assert await bot.service.run_due_timers() == []  # 14:59 UTC: nothing is due (the loop's own call)
    assert len(board_messages(fake, thread)) == boards
    clock.advance(minutes=1)  # 15:00 UTC: the bank runs out, the turn is skipped (the game's policy)
    await fake.wait_until(lambda: len(board_messages(fake, thread)) > boards, what="the board after the skip")
    after = board_messages(fake, thread)[-1]
    (tmp_path / "after.txt").write_text(after.content, "utf-8")
    (tmp_path / "after.png").write_bytes(after.attachments[0].data)
    assert "ran out of time" in after.content
    line = next(x for x in after.content.splitlines() if x.startswith("⏳"))
    # the second player to move now (their day from 15:00: 5 h, 3 quiet, 19 h); the first keeps the increment
    assert re.fullmatch(rf"⏳ Time banks: {one} has 12 hours · {two}'s bank runs out <t:\d+:R>", line) \
        or re.fullmatch(rf"⏳ Time banks: {two}'s bank runs out <t:\d+:R> · {one} has 12 hours", line), \
        line
    state = await bot.service.game_for_channel(thread.id)
    assert state is not None and state.to_act_user == second.id
    assert state.deadline == clock.now + timedelta(hours=27)


async def test_a_server_defaults_to_a_time_bank(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                tmp_path: Path) -> None:
    fake = fake_discord
    bot = await start_client(make_bot(fake, tmp_path / "bank-defaults.sqlite3"))
    owner, alice = fake.user("owner"), fake.user("alice")
    general = fake.channel("general")
    shown = await reply_of(await fake.slash(owner, general, "server defaults",
                                            {"turn_timer": "bank:3d+1d", "language": "pt"}))
    assert shown.ephemeral and "Turn timer: time bank of 3 days, +1 day per turn" in shown.content
    handle = await fake.slash(alice, general, "splendor new", {"players": 2})
    await handle.wait_followups(1)
    thread = await fake.wait_until(lambda: fake.threads_of(general) and fake.threads_of(general)[-1], what="thread")
    lobby = await fake.wait_for_message(thread, lambda m: any("join" in c for c in m.custom_ids()))
    assert "banco de tempo de 3 dias, +1 dia por turno" in lobby.content  # the game's language
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None and game.time_bank == (timedelta(days=3), timedelta(days=1)) and game.turn_timer is None
    board = await join_and_start(fake, thread, lobby, alice, [fake.user("bob")])
    line = next(x for x in board.content.splitlines() if x.startswith("⏳"))
    assert line.startswith("⏳ Bancos de tempo: ") and " tem 3 dias" in line and "acaba <t:" in line
