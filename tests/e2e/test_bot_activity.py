"""The game as a Discord Activity, on Discord's side (issue 44): the Entry Point command survives command sync, the
fake refuses a sync that would drop it as Discord does (400, 50240, nothing registers), and the board's "Play at
the table" button answers with ``LAUNCH_ACTIVITY`` where the application has Activities on; and the whole chain in the
bot's process, from the button to a move played through the Activity's session."""

from __future__ import annotations

import asyncio
import itertools
import socket
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands

from bot.client import SplendorBot, create_bot
from bot.config import Settings
from tests.e2e.bot_helpers import board_messages, join_and_start, new_game, pick_move, reply_of
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FAKE_TOKEN, FakeChannel, FakeDiscord, FakeMessage
from tests.e2e.fakediscord.activities import ENTRY_POINT_REMOVED, LAUNCH_ACTIVITY, PRIMARY_ENTRY_POINT
from tests.e2e.fakediscord.oauth import CLIENT_SECRET

pytestmark = pytest.mark.e2e


def activity_bot(fake: FakeDiscord, db: Path, *, activity: bool = True, global_sync: bool = False) -> SplendorBot:
    """The bot with ``SPLENDOR_ACTIVITY`` as given; ``global_sync``: its commands synced globally (the Entry Point
    lives among the global commands), else to the test guild as the other tests do."""
    settings = Settings(discord_token=FAKE_TOKEN, database_path=db, render_workers=0, computer_workers=1,
                        dev_guild_id=None if global_sync else fake.guild.id, activity=activity)
    seeds = itertools.count(1)
    return create_bot(settings, guild_ready_timeout=0.05, background_interval=3600, seed_source=lambda: next(seeds))


def types(commands: list[dict[str, object]]) -> list[int]:
    return [int(str(c.get("type", 1))) for c in commands]


async def test_sync_sends_the_entry_point_discord_made_back(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                            tmp_path: Path) -> None:
    fake = fake_discord
    entry = fake.activities.enable()  # the Developer Portal's switch: Discord makes the Entry Point itself
    await start_client(activity_bot(fake, tmp_path / "a.sqlite3", global_sync=True))
    scope, sent = fake.command_syncs[-1]
    assert scope is None
    assert types(sent).count(PRIMARY_ENTRY_POINT) == 1
    assert next(c for c in sent if c.get("type") == PRIMARY_ENTRY_POINT)["id"] == entry["id"]  # the same command
    registered = fake.commands[None]
    assert fake.activities.entry_point() is not None and fake.activities.entry_point()["id"] == entry["id"]
    assert {"splendor", "take"} <= {str(c["name"]) for c in registered}


async def test_with_activities_on_and_no_entry_point_yet_the_bot_registers_its_own(
        fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path) -> None:
    fake = fake_discord
    await start_client(activity_bot(fake, tmp_path / "a.sqlite3", global_sync=True))
    entry = fake.activities.entry_point()
    assert entry is not None and entry["handler"] == 2 and entry["name"] == "launch"
    assert entry["description_localizations"]["es-ES"] != entry["description"]


async def test_the_fake_refuses_a_sync_that_drops_the_entry_point_and_registers_nothing(
        fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path) -> None:
    fake = fake_discord
    bot = await start_client(activity_bot(fake, tmp_path / "a.sqlite3", activity=False, global_sync=True))
    before = list(fake.commands[None])
    fake.activities.enable()  # turned on after the bot's sync: Discord adds its Entry Point
    with_entry = list(fake.commands[None])
    assert len(with_entry) == len(before) + 1
    # What discord.py's own CommandTree.sync sends: the tree's commands only, no Entry Point.
    with pytest.raises(discord.HTTPException) as refused:
        await app_commands.CommandTree.sync(bot.tree)
    assert refused.value.status == 400 and refused.value.code == ENTRY_POINT_REMOVED
    assert fake.commands[None] == with_entry  # nothing registered, nothing removed
    # The bot's sync reads the Entry Point back and sends it along: accepted.
    synced = await bot.tree.sync()
    assert PRIMARY_ENTRY_POINT in types(fake.command_syncs[-1][1]) and fake.activities.entry_point() is not None
    assert {c.name for c in synced} == {str(c["name"]) for c in before}
    # and an app has one Entry Point, a global one: two, or one in a guild's overwrite, are refused too
    entry = {k: v for k, v in fake.activities.entry_point().items() if k not in ("id", "version", "application_id")}
    for guild, payload in ((None, [entry, {**entry, "name": "launch2"}]), (fake.guild, [entry])):
        with pytest.raises(discord.HTTPException) as twice:
            if guild is None:
                await bot.http.bulk_upsert_global_commands(bot.application_id, payload=payload)
            else:
                await bot.http.bulk_upsert_guild_commands(bot.application_id, guild.id, payload=payload)
        assert twice.value.code == 50035
    assert fake.activities.entry_point() is not None and len(fake.commands[None]) == len(with_entry)


