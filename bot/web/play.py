"""The player's own table on the web (issue 44): a seated visitor sees their own view of a game and plays it by
clicking the drawn table, through the same service path as Discord's buttons.

Routes (added by :func:`add_routes`, which :func:`make_playing_app` calls when playing is on; every one asks
``app[VISITOR_KEY]`` who is there)
------------------------------------------------------------------------------------------------------
``GET  /play``                      the visitor's running games (links to their tables)
``GET  /play/demo``                 (``python -m bot web --demo`` only) a new two-player game against a computer and a
                                    demo session bound to it (the sign-in's sessions: cookie, CSRF, limits), then
                                    its table; the demo's running game when the visitor has one
``GET  /play/{game}``               the table: the seat's OWN view drawn by the Pillow renderer, the legal choices as
                                    buttons over the image and as a list, decisions, take-back; ``play.js`` follows
                                    the game live
``GET  /play/{game}/table``         the same table as an HTML fragment (what ``play.js`` swaps in when the game moved)
``GET  /play/{game}/{board}.png``   the seat's own view of board ``board`` (private, never shared caches; a board the
                                    game has left and that is no longer kept: the table as it is now)
``GET  /play/{game}/preview?board=B&code=C``  JSON: a choice's label, its sentence and its preview image's address
``GET  /play/{game}/preview.png?board=B&code=C``  the table after the move as its mover would see it
``POST /play/{game}/move``          JSON ``{"code", "board", "request", "csrf"}``: a move through ``GameService.play``
``POST /play/{game}/undo``          JSON ``{"board", "csrf"}``: the take-back (ruling B-16)
``POST /play/{game}/hint``          JSON ``{"board", "csrf"}``: a suggested move (``/splendor hint``), then its preview
``POST /play/{game}/plan``          JSON ``{"code", "cond", "board", "csrf"}``: a move queued for the next turn (if
                                    the card ``cond`` is still face up then)
``POST /play/{game}/unplan``        JSON ``{"key", "board", "csrf"}``: a plan cancelled
``GET  /play/{game}/events``        server-sent events: ``board`` with the new board's number when the game changed

Visitors, CSRF and the per-user limit of writes are the sign-in's (:mod:`bot.web.auth`: ``app[VISITOR_KEY]``,
:func:`~bot.web.auth.check_csrf`, :func:`~bot.web.auth.charge_user`, installed here when the sign-in is not).
Only a seat's own view (:func:`engine.view_for`) is ever drawn or described: their reserved cards, their
Spectacle hand; nothing of another seat's.  Refusals (no visitor, not seated, a session bound to another game, not
their turn, a stale board, an illegal move, a missing or wrong CSRF token) are a private sentence in the visitor's
language and write nothing.  After a move the thread gets its board as after a slash command:
``app[PUBLISH_KEY]`` (the bot: :func:`bot.ui.board.publish`; the demo: nothing).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import re
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar
from urllib.parse import urlencode

from aiohttp import web

import engine
from bot import choices
from bot.board_text import status_text
from bot.computer_text import hint_text
from bot.i18n import LANGS, t
from bot.plan_choices import card_choices, move_choices, plan_line, plans_text
from bot.render import draw_table
from bot.service import GameInfo, GameService, Outcome, ServiceSettings
from bot.service.errors import NotSeated, NotStarted, ServiceError, not_your_turn
from bot.service.plans import plan_key
from bot.text import action_label, decision_text, error_text, hand_lines, ordered_options
from bot.textboard import alt_text
from bot.web import auth
from bot.web.app import (
    DEMO_LINK_KEY,
    SITE_KEY,
    Handler,
    NotFound,
    TooMany,
    WebConfig,
    _charge,
    _lq,
    _page,
    _render,
    make_app,
    pick_lang,
    shown,
)
from bot.web.identity import VISITOR_KEY, Visitor
from bot.web.site import Lru, Site, names_by_seat
from engine import EngineError, GameState, TableView

log = logging.getLogger(__name__)
T = TypeVar("T")

#: After a move made on the web: the thread gets its board (the bot posts it with :func:`bot.ui.board.publish`).
Publish = Callable[[Outcome], Awaitable[None]]
SERVICE_KEY: web.AppKey[GameService] = web.AppKey("play_service", GameService)
PUBLISH_KEY: web.AppKey[Publish] = web.AppKey("play_publish")
TABLES_KEY: web.AppKey[Tables] = web.AppKey("play_tables")
STREAMS_KEY: web.AppKey[dict[str, list[asyncio.Event]]] = web.AppKey("play_streams", dict)  # open, by session
#: Present in a web process that is not the bot's (``python -m bot web`` with web play): the bot moves its games too.
FOREIGN_KEY: web.AppKey[bool] = web.AppKey("play_foreign", bool)
DEMO_KEY: web.AppKey[bool] = web.AppKey("play_demo", bool)  # present: /play/demo is served (the demo only)

DRAW_COST = 5.0  # a table drawn for a visitor, in ordinary requests (a drawn one costs one)
DEMO_COST = 30.0  # a new demo game
DEMO_USERS = 10**15  # demo user ids (and their games' made-up channels) are drawn from [DEMO_USERS, 2 * DEMO_USERS)
WRITE_COST = 1.0  # a write, in the per-user limit of the sign-in's sessions
POLL_SECONDS = 5.0  # the live page looks at the store this often (a web process that is not the bot's is not told)
KEEPALIVE_SECONDS = 20.0
STREAMS_PER_SESSION = 6  # live streams a session may hold open at once (tabs of its tables; a 7th ends the oldest)
CODE_MAX = 80  # characters of a move's code
PLAN_CHOICES = 60  # moves offered for a plan (each kind of move in turn)
REQUEST_MAX = 64
_REQUEST = re.compile(r"[A-Za-z0-9_-]{8,64}")


async def nothing_to_publish(outcome: Outcome) -> None:
    """The demo has no Discord thread."""


# ---------------------------------------------------------------------------------------------- drawn tables
@dataclass(frozen=True, slots=True)
class DrawnTable:
    """A seat's view drawn once: the PNG and where each place (a card's slot, a deck, a noble, the bank) lies, in
    percent of the image (so the buttons over it scale with it)."""

    png: bytes
    width: int
    height: int
    boxes: dict[str, tuple[float, float, float, float]]  # place -> (left, top, width, height) in %
    cards: dict[str, str]  # a card's code as drawn (its item's text) -> the place it lies in, for this seat


BANK = "bank"  # the box of the bank's tokens (the take choices open there)


def drawn(view: TableView, names: Sequence[str], lang: str) -> DrawnTable:
    """Draw ``view`` (a seat's own view) and read the boxes of the places its choices name."""
    canvas = draw_table(view, names=names, lang=lang)
    viewer = view.viewer
    mine: dict[str, list[tuple[int, int, int, int]]] = {}
    public: dict[str, list[tuple[int, int, int, int]]] = {}
    cards: dict[str, str] = {}
    for item in canvas.items:
        ref = BANK if item.role == "bank" else item.ref
        if not ref:
            continue
        if item.kind == "card" and item.text and item.seat in (None, viewer):
            cards[item.text] = ref
        if item.seat is None:
            public.setdefault(ref, []).append(item.box)
        elif item.seat == viewer:
            mine.setdefault(ref, []).append(item.box)
    boxes: dict[str, tuple[float, float, float, float]] = {}
    w, h = canvas.width, canvas.height
    for ref in {*public, *mine}:
        parts = mine.get(ref) or public[ref]  # the seat's own reserved card "r1", not another's
        x0, y0 = min(b[0] for b in parts), min(b[1] for b in parts)
        x1, y1 = max(b[2] for b in parts), max(b[3] for b in parts)
        boxes[ref] = (round(100 * x0 / w, 2), round(100 * y0 / h, 2), round(100 * (x1 - x0) / w, 2),
                      round(100 * (y1 - y0) / h, 2))
    return DrawnTable(canvas.png(), w, h, boxes, cards)


class Tables:
    """The drawn tables of the boards being played, by (game, board, seat, language)."""

    def __init__(self, size: int = 256) -> None:
        self._drawn: Lru[tuple[int, int, int, str], DrawnTable] = Lru(size)
        self._drawing: dict[tuple[int, int, int, str], asyncio.Future[DrawnTable]] = {}

    def has(self, key: tuple[int, int, int, str]) -> bool:
        return self._drawn.get(key) is not None

    def kept(self, key: tuple[int, int, int, str]) -> DrawnTable | None:
        return self._drawn.get(key)

    async def get(self, key: tuple[int, int, int, str], view: TableView, names: Sequence[str]) -> DrawnTable:
        kept = self._drawn.get(key)
        if kept is not None:
            return kept
        running = self._drawing.get(key)
        if running is not None:  # the page and its image ask at once: drawn once
            return await asyncio.shield(running)
        future: asyncio.Future[DrawnTable] = asyncio.get_running_loop().create_future()
        self._drawing[key] = future
        try:
            table = await asyncio.to_thread(drawn, view, list(names), key[3])
            future.set_result(table)
            self._drawn.put(key, table)
            return table
        except asyncio.CancelledError:
            future.cancel()  # whoever waits on it asks again
            raise
        except Exception as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            del self._drawing[key]


# ---------------------------------------------------------------------------------------------- the demo's seats
DEMO_LEVEL = "easy"  # answers at once


async def demo(request: web.Request) -> web.StreamResponse:
    """``/play/demo`` (the demo only): the visitor's running demo game, or a new two-player game against a computer
    with a demo session bound to it (the sign-in's sessions, :func:`bot.web.auth.open_session`: an HttpOnly,
    SameSite=Lax cookie, a CSRF token, the per-session limits); then its table.  A demo visitor keeps their demo
    user id from game to game; anyone else gets a new one."""
    app = request.app
    service = app[SERVICE_KEY]
    lang = pick_lang(request)
    visitor = await _visitor(request)
    if visitor is not None and visitor.kind == "demo" and visitor.game_id is not None and (
            await service.game(visitor.game_id)).status == "active":
        raise web.HTTPSeeOther(f"/play/{visitor.game_id}{_lq(request)}")
    _charge(request, DEMO_COST - 1)
    if visitor is not None and visitor.kind == "demo":
        user, name = visitor.user_id, visitor.name
    else:
        user, name = DEMO_USERS + secrets.randbelow(DEMO_USERS), t("table.demo.you", lang)
    await service.set_name(user, name)
    game = await service.create_game(channel_id=DEMO_USERS + secrets.randbelow(DEMO_USERS), creator_id=user,
                                     ruleset="base", players=2, turn_timer=None, lang=lang)
    await service.add_bot(game.game_id, user, DEMO_LEVEL)
    await service.start(game.game_id, user)
    token, _ = await auth.open_session(app, user_id=user, name=name, lang=lang, kind="demo", game_id=game.game_id)
    response = web.HTTPSeeOther(f"/play/{game.game_id}{_lq(request)}")
    auth.set_session_cookie(request, response, token)
    raise response


# ---------------------------------------------------------------------------------------------- reading a game
class Refused(Exception):
    """A private refusal: ``status`` and the sentence in the visitor's language."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True, slots=True)
class Seated:
    """A visitor at their seat of a game: the game, its state and their own view of it."""

    visitor: Visitor
    lang: str
    game: GameInfo
    state: GameState
    seat: int
    view: TableView
    names: list[str]


async def _visitor(request: web.Request) -> Visitor | None:
    find = request.app.get(VISITOR_KEY)
    return await find(request) if find is not None else None


def _game_id(request: web.Request) -> int:
    raw = request.match_info["game"]
    if not raw.isascii() or not raw.isdigit() or len(raw) > 18:
        raise NotFound
    return int(raw)


async def seated(request: web.Request, visitor: Visitor | None, lang: str) -> Seated:
    """The visitor at their seat of the game of the URL, or :class:`Refused` (no visitor: 401; a session bound to
    another game, a game they do not sit in or that does not exist: 403, the same sentence)."""
    if visitor is None:
        raise Refused(401, t("table.err.signed_out", lang))
    game_id = _game_id(request)
    service = request.app[SERVICE_KEY]
    not_seated = Refused(403, NotSeated(game_id=game_id).message(lang))
    if visitor.game_id is not None and visitor.game_id != game_id:
        raise not_seated  # an Activity's (or a demo's) session plays the game it is bound to, no other
    try:
        game = await service.game(game_id)
        if FOREIGN_KEY in request.app:  # the bot plays elsewhere: what the store holds now
            stored = await request.app[SITE_KEY].game(game_id)
            if stored is not None and (stored.version, stored.takebacks, stored.status) != (
                    game.version, game.takebacks, game.status):
                service.forget(game_id)
                game = await service.game(game_id)
    except ServiceError:
        raise not_seated from None  # an unknown game says no more than one the visitor does not sit in
    seat = game.seat_of(visitor.user_id)
    if seat is None:
        raise not_seated
    state = await service.state(game_id)
    if state is None:
        raise Refused(409, NotStarted(game_id=game_id).message(lang))
    site = request.app[SITE_KEY]
    async with site.store.reading() as tx:
        seat_names = await tx.seat_names(game_id)
    names = [shown(n) for n in names_by_seat(game, seat_names, lang)]
    return Seated(visitor, lang, game, state, seat, engine.view_for(state, seat), names)


def _lang(request: web.Request, visitor: Visitor | None) -> str:
    """``?lang=`` if given, else the visitor's language, else the browser's."""
    if request.query.get("lang") in LANGS or visitor is None:
        return pick_lang(request)
    return visitor.lang if visitor.lang in LANGS else pick_lang(request)


# ---------------------------------------------------------------------------------------------- the table
@dataclass(frozen=True, slots=True)
class Choice:
    code: str  # a whole move, or a head whose ways to pay are asked next
    label: str
    pays: tuple[tuple[str, str], ...] = ()  # (code, label) of each way to pay (two or more), else ()


@dataclass(frozen=True, slots=True)
class Spot:
    """A button over the image: a place (a card, a deck, a noble, the bank) and the choices it opens."""

    ref: str
    box: tuple[float, float, float, float]
    label: str
    choices: tuple[Choice, ...]


def table_choices(s: Seated, table: DrawnTable) -> tuple[list[Spot], dict[str, list[Choice]], list[Choice]]:
    """The seat's legal choices now (none when it is not their turn): the spots over the image, every choice by
    family (the list), and the pending decision's options (played at once, as Discord's decision menu does)."""
    state, view, lang, boxes = s.state, s.view, s.lang, table.boxes
    if s.game.status != "active" or state.to_act != s.seat:
        return [], {}, []
    actions = engine.legal_actions(state)
    pending = view.pending
    if pending is not None:
        codes = [str(a) for a in actions]
        return [], {}, [Choice(c, action_label(view, c, lang)) for c in ordered_options(view, codes)]
    by_family: dict[str, list[Choice]] = {}
    by_place: dict[str, list[Choice]] = {}
    face_up = view.face_up()  # a card named by the move, not its place (Spectacle's "reserve 2s"): where it lies
    for head_action in dict.fromkeys(a.head for a in actions):
        head = str(head_action)
        ways = choices.variants(actions, head)
        pays = tuple((c, action_label(view, c, lang)) for c in ways) if len(ways) > 1 else ()
        choice = Choice(ways[0] if len(ways) == 1 else head, action_label(view, head, lang), pays)
        by_family.setdefault(head_action.family, []).append(choice)
        described = view.describe(head_action)
        places = [p for p in described.places if p in boxes] or [
            f.place for card in described.cards for f in face_up if f.card == card and f.place in boxes] or [
            table.cards[word] for word in head.split()[1:] if word in table.cards]  # a card in hand, by its code
        anchor = places[0] if places else BANK if head_action.family == "take" and BANK in boxes else None
        if anchor is not None:
            by_place.setdefault(anchor, []).append(choice)
    spots = [Spot(ref, boxes[ref], t("table.spot", lang, place=t("render.bank", lang) if ref == BANK else ref,
                                     count=len(found)), tuple(found))
             for ref, found in by_place.items()]
    return spots, by_family, []


def can_take_back(s: Seated) -> bool:
    """The Undo button's rule (:func:`bot.ui.composer.undo_view`): the game goes on, its last move is this seat's
    and revealed nothing; the service checks the rest (the mover, a plan's move) and says why it refuses."""
    state = s.state
    return (s.game.status == "active" and s.view.last_seat == s.seat and bool(state.history())
            and state.history()[-1][0] == s.seat and not engine.reveals(state, state.view_for(None).last_events))


def status_line(s: Seated) -> str:
    """Whose turn it is and what they decide (the board's words, without Discord's commands), or the result."""
    game, lang = s.game, s.lang
    if game.status != "active" or s.state.to_act is None:
        return status_text(game, s.state, s.names, lang)
    if s.state.to_act == s.seat:
        what = decision_text(s.view, lang)
        return t("table.your_decision", lang, what=what) if what else t("table.your_turn", lang)
    return t("table.their_turn", lang, name=s.names[s.state.to_act])


async def table_context(request: web.Request, s: Seated) -> dict[str, Any]:
    tables = request.app[TABLES_KEY]
    key = (s.game.game_id, s.game.board, s.seat, s.lang)
    if not tables.has(key):
        _charge(request, DRAW_COST - 1)
    table = await tables.get(key, s.view, s.names)
    spots, families, decision = table_choices(s, table)
    header, cards = hand_lines(s.view, s.seat, s.lang)
    lq = _lq(request)
    active = s.game.status == "active"
    planning = active and s.state.to_act != s.seat and s.state.pending_kind is None  # the rule of /splendor plan
    mine = await request.app[SERVICE_KEY].plans(s.game.game_id, s.visitor.user_id) if active else []
    return {
        "game_id": s.game.game_id, "board": s.game.board, "version": s.game.version, "status": s.game.status,
        "image": f"/play/{s.game.game_id}/{s.game.board}.png{lq}", "width": table.width, "height": table.height,
        "alt": alt_text(s.view, s.names, s.lang), "line": status_line(s), "spots": spots,
        "families": [(t(f"bot.button.{f}", s.lang), found) for f, found in families.items()],
        "decision": decision, "undo": can_take_back(s), "hand_header": header, "hand": cards,
        "over": s.game.status != "active", "lq": lq, "demo": s.visitor.kind == "demo" and DEMO_KEY in request.app,
        "hint": bool(spots or families) and not s.game.ranked,  # the service refuses in a league game: it says so
        "plan_moves": [(label, code) for label, code in move_choices(s.state, s.seat, s.lang, limit=PLAN_CHOICES)]
        if planning else [],
        "plan_cards": card_choices(s.view, s.lang, limit=PLAN_CHOICES) if planning else [],
        "plans": [(plan_key(p), plan_line(s.view, p, i + 1, s.lang), t("plans.cancel.button", s.lang, n=i + 1))
                  for i, p in enumerate(mine)],
    }


def page_refusals(handler: Handler) -> Handler:
    """A page or image handler whose :class:`Refused` becomes the error page, in the visitor's language."""

    async def wrapped(request: web.Request) -> web.StreamResponse:
        try:
            return _private(await handler(request))
        except Refused as exc:
            lang = _lang(request, await _visitor(request))
            return _private(_page(request, "error.html", lang, http_status=exc.status,
                                  title=t("table.refused", lang), message=exc.message, lq=_lq(request)))

    return wrapped


def json_refusals(handler: Handler) -> Handler:
    """A JSON handler whose :class:`Refused` becomes ``{"error": sentence}`` with its status."""

    async def wrapped(request: web.Request) -> web.StreamResponse:
        try:
            return await handler(request)
        except Refused as exc:
            return _json({"error": exc.message}, exc.status)
        except TooMany as exc:  # the per-user limit of writes
            response = _json({"error": t("web.error.too_many.text", _lang(request, await _visitor(request)))}, 429)
            response.headers["Retry-After"] = str(max(1, math.ceil(exc.wait)))
            return response

    return wrapped


async def _seated(request: web.Request) -> Seated:
    visitor = await _visitor(request)
    return await seated(request, visitor, _lang(request, visitor))


def _private(response: web.StreamResponse) -> web.StreamResponse:
    response.headers["Cache-Control"] = "private, no-store"  # a seat's own cards: never kept by anyone else
    return response


@page_refusals
async def table_page(request: web.Request) -> web.StreamResponse:
    s = await _seated(request)
    context = await table_context(request, s)
    title = t("table.title", s.lang, players=", ".join(s.names))
    return _page(request, "play.html", s.lang, title=title, csrf=s.visitor.csrf, **context)


@page_refusals
async def table_fragment(request: web.Request) -> web.StreamResponse:
    s = await _seated(request)
    html = _render(request, "play_table.html", s.lang, **await table_context(request, s))
    return web.Response(text=html, content_type="text/html", charset="utf-8")


@page_refusals
async def table_image(request: web.Request) -> web.StreamResponse:
    s = await _seated(request)
    tables = request.app[TABLES_KEY]
    asked = tables.kept((s.game.game_id, int(request.match_info["board"][:18]), s.seat, s.lang))  # [0-9]+
    if asked is not None:  # the board its page was made for (the game may have moved on since: the page follows)
        return web.Response(body=asked.png, content_type="image/png")
    key = (s.game.game_id, s.game.board, s.seat, s.lang)  # else the table as it is now: never a broken image
    if not tables.has(key):
        _charge(request, DRAW_COST - 1)
    table = await tables.get(key, s.view, s.names)
    return web.Response(body=table.png, content_type="image/png")


async def _previewed(request: web.Request) -> tuple[Seated, str, choices.Preview]:
    """The seated visitor, the move asked for (``?code=``, legal now, on ``?board=``, the current one) and its
    preview; else :class:`Refused`."""
    s = await _seated(request)
    code = request.query.get("code", "")[:CODE_MAX]
    if request.query.get("board") != str(s.game.board):
        raise Refused(409, t("service.err.stale_board", s.lang))
    if s.state.to_act != s.seat or s.game.status != "active":
        raise Refused(409, refusal(s, not_your_turn(s.game.to_act_user)))
    if code not in {str(a) for a in engine.legal_actions(s.state)}:
        raise Refused(409, t("bot.composer.gone", s.lang))
    return s, code, choices.preview(s.state, s.seat, code, s.names, s.lang)


@json_refusals
async def preview(request: web.Request) -> web.StreamResponse:
    """A choice's preview: its label, what it would do, and the address of the table after it."""
    s, code, shown_ = await _previewed(request)
    lq = {"lang": s.lang} if request.query.get("lang") else {}
    query = urlencode({"board": s.game.board, "code": code, **lq})
    return _json({"label": shown_.label, "line": shown_.line, "code": code,
                  "image": f"/play/{s.game.game_id}/preview.png?{query}",
                  "alt": alt_text(shown_.after, s.names, s.lang, title=shown_.label)})


@page_refusals
async def preview_image(request: web.Request) -> web.StreamResponse:
    s, _, shown_ = await _previewed(request)
    _charge(request, DRAW_COST - 1)
    after = shown_.after
    data = await asyncio.to_thread(lambda: draw_table(after, names=s.names, lang=s.lang, record=False).png())
    return web.Response(body=data, content_type="image/png")


# ---------------------------------------------------------------------------------------------- writing
def _json(body: dict[str, Any], status: int = 200) -> web.Response:
    response = web.json_response(body, status=status)
    response.headers["Cache-Control"] = "private, no-store"
    return response


def refusal(s: Seated, error: BaseException) -> str:
    """The service's (or the engine's) refusal as the visitor's sentence on the page: a Discord mention of a
    player (``<@id>``, which only Discord renders) becomes their name, as the table shows it."""
    text = error_text(error, s.lang)
    for player in s.game.players:
        if player.seat is not None:
            text = text.replace(f"<@{player.user_id}>", s.names[player.seat])
    return text


async def _write_request(request: web.Request) -> tuple[Seated, dict[str, Any]]:
    """The seated visitor and the JSON body of a write, its CSRF token checked; else :class:`Refused`."""
    visitor = await _visitor(request)
    lang = _lang(request, visitor)
    if request.content_type != "application/json":
        raise Refused(415, t("table.err.bad_request", lang))
    try:
        body = await request.json()
    except (ValueError, UnicodeDecodeError):
        raise Refused(400, t("table.err.bad_request", lang)) from None
    if not isinstance(body, dict):
        raise Refused(400, t("table.err.bad_request", lang))
    if visitor is None:
        raise Refused(401, t("table.err.signed_out", lang))
    token = body.get("csrf")
    try:  # the sign-in's guard: the session's own token, and a request from this site only
        auth.check_csrf(request, visitor, token if isinstance(token, str) else "")
    except web.HTTPForbidden:
        raise Refused(403, t("table.err.csrf", lang)) from None
    auth.charge_user(request, visitor, WRITE_COST)
    board = body.get("board")
    if not isinstance(board, int) or isinstance(board, bool):
        raise Refused(400, t("table.err.bad_request", lang))
    return await seated(request, visitor, lang), body


def _field(s: Seated, body: dict[str, Any], name: str, limit: int = CODE_MAX) -> str:
    """A text of the request's body (a move's code, a plan's key, the request id), else :class:`Refused`."""
    value = body.get(name)
    if not isinstance(value, str) or not value or len(value) > limit:
        raise Refused(400, t("table.err.bad_request", s.lang))
    return value


async def _service(s: Seated, call: Awaitable[T]) -> T:
    """What the service answers, its refusal (or the engine's) as the visitor's private sentence."""
    try:
        return await call
    except (ServiceError, EngineError) as exc:
        raise Refused(409, refusal(s, exc)) from None


@json_refusals
async def move(request: web.Request) -> web.StreamResponse:
    """A move: the same path as Discord's Confirm (``GameService.play`` on the board the visitor saw, with a
    request id), then the thread's board."""
    s, body = await _write_request(request)
    code, request_id = _field(s, body, "code"), _field(s, body, "request", REQUEST_MAX)
    if _REQUEST.fullmatch(request_id) is None:
        raise Refused(400, t("table.err.bad_request", s.lang))
    label = action_label(s.view, code, s.lang)
    service = request.app[SERVICE_KEY]
    outcome = await _service(s, service.play(s.game.game_id, s.visitor.user_id, code, expected_board=body["board"],
                                             request_id=f"web-{s.visitor.user_id}-{request_id}"))
    await _publish(request, outcome)
    return _json({"ok": True, "board": outcome.game.board, "message": t("bot.played", s.lang, label=label)})


@json_refusals
async def undo(request: web.Request) -> web.StreamResponse:
    """Take back the visitor's last move (the service's rule, as Discord's Undo)."""
    s, body = await _write_request(request)
    service = request.app[SERVICE_KEY]
    outcome = await _service(s, service.take_back(s.game.game_id, s.visitor.user_id, expected_board=body["board"]))
    assert outcome.state is not None
    view = engine.view_for(outcome.state, s.seat)
    note = t("bot.undo.done", s.lang, who=s.names[s.seat], label=action_label(view, outcome.applied[0].code, s.lang))
    await _publish(request, outcome)
    return _json({"ok": True, "board": outcome.game.board, "message": note})


@json_refusals
async def hint(request: web.Request) -> web.StreamResponse:
    """A suggested move for the visitor's turn (``/splendor hint``: logged, refused in ranked and league games);
    the page then shows its preview, and Confirm plays it."""
    s, _ = await _write_request(request)
    found = await _service(s, request.app[SERVICE_KEY].hint(s.game.game_id, s.visitor.user_id))
    return _json({"ok": True, "code": found.code, "message": plain(hint_text(found, s.lang))})


@json_refusals
async def plan(request: web.Request) -> web.StreamResponse:
    """Queue a move for the visitor's next turn (``/splendor plan``), if ``cond`` (a face-up card) is still on the
    table then."""
    s, body = await _write_request(request)
    code = _field(s, body, "code")
    cond = _field(s, body, "cond", CODE_MAX) if body.get("cond") else None
    mine = await _service(s, request.app[SERVICE_KEY].add_plan(s.game.game_id, s.visitor.user_id, code, cond=cond))
    return _json({"ok": True, "message": f"{t('plans.saved', s.lang)}\n{plans_text(s.view, mine, s.lang)}"})


@json_refusals
async def unplan(request: web.Request) -> web.StreamResponse:
    """Cancel one of the visitor's plans (its key: a page made before the plans were numbered again cancels
    nothing else)."""
    s, body = await _write_request(request)
    key = _field(s, body, "key", 40)
    left = await _service(s, request.app[SERVICE_KEY].cancel_plan(s.game.game_id, s.visitor.user_id, key))
    return _json({"ok": True, "message": f"{t('plans.cancelled', s.lang)}\n{plans_text(s.view, left, s.lang)}"})


def plain(text: str) -> str:
    """A sentence written for Discord without its markdown (bold, code)."""
    return text.replace("**", "").replace("`", "")


async def _publish(request: web.Request, outcome: Outcome) -> None:
    """The thread's board after a move made here; a failure is logged (the move stands, as after a command)."""
    try:
        await request.app[PUBLISH_KEY](outcome)
    except Exception:
        log.exception("game %s: the board of a move made on the web was not posted", outcome.game_id)


# ---------------------------------------------------------------------------------------------- live
@json_refusals
async def events(request: web.Request) -> web.StreamResponse:
    """Server-sent events: ``board`` (the board's number) whenever the game changed: at once when this process
    committed it (the service's feed), else within :data:`POLL_SECONDS` (the store, for a move another process
    made)."""
    s = await _seated(request)
    streams = request.app[STREAMS_KEY]
    held = streams.setdefault(s.visitor.session_id, [])
    if len(held) >= STREAMS_PER_SESSION:  # each holds a connection and polls the store: the oldest lets go, since
        held.pop(0).set()                 # refusing the newest would lock out a player who reloads their page
    stop = asyncio.Event()
    held.append(stop)
    try:
        return await _stream(request, s, stop)
    finally:
        if stop in held:
            held.remove(stop)
        if not held and streams.get(s.visitor.session_id) is held:
            del streams[s.visitor.session_id]


async def _stream(request: web.Request, s: Seated, stop: asyncio.Event) -> web.StreamResponse:
    service, site = request.app[SERVICE_KEY], request.app[SITE_KEY]
    game_id = s.game.game_id
    response = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store",
                                           "X-Accel-Buffering": "no"})
    await response.prepare(request)
    seen = (s.game.version, s.game.takebacks, s.game.status)
    board = s.game.board
    waited = 0.0
    with contextlib.suppress(ConnectionResetError, asyncio.CancelledError):
        await response.write(f"retry: 2000\nevent: board\ndata: {board}\n\n".encode())
        while True:
            told = await service.feed.wait(game_id, POLL_SECONDS)
            if stop.is_set() or request.transport is None or request.transport.is_closing():
                break  # the page was closed or reloaded: its stream is let go within the poll, not the keep-alive
            waited = 0.0 if told else waited + POLL_SECONDS
            stored = await site.game(game_id)  # the store: also what another process played
            if stored is None:
                break
            now = (stored.version, stored.takebacks, stored.status)
            if now != seen:
                seen = now
                if not told:
                    if FOREIGN_KEY in request.app:
                        service.forget(game_id)  # the bot moved it: read it again
                    service.feed.touch(game_id)
                board = (await service.game(game_id)).board
                await response.write(f"event: board\ndata: {board}\n\n".encode())
            elif waited >= KEEPALIVE_SECONDS:
                waited = 0.0
                await response.write(b": keep-alive\n\n")
            if stored.status != "active":
                break
    return response


