"""Computer players end to end: ``/splendor addbot`` (and its refusals), the computer's move posted like anyone's,
``/splendor hint`` (private, logged, refused in ranked games), through the real client and the fake Discord."""

from __future__ import annotations

import asyncio
import itertools
from pathlib import Path
from typing import Any

import pytest

from bot import Settings, create_bot
from bot.client import SplendorBot
from bot.service import GameInfo
from bot.service.bots import is_bot
from tests.bot.service.conftest import FakeClock
from tests.e2e.bot_helpers import (
    FAKE_TOKEN,
    board_messages,
    join_and_start,
    lobby_button,
    new_game,
    pick_move,
    send_move,
)
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser

pytestmark = pytest.mark.e2e


def computer_bot(fake: FakeDiscord, db_path: Path) -> SplendorBot:
    """The real bot, thinking in a thread and answering at once (no pacing delay) for the test."""
    settings = Settings(discord_token=FAKE_TOKEN, database_path=db_path, dev_guild_id=fake.guild.id,
                        computer_workers=0, computer_delay_seconds=0, computer_medium_seconds=0.05,
                        computer_hard_seconds=0.05)
    seeds = itertools.count(1)
    return create_bot(settings, guild_ready_timeout=0.05, background_interval=3600, seed_source=lambda: next(seeds))


async def reply_to(fake: FakeDiscord, user: FakeUser, thread: FakeChannel, command: str,
                   options: dict[str, Any] | None = None, locale: str | None = None) -> FakeMessage:
    handle = await fake.slash(user, thread, command, options or {}, locale=locale)
    return await handle.wait_original()


async def ranked_lobby(fake: FakeDiscord, host: FakeUser) -> tuple[FakeChannel, FakeMessage]:
    """``/splendor new`` with ``ranked`` → (the thread, its lobby message)."""
    parent = fake.channel("general")
    created = await fake.slash(host, parent, "splendor new",
                               {"ruleset": "base", "players": 2, "turn_timer": "none", "ranked": True})
    await created.wait_followups(1)
    thread = await fake.wait_until(lambda: fake.threads_of(parent)[-1], what="the ranked thread")
    lobby = await fake.wait_for_message(thread, lambda m: any("join" in c for c in m.custom_ids()))
    return thread, lobby


async def test_addbot_seats_computers_that_play_like_anyone(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                           tmp_path: Path) -> None:
    fake = fake_discord
    bot = await start_client(computer_bot(fake, tmp_path / "g.sqlite3"))
    alice, bob = fake.user("alice"), fake.user("bob")
    thread, lobby, _ = await new_game(fake, alice, players=3)

    refused = await reply_to(fake, bob, thread, "splendor addbot", {"level": "easy"})  # not the host
    assert refused.ephemeral and "Only the game's creator" in refused.content
    added = await reply_to(fake, alice, thread, "splendor addbot", {"level": "hard"})
    assert not added.ephemeral and added.content == "Bot (hard) takes a seat (2/3)."
    added = await reply_to(fake, alice, thread, "splendor addbot", {"level": "easy"}, locale="es-ES")
    assert added.content == "Bot 2 (easy) takes a seat (3/3)."  # a public post: the game's language
    full = await reply_to(fake, alice, thread, "splendor addbot", {"level": "easy"})  # full table
    assert full.ephemeral and "full" in full.content
    refused = await reply_to(fake, bob, thread, "splendor removebot")
    assert refused.ephemeral and "Only the game's creator" in refused.content
    removed = await reply_to(fake, alice, thread, "splendor removebot")
    assert removed.content == "Bot 2 (easy) leaves the lobby (2/3)."
    added = await reply_to(fake, alice, thread, "splendor addbot", {"level": "easy"})
    assert added.content == "Bot 2 (easy) takes a seat (3/3)."
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None and game.has_bots and [p.bot_level for p in game.players] == [None, "hard", "easy"]

    start = await fake.click(alice, lobby, lobby_button(lobby, "start"))
    await start.accepted()
    started = await reply_to(fake, alice, thread, "splendor addbot", {"level": "easy"})  # game started
    assert started.ephemeral and "already started" in started.content

    # Computers move on their own, each move posted as a board; the person plays when it is their turn.
    for _ in range(3):
        game = await person_turn(bot, thread, alice.id)
        boards = len(board_messages(fake, thread))
        state = await bot.service.state(game)
        handle = await send_move(fake, alice, thread, pick_move(state))
        assert (await handle.wait_followups(1))[0].ephemeral
        await fake.wait_until(lambda b=boards: len(board_messages(fake, thread)) >= b + 3,
                              what="the person's board and both computers' boards")
    posts = [m.content for m in board_messages(fake, thread)]
    assert any("Bot (hard)" in p for p in posts) and any("Bot 2 (easy)" in p for p in posts)
    assert not any("<@-" in p for p in posts)  # computers are named, never mentioned
    assert not any("A computer player (medium) made" in p for p in posts)  # its own moves are not made for anyone
    log = await bot.service.actions(game)
    assert {a.source for a in log} == {"player", "ai"} and all(is_bot(a.user_id or 0) for a in log
                                                                if a.source == "ai")
    # Each computer move's board is posted with its outbox row's nonce (posted again after a crash: kept once).
    nonces = [str(m.nonce) for m in board_messages(fake, thread) if str(m.nonce).startswith("splendor-b")]
    assert len(set(nonces)) == len(nonces) == sum(a.source == "ai" for a in log)

    ranked_thread, _ = await ranked_lobby(fake, alice)
    refused = await reply_to(fake, alice, ranked_thread, "splendor addbot", {"level": "hard"})  # ranked game
    assert refused.ephemeral and "ranked" in refused.content


