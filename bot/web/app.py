"""The aiohttp application: routes, headers, languages, rate limit, errors (see :mod:`bot.web` for the routes)."""

from __future__ import annotations

import json
import logging
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
from bot.web.ratelimit import RateLimiter
from bot.web.site import Replay, Site, WebGame, member_name, names_by_seat, story
from engine import TableView

log = logging.getLogger(__name__)

#: The headers of every answer.  Slugs are secrets: no Referer leaves the site.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self'; script-src 'self'; style-src 'self'; "
                               "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}
NAME_MAX = 80  # characters of a display name shown (names are hostile input: a 2,000-character name is cut)
FINISHED_MAX_AGE = 300  # seconds a finished game's page may be kept; its step images an hour
IMAGE_MAX_AGE = 3600
STANDINGS_LISTED = 100  # standings lines on a league page; the others on its next pages (?page=)
GAMES_LISTED = 50  # finished games on a league page, newest first; older ones on its next pages (?games=)
STANDINGS_PAGE, GAMES_PAGE = "page", "games"
ROUNDS_LISTED = 3  # a rounds league's latest rounds with their pairings (their games are also in the games lists)


DEFAULT_RATE = 20.0
DEFAULT_BURST = 120


@dataclass(frozen=True, slots=True)
class WebConfig:
    rate: float = DEFAULT_RATE  # requests a second per client address, on average (0: no limit)
    burst: int = DEFAULT_BURST  # at once
    trust_forwarded: bool = False  # behind a reverse proxy: the client is the last X-Forwarded-For address
    poll_seconds: int = 5  # how often a running game's page asks whether a move was made


SITE_KEY: web.AppKey[Site] = web.AppKey("site", Site)
CONFIG_KEY: web.AppKey[WebConfig] = web.AppKey("web_config", WebConfig)


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
    return clip(" ".join(name.split()), NAME_MAX)


def _page(request: web.Request, template: str, lang: str, http_status: int = 200, **context: Any) -> web.Response:
    def tr(key: str, **params: Any) -> str:
        return t(key, lang, **params)

    def here(**query: Any) -> str:
        params = {k: v for k, v in {**request.query, **query}.items() if v is not None}
        return request.path + ("?" + "&".join(f"{k}={v}" for k, v in params.items()) if params else "")

    html = _env.get_template(template).render(
        lang=lang, t=tr, langs=[(code, t("web.lang_name", code)) for code in LANGS], here=here,
        query_lang=request.query.get("lang") if request.query.get("lang") in LANGS else None, **context)
    return web.Response(text=html, status=http_status, content_type="text/html", charset="utf-8")


def _lq(request: web.Request) -> str:
    """The ``?lang=`` to keep on links, if the visitor chose one."""
    lang = request.query.get("lang")
    return f"?lang={lang}" if lang in LANGS else ""


class NotFound(Exception):
    """The link leads nowhere (unknown, off, or not of this kind): a 404 page."""


def _fresh(request: web.Request, etag: str, max_age: int | None) -> web.Response | None:
    """304 when the visitor holds ``etag`` already."""
    if etag in [e.strip() for e in request.headers.get("If-None-Match", "").split(",")]:
        return web.Response(status=304, headers=_cache_headers(etag, max_age))
    return None


def _cache_headers(etag: str, max_age: int | None) -> dict[str, str]:
    control = f"public, max-age={max_age}" if max_age else "no-cache"
    return {"ETag": etag, "Cache-Control": control}


# ---------------------------------------------------------------------------------------------- handlers
async def home(request: web.Request) -> web.StreamResponse:
    site = request.app[SITE_KEY]
    lang = pick_lang(request)
    async with site.store.reading() as tx:
        leagues = await tx.public_leagues()
    return _page(request, "home.html", lang, leagues=[(slug, shown(name)) for slug, name in leagues],
                 lq=_lq(request), title=t("web.home.title", lang))


async def healthz(request: web.Request) -> web.StreamResponse:
    return web.Response(text="ok\n", content_type="text/plain")


async def _link(site: Site, slug: str, kind: links.Kind) -> links.Link:
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
    return link


