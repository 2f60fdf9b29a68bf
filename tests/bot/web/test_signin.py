"""Sign-in with Discord and web sessions (issue 44, bot/web/auth.py) against the local fake Discord's OAuth2, over a
real SQLite file: the whole flow, and every refusal with nothing written (the sessions table is compared before
and after)."""

from __future__ import annotations

import hashlib
import re
import sqlite3
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer
from yarl import URL

from bot.store import GameStore, SqliteStore
from bot.web import Site, WebConfig, make_app
from bot.web import auth as web_auth
from bot.web.auth import SESSION_COOKIE, SignInConfig, check_csrf, open_session, safe_next
from bot.web.identity import VISITOR_KEY
from tests.e2e.fakediscord import FakeDiscord, FakeUser
from tests.e2e.fakediscord.oauth import CLIENT_SECRET

T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kw: float) -> None:
        self.now += timedelta(**kw)


@dataclass
class World:
    fake: FakeDiscord
    store: GameStore
    path: Path
    clock: Clock
    client: TestClient[Any, Any]

    def sessions(self) -> list[tuple[Any, ...]]:
        """The sessions table as it is on disk (every column)."""
        with sqlite3.connect(self.path) as db:
            return db.execute("SELECT * FROM web_sessions ORDER BY session_id").fetchall()

    async def new_client(self) -> TestClient[Any, Any]:
        """Another browser on the same site (its own cookies)."""
        client = TestClient(TestServer(self.client.app), cookie_jar=aiohttp.CookieJar(unsafe=True))
        await client.start_server()
        self.fake.oauth.register_redirect(str(client.make_url("/signin/callback")))
        return client


def sign_in_config(fake: FakeDiscord, clock: Clock, **kw: Any) -> SignInConfig:
    return SignInConfig(application_id=fake.application_id, client_secret=CLIENT_SECRET, discord_url=fake.base_url,
                        clock=clock, **kw)


async def world_for(tmp_path: Path, fake: FakeDiscord, store: GameStore | None = None, **kw: Any) -> World:
    path = tmp_path / "web.sqlite3"
    store = store or await SqliteStore.open(path)
    clock = Clock()
    config = WebConfig(rate=0, page_ttl=0, extensions=(web_auth.extension(sign_in_config(fake, clock, **kw)),))
    client = TestClient(TestServer(make_app(Site(store), config)), cookie_jar=aiohttp.CookieJar(unsafe=True))
    await client.start_server()
    fake.oauth.register_redirect(str(client.make_url("/signin/callback")))
    return World(fake, store, path, clock, client)


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as fake:
        yield fake


@pytest.fixture
async def world(tmp_path: Path, fake: FakeDiscord) -> AsyncIterator[World]:
    w = await world_for(tmp_path, fake)
    yield w
    await w.client.close()
    await w.store.close()


async def to_discord(client: TestClient[Any, Any], next_path: str | None = None) -> str:
    """``/signin``: where it sends the browser (Discord's authorization page)."""
    response = await client.get("/signin", params={} if next_path is None else {"next": next_path},
                                allow_redirects=False)
    assert response.status == 302, await response.text()
    return response.headers["Location"]


async def at_discord(authorize_url: str) -> str:
    """The browser at Discord's page (the fake approves as the user the test chose): where Discord sends it back."""
    async with aiohttp.ClientSession() as http, http.get(authorize_url, allow_redirects=False) as response:
        assert response.status == 302, await response.text()
        return response.headers["Location"]


async def back_from_discord(client: TestClient[Any, Any], callback_url: str) -> aiohttp.ClientResponse:
    response = await client.get(URL(callback_url).path_qs, allow_redirects=False)
    await response.read()
    return response


async def sign_in(w: World, user: FakeUser, client: TestClient[Any, Any] | None = None,
                  next_path: str | None = None) -> aiohttp.ClientResponse:
    client = client or w.client
    w.fake.oauth.approve_as(user)
    response = await back_from_discord(client, await at_discord(await to_discord(client, next_path)))
    assert response.status == 303, response.status
    return response


async def signed_in(w: World, user: FakeUser, client: TestClient[Any, Any] | None = None) -> str:
    """``user`` signed in on ``client`` (default: the world's browser); the CSRF token of their account page."""
    client = client or w.client
    await sign_in(w, user, client)
    return csrf_of(await page(client, "/account"))


def set_signin_cookie(client: TestClient[Any, Any], value: str) -> None:
    """Replace the browser's sign-in cookie (``Path=/signin``, as the site set it)."""
    cookie: SimpleCookie = SimpleCookie()
    cookie["splendor_signin"] = value
    cookie["splendor_signin"]["path"] = "/signin"
    client.session.cookie_jar.update_cookies(cookie, URL(str(client.make_url("/signin"))))
    assert [c.value for c in client.session.cookie_jar if c.key == "splendor_signin"] == [value]


