"""The web pages (bot/web) served by aiohttp's test server over a real SQLite file (and PostgreSQL once).

The league is the demo's (computer players' games played by the engine through the game service), small."""

from __future__ import annotations

import json
import logging
import random
import re
import sqlite3
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer
from markupsafe import escape

import engine
from bot.service import GameService
from bot.store import GameStore, StoreReader
from bot.web import SECURITY_HEADERS, Site, WebConfig, links, make_app
from bot.web.app import pick_lang
from bot.web.demo import DEMO_GUILD, DEMO_LEAGUE, DEMO_ROUNDS, ensure_demo, fill, play
from bot.web.site import build_replay, spectator_view
from engine import GameConfig, TableView
from engine.rng import Rng
from tests.hidden import hidden_from, leaks_in_text


def service(store: GameStore) -> GameService:
    return GameService(store, lambda: datetime.now(UTC))


HOSTILE = (
    '<script>alert(1)</script>',
    'javascript:alert(1)',
    '"><img src=x onerror=alert(1)>',
    "x" * 2000,
    "\u202eevil\u200b\u200dname",
    "{{ 7 * 7 }}",
)


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[GameStore]:
    store = await ensure_demo(tmp_path / "demo.sqlite3", finished=2, running=1, members=4)
    yield store
    await store.close()


async def client_for(store: GameStore, config: WebConfig | None = None) -> TestClient[Any, Any]:
    # pages built anew for each request (a test changes the database between two requests; caching has its own)
    client = TestClient(TestServer(make_app(Site(store), config or WebConfig(rate=0, page_ttl=0))))
    await client.start_server()
    return client


@pytest.fixture
async def client(store: GameStore) -> AsyncIterator[TestClient[Any, Any]]:
    client = await client_for(store)
    yield client
    await client.close()


async def get(client: TestClient[Any, Any], path: str, status: int = 200, **kw: Any) -> str:
    response = await client.get(path, **kw)
    text = await response.text()
    assert response.status == status, f"{path}: {response.status} {text[:500]}"
    return text


def hrefs(html: str, prefix: str) -> list[str]:
    return re.findall(rf'href="({prefix}[^"]+)"', html)


async def league_slug(store: GameStore) -> str:
    async with store.reading() as tx:
        league = await tx.league_by_name(DEMO_GUILD, DEMO_LEAGUE)
        assert league is not None
        slug = await links.slug_of_existing(tx, "league", league.league_id)
    assert slug is not None
    return slug


async def test_the_demo_league_is_listed_and_its_links_lead_to_players_games_and_steps(
        client: TestClient[Any, Any]) -> None:
    home = await get(client, "/")
    assert DEMO_LEAGUE in home and 'data-testid="league-link"' in home
    league = await get(client, hrefs(home, "/l/")[0])
    assert 'id="standings"' in league and 'data-testid="player-link"' in league
    assert "Ada" in league and "Games in progress" in league
    players = hrefs(league, "/p/")
    games = hrefs(league, "/g/")
    assert len(players) == 4 and len(games) == 3  # 2 finished, 1 running
    player = await get(client, players[0])
    assert 'data-testid="reliability"' in player and "Rating" in player
    game = await get(client, games[-1])  # the oldest: finished
    for hook in ("replay-prev", "replay-next", "replay-image", "replay-counter"):
        assert f'data-testid="{hook}"' in game
    steps = re.findall(r'href="(/g/[^"]+\?step=\d+)"', game)
    assert steps
    page = await get(client, steps[0])
    image = re.search(r'src="(/g/[^"]+\.png)"', page)
    assert image is not None
    response = await client.get(image.group(1))
    assert response.status == 200 and response.content_type == "image/png"
    assert (await response.read()).startswith(b"\x89PNG")
    assert (await get(client, "/healthz")).strip() == "ok"


