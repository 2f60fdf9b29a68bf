"""The web pages' commands through the fake Discord: ``/league web`` (organizers), the league's link under
``/league standings`` and in its games' threads, ``/splendor new web:true``; every posted link opens its page
on the site served from the bot's own database."""

from __future__ import annotations

import asyncio
import itertools
import re
import socket
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.client import create_bot
from bot.config import Settings
from bot.exts.leagues import bot_runner
from bot.web import Site, WebConfig, make_app
from tests.e2e.bot_helpers import make_bot, new_game
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FAKE_TOKEN, FakeDiscord, FakeUser

pytestmark = pytest.mark.e2e


async def _answer(fake: FakeDiscord, user: FakeUser, command: str, options: dict[str, object]) -> Any:
    handle = await fake.slash(user, fake.channel("general"), command, options)
    record = await handle.accepted()
    if record.type == 5:
        return (await handle.wait_followups(1))[0]
    return await handle.wait_original()


async def test_league_web_links_reach_the_pages(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                tmp_path: Path) -> None:
    fake = fake_discord
    bot = await start_client(make_bot(fake, tmp_path / "w.sqlite3"))
    alice, bob = fake.user("alice"), fake.user("bob")
    await _answer(fake, alice, "league create", {"name": "Webbed", "seats": 2, "turn_timer": "none"})
    await _answer(fake, bob, "league join", {"league": "Webbed"})
    refused = await _answer(fake, bob, "league web", {"league": "Webbed", "mode": "public"})
    assert refused.ephemeral and "Only the organizers" in refused.content
    standings = await _answer(fake, alice, "league standings", {"league": "Webbed"})
    assert "/l/" not in standings.content  # off by default: no link anywhere

    reply = await _answer(fake, alice, "league web", {"league": "Webbed", "mode": "unlisted"})
    assert reply.ephemeral
    league_path = re.search(r"/l/[A-Za-z0-9_-]{20,}", reply.content)
    assert league_path is not None, reply.content

    general = fake.channel("general")
    before = len(fake.threads_of(general))
    await _answer(fake, alice, "league queue", {"league": "Webbed"})
    await _answer(fake, bob, "league queue", {"league": "Webbed"})
    thread = await fake.wait_until(lambda: fake.threads_of(general)[before:] and fake.threads_of(general)[before],
                                   what="the league game's thread")
    opened = await fake.wait_for_message(thread, lambda m: "League game" in m.content)
    game_path = re.search(r"/g/[A-Za-z0-9_-]{20,}", opened.content)
    assert game_path is not None, opened.content
    standings = await _answer(fake, alice, "league standings", {"league": "Webbed"})
    assert league_path.group(0) in standings.content and len(standings.content) <= 2000

    new_thread, _, _ = await new_game(fake, alice, options_extra={"web": True})
    link = await fake.wait_for_message(new_thread, lambda m: "/g/" in m.content)
    lone_path = re.search(r"/g/[A-Za-z0-9_-]{20,}", link.content)
    assert lone_path is not None

    store = bot_runner(bot).leagues.store
    client = TestClient(TestServer(make_app(Site(store), WebConfig(rate=0))))
    await client.start_server()
    try:
        league = await client.get(league_path.group(0))
        assert league.status == 200 and "Webbed" in await league.text()
        assert "Webbed" not in await (await client.get("/")).text()  # unlisted
        for path in (game_path.group(0), lone_path.group(0)):
            assert (await client.get(path)).status == 200, path
        await _answer(fake, alice, "league web", {"league": "Webbed", "mode": "off"})
        assert (await client.get(league_path.group(0))).status == 404
        assert (await client.get(game_path.group(0))).status == 404
        assert (await client.get(lone_path.group(0))).status == 200  # a game outside leagues: its creator's choice
    finally:
        await client.close()


async def test_splendor_web_port_serves_the_pages_in_the_bots_process(
        fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path) -> None:
    fake = fake_discord
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    settings = Settings(discord_token=FAKE_TOKEN, database_path=tmp_path / "in.sqlite3", dev_guild_id=fake.guild.id,
                        render_workers=0, computer_workers=1, web_port=port, web_url="https://pages.example")
    seeds = itertools.count(1)
    await start_client(create_bot(settings, guild_ready_timeout=0.05, background_interval=3600,
                                  seed_source=lambda: next(seeds)))
    alice = fake.user("alice")
    await _answer(fake, alice, "league create", {"name": "Inside", "seats": 2, "turn_timer": "none"})
    reply = await _answer(fake, alice, "league web", {"league": "Inside", "mode": "public"})
    found = re.search(r"https://pages\.example(/l/[A-Za-z0-9_-]{20,})", reply.content)
    assert found is not None, reply.content
    async with aiohttp.ClientSession() as http:
        for _ in range(200):  # the site starts beside the bot: wait for it (bounded)
            try:
                async with http.get(f"http://127.0.0.1:{port}/healthz") as response:
                    if response.status == 200:
                        break
            except aiohttp.ClientConnectionError:
                await asyncio.sleep(0.05)
        async with http.get(f"http://127.0.0.1:{port}{found.group(1)}") as response:
            assert response.status == 200 and "Inside" in await response.text()
        async with http.get(f"http://127.0.0.1:{port}/") as response:
            assert found.group(1) in await response.text()
