"""A real browser for the web pages' tests: Debian's headless Chromium driven by its chromedriver through
Selenium, with axe-core (bundled by ``axe-selenium-python``) for accessibility.

Nothing here reaches the network: the driver and the browser are named by path (``/usr/bin/chromedriver``,
``/usr/bin/chromium``; ``SPLENDOR_CHROMEDRIVER``/``SPLENDOR_CHROMIUM`` override them), Selenium Manager (which
would download a driver or a browser) is switched off and made to raise if anything calls it, and Chromium starts
with its background networking off and a fresh profile.

Missing browser: the tests are skipped on a developer's machine, and FAIL under CI (``.ci/run`` installs the
``chromium`` and ``chromium-driver`` packages), as the PostgreSQL tests do without ``pgserver``.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import in_ci

CHROMIUM = os.environ.get("SPLENDOR_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("SPLENDOR_CHROMEDRIVER", "/usr/bin/chromedriver")
#: The flags that work on these machines (a closed network, running as root, no GPU).
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-default-apps", "--disable-extensions", "--mute-audio", "--hide-scrollbars")
#: The impacts that fail a page.
BLOCKING = ("serious", "critical")
WIDTHS = (360, 1280)


def missing_browser() -> str | None:
    """Why the browser tests cannot run here, or ``None``."""
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not (Path(path).is_file() and os.access(path, os.X_OK)):
            return f"{path} is missing (apt-get install {package})"
    try:
        import axe_selenium_python  # noqa: F401
        import selenium  # noqa: F401
    except ImportError as exc:
        return f"the browser tests need selenium and axe-selenium-python (pip install -e '.[dev]'): {exc}"
    return None


def require_browser() -> None:
    why = missing_browser()
    if why is None:
        return
    if in_ci():
        pytest.fail(f"CI must run the browser tests: {why}", pytrace=False)
    pytest.skip(f"browser tests skipped (under CI they fail): {why}")


def _no_selenium_manager(*args: object, **kwargs: object) -> Any:
    raise AssertionError("Selenium Manager was called: it would download a driver or a browser (no network here)")


@dataclass
class Browser:
    """One Chromium session (one fresh profile) and what the tests ask of it."""

    driver: Any
    profile: Path
    shots: Path
    axe_results: dict[str, dict[str, Any]] = field(default_factory=dict)

    def open(self, url: str) -> None:
        self.driver.get(url)

    def console(self) -> list[dict[str, Any]]:
        """The browser log since the last call (Chromium's console messages, CSP reports, failed loads)."""
        return list(self.driver.get_log("browser"))

    def console_errors(self) -> list[dict[str, Any]]:
        return [e for e in self.console() if e.get("level") == "SEVERE"]

    def wait_for_error(self, text: str, timeout_s: float = 10) -> list[dict[str, Any]]:
        """The console errors logged until one containing ``text`` arrives (Chromium logs some a moment after
        the page has loaded); ``AssertionError`` with what was logged if none does within ``timeout_s``."""
        from selenium.common.exceptions import TimeoutException
        from selenium.webdriver.support.ui import WebDriverWait

        seen: list[dict[str, Any]] = []

        def arrived(_: object) -> bool:
            seen.extend(self.console_errors())
            return any(text in str(e.get("message")) for e in seen)

        try:
            WebDriverWait(self.driver, timeout_s, poll_frequency=0.1).until(arrived)
        except TimeoutException:
            raise AssertionError(f"no console error with {text!r} within {timeout_s} s: {seen}") from None
        return seen

    def axe(self, name: str) -> dict[str, Any]:
        """axe-core's full results for the current page (kept under ``name`` for the report)."""
        from axe_selenium_python import Axe

        axe = Axe(self.driver)
        axe.inject()  # through WebDriver: not subject to the page's Content-Security-Policy
        results: dict[str, Any] = axe.run()
        self.axe_results[name] = results
        return results

    def shown(self, counter_id: str, image_id: str) -> tuple[str, str, int]:
        """A replay's counter text, its image's address and the image's loaded width (0 until it has loaded)."""
        from selenium.webdriver.common.by import By

        image = self.driver.find_element(By.ID, image_id)
        width = self.driver.execute_script("return arguments[0].complete ? arguments[0].naturalWidth : 0", image)
        return self.driver.find_element(By.ID, counter_id).text, str(image.get_attribute("src")), int(width)

    def width(self, width: int, height: int = 800) -> None:
        """Lay the page out as a device ``width`` CSS pixels wide (a phone at 360: its viewport meta applies)."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 800})

    def overflow(self) -> int:
        """How many CSS pixels the page is wider than its viewport (0: no sideways scrolling)."""
        return int(self.driver.execute_script(
            "return Math.max(0, document.documentElement.scrollWidth - window.innerWidth)"))

    def screenshot(self, name: str, width: int) -> Path:
        """The whole page at ``width`` CSS pixels as PNG, saved in :attr:`shots`."""
        self.width(width)
        height = int(self.driver.execute_script(
            "return Math.max(document.documentElement.scrollHeight, document.body ? document.body.scrollHeight : 0)"))
        shot = self.driver.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": width, "height": min(max(height, 1), 8000), "scale": 1}})
        path = self.shots / f"{name}-{width}.png"
        path.write_bytes(base64.b64decode(shot["data"]))
        return path

    def reset_width(self) -> None:
        self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def blocking(results: dict[str, Any]) -> list[dict[str, Any]]:
    """The violations of ``results`` that fail a page (serious or critical impact)."""
    return [v for v in results.get("violations", []) if v.get("impact") in BLOCKING]


def summary(results: dict[str, Any]) -> str:
    """One line per violation: rule, impact, how many elements, the first targets."""
    lines = []
    for v in results.get("violations", []):
        targets = [", ".join(n["target"]) for n in v.get("nodes", [])][:3]
        lines.append(f"{v['id']} ({v.get('impact')}): {len(v.get('nodes', []))} element(s) {targets}")
    return "\n".join(lines) or "no violations"


def screenshots_dir(tmp_root: Path) -> Path:
    """Where screenshots go: ``SPLENDOR_SCREENSHOTS`` if set, else under pytest's temporary directory."""
    chosen = os.environ.get("SPLENDOR_SCREENSHOTS")
    path = Path(chosen) if chosen else tmp_root
    path.mkdir(parents=True, exist_ok=True)
    return path


@contextmanager
def chromium(shots: Path) -> Iterator[Browser]:
    """A headless Chromium on a fresh profile, closed (and its profile removed) on exit."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common import selenium_manager

    os.environ["SE_OFFLINE"] = "true"  # were Selenium Manager ever run, it must not go online
    selenium_manager.SeleniumManager.binary_paths = _no_selenium_manager  # type: ignore[method-assign]
    profile = Path(tempfile.mkdtemp(prefix="splendor-chromium-"))
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.add_argument("--window-size=1280,800")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=CHROMEDRIVER, log_output=str(profile.parent / f"{profile.name}.driver.log"))
    driver = webdriver.Chrome(service=service, options=options)
    try:
        driver.set_page_load_timeout(60)
        driver.set_script_timeout(60)
        yield Browser(driver, profile, shots)
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def write_axe_report(browser: Browser, path: Path) -> None:
    """Every page's full axe results, as JSON (the report the issue asks for)."""
    path.write_text(json.dumps(browser.axe_results, indent=1))