# ---------------------------------------------------------------------------------------------- list
async def my_games(request: web.Request) -> web.StreamResponse:
    visitor = await _visitor(request)
    lang = _lang(request, visitor)
    demo_on = DEMO_KEY in request.app
    if visitor is None:
        return _private(_page(request, "play_list.html", lang, title=t("table.list.title", lang), games=[],
                              signed_out=True, demo=demo_on, lq=_lq(request)))
    service = request.app[SERVICE_KEY]
    games = []
    for game in await service.games_for_user(visitor.user_id):
        if game.status != "active" or (visitor.game_id is not None and visitor.game_id != game.game_id):
            continue
        site = request.app[SITE_KEY]
        async with site.store.reading() as tx:
            seat_names = await tx.seat_names(game.game_id)
        names = [shown(n) for n in names_by_seat(game, seat_names, lang)]
        games.append({"id": game.game_id, "players": ", ".join(names),
                      "mine": game.to_act_user == visitor.user_id})
    return _private(_page(request, "play_list.html", lang, title=t("table.list.title", lang), games=games,
                          signed_out=False, demo=demo_on, lq=_lq(request)))


# ---------------------------------------------------------------------------------------------- wiring
def make_playing_app(site: Site, config: WebConfig, *, service: GameService | None = None,
                     publish: Publish | None = None) -> web.Application:
    """The site's application (:func:`bot.web.app.make_app`) with, when ``config.play`` is on, the playing routes
    (``config.demo_seats``: the demo's seats too): what ``python -m bot web`` and the bot's process serve."""
    app = make_app(site, config)
    if config.play:
        add_routes(app, service, publish, demo_seats=config.demo_seats)
    return app


