"""The player's own table in a real browser (issue 44): ``python -m bot web --demo``'s ``/play/demo`` seats this
browser against a computer, and a whole game is played to its end by clicks on the drawn table (the buttons over
the image, the dialogs, the preview's Confirm); the computer's moves arrive by themselves (server-sent events).
The page logs no console error (a refused inline script or style would), axe finds no serious or critical
violation, it does not scroll sideways at 360 px, and the table is saved at 360 and 1280 px."""

from __future__ import annotations

from typing import Any

from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from tests.web.browser import Browser
from tests.web.conftest import Demo
from tests.web.test_site import check_page

WAIT_S = 30
MOVES_MAX = 200  # a two-player game against the easy computer ends long before (about 30 moves each)

#: What the page shows now: "over", "decide" (a decision dialog), "move" (the buttons over the table) or "wait".
STATE_JS = """
const table = document.getElementById('table');
if (!table || document.querySelector('#preview[open]')) { return 'wait'; }
if (table.dataset.status !== 'active') { return 'over'; }
if (document.querySelector('#decision[open]')) { return 'decide'; }
if (document.querySelector('#decision')) { return 'wait'; }
return document.querySelector('.spot') ? 'move' : 'wait';
"""

#: The spot (button over the table) to click and the choice in its dialog: a card to buy if any, else the first
#: choice of the bank (tokens), else the first spot's first choice.  Returns [spot's data-open, choice's selector].
PICK_JS = """
const spots = Array.from(document.querySelectorAll('.spot'));
const inside = (s) => document.getElementById(s.dataset.open);
const buy = spots.find(s => inside(s).querySelector('[data-code^="buy "], [data-open^="pay-buy"]'));
if (buy) {
  const b = inside(buy).querySelector('[data-code^="buy "], [data-open^="pay-buy"]');
  return [buy.dataset.open, b.dataset.code ? `[data-code="${b.dataset.code}"]` : `[data-open="${b.dataset.open}"]`];
}
const bank = spots.find(s => s.dataset.ref === 'bank') || spots[0];
const first = inside(bank).querySelector('button[data-code], button[data-open]');
return [bank.dataset.open, first.dataset.code ? `[data-code="${first.dataset.code}"]`
                                             : `[data-open="${first.dataset.open}"]`];
"""


def state(browser: Browser) -> str:
    def settled(driver: Any) -> str | bool:
        found = str(driver.execute_script(STATE_JS))
        return found if found != "wait" else False

    try:
        return str(WebDriverWait(browser.driver, WAIT_S, poll_frequency=0.1,
                                 ignored_exceptions=(StaleElementReferenceException,)).until(settled))
    except TimeoutException:
        said = browser.driver.find_element(By.ID, "play-said").text
        raise AssertionError(f"the table did not come back within {WAIT_S} s: {said!r}; "
                             f"console: {browser.console()}") from None


def click(browser: Browser, selector: str) -> None:
    element = WebDriverWait(browser.driver, WAIT_S, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: next((e for e in d.find_elements(By.CSS_SELECTOR, selector) if e.is_displayed()), False))
    element.click()


def board(browser: Browser) -> str:
    """The board the table shows (read in the page: the table is replaced whenever the game moves)."""
    return str(browser.driver.execute_script("const t = document.getElementById('table'); "
                                             "return t ? t.dataset.board : ''"))


def play_one(browser: Browser, *, check: str = "") -> None:
    """One move by clicks: the spot on the table, the choice in its dialog, a way to pay if asked, Confirm
    (``check``: the page with the preview open is checked under that name)."""
    spot, choice = browser.driver.execute_script(PICK_JS)
    before = board(browser)
    click(browser, f'.spot[data-open="{spot}"]')
    click(browser, f"#{spot}[open] {choice}")
    if choice.startswith("[data-open"):  # the ways to pay for the card
        click(browser, "dialog[open] [data-code]")
    WebDriverWait(browser.driver, WAIT_S).until(lambda d: d.execute_script(
        "const i = document.getElementById('preview-image'); return i.complete && i.naturalWidth > 0 "
        "&& document.querySelector('#preview[open]') !== null"))
    assert browser.driver.find_element(By.ID, "preview-line").text
    if check:
        check_page(browser, check)
    click(browser, "#confirm")
    WebDriverWait(browser.driver, WAIT_S).until(lambda d: board(browser) != before)


def decide(browser: Browser) -> None:
    """The decision's first option (giving tokens back, a noble): played at once, as Discord's menu does."""
    before = board(browser)
    click(browser, "#decision[open] [data-testid=decision-option]")
    WebDriverWait(browser.driver, WAIT_S).until(lambda d: board(browser) != before)


def test_a_whole_game_against_the_computer_played_by_clicks(browser: Browser, demo: Demo) -> None:
    browser.console()
    browser.open(demo.url + "/play/demo")
    assert "/play/" in browser.driver.current_url and state(browser) == "move"
    check_page(browser, "play-table")
    click(browser, '.spot[data-ref="bank"]')  # a dialog of choices, over the table
    check_page(browser, "play-dialog")
    browser.driver.execute_script("document.querySelectorAll('dialog[open]').forEach(d => d.close())")
    moves = decisions = 0
    while (now := state(browser)) != "over":
        assert moves + decisions < MOVES_MAX, "the game did not end"
        if now == "decide":
            decide(browser)
            decisions += 1
        else:
            play_one(browser, check="" if moves else "play-preview")
            moves += 1
    assert moves >= 10, moves
    line = browser.driver.find_element(By.ID, "play-line").text
    assert "over" in line.lower(), line
    assert not browser.driver.find_elements(By.CSS_SELECTOR, ".spot")  # nothing left to play
    check_page(browser, "play-over")
    finished = browser.driver.current_url
    click(browser, '[data-testid="play-again"]')  # a new game against the computer
    WebDriverWait(browser.driver, WAIT_S).until(lambda d: d.current_url != finished and "/play/" in d.current_url)
    assert state(browser) == "move"
    table = browser.driver.current_url.split("?")[0]
    for lang, words in (("es", "Tus opciones"), ("pt", "Suas opções")):  # the table in the visitor's language
        browser.open(f"{table}?lang={lang}")
        assert state(browser) == "move"
        assert browser.driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == lang
        assert words in browser.driver.find_element(By.ID, "choices-title").text
        check_page(browser, f"play-table-{lang}")