async def person_turn(bot: SplendorBot, thread: FakeChannel, user_id: int) -> int:
    """The game id once it is ``user_id``'s turn (the computers before them have moved)."""
    for _ in range(500):
        game = await bot.service.game_for_channel(thread.id)
        if game is not None and game.status == "active" and game.to_act_user == user_id:
            return game.game_id
        await asyncio.sleep(0.01)
    raise AssertionError("the computers did not hand the turn back")


async def two_players(fake: FakeDiscord, start_client: ClientRunner, tmp_path: Path
                      ) -> tuple[SplendorBot, FakeChannel, GameInfo, tuple[FakeUser, FakeUser]]:
    """A started 2-player game of alice and bob: (the bot, the thread, the game, (the one to act, the other))."""
    bot = await start_client(computer_bot(fake, tmp_path / "g.sqlite3"))
    alice, bob = fake.user("alice"), fake.user("bob")
    thread, lobby, _ = await new_game(fake, alice, players=2)
    await join_and_start(fake, thread, lobby, alice, [bob])
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None
    return bot, thread, game, ((alice, bob) if game.to_act_user == alice.id else (bob, alice))


async def test_hint_is_private_logged_and_refused_in_ranked_games(fake_discord: FakeDiscord,
                                                                  start_client: ClientRunner, tmp_path: Path) -> None:
    fake = fake_discord
    bot, thread, game, (mover, waiting) = await two_players(fake, start_client, tmp_path)
    alice, bob = (mover, waiting) if mover.username == "alice" else (waiting, mover)

    refused = await fake.slash(waiting, thread, "splendor hint")
    reply = (await refused.wait_followups(1))[0]
    assert reply.ephemeral and reply.content.startswith("It is not your turn")
    asked = await fake.slash(mover, thread, "splendor hint")
    reply = (await asked.wait_followups(1))[0]
    assert reply.ephemeral and reply.content.startswith("Suggestion: **") and "point" in reply.content
    spanish = await fake.slash(mover, thread, "splendor hint", locale="es-ES")
    assert (await spanish.wait_followups(1))[0].content.startswith("Sugerencia: **")
    assert (await bot.service.game(game.game_id)).version == game.version  # a hint plays nothing
    log = await reply_to(fake, waiting, thread, "splendor log")
    assert log.ephemeral and "used a hint (move 1)" in log.content

    ranked_thread, lobby = await ranked_lobby(fake, alice)
    await join_and_start(fake, ranked_thread, lobby, alice, [bob])
    ranked_game = await bot.service.game_for_channel(ranked_thread.id)
    assert ranked_game is not None
    mover = alice if ranked_game.to_act_user == alice.id else bob
    refused = await fake.slash(mover, ranked_thread, "splendor hint")
    reply = (await refused.wait_followups(1))[0]
    assert reply.ephemeral and "only for unranked games" in reply.content


async def test_an_expired_turn_is_played_by_a_computer(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                       tmp_path: Path) -> None:
    fake = fake_discord
    clock = FakeClock()
    settings = Settings(discord_token=FAKE_TOKEN, database_path=tmp_path / "g.sqlite3", dev_guild_id=fake.guild.id,
                        computer_workers=0, computer_medium_seconds=0.05)
    bot = await start_client(create_bot(settings, guild_ready_timeout=0.05, background_interval=0.02, clock=clock,
                                        seed_source=lambda: 4))
    alice, bob = fake.user("alice"), fake.user("bob")
    parent = fake.channel("general")
    created = await fake.slash(alice, parent, "splendor new",
                               {"ruleset": "base", "players": 2, "turn_timer": "12h", "on_timeout": "ai"})
    await created.wait_followups(1)
    thread = await fake.wait_until(lambda: fake.threads_of(parent) and fake.threads_of(parent)[-1], what="thread")
    lobby = await fake.wait_for_message(thread, lambda m: any("join" in c for c in m.custom_ids()))
    await join_and_start(fake, thread, lobby, alice, [bob])
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None and game.timeout_policy == "ai"
    late = game.to_act_user

    boards = len(board_messages(fake, thread))
    clock.advance(hours=13)  # the turn runs out: a medium computer plays it, and the board is posted
    await fake.wait_until(lambda: len(board_messages(fake, thread)) > boards, what="the board after the takeover")
    assert "A computer player (medium) made" in board_messages(fake, thread)[-1].content
    clock.advance(minutes=20)
    notice = await fake.wait_for_message(thread, lambda m: "made the move for you" in m.content)
    assert f"<@{late}>" in notice.content and "(1/3)" in notice.content
    played = await bot.service.actions(game.game_id)
    assert played and {(a.source, a.user_id) for a in played} == {("ai", late)}


async def test_a_vacation_can_be_played_by_a_computer(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                      tmp_path: Path) -> None:
    fake = fake_discord
    bot, thread, game, (away, _) = await two_players(fake, start_client, tmp_path)
    boards = len(board_messages(fake, thread))
    reply = await reply_to(fake, away, thread, "player settings", {"vacation_days": 3, "vacation_bot": True})
    assert reply.ephemeral and "A computer player plays your turns during this vacation." in reply.content
    await fake.wait_until(lambda: len(board_messages(fake, thread)) > boards, what="the computer's board")
    assert "A computer player (medium) made" in board_messages(fake, thread)[-1].content
    played = await bot.service.actions(game.game_id)
    assert played and {(a.source, a.user_id) for a in played} == {("ai", away.id)}
