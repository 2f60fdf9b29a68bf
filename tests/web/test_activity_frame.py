"""The Activity inside a test parent frame in the real Chromium (issue 44): the parent speaks the Embedded App SDK's
postMessage protocol as Discord's client does (handshake, READY, authorize with a code from the fake Discord's
OAuth2, authenticate), the page exchanges the code at our server and gets a session bound to the game of the
instance's channel, which our server checked with the fake Discord.  The strict CSP holds (no CSP report), a forged
channel in the query is refused on the page with nothing written, and a route other than the Activity's cannot be
framed at all."""

from __future__ import annotations

import asyncio
import os
import shutil
import threading
from collections.abc import Awaitable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlencode

import pytest
from aiohttp import web

from bot.service import GameService
from bot.store import SqliteStore
from bot.store.sessions import WebSession
from bot.web import Site, WebConfig, activity, auth
from bot.web.app import SITE_KEY
from bot.web.play import make_playing_app
from tests.e2e.fakediscord import FAKE_TOKEN, FakeDiscord, FakeUser
from tests.web.browser import Browser, blocking, summary
from tests.web.test_play_browser import play_one

T = TypeVar("T")
PARENT = Path(__file__).resolve().parent / "activity_parent"
PARENT_TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css"}
#: Where the issue's screenshots go when the run is asked for them (``SPLENDOR_SHOTS44``).
SHOTS = os.environ.get("SPLENDOR_SHOTS44")


@dataclass
class World:
    loop: asyncio.AbstractEventLoop
    fake: FakeDiscord
    app: web.Application
    url: str
    game_id: int
    thread_id: int
    player: FakeUser  # who launches the Activity (seated, to move)

    def run(self, coro: Awaitable[T]) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(30)  # type: ignore[arg-type]

    def actions(self) -> int:
        """The moves played in the game."""
        async def read() -> int:
            async with self.app[SITE_KEY].store.reading() as tx:
                return len(await tx.actions(self.game_id))
        return self.run(read())

    def sessions(self) -> list[WebSession]:
        """Every web session the store holds (of the fake's users)."""
        async def read() -> list[WebSession]:
            async with self.app[SITE_KEY].store.reading() as tx:
                return [s for u in self.fake.users for s in await tx.user_web_sessions(u)]
        return self.run(read())


async def _parent_file(request: web.Request) -> web.StreamResponse:
    name = request.match_info["name"] or "parent.html"
    path = PARENT / name
    if path.parent != PARENT or not path.is_file():
        raise web.HTTPNotFound()
    return web.Response(body=path.read_bytes(), content_type=PARENT_TYPES[path.suffix])


