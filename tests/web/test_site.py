"""The demo site (``python -m bot web --demo``) in a real browser: the home page lists the demo's public league;
its page links to players and games; a game's replay steps with the arrow keys and with its buttons (the image
and the counter change), and each step's link works without JavaScript; no page logs a console error (a refused
inline script, a failed load, a script error); axe-core finds no serious or critical violation on any page
(the full results are saved as ``axe.json`` next to the screenshots); screenshots at 360 and 1280 px are saved
and no page scrolls sideways on a phone."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from tests.web.browser import WIDTHS, Browser, blocking, summary

WAIT_S = 30


@dataclass(frozen=True)
class Pages:
    home: str
    league: str
    player: str
    game: str  # a finished game's page


def href(browser: Browser, testid: str) -> str:
    links = browser.driver.find_elements(By.CSS_SELECTOR, f'[data-testid="{testid}"]')
    assert links, f"no [data-testid={testid}] on {browser.driver.current_url}"
    return str(links[0].get_attribute("href"))


def follow(browser: Browser, testid: str) -> str:
    """Click the first link ``testid`` and wait for its page; its address."""
    target = href(browser, testid)
    browser.driver.find_elements(By.CSS_SELECTOR, f'[data-testid="{testid}"]')[0].click()
    WebDriverWait(browser.driver, WAIT_S).until(lambda d: d.current_url == target and d.execute_script(
        "return document.readyState") == "complete")
    return target


@pytest.fixture(scope="module")
def pages(browser: Browser, demo: str) -> Iterator[Pages]:
    """The demo's pages, found by following links as a visitor does."""
    browser.console()
    browser.open(demo + "/")
    league = follow(browser, "league-link")
    assert "/l/" in league
    player = href(browser, "player-link")
    games = [str(a.get_attribute("href")) for a in browser.driver.find_elements(
        By.CSS_SELECTOR, '[data-testid="game-link"]')]
    assert games, "the league page links to no game"
    for game in reversed(games):  # running games are listed first, then finished ones
        browser.open(game)
        if not browser.driver.find_elements(By.CSS_SELECTOR, '[data-testid="live-note"]'):
            break
    else:
        raise AssertionError("the demo league lists no finished game")
    yield Pages(demo + "/", league, player, game)


def step_state(browser: Browser) -> tuple[str, str, int]:
    return browser.shown("replay-counter", "replay-image")


def wait_step(browser: Browser, step: int) -> tuple[str, str, int]:
    pattern = re.compile(rf"/{step}\.png(\?|$)")
    WebDriverWait(browser.driver, WAIT_S).until(
        lambda _: pattern.search(step_state(browser)[1]) is not None and step_state(browser)[2] > 0)
    return step_state(browser)


def check_page(browser: Browser, name: str) -> None:
    """No console error, no serious or critical axe violation, screenshots at both widths, no sideways scroll."""
    WebDriverWait(browser.driver, WAIT_S).until(lambda d: d.execute_script(
        "return document.readyState === 'complete' && Array.from(document.images).every(i => i.complete)"))
    errors = browser.console_errors()
    assert errors == [], errors
    results = browser.axe(name)
    assert results["passes"], "axe ran no rule"
    assert blocking(results) == [], summary(results)
    try:
        for width in WIDTHS:
            browser.screenshot(name, width)
            assert browser.overflow() == 0, f"{name} scrolls sideways at {width} px"
    finally:
        browser.reset_width()


def test_home_lists_the_demo_league(browser: Browser, pages: Pages) -> None:
    browser.open(pages.home)
    assert href(browser, "league-link") == pages.league
    check_page(browser, "home")


def test_league_page(browser: Browser, pages: Pages) -> None:
    browser.open(pages.league)
    rows = browser.driver.find_elements(By.CSS_SELECTOR, '[data-testid="standings"] tbody tr')
    assert len(rows) >= 2, "the standings list the members"
    assert browser.driver.find_elements(By.CSS_SELECTOR, '[data-testid="game-link"]')
    check_page(browser, "league")


def test_player_page_from_the_league(browser: Browser, pages: Pages) -> None:
    browser.open(pages.league)
    assert follow(browser, "player-link") == pages.player
    assert "/p/" in pages.player
    check_page(browser, "player")


def test_game_page_from_the_league(browser: Browser, pages: Pages) -> None:
    browser.open(pages.league)
    browser.driver.get(pages.game)
    assert browser.driver.find_elements(By.CSS_SELECTOR, '[data-testid="story"] li')
    check_page(browser, "game")


def test_replay_steps_with_the_keys_and_the_buttons(browser: Browser, pages: Pages) -> None:
    browser.open(pages.game + "?step=0")
    replay = browser.driver.find_element(By.ID, "replay")
    steps = int(str(replay.get_attribute("data-steps")))
    assert steps >= 3
    start = wait_step(browser, 0)
    body = browser.driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)
    one = wait_step(browser, 1)
    body.send_keys(Keys.ARROW_RIGHT)
    two = wait_step(browser, 2)
    assert len({start[0], one[0], two[0]}) == 3, "the counter changes with every step"
    assert "?step=2" in browser.driver.current_url or "&step=2" in browser.driver.current_url
    body.send_keys(Keys.ARROW_LEFT)
    assert wait_step(browser, 1)[0] == one[0]
    browser.driver.find_element(By.ID, "replay-next").click()
    assert wait_step(browser, 2)[0] == two[0]
    browser.driver.find_element(By.ID, "replay-prev").click()
    browser.driver.find_element(By.ID, "replay-prev").click()
    assert wait_step(browser, 0)[0] == start[0]
    browser.driver.find_element(By.ID, "replay-last").click()
    wait_step(browser, steps)
    assert browser.driver.find_element(By.CSS_SELECTOR, f"#move-{steps}").get_attribute("aria-current") == "step"
    browser.driver.find_element(By.ID, "replay-first").click()
    wait_step(browser, 0)
    assert browser.console_errors() == []


def test_step_links_work_without_javascript(browser: Browser, pages: Pages) -> None:
    browser.driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        browser.open(pages.game + "?step=0")
        browser.driver.find_element(By.ID, "replay-next").click()
        WebDriverWait(browser.driver, WAIT_S).until(lambda d: "step=1" in d.current_url)
        one = wait_step(browser, 1)
        browser.driver.find_element(By.CSS_SELECTOR, "#move-3 a").click()  # a step's link in the story
        WebDriverWait(browser.driver, WAIT_S).until(lambda d: "step=3" in d.current_url)
        three = wait_step(browser, 3)
        assert one[0] != three[0]
        assert browser.driver.find_element(By.ID, "move-3").get_attribute("aria-current") == "step"
    finally:
        browser.driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    check_page(browser, "replay-step")  # the page as served (axe itself needs script: allowed again)