def session_cookie(client: TestClient[Any, Any]) -> str:
    found = [c.value for c in client.session.cookie_jar if c.key == SESSION_COOKIE]
    assert len(found) == 1, found
    return found[0]


async def page(client: TestClient[Any, Any], path: str, status: int = 200, **kw: Any) -> str:
    response = await client.get(path, **kw)
    text = await response.text()
    assert response.status == status, (path, response.status, text[:400])
    return text


def csrf_of(html: str) -> str:
    found = set(re.findall(r'name="csrf" value="([^"]+)"', html))
    assert len(found) == 1, found
    return found.pop()


async def post(client: TestClient[Any, Any], path: str, csrf: str | None, headers: dict[str, str] | None = None
               ) -> aiohttp.ClientResponse:
    response = await client.post(path, data={} if csrf is None else {"csrf": csrf}, allow_redirects=False,
                                 headers=headers or {})
    await response.read()
    return response


# ---------------------------------------------------------------------------------------------- the flow
async def test_signing_in_opens_a_session_and_goes_back_to_the_page(world: World) -> None:
    alice = world.fake.user("alice")
    home = await page(world.client, "/")
    assert 'data-testid="signin-link"' in home and "Alice" not in home
    assert 'href="/account"' in home  # the header's account link (web play is on)
    response = await sign_in(world, alice, next_path="/l/some-league?season=2")
    assert response.headers["Location"] == "/l/some-league?season=2"
    cookie = response.cookies[SESSION_COOKIE]
    assert cookie["httponly"] and cookie["samesite"] == "Lax" and cookie["path"] == "/"
    assert not cookie["secure"]  # plain HTTP here; over TLS: see the proxy test
    assert int(cookie["max-age"]) == 30 * 86400
    token = session_cookie(world.client)
    [row] = world.sessions()
    # the token is stored only as its hash, with the Discord user's id and name, in their language
    assert token not in repr(row)
    with sqlite3.connect(world.path) as db:
        stored = db.execute("SELECT token_hash, user_id, name, lang, kind, revoked_at FROM web_sessions").fetchone()
    assert stored == (hashlib.sha256(token.encode()).hexdigest(), alice.id, "Alice", "en", "discord", None)
    dump = "\n".join(sqlite3.connect(world.path).iterdump())
    [access] = world.fake.oauth.tokens  # Discord's access token served once, to ask who signed in: never kept
    assert access not in dump and token not in dump
    home = await page(world.client, "/")
    assert 'data-testid="signin-status"' in home and "<bdi>Alice</bdi>" in home
    account = await page(world.client, "/account")
    assert "<bdi>Alice</bdi>" in account and 'action="/signout"' in account
    # the sign-in cookie is gone once used
    assert not [c for c in world.client.session.cookie_jar if c.key == "splendor_signin"]


async def test_the_authorize_request_is_the_code_flow_with_state_and_pkce(world: World) -> None:
    url = URL(await to_discord(world.client))
    assert str(url.with_query(None)) == world.fake.base_url + "/oauth2/authorize"
    q = url.query
    assert q["client_id"] == str(world.fake.application_id) and q["response_type"] == "code"
    assert q["scope"] == "identify" and q["code_challenge_method"] == "S256"
    assert len(q["state"]) >= 32 and 43 <= len(q["code_challenge"]) <= 128
    assert q["redirect_uri"] == str(world.client.make_url("/signin/callback"))
    # each sign-in has its own state and challenge
    again = URL(await to_discord(world.client)).query
    assert again["state"] != q["state"] and again["code_challenge"] != q["code_challenge"]
    # the token exchange sends the verifier and the secret (HTTP Basic), never in the URL
    world.fake.oauth.approve_as(world.fake.user("bob"))
    await back_from_discord(world.client, await at_discord(await to_discord(world.client)))
    [exchange] = world.fake.oauth.calls_to("/oauth2/token")
    assert exchange.status == 200 and exchange.form["grant_type"] == "authorization_code"
    assert exchange.form["code_verifier"] and "client_secret" not in exchange.form


async def test_a_signed_in_visitor_going_to_signin_goes_straight_to_next(world: World) -> None:
    await sign_in(world, world.fake.user("alice"))
    before = world.sessions()
    response = await world.client.get("/signin", params={"next": "/account"}, allow_redirects=False)
    assert response.status == 303 and response.headers["Location"] == "/account"
    assert world.sessions() == before


@pytest.mark.parametrize("raw", ["//evil.example/x", "https://evil.example/", "/\\evil.example", "\\\\evil.example",
                                 "javascript:alert(1)", "/ok\r\nSet-Cookie: x=1", "evil.example", "", "/" + "a" * 600,
                                 "http:/evil.example", "/\tevil"])
def test_next_is_a_path_of_this_site_or_home(raw: str) -> None:
    assert safe_next(raw) == "/"


def test_next_keeps_a_path_and_its_query() -> None:
    assert safe_next("/g/abc?step=3&lang=es") == "/g/abc?step=3&lang=es"