@pytest.fixture
def world(tmp_path: Path) -> Iterator[World]:
    """One event loop in a thread: the fake Discord, a store with a game in a thread, and the site with the Activity
    on, framable (for this test) by its own origin too: the parent page is served beside it, as the SDK takes
    messages only from Discord's origins or its own."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="activity-world", daemon=True)
    thread.start()
    fake = FakeDiscord()
    held: list[Any] = []

    async def build() -> World:
        await fake.start()
        store = await SqliteStore.open(tmp_path / "frame.sqlite3")
        held.append(store)
        alice = fake.user("alice")
        game_thread = await fake.create_thread(fake.channel("general"), "Splendor", owner=alice)
        service = GameService(store, lambda: datetime.now(UTC))
        game = await service.create_game(channel_id=game_thread.id, creator_id=alice.id, players=2, turn_timer=None)
        await service.join(game.game_id, fake.user("bob").id)
        started = await service.start(game.game_id, alice.id)
        player = fake.users[started.to_act_user or alice.id]  # the one to move signs in: they can play at once
        sign_in = auth.SignInConfig(application_id=fake.application_id, client_secret=fake.oauth.client_secret,
                                    discord_url=fake.base_url)
        config = activity.ActivityConfig(client_id=fake.application_id, client_secret=fake.oauth.client_secret,
                                         bot_token=FAKE_TOKEN, api_base=fake.api_base,
                                         frame_ancestors=(*activity.DISCORD_CLIENTS, "'self'"))
        extensions = (auth.extension(sign_in), activity.extension(config))
        app = make_playing_app(Site(store), WebConfig(rate=0, play=True, extensions=extensions), service=service)
        app.router.add_get("/test-parent/{name:[a-z.]*}", _parent_file)
        runner = web.AppRunner(app, shutdown_timeout=2)  # the table's live stream ends with the browser's page
        held.append(runner)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = runner.addresses[0][1]
        return World(loop, fake, app, f"http://127.0.0.1:{port}", game.game_id, game_thread.id, player)

    built = asyncio.run_coroutine_threadsafe(build(), loop).result(30)
    try:
        yield built
    finally:
        async def close() -> None:
            for item in reversed(held):
                await (item.cleanup() if isinstance(item, web.AppRunner) else item.close())
            await fake.stop()

        asyncio.run_coroutine_threadsafe(close(), loop).result(30)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(30)
        loop.close()


def _open_parent(browser: Browser, world: World, *, channel_id: int, target: str = "/activity/") -> str:
    fake = world.fake
    player = world.player
    instance = world.run(_instance(fake, world.thread_id, player.id))
    code = fake.oauth.issue_code(player)  # what Discord's client gets for the SDK's authorize
    query = urlencode({"client_id": str(fake.application_id), "instance_id": instance, "code": code,
                       "channel_id": str(channel_id), "guild_id": str(fake.guild.id), "user_id": str(player.id),
                       "username": player.username, "target": target})
    browser.open(f"{world.url}/test-parent/?{query}")
    return instance


async def _instance(fake: FakeDiscord, channel_id: int, user_id: int) -> str:
    return fake.activities.create_instance(channel_id, [user_id]).instance_id


def _wait_for_state(browser: Browser, states: tuple[str, ...]) -> str:
    from selenium.webdriver.support.ui import WebDriverWait

    driver = browser.driver
    driver.switch_to.default_content()
    frame = WebDriverWait(driver, 20).until(lambda d: d.find_element("css selector", "iframe"))
    driver.switch_to.frame(frame)
    found = WebDriverWait(driver, 20, poll_frequency=0.1).until(
        lambda d: d.find_element("id", "main").get_attribute("data-state") in states
        and d.find_element("id", "main").get_attribute("data-state"))
    return str(found)


def test_the_activity_signs_in_through_the_sdk_and_opens_the_game_of_its_channel(
        browser: Browser, world: World) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    browser.console()  # what earlier tests logged is theirs
    _open_parent(browser, world, channel_id=world.thread_id)
    assert _wait_for_state(browser, ("table", "refused")) == "table"
    driver = browser.driver
    assert driver.find_element("css selector", "[data-testid=play]").get_attribute("data-game") == str(world.game_id)
    loaded = WebDriverWait(driver, 20, poll_frequency=0.1).until(lambda d: d.execute_script(
        "const i = document.getElementById('table-image'); return i && i.complete && i.naturalWidth > 0 && i.src"))
    assert str(loaded).startswith("blob:")  # fetched with the session's bearer token, never without it
    assert driver.find_elements("css selector", "[data-testid=spot]")  # the seat's choices over the table
    results = browser.axe("activity-table")
    assert blocking(results) == [], summary(results)
    driver.switch_to.default_content()
    log = driver.execute_script("return window.parentLog")
    assert log["handshake"]["v"] == 1 and log["handshake"]["client_id"] == str(world.fake.application_id)
    assert log["handshake"]["sdk_version"] == "2.5.0"
    assert [c["cmd"] for c in log["commands"]] == ["AUTHORIZE", "AUTHENTICATE"] and log["errors"] == []
    assert log["commands"][0]["args"]["scope"] == ["identify"]
    [session] = world.sessions()
    assert (session.kind, session.game_id, session.user_id) == ("activity", world.game_id, world.player.id)
    csp_reports = [e for e in browser.console() if "Content Security Policy" in str(e.get("message"))]
    assert csp_reports == []
    shots = [browser.screenshot("activity-in-frame", 1280)]
    browser.width(360)  # a phone: the frame is laid out again before its picture is taken
    frame = driver.find_element("css selector", "iframe")
    driver.switch_to.frame(frame)
    WebDriverWait(driver, 10, poll_frequency=0.1).until(lambda d: d.execute_script("return window.innerWidth") < 360)
    driver.execute_script("window.scrollTo(0, 0)")
    assert browser.overflow() == 0  # the table fits the phone's frame: no sideways scrolling
    driver.switch_to.default_content()
    shots.append(browser.screenshot("activity-in-frame", 360))
    browser.reset_width()
    # a move played inside the Activity: the choice, its preview, Confirm (a POST with the bearer token and the
    # session's CSRF token), and the table follows
    driver.switch_to.frame(driver.find_element("css selector", "iframe"))
    play_one(browser)
    assert world.actions() == 1
    refused = [e for e in browser.console() if " 40" in str(e.get("message"))]  # no 401/403 on the way
    assert refused == []
    browser.open("about:blank")  # closes the table's live stream before the server stops
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        for shot in shots:
            shutil.copy(shot, Path(SHOTS) / shot.name)


def test_a_forged_channel_is_refused_on_the_page_and_nothing_is_written(browser: Browser, world: World) -> None:
    games_channel = world.fake.channel("games").id  # the query claims another channel than the instance's
    _open_parent(browser, world, channel_id=games_channel)
    assert _wait_for_state(browser, ("table", "refused")) == "refused"
    driver = browser.driver
    assert driver.find_element("id", "main").get_attribute("data-error") == "channel_mismatch"
    assert "start it again" in driver.find_element("css selector", "[data-testid=activity-status]").text
    assert world.sessions() == []
    results = browser.axe("activity-refused")
    assert blocking(results) == [], summary(results)
    driver.switch_to.default_content()


def test_another_route_cannot_be_framed(browser: Browser, world: World) -> None:
    browser.console()
    _open_parent(browser, world, channel_id=world.thread_id, target="/")
    errors = browser.wait_for_error("frame-ancestors")
    assert any("'none'" in str(e.get("message")) for e in errors)
