"""Sign-in with Discord on the pages the bot serves in its own process (``SPLENDOR_WEB_PORT`` with
``SPLENDOR_WEB_PLAY``), against the same fake Discord the bot's client talks to: the bot's settings reach the
sign-in, and a player's language chosen with ``/player settings`` is their session's."""

from __future__ import annotations

import asyncio
import itertools
import socket
from pathlib import Path

import aiohttp
import pytest

from bot.client import create_bot
from bot.config import Settings
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FAKE_TOKEN, FakeDiscord
from tests.e2e.fakediscord.oauth import CLIENT_SECRET

pytestmark = pytest.mark.e2e


async def test_a_player_signs_in_on_the_bots_own_pages(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                       tmp_path: Path) -> None:
    fake = fake_discord
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    site = f"http://127.0.0.1:{port}"
    settings = Settings(discord_token=FAKE_TOKEN, database_path=tmp_path / "in.sqlite3", dev_guild_id=fake.guild.id,
                        render_workers=0, computer_workers=1, web_port=port, web_url=site, web_play=True,
                        client_secret=CLIENT_SECRET, application_id=fake.application_id, discord_url=fake.base_url)
    assert settings.web_play_problem() is None
    seeds = itertools.count(1)
    await start_client(create_bot(settings, guild_ready_timeout=0.05, background_interval=3600,
                                  seed_source=lambda: next(seeds)))
    alice = fake.user("alice")
    handle = await fake.slash(alice, fake.channel("general"), "player settings", {"language": "pt"})
    await handle.accepted()
    fake.oauth.register_redirect(site + "/signin/callback")  # the Developer Portal step of docs/operators.md
    fake.oauth.approve_as(alice)
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        for _ in range(200):  # the site starts beside the bot: wait for it (bounded)
            try:
                async with http.get(site + "/healthz") as response:
                    if response.status == 200:
                        break
            except aiohttp.ClientConnectionError:
                await asyncio.sleep(0.05)
        # the whole round trip, as a browser follows it: the site, Discord's page, the site's callback, home
        async with http.get(site + "/signin", params={"next": "/account"}) as response:
            assert response.status == 200 and str(response.url) == site + "/account"
            account = await response.text()
        assert "Conectado como <bdi>Alice</bdi>" in account  # her language from /player settings
    assert [c.status for c in fake.oauth.calls_to("/oauth2/token")] == [200]
    assert [c.status for c in fake.oauth.calls_to("/users/@me")] == [200]