async def test_a_rounds_league_shows_its_rounds_and_pairings(client: TestClient[Any, Any]) -> None:
    home = await get(client, "/")
    assert DEMO_ROUNDS in home
    page = await get(client, hrefs(home, "/l/")[1])
    rounds = [r.split("</section>")[0] for r in page.split('data-testid="round"')[1:]]
    assert len(rounds) == 2 and "Round 1" in rounds[0] and "closed" in rounds[0] and "until" in rounds[1]
    assert all(hrefs(r, "/g/") for r in rounds)  # every pairing links to its game
    for game in hrefs(rounds[1], "/g/"):
        assert "in progress" in await get(client, game)


async def test_the_story_is_the_log_a_spectator_reads(store: GameStore, client: TestClient[Any, Any]) -> None:
    from bot.text import log_lines

    games = service(store)
    league = await get(client, f"/l/{await league_slug(store)}")
    game_path = hrefs(league, "/g/")[-1]
    async with store.reading() as tx:
        link = await links.resolve(tx, game_path.split("/")[2])
    assert link is not None
    state = await games.state(link.target_id)
    info = await games.game(link.target_id)
    assert state is not None
    async with store.reading() as tx:
        seat_names = await tx.seat_names(info.game_id)
    from bot.web.site import names_by_seat

    web_game = await Site(store).game(info.game_id)
    assert web_game is not None
    names = names_by_seat(web_game, seat_names, "en")
    page = await get(client, game_path)
    for line in log_lines(state, None, names, "en"):
        assert _escape(line) in page


def _escape(text: str) -> str:
    from markupsafe import escape

    return str(escape(text))


async def test_every_answer_has_the_security_headers_and_no_inline_script_or_style(
        client: TestClient[Any, Any], store: GameStore) -> None:
    csp = SECURITY_HEADERS["Content-Security-Policy"]
    assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp
    league = await get(client, f"/l/{await league_slug(store)}")
    paths = ["/", "/healthz", "/nowhere", "/static/site.css", "/static/replay.js", f"/l/{await league_slug(store)}",
             hrefs(league, "/p/")[0], hrefs(league, "/g/")[0], hrefs(league, "/g/")[0] + "/0.png"]
    for path in paths:
        response = await client.get(path)
        for name, value in SECURITY_HEADERS.items():
            assert response.headers.get(name) == value, (path, name)
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"] == "no-referrer"
        if response.content_type == "text/html":
            html = await response.text()
            assert "style=" not in html, path
            assert all('src="' in tag for tag in re.findall(r"<script[^>]*>", html)), path
            assert not re.search(r"<script[^>]*>[^<]+</script>", html), path
            assert " on" not in re.sub(r'"[^"]*"', "", " ".join(re.findall(r"<[^>]+>", html))), path


async def test_a_bad_link_is_a_404_page_in_the_visitors_language(
        client: TestClient[Any, Any], store: GameStore) -> None:
    assert "Page not found" in await get(client, "/g/nope", 404)
    assert "Página no encontrada" in await get(client, "/l/nope", 404, headers={"Accept-Language": "es-ES,es;q=0.9"})
    assert "Página não encontrada" in await get(client, "/p/nope?lang=pt", 404)
    league = await get(client, f"/l/{await league_slug(store)}")
    game = hrefs(league, "/g/")[0]
    player = hrefs(league, "/p/")[0]
    await get(client, game + "?step=100000", 404)
    await get(client, game + "?step=-1", 404)
    await get(client, game + "?step=x", 404)
    await get(client, game + "/100000.png", 404)
    await get(client, f"/l/{await league_slug(store)}?season=9", 404)
    await get(client, "/p/" + game.split("/")[2], 404)  # a game's slug is no player's
    await get(client, "/g/" + player.split("/")[2], 404)
    await get(client, "/g/" + "x" * 5000, 404)
    response = await client.post("/")
    assert response.status == 405 and response.headers["Allow"] == "GET, HEAD"
    assert "Traceback" not in await response.text()
    head = await client.head(game)
    assert head.status == 200