async def test_an_open_redirect_in_next_lands_on_home(world: World) -> None:
    response = await sign_in(world, world.fake.user("alice"), next_path="//evil.example/steal")
    assert response.headers["Location"] == "/"
    other = await world.new_client()
    try:
        response = await sign_in(world, world.fake.user("alice"), client=other, next_path="https://evil.example/")
        assert response.headers["Location"] == "/"
    finally:
        await other.close()
    # already signed in, /signin goes straight to next: checked the same way
    for raw in ("https://evil.example/", "//evil.example", "/\\evil.example"):
        response = await world.client.get("/signin", params={"next": raw}, allow_redirects=False)
        assert (response.status, response.headers["Location"]) == (303, "/")


# ---------------------------------------------------------------------------------------------- refusals at sign-in
async def test_a_wrong_or_missing_state_is_refused_and_nothing_is_written(world: World) -> None:
    world.fake.oauth.approve_as(world.fake.user("alice"))
    back = URL(await at_discord(await to_discord(world.client)))
    for query in ({**back.query, "state": "forged"}, {"code": back.query["code"]}):
        response = await back_from_discord(world.client, str(back.with_query(query)))
        assert response.status == 400
        assert world.sessions() == []
    # another browser, without this one's sign-in cookie, with the right state
    other = await world.new_client()
    try:
        assert (await back_from_discord(other, str(back))).status == 400
    finally:
        await other.close()
    assert world.sessions() == [] and world.fake.oauth.calls_to("/oauth2/token") == []  # Discord never asked


async def test_a_pkce_verifier_that_does_not_match_is_refused_by_discord(world: World) -> None:
    world.fake.oauth.approve_as(world.fake.user("alice"))
    back = await at_discord(await to_discord(world.client))
    jar = world.client.session.cookie_jar
    [pending] = [c for c in jar if c.key == "splendor_signin"]
    state, _, rest = pending.value.split(".")
    set_signin_cookie(world.client, f"{state}.{'x' * 86}.{rest}")
    response = await back_from_discord(world.client, back)
    assert response.status == 403
    assert [c.status for c in world.fake.oauth.calls_to("/oauth2/token")] == [400]
    assert world.sessions() == []


async def test_a_reused_code_is_refused(world: World) -> None:
    world.fake.oauth.approve_as(world.fake.user("alice"))
    back = await at_discord(await to_discord(world.client))
    [pending] = [c.value for c in world.client.session.cookie_jar if c.key == "splendor_signin"]
    assert (await back_from_discord(world.client, back)).status == 303
    first = world.sessions()
    # the same answer from Discord again, with the same sign-in cookie: Discord refuses the used code
    set_signin_cookie(world.client, pending)
    response = await back_from_discord(world.client, back)
    assert response.status == 403
    assert [c.status for c in world.fake.oauth.calls_to("/oauth2/token")] == [200, 400]
    assert world.sessions() == first


async def test_an_expired_code_or_a_refusal_on_discord_writes_nothing(world: World) -> None:
    world.fake.oauth.approve_as(world.fake.user("alice"))
    back = await at_discord(await to_discord(world.client))
    world.fake.oauth.expire_codes()
    assert (await back_from_discord(world.client, back)).status == 403
    world.fake.oauth.deny = True
    back = await at_discord(await to_discord(world.client))
    assert "error=access_denied" in back
    response = await back_from_discord(world.client, back)
    assert response.status == 403
    assert world.sessions() == []


def basic(fake: FakeDiscord, secret: str) -> dict[str, str]:
    return {"Authorization": aiohttp.encode_basic_auth(str(fake.application_id), secret)}


async def test_discord_refuses_what_it_refuses(fake: FakeDiscord) -> None:
    """The fake's own refusals (those the sign-in relies on)."""
    alice = fake.user("alice")
    fake.oauth.register_redirect("http://site.example/signin/callback")
    fake.oauth.approve_as(alice)
    good = {"client_id": str(fake.application_id), "response_type": "code", "scope": "identify",
            "redirect_uri": "http://site.example/signin/callback", "state": "s", "code_challenge": "c" * 43,
            "code_challenge_method": "S256"}
    async with aiohttp.ClientSession() as http:
        for bad in ({"client_id": "1"}, {"redirect_uri": "http://evil.example/cb"}, {"response_type": "token"},
                    {"scope": "email"}, {"code_challenge_method": "plain"}, {"code_challenge": ""}):
            async with http.get(fake.base_url + "/oauth2/authorize", params={**good, **bad},
                                allow_redirects=False) as r:
                assert r.status == 400, bad
        async with http.get(fake.base_url + "/oauth2/authorize", params=good, allow_redirects=False) as r:
            assert r.status == 302
            code = parse_qs(urlsplit(r.headers["Location"]).query)["code"][0]
        token_url = fake.api_base + "/oauth2/token"
        form = {"grant_type": "authorization_code", "code": code, "redirect_uri": good["redirect_uri"],
                "code_verifier": "v" * 43}
        async with http.post(token_url, data=form, headers=basic(fake, "wrong")) as r:
            assert (r.status, (await r.json())["error"]) == (401, "invalid_client")
        async with http.post(token_url, data={**form, "redirect_uri": "http://site.example/other"},
                             headers=basic(fake, CLIENT_SECRET)) as r:
            assert (r.status, (await r.json())["error"]) == (400, "invalid_grant")
        async with http.get(fake.api_base + "/users/@me", headers={"Authorization": "Bearer nothing"}) as r:
            assert r.status == 401