def _page_number(request: web.Request, name: str) -> int:
    """A list's page asked for with ``?name=`` (1 without it); not a positive number: a 404."""
    raw = request.query.get(name, "1")
    if not raw.isdigit() or not 1 <= int(raw) <= 1_000_000:
        raise NotFound
    return int(raw)


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
    site = request.app[SITE_KEY]
    lang = pick_lang(request)
    link = await _link(site, request.match_info["slug"], "league")
    async with site.store.reading() as tx:
        league = await tx.league(link.target_id)
        if league is None:
            raise NotFound
        seasons = [s.season for s in await tx.league_seasons(league.league_id)] or [league.season]
    try:
        season = int(request.query.get("season", league.season))
    except ValueError:
        raise NotFound from None
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

    def game_item(g: tuple[int, int | None, str, int]) -> dict[str, Any]:
        return {"slug": game_slugs.get((g[0], 0)), "id": g[0], "status": g[2], "moves": g[3],
                "players": [who(u) for u in seated.get(g[0], ())]}

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
    return _page(request, "league.html", lang, title=shown(league.name), league_name=shown(league.name),
                 ruleset=ruleset_label(league.ruleset, lang), season=season, seasons=sorted(seasons, reverse=True),
                 current=league.season, lines=lines, chart=chart, rounds=round_items,
                 members=len(all_lines),
                 standings_pager=_pager(request, STANDINGS_PAGE, standings_page, standing_pages),
                 games_pager=_pager(request, GAMES_PAGE, games_page, game_pages), finished_count=finished_count,
                 running=[game_item(g) for g in running], finished=[game_item(g) for g in finished], lq=_lq(request))


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
    site = request.app[SITE_KEY]
    lang = pick_lang(request)
    link = await _link(site, request.match_info["slug"], "member")
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

    def who(uid: int) -> str:
        return shown(member_name(uid, names, lang))

    policy = rating_policy(league)
    rating = (rating_of(rating_row) if rating_row is not None else Rating()).decayed(now, policy)
    heads: dict[int, list[int]] = {}
    rows = []
    for r in reversed(results):
        mine = r.places[r.members.index(user_id)]
        rows.append({"date": r.finished_at.date().isoformat(), "place": mine, "size": len(r.members),
                     "voided": r.status == "voided", "slug": game_slugs.get((r.game_id, 0)),
                     "opponents": [who(u) for u in r.members if u != user_id]})
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
    return _page(request, "player.html", lang, title=who(user_id), name=who(user_id), league_name=shown(league.name),
                 league_slug=league_slug, rating=rating.display, provisional=rating.provisional(policy),
                 chart=rating_chart([(who(user_id), points)]), results=rows, heads=head_rows,
                 finished=rel.finished, timed_out=rel.timed_out, abandoned=rel.abandoned, days=RELIABILITY_DAYS,
                 lq=_lq(request))


async def _game(site: Site, request: web.Request) -> tuple[str, WebGame, Replay]:
    slug, game, replay = await _game_or_lobby(site, request)
    if replay is None:
        raise NotFound
    return slug, game, replay


async def _game_or_lobby(site: Site, request: web.Request) -> tuple[str, WebGame, Replay | None]:
    slug = request.match_info["slug"]
    link = await _link(site, slug, "game")
    game = await site.game(link.target_id)
    if game is None:
        raise NotFound
    return slug, game, await site.replay(game)


def _step(request: web.Request, replay: Replay) -> int:
    raw = request.match_info.get("step") or request.query.get("step")
    if raw is None:
        return replay.steps
    try:
        step = int(raw)
    except ValueError:
        raise NotFound from None
    if not 0 <= step <= replay.steps:
        raise NotFound
    return step


async def game_page(request: web.Request) -> web.StreamResponse:
    site = request.app[SITE_KEY]
    lang = pick_lang(request)
    slug, game, replay = await _game_or_lobby(site, request)
    lq = _lq(request)
    if replay is None:  # a lobby (or a game that never started): who joined so far
        async with site.store.reading() as tx:
            seat_names = await tx.seat_names(game.game_id)
        joined = [shown(member_name(p.user_id, seat_names, lang)) for p in game.players]
        response = _page(request, "lobby.html", lang, title=t("web.game.title", lang, n=game.game_id),
                         ruleset=ruleset_label(game.ruleset, lang), status=game.status, joined=joined, lq=lq)
        response.headers["Cache-Control"] = "no-cache"
        return response
    step = _step(request, replay)
    over = game.over
    etag = '"p-' + replay.etag(step, lang).strip('"') + ('-q"' if lq else '"')  # the links keep ?lang= or not
    if over and (fresh := _fresh(request, etag, FINISHED_MAX_AGE)) is not None:
        return fresh
    async with site.store.reading() as tx:
        seat_names = await tx.seat_names(game.game_id)
        league_id = await links.league_of_game(tx, game.game_id)
        league_slug = await tx.web_slug("league", league_id) if league_id is not None else None
    names = [shown(n) for n in names_by_seat(game, seat_names, lang)]
    moves = story(replay, names, lang)
    players = sorted((p for p in game.players if p.seat is not None), key=lambda p: p.seat or 0)
    view = replay.views[step]
    sep = "&" if lq else "?"
    response = _page(
        request, "game.html", lang, title=t("web.game.title", lang, n=game.game_id), game_id=game.game_id,
        ruleset=ruleset_label(game.ruleset, lang), status=game.status, over=over, step=step, steps=replay.steps,
        players=[{"name": names[p.seat or 0], "score": p.final_score, "place": p.place, "status": p.status}
                 for p in players],
        moves=moves, slug=slug, lq=lq, sep=sep, league_slug=league_slug, to_act=view.to_act,
        alt=step_alt(view, names, lang, step),
        to_act_name=names[view.to_act] if view.to_act is not None and view.to_act < len(names) else None,
        poll=0 if over else request.app[CONFIG_KEY].poll_seconds, version=game.version)
    response.headers.update(_cache_headers(etag, FINISHED_MAX_AGE) if over else {"Cache-Control": "no-cache"})
    return response