async def test_a_failure_is_a_500_page_logged_never_a_traceback(
        client: TestClient[Any, Any], monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    async def broken(tx: object) -> list[tuple[str, str]]:
        raise RuntimeError("the database went away")

    monkeypatch.setattr(StoreReader, "public_leagues", broken)
    with caplog.at_level(logging.ERROR, logger="bot.web.app"):
        page = await get(client, "/?lang=es", 500)
    assert "Algo salió mal" in page and "Traceback" not in page and "went away" not in page
    assert any("went away" in (r.exc_text or "") or r.exc_info for r in caplog.records)


def test_the_language_comes_from_the_query_then_accept_language() -> None:
    from aiohttp.test_utils import make_mocked_request

    def lang(path: str, accept: str = "") -> str:
        return pick_lang(make_mocked_request("GET", path, headers={"Accept-Language": accept} if accept else {}))

    assert lang("/") == "en"
    assert lang("/", "pt-BR,pt;q=0.9,en;q=0.8") == "pt"
    assert lang("/", "fr-FR, es;q=0.5, en;q=0.4") == "es"
    assert lang("/", "en;q=0.2, es;q=0.9") == "es"
    assert lang("/?lang=pt", "es") == "pt"
    assert lang("/?lang=xx", "es") == "es"
    assert lang("/", "de, fr") == "en"


async def test_hostile_names_are_text_never_markup(tmp_path: Path) -> None:
    store = await ensure_demo(tmp_path / "hostile.sqlite3", finished=1, running=1, members=len(HOSTILE), names=HOSTILE)
    client = await client_for(store)
    try:
        pages = [await get(client, f"/l/{await league_slug(store)}")]
        pages += [await get(client, p) for p in hrefs(pages[0], "/p/")]
        pages += [await get(client, g) for g in hrefs(pages[0], "/g/")]
        for html in pages:
            assert "<script>alert" not in html and "<img src=x" not in html
            assert not re.search(r'href="\s*javascript:', html)
            assert "x" * 81 not in html  # a 2,000-character name is cut
        league = pages[0]
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in league
        assert "<bdi>\u202eevil\u200b\u200dname\u202c</bdi>" in league  # right-to-left, closed, kept apart
        assert "{{ 7 * 7 }}" in league
        for g in hrefs(league, "/g/"):
            response = await client.get(g + "/0.png")
            assert response.status == 200
    finally:
        await client.close()
        await store.close()


async def _game_ids(store: GameStore) -> list[int]:
    async with store.reading() as tx:
        league = await tx.league_by_name(DEMO_GUILD, DEMO_LEAGUE)
        assert league is not None
        return [g[0] for g in await tx.league_games(league.league_id, league.season)]


async def blind_game(store: GameStore, moves: int = 14) -> int:
    """A game outside leagues (its page turned on) where both players reserve blind from the decks at once."""
    games = service(store)
    info = await games.create_game(channel_id=555, creator_id=1001, ruleset="base", players=2, turn_timer=None,
                                   seed=11)
    await games.join(info.game_id, 1002)
    await games.start(info.game_id, 1001)
    for n in range(moves):
        state = await games.state(info.game_id)
        assert state is not None and state.to_act is not None
        seat = state.to_act
        acts = engine.legal_actions(state)
        blind = [a for a in acts if state.view_for(seat).describe(a).verb in ("reserve_deck", "reserve_blind")]
        action = blind[0] if blind and n < 6 else acts[n * 7 % len(acts)]
        user = next(p.user_id for p in (await games.game(info.game_id)).players if p.seat == seat)
        await games.play(info.game_id, user, str(action), expected_version=state.version, request_id=f"blind-{n}")
    async with store.transaction() as tx:
        await links.set_mode(tx, "game", info.game_id, "unlisted", datetime.now(UTC))
    return info.game_id


async def test_pages_and_images_show_only_what_a_spectator_sees(store: GameStore) -> None:
    """Each step's page and image, built again after every hidden card was dealt again, are the same."""
    site = Site(store)
    client = TestClient(TestServer(make_app(site, WebConfig(rate=0))))
    await client.start_server()
    blind = await blind_game(store)
    try:
        now = site.clock()
        for game_id in [blind, *await _game_ids(store)]:  # blind reserves; running and finished league games
            async with store.transaction() as tx:
                slug = await links.slug_of(tx, "game", game_id, now)
                row = await tx.game(game_id)
                log = await tx.actions(game_id)
            assert row is not None and row.config_json is not None
            config = GameConfig.from_json(json.loads(row.config_json))
            moves = [(a.seat, a.code) for a in log]
            info = await service(store).game(game_id)
            real = build_replay(game_id, config, moves, await _takebacks(store, game_id))
            blind_seen = False
            for step in range(real.steps + 1):
                state = engine.replay(config, moves[:step])
                hidden = hidden_from(state, None)
                other = state.copy()
                other.redeal(None, Rng(1000 + step))  # type: ignore[arg-type]  # None: what a spectator may not see
                assert other.to_json() != state.to_json() or not hidden
                blind_seen = blind_seen or all(hidden_from(state, None) - hidden_from(state, seat) for seat in (0, 1))
                site._replays.put(game_id, real)
                site._images = type(site._images)(512)
                page = await get(client, f"/g/{slug}?step={step}")
                png = await (await client.get(f"/g/{slug}/{step}.png")).read()
                alt = await get(client, f"/g/{slug}/{step}.txt")  # the image's alt text, as the script sets it
                assert not leaks_in_text(page, hidden) and not leaks_in_text(alt, hidden)
                assert 0 < len(alt) <= 1024 and f'alt="{escape(alt)}"' in page  # the page's own alt, the same
                views = list(real.views)
                views[step] = spectator_view(other)
                site._replays.put(game_id, type(real)(real.game_id, real.version, tuple(views), real.events,
                                                      real.marks))
                site._images = type(site._images)(512)
                assert await get(client, f"/g/{slug}?step={step}") == page, (game_id, step)
                assert await (await client.get(f"/g/{slug}/{step}.png")).read() == png, (game_id, step)
                assert await get(client, f"/g/{slug}/{step}.txt") == alt, (game_id, step)
            assert info.version == real.steps
            assert blind_seen or game_id != blind, "both players should hold a blind reserve at some step"
    finally:
        await client.close()


async def _takebacks(store: GameStore, game_id: int) -> int:
    async with store.reading() as tx:
        bundle = await tx.game_bundle(game_id)
    assert bundle is not None
    return bundle.takebacks


async def test_visibility_off_unlisted_public(store: GameStore, client: TestClient[Any, Any]) -> None:
    slug = await league_slug(store)
    league = await get(client, f"/l/{slug}")
    player, game = hrefs(league, "/p/")[0], hrefs(league, "/g/")[0]
    async with store.reading() as tx:
        found = await tx.league_by_name(DEMO_GUILD, DEMO_LEAGUE)
    assert found is not None

    async def mode(value: links.Mode) -> None:
        async with store.transaction() as tx:
            assert await links.set_mode(tx, "league", found.league_id, value, found.created_at) == slug

    await mode("off")
    assert slug not in await get(client, "/")
    for path in (f"/l/{slug}", player, game, game + "/0.png", game + "/live.json"):
        await get(client, path, 404)
    await mode("unlisted")
    assert slug not in await get(client, "/")
    for path in (f"/l/{slug}", player, game, game + "/0.png", game + "/live.json"):
        await client.get(path)
        assert (await client.get(path)).status == 200, path
    await mode("public")
    assert f"/l/{slug}" in await get(client, "/")


async def test_a_game_outside_leagues_has_a_page_only_when_its_creator_turns_it_on(
        store: GameStore, client: TestClient[Any, Any]) -> None:
    site = Site(store)
    games = service(store)
    info = await games.create_game(channel_id=77, creator_id=1001, ruleset="base", players=2, turn_timer=None,
                                        seed=3)
    await games.join(info.game_id, 1002)
    await games.start(info.game_id, 1001)
    async with store.transaction() as tx:
        slug = await links.slug_of(tx, "game", info.game_id, site.clock())
    await get(client, f"/g/{slug}", 404)
    async with store.transaction() as tx:
        await links.set_mode(tx, "game", info.game_id, "unlisted", site.clock())
    page = await get(client, f"/g/{slug}")
    assert "Ada" in page and "Borges" in page
    assert f"/g/{slug}" not in await get(client, "/")


async def test_names_are_the_ones_at_the_time_of_play(store: GameStore, client: TestClient[Any, Any]) -> None:
    games = service(store)
    league = await get(client, f"/l/{await league_slug(store)}")
    game = hrefs(league, "/g/")[-1]
    before = await get(client, game)
    assert "Ada" in before or "Borges" in before or "Chandra" in before or "Dolores" in before
    for uid in range(1001, 1005):
        await games.set_name(uid, f"Renamed {uid}")
    after = await get(client, game + "?lang=en")
    assert "Renamed" not in after
    assert "Renamed 1001" in await get(client, f"/l/{await league_slug(store)}")  # standings: today's names


async def test_rate_limit_per_client_address(store: GameStore) -> None:
    client = await client_for(store, WebConfig(rate=0.001, burst=3))
    try:
        for _ in range(3):
            assert (await client.get("/")).status == 200
        response = await client.get("/", headers={"Accept-Language": "pt"})
        assert response.status == 429 and int(response.headers["Retry-After"]) >= 1
        assert "Pedidos demais" in await response.text()
        assert (await client.get("/healthz")).status == 200  # a supervisor's probe is never refused
        forwarded = await client.get("/", headers={"X-Forwarded-For": "203.0.113.9"})
        assert forwarded.status == 429  # not trusted unless configured: still this address
    finally:
        await client.close()
    client = await client_for(store, WebConfig(rate=0.001, burst=1, trust_forwarded=True))
    try:
        assert (await client.get("/", headers={"X-Forwarded-For": "198.51.100.1, 203.0.113.1"})).status == 200
        assert (await client.get("/", headers={"X-Forwarded-For": "198.51.100.1, 203.0.113.1"})).status == 429
        assert (await client.get("/", headers={"X-Forwarded-For": "203.0.113.2"})).status == 200
    finally:
        await client.close()


async def test_etags_answer_304_and_a_running_game_reports_its_moves(
        store: GameStore, client: TestClient[Any, Any]) -> None:
    league = await get(client, f"/l/{await league_slug(store)}")
    finished, running = hrefs(league, "/g/")[-1], hrefs(league, "/g/")[0]
    for path in (finished, finished + "/1.png", running + "/0.png"):
        first = await client.get(path)
        etag = first.headers["ETag"]
        assert "max-age" in first.headers["Cache-Control"]
        again = await client.get(path, headers={"If-None-Match": etag})
        assert again.status == 304, path
    page = await client.get(running)
    assert page.headers["Cache-Control"] == "no-cache"
    live = await client.get(running + "/live.json")
    body = await live.json()
    assert body["status"] == "active"
    assert (await client.get(running + "/live.json", headers={"If-None-Match": live.headers["ETag"]})).status == 304
    # a move is made: the version moves on, the page shows the new step
    games = service(store)
    async with store.reading() as tx:
        link = await links.resolve(tx, running.split("/")[2])
    assert link is not None
    state = await games.state(link.target_id)
    info = await games.game(link.target_id)
    assert state is not None and state.to_act is not None
    user = next(p.user_id for p in info.players if p.seat == state.to_act)
    await games.play(info.game_id, user, str(engine.legal_actions(state)[0]), expected_version=state.version,
                          request_id="web-test-move")
    moved = await client.get(running + "/live.json", headers={"If-None-Match": live.headers["ETag"]})
    assert moved.status == 200 and (await moved.json())["version"] == body["version"] + 1
    assert f"Step {body['version'] + 1} of {body['version'] + 1}" in await get(client, running)


async def test_the_demo_database_is_made_once_and_reused(tmp_path: Path) -> None:
    path = tmp_path / "demo.sqlite3"
    store = await ensure_demo(path, finished=1, running=1, members=2)
    await store.close()
    size = path.stat().st_size
    store = await ensure_demo(path, finished=1, running=1, members=2)
    try:
        async with store.reading() as tx:
            assert len(await tx.leagues(DEMO_GUILD)) == 2
            slugs = [await links.slug_of_existing(tx, "league", n) for n in (1, 2)]
            assert await tx.public_leagues() == list(zip(slugs, (DEMO_LEAGUE, DEMO_ROUNDS), strict=True))
    finally:
        await store.close()
    assert path.stat().st_size >= size


async def test_pages_from_postgresql(fresh_pg_url: str) -> None:
    from bot.store.postgres import PostgresStore

    store = await PostgresStore.open(fresh_pg_url)
    try:
        await fill(store, finished=1, running=1, members=2, seed=3)
        client = await client_for(store)
        try:
            home = await get(client, "/")
            league = await get(client, hrefs(home, "/l/")[0])
            assert 'data-testid="result"' in league and 'class="delta' in league  # who won, rating changes
            for path in hrefs(league, "/p/") + hrefs(league, "/g/"):
                html = await get(client, path)
                assert "/p/" not in path or "games played to the end" in html or "game played" in html
            response = await client.get(hrefs(league, "/g/")[0] + "/2.png")
            assert response.status == 200 and (await response.read()).startswith(b"\x89PNG")
        finally:
            await client.close()
    finally:
        await store.close()


def test_python_m_bot_web_demo_serves_the_demo_on_a_real_port(tmp_path: Path) -> None:
    """The command the README gives: a real server on 127.0.0.1, the demo league listed, links that open."""
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "web", "--demo", "--port", str(port), "--demo-database",
         str(tmp_path / "demo.sqlite3")], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert process.stdout is not None
        deadline = time.monotonic() + 120
        line = ""
        while "Serving" not in line and time.monotonic() < deadline and process.poll() is None:
            line = process.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in line, line
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30) as response:
            home = response.read().decode()
            assert response.headers["Content-Security-Policy"] == SECURITY_HEADERS["Content-Security-Policy"]
        assert DEMO_LEAGUE in home
        league_path = hrefs(home, "/l/")[0]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{league_path}", timeout=30) as response:
            league = response.read().decode()
        assert len(hrefs(league, "/g/")) >= 10 and "Games in progress" in league
        game = hrefs(league, "/g/")[-1]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{game}/1.png", timeout=60) as response:
            assert response.read().startswith(b"\x89PNG")  # drawn by the image worker, a child process
        children = Path(f"/proc/{process.pid}/task/{process.pid}/children").read_text().split()
        assert children, "the image worker runs in its own process"
        process.terminate()  # SIGTERM, as systemd and Docker stop it: a clean stop, the worker with it
        assert process.wait(timeout=60) == 0
        deadline = time.monotonic() + 30
        while any(Path(f"/proc/{c}").exists() for c in children) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [c for c in children if Path(f"/proc/{c}").exists()], "a worker outlived the web process"
        assert not (tmp_path / "demo.sqlite3-wal").exists()  # closed cleanly: the WAL checkpointed and removed
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=30)