def add_routes(app: web.Application, service: GameService | None = None, publish: Publish | None = None, *,
               demo_seats: bool = False) -> None:
    """The playing routes on ``app`` (:func:`bot.web.app.make_app` calls this when playing is on): ``service``
    (the bot's own, else one on the site's store), ``publish`` (the thread's board after a move; else nothing),
    ``demo_seats``: ``/play/demo`` with demo sessions, and the service's computer players running here."""
    site = app[SITE_KEY]
    if service is None:
        settings = ServiceSettings(computer_workers=0, computer_delay=0.3) if demo_seats else None
        service = GameService(site.store, site.clock, settings)
        if not demo_seats:  # a web process beside the bot: the bot plays too, the cache is checked against the store
            app[FOREIGN_KEY] = True
    app[SERVICE_KEY] = service
    app[PUBLISH_KEY] = publish or nothing_to_publish
    app[TABLES_KEY] = Tables()
    app[STREAMS_KEY] = {}
    app.router.add_get("/play", my_games)
    auth.install_sessions(app)  # the sign-in's sessions, visitors, CSRF and limits (already there with web play)
    if demo_seats:
        app[DEMO_KEY] = True
        app[DEMO_LINK_KEY] = "/play/demo"  # the home page's link to it
        app.router.add_get("/play/demo", demo)
        app.cleanup_ctx.append(_computers)
    app.router.add_get("/play/{game}", table_page)
    app.router.add_get("/play/{game}/table", table_fragment)
    app.router.add_get("/play/{game}/{board:[0-9]+}.png", table_image)
    app.router.add_get("/play/{game}/preview", preview)
    app.router.add_get("/play/{game}/preview.png", preview_image)
    app.router.add_get("/play/{game}/events", events)
    app.router.add_post("/play/{game}/move", move)
    app.router.add_post("/play/{game}/undo", undo)
    app.router.add_post("/play/{game}/hint", hint)
    app.router.add_post("/play/{game}/plan", plan)
    app.router.add_post("/play/{game}/unplan", unplan)


async def _computers(app: web.Application) -> AsyncIterator[None]:
    """The demo's computer players, played by the service's own scheduler in this process."""
    service = app[SERVICE_KEY]
    stop = asyncio.Event()
    task = asyncio.create_task(service.run_computers(None, stop=stop), name="demo-computers")
    try:
        yield
    finally:
        stop.set()
        service.scheduler.wakeup.set()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(task, 10)
        service.close_computers()


__all__ = ["DEMO_KEY", "PUBLISH_KEY", "SERVICE_KEY", "TABLES_KEY", "DrawnTable", "Publish", "Tables", "add_routes",
           "drawn", "make_playing_app"]
