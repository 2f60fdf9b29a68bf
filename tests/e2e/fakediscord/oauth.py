"""Discord's OAuth2, as the web sign-in (and the Activity's token exchange) meets it: the authorization page, the
token endpoint and ``/users/@me`` with a user's Bearer token.

``GET /oauth2/authorize``          checks the request as Discord does (the application's id, a redirect URL
                                   registered for it, ``response_type=code``, a scope with ``identify``, PKCE
                                   ``S256``) and, instead of showing Discord's page, answers as the user the test
                                   chose (:meth:`FakeOAuth.approve_as`): back to the redirect URL with ``code`` and
                                   ``state``, or ``error=access_denied`` (:attr:`FakeOAuth.deny`)
``POST /api/v10/oauth2/token``     ``grant_type=authorization_code``: the client's id and secret (HTTP Basic or form
                                   fields), the same redirect URL, the PKCE verifier of the challenge; a code is
                                   single-use and lives :attr:`FakeOAuth.code_ttl_s`.  Refusals as Discord answers
                                   them: 401 ``{"error": "invalid_client"}``, 400 ``{"error": "invalid_grant", ...}``
``GET /api/v10/users/@me``         with ``Authorization: Bearer <access token>``: that user (401 otherwise; the bot's
                                   own ``Bot`` token still gets the bot user from :mod:`.rest`)

Installed by :func:`install` in front of the REST routes (one middleware: the catch-all route of :mod:`.rest` and
its ``Bot`` token check stay as they are for every other request).
"""

from __future__ import annotations

import base64
import hashlib
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from aiohttp import web

from .models import FakeUser

if TYPE_CHECKING:
    from .server import FakeDiscord

API = "/api/v10"
CLIENT_SECRET = "fake-client-secret"
CODE_TTL_S = 600.0  # Discord's codes are short-lived (minutes)
ACCESS_TTL_S = 604800  # what Discord says of an access token's life (a week)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass
class Grant:
    """An authorization code waiting to be exchanged."""

    user_id: int
    scopes: tuple[str, ...]
    redirect_uri: str | None  # None: issued without one (an Activity's ``authorize``): none is compared
    challenge: str | None
    issued_at: float
    used: bool = False


@dataclass
class OAuthCall:
    """A request the OAuth routes answered (tests count and inspect them)."""

    method: str
    path: str
    status: int
    form: dict[str, str] = field(default_factory=dict)


def _s256(verifier: str) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(verifier.encode("ascii")).digest()).rstrip(b"=").decode()


def _json(data: Any, status: int = 200) -> web.Response:
    return web.json_response(data, status=status)