async def test_standings_follow_the_results_the_bot_records(store: GameStore, client: TestClient[Any, Any]) -> None:
    """The web's league service keeps a season's places between pages; the bot (another service, another
    process) records a result or voids one: the next page shows it."""
    from bot.leagues.service import LeagueService

    path = f"/l/{await league_slug(store)}"

    def games_played(html: str) -> int:
        body = html.split('data-testid="standings"')[1].split("</tbody>")[0]
        return sum(int(n) for n in re.findall(r'<td class="num">(\d+)</td>\s*<td class="num wide">', body))

    before = games_played(await get(client, path))
    assert before == 4  # two finished 2-player games
    games = service(store)
    bot_leagues = LeagueService(store, games, lambda: datetime.now(UTC))
    [running] = [g for g in await _game_ids(store) if (await games.game(g)).status == "active"]
    await play(games, running, random.Random(5), moves=None, now=[datetime.now(UTC)])  # to the end
    assert await bot_leagues.record(running) is not None
    assert games_played(await get(client, path)) == before + 2
    async with store.reading() as tx:
        league = await tx.league_by_name(DEMO_GUILD, DEMO_LEAGUE)
    assert league is not None
    await bot_leagues.void(league.league_id, running, 1001, "test", organizer=True)
    assert games_played(await get(client, path)) == before


