"""Rematch through the real bot (issue 33): the Rematch button under a final board opens a lobby in a new thread
with the same players and settings, seats rotated; it starts when every player has accepted."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.client import SplendorBot
from bot.service import GameInfo
from tests.e2e.bot_helpers import (
    board_messages,
    join_and_start,
    lobby_button,
    make_bot,
    new_game,
    play_to_the_end,
    reply_of,
)
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser

pytestmark = pytest.mark.e2e


async def test_a_rematch_accepted_by_all(fake_discord: FakeDiscord, start_client: ClientRunner,
                                         tmp_path: Path) -> None:
    fake = fake_discord
    bot = await start_client(make_bot(fake, tmp_path / "rematch.sqlite3"))
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    users = {u.id: u for u in (alice, bob)}
    general = fake.channel("general")
    thread, lobby, _ = await new_game(fake, alice, "base", 2, target=5)
    await join_and_start(fake, thread, lobby, alice, [bob])
    old = await play_to_the_end(fake, bot, thread, users)
    old_order = [p.user_id for p in old.players]
    final = board_messages(fake, thread)[-1]
    [rematch_id] = final.custom_ids()  # the final board's one button
    assert rematch_id.endswith(":rematch")

    threads = len(fake.threads_of(general))
    click = await fake.click(bob, final, rematch_id)
    private = await reply_of(click)
    assert private.ephemeral and "Rematch of game" in private.content
    new_thread = await fake.wait_until(lambda: fake.threads_of(general)[threads:] and fake.threads_of(general)[threads],
                                       what="the rematch thread")
    new_lobby = await fake.wait_for_message(new_thread, lambda m: any(c.endswith(":join") for c in m.custom_ids()))
    waiting = [u for u in old_order if u != bob.id]
    assert "Rematch of game" in new_lobby.content and f"<@{alice.id}>" in new_lobby.content
    # the one it waits for is pinged; nobody else
    pinged = new_lobby.allowed_mentions or {}
    assert [int(u) for u in pinged.get("users", [])] == waiting and pinged.get("parse") == []
    link = await fake.wait_for_message(thread, lambda m: "Rematch of game" in m.content and not m.ephemeral)
    assert f"<#{new_thread.id}>" in link.content

    # asked again in the old thread: the open rematch, privately
    again = await fake.slash(alice, thread, "splendor rematch", {})
    answer = await reply_of(again)
    assert answer.ephemeral and f"<#{new_thread.id}>" in answer.content and "already open" in answer.content
    assert len(fake.threads_of(general)) == threads + 1

    # someone who did not play is refused, privately
    refused = await fake.click(carol, new_lobby, lobby_button(new_lobby, "join"))
    no = await reply_of(refused)
    assert no.ephemeral and "not open to you" in no.content

    # the last acceptance starts it, seats rotated
    accept = await fake.click(alice, new_lobby, lobby_button(new_lobby, "join"))
    await accept.accepted()
    first_board = await fake.wait_for_message(new_thread, lambda m: bool(m.attachments))
    assert first_board.attachment("table.png").data.startswith(b"\x89PNG")
    game = await bot.service.game_for_channel(new_thread.id)
    assert game is not None and game.status == "active" and game.rematch_of == old.game_id
    assert [p.user_id for p in game.players] == old_order[1:] + old_order[:1]
    assert (game.ruleset, dict(game.options), game.turn_timer) == (old.ruleset, dict(old.options), old.turn_timer)
    assert new_lobby.custom_ids() == []  # the lobby lost its buttons once started


async def _finished(fake: FakeDiscord, bot: SplendorBot, alice: FakeUser, bob: FakeUser
                    ) -> tuple[FakeChannel, GameInfo, FakeMessage, str]:
    """A finished 2-player game of ``alice`` and ``bob``: its thread, the game, the final board, its Rematch id."""
    thread, lobby, _ = await new_game(fake, alice, "base", 2, target=5)
    await join_and_start(fake, thread, lobby, alice, [bob])
    old = await play_to_the_end(fake, bot, thread, {u.id: u for u in (alice, bob)})
    final = board_messages(fake, thread)[-1]
    [rematch_id] = final.custom_ids()
    return thread, old, final, rematch_id


async def test_three_quick_rematch_clicks_make_one_thread_and_delete_none(fake_discord: FakeDiscord,
                                                                          start_client: ClientRunner,
                                                                          tmp_path: Path) -> None:
    """The rematch is claimed before any thread exists: a thread created then deleted shows on real Discord."""
    import asyncio

    fake = fake_discord
    bot = await start_client(make_bot(fake, tmp_path / "rematch3.sqlite3"))
    alice, bob = fake.user("alice"), fake.user("bob")
    general = fake.channel("general")
    thread, old, final, rematch_id = await _finished(fake, bot, alice, bob)
    before = {c.id for c in fake.channels.values() if c.parent_id == general.id}

    clicks = await asyncio.gather(*(fake.click(user, final, rematch_id) for user in (bob, alice, bob)))
    replies = [await reply_of(click) for click in clicks]
    made = [c for c in fake.channels.values() if c.parent_id == general.id and c.id not in before]
    assert len(made) == 1 and not made[0].deleted  # one thread, none created and deleted
    assert all(r.ephemeral for r in replies)
    assert sum("is open in" in r.content for r in replies) == 1, [r.content for r in replies]
    assert all("is open in" in r.content or "already open" in r.content or "being opened" in r.content
               for r in replies), [r.content for r in replies]
    new_lobby = await fake.wait_for_message(made[0], lambda m: any(c.endswith(":join") for c in m.custom_ids()))
    assert "the creator presses Start" not in new_lobby.content  # it starts by itself once all have accepted
    assert "it starts when all have accepted" in new_lobby.content
    game = await bot.service.game_for_channel(made[0].id)
    assert game is not None and game.rematch_of == old.game_id and game.status == "lobby"
    finished = await bot.service.game_for_channel(thread.id)
    assert finished is not None and finished.game_id == old.game_id  # the old thread keeps its own game


async def test_a_rematch_without_a_new_thread_opens_in_the_old_one(fake_discord: FakeDiscord,
                                                                   start_client: ClientRunner,
                                                                   tmp_path: Path) -> None:
    """Discord refuses the thread (too many active threads, permissions): the rematch claimed in the old game's
    thread opens there, rather than being lost or left claimed with no lobby."""
    fake = fake_discord
    bot = await start_client(make_bot(fake, tmp_path / "rematch-here.sqlite3"))
    alice, bob = fake.user("alice"), fake.user("bob")
    general = fake.channel("general")
    thread, old, final, rematch_id = await _finished(fake, bot, alice, bob)
    threads = len(fake.threads_of(general))
    fake.fail("POST", rf"/channels/{general.id}/threads$", 400, 160006, "Maximum number of active threads reached")
    answer = await reply_of(await fake.click(bob, final, rematch_id))
    assert answer.ephemeral and f"<#{thread.id}>" in answer.content and "Rematch of game" in answer.content
    assert len(fake.threads_of(general)) == threads
    new_lobby = await fake.wait_for_message(thread, lambda m: any(c.endswith(":join") for c in m.custom_ids()))
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None and game.rematch_of == old.game_id and game.status == "lobby"
    assert f"Game #{game.game_id}" in new_lobby.content
    accept = await fake.click(alice, new_lobby, lobby_button(new_lobby, "join"))
    await accept.accepted()
    await fake.wait_until(lambda: board_messages(fake, thread)[-1].id > new_lobby.id, what="the rematch's first board")
    started = await bot.service.game(game.game_id)
    assert started.status == "active" and started.channel_id == thread.id