def step_alt(view: TableView, names: Sequence[str], lang: str, step: int) -> str:
    """The step image's alt text: the move it follows, whose turn, the scores and the table (a spectator's view,
    as the image: never a hidden card)."""
    return alt_text(view, names, lang, title=t("web.replay.alt", lang, step=step))


async def step_text(request: web.Request) -> web.StreamResponse:
    """``/g/{slug}/{K}.txt``: the alt text of step ``K``'s image (the replay's script sets it when it steps)."""
    site = request.app[SITE_KEY]
    lang = pick_lang(request)
    _, game, replay = await _game(site, request)
    step = _step(request, replay)
    etag = '"t-' + replay.etag(step, lang).strip('"') + '"'
    max_age = IMAGE_MAX_AGE if game.over or step < replay.steps else None
    if (fresh := _fresh(request, etag, max_age)) is not None:
        return fresh
    async with site.store.reading() as tx:
        seat_names = await tx.seat_names(game.game_id)
    names = [shown(n) for n in names_by_seat(game, seat_names, lang)]
    return web.Response(text=step_alt(replay.views[step], names, lang, step), content_type="text/plain",
                        charset="utf-8", headers=_cache_headers(etag, max_age))


async def step_image(request: web.Request) -> web.StreamResponse:
    site = request.app[SITE_KEY]
    lang = pick_lang(request)
    _, game, replay = await _game(site, request)
    step = _step(request, replay)
    etag = replay.etag(step, lang)
    done = game.over or step < replay.steps
    max_age = IMAGE_MAX_AGE if done else None
    if (fresh := _fresh(request, etag, max_age)) is not None:
        return fresh
    async with site.store.reading() as tx:
        seat_names = await tx.seat_names(game.game_id)
    names = [shown(n) for n in names_by_seat(game, seat_names, lang)]
    data = await site.step_png(replay, step, names, lang)
    return web.Response(body=data, content_type="image/png", headers=_cache_headers(etag, max_age))


async def live(request: web.Request) -> web.StreamResponse:
    """A running game's version (what its page polls): tiny, with an ETag, 304 while nothing moved."""
    site = request.app[SITE_KEY]
    slug = request.match_info["slug"]
    link = await _link(site, slug, "game")
    game = await site.game(link.target_id)
    if game is None:
        raise NotFound
    etag = f'"v{game.version}-{game.takebacks}-{game.status}"'
    if (fresh := _fresh(request, etag, None)) is not None:
        return fresh
    body = json.dumps({"version": game.version, "status": game.status})
    return web.Response(text=body, content_type="application/json", headers=_cache_headers(etag, None))


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
    key = {404: "not_found", 405: "not_allowed", 429: "too_many"}.get(status, "failed")
    return _page(request, "error.html", lang, http_status=status, title=t(f"web.error.{key}.title", lang),
                 message=t(f"web.error.{key}.text", lang), lq=_lq(request))


def make_app(site: Site, config: WebConfig | None = None) -> web.Application:
    """The site's application over ``site`` (a :class:`bot.web.site.Site` on the bot's store)."""
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
        except web.HTTPException as exc:
            if exc.status < 400:
                raise
            response = _error_page(request, exc.status)
            if exc.status == 405:
                response.headers["Allow"] = "GET, HEAD"
        except Exception:
            log.exception("web page %s failed", request.path)
            response = _error_page(request, 500)
        response.headers.update(SECURITY_HEADERS)
        return response

    for code in LANGS:  # the plural rules load on first use (Babel: a fifth of a second): not on a visitor's time
        plural_rule(code)
    app = web.Application(middlewares=[guard])
    app[SITE_KEY] = site
    app[CONFIG_KEY] = config
    app.router.add_get("/", home)
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/l/{slug}", league_page)
    app.router.add_get("/p/{slug}", player_page)
    app.router.add_get("/g/{slug}", game_page)
    app.router.add_get("/g/{slug}/live.json", live)
    app.router.add_get("/g/{slug}/{step:[0-9]+}.png", step_image)
    app.router.add_get("/g/{slug}/{step:[0-9]+}.txt", step_text)
    app.router.add_static("/static", _static_dir(), show_index=False, follow_symlinks=False)
    return app


def _static_dir() -> str:
    from importlib import resources

    return str(resources.files("bot.web") / "static")


__all__ = ["DEFAULT_BURST", "DEFAULT_RATE", "SECURITY_HEADERS", "WebConfig", "make_app", "pick_lang", "rating_chart"]