async def test_a_large_league_lists_its_standings_by_pages(tmp_path: Path) -> None:
    from bot.leagues.service import LeagueService

    store = await ensure_demo(tmp_path / "big.sqlite3", finished=0, running=0, members=2)
    try:
        leagues = LeagueService(store, service(store), lambda: datetime.now(UTC))
        async with store.reading() as tx:
            league = await tx.league_by_name(DEMO_GUILD, DEMO_LEAGUE)
        assert league is not None
        async with store.transaction() as tx:
            for uid in range(5000, 5250):
                await tx.save_league_member(league.league_id, uid, datetime.now(UTC), "active")
        assert len(await leagues.members(league.league_id)) == 252
        client = await client_for(store)
        try:
            path = f"/l/{await league_slug(store)}"
            first = await get(client, path)
            assert first.count('data-testid="player-link"') == 100 and "Page 1 of 3" in first
            last = await get(client, path + "?page=3")
            assert last.count('data-testid="player-link"') == 52 and "Page 3 of 3" in last
            await get(client, path + "?page=4", 404)
            await get(client, path + "?page=x", 404)
            assert len(first.encode()) < 100_000
        finally:
            await client.close()
    finally:
        await store.close()


async def test_a_page_never_writes(store: GameStore, client: TestClient[Any, Any],
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A web process beside the bot (one SQLite file): viewing pages, the first time included, opens no write
    transaction and changes nothing in the database (every link a page shows was made by the bot: issue 40)."""
    opened: list[str] = []
    real = store.transaction

    def counting(*args: Any, **kw: Any) -> Any:
        opened.append("write")
        return real(*args, **kw)

    monkeypatch.setattr(store, "transaction", counting)
    before = _dump(store)
    path = f"/l/{await league_slug(store)}"
    league = await get(client, path)
    players, games = hrefs(league, "/p/"), hrefs(league, "/g/")
    assert len(players) == 4 and len(games) == 3  # every member and game is linked
    for page in [*players, *games, games[0] + "/live.json"]:
        await get(client, page)
    assert (await client.get(games[0] + "/1.png")).status == 200
    assert any([hrefs(await get(client, page), "/g/") for page in players])  # the players' games are linked
    assert opened == []
    assert _dump(store) == before


def _dump(store: GameStore) -> str:
    path = getattr(store, "path", None)
    assert path is not None
    con = sqlite3.connect(path)
    try:
        return "\n".join(con.iterdump())
    finally:
        con.close()


async def test_a_take_back_then_another_move_shows_the_new_move_everywhere(store: GameStore) -> None:
    """Issue 43 item 6: a move, its take-back and a different move leave the game at the same version; live.json,
    the page (its story), the step's image and the replay kept in memory all show the new move, as a web process
    started afresh would (nothing is served from what was kept for the move taken back)."""
    site = Site(store)
    client = TestClient(TestServer(make_app(site, WebConfig(rate=0))))
    await client.start_server()
    try:
        league = await get(client, f"/l/{await league_slug(store)}")
        running = hrefs(league, "/g/")[0]
        async with store.reading() as tx:
            link = await links.resolve(tx, running.split("/")[2])
        assert link is not None
        games = service(store)
        game_id = link.target_id
        for _ in range(40):  # on to a turn with two moves that reveal nothing (a take-back is allowed) and differ
            state = await games.state(game_id)
            info = await games.game(game_id)
            assert state is not None and state.to_act is not None
            user = next(p.user_id for p in info.players if p.seat == state.to_act)
            undoable: list[tuple[str, TableView]] = []
            for action in engine.legal_actions(state):
                after = state.copy()
                after.apply_in_place(state.to_act, action)
                view = spectator_view(after)
                if engine.take_back(after) is not None and all(view != v for _, v in undoable):
                    undoable.append((str(action), view))
            if len(undoable) >= 2:
                break
            await games.play(game_id, user, str(engine.legal_actions(state)[0]), expected_version=state.version,
                             request_id=f"web-on-{state.version}")
        assert len(undoable) >= 2
        (first, _), (second, _) = undoable[:2]
        step = state.version + 1

        await games.play(game_id, user, first, expected_version=state.version, request_id="web-first")
        live = await client.get(running + "/live.json")
        page_first = await get(client, running)
        image = await client.get(f"{running}/{step}.png")
        image_first, image_tag = await image.read(), image.headers["ETag"]

        await games.take_back(game_id, user, expected_version=step)
        await games.play(game_id, user, second, expected_version=state.version, request_id="web-second")
        assert (await games.game(game_id)).version == step  # the same version as before the take-back

        again = await client.get(running + "/live.json", headers={"If-None-Match": live.headers["ETag"]})
        assert again.status == 200 and (await again.json())["version"] == step
        fresh = await client_for(store)  # a web process that never saw the move taken back
        try:
            page_second = await get(client, running)
            assert page_second != page_first
            assert page_second == await get(fresh, running)
            image = await client.get(f"{running}/{step}.png", headers={"If-None-Match": image_tag})
            assert image.status == 200 and image.headers["ETag"] != image_tag
            image_second = await image.read()
            assert image_second != image_first
            assert image_second == await (await fresh.get(f"{running}/{step}.png")).read()
        finally:
            await fresh.close()
        web_game = await site.game(game_id)
        assert web_game is not None
        kept = await site.replay(web_game)
        async with store.reading() as tx:
            log = await tx.actions(game_id)
        assert kept is not None and [a.code for a in log][-1] == second
        assert kept.views[-1] == spectator_view(engine.replay(state.config, [(a.seat, a.code) for a in log]))
    finally:
        await client.close()


async def test_a_steps_alt_text_is_served_when_only_the_replays_steps_are_kept(store: GameStore) -> None:
    """A built page keeps the game's replay light (its steps and ETags, no views): the step's alt text, which the
    replay's script asks for as it steps, is then drawn from the whole replay again, never a 500."""
    site = Site(store)
    client = TestClient(TestServer(make_app(site, WebConfig(rate=0, page_ttl=0))))
    await client.start_server()
    try:
        finished = hrefs(await get(client, f"/l/{await league_slug(store)}"), "/g/")[-1]
        page = await get(client, finished + "?step=1")
        site._replays = type(site._replays)(8)  # only the light replay is left
        alt = await get(client, finished + "/1.txt")
        assert 0 < len(alt) <= 1024 and f'alt="{escape(alt)}"' in page
    finally:
        await client.close()
