"""Under CI a missing browser fails the browser tests; elsewhere it skips them."""

from __future__ import annotations

import pytest

from tests.web import browser


@pytest.mark.parametrize("ci, outcome", [("true", pytest.fail.Exception), ("", pytest.skip.Exception)])
def test_a_missing_browser_fails_under_ci_and_skips_elsewhere(ci, outcome, monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("CI", ci)
    monkeypatch.setattr(browser, "CHROMEDRIVER", str(tmp_path / "chromedriver"))
    with pytest.raises(outcome, match="chromium-driver"):
        browser.require_browser()
