"""A league too big for one page (the benchmark's league, small: 120 members, 60 finished games) in a real browser:
its standings and its finished games are paged with links a visitor follows; the page passes axe and fits 360 px."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Iterator

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from bot.bench.web import league_slug
from bot.bench.webdata import build
from tests.web.browser import Browser
from tests.web.conftest import ROOT
from tests.web.test_site import WAIT_S, check_page, follow
from tests.webserver import free_port, web_process


@pytest.fixture(scope="module")
def big_league(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``python -m bot web`` over the benchmark's data at a small size; the league page's address."""
    folder = tmp_path_factory.mktemp("paged")
    data = asyncio.run(build(folder / "league.sqlite3", members=120, games=60, seed=3, make_public=league_slug))
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    argv = [sys.executable, "-m", "bot", "web", "--database", str(data.path), "--host", "127.0.0.1", "--port",
            str(port), "--rate", "0"]
    with web_process(argv, url, folder / "web.log", cwd=ROOT, env={**os.environ, "PYTHONUNBUFFERED": "1"}):
        yield url


def ranks(browser: Browser) -> list[int]:
    cells = browser.driver.find_elements(By.CSS_SELECTOR, "#standings tbody tr td:first-child")
    return [int(c.text) for c in cells]


def test_a_big_league_pages_its_standings_and_its_games(browser: Browser, big_league: str) -> None:
    browser.console()
    browser.open(big_league + "/")
    follow(browser, "league-link")
    assert ranks(browser) == list(range(1, 101))
    finished = browser.driver.find_elements(By.CSS_SELECTOR, '#finished + ul [data-testid="game-link"]')
    assert len(finished) == 50
    check_page(browser, "league-paged")

    follow(browser, "pager-next")  # the standings' next page
    WebDriverWait(browser.driver, WAIT_S).until(lambda _: ranks(browser) == list(range(101, 121)))
    assert "page=2" in browser.driver.current_url
    older = browser.driver.find_element(By.CSS_SELECTOR, '[data-testid="games-pager"] [data-testid="pager-next"]')
    target = str(older.get_attribute("href"))
    older.click()
    WebDriverWait(browser.driver, WAIT_S).until(lambda d: d.current_url == target)
    assert "games=2" in target and "page=2" in target  # each list keeps the other's page
    finished = browser.driver.find_elements(By.CSS_SELECTOR, '#finished + ul [data-testid="game-link"]')
    assert len(finished) == 10 and ranks(browser) == list(range(101, 121))
    check_page(browser, "league-paged-2")

