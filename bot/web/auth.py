"""Sign-in with Discord and web sessions (issue 44): who may write, and the guards every write passes.

Off by default (``SPLENDOR_WEB_PLAY``): then none of this is installed and the site is today's read-only one.  On,
:func:`add_routes` adds:

``GET /signin?next=/path``   to Discord's ``/oauth2/authorize``: the authorization code flow of the bot's own
                             application, scope ``identify``, with ``state`` and PKCE (S256); ``state``, the PKCE
                             verifier and ``next`` wait in a short-lived cookie of this browser (``Path=/signin``)
``GET /signin/callback``     checks ``state`` against that cookie, exchanges the code (with the verifier and the
                             client secret) at ``/api/v10/oauth2/token``, asks ``/api/v10/users/@me`` who signed in,
                             opens a session and goes to ``next`` (a path of this site only; anything else: ``/``)
``GET /account``             who is signed in, with the two sign-out forms
``POST /signout``            ends this session (CSRF token in the form)
``POST /signout/everywhere`` ends every session of the user, the Discord Activity's too

A session (:mod:`bot.store.sessions`) is a random token: in an HttpOnly, SameSite=Lax, Path=/ cookie (Secure, and
named ``__Host-...``, when the request came over TLS, directly or behind the trusted proxy's
``X-Forwarded-Proto``), or, for a session of kind ``activity`` only, in an ``Authorization: Bearer`` header (the
Activity runs in Discord's iframe, where a Lax cookie of ours is not sent).  Only the token's SHA-256 is stored.
A session ends at its absolute expiry, after its idle time unused, or when revoked.

What the playing pages use (:mod:`bot.web.identity` has the :class:`Visitor` type):

- ``await request.app[VISITOR_KEY](request)``: the signed-in visitor, or ``None``;
- :func:`open_session`: a new session (the Activity opens its own after verifying the instance with Discord);
- :func:`check_csrf`: the guard of every POST (403, nothing written: the token, compared in constant time, and a
  cross-origin ``Origin`` or ``Sec-Fetch-Site``);
- :func:`charge_user`: the per-user rate limit of writes (429 with ``Retry-After``);
- :func:`set_session_cookie`: the cookie of a session just opened (kinds ``discord`` and ``demo``);
- :func:`install_sessions`: all of the above without the sign-in (``/play/demo`` while web play is off).

A request's session is read once; its ``seen_at`` (the idle clock) is written at most every
:data:`TOUCH_EVERY`, and only after an answer that was not a refusal, so a refused request writes nothing.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import logging
import re
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import urlencode, urlsplit

import aiohttp
from aiohttp import web

from bot.config import Settings
from bot.i18n import LANGS, clip, lang_of, t
from bot.store.sessions import SessionKind, WebSession
from bot.web.app import (
    ACCOUNT_LINK_KEY,
    CONFIG_KEY,
    SITE_KEY,
    TooMany,
    _charge,
    _lq,
    _page,
    csp,
    pick_lang,
    shown,
)
from bot.web.identity import VISITOR_KEY, Visitor, VisitorKind
from bot.web.ratelimit import RateLimiter

log = logging.getLogger(__name__)

SESSION_COOKIE = "splendor_session"
SIGNIN_COOKIE = "splendor_signin"
SIGNIN_MAX_AGE = 600  # seconds a sign-in may take at Discord before its state is forgotten
TOKEN_BYTES = 32
TOKEN_MAX = 128  # characters of a token worth looking up (a longer one is no token of ours)
NEXT_MAX = 512  # characters of a ``next`` path kept
NAME_MAX = 100  # characters of a Discord name kept
TOUCH_EVERY = timedelta(minutes=5)  # how often a session's last use is written (the idle clock's grain)
PURGE_EVERY = timedelta(hours=1)  # how often ended sessions are deleted (on a sign-in)
PURGE_AFTER = timedelta(days=1)  # an ended session's row is kept this long (for the logs of a dispute)
SESSIONS_PER_USER = 20  # open sessions a user may have at once (devices, browsers, Activity instances)
TOKEN_EXCHANGE_COST = 5.0  # a callback costs the client address this many requests (it calls Discord twice)
WRITES = ("POST", "PUT", "PATCH", "DELETE")


@dataclass(frozen=True, slots=True)
class SignInConfig:
    """The bot's own Discord application and the sessions' lifetimes and limits (without an application: sessions
    only, :func:`install_sessions`)."""

    application_id: int = 0
    client_secret: str = field(default="", repr=False)
    discord_url: str = "https://discord.com"  # tests: the local fake Discord
    public_url: str = ""  # the site's public address (``https://host``); empty: each request's own
    session_days: float = 30.0
    idle_hours: float = 72.0
    user_rate: float = 2.0  # writes a second per user, on average (0: no limit)
    user_burst: int = 30
    clock: Callable[[], datetime] = field(default=lambda: datetime.now(UTC), repr=False)
    http_timeout_s: float = 10.0


@dataclass(slots=True)
class Auth:
    """What the routes share: the configuration, the per-user limiter, an HTTP client for Discord."""

    config: SignInConfig
    limiter: RateLimiter
    http: aiohttp.ClientSession | None = None
    purged_at: datetime | None = None

    def client(self) -> aiohttp.ClientSession:
        if self.http is None or self.http.closed:
            self.http = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=self.config.http_timeout_s))
        return self.http


AUTH_KEY: web.AppKey[Auth] = web.AppKey("auth", Auth)
#: The visitor of a request, once read (a request reads its session once).
_SEEN: web.RequestKey[Visitor | None] = web.RequestKey("splendor.visitor", object)  # type: ignore[arg-type]
#: The session whose last use is to be written after the answer.
_TOUCH: web.RequestKey[str] = web.RequestKey("splendor.touch", str)


# ---------------------------------------------------------------------------------------------- helpers
def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def pkce_challenge(verifier: str) -> str:
    """The S256 code challenge of a PKCE verifier (RFC 7636)."""
    return _b64(hashlib.sha256(verifier.encode("ascii")).digest())


def is_secure(request: web.Request) -> bool:
    """The visitor reached us over TLS: directly, or through the trusted proxy (``X-Forwarded-Proto``, read only
    with the proxy trusted; its last value is the one the proxy wrote)."""
    if request.secure:
        return True
    if request.app[CONFIG_KEY].trust_forwarded:
        proto = [p.strip().lower() for p in request.headers.get("X-Forwarded-Proto", "").split(",") if p.strip()]
        return bool(proto) and proto[-1] == "https"
    return False


def _cookie_name(base: str, secure: bool) -> str:
    """Over TLS the session cookie is a ``__Host-`` one (Secure, Path=/, no Domain: no other host may set it)."""
    if not secure:
        return base
    return ("__Host-" if base == SESSION_COOKIE else "__Secure-") + base


def own_origin(request: web.Request) -> str:
    """This site's origin as the visitor's browser sees it."""
    public = request.app[AUTH_KEY].config.public_url
    if public:
        parts = urlsplit(public)
        return f"{parts.scheme}://{parts.netloc}"
    return f"{'https' if is_secure(request) else 'http'}://{request.host}"


def redirect_uri(request: web.Request) -> str:
    """The OAuth2 redirect URL (registered in the Developer Portal): ``<public address>/signin/callback``."""
    public = request.app[AUTH_KEY].config.public_url.rstrip("/")
    return (public or own_origin(request)) + "/signin/callback"


def safe_next(raw: str | None) -> str:
    """``raw`` if it is a path of this site (``/...``, not ``//host`` nor ``/\\host``, no scheme, no control
    character), else ``/``: a sign-in never sends the visitor elsewhere."""
    if not raw or len(raw) > NEXT_MAX or not raw.startswith("/") or raw.startswith(("//", "/\\")):
        return "/"
    if "\\" in raw or any(ord(c) < 0x20 or ord(c) == 0x7F for c in raw):
        return "/"
    parts = urlsplit(raw)
    if parts.scheme or parts.netloc:
        return "/"
    return raw


def _redirect(location: str, status: int = 303) -> web.Response:
    return web.Response(status=status, headers={"Location": location, "Cache-Control": "no-store"})


# ---------------------------------------------------------------------------------------------- sessions
def _alive(session: WebSession, now: datetime, idle: timedelta) -> bool:
    return session.revoked_at is None and now < session.expires_at and now < session.seen_at + idle


def _visitor(session: WebSession) -> Visitor:
    kind: VisitorKind = session.kind
    return Visitor(user_id=session.user_id, name=session.name, lang=session.lang, session_id=session.session_id,
                   csrf=session.csrf, kind=kind, game_id=session.game_id)


def _presented_token(request: web.Request) -> tuple[str, bool] | None:
    """The token the request carries and whether it came as a Bearer header (else the cookie)."""
    header = request.headers.get("Authorization", "")
    if header[:7].lower() == "bearer ":
        return header[7:].strip(), True
    cookie = request.cookies.get(_cookie_name(SESSION_COOKIE, is_secure(request)))
    return (cookie, False) if cookie else None


async def visitor_of(request: web.Request) -> Visitor | None:
    """The visitor signed in on this request (``app[VISITOR_KEY]``), or ``None``: no token, an unknown one, or a
    session ended (expired, idle too long, revoked), or a token presented the wrong way (a Bearer header opens
    only an Activity's session, the cookie only the others)."""
    if _SEEN in request:
        return request[_SEEN]
    request[_SEEN] = None
    presented = _presented_token(request)
    if presented is None:
        return None
    token, bearer = presented
    if not token or len(token) > TOKEN_MAX:
        return None
    auth = request.app[AUTH_KEY]
    async with request.app[SITE_KEY].store.reading(single=True) as tx:
        session = await tx.web_session(token_hash(token))
    now = auth.config.clock()
    if session is None or not _alive(session, now, timedelta(hours=auth.config.idle_hours)):
        return None
    if bearer != (session.kind == "activity"):
        return None
    if now - session.seen_at >= TOUCH_EVERY:
        request[_TOUCH] = session.session_id
    visitor = _visitor(session)
    request[_SEEN] = visitor
    return visitor


async def open_session(app: web.Application, *, user_id: int, name: str, lang: str, kind: SessionKind,
                       game_id: int | None = None) -> tuple[str, Visitor]:
    """A new session of ``user_id``: its token (give it to the visitor once: it is stored only hashed) and the
    visitor it opens.  ``kind="activity"`` sessions are presented as ``Authorization: Bearer <token>``; the others
    as the cookie (:func:`set_session_cookie`)."""
    auth = app[AUTH_KEY]
    now = auth.config.clock()
    token = secrets.token_urlsafe(TOKEN_BYTES)
    session = WebSession(session_id=secrets.token_urlsafe(16), user_id=user_id, name=clip(name, NAME_MAX) or "?",
                         lang=lang if lang in LANGS else "en", kind=kind, game_id=game_id,
                         csrf=secrets.token_urlsafe(TOKEN_BYTES), created_at=now, seen_at=now,
                         expires_at=now + timedelta(days=auth.config.session_days), revoked_at=None)
    purge = auth.purged_at is None or now - auth.purged_at >= PURGE_EVERY
    idle = timedelta(hours=auth.config.idle_hours)
    async with app[SITE_KEY].store.transaction() as tx:
        open_ones = [s for s in await tx.user_web_sessions(user_id) if _alive(s, now, idle)]
        for oldest in open_ones[:max(0, len(open_ones) - (SESSIONS_PER_USER - 1))]:
            await tx.revoke_web_session(oldest.session_id, now)  # a user's sessions are bounded: the oldest go
        await tx.open_web_session(session, token_hash(token))
        if purge:
            await tx.purge_web_sessions(now - PURGE_AFTER)
    if purge:
        auth.purged_at = now
    return token, _visitor(session)


def set_session_cookie(request: web.Request, response: web.StreamResponse, token: str) -> None:
    secure = is_secure(request)
    response.set_cookie(_cookie_name(SESSION_COOKIE, secure), token, path="/", httponly=True, secure=secure,
                        samesite="Lax", max_age=int(request.app[AUTH_KEY].config.session_days * 86400))


def _clear_cookie(request: web.Request, response: web.StreamResponse, base: str, path: str) -> None:
    secure = is_secure(request)
    response.del_cookie(_cookie_name(base, secure), path=path, secure=secure, httponly=True, samesite="Lax")


# ---------------------------------------------------------------------------------------------- guards
def check_csrf(request: web.Request, visitor: Visitor, token: str) -> None:
    """Refuse a write (403, before anything is written) whose CSRF token is not this session's (compared in
    constant time), or that the browser says came from elsewhere: ``Sec-Fetch-Site`` other than ``same-origin``, or
    an ``Origin`` other than ours (an Activity's session: also Discord's proxy origin of our application).  The
    pages send ``Referrer-Policy: no-referrer``, under which a browser's own form post says ``Origin: null``: that
    passes only with ``Sec-Fetch-Site: same-origin`` (a header no page can set)."""
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None and site.lower() != "same-origin":
        raise web.HTTPForbidden()
    origin = request.headers.get("Origin")
    if origin is not None and origin not in _allowed_origins(request, visitor) and not (
            origin == "null" and site is not None):
        raise web.HTTPForbidden()
    if not token or not hmac.compare_digest(token.encode(), visitor.csrf.encode()):
        raise web.HTTPForbidden()


def _allowed_origins(request: web.Request, visitor: Visitor) -> set[str]:
    allowed = {own_origin(request)}
    if visitor.kind == "activity":  # the Activity's iframe: every request goes through Discord's proxy
        allowed.add(f"https://{request.app[AUTH_KEY].config.application_id}.discordsays.com")
    return allowed


def charge_user(request: web.Request, visitor: Visitor, cost: float = 1.0) -> None:
    """Charge a user's writes (all their sessions together; a demo visitor: their session), or refuse with 429 and
    ``Retry-After``."""
    key = f"s:{visitor.session_id}" if visitor.kind == "demo" else f"u:{visitor.user_id}"
    wait = request.app[AUTH_KEY].limiter.take(key, cost)
    if wait > 0:
        raise TooMany(wait)


# ---------------------------------------------------------------------------------------------- routes
async def signin(request: web.Request) -> web.StreamResponse:
    """To Discord's authorization page (or straight to ``next`` when already signed in)."""
    next_path = safe_next(request.query.get("next") or ("/" + _lq(request)))
    if await visitor_of(request) is not None:
        return _redirect(next_path)
    auth = request.app[AUTH_KEY]
    state, verifier = secrets.token_urlsafe(32), secrets.token_urlsafe(64)
    query = urlencode({"response_type": "code", "client_id": str(auth.config.application_id), "scope": "identify",
                       "redirect_uri": redirect_uri(request), "state": state,
                       "code_challenge": pkce_challenge(verifier), "code_challenge_method": "S256"})
    response = _redirect(f"{auth.config.discord_url.rstrip('/')}/oauth2/authorize?{query}", 302)
    secure = is_secure(request)
    pending = ".".join((state, verifier, _b64(next_path.encode())))
    response.set_cookie(_cookie_name(SIGNIN_COOKIE, secure), pending, path="/signin", httponly=True, secure=secure,
                        samesite="Lax", max_age=SIGNIN_MAX_AGE)
    return response


_SNOWFLAKE = re.compile(r"[0-9]{1,20}")


def _pending(request: web.Request) -> tuple[str, str, str] | None:
    """The state, verifier and ``next`` this browser's sign-in waits with."""
    raw = request.cookies.get(_cookie_name(SIGNIN_COOKIE, is_secure(request)), "")
    parts = raw.split(".")
    if len(parts) != 3 or not all(parts):
        return None
    try:
        next_path = base64.urlsafe_b64decode(parts[2] + "=" * (-len(parts[2]) % 4)).decode()
    except (ValueError, UnicodeDecodeError):
        return None
    return parts[0], parts[1], safe_next(next_path)


def _failed(request: web.Request, message_key: str, status: int, title_key: str = "signin.failed.title") -> (
        web.Response):
    lang = pick_lang(request)
    response = _page(request, "signin_failed.html", lang, http_status=status, title=t(title_key, lang),
                     message=t(message_key, lang), lq=_lq(request))
    response.headers["Cache-Control"] = "no-store"
    _clear_cookie(request, response, SIGNIN_COOKIE, "/signin")
    return response


async def callback(request: web.Request) -> web.StreamResponse:
    """Discord sends the visitor back here with ``code`` and ``state`` (or ``error``)."""
    pending = _pending(request)
    state = request.query.get("state", "")
    if pending is None or not state or not hmac.compare_digest(state.encode(), pending[0].encode()):
        return _failed(request, "signin.failed.state", 400)
    _, verifier, next_path = pending
    if "error" in request.query:  # the visitor said no on Discord's page
        return _failed(request, "signin.cancelled.text", 403, "signin.cancelled.title")
    code = request.query.get("code", "")
    if not code or len(code) > 512:
        return _failed(request, "signin.failed.discord", 400)
    _charge(request, TOKEN_EXCHANGE_COST - 1)
    try:
        user = await _discord_user(request, code, verifier)
    except (aiohttp.ClientError, TimeoutError) as exc:
        log.warning("sign-in: Discord unreachable: %s", exc)
        return _failed(request, "signin.failed.unreachable", 502)
    except ValueError as exc:  # not JSON
        log.warning("sign-in: Discord's answer was not understood: %s", exc)
        user = None
    if user is None:
        return _failed(request, "signin.failed.discord", 403)
    user_id, name, locale = user.user_id, user.name, user.locale
    async with request.app[SITE_KEY].store.reading(single=True) as tx:
        known = (await tx.users([user_id])).get(user_id)
    lang = known.lang if known is not None and known.lang in LANGS else (
        lang_of(locale) if locale else pick_lang(request))
    token, _ = await open_session(request.app, user_id=user_id, name=name, lang=lang, kind="discord")
    response = _redirect(next_path)
    set_session_cookie(request, response, token)
    _clear_cookie(request, response, SIGNIN_COOKIE, "/signin")
    return response


@dataclass(frozen=True, slots=True)
class DiscordMe:
    """A user as Discord's ``/users/@me`` describes the owner of an access token."""

    user_id: int
    name: str
    locale: str | None


async def discord_me(http: aiohttp.ClientSession, api_base: str, access_token: str) -> DiscordMe | None:
    """Who ``access_token`` belongs to, as Discord says (never what a page says): ``None`` when Discord refuses the
    token or names no user, or a bot.  ``api_base`` ends with ``/api/v10``.  Raises ``aiohttp.ClientError`` or
    ``TimeoutError`` when Discord cannot be reached, ``ValueError`` when its answer is not JSON.  The sign-in and
    the Activity (:mod:`bot.web.activity`) both learn their user here."""
    async with http.get(f"{api_base}/users/@me", headers={"Authorization": f"Bearer {access_token}"}) as answer:
        if answer.status != 200:
            return None
        me: Any = await answer.json(content_type=None)
    if not isinstance(me, dict) or not _SNOWFLAKE.fullmatch(str(me.get("id", ""))) or me.get("bot"):
        return None
    name = me.get("global_name") or me.get("username") or "?"
    locale = me.get("locale")
    return DiscordMe(int(me["id"]), str(name), locale if isinstance(locale, str) else None)


async def _discord_user(request: web.Request, code: str, verifier: str) -> DiscordMe | None:
    """Exchange ``code`` for an access token and ask Discord whose it is; ``None`` when Discord refuses (a reused
    or expired code, a verifier that does not match)."""
    auth = request.app[AUTH_KEY]
    base = auth.config.discord_url.rstrip("/") + "/api/v10"
    http = auth.client()
    form = {"grant_type": "authorization_code", "code": code, "redirect_uri": redirect_uri(request),
            "code_verifier": verifier}
    basic = aiohttp.encode_basic_auth(str(auth.config.application_id), auth.config.client_secret)
    async with http.post(f"{base}/oauth2/token", data=form, headers={"Authorization": basic}) as answer:
        if answer.status != 200:
            log.info("sign-in: the token exchange was refused (%s)", answer.status)
            return None
        grant: Any = await answer.json(content_type=None)
    access = grant.get("access_token") if isinstance(grant, dict) else None
    scopes = str(grant.get("scope", "")).split() if isinstance(grant, dict) else []
    if not isinstance(access, str) or "identify" not in scopes:
        return None
    return await discord_me(http, base, access)


async def account(request: web.Request) -> web.StreamResponse:
    visitor = await visitor_of(request)
    if visitor is None or visitor.kind != "discord":
        return _redirect("/signin?" + urlencode({"next": "/account" + _lq(request)}), 302)
    lang = pick_lang(request) if "lang" in request.query else visitor.lang
    async with request.app[SITE_KEY].store.reading(single=True) as tx:
        sessions = await tx.user_web_sessions(visitor.user_id)
    auth = request.app[AUTH_KEY]
    now, idle = auth.config.clock(), timedelta(hours=auth.config.idle_hours)
    response = _page(request, "account.html", lang, title=t("signin.account.title", lang), name=shown(visitor.name),
                     csrf=visitor.csrf, lq=_lq(request), open_sessions=sum(_alive(s, now, idle) for s in sessions))
    response.headers["Cache-Control"] = "private, no-store"
    response.headers["Content-Security-Policy"] = csp(form_action="'self'")  # its two sign-out forms post here
    return response


async def _form_visitor(request: web.Request) -> Visitor:
    """The visitor of a sign-out form, checked (a session, this site, its CSRF token, the user's limit)."""
    visitor = await visitor_of(request)
    if visitor is None:
        raise web.HTTPForbidden()
    form = await request.post()
    token = form.get("csrf")
    check_csrf(request, visitor, token if isinstance(token, str) else "")
    charge_user(request, visitor)
    return visitor


async def signout(request: web.Request) -> web.StreamResponse:
    visitor = await _form_visitor(request)
    async with request.app[SITE_KEY].store.transaction(single=True) as tx:
        await tx.revoke_web_session(visitor.session_id, request.app[AUTH_KEY].config.clock())
    return _signed_out(request)


async def signout_everywhere(request: web.Request) -> web.StreamResponse:
    visitor = await _form_visitor(request)
    async with request.app[SITE_KEY].store.transaction(single=True) as tx:
        await tx.revoke_user_web_sessions(visitor.user_id, request.app[AUTH_KEY].config.clock())
    return _signed_out(request)


def _signed_out(request: web.Request) -> web.Response:
    request.pop(_TOUCH, None)  # nothing left to touch
    response = _redirect("/" + _lq(request))
    _clear_cookie(request, response, SESSION_COOKIE, "/")
    return response


# ---------------------------------------------------------------------------------------------- wiring
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@web.middleware
async def _touch(request: web.Request, handler: Handler) -> web.StreamResponse:
    """After an answer that is not a refusal, write the session's last use if it is due (a refused request, or
    one that raised, writes nothing)."""
    response = await handler(request)
    session_id = request.get(_TOUCH)
    if session_id is not None and response.status < 400:
        async with request.app[SITE_KEY].store.transaction(single=True) as tx:
            await tx.touch_web_session(session_id, request.app[AUTH_KEY].config.clock())
    return response


def install_sessions(app: web.Application, config: SignInConfig | None = None) -> Auth:
    """Sessions on ``app`` without the sign-in: ``app[VISITOR_KEY]``, :func:`open_session`, :func:`check_csrf`,
    :func:`charge_user` (what ``/play/demo`` needs when web play is off: its visitors' sessions are of kind
    ``demo``).  Installed once; ``config`` given again (the sign-in's) replaces the one installed first."""
    if AUTH_KEY in app:
        auth = app[AUTH_KEY]
        if config is not None:
            auth.config, auth.limiter = config, RateLimiter(config.user_rate, config.user_burst)
        return auth
    config = config or SignInConfig()
    auth = Auth(config, RateLimiter(config.user_rate, config.user_burst))
    app[AUTH_KEY] = auth
    app[VISITOR_KEY] = visitor_of
    app.middlewares.append(_touch)

    async def close(_: web.Application) -> None:
        if auth.http is not None:
            await auth.http.close()

    app.on_cleanup.append(close)
    return auth


def add_routes(app: web.Application, config: SignInConfig) -> None:
    """Install the sign-in on ``app`` (a :func:`bot.web.app.make_app` extension: ``WebConfig.extensions``)."""
    install_sessions(app, config)
    app[ACCOUNT_LINK_KEY] = "/account"
    app.router.add_get("/signin", signin)
    app.router.add_get("/signin/callback", callback, allow_head=False)  # a HEAD exchanges no code
    app.router.add_get("/account", account)
    app.router.add_post("/signout", signout)
    app.router.add_post("/signout/everywhere", signout_everywhere)


def extension(config: SignInConfig) -> Callable[[web.Application], None]:
    """:func:`add_routes` with ``config``, as ``WebConfig.extensions`` takes it."""
    return functools.partial(add_routes, config=config)


def config_from_settings(settings: Settings, public_url: str = "") -> SignInConfig:
    """The sign-in's configuration from the bot's settings (``SPLENDOR_WEB_PLAY`` on and checked by
    :meth:`Settings.web_play_problem`)."""
    application_id = settings.oauth_application_id
    if application_id is None:
        raise ValueError(settings.web_play_problem() or "no application id")
    return SignInConfig(application_id=application_id, client_secret=settings.client_secret.get_secret_value().strip(),
                        discord_url=settings.discord_url, public_url=(public_url or settings.web_url).rstrip("/"),
                        session_days=settings.web_session_days, idle_hours=settings.web_session_idle_hours,
                        user_rate=settings.web_user_rate, user_burst=settings.web_user_burst)


__all__ = ["AUTH_KEY", "SESSION_COOKIE", "DiscordMe", "SignInConfig", "add_routes", "charge_user", "check_csrf",
           "config_from_settings", "discord_me", "extension", "install_sessions", "is_secure", "open_session",
           "own_origin", "pkce_challenge", "safe_next", "set_session_cookie", "token_hash", "visitor_of"]
