"""The game as a Discord Activity (issue 44): the table served under ``/activity/`` inside Discord's clients.

Discord loads ``/activity/`` in an iframe (through its proxy, ``https://<application id>.discordsays.com``, whose
URL mapping sends the root to this server).  The page (``activity.js`` with Discord's Embedded App SDK, a pinned
file built by ``web-sdk/``, never a CDN) asks the client to ``authorize`` (scope ``identify``), hands the code to
``POST /activity/api/token`` (the server exchanges it at Discord with the client secret), ``authenticate``\\ s with
the access token, then ``POST /activity/api/session`` with that token and the Activity's instance id.

The server trusts nothing the page says: it learns the user from ``/users/@me`` with the token, asks Discord for
the instance ("Get Application Activity Instance", with the bot's token: its channel and connected users), and
binds a session to the game of that channel only if the user is connected to the instance.  The query
parameters Discord's client gives the page (channel, guild, instance) are claims: a channel the page names that is
not the instance's is refused, and nothing is written.  Launched from a channel without a game, the session is
bound to no game and the page lists the player's games.

The Activity's routes (and only them) may be framed by Discord's clients (:data:`DISCORD_CLIENTS`), without
``X-Frame-Options``; every other route keeps ``frame-ancestors 'none'``.
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import aiohttp
from aiohttp import web

from bot.i18n import LANGS, lang_of, t
from bot.text import ruleset_label
from bot.web.app import SITE_KEY, _charge, _render, csp, pick_lang
from bot.web.auth import AUTH_KEY, discord_me, open_session
from bot.web.identity import Visitor

if TYPE_CHECKING:
    from bot.config import Settings

log = logging.getLogger(__name__)

#: Discord's clients (stable, PTB, Canary), the only pages that may frame the Activity.
DISCORD_CLIENTS = ("https://discord.com", "https://ptb.discord.com", "https://canary.discord.com")
DISCORD_API = "https://discord.com/api/v10"
SDK_FILE = "discord-sdk-2.5.0.js"
#: What a sign-in step costs in the rate limit, in ordinary requests (each one is a call to Discord).
SIGN_IN_COST = 5.0
FIELD_MAX = 200  # characters of a code, token or instance id we pass on (Discord's are far shorter)


@dataclass(frozen=True, slots=True)
class ActivityConfig:
    client_id: int  # the application's id (OAuth2 client id)
    client_secret: str
    bot_token: str  # to ask Discord about an Activity instance
    api_base: str = DISCORD_API
    frame_ancestors: tuple[str, ...] = DISCORD_CLIENTS


ACTIVITY_KEY: web.AppKey[ActivityConfig] = web.AppKey("activity", ActivityConfig)


def config_from_settings(settings: Settings) -> ActivityConfig:
    """The Activity's configuration from the bot's settings (``SPLENDOR_ACTIVITY`` with web play on and checked
    by :meth:`Settings.web_play_problem`: the application id and the client secret are the sign-in's)."""
    application_id = settings.oauth_application_id
    if application_id is None:
        raise ValueError(settings.web_play_problem() or "no application id")
    return ActivityConfig(client_id=application_id, client_secret=settings.client_secret.get_secret_value().strip(),
                          bot_token=settings.discord_token.get_secret_value().strip(),
                          api_base=settings.discord_url.rstrip("/") + "/api/v10")


def add_routes(app: web.Application, config: ActivityConfig) -> None:
    """The Activity's routes on the site's application (:func:`extension`: ``make_app`` calls it when the Activity
    is on)."""
    if AUTH_KEY not in app:
        raise RuntimeError("the Activity signs players in with the web sign-in: add bot.web.auth's extension first")
    app[ACTIVITY_KEY] = config
    app.router.add_get("/activity/", page)
    app.router.add_post("/activity/api/token", token_exchange)
    app.router.add_post("/activity/api/session", open_session_route)


def extension(config: ActivityConfig) -> Callable[[web.Application], None]:
    """:func:`add_routes` with ``config``, as ``WebConfig.extensions`` takes it."""
    return functools.partial(add_routes, config=config)


# ---------------------------------------------------------------------------------------------- the page
async def page(request: web.Request) -> web.StreamResponse:
    """The Activity's single page: the SDK and ``activity.js``; its words in ``data-`` attributes (no inline
    script).  The page's language is the visitor's browser's until Discord tells us theirs."""
    lang = pick_lang(request)
    words = {key: t(f"activity.{key}", lang) for key in (
        "connecting", "signing_in", "not_in_discord", "failed", "your_games", "no_game_here", "no_games")}
    config = request.app[ACTIVITY_KEY]
    body = _render(request, "activity.html", lang, title=t("activity.title", lang), client_id=str(config.client_id),
                   sdk=SDK_FILE, words=words, lq="")
    # Discord's clients, and only them, may frame it (the guard then sends no X-Frame-Options); the table's images
    # are asked for with the session's bearer token (no cookie inside Discord's iframe) and shown from blob: URLs of
    # what came back; the rest is the site's strict policy
    policy = csp(frame_ancestors=" ".join(config.frame_ancestors), img_src="'self' blob:")
    return web.Response(text=body, content_type="text/html", charset="utf-8",
                        headers={"Cache-Control": "no-store", "Content-Security-Policy": policy})


# ---------------------------------------------------------------------------------------------- the API
class Refused(Exception):
    """A sign-in step refused: ``status`` and the ``activity.error.<key>`` the page shows."""

    def __init__(self, status: int, key: str) -> None:
        super().__init__(key)
        self.status, self.key = status, key


def _answer(data: Mapping[str, Any], status: int = 200) -> web.Response:
    return web.Response(text=json.dumps(data), status=status, content_type="application/json",
                        headers={"Cache-Control": "no-store"})


def _refusal(request: web.Request, refused: Refused) -> web.Response:
    lang = pick_lang(request)
    return _answer({"error": refused.key, "message": t(f"activity.error.{refused.key}", lang)}, refused.status)


async def _fields(request: web.Request, *names: str, optional: tuple[str, ...] = ()) -> dict[str, str]:
    """The JSON body's string fields (a form post from another site is not JSON: refused before anything)."""
    if request.content_type != "application/json":
        raise Refused(415, "bad_request")
    try:
        data = await request.json()
    except ValueError:
        raise Refused(400, "bad_request") from None
    if not isinstance(data, dict):
        raise Refused(400, "bad_request")
    out: dict[str, str] = {}
    for name in (*names, *optional):
        value = data.get(name)
        if value is None and name in optional:
            continue
        if not isinstance(value, str) or not 0 < len(value) <= FIELD_MAX:
            raise Refused(400, "bad_request")
        out[name] = value
    return out


async def _discord(request: web.Request, method: str, path: str, *, auth: str,
                   form: Mapping[str, str] | None = None) -> tuple[int, Any]:
    """One call to Discord's API: its status and JSON body (``None`` when it is not JSON); 503 when unreachable."""
    config = request.app[ACTIVITY_KEY]
    headers = {"Authorization": auth} if auth else {}
    try:
        async with request.app[AUTH_KEY].client().request(method, config.api_base + path, headers=headers,
                                                 data=form) as answer:
            try:
                body = await answer.json(content_type=None)
            except ValueError:
                body = None
            return answer.status, body
    except (aiohttp.ClientError, TimeoutError) as exc:
        log.warning("activity: Discord %s %s failed: %s", method, path, exc)
        raise Refused(503, "unavailable") from None


async def token_exchange(request: web.Request) -> web.StreamResponse:
    """``{"code"}`` (from the SDK's ``authorize``) -> ``{"access_token"}``: the code exchanged at Discord with the
    client secret, which never leaves the server."""
    try:
        _charge(request, SIGN_IN_COST)
        code = (await _fields(request, "code"))["code"]
        config = request.app[ACTIVITY_KEY]
        status, body = await _discord(request, "POST", "/oauth2/token", auth="", form={
            "client_id": str(config.client_id), "client_secret": config.client_secret,
            "grant_type": "authorization_code", "code": code})
        token = body.get("access_token") if status == 200 and isinstance(body, dict) else None
        if not isinstance(token, str) or not token:
            raise Refused(403, "code_refused")
        return _answer({"access_token": token})
    except Refused as refused:
        return _refusal(request, refused)


@dataclass(frozen=True, slots=True)
class DiscordUser:
    user_id: int
    name: str
    lang: str


async def _user(request: web.Request, access_token: str) -> DiscordUser:
    """Who the access token belongs to, as Discord says (the sign-in's :func:`~bot.web.auth.discord_me`): never what
    the page says."""
    try:
        me = await discord_me(request.app[AUTH_KEY].client(), request.app[ACTIVITY_KEY].api_base, access_token)
    except (aiohttp.ClientError, TimeoutError) as exc:
        log.warning("activity: Discord GET /users/@me failed: %s", exc)
        raise Refused(503, "unavailable") from None
    except ValueError:  # not JSON
        me = None
    if me is None:
        raise Refused(403, "token_refused")
    locale = me.locale
    lang = lang_of(locale) if locale is not None and locale.split("-")[0] in LANGS else pick_lang(request)
    return DiscordUser(me.user_id, me.name, lang)


@dataclass(frozen=True, slots=True)
class Instance:
    channel_id: int
    users: frozenset[int]


async def _instance(request: web.Request, instance_id: str) -> Instance:
    """The Activity instance as Discord knows it (its channel, its connected users), asked with the bot's token."""
    config = request.app[ACTIVITY_KEY]
    if not all(c.isascii() and (c.isalnum() or c in "-_") for c in instance_id):  # ("i-<launch>-gc-<guild>-<channel>")
        raise Refused(400, "bad_request")
    status, body = await _discord(request, "GET", f"/applications/{config.client_id}/activity-instances/{instance_id}",
                                  auth=f"Bot {config.bot_token}")
    if status == 404:
        raise Refused(403, "unknown_instance")
    if status != 200 or not isinstance(body, dict):
        log.warning("activity: Discord answered %s for instance %s", status, instance_id)
        raise Refused(503, "unavailable")
    location = body.get("location")
    channel = location.get("channel_id") if isinstance(location, dict) else None
    if str(body.get("application_id")) != str(config.client_id) or not str(channel).isdigit():
        raise Refused(403, "unknown_instance")
    users = frozenset(int(u) for u in body.get("users") or [] if str(u).isdigit())
    return Instance(int(str(channel)), users)


async def open_session_route(request: web.Request) -> web.StreamResponse:
    """``{"access_token", "instance_id", "channel_id"?}`` -> a session bound to the instance's game (or to no
    game, with the player's games listed): ``{"token", "csrf", "name", "game", "games"}``."""
    try:
        _charge(request, SIGN_IN_COST)
        fields = await _fields(request, "access_token", "instance_id", optional=("channel_id",))
        user = await _user(request, fields["access_token"])
        instance = await _instance(request, fields["instance_id"])
        if user.user_id not in instance.users:
            raise Refused(403, "not_in_instance")
        claimed = fields.get("channel_id")
        if claimed is not None and claimed != str(instance.channel_id):
            raise Refused(403, "channel_mismatch")
        store = request.app[SITE_KEY].store
        async with store.reading() as r:
            game = await r.game_for_channel(instance.channel_id)
            bound = game.game_id if game is not None else None
            games = [] if bound is not None else await r.games_for_user(user.user_id, live_only=True)
        token, visitor = await open_activity_session(request.app, user=user, game_id=bound)
        return _answer({
            "token": token, "csrf": visitor.csrf, "name": user.name, "lang": user.lang,
            "signed_in": t("activity.signed_in", user.lang, name=user.name),
            "game": None if bound is None else {"id": bound, "table": table_path(bound)},
            "games": [{"id": g.game_id, "label": t("activity.game_item", user.lang, game_id=g.game_id,
                                                     ruleset=ruleset_label(g.ruleset, user.lang)),
                       "table": table_path(g.game_id)} for g in games],
        })
    except Refused as refused:
        return _refusal(request, refused)


# ---------------------------------------------------------------------------------------------- the seams
async def open_activity_session(app: web.Application, *, user: DiscordUser, game_id: int | None
                                ) -> tuple[str, Visitor]:
    """The one place the Activity opens a session: the sign-in's (kind ``"activity"``, bound to ``game_id``), whose
    token the page sends as ``Authorization: Bearer`` (no cookie is sent inside Discord's iframe)."""
    return await open_session(app, user_id=user.user_id, name=user.name, lang=user.lang, kind="activity",
                              game_id=game_id)


def table_path(game_id: int) -> str:
    """Where a game's table is: the web table (:mod:`bot.web.play`), which the Activity's page shows inside
    Discord by asking for it with the session's bearer token."""
    return f"/play/{game_id}"


__all__ = ["ACTIVITY_KEY", "DISCORD_CLIENTS", "ActivityConfig", "add_routes", "config_from_settings", "extension",
           "open_activity_session", "table_path"]
