"""A league whose organizers never chose a web mode has no pages (issue 28: ``off`` is the default): no link to
them is posted in its game's thread or under its standings, and the site answers 404 for its league, its members'
and its games' pages (and their live.json and step images) even when their unguessable slugs exist (a web
process creates them on first need)."""

from __future__ import annotations

from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.exts.leagues import bot_runner
from bot.web import Site, WebConfig, links, make_app
from tests.e2e.bot_helpers import board_messages, make_bot
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FakeDiscord
from tests.e2e.test_bot_web import _answer

pytestmark = pytest.mark.e2e

#: The league commands this test drives, by what they do (their names are the bot's to change).
CREATE, JOIN, QUEUE, STANDINGS = "league create", "league join", "league queue", "league standings"


async def test_a_league_that_never_chose_a_web_mode_has_no_pages_and_no_links(
        fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path) -> None:
    fake = fake_discord
    bot = await start_client(make_bot(fake, tmp_path / "off.sqlite3"))
    alice, bob = fake.user("alice"), fake.user("bob")
    await _answer(fake, alice, CREATE, {"name": "Quiet", "seats": 2, "turn_timer": "none"})
    await _answer(fake, bob, JOIN, {"league": "Quiet"})
    general = fake.channel("general")
    before = len(fake.threads_of(general))
    await _answer(fake, alice, QUEUE, {"league": "Quiet"})
    await _answer(fake, bob, QUEUE, {"league": "Quiet"})
    thread = await fake.wait_until(lambda: fake.threads_of(general)[before:] and fake.threads_of(general)[before],
                                   what="the league game's thread")
    await fake.wait_until(lambda: board_messages(fake, thread), what="the league game's first board")
    posted = [m.content for m in fake.messages_in(thread)]
    assert any("League game" in c for c in posted)
    assert not [c for c in posted if "/g/" in c or "/l/" in c]  # no page to link to
    standings = await _answer(fake, alice, STANDINGS, {"league": "Quiet"})
    assert "Quiet" in standings.content and "/l/" not in standings.content

    game = await bot.service.game_for_channel(thread.id)
    assert game is not None
    runner = bot_runner(bot)
    store = runner.leagues.store
    table = await runner.leagues.table_for_game(game.game_id)
    assert table is not None
    league = table.league_id
    now = runner.leagues.clock()
    async with store.transaction() as tx:  # the slugs exist (as once a page was asked for), the mode was never set
        league_slug = await links.slug_of(tx, "league", league, now)
        member_slug = await links.slug_of(tx, "member", league, now, user_id=alice.id)
        game_slug = await links.slug_of(tx, "game", game.game_id, now)
        assert await links.mode_of(tx, "league", league) == "off"
    assert await links.visible_game_path(store, game.game_id, now) is None
    client = TestClient(TestServer(make_app(Site(store), WebConfig(rate=0))))
    await client.start_server()
    try:
        for path in (f"/l/{league_slug}", f"/p/{member_slug}", f"/g/{game_slug}", f"/g/{game_slug}/live.json",
                     f"/g/{game_slug}/0.png"):
            response = await client.get(path)
            assert response.status == 404, path
        home = await client.get("/")
        assert home.status == 200 and "Quiet" not in await home.text()  # not listed either
        async with store.transaction() as tx:  # once the organizers turn them on, the same addresses answer
            await links.set_mode(tx, "league", league, "unlisted", now)
        for path in (f"/l/{league_slug}", f"/p/{member_slug}", f"/g/{game_slug}"):
            response = await client.get(path)
            assert response.status == 200, path
    finally:
        await client.close()
