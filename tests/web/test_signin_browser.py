"""Sign-in with Discord in a real browser (issue 44): headless Chromium follows the home page's link to the fake
Discord's authorization page, comes back signed in, sees its account page (no console error: the strict CSP lets
its sign-out forms post and nothing else; axe finds no serious or critical violation; no sideways scrolling at
360 px), and signs out with the button."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from bot.store import SqliteStore
from bot.web import Site, WebConfig, make_app
from bot.web.auth import SignInConfig, extension
from tests.e2e.fakediscord import FakeDiscord
from tests.e2e.fakediscord.oauth import CLIENT_SECRET
from tests.web.browser import WIDTHS, Browser, blocking, summary

WAIT_S = 30


@dataclass(frozen=True)
class Served:
    url: str
    fake: FakeDiscord
    database: Path


@contextmanager
def site_and_discord(database: Path) -> Iterator[Served]:
    """The fake Discord and the site with web play on, served on 127.0.0.1 by one event loop in a thread."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="signin-under-test", daemon=True)
    thread.start()

    def run(coro: object) -> object:
        return asyncio.run_coroutine_threadsafe(coro, loop).result(60)  # type: ignore[arg-type]

    async def start() -> tuple[FakeDiscord, SqliteStore, object, str]:
        from aiohttp import web

        fake = FakeDiscord()
        await fake.start()
        store = await SqliteStore.open(database)
        config = SignInConfig(application_id=fake.application_id, client_secret=CLIENT_SECRET,
                              discord_url=fake.base_url)
        runner = web.AppRunner(make_app(Site(store), WebConfig(rate=0, extensions=(extension(config),))))
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        url = f"http://127.0.0.1:{runner.addresses[0][1]}"
        fake.oauth.register_redirect(url + "/signin/callback")
        return fake, store, runner, url

    fake, store, runner, url = run(start())  # type: ignore[misc]
    try:
        yield Served(url, fake, database)
    finally:
        async def stop() -> None:
            await runner.cleanup()  # type: ignore[attr-defined]
            await store.close()
            await fake.stop()
        run(stop())
        loop.call_soon_threadsafe(loop.stop)
        thread.join(30)
        loop.close()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory, browser: Browser) -> Iterator[Served]:
    with site_and_discord(tmp_path_factory.mktemp("signin") / "web.sqlite3") as s:
        yield s


def by_testid(browser: Browser, name: str) -> object:
    found = browser.driver.find_elements(By.CSS_SELECTOR, f'[data-testid="{name}"]')
    assert found, f"no [data-testid={name}] on {browser.driver.current_url}: {browser.driver.page_source[:600]}"
    return found[0]


def wait_for(browser: Browser, name: str) -> None:
    try:
        WebDriverWait(browser.driver, WAIT_S).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, f'[data-testid="{name}"]')
            and d.execute_script("return document.readyState") == "complete")
    except TimeoutException:
        raise AssertionError(f"no [data-testid={name}] at {browser.driver.current_url}: "
                             f"{browser.driver.page_source[:1500]}") from None


def test_a_visitor_signs_in_with_discord_and_out_again(browser: Browser, served: Served, shots: Path) -> None:
    alice = served.fake.user("alice")
    served.fake.oauth.approve_as(alice)
    browser.reset_width()
    browser.open(served.url + "/?lang=es")
    browser.console()  # start from an empty log
    link = by_testid(browser, "signin-link")
    assert link.text == "Iniciar sesión con Discord"  # type: ignore[attr-defined]
    link.click()  # type: ignore[attr-defined]
    # to Discord (the fake approves as Alice) and back: home, signed in, in the visitor's language
    wait_for(browser, "account-link")
    assert browser.driver.current_url == served.url + "/?lang=es"
    assert "Alice" in by_testid(browser, "signin-status").text  # type: ignore[attr-defined]
    cookies = {c["name"]: c for c in browser.driver.get_cookies()}
    session = cookies["splendor_session"]
    assert session["httpOnly"] and session["sameSite"] == "Lax" and session["path"] == "/"
    assert "splendor_signin" not in cookies
    assert browser.driver.execute_script("return document.cookie") == ""  # no script can read the session
    assert [c.status for c in served.fake.oauth.calls_to("/oauth2/token")] == [200]
    for width in WIDTHS:
        browser.screenshot("home-signed-in", width)

    by_testid(browser, "account-link").click()  # type: ignore[attr-defined]
    wait_for(browser, "signout")
    for width in WIDTHS:
        browser.screenshot("account", width)
        browser.width(width)
        assert browser.overflow() == 0, f"the account page scrolls sideways at {width} px"
    browser.reset_width()
    results = browser.axe("account")
    assert not blocking(results), summary(results)

    by_testid(browser, "signout").click()  # type: ignore[attr-defined]
    wait_for(browser, "signin-link")
    assert browser.driver.current_url == served.url + "/?lang=es"
    assert "splendor_session" not in {c["name"] for c in browser.driver.get_cookies()}
    assert browser.console_errors() == []  # no refused form post, no refused script or style
    import sqlite3

    with sqlite3.connect(served.database) as db:
        assert db.execute("SELECT COUNT(*) FROM web_sessions WHERE revoked_at IS NOT NULL").fetchone() == (1,)
