"""The browser harness itself, proven against a tiny page served by aiohttp: a replay widget with a step image,
a counter, buttons, the arrow keys (script from a file under a strict Content-Security-Policy) and a link to
every step; and pages that break on purpose, so that each detector is seen to fire."""

from __future__ import annotations

import html
import io

import pytest
from aiohttp import web
from PIL import Image
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from tests.web.browser import Browser, blocking, summary
from tests.web.conftest import served

STEPS = 4
CSP = "default-src 'none'; img-src 'self'; script-src 'self'; style-src 'self'; base-uri 'none'"
SCRIPT = """
const root = document.getElementById('replay');
const img = document.getElementById('step-image');
const counter = document.getElementById('step-counter');
const last = Number(root.dataset.steps);
let step = Number(root.dataset.step);
function show(k) {
  step = Math.max(0, Math.min(last, k));
  img.src = '/img/' + step + '.png';
  counter.textContent = 'Step ' + step + ' of ' + last;
  history.replaceState(null, '', '?step=' + step);
}
document.getElementById('prev').addEventListener('click', () => show(step - 1));
document.getElementById('next').addEventListener('click', () => show(step + 1));
document.addEventListener('keydown', (e) => {
  if (e.key === 'ArrowRight') show(step + 1);
  if (e.key === 'ArrowLeft') show(step - 1);
});
"""


def page(step: int, *, broken: bool = False) -> str:
    links = "".join(f'<li><a href="?step={k}">Step {k}</a></li>' for k in range(STEPS + 1))
    alt = "" if broken else f' alt="The table at step {step}"'
    script = '<script src="/static/broken.js"></script>' if broken else '<script src="/static/replay.js"></script>'
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>Replay</title></head>'
            f'<body><main><h1>A game</h1><div id="replay" data-steps="{STEPS}" data-step="{step}">'
            f'<img id="step-image" src="/img/{step}.png" width="200" height="100"{alt}>'
            f'<p id="step-counter" aria-live="polite">Step {step} of {STEPS}</p>'
            f'<button id="prev" type="button">Previous</button> <button id="next" type="button">Next</button>'
            f'</div><nav aria-label="Steps"><ul>{links}</ul></nav></main>{script}</body></html>')


def png(step: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (200, 100), (40 * step, 90, 200 - 40 * step)).save(out, "PNG")
    return out.getvalue()


def app() -> web.Application:
    async def replay(request: web.Request) -> web.Response:
        step = int(request.query.get("step", "0"))
        return web.Response(text=page(step), content_type="text/html", headers={"Content-Security-Policy": CSP})

    async def broken(request: web.Request) -> web.Response:
        return web.Response(text=page(1, broken=True), content_type="text/html")

    async def inline(request: web.Request) -> web.Response:  # an inline script the policy refuses
        body = page(0).replace("</body>", f"<script>{html.escape('document.title = 1')}</script></body>")
        return web.Response(text=body, content_type="text/html", headers={"Content-Security-Policy": CSP})

    async def script(request: web.Request) -> web.Response:
        return web.Response(text=SCRIPT, content_type="text/javascript")

    async def broken_script(request: web.Request) -> web.Response:
        return web.Response(text="console.error('something broke');", content_type="text/javascript")

    async def image_of(step: int) -> web.Response:
        return web.Response(body=png(step), content_type="image/png")

    async def image(request: web.Request) -> web.Response:
        return await image_of(int(request.match_info["step"]))

    async def icon(request: web.Request) -> web.Response:
        return await image_of(0)

    application = web.Application()
    application.router.add_get("/", replay)
    application.router.add_get("/broken", broken)
    application.router.add_get("/inline", inline)
    application.router.add_get("/static/replay.js", script)
    application.router.add_get("/static/broken.js", broken_script)
    application.router.add_get("/img/{step:\\d+}.png", image)
    application.router.add_get("/favicon.ico", icon)  # else Chromium logs a 404 in the console
    return application


@pytest.fixture(scope="module")
def site() -> object:
    with served(app) as url:
        yield url


def state(browser: Browser) -> tuple[str, str, int]:
    return browser.shown("step-counter", "step-image")


def wait_for(browser: Browser, counter: str) -> tuple[str, str, int]:
    WebDriverWait(browser.driver, 10).until(lambda _: state(browser)[0] == counter and state(browser)[2] > 0)
    return state(browser)


def test_keys_buttons_and_step_links(browser: Browser, site: str) -> None:
    browser.open(site + "/")
    browser.console()  # start from an empty log
    assert wait_for(browser, "Step 0 of 4")[1].endswith("/img/0.png")
    body = browser.driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)
    body.send_keys(Keys.ARROW_RIGHT)
    assert wait_for(browser, "Step 2 of 4")[1].endswith("/img/2.png")
    body.send_keys(Keys.ARROW_LEFT)
    assert wait_for(browser, "Step 1 of 4")[1].endswith("/img/1.png")
    browser.driver.find_element(By.ID, "next").click()
    assert wait_for(browser, "Step 2 of 4")[1].endswith("/img/2.png")
    browser.driver.find_element(By.ID, "prev").click()
    browser.driver.find_element(By.ID, "prev").click()
    assert wait_for(browser, "Step 0 of 4")[1].endswith("/img/0.png")
    assert browser.driver.current_url.endswith("?step=0")
    assert browser.console_errors() == []


def test_step_link_without_javascript(browser: Browser, site: str) -> None:
    browser.driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        browser.open(site + "/")
        browser.driver.find_element(By.LINK_TEXT, "Step 3").click()
        assert wait_for(browser, "Step 3 of 4")[1].endswith("/img/3.png")
        browser.driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)  # no script: nothing moves
        assert state(browser)[0] == "Step 3 of 4"
    finally:
        browser.driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


def test_axe_passes_a_good_page_and_fails_a_bad_one(browser: Browser, site: str) -> None:
    browser.open(site + "/")
    good = browser.axe("harness-good")
    assert good["passes"], "axe ran no rule"
    assert blocking(good) == [], summary(good)
    browser.open(site + "/broken")
    bad = browser.axe("harness-broken")
    assert "image-alt" in {v["id"] for v in blocking(bad)}, summary(bad)


def test_console_errors_and_refused_inline_scripts_are_seen(browser: Browser, site: str) -> None:
    browser.console()
    browser.open(site + "/broken")
    errors = browser.wait_for_error("something broke")
    assert all(e["level"] == "SEVERE" for e in errors)
    browser.open(site + "/inline")
    browser.wait_for_error("Content Security Policy")


def test_screenshots_at_phone_and_desktop_width(browser: Browser, site: str) -> None:
    browser.open(site + "/?step=2")
    try:
        for width in (360, 1280):
            path = browser.screenshot("harness", width)
            with Image.open(path) as shot:
                assert shot.width == width and shot.height >= 100
            assert browser.overflow() == 0
    finally:
        browser.reset_width()


def test_selenium_manager_is_never_asked(browser: Browser) -> None:
    from selenium.webdriver.common.selenium_manager import SeleniumManager

    with pytest.raises(AssertionError, match="Selenium Manager was called"):
        SeleniumManager().binary_paths(["--browser", "chrome"])
    assert browser.driver.capabilities["browserName"] in {"chrome", "chromium"}