# ---------------------------------------------------------------------------------------------- sessions
async def test_a_session_ends_at_its_expiry_and_when_idle(world: World) -> None:
    await sign_in(world, world.fake.user("alice"))
    world.clock.advance(hours=71)
    assert "<bdi>Alice</bdi>" in await page(world.client, "/")  # used within the idle time: it goes on
    world.clock.advance(hours=71)
    assert "<bdi>Alice</bdi>" in await page(world.client, "/")
    world.clock.advance(hours=73)  # unused for longer than the idle time
    assert 'data-testid="signin-link"' in await page(world.client, "/")
    # absolute expiry, however often it is used
    other = await world.new_client()
    try:
        await sign_in(world, world.fake.user("bob"), client=other)
        for _ in range(15):
            world.clock.advance(days=2)
            await page(other, "/")
        assert 'data-testid="signin-link"' in await page(other, "/")
        before = world.sessions()
        csrf = next(r for r in before if r[3] == world.fake.user("bob").id)[2]  # session_id, token_hash, csrf, user
        assert (await post(other, "/signout", csrf)).status == 403  # an expired session cannot sign out either
        assert world.sessions() == before
    finally:
        await other.close()


async def test_the_last_use_is_written_at_most_every_few_minutes_and_never_on_a_refusal(world: World) -> None:
    csrf = await signed_in(world, world.fake.user("alice"))
    seen = world.sessions()
    world.clock.advance(minutes=2)
    await page(world.client, "/")
    assert world.sessions() == seen  # within TOUCH_EVERY: no write
    world.clock.advance(minutes=10)
    assert (await post(world.client, "/signout", csrf + "x")).status == 403
    assert world.sessions() == seen  # a refused request does not even move the idle clock
    await page(world.client, "/")
    assert world.sessions() != seen  # an answered one does


async def test_signing_out_revokes_the_session_and_its_cookie_opens_nothing(world: World) -> None:
    await sign_in(world, world.fake.user("alice"))
    token = session_cookie(world.client)
    csrf = csrf_of(await page(world.client, "/account"))
    response = await post(world.client, "/signout", csrf)
    assert response.status == 303 and response.headers["Location"] == "/"
    [row] = world.sessions()
    assert row[-1] is not None  # revoked_at
    # the stolen (or kept) cookie of a revoked session opens nothing, and posts nothing
    world.client.session.cookie_jar.update_cookies({SESSION_COOKIE: token}, URL(str(world.client.make_url("/"))))
    assert 'data-testid="signin-link"' in await page(world.client, "/")
    before = world.sessions()
    assert (await post(world.client, "/signout", csrf)).status == 403
    assert world.sessions() == before
    response = await world.client.get("/account", allow_redirects=False)
    assert response.status == 302 and response.headers["Location"].startswith("/signin?next=")


async def test_signing_out_everywhere_ends_every_session_of_the_user_only(world: World) -> None:
    alice, bob = world.fake.user("alice"), world.fake.user("bob")
    phone, bobs = await world.new_client(), await world.new_client()
    try:
        await sign_in(world, alice)
        await sign_in(world, alice, client=phone)
        await sign_in(world, bob, client=bobs)
        _, activity = await open_session(world.client.app, user_id=alice.id, name="Alice", lang="en",
                                         kind="activity", game_id=7)
        account = await page(phone, "/account")
        assert "3 devices" in account
        assert (await post(phone, "/signout/everywhere", csrf_of(account))).status == 303
        rows = {r[0]: r for r in world.sessions()}
        assert rows[activity.session_id][-1] is not None
        assert [r[3] for r in rows.values() if r[-1] is None] == [bob.id]
        assert 'data-testid="signin-link"' in await page(world.client, "/")
        assert "<bdi>Bob</bdi>" in await page(bobs, "/")
    finally:
        await phone.close()
        await bobs.close()


async def test_a_user_has_at_most_so_many_open_sessions_the_oldest_end(world: World) -> None:
    app, carol = world.client.app, world.fake.user("carol")
    opened = []
    for i in range(web_auth.SESSIONS_PER_USER + 2):
        world.clock.advance(seconds=1)
        opened.append((await open_session(app, user_id=carol.id, name="Carol", lang="en", kind="activity",
                                          game_id=i))[1].session_id)
    rows = {r[0]: r for r in world.sessions()}
    assert [sid for sid in opened if rows[sid][-1] is not None] == opened[:2]  # revoked_at: the two oldest
    assert sum(r[-1] is None for r in rows.values()) == web_auth.SESSIONS_PER_USER