class FakeOAuth:
    """The OAuth2 side of one :class:`~.server.FakeDiscord` (``fake.oauth``)."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.client_secret = CLIENT_SECRET
        self.redirect_uris: set[str] = set()  # the application's registered redirect URLs (Developer Portal)
        self.approver: FakeUser | None = None  # who approves on Discord's page (None: nobody is signed in there)
        self.deny = False  # the user presses "Cancel"
        self.code_ttl_s = CODE_TTL_S
        self.clock: Callable[[], float] = time.monotonic
        self.grants: dict[str, Grant] = {}
        self.tokens: dict[str, tuple[int, tuple[str, ...]]] = {}  # access token -> (user id, scopes)
        self.calls: list[OAuthCall] = []

    # ------------------------------------------------------------------ test-side
    def register_redirect(self, uri: str) -> None:
        self.redirect_uris.add(uri)

    def approve_as(self, user: FakeUser) -> None:
        self.approver = user
        self.deny = False

    def issue_code(self, user: FakeUser, *, scopes: tuple[str, ...] = ("identify",), redirect_uri: str | None = None,
                   challenge: str | None = None) -> str:
        """A code as Discord issues it on approval (an Activity's ``authorize`` gets one this way, without a
        redirect URL)."""
        code = secrets.token_urlsafe(24)
        self.grants[code] = Grant(user.id, scopes, redirect_uri, challenge, self.clock())
        return code

    def expire_codes(self) -> None:
        """Every code waiting is now older than its life (instead of waiting minutes)."""
        for grant in self.grants.values():
            grant.issued_at -= self.code_ttl_s + 1

    def calls_to(self, path: str) -> list[OAuthCall]:
        return [c for c in self.calls if c.path == path]

    # ------------------------------------------------------------------ routes
    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        path = request.path
        if path == "/oauth2/authorize" and request.method == "GET":
            response = await self.authorize(request)
        elif path == f"{API}/oauth2/token" and request.method == "POST":
            response = await self.token(request)
        elif (path == f"{API}/users/@me" and request.method == "GET"
              and request.headers.get("Authorization", "").startswith("Bearer ")):
            response = self.me(request)
        else:
            return await handler(request)
        self.fake.notify()
        return response

    def _record(self, request: web.Request, status: int, form: dict[str, str] | None = None) -> None:
        self.calls.append(OAuthCall(request.method, request.path.removeprefix(API), status, form or {}))

    async def authorize(self, request: web.Request) -> web.Response:
        q = request.query

        def refuse(message: str) -> web.Response:
            # Discord shows its own error page and sends the browser nowhere
            self._record(request, 400)
            return web.Response(status=400, text=f"Invalid OAuth2 request: {message}")

        if q.get("client_id") != str(self.fake.application_id):
            return refuse("unknown application")
        redirect = q.get("redirect_uri", "")
        if redirect not in self.redirect_uris:
            return refuse("invalid redirect_uri")
        if q.get("response_type") != "code":
            return refuse("unsupported response_type")
        scopes = tuple(q.get("scope", "").split())
        if "identify" not in scopes:
            return refuse("the scope must contain identify")
        challenge = q.get("code_challenge")
        if q.get("code_challenge_method") != "S256" or not challenge or not 43 <= len(challenge) <= 128:
            return refuse("PKCE: code_challenge with code_challenge_method=S256 required")
        back: dict[str, str] = {}
        if self.deny or self.approver is None:
            back.update(error="access_denied", error_description="The resource owner or authorization server denied "
                                                                 "the request")
        else:
            back["code"] = self.issue_code(self.approver, scopes=scopes, redirect_uri=redirect, challenge=challenge)
        if "state" in q:
            back["state"] = q["state"]
        back["iss"] = "https://discord.com"  # RFC 9207, as Discord's metadata announces
        self._record(request, 302)
        return web.Response(status=302, headers={"Location": f"{redirect}?{urlencode(back)}"})

    async def token(self, request: web.Request) -> web.Response:
        if request.content_type != "application/x-www-form-urlencoded":
            self._record(request, 400)
            return _json({"error": "invalid_request", "error_description": "form-encoded body required"}, 400)
        form = {k: v for k, v in (await request.post()).items() if isinstance(v, str)}

        def answer(data: Any, status: int) -> web.Response:
            self._record(request, status, {k: v for k, v in form.items() if k != "client_secret"})
            return _json(data, status)

        client_id, secret = form.get("client_id"), form.get("client_secret")
        basic = request.headers.get("Authorization", "")
        if basic.startswith("Basic "):
            try:
                client_id, _, secret = base64.b64decode(basic[6:]).decode().partition(":")
            except ValueError:
                return answer({"error": "invalid_client"}, 401)
        if client_id != str(self.fake.application_id) or secret != self.client_secret:
            return answer({"error": "invalid_client"}, 401)
        if form.get("grant_type") != "authorization_code":
            return answer({"error": "unsupported_grant_type"}, 400)
        invalid = {"error": "invalid_grant", "error_description": 'Invalid "code" in request.'}
        grant = self.grants.get(form.get("code", ""))
        if grant is None or grant.used or self.clock() - grant.issued_at > self.code_ttl_s:
            return answer(invalid, 400)
        if grant.redirect_uri is not None and form.get("redirect_uri") != grant.redirect_uri:
            return answer({"error": "invalid_grant", "error_description": 'Invalid "redirect_uri" in request.'}, 400)
        if grant.challenge is not None and _s256(form.get("code_verifier", "")) != grant.challenge:
            return answer({"error": "invalid_grant", "error_description": 'Invalid "code_verifier" in request.'},
                          400)
        grant.used = True  # single use, refused or not after this point
        access = secrets.token_urlsafe(30)
        self.tokens[access] = (grant.user_id, grant.scopes)
        return answer({"token_type": "Bearer", "access_token": access, "expires_in": ACCESS_TTL_S,
                       "refresh_token": secrets.token_urlsafe(30), "scope": " ".join(grant.scopes)}, 200)

    def me(self, request: web.Request) -> web.Response:
        found = self.tokens.get(request.headers["Authorization"][7:].strip())
        if found is None or found[0] not in self.fake.users:
            self._record(request, 401)
            return _json({"message": "401: Unauthorized", "code": 0}, 401)
        user = self.fake.users[found[0]]
        data = user.to_payload()
        data.update(locale=user.locale, mfa_enabled=False, premium_type=0)
        self._record(request, 200)
        return _json(data)


def install(fake: FakeDiscord, app: web.Application) -> FakeOAuth:
    """Answer the OAuth2 routes of ``app`` (the fake's REST application, before it starts) as ``fake.oauth``."""
    oauth = FakeOAuth(fake)
    fake.oauth = oauth
    app.middlewares.insert(0, oauth.middleware)
    return oauth


__all__ = ["CLIENT_SECRET", "FakeOAuth", "Grant", "OAuthCall", "install"]
