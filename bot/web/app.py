"""The aiohttp application: routes, headers, languages, rate limit, errors (see :mod:`bot.web` for the routes)."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import jinja2
from aiohttp import web

from bot.i18n import LANGS, clip, plural_rule, t
from bot.leagues.rating import Rating
from bot.leagues.service import rating_of, rating_policy
from bot.service.users import RELIABILITY_DAYS
from bot.text import ruleset_label
from bot.textboard import alt_text
from bot.web import links
from bot.web.identity import VISITOR_KEY
from bot.web.pagecache import CachedPage, PageCache
from bot.web.ratelimit import RateLimiter
from bot.web.site import Outcome, Replay, Site, WebGame, member_name, names_by_seat, rating_step, story
from engine import TableView

log = logging.getLogger(__name__)

#: The Content-Security-Policy of every answer, directive by directive (:func:`csp` writes it).
CSP = {"default-src": "'self'", "img-src": "'self'", "script-src": "'self'", "style-src": "'self'",
       "object-src": "'none'", "base-uri": "'none'", "form-action": "'none'", "frame-ancestors": "'none'"}


def csp(**changes: str) -> str:
    """The site's policy with some directives changed (``form_action="'self'"``): what a route that needs more
    sets as its own ``Content-Security-Policy`` header, which the guard then keeps."""
    return "; ".join(f"{name} {value}" for name, value in
                     {**CSP, **{k.replace("_", "-"): v for k, v in changes.items()}}.items())


#: The headers of every answer.  Slugs are secrets: no Referer leaves the site.
SECURITY_HEADERS = {
    "Content-Security-Policy": csp(),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "X-Robots-Tag": "noindex, nofollow",  # images and JSON too (pages also say it in a meta tag): links are secrets
}
ROBOTS_TXT = "User-agent: *\nDisallow: /\n"
NAME_MAX = 80  # characters of a display name shown (names are hostile input: a 2,000-character name is cut)
FINISHED_MAX_AGE = 300  # seconds a finished game's page may be kept (a league turned off: gone within that)
IMAGE_MAX_AGE = 365 * 86400  # a step's image never changes once the step is done: immutable
STANDINGS_LISTED = 100  # standings lines on a league page; the others on its next pages (?page=)
GAMES_LISTED = 50  # finished games on a league page, newest first; older ones on its next pages (?games=)
STANDINGS_PAGE, GAMES_PAGE = "page", "games"
FORM_GAMES = 10  # a player's recent form: their latest results
ROUNDS_LISTED = 3  # a rounds league's latest rounds with their pairings (their games are also in the games lists)


DEFAULT_RATE = 20.0
DEFAULT_BURST = 120
#: What drawing a step's image costs in the rate limit, in ordinary requests (a drawing takes about as long as
#: 15 league pages); an image already drawn costs one.
IMAGE_COST = 15.0
REPLAY_COST = 5.0  # replaying a game not at hand (its first page or image in a while), likewise


@dataclass(frozen=True, slots=True)
class WebConfig:
    rate: float = DEFAULT_RATE  # requests a second per client address, on average (0: no limit)
    burst: int = DEFAULT_BURST  # at once
    trust_forwarded: bool = False  # behind a reverse proxy: the client is the last X-Forwarded-For address
    poll_seconds: int = 5  # how often a running game's page asks whether a move was made
    page_ttl: float = 2.0  # seconds a league's or player's page is served as built (0: built for each request)
    #: What the playing pages add (issue 44): each is called with the application by :func:`make_app` (the sign-in,
    #: ``bot.web.auth.add_routes``, and what builds on it); none: today's read-only site, unchanged.
    extensions: tuple[Callable[[web.Application], None], ...] = ()
    play: bool = False  # the playing routes (bot.web.play): a seated visitor plays their own table
    demo_seats: bool = False  # with play: /play/demo gives each visitor a seat against a computer (the demo only)


SITE_KEY: web.AppKey[Site] = web.AppKey("site", Site)
CONFIG_KEY: web.AppKey[WebConfig] = web.AppKey("web_config", WebConfig)
LIMITER_KEY: web.AppKey[RateLimiter] = web.AppKey("limiter", RateLimiter)
PAGES_KEY: web.AppKey[PageCache] = web.AppKey("pages", PageCache)
#: Where the header's account link leads (set by the sign-in when web play is on; absent: no link).
ACCOUNT_LINK_KEY: web.AppKey[str] = web.AppKey("account_link", str)
#: Where a visitor plays a demo seat against a computer (``python -m bot web --demo``): the home page links it.
DEMO_LINK_KEY: web.AppKey[str] = web.AppKey("demo_link", str)
#: The query values a page reads (any other is dropped from its links and does not make another page).
PAGE_PARAMS = ("lang", "season", "page", "games", "step")


class TooMany(Exception):
    """The visitor has spent their requests: a 429 page, ``wait`` seconds before the next."""

    def __init__(self, wait: float) -> None:
        super().__init__(wait)
        self.wait = wait


def _charge(request: web.Request, cost: float) -> None:
    """Charge the visitor ``cost`` more requests (on top of the one every request costs), or refuse with 429."""
    config = request.app[CONFIG_KEY]
    wait = request.app[LIMITER_KEY].take(_client(request, config.trust_forwarded), cost)
    if wait > 0:
        raise TooMany(wait)


_env = jinja2.Environment(
    loader=jinja2.PackageLoader("bot.web", "templates"),
    autoescape=True,  # every value is text: markup in a name is shown, never run
    undefined=jinja2.StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)


def pick_lang(request: web.Request) -> str:
    """``?lang=`` if it names a language of ours, else the best of ``Accept-Language``, else English."""
    asked = request.query.get("lang", "")
    if asked in LANGS:
        return asked
    best: tuple[float, int, str] | None = None
    for i, part in enumerate(request.headers.get("Accept-Language", "").split(",")):
        pieces = part.strip().split(";")
        tag = pieces[0].strip()
        q = 1.0
        for p in pieces[1:]:
            if p.strip().startswith("q="):
                try:
                    q = float(p.strip()[2:])
                except ValueError:
                    q = 0.0
        code = tag.replace("_", "-").split("-")[0].lower()
        if code in LANGS and q > 0 and (best is None or (q, -i) > (best[0], best[1])):
            best = (q, -i, code)
    return best[2] if best else "en"


def shown(name: str) -> str:
    """A name as a page shows it: spaces collapsed, cut to ``NAME_MAX``, its bidi controls closed (it stays
    inside its ``<bdi>``)."""
    return closed_bidi(clip(" ".join(name.split()), NAME_MAX))


_ISOLATES = "\u2066\u2067\u2068"  # LRI, RLI, FSI: closed by PDI (U+2069)
_EMBEDDINGS = "\u202a\u202b\u202d\u202e"  # LRE, RLE, LRO, RLO: closed by PDF (U+202C)
_PDI, _PDF = "\u2069", "\u202c"


def closed_bidi(text: str) -> str:
    """``text`` with every bidi embedding, override and isolate it opens closed at its end and the closers it has
    no opener for dropped: an unclosed isolate or override would otherwise reach past the ``<bdi>`` around it and
    reverse what follows (a rating of 963 shown as 369)."""
    stack: list[str] = []
    out: list[str] = []
    for ch in text:
        if ch in _ISOLATES:
            stack.append(_PDI)
        elif ch in _EMBEDDINGS:
            stack.append(_PDF)
        elif ch == _PDI:
            if _PDI not in stack:
                continue
            while stack.pop() != _PDI:  # a PDI also closes the embeddings opened inside its isolate
                pass
        elif ch == _PDF:
            if not stack or stack[-1] != _PDF:
                continue
            stack.pop()
        out.append(ch)
    return "".join(out) + "".join(reversed(stack))


def _page(request: web.Request, template: str, lang: str, http_status: int = 200, **context: Any) -> web.Response:
    return web.Response(text=_render(request, template, lang, **context), status=http_status,
                        content_type="text/html", charset="utf-8")


def _render(request: web.Request, template: str, lang: str, **context: Any) -> str:
    def tr(key: str, **params: Any) -> str:
        return t(key, lang, **params)

    def here(**query: Any) -> str:
        """This page with other query values: a relative link made of the query alone (the path asked for, say
        ``//evil.example/``, is never written back into a link), its values encoded."""
        params = {k: str(v) for k, v in {**_known_query(request), **query}.items() if v is not None}
        return "?" + urlencode(params)

    return _env.get_template(template).render(
        lang=lang, t=tr, langs=[(code, t("web.lang_name", code)) for code in LANGS], here=here,
        account_link=request.app.get(ACCOUNT_LINK_KEY),
        query_lang=request.query.get("lang") if request.query.get("lang") in LANGS else None, **context)


def _known_query(request: web.Request) -> dict[str, str]:
    return {k: request.query[k] for k in PAGE_PARAMS if k in request.query}


def _page_key(kind: str, slug: str, lang: str, request: web.Request) -> tuple[object, ...]:
    return (kind, slug, lang, tuple(sorted(_known_query(request).items())))


def _send(request: web.Request, page: CachedPage, headers: dict[str, str]) -> web.Response:
    """A built page: 304 when the visitor holds its ETag, gzip when the visitor takes it (compressed once; its
    strong ETag is the page's with ``-gz``, as the bytes differ)."""
    gzipped = "gzip" in request.headers.get("Accept-Encoding", "")
    out = {**headers, "Vary": "Accept-Encoding"}
    if gzipped:
        out["ETag"] = headers["ETag"][:-1] + '-gz"'
    if out["ETag"] in [e.strip() for e in request.headers.get("If-None-Match", "").split(",")]:
        return web.Response(status=304, headers=out)
    out["Content-Type"] = "text/html; charset=utf-8"
    if gzipped:
        return web.Response(body=page.gzipped, headers={**out, "Content-Encoding": "gzip"})
    return web.Response(body=page.body, headers=out)


def _lq(request: web.Request) -> str:
    """The ``?lang=`` to keep on links, if the visitor chose one."""
    lang = request.query.get("lang")
    return f"?lang={lang}" if lang in LANGS else ""


class NotFound(Exception):
    """The link leads nowhere (unknown, off, or not of this kind): a 404 page."""


def _fresh(request: web.Request, etag: str, max_age: int | None, *, shared: bool = True,
           immutable: bool = False) -> web.Response | None:
    """304 when the visitor holds ``etag`` already."""
    if etag in [e.strip() for e in request.headers.get("If-None-Match", "").split(",")]:
        return web.Response(status=304, headers=_cache_headers(etag, max_age, shared=shared, immutable=immutable))
    return None


def _cache_headers(etag: str, max_age: int | None, *, shared: bool = True, immutable: bool = False) -> dict[str, str]:
    """``shared``: a public league's page, which shared caches may keep; an unlisted one's only the visitor's own
    browser (``private``), so that no proxy still serves it once its league's pages are turned off."""
    if max_age:
        control = f"{'public' if shared else 'private'}, max-age={max_age}" + (", immutable" if immutable else "")
    else:
        control = "no-cache" if shared else "private, no-cache"
    return {"ETag": etag, "Cache-Control": control}


# ---------------------------------------------------------------------------------------------- handlers
async def home(request: web.Request) -> web.StreamResponse:
    site = request.app[SITE_KEY]
    lang = pick_lang(request)
    async with site.store.reading() as tx:
        leagues = await tx.public_leagues()
    play = ACCOUNT_LINK_KEY in request.app  # the sign-in is on: its link, or who is signed in
    visitor = await request.app[VISITOR_KEY](request) if play else None
    response = _page(request, "home.html", lang, leagues=[(slug, shown(name)) for slug, name in leagues],
                     lq=_lq(request), title=t("web.home.title", lang), play=play,
                     visitor_name=None if visitor is None else shown(visitor.name),
                     demo_link=request.app.get(DEMO_LINK_KEY))
    if play:  # the page depends on who asks
        response.headers.update({"Cache-Control": "private, no-cache", "Vary": "Cookie"})
    return response


async def healthz(request: web.Request) -> web.StreamResponse:
    return web.Response(text="ok\n", content_type="text/plain")


async def _link(site: Site, slug: str, kind: links.Kind) -> links.Link:
    """The link of ``slug`` if it is of ``kind`` and its pages are on; its ``mode`` is the one in force (a member's
    and a game's pages follow their league's)."""
    if not slug or len(slug) > 64:
        raise NotFound
    async with site.store.reading() as tx:
        link = await links.resolve(tx, slug)
        if link is None or link.kind != kind:
            raise NotFound
        mode = link.mode
        if kind == "member":
            mode = await links.mode_of(tx, "league", link.target_id)
        elif kind == "game":
            mode = await links.game_mode(tx, link.target_id)
    if mode == "off":
        raise NotFound
    return dataclasses.replace(link, mode=mode)


_NUMBER = re.compile(r"[0-9]{1,7}")  # ASCII digits only: str.isdigit() and int() accept '²' and '１' differently


def _number(raw: str) -> int:
    """A number of a URL (a page, a season, a step); anything else is a 404."""
    if _NUMBER.fullmatch(raw) is None:
        raise NotFound
    return int(raw)


def _page_number(request: web.Request, name: str) -> int:
    """A list's page asked for with ``?name=`` (1 without it); not a positive number: a 404."""
    number = _number(request.query.get(name, "1"))
    if not 1 <= number <= 1_000_000:
        raise NotFound
    return number


def _pager(request: web.Request, name: str, page: int, pages: int) -> dict[str, Any] | None:
    """The links of a paged list (``None`` when it fits on one page): to its first, previous, next and last page."""
    if pages <= 1:
        return None

    def to(n: int) -> str | None:
        if n == page or not 1 <= n <= pages:
            return None
        query = {k: v for k, v in request.query.items() if k in ("lang", "season", STANDINGS_PAGE, GAMES_PAGE)}
        query[name] = str(n)
        if n == 1:
            del query[name]
        return request.path + ("?" + urlencode(query) if query else "")

    return {"page": page, "pages": pages, "first": to(1), "previous": to(page - 1), "next": to(page + 1),
            "last": to(pages)}


async def league_page(request: web.Request) -> web.StreamResponse:
    lang = pick_lang(request)
    link = await _link(request.app[SITE_KEY], request.match_info["slug"], "league")
    return await _live_page(request, "l", link, lang, _league_html)


async def _league_html(request: web.Request, link: links.Link, lang: str) -> str:
    site = request.app[SITE_KEY]
    async with site.store.reading() as tx:
        league = await tx.league(link.target_id)
        if league is None:
            raise NotFound
        seasons = [s.season for s in await tx.league_seasons(league.league_id)] or [league.season]
    season = _number(request.query.get("season", str(league.season)))
    if season not in seasons:
        raise NotFound
    standings_page, games_page = _page_number(request, STANDINGS_PAGE), _page_number(request, GAMES_PAGE)
    table = await site.standings(league, season)
    all_lines = table.lines
    standing_pages = max(1, -(-len(all_lines) // STANDINGS_LISTED))
    if standings_page > standing_pages:
        raise NotFound
    shown_lines = all_lines[(standings_page - 1) * STANDINGS_LISTED: standings_page * STANDINGS_LISTED]
    async with site.store.reading() as tx:
        running = await tx.league_games(league.league_id, season, status="active")
        finished_count = await tx.count_league_games(league.league_id, season, "over")
        game_pages = max(1, -(-finished_count // GAMES_LISTED))
        if games_page > game_pages:
            raise NotFound
        finished = await tx.league_games(league.league_id, season, status="over", limit=GAMES_LISTED,
                                         offset=(games_page - 1) * GAMES_LISTED)
        rounds = await tx.league_rounds(league.league_id, season) if league.format == "rounds" else []
        rounds = rounds[-ROUNDS_LISTED:]
        pairings = await tx.round_tables(league.league_id, season, [r.round for r in rounds]) if rounds else []
        seated = await tx.table_members([g[0] for g in running + finished])
        users = ({ln.user_id for ln in shown_lines} | {u for u, _ in table.chart}
                 | {u for m in seated.values() for u in m} | {u for _, m, _ in pairings for u in m})
        names = await tx.user_names(users)
        member_slugs = await tx.web_slugs("member", [(league.league_id, ln.user_id) for ln in shown_lines])
        game_slugs = await tx.web_slugs("game", [
            (g, 0) for g in [g[0] for g in running + finished] + [g for _, _, g in pairings if g is not None]])

    def who(uid: int) -> str:
        return shown(member_name(uid, names, lang))

    outcomes = await site.outcomes(league.league_id, [g[0] for g in finished])

    def game_item(g: tuple[int, int | None, str, int]) -> dict[str, Any]:
        return {"slug": game_slugs.get((g[0], 0)), "status": g[2], "moves": g[3],
                "players": [who(u) for u in seated.get(g[0], ())],
                "result": [result_item(o, who(o.user_id)) for o in outcomes.get(g[0], [])]}

    lines = [{"rank": ln.rank, "name": who(ln.user_id), "slug": member_slugs.get((league.league_id, ln.user_id)),
              "rating": ln.rating, "provisional": ln.provisional, "points": _points(ln.points), "games": ln.games,
              "wins": ln.wins} for ln in shown_lines]
    chart = rating_chart([(who(u), points) for u, points in table.chart])
    round_items = []
    for rnd in rounds:
        round_items.append({
            "n": rnd.round, "deadline": rnd.deadline.date().isoformat(), "closed": rnd.closed_at is not None,
            "pairings": [{"players": [who(u) for u in members],
                          "slug": game_slugs.get((game_id, 0)) if game_id is not None else None}
                         for number, members, game_id in pairings if number == rnd.round]})
    html = _render(request, "league.html", lang, title=shown(league.name), league_name=shown(league.name),
                 ruleset=ruleset_label(league.ruleset, lang), season=season, seasons=sorted(seasons, reverse=True),
                 current=league.season, lines=lines, chart=chart, rounds=round_items,
                 members=len(all_lines),
                 standings_pager=_pager(request, STANDINGS_PAGE, standings_page, standing_pages),
                 games_pager=_pager(request, GAMES_PAGE, games_page, game_pages), finished_count=finished_count,
                 running=[game_item(g) for g in running], finished=[game_item(g) for g in finished], lq=_lq(request))
    return html


def result_item(outcome: Outcome, name: str) -> dict[str, Any]:
    """A player's line in a game's result: place, name, points, rating change (``None`` where there is none)."""
    return {"name": name, "place": outcome.place, "score": outcome.score, "rating": outcome.rating,
            "delta": outcome.delta}


PageBuilder = Callable[[web.Request, links.Link, str], Awaitable[str]]


async def _live_page(request: web.Request, kind: str, link: links.Link, lang: str,
                     build: PageBuilder) -> web.Response:
    """A league's or a player's page as built at most ``page_ttl`` seconds ago.  An older one is still served while
    one rebuild runs in the background (a crowd never waits for it, nor makes it twice); the link itself was
    checked for this request, so an off league is a 404 at once."""
    pages, ttl = request.app[PAGES_KEY], request.app[CONFIG_KEY].page_ttl
    key = _page_key(kind, link.slug, lang, request)
    kept = pages.get(key) if ttl > 0 else None
    if kept is None:
        kept = pages.put(key, await build(request, link, lang))
    elif pages.age(kept) >= ttl:
        pages.refresh(key, lambda: build(request, link, lang))
    return _send(request, kept, _cache_headers(kept.etag, None, shared=link.mode == "public"))


def _points(value: float) -> str:
    return f"{value:g}"


def rating_chart(series: Sequence[tuple[str, Sequence[int]]], width: int = 640, height: int = 240) -> dict[str, Any]:
    """A line chart as SVG coordinates (drawn server-side; no script): one polyline per member."""
    values = [v for _, points in series for v in points]
    if not values:
        return {"lines": [], "width": width, "height": height, "low": 0, "high": 0}
    low, high = min(values), max(values)
    span = max(1, high - low)
    pad = 24
    lines = []
    for i, (name, points) in enumerate(series):
        if not points:
            continue
        n = max(1, len(points) - 1)
        xs = [pad + (width - 2 * pad) * k / n for k in range(len(points))]
        ys = [height - pad - (height - 2 * pad) * (v - low) / span for v in points]
        coords = " ".join(f"{x:.1f},{y:.1f}" for x, y in zip(xs, ys, strict=True))
        lines.append({"name": name, "points": coords, "series": i % 5, "last": points[-1],
                      "x": f"{xs[-1]:.1f}", "y": f"{ys[-1]:.1f}"})
    return {"lines": lines, "width": width, "height": height, "low": low, "high": high}


async def player_page(request: web.Request) -> web.StreamResponse:
    lang = pick_lang(request)
    link = await _link(request.app[SITE_KEY], request.match_info["slug"], "member")
    return await _live_page(request, "p", link, lang, _player_html)


async def _player_html(request: web.Request, link: links.Link, lang: str) -> str:
    site = request.app[SITE_KEY]
    league_id, user_id = link.target_id, link.user_id
    league = await (await site.leagues(league_id)).league(league_id)
    now = site.clock()
    async with site.store.reading() as tx:
        history = await tx.league_rating_history(league_id, user_id)
        results = await tx.league_results_of_user(user_id, league_id)
        rating_row = (await tx.league_ratings(league_id, [user_id])).get(user_id)
        others = {u for r in results for u in r.members}
        names = await tx.user_names(others | {user_id})
        league_slug = await tx.web_slug("league", league_id)
        game_slugs = await tx.web_slugs("game", [(r.game_id, 0) for r in results if r.source == "game"])
        member_slugs = await tx.web_slugs("member", [(league_id, u) for u in others])
        steps = await tx.league_rating_steps(league_id, [r.game_id for r in results])

    def who(uid: int) -> str:
        return shown(member_name(uid, names, lang))

    policy = rating_policy(league)
    rating = (rating_of(rating_row) if rating_row is not None else Rating()).decayed(now, policy)
    heads: dict[int, list[int]] = {}
    rows = []
    for r in reversed(results):
        mine = r.places[r.members.index(user_id)]
        after, delta = rating_step(steps.get((r.game_id, user_id)))
        rows.append({"date": r.finished_at.date().isoformat(), "place": mine, "size": len(r.members),
                     "voided": r.status == "voided", "slug": game_slugs.get((r.game_id, 0)),
                     "opponents": [who(u) for u in r.members if u != user_id], "rating": after, "delta": delta})
        if r.status != "counted":
            continue
        for u, place in zip(r.members, r.places, strict=True):
            if u != user_id:
                score = heads.setdefault(u, [0, 0, 0])
                score[0 if mine < place else 1 if mine > place else 2] += 1
    order = sorted(heads, key=lambda u: (-sum(heads[u]), who(u)))
    head_rows = [{"name": who(u), "slug": member_slugs.get((league_id, u)), "won": heads[u][0], "lost": heads[u][1],
                  "tied": heads[u][2]} for u in order]
    points = [Rating(h.mu, h.sigma).display for h in history]
    rel = await site.reliability(user_id)
    html = _render(request, "player.html", lang, title=who(user_id), name=who(user_id), league_name=shown(league.name),
                 league_slug=league_slug, rating=rating.display, provisional=rating.provisional(policy),
                 chart=rating_chart([(who(user_id), points)]), results=rows, heads=head_rows,
                 form=[r for r in rows if not r["voided"]][:FORM_GAMES],
                 finished=rel.finished, timed_out=rel.timed_out, abandoned=rel.abandoned, days=RELIABILITY_DAYS,
                 lq=_lq(request))
    return html


async def _game(site: Site, request: web.Request) -> tuple[links.Link, WebGame, Replay]:
    link, game, replay = await _game_or_lobby(site, request)
    if replay is None:
        raise NotFound
    return link, game, replay


async def _game_or_lobby(site: Site, request: web.Request) -> tuple[links.Link, WebGame, Replay | None]:
    link = await _link(site, request.match_info["slug"], "game")
    game = await site.game(link.target_id)
    if game is None:
        raise NotFound
    return link, game, site.light(game) or await _replay(site, request, game)


async def _replay(site: Site, request: web.Request, game: WebGame) -> Replay | None:
    """The game's whole replay (views and events), charged to the visitor when the game must be replayed."""
    if not site.has_replay(game):
        _charge(request, REPLAY_COST - 1)
    return await site.replay(game)


async def _whole(site: Site, request: web.Request, game: WebGame, replay: Replay) -> Replay:
    """``replay`` with its views: itself, or the whole replay when only its light copy (steps and ETags) was kept;
    404 when the game moved on in between."""
    if replay.views:
        return replay
    whole = await _replay(site, request, game)
    if whole is None or whole.version != replay.version:
        raise NotFound
    return whole


async def _step_source(site: Site, request: web.Request, game: WebGame, replay: Replay, step: int,
                       lang: str) -> tuple[TableView, list[str]]:
    """What step ``step``'s image and its alt text are made of: the spectator's view and the seats' names."""
    whole = await _whole(site, request, game, replay)
    async with site.store.reading() as tx:
        seat_names = await tx.seat_names(game.game_id)
    return whole.views[step], [shown(n) for n in names_by_seat(game, seat_names, lang)]


def game_title(names: Sequence[str], lang: str) -> str:
    """A game's title: its players (never its id, which would tell how many games the bot has hosted)."""
    return t("web.game.title", lang, players=", ".join(names))


def _step(request: web.Request, replay: Replay) -> int:
    raw = request.match_info.get("step") or request.query.get("step")
    if raw is None:
        return replay.steps
    step = _number(raw)
    if not 0 <= step <= replay.steps:
        raise NotFound
    return step


async def game_page(request: web.Request) -> web.StreamResponse:
    site = request.app[SITE_KEY]
    lang = pick_lang(request)
    link, game, replay = await _game_or_lobby(site, request)
    slug, shared = link.slug, link.mode == "public"
    lq = _lq(request)
    if replay is None:  # a lobby (or a game that never started): who joined so far
        async with site.store.reading() as tx:
            seat_names = await tx.seat_names(game.game_id)
        joined = [shown(member_name(p.user_id, seat_names, lang)) for p in game.players]
        response = _page(request, "lobby.html", lang, title=game_title(joined, lang),
                         ruleset=ruleset_label(game.ruleset, lang), status=game.status, joined=joined, lq=lq)
        response.headers["Cache-Control"] = "no-cache" if shared else "private, no-cache"
        return response
    step = _step(request, replay)
    over = game.over
    etag = '"p-' + replay.etag(step, lang).strip('"') + ('-q"' if lq else '"')  # the links keep ?lang= or not
    headers = _cache_headers(etag, FINISHED_MAX_AGE if over else None, shared=shared)
    # what the page is made of: the step, every move (the story), the status and who is to play
    key = (*_page_key("g", slug, lang, request), step, replay.marks[-1], game.status, game.version, game.takebacks)
    if (kept := request.app[PAGES_KEY].get(key)) is not None:
        return _send(request, kept, headers)
    replay = await _whole(site, request, game, replay)
    async with site.store.reading() as tx:
        seat_names = await tx.seat_names(game.game_id)
        league_id = await links.league_of_game(tx, game.game_id)
        league_slug = await tx.web_slug("league", league_id) if league_id is not None else None
    names = [shown(n) for n in names_by_seat(game, seat_names, lang)]
    moves = story(replay, names, lang)
    changes = {o.user_id: o for o in (await site.outcomes(league_id, [game.game_id])).get(game.game_id, [])} \
        if over else {}
    players = sorted((p for p in game.players if p.seat is not None),  # finished: the winner first
                     key=lambda p: (p.place is None, p.place or 0, p.seat or 0) if over else (False, 0, p.seat or 0))
    view = replay.views[step]
    sep = "&" if lq else "?"
    html = _render(
        request, "game.html", lang, title=game_title(names, lang),
        ruleset=ruleset_label(game.ruleset, lang), status=game.status, over=over, step=step, steps=replay.steps,
        players=[{"name": names[p.seat or 0], "score": p.final_score, "place": p.place, "status": p.status,
                  "rating": (o := changes.get(p.user_id)) and o.rating, "delta": o and o.delta} for p in players],
        moves=moves, slug=slug, lq=lq, sep=sep, league_slug=league_slug, to_act=view.to_act,
        alt=step_alt(view, names, lang, step),
        to_act_name=names[view.to_act] if view.to_act is not None and view.to_act < len(names) else None,
        poll=0 if over else request.app[CONFIG_KEY].poll_seconds, version=game.version)
    return _send(request, request.app[PAGES_KEY].put(key, html), headers)


def step_alt(view: TableView, names: Sequence[str], lang: str, step: int) -> str:
    """The step image's alt text: the move it follows, whose turn, the scores and the table (a spectator's view,
    as the image: never a hidden card)."""
    return alt_text(view, names, lang, title=t("web.replay.alt", lang, step=step))


async def step_text(request: web.Request) -> web.StreamResponse:
    """``/g/{slug}/{K}.txt``: the alt text of step ``K``'s image (the replay's script sets it when it steps)."""
    site = request.app[SITE_KEY]
    lang = pick_lang(request)
    link, game, replay = await _game(site, request)
    shared = link.mode == "public"  # unlisted: no shared cache keeps it (as the image)
    step = _step(request, replay)
    etag = '"t-' + replay.etag(step, lang).strip('"') + '"'
    done = game.over or step < replay.steps
    max_age = IMAGE_MAX_AGE if done else None
    if (fresh := _fresh(request, etag, max_age, shared=shared, immutable=done)) is not None:
        return fresh
    view, names = await _step_source(site, request, game, replay, step, lang)
    return web.Response(text=step_alt(view, names, lang, step), content_type="text/plain",
                        charset="utf-8", headers=_cache_headers(etag, max_age, shared=shared, immutable=done))


async def step_image(request: web.Request) -> web.StreamResponse:
    site = request.app[SITE_KEY]
    lang = pick_lang(request)
    link, game, replay = await _game(site, request)
    shared = link.mode == "public"
    step = _step(request, replay)
    etag = replay.etag(step, lang)
    done = game.over or step < replay.steps
    max_age = IMAGE_MAX_AGE if done else None
    if (fresh := _fresh(request, etag, max_age, shared=shared, immutable=done)) is not None:
        return fresh

    async def source() -> tuple[TableView, Sequence[str]]:  # to draw it
        return await _step_source(site, request, game, replay, step, lang)

    if not site.has_png(replay, step, lang):
        _charge(request, IMAGE_COST - 1)
    data = await site.step_png(replay, step, lang, source)
    return web.Response(body=data, content_type="image/png",
                        headers=_cache_headers(etag, max_age, shared=shared, immutable=done))


async def live(request: web.Request) -> web.StreamResponse:
    """A running game's version (what its page polls): tiny, with an ETag, 304 while nothing moved."""
    site = request.app[SITE_KEY]
    slug = request.match_info["slug"]
    link = await _link(site, slug, "game")
    game = await site.game(link.target_id)
    if game is None:
        raise NotFound
    etag = f'"v{game.version}-{game.takebacks}-{game.status}"'
    shared = link.mode == "public"
    if (fresh := _fresh(request, etag, None, shared=shared)) is not None:
        return fresh
    body = json.dumps({"version": game.version, "status": game.status})
    return web.Response(text=body, content_type="application/json",
                        headers=_cache_headers(etag, None, shared=shared))


# ---------------------------------------------------------------------------------------------- middlewares
def _client(request: web.Request, trust_forwarded: bool) -> str:
    if trust_forwarded:
        forwarded = [a.strip() for a in request.headers.get("X-Forwarded-For", "").split(",") if a.strip()]
        if forwarded:
            return forwarded[-1]
    return request.remote or "?"


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def _error_page(request: web.Request, status: int) -> web.Response:
    lang = pick_lang(request)
    key = {403: "forbidden", 404: "not_found", 405: "not_allowed", 429: "too_many"}.get(
        status, "failed" if status >= 500 else "not_found")  # "failed": it was logged
    return _page(request, "error.html", lang, http_status=status, title=t(f"web.error.{key}.title", lang),
                 message=t(f"web.error.{key}.text", lang), lq=_lq(request))


def make_app(site: Site, config: WebConfig | None = None) -> web.Application:
    """The site's application over ``site`` (a :class:`bot.web.site.Site` on the bot's store); the playing
    routes are added by :func:`bot.web.play.make_playing_app` (which imports this module)."""
    config = config or WebConfig()
    limiter = RateLimiter(config.rate, config.burst)

    @web.middleware
    async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
        response: web.StreamResponse
        try:
            wait = 0.0 if request.path == "/healthz" else limiter.take(_client(request, config.trust_forwarded))
            if wait > 0:
                response = _error_page(request, 429)
                response.headers["Retry-After"] = str(limiter.retry_after(wait))
            else:
                response = await handler(request)
        except NotFound:
            response = _error_page(request, 404)
        except TooMany as exc:
            response = _error_page(request, 429)
            response.headers["Retry-After"] = str(limiter.retry_after(exc.wait))
        except web.HTTPException as exc:
            if exc.status < 400:
                raise
            response = _error_page(request, exc.status)
            if exc.status == 405:  # what the route takes (a sign-out: POST)
                allowed = exc.allowed_methods if isinstance(exc, web.HTTPMethodNotAllowed) else {"GET", "HEAD"}
                response.headers["Allow"] = ", ".join(sorted(allowed))
        except Exception:
            log.exception("web page %s failed", request.path)
            response = _error_page(request, 500)
        own_policy = response.headers.get("Content-Security-Policy")  # a route's own (:func:`csp`), if it set one
        response.headers.update(SECURITY_HEADERS)
        if own_policy is not None:
            response.headers["Content-Security-Policy"] = own_policy
            if "frame-ancestors 'none'" not in own_policy:  # a page Discord's clients frame (the Activity's)
                del response.headers["X-Frame-Options"]
        return response

    for code in LANGS:  # the plural rules load on first use (Babel: a fifth of a second): not on a visitor's time
        plural_rule(code)
    app = web.Application(middlewares=[guard])
    app[SITE_KEY] = site
    app[CONFIG_KEY] = config
    app[LIMITER_KEY] = limiter
    app[PAGES_KEY] = PageCache()
    app.router.add_get("/", home)
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/l/{slug}", league_page)
    app.router.add_get("/p/{slug}", player_page)
    app.router.add_get("/g/{slug}", game_page)
    app.router.add_get("/g/{slug}/live.json", live)
    app.router.add_get("/g/{slug}/{step:[0-9]+}.png", step_image)
    app.router.add_get("/g/{slug}/{step:[0-9]+}.txt", step_text)
    app.router.add_get("/robots.txt", robots)
    app.router.add_get("/static/{name}", static)
    for extend in config.extensions:
        extend(app)
    return app


async def robots(request: web.Request) -> web.StreamResponse:
    """Crawlers are asked to stay out: every page is reached through a secret link (and says ``noindex``)."""
    return web.Response(text=ROBOTS_TXT, content_type="text/plain", headers={"Cache-Control": "public, max-age=86400"})


@dataclass(frozen=True, slots=True)
class StaticFile:
    body: bytes
    content_type: str
    etag: str


STATIC_TYPES = {".css": "text/css", ".js": "text/javascript", ".svg": "image/svg+xml"}
STATIC_MAX_AGE = 3600


def _static_files() -> dict[str, StaticFile]:
    """The site's few static files, read once (an asked name is looked up here: nothing else of the disk is
    reachable, so a traversal attempt is the same localized 404 as any unknown name)."""
    from importlib import resources

    files = {}
    for entry in (resources.files("bot.web") / "static").iterdir():
        kind = STATIC_TYPES.get("." + entry.name.rsplit(".", 1)[-1])
        if kind is not None and entry.is_file():
            body = entry.read_bytes()
            files[entry.name] = StaticFile(body, kind, '"' + hashlib.sha256(body).hexdigest()[:24] + '"')
    return files


_STATIC = _static_files()


async def static(request: web.Request) -> web.StreamResponse:
    found = _STATIC.get(request.match_info["name"])
    if found is None:
        raise NotFound
    if (fresh := _fresh(request, found.etag, STATIC_MAX_AGE)) is not None:
        return fresh
    return web.Response(body=found.body, headers={"Content-Type": found.content_type,
                                                  **_cache_headers(found.etag, STATIC_MAX_AGE)})


__all__ = ["ACCOUNT_LINK_KEY", "DEFAULT_BURST", "DEFAULT_RATE", "DEMO_LINK_KEY", "SECURITY_HEADERS", "WebConfig", "csp",
           "make_app", "pick_lang", "rating_chart"]