# ---------------------------------------------------------------------------------------------- CSRF and origin
async def test_the_sign_out_routes_take_only_a_post(world: World) -> None:
    for path in ("/signout", "/signout/everywhere"):
        response = await world.client.get(path)
        assert response.status == 405 and response.headers["Allow"] == "POST"
    response = await world.client.post("/account")
    assert response.status == 405 and response.headers["Allow"] == "GET, HEAD"
    response = await world.client.head("/signin/callback?code=x&state=y")  # a link checker exchanges no code
    assert response.status == 405 and world.fake.oauth.calls == []


async def test_a_post_without_a_session_is_refused(world: World) -> None:
    csrf = await signed_in(world, world.fake.user("alice"))
    stranger = await world.new_client()
    try:
        before = world.sessions()
        for path in ("/signout", "/signout/everywhere"):
            response = await post(stranger, path, csrf)
            assert response.status == 403
            assert "Not allowed" in await response.text()
        assert world.sessions() == before
    finally:
        await stranger.close()


async def test_a_forged_or_missing_csrf_token_is_refused(world: World) -> None:
    csrf = await signed_in(world, world.fake.user("alice"))
    before = world.sessions()
    for forged in (None, "", "forged", csrf[:-1], csrf + "0", csrf.upper()):
        for path in ("/signout", "/signout/everywhere"):
            response = await post(world.client, path, forged)
            assert response.status == 403, (path, forged)
    assert world.sessions() == before
    response = await world.client.post("/signout", data={"csrf": "forged"}, allow_redirects=False,
                                       headers={"Accept-Language": "es"})
    assert "No permitido" in await response.text()  # the refusal page is in the visitor's language


async def test_the_csrf_token_of_another_session_is_refused(world: World) -> None:
    """A token replayed from another session (another user's, or the same user's other device)."""
    alice, bob = world.fake.user("alice"), world.fake.user("bob")
    bobs, phone = await world.new_client(), await world.new_client()
    try:
        await sign_in(world, alice)
        await sign_in(world, bob, client=bobs)
        await sign_in(world, alice, client=phone)
        before = world.sessions()
        for other in (bobs, phone):
            replayed = csrf_of(await page(other, "/account"))
            assert (await post(world.client, "/signout", replayed)).status == 403
            assert (await post(world.client, "/signout/everywhere", replayed)).status == 403
        assert world.sessions() == before
    finally:
        await bobs.close()
        await phone.close()


async def test_a_cross_origin_post_is_refused_even_with_the_right_token(world: World) -> None:
    csrf = await signed_in(world, world.fake.user("alice"))
    before = world.sessions()
    own = str(world.client.make_url("/")).rstrip("/")
    for headers in ({"Origin": "http://evil.example"}, {"Origin": "null"}, {"Origin": own + ".evil.example"},
                    {"Origin": "https://" + urlsplit(own).netloc},  # another scheme is another origin
                    {"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"},  # a sibling host or port
                    {"Origin": own, "Sec-Fetch-Site": "cross-site"},
                    {"Origin": "null", "Sec-Fetch-Site": "same-site"},
                    {"Origin": f"https://{world.fake.application_id}.discordsays.com"}):  # only for an Activity
        assert (await post(world.client, "/signout/everywhere", csrf, headers)).status == 403, headers
    assert world.sessions() == before
    # the same post from the site itself goes through: with our origin, or as a browser's form post under the
    # pages' no-referrer policy (Origin: null, but Sec-Fetch-Site: same-origin, which no page can forge)
    assert (await post(world.client, "/signout", csrf, {"Origin": "null", "Sec-Fetch-Site": "same-origin"})
            ).status == 303
    csrf = await signed_in(world, world.fake.user("alice"))
    assert (await post(world.client, "/signout", csrf, {"Origin": own, "Sec-Fetch-Site": "same-origin"})).status == 303


async def test_the_per_user_limit_answers_429_with_retry_after_and_writes_nothing(tmp_path: Path,
                                                                                   fake: FakeDiscord) -> None:
    w = await world_for(tmp_path, fake, user_rate=0.01, user_burst=1)
    laptop = await w.new_client()
    try:
        alice = fake.user("alice")
        await sign_in(w, alice)
        await sign_in(w, alice, client=laptop)
        first, second = csrf_of(await page(w.client, "/account")), csrf_of(await page(laptop, "/account"))
        assert (await post(w.client, "/signout", first)).status == 303
        before = w.sessions()
        response = await post(laptop, "/signout", second)  # the same user, another session: the same bucket
        assert response.status == 429 and int(response.headers["Retry-After"]) >= 1
        assert w.sessions() == before
    finally:
        await laptop.close()
        await w.client.close()
        await w.store.close()