async def _board_with_table(fake: FakeDiscord, bot: SplendorBot) -> tuple[FakeChannel, FakeMessage, str]:
    alice, bob = fake.user("alice"), fake.user("bob")
    thread, lobby, _ = await new_game(fake, alice, "base", 2)
    await join_and_start(fake, thread, lobby, alice, [bob])
    board = board_messages(fake, thread)[-1]
    return thread, board, next((c for c in board.custom_ids() if c.endswith(":table")), "")


async def test_the_board_button_launches_the_activity_in_the_game_thread(
        fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path) -> None:
    fake = fake_discord
    fake.activities.enable()
    bot = await start_client(activity_bot(fake, tmp_path / "a.sqlite3"))
    thread, board, table = await _board_with_table(fake, bot)
    assert table, "the board has a Play at the table button"
    label = board.component(table)["label"]
    assert label == "Play at the table"
    bob = fake.user("bob")
    click = await fake.click(bob, board, table)
    answer = await click.accepted()
    assert answer.type == LAUNCH_ACTIVITY
    launched = fake.activities.launched[-1]
    assert launched.channel_id == thread.id and launched.users == [bob.id]


async def test_a_launch_for_an_app_without_activities_is_refused_and_the_player_told(
        fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path) -> None:
    fake = fake_discord  # the operator set SPLENDOR_ACTIVITY but the Developer Portal has Activities off
    bot = await start_client(activity_bot(fake, tmp_path / "a.sqlite3"))
    _thread, board, table = await _board_with_table(fake, bot)
    click = await fake.click(fake.user("bob"), board, table)
    first = await click.initial()
    assert first.type == LAUNCH_ACTIVITY and first.status == 400 and first.error_code == 50035
    assert not fake.activities.launched
    said = await reply_of(click)
    assert said.ephemeral and "Activities" in said.content


async def test_without_activities_the_board_has_no_table_button(
        fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path) -> None:
    fake = fake_discord
    bot = await start_client(activity_bot(fake, tmp_path / "a.sqlite3", activity=False))
    _thread, board, table = await _board_with_table(fake, bot)
    assert table == "" and board.custom_ids()


async def test_from_the_button_to_a_move_through_the_bots_own_activity(
        fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path) -> None:
    """The whole chain in the bot's process: the board's button launches an instance in the game's thread; the
    Activity (served beside the bot) exchanges the code, checks the instance with Discord, binds a session to that
    game; a move sent with its bearer token and CSRF token is played, and the thread gets its board."""
    fake = fake_discord
    fake.activities.enable()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    site = f"http://127.0.0.1:{port}"
    settings = Settings(discord_token=FAKE_TOKEN, database_path=tmp_path / "a.sqlite3", render_workers=0,
                        computer_workers=1, dev_guild_id=fake.guild.id, activity=True, web_port=port, web_url=site,
                        web_play=True, client_secret=CLIENT_SECRET, application_id=fake.application_id,
                        discord_url=fake.base_url)
    seeds = itertools.count(1)
    bot = await start_client(create_bot(settings, guild_ready_timeout=0.05, background_interval=3600,
                                        seed_source=lambda: next(seeds)))
    thread, board, table = await _board_with_table(fake, bot)
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None and game.to_act_user is not None
    mover = fake.users[game.to_act_user]
    await (await fake.click(mover, board, table)).accepted()
    instance = fake.activities.launched[-1]
    async with aiohttp.ClientSession() as http:
        async def call(path: str, body: dict[str, Any], headers: dict[str, str] | None = None) -> dict[str, Any]:
            async with http.post(site + path, json=body, headers=headers or {}) as answer:
                data: dict[str, Any] = await answer.json()
                assert answer.status == 200, data
                return data

        deadline = asyncio.get_running_loop().time() + 10  # the pages start beside the bot
        while not await _answers(http, site + "/healthz"):
            assert asyncio.get_running_loop().time() < deadline, "the bot's web pages did not start"
            await asyncio.sleep(0.05)
        access = (await call("/activity/api/token", {"code": fake.oauth.issue_code(mover)}))["access_token"]
        session = await call("/activity/api/session", {"access_token": access, "instance_id": instance.instance_id,
                                                       "channel_id": str(thread.id)})
        assert session["game"]["id"] == game.game_id
        boards = len(board_messages(fake, thread))
        state = await bot.service.state(game.game_id)
        played = await call(f"/play/{game.game_id}/move",
                            {"code": pick_move(state), "board": game.board, "request": "activity-0000000001",
                             "csrf": session["csrf"]}, {"Authorization": f"Bearer {session['token']}"})
        assert played["ok"]
    await fake.wait_until(lambda: len(board_messages(fake, thread)) > boards, what="the thread's new board")
    assert (await bot.service.game(game.game_id)).version == 1


async def _answers(http: aiohttp.ClientSession, url: str) -> bool:
    try:
        async with http.get(url) as answer:
            return answer.status == 200
    except aiohttp.ClientConnectionError:
        return False
