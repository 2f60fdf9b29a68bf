"""The demo site (``python -m bot web --demo``) in a real browser: the home page lists the demo's public league;
its page links to players and games; a game's replay steps with the arrow keys and with its buttons (the image
and the counter change), and each step's link works without JavaScript; no page logs a console error (a refused
inline script, a failed load, a script error); axe-core finds no serious or critical violation on any page
(the full results are saved as ``axe.json`` next to the screenshots); screenshots at 360 and 1280 px are saved
and no page scrolls sideways on a phone."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from tests.web.browser import WIDTHS, Browser, blocking, summary
from tests.web.conftest import Demo

WAIT_S = 30


@dataclass(frozen=True)
class Pages:
    home: str
    league: str
    player: str
    game: str  # a finished game's page
    running: str  # a running game's page


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
def pages(browser: Browser, demo: Demo) -> Iterator[Pages]:
    """The demo's pages, found by following links as a visitor does."""
    browser.console()
    browser.open(demo.url + "/")
    league = follow(browser, "league-link")
    assert "/l/" in league
    player = href(browser, "player-link")
    games = [str(a.get_attribute("href")) for a in browser.driver.find_elements(
        By.CSS_SELECTOR, '[data-testid="game-link"]')]
    assert games, "the league page links to no game"
    finished: list[str] = []
    running: list[str] = []
    for game in games:
        browser.open(game)
        live = browser.driver.find_elements(By.CSS_SELECTOR, '[data-testid="live-note"]')
        (running if live else finished).append(game)
    assert finished and running, f"the demo league has finished {finished} and running {running} games"
    yield Pages(demo.url + "/", league, player, finished[-1], running[0])


def step_state(browser: Browser) -> tuple[str, str, int]:
    return browser.shown("replay-counter", "replay-image")


def wait_step(browser: Browser, step: int) -> tuple[str, str, int]:
    pattern = re.compile(rf"/{step}\.png(\?|$)")
    try:
        # a live page replaces the step's elements when a move arrives: one read may find them gone, the next not
        def shown(_: object) -> tuple[str, str, int] | None:
            state = step_state(browser)
            return state if pattern.search(state[1]) is not None and state[2] > 0 else None

        return WebDriverWait(browser.driver, WAIT_S, ignored_exceptions=(StaleElementReferenceException,)).until(shown)
    except TimeoutException:
        raise AssertionError(f"step {step} not shown within {WAIT_S} s at {browser.driver.current_url}: "
                             f"{step_state(browser)}; console: {browser.console()}") from None


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
    # the image links to itself at full size (small on a phone), following the step
    assert browser.driver.find_element(By.ID, "replay-full").get_attribute("href") == two[1]
    assert "?step=2" in browser.driver.current_url or "&step=2" in browser.driver.current_url
    # the image's alt text follows the step: the step's own text (whose turn, the scores, the table), fetched
    WebDriverWait(browser.driver, WAIT_S).until(lambda d: str(d.find_element(By.ID, "replay-image").get_attribute(
        "alt")).startswith("The table after step 2") and "\n" in str(d.find_element(
            By.ID, "replay-image").get_attribute("alt")))
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


async def _play_one_move(database: Path, slug: str) -> int:
    """A move in the game of ``slug``, played through the game service on the demo's database (as the bot
    would, while the web process serves it); the game's new version."""
    from datetime import UTC, datetime

    import engine
    from bot.service import GameService
    from bot.store import SqliteStore
    from bot.web import links

    store = await SqliteStore.open(database, exclusive=False)
    try:
        async with store.reading() as tx:
            link = await links.resolve(tx, slug)
        assert link is not None and link.kind == "game"
        games = GameService(store, lambda: datetime.now(UTC))
        state = await games.state(link.target_id)
        info = await games.game(link.target_id)
        assert state is not None and state.to_act is not None
        user = next(p.user_id for p in info.players if p.seat == state.to_act)
        action = engine.default_action(state)
        await games.play(link.target_id, user, str(action), expected_version=state.version,
                         request_id=f"browser-test-{state.version}")
        return state.version + 1
    finally:
        await store.close()


def test_a_running_games_page_shows_the_next_move_by_itself(browser: Browser, pages: Pages, demo: Demo) -> None:
    browser.open(pages.running)
    replay = browser.driver.find_element(By.ID, "replay")
    steps = int(str(replay.get_attribute("data-steps")))
    before = wait_step(browser, steps)
    check_page(browser, "running-game")
    slug = pages.running.rsplit("/g/", 1)[1].split("?")[0]
    version = asyncio.run(_play_one_move(demo.database, slug))
    assert version == steps + 1
    # the page asks every few seconds whether a move was made, then shows the new last step
    after = wait_step(browser, version)
    assert after[0] != before[0]
    assert browser.console_errors() == []


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_league_page_in_spanish_and_portuguese(browser: Browser, pages: Pages, lang: str) -> None:
    browser.open(f"{pages.league}?lang={lang}")
    assert browser.driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == lang
    results = browser.axe(f"league-{lang}")
    assert blocking(results) == [], summary(results)
    assert browser.console_errors() == []


SMALLEST_TEXT_PX = 19  # the renderer's smallest text (bot.render.theme.FONT_MIN), in the image's own pixels


def test_the_board_reads_on_a_phone_with_its_move_next_to_it(browser: Browser, pages: Pages) -> None:
    """At 360 px the board's smallest text is at least 12 CSS px (the board pans inside its box, the page does not
    scroll sideways), the move shown is said right under the controls and follows the steps, and the story is a
    box of its own a screen away at most (issue 43, items 3 and 9)."""
    browser.width(360, 740)
    try:
        browser.open(pages.game + "?step=2")
        wait_step(browser, 2)
        image = browser.driver.find_element(By.ID, "replay-image")
        scale = browser.driver.execute_script(
            "return arguments[0].getBoundingClientRect().width / arguments[0].naturalWidth", image)
        assert SMALLEST_TEXT_PX * scale >= 12, f"the board is drawn at {scale:.0%}: its text is too small"
        assert browser.overflow() == 0
        said = browser.driver.find_element(By.ID, "replay-move")
        story_two = browser.driver.find_element(By.CSS_SELECTOR, "#move-2 .lines").get_attribute("textContent")
        assert said.text and said.text == story_two
        browser.driver.find_element(By.ID, "replay-next").click()
        wait_step(browser, 3)
        assert said.text == browser.driver.find_element(By.CSS_SELECTOR, "#move-3 .lines").get_attribute("textContent")
        assert browser.driver.execute_script(  # the story box shows the move shown
            "var s = document.getElementById('story'), m = document.getElementById('move-3');"
            " return m.offsetTop >= s.scrollTop && m.offsetTop < s.scrollTop + s.clientHeight"), "move 3 is out of view"
        gap = browser.driver.execute_script(
            "return document.getElementById('story').getBoundingClientRect().top"
            " - document.getElementById('replay-image').getBoundingClientRect().bottom")
        assert gap < 740, f"the story starts {gap} px below the board"
        height = browser.driver.execute_script("return document.documentElement.scrollHeight")
        assert height < 3000, f"the page is {height} px tall"
        for hook in ("replay-first", "replay-prev", "replay-next", "replay-last"):
            label = browser.driver.find_element(By.CSS_SELECTOR, f"#{hook} .label")
            size = float(browser.driver.execute_script(
                "return parseFloat(getComputedStyle(arguments[0]).fontSize)", label))
            assert label.is_displayed() and label.text and size >= 12, hook
    finally:
        browser.reset_width()