# ---------------------------------------------------------------------------------------------- cookies, bearer
async def test_behind_the_trusted_proxy_over_tls_the_cookie_is_secure(tmp_path: Path, fake: FakeDiscord) -> None:
    path = tmp_path / "proxy.sqlite3"
    store = await SqliteStore.open(path)
    clock = Clock()
    ext = (web_auth.extension(sign_in_config(fake, clock, public_url="https://splendor.example")),)
    for trust in (True, False):
        client = TestClient(TestServer(make_app(Site(store), WebConfig(rate=0, trust_forwarded=trust,
                                                                       extensions=ext))))
        await client.start_server()
        try:
            fake.oauth.register_redirect("https://splendor.example/signin/callback")
            fake.oauth.approve_as(fake.user("alice"))
            proto = {"X-Forwarded-Proto": "https"}
            response = await client.get("/signin", headers=proto, allow_redirects=False)
            assert URL(response.headers["Location"]).query["redirect_uri"] == "https://splendor.example/signin/callback"
            pending = response.cookies
            back = URL(await at_discord(response.headers["Location"]))
            cookies = {c.key: c.value for c in pending.values()}
            response = await client.get(back.path_qs, headers={**proto, "Cookie": "; ".join(
                f"{k}={v}" for k, v in cookies.items())}, allow_redirects=False)
            assert response.status == 303
            if trust:
                assert "__Secure-splendor_signin" in cookies
                cookie = response.cookies["__Host-" + SESSION_COOKIE]
                assert cookie["secure"] and cookie["httponly"] and cookie["samesite"] == "Lax"
                assert cookie["path"] == "/" and not cookie["domain"]
            else:  # the header is anyone's to write: without the proxy trusted it is ignored
                assert "splendor_signin" in cookies
                assert not response.cookies[SESSION_COOKIE]["secure"]
        finally:
            await client.close()
    await store.close()


async def test_an_activity_session_is_presented_as_a_bearer_token_only(world: World) -> None:
    app = world.client.app
    carol = world.fake.user("carol")
    token, visitor = await open_session(app, user_id=carol.id, name="Carol", lang="es", kind="activity", game_id=42)
    assert (visitor.kind, visitor.game_id, visitor.lang) == ("activity", 42, "es")
    _, other = await open_session(app, user_id=carol.id, name="Carol", lang="es", kind="discord")
    assert visitor.csrf != other.csrf and visitor.session_id != other.session_id

    async def who(headers: dict[str, str], cookies: dict[str, str] | None = None) -> object:
        found: list[object] = []

        async def probe(request: Any) -> Any:
            found.append(await request.app[VISITOR_KEY](request))
            from aiohttp import web
            return web.Response(text="ok")
        client = TestClient(TestServer(_probe_app(app, probe)), cookie_jar=aiohttp.CookieJar(unsafe=True))
        await client.start_server()
        try:
            if cookies:
                client.session.cookie_jar.update_cookies(cookies, URL(str(client.make_url("/"))))
            await (await client.get("/probe", headers=headers)).read()
        finally:
            await client.close()
        return found[0]

    seen = await who({"Authorization": f"Bearer {token}"})
    assert seen == visitor
    assert await who({}, {SESSION_COOKIE: token}) is None  # an Activity's token is no cookie
    assert await who({"Authorization": "Bearer " + "x" * 43}) is None
    assert await who({"Authorization": "Bearer " + "x" * 500}) is None


def _probe_app(signed: Any, probe: Any) -> Any:
    """An app sharing ``signed``'s store and sign-in, with one route that reports the visitor."""
    site = signed[web_auth.SITE_KEY]
    auth = signed[web_auth.AUTH_KEY]
    app = make_app(site, WebConfig(rate=0, extensions=(web_auth.extension(auth.config),)))
    app.router.add_get("/probe", probe)
    return app


async def test_an_activity_session_may_post_from_discords_proxy_origin_only(world: World) -> None:
    """The Activity's page runs at ``https://<application id>.discordsays.com`` (Discord's proxy to this site): its
    session's writes may come from there; a browser session's may not, and no other Discord origin may."""
    from aiohttp import web
    from aiohttp.test_utils import make_mocked_request

    app = world.client.app
    _, activity = await open_session(app, user_id=1, name="A", lang="en", kind="activity", game_id=3)
    _, browser = await open_session(app, user_id=1, name="A", lang="en", kind="discord")
    proxy = f"https://{world.fake.application_id}.discordsays.com"

    def refused(visitor: Any, token: str, **headers: str) -> bool:
        request = make_mocked_request("POST", "/play/x", headers={"Host": "site.example", **headers}, app=app)
        try:
            check_csrf(request, visitor, token)
        except web.HTTPForbidden:
            return True
        return False

    assert not refused(activity, activity.csrf, Origin=proxy, **{"Sec-Fetch-Site": "same-origin"})
    assert not refused(activity, activity.csrf, Origin="http://site.example")
    assert refused(browser, browser.csrf, Origin=proxy)
    assert refused(activity, activity.csrf, Origin="https://1.discordsays.com")  # another application's Activity
    assert refused(activity, activity.csrf, Origin="https://discord.com")
    assert refused(activity, browser.csrf, Origin=proxy)  # the other session's token
    assert refused(activity, "", Origin=proxy)


