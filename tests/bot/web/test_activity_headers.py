"""Who may frame what (issue 44): only the Activity's pages admit Discord's clients as frame ancestors (and only
them, without ``X-Frame-Options``); every other route keeps ``frame-ancestors 'none'`` and ``DENY``; the CSP stays
as strict as the site's (no inline script, no eval); with the Activity off there is no Activity page at all."""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.store import SqliteStore
from bot.web import SECURITY_HEADERS, Site, WebConfig, make_app
from bot.web.activity import DISCORD_CLIENTS, ActivityConfig, extension
from bot.web.activity import config_from_settings as activity_config_from
from bot.web.auth import SignInConfig
from bot.web.auth import extension as auth_extension

#: Nothing answers here: these tests never reach Discord.
UNREACHABLE = "http://127.0.0.1:9/api/v10"


@contextlib.asynccontextmanager
async def serving(tmp_path: Path, activity: ActivityConfig | None) -> AsyncIterator[TestClient[Any, Any]]:
    """The site over an empty database, the Activity on when ``activity`` is given."""
    store = await SqliteStore.open(tmp_path / "headers.sqlite3")
    try:
        sign_in = SignInConfig(application_id=42, client_secret="s", discord_url=UNREACHABLE, http_timeout_s=2)
        extensions = (auth_extension(sign_in), extension(activity)) if activity is not None else ()
        async with TestClient(TestServer(make_app(Site(store), WebConfig(rate=0, extensions=extensions)))) as site:
            yield site
    finally:
        await store.close()


def csp(headers: Any) -> dict[str, str]:
    """The Content-Security-Policy's directives: name -> value."""
    parts = (p.strip() for p in headers["Content-Security-Policy"].split(";"))
    return {d.split(" ", 1)[0]: d.split(" ", 1)[1] for d in parts if " " in d}


async def test_only_the_activity_admits_discords_clients_as_frame_ancestors(tmp_path: Path) -> None:
    config = ActivityConfig(client_id=42, client_secret="s", bot_token="t", api_base=UNREACHABLE)
    async with serving(tmp_path, config) as site:
        page = await site.get("/activity/?instance_id=x&frame_id=y&platform=desktop")
        assert page.status == 200
        policy = csp(page.headers)
        assert policy["frame-ancestors"].split() == list(DISCORD_CLIENTS) == [
            "https://discord.com", "https://ptb.discord.com", "https://canary.discord.com"]
        assert "X-Frame-Options" not in page.headers
        site_policy = csp(SECURITY_HEADERS)
        assert policy["img-src"] == "'self' blob:"  # the table's images, fetched with the session's bearer token
        assert {k: v for k, v in policy.items() if k not in ("frame-ancestors", "img-src")} == {
            k: v for k, v in site_policy.items() if k not in ("frame-ancestors", "img-src")}  # as strict otherwise
        assert "unsafe" not in page.headers["Content-Security-Policy"]
        html = await page.text()
        assert re.findall(r'<script src="([^"]+)"', html) == ["/static/discord-sdk-2.5.0.js", "/static/activity.js"]
        assert "<script>" not in html and " style=" not in html and 'data-client-id="42"' in html
        for path in ("/", "/healthz", "/static/activity.js", "/g/unknown", "/activity/nothing-here", "/activityx",
                     "/robots.txt", "/activity/api/token"):
            answer = await site.get(path)
            assert csp(answer.headers)["frame-ancestors"] == "'none'", path
            assert answer.headers["X-Frame-Options"] == "DENY", path


async def test_with_the_activity_off_there_is_no_activity_page(tmp_path: Path) -> None:
    async with serving(tmp_path, None) as site:
        page = await site.get("/activity/")
        assert page.status == 404 and csp(page.headers)["frame-ancestors"] == "'none'"
        assert page.headers["X-Frame-Options"] == "DENY"
        post = await site.post("/activity/api/session", json={})
        assert post.status in (404, 405)


async def test_the_sign_in_steps_take_json_only_and_a_discord_that_cannot_be_reached_is_said(
        tmp_path: Path) -> None:
    config = ActivityConfig(client_id=42, client_secret="s", bot_token="t", api_base=UNREACHABLE)
    async with serving(tmp_path, config) as site:
        form = await site.post("/activity/api/token", data={"code": "abc"})  # a form another site could post
        assert form.status == 415 and (await form.json())["error"] == "bad_request"
        empty = await site.post("/activity/api/token", json={"code": ""})
        assert empty.status == 400
        down = await site.post("/activity/api/token", json={"code": "abc"}, headers={"Accept-Language": "es"})
        body = await down.json()
        assert down.status == 503 and body["error"] == "unavailable" and body["message"].startswith("No se pudo")


def test_the_activity_is_served_with_web_play_and_its_settings(caplog: pytest.LogCaptureFixture) -> None:
    from bot.config import Settings
    from bot.web.cli import play_extensions

    token = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GabcDE.abcdefghijklmnopqrstuvwxyz0123456789AB"
    on = Settings(discord_token=token, web_play=True, client_secret="secret", application_id=42, activity=True)
    extensions, problem = play_extensions(settings=on)
    assert problem is None and len(extensions) == 2  # the sign-in, then the Activity on its sessions
    config = activity_config_from(on)
    assert (config.client_id, config.client_secret, config.api_base) == (42, "secret", "https://discord.com/api/v10")
    assert config.bot_token == token and config.frame_ancestors == DISCORD_CLIENTS
    assert len(play_extensions(settings=on.model_copy(update={"activity": False}))[0]) == 1
    alone = on.model_copy(update={"web_play": False})
    assert play_extensions(settings=alone) == ((), None)
    assert "SPLENDOR_WEB_PLAY is off" in caplog.text
