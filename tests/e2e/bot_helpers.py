"""Driving the real Splendor bot through the fake Discord: create, join, start, and play legal moves."""

from __future__ import annotations

import itertools
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import engine
from bot.client import SplendorBot, create_bot
from bot.config import Settings
from bot.service import GameInfo
from tests.e2e.fakediscord import FAKE_TOKEN, FakeChannel, FakeDiscord, FakeMessage, FakeUser, InteractionHandle


def make_bot(fake: FakeDiscord, db_path: Path, *, computer_workers: int = 1, background_interval: float = 3600,
             **options: Any) -> SplendorBot:
    # Images drawn in a thread: render processes cost each test's start ~1 s of CPU (test_bot_operations,
    # test_bot_timers and test_bot_random_games run with them).
    settings = Settings(discord_token=FAKE_TOKEN, database_path=db_path, dev_guild_id=fake.guild.id, render_workers=0,
                        computer_workers=computer_workers)
    seeds = itertools.count(1)
    return create_bot(settings, guild_ready_timeout=0.05, background_interval=background_interval,
                      seed_source=lambda: next(seeds), **options)


async def reply_of(handle: InteractionHandle) -> FakeMessage:
    """The one answer of an interaction, whether it came as the response or as a followup."""

    def ready() -> FakeMessage | None:
        if handle.followups:
            return handle.followups[-1]
        msg = handle.original
        return msg if msg is not None and not msg.loading else None

    return await handle.fake.wait_until(ready, 5.0, "an answer")


def board_messages(fake: FakeDiscord, thread: FakeChannel) -> list[FakeMessage]:
    return [m for m in fake.messages_in(thread) if m.attachments and m.attachments[0].filename == "table.png"]


async def new_game(
    fake: FakeDiscord, creator: FakeUser, ruleset: str = "base", players: int = 2, *, target: int | None = None,
    locale: str | None = None, channel: str = "general",
) -> tuple[FakeChannel, FakeMessage, InteractionHandle]:
    """``/splendor new`` → (the game's thread, its lobby message, the handle)."""
    options: dict[str, Any] = {"ruleset": ruleset, "players": players, "turn_timer": "none"}
    if target is not None:
        options["target"] = target
    parent = fake.channel(channel)
    before = len(fake.threads_of(parent))
    handle = await fake.slash(creator, parent, "splendor new", options, locale=locale)
    await handle.wait_followups(1)
    thread = await fake.wait_until(lambda: fake.threads_of(parent)[before:] and fake.threads_of(parent)[before],
                                   what="the game thread")
    lobby = await fake.wait_for_message(thread, lambda m: any("join" in c for c in m.custom_ids()))
    return thread, lobby, handle


async def two_players(fake: FakeDiscord, start_client: Callable[[SplendorBot], Awaitable[SplendorBot]], db: Path,
                      ruleset: str = "base") -> tuple[SplendorBot, FakeChannel, int, FakeUser, FakeUser]:
    """A started 2-player game of alice and bob: the bot, the thread, the game id, who acts first and the other."""
    bot = await start_client(make_bot(fake, db))
    alice, bob = fake.user("alice"), fake.user("bob")
    thread, lobby, _ = await new_game(fake, alice, ruleset, 2)
    await join_and_start(fake, thread, lobby, alice, [bob])
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None and game.to_act_user is not None
    first = alice if game.to_act_user == alice.id else bob
    return bot, thread, game.game_id, first, bob if first is alice else alice


def lobby_button(lobby: FakeMessage, verb: str) -> str:
    return next(c for c in lobby.custom_ids() if c.endswith(f":{verb}"))


async def join_and_start(fake: FakeDiscord, thread: FakeChannel, lobby: FakeMessage, creator: FakeUser,
                         others: list[FakeUser]) -> FakeMessage:
    for user in others:
        click = await fake.click(user, lobby, lobby_button(lobby, "join"))
        await click.accepted()
        await fake.wait_until(lambda u=user: f"<@{u.id}>" in lobby.content, what="the lobby to list the player")
    click = await fake.click(creator, lobby, lobby_button(lobby, "start"))
    await click.accepted()
    return await fake.wait_for_message(thread, lambda m: bool(m.attachments))


def _value(code: str) -> tuple[bool, str]:
    parts = code.split()
    return parts[0] in ("set", "run"), parts[1][:1] if len(parts) > 1 else ""


def pick_move(state: Any) -> str:
    """A legal move that makes progress: the most valuable purchase, else gems, else anything (first is fine)."""
    actions = engine.legal_actions(state)
    buys = [str(a) for a in actions if a.family in ("buy", "claim")]
    if buys:
        return max(buys, key=_value)
    takes = [str(a) for a in actions if a.family == "take"]
    if takes:
        return takes[0]
    return str(actions[0])


async def send_move(fake: FakeDiscord, user: FakeUser, thread: FakeChannel, code: str,
                    locale: str | None = None, *, ruleset: str = "base") -> InteractionHandle:
    """Send ``code`` through the real slash command for its kind."""
    verb = engine.find_ruleset(ruleset).parse_action(code).family
    parts = code.split(" ", 1)
    rest = parts[1] if len(parts) > 1 else ""
    if verb == "take":
        return await fake.slash(user, thread, "take", {"gems": rest}, locale=locale)
    if verb == "reserve":
        return await fake.slash(user, thread, "reserve", {"card": rest}, locale=locale)
    if verb == "buy":
        card, _, payment = rest.partition(" ")
        options = {"card": card} | ({"payment": payment} if payment else {})
        return await fake.slash(user, thread, "buy", options, locale=locale)
    if verb == "claim":
        return await fake.slash(user, thread, "claim", {"cards": code}, locale=locale)
    return await fake.slash(user, thread, "choose", {"option": code}, locale=locale)


async def play_to_the_end(fake: FakeDiscord, bot: SplendorBot, thread: FakeChannel, users: dict[int, FakeUser],
                          max_moves: int = 2000) -> GameInfo:
    """Play legal moves through the slash commands until the game is over; each must post a new board."""
    for _ in range(max_moves):
        game = await bot.service.game_for_channel(thread.id)
        assert game is not None
        if game.status != "active":
            return game
        state = await bot.service.state(game.game_id)
        code = pick_move(state)
        boards = len(board_messages(fake, thread))
        handle = await send_move(fake, users[game.to_act_user or 0], thread, code, ruleset=game.ruleset)
        reply = (await handle.wait_followups(1))[0]
        assert reply.ephemeral and not reply.loading, reply.content
        assert "Played" in reply.content, (code, reply.content)
        await fake.wait_until(lambda b=boards: len(board_messages(fake, thread)) > b, what="the next board")
    raise AssertionError("the game did not end")