def test_check_csrf_compares_in_constant_time_and_reads_no_body() -> None:
    """check_csrf is given the token: it reads only headers (the caller decides where the token comes from)."""
    import inspect

    source = inspect.getsource(check_csrf)
    assert "compare_digest" in source and "await" not in source


# ---------------------------------------------------------------------------------------------- web play off
async def test_with_web_play_off_nothing_of_the_sign_in_exists(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "off.sqlite3")
    client = TestClient(TestServer(make_app(Site(store), WebConfig(rate=0))))
    await client.start_server()
    try:
        home = await page(client, "/")
        assert "signin" not in home and "account" not in home.lower() and "Sign in" not in home
        assert "Cache-Control" not in (await client.get("/")).headers  # as before: no per-visitor page
        for path in ("/signin", "/signin/callback?code=x&state=y", "/account"):
            await page(client, path, 404)
        for path in ("/signout", "/signout/everywhere"):
            assert (await client.post(path, data={"csrf": "x"})).status in (404, 405)
        assert VISITOR_KEY not in client.app
        with sqlite3.connect(tmp_path / "off.sqlite3") as db:
            assert db.execute("SELECT COUNT(*) FROM web_sessions").fetchone() == (0,)
    finally:
        await client.close()
        await store.close()


async def test_pages_keep_the_strict_policy_and_only_the_account_page_may_post_a_form(world: World) -> None:
    await sign_in(world, world.fake.user("alice"))
    for path in ("/", "/account", "/signin/callback"):
        response = await world.client.get(path, allow_redirects=False)
        policy = response.headers["Content-Security-Policy"]
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
        assert "frame-ancestors 'none'" in policy
        assert ("form-action 'self'" if path == "/account" else "form-action 'none'") in policy, path


# ---------------------------------------------------------------------------------------------- settings
TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"  # user id 123456789012345678


def test_web_play_needs_the_secret_and_an_application_id(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from bot.config import Settings
    from bot.web.cli import play_extensions

    monkeypatch.chdir(tmp_path)  # no stray .env
    assert play_extensions(settings=Settings()) == ((), None)  # off: nothing added, nothing to say
    on = Settings(web_play=True, discord_token=TOKEN)
    assert on.oauth_application_id == 123456789012345678  # from the token
    assert "SPLENDOR_CLIENT_SECRET" in str(on.web_play_problem())
    assert "SPLENDOR_APPLICATION_ID" in str(Settings(web_play=True, client_secret="s").web_play_problem())
    ready = Settings(web_play=True, client_secret="s", application_id=42, web_url="https://splendor.example/")
    assert ready.web_play_problem() is None
    extensions, problem = play_extensions(settings=ready)
    assert problem is None and len(extensions) == 1
    config = web_auth.config_from_settings(ready)
    assert (config.application_id, config.public_url, config.client_secret) == (42, "https://splendor.example", "s")
    assert "'s'" not in repr(config) and "client_secret" not in repr(config)  # the secret never in a log line


def test_python_m_bot_web_refuses_to_start_web_play_without_its_secret(monkeypatch: pytest.MonkeyPatch,
                                                                       tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    from bot.web.cli import main

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SPLENDOR_WEB_PLAY", "true")
    monkeypatch.setenv("SPLENDOR_DISCORD_TOKEN", TOKEN)
    assert main(["--port", "1", "--database", str(tmp_path / "x.sqlite3")]) == 2
    assert "SPLENDOR_CLIENT_SECRET" in capsys.readouterr().err
    assert not (tmp_path / "x.sqlite3").exists()  # stopped before opening anything


def test_python_m_bot_web_names_a_bad_setting_in_one_sentence(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    from bot.web.cli import main

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SPLENDOR_WEB_SESSION_DAYS", "-1")
    assert main(["--port", "1", "--database", str(tmp_path / "x.sqlite3")]) == 2
    err = capsys.readouterr().err
    assert "SPLENDOR_WEB_SESSION_DAYS" in err and "Traceback" not in err


async def test_the_sign_in_on_postgresql(tmp_path: Path, fake: FakeDiscord, pg_url: str) -> None:
    """The same flow on PostgreSQL (the migration made the table there too): sign in, a refused forged token
    writes nothing, sign out."""
    from bot.store.postgres import PostgresStore

    store = await PostgresStore.open(pg_url, schema="signin", min_size=1, max_size=2)
    w = await world_for(tmp_path, fake, store)
    try:
        csrf = await signed_in(w, fake.user("alice"))
        assert "<bdi>Alice</bdi>" in await page(w.client, "/")

        async def rows() -> list[tuple[str, datetime | None, datetime]]:
            async with store.reading() as tx:
                return [(s.session_id, s.revoked_at, s.seen_at) for s in await tx.user_web_sessions(
                    fake.user("alice").id)]
        before = await rows()
        assert len(before) == 1 and before[0][1] is None
        w.clock.advance(minutes=30)
        assert (await post(w.client, "/signout", "forged")).status == 403
        assert await rows() == before
        assert (await post(w.client, "/signout", csrf)).status == 303
        assert (await rows())[0][1] == w.clock.now
    finally:
        await w.client.close()
        await store.close()


async def test_with_web_play_on_the_read_only_pages_and_their_privacy_modes_are_todays(tmp_path: Path,
                                                                                      fake: FakeDiscord) -> None:
    """Signed in or not, a league's, a player's and a game's pages are the read-only site's, byte for byte but for
    the header's account link; turned off, they are a 404 for a signed-in visitor as for anyone."""
    from bot.web import links
    from bot.web.demo import DEMO_GUILD, DEMO_LEAGUE, ensure_demo

    store = await ensure_demo(tmp_path / "demo.sqlite3", finished=1, running=1, members=3)
    w = await world_for(tmp_path, fake, store)
    off = TestClient(TestServer(make_app(Site(store), WebConfig(rate=0, page_ttl=0))))
    await off.start_server()
    stranger = await w.new_client()
    try:
        async with store.reading() as tx:
            league = await tx.league_by_name(DEMO_GUILD, DEMO_LEAGUE)
            assert league is not None
            slug = await links.slug_of_existing(tx, "league", league.league_id)
        league_page = await page(off, f"/l/{slug}")
        paths = [f"/l/{slug}", *re.findall(r'href="(/[pg]/[^"?]+)"', league_page)[:3]]
        assert len(paths) == 4
        await sign_in(w, fake.user("alice"))
        link = '  <a class="account" href="/account" data-testid="account-nav">Your account</a>\n'
        for path in paths:
            today = await page(off, path)
            assert link not in today
            for client in (w.client, stranger):
                assert (await page(client, path)).replace(link, "") == today, path
        async with store.transaction() as tx:
            await links.set_mode(tx, "league", league.league_id, "off", league.created_at)
        for path in paths:
            for client in (w.client, stranger, off):
                await page(client, path, 404)
        assert f"/l/{slug}" not in await page(w.client, "/")
    finally:
        await stranger.close()
        await off.close()
        await w.client.close()
        await store.close()


async def test_sessions_without_the_sign_in_serve_a_demo_visitor_and_change_no_page(tmp_path: Path) -> None:
    """``install_sessions`` alone (``/play/demo`` with web play off): a demo visitor's cookie session opens and is
    checked like any other, while the pages, /signin and /account stay today's (no sign-in link, 404s)."""
    from aiohttp import web

    store = await SqliteStore.open(tmp_path / "demo.sqlite3")
    seen: list[object] = []

    async def enter(request: web.Request) -> web.StreamResponse:  # what a demo page would do
        token, visitor = await open_session(request.app, user_id=-1, name="Guest", lang="es", kind="demo")
        response = web.Response(text=visitor.csrf)
        web_auth.set_session_cookie(request, response, token)
        return response

    async def write(request: web.Request) -> web.StreamResponse:
        visitor = await request.app[VISITOR_KEY](request)
        if visitor is None:
            raise web.HTTPForbidden()
        check_csrf(request, visitor, (await request.post()).get("csrf", ""))  # type: ignore[arg-type]
        web_auth.charge_user(request, visitor)
        seen.append(visitor)
        return web.Response(text="ok")

    def extend(app: web.Application) -> None:
        web_auth.install_sessions(app)
        app.router.add_get("/play/demo", enter)
        app.router.add_post("/play/demo/move", write)

    plain = TestClient(TestServer(make_app(Site(store), WebConfig(rate=0))))
    client = TestClient(TestServer(make_app(Site(store), WebConfig(rate=0, extensions=(extend,)))),
                        cookie_jar=aiohttp.CookieJar(unsafe=True))
    await plain.start_server()
    await client.start_server()
    try:
        assert await page(client, "/") == await page(plain, "/")
        for path in ("/signin", "/account"):
            await page(client, path, 404)
        csrf = await page(client, "/play/demo")
        assert (await post(client, "/play/demo/move", "forged")).status == 403 and seen == []
        assert (await post(client, "/play/demo/move", csrf)).status == 200
        [visitor] = seen
        assert (visitor.kind, visitor.name, visitor.lang) == ("demo", "Guest", "es")  # type: ignore[attr-defined]
    finally:
        await client.close()
        await plain.close()
        await store.close()
