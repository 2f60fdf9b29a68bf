"""Defects of the web pages found from outside (issue 43): each test failed before its fix."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer
from yarl import URL

from bot.leagues.rating import Rating
from bot.store import GameStore
from bot.store.web import WebReader
from bot.web import WebConfig, links
from bot.web.app import closed_bidi
from bot.web.demo import DEMO_GUILD, DEMO_ROUNDS, ensure_demo
from bot.web.site import visible
from tests.bot.web.test_web import client_for, get, hrefs, league_slug

RTL_NAMES = ("Ada\u2066", "\u202eBorges", "\u200b\u200d\u2060", "Dolores")  # an unclosed isolate, an override,
# nothing visible, an ordinary name


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[GameStore]:
    store = await ensure_demo(tmp_path / "demo.sqlite3", finished=2, running=1, members=4, names=RTL_NAMES)
    yield store
    await store.close()


@pytest.fixture
async def client(store: GameStore) -> AsyncIterator[TestClient[Any, Any]]:
    client = await client_for(store)
    yield client
    await client.close()


def _balanced(text: str) -> bool:
    depth = 0
    for ch in text:
        if ch in "\u2066\u2067\u2068\u202a\u202b\u202d\u202e":
            depth += 1
        elif ch in "\u2069\u202c":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


# ------------------------------------------------------------------------------------------------ item 1
def test_closed_bidi_closes_what_a_name_opens_and_drops_stray_closers() -> None:
    assert closed_bidi("Ada\u2066") == "Ada\u2066\u2069"
    assert closed_bidi("\u202eevil") == "\u202eevil\u202c"
    assert closed_bidi("\u2067a\u202eb\u2069c") == "\u2067a\u202eb\u2069c"  # the PDI closes the override inside
    assert closed_bidi("x\u2069\u202cy") == "xy"
    assert closed_bidi("plain") == "plain"


async def test_no_name_opens_a_bidi_isolate_or_override_past_its_bdi(client: TestClient[Any, Any],
                                                                    store: GameStore) -> None:
    league = await get(client, f"/l/{await league_slug(store)}")
    pages = [league, *[await get(client, p) for p in hrefs(league, "/p/")],
             *[await get(client, g) for g in hrefs(league, "/g/")]]
    seen = 0
    for html in pages:
        for inside in re.findall(r"<bdi>(.*?)</bdi>", html, re.S):
            assert _balanced(inside), repr(inside)
            seen += "\u2066" in inside or "\u202e" in inside
        assert _balanced(re.sub(r"<bdi>.*?</bdi>", "", html, flags=re.S))  # nor anywhere else (the title)
    assert seen  # the hostile names were shown


# ------------------------------------------------------------------------------------------------ item 3
async def test_drawing_an_image_costs_more_than_a_page_in_the_rate_limit(store: GameStore) -> None:
    client = await client_for(store, WebConfig(rate=0.01, burst=45))  # 45 requests, hardly any refill
    try:
        league = await get(client, f"/l/{await league_slug(store)}")  # 1
        game = hrefs(league, "/g/")[-1]
        assert (await client.get(f"{game}/0.png")).status == 200  # 1 + 4 (the game replayed) + 14 (drawn)
        assert (await client.get(f"{game}/1.png")).status == 200  # 1 + 14: 35 spent of 45
        refused = await client.get(f"{game}/2.png")  # 1, and never drawn: 14 more refused
        assert refused.status == 429 and refused.headers["Retry-After"]
        for _ in range(5):  # what was drawn already costs one request, as a page does
            assert (await client.get(f"{game}/0.png")).status == 200
    finally:
        await client.close()


# ------------------------------------------------------------------------------------------------ item 4
@pytest.mark.parametrize("query", ["page=²", "games=²", "page=１", "season=²", "step=²", "page=%2B1", "page=-1"])
async def test_a_number_that_is_not_ascii_digits_is_a_404(client: TestClient[Any, Any], store: GameStore,
                                                          query: str) -> None:
    league = f"/l/{await league_slug(store)}"
    path = league if not query.startswith("step") else hrefs(await get(client, league), "/g/")[-1]
    html = await get(client, f"{path}?{query}", 404)
    assert "Traceback" not in html and "Page not found" in html


# ------------------------------------------------------------------------------------------------ item 5
@pytest.mark.parametrize("path", ["//evil.example/", "/\\evil.example/", "/%2F%2Fevil.example/"])
async def test_the_language_links_of_any_page_stay_on_the_site(client: TestClient[Any, Any], path: str) -> None:
    base = str(client.make_url("/")).rstrip("/")  # (the test client refuses a path that looks absolute)
    response = await client.session.get(URL(base + path + "?season=%22%3E%3Cb%3E%26y%3D1&x=1", encoded=True))
    html = await response.text()
    assert response.status == 404
    langs = re.findall(r'<a href="([^"]*)" lang="', html)
    assert len(langs) == 2
    for href in langs:
        assert href.startswith("?") and "evil" not in href, href  # the path asked is never written back
        assert "&quot;" not in href and "%22%3E%3Cb%3E%26y%3D1" in href  # values encoded
        assert "x=" not in href  # a value no page reads is not carried along


# ------------------------------------------------------------------------------------------------ item 7
async def test_reliability_counts_only_the_games_whose_pages_are_on(client: TestClient[Any, Any],
                                                                     store: GameStore) -> None:
    league = await get(client, f"/l/{await league_slug(store)}")
    player = next(p for p, name in re.findall(r'href="(/p/[^"]+)"><bdi>([^<]*)</bdi>', league) if name == "Dolores")

    async def finished() -> int:
        found = re.search(r"(\d+) games? played to the end", await get(client, player))
        assert found is not None
        return int(found.group(1))

    before = await finished()
    async with store.transaction() as tx:
        rounds = await tx.league_by_name(DEMO_GUILD, DEMO_ROUNDS)
        assert rounds is not None
        await links.set_mode(tx, "league", rounds.league_id, "off", rounds.created_at)
    assert await finished() == before - 1  # the rounds league's first round, finished, is no longer told of


# ------------------------------------------------------------------------------------------------ item 8
def test_a_name_of_invisible_characters_is_not_visible() -> None:
    assert not visible("\u200b\u200d\u2060") and not visible(" \u3164 ") and not visible("\u202e\u2066")
    assert visible("Ada") and visible("\u202eBorges") and visible("李")


async def test_a_name_of_zero_width_characters_is_shown_as_an_unknown_member(client: TestClient[Any, Any],
                                                                            store: GameStore) -> None:
    league = await get(client, f"/l/{await league_slug(store)}")
    names = re.findall(r'data-testid="player-link" href="/p/[^"]+"><bdi>([^<]*)</bdi>', league)
    assert len(names) == 4 and all(visible(n) for n in names)
    assert "A former member" in names
    for html in [await get(client, g) for g in hrefs(league, "/g/")]:
        shown = re.findall(r"<bdi>([^<]*)</bdi>", html)
        assert all(visible(n) for n in shown), shown


# ------------------------------------------------------------------------------------------------ item 10
async def test_the_replay_controls_have_text_not_only_symbols_a_font_may_lack(client: TestClient[Any, Any],
                                                                             store: GameStore) -> None:
    league = await get(client, f"/l/{await league_slug(store)}")
    html = await get(client, hrefs(league, "/g/")[-1])
    controls = html.split('class="controls"')[1].split("</div>")[0]
    assert "\u23ee" not in controls and "\u23ed" not in controls  # ⏮ ⏭: empty boxes without an emoji font
    for hook, word in (("first", "First step"), ("prev", "Previous step"), ("next", "Next step"),
                       ("last", "Last step")):
        link = re.search(rf'<a id="replay-{hook}"[^>]*>(.*?)</a>', controls, re.S)
        assert link is not None and word in re.sub(r"<[^>]+>", "", link.group(1)), hook


# ------------------------------------------------------------------------------------------------ item 11
async def test_no_page_title_link_or_etag_tells_a_games_id(client: TestClient[Any, Any], store: GameStore) -> None:
    league = await get(client, f"/l/{await league_slug(store)}")
    assert "Game #" not in league
    for game in hrefs(league, "/g/"):
        async with store.reading() as tx:
            link = await links.resolve(tx, game.removeprefix("/g/"))
        assert link is not None
        response = await client.get(f"{game}?step=0")
        html = await response.text()
        title = re.search(r"<title>(.*?)</title>", html, re.S)
        assert title is not None and "#" not in title.group(1) and "Game: " in title.group(1)
        assert f"#{link.target_id}" not in html
        page_tag, image_tag = response.headers["ETag"], (await client.get(f"{game}/0.png")).headers["ETag"]
        step, lang, mark = image_tag.strip('"').split("-")  # the step, the language and a digest: no id
        assert (step, lang) == ("0", "en") and len(mark) == 16 and str(link.target_id) != mark
        assert page_tag in (f'"p-0-en-{mark}"', f'"p-0-en-{mark}-gz"')  # (-gz: the compressed page's)


# ------------------------------------------------------------------------------------------------ item 12
@pytest.mark.parametrize("path", ["/static/", "/static", "/static/..%2f..%2fbot%2f__init__.py", "/static/%2e%2e/x",
                                  "/static/.%2e/web/app.py", "/static/nothing.css"])
async def test_a_static_path_that_is_not_a_file_is_the_localized_404(client: TestClient[Any, Any],
                                                                      path: str) -> None:
    response = await client.get(path, headers={"Accept-Language": "es"})
    html = await response.text()
    assert response.status == 404 and response.content_type == "text/html", (path, response.status)
    assert "logged" not in html and "registr" not in html and 'lang="es"' in html


async def test_static_files_are_served_with_an_etag(client: TestClient[Any, Any]) -> None:
    response = await client.get("/static/site.css")
    assert response.status == 200 and response.content_type == "text/css" and response.headers["ETag"]
    again = await client.get("/static/site.css", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status == 304


# ------------------------------------------------------------------------------------------------ item 13
async def test_unlisted_pages_are_not_kept_by_shared_caches_and_nothing_is_indexed(client: TestClient[Any, Any],
                                                                                   store: GameStore) -> None:
    robots = await client.get("/robots.txt")
    assert robots.status == 200 and "Disallow: /" in await robots.text()
    slug = await league_slug(store)
    league = await get(client, f"/l/{slug}")
    game = hrefs(league, "/g/")[-1]  # finished
    for path in (game, f"{game}/0.png", f"{game}/live.json"):
        assert "noindex" in (await client.get(path)).headers["X-Robots-Tag"], path
    assert "public" in (await client.get(f"{game}/0.png")).headers["Cache-Control"]  # a public league: shared
    async with store.transaction() as tx:
        found = await tx.league_by_name(DEMO_GUILD, "Demo League")
        assert found is not None
        await links.set_mode(tx, "league", found.league_id, "unlisted", found.created_at)
    for path in (game, f"{game}/0.png", f"{game}/live.json"):
        control = (await client.get(path)).headers["Cache-Control"]
        assert "private" in control and "public" not in control, (path, control)


# ------------------------------------------------------------------------------------------------ who won
def _deltas(html: str) -> list[int]:
    return [int(sign.replace("−", "-").replace("±", "").replace("+", "") + n) for sign, n in
            re.findall(r'<span class="delta [a-z]+"[^>]*><span class="visually-hidden">[^<]*</span>([+−±])(\d+)</span>',
                       html)]


async def test_finished_games_show_who_won_with_points_and_rating_changes(client: TestClient[Any, Any],
                                                                         store: GameStore) -> None:
    league = await get(client, f"/l/{await league_slug(store)}")
    finished = league.split('id="finished"')[1]
    results = re.findall(r'<ol class="result" data-testid="result"[^>]*>(.*?)</ol>', finished, re.S)
    assert len(results) == 2  # the demo's two finished games; the running one has none
    async with store.reading() as tx:
        found = await tx.league_by_name(DEMO_GUILD, "Demo League")
        assert found is not None
        recorded = await tx.league_results(found.league_id)
    for game_html, result in zip(re.findall(r'href="(/g/[^"]+)"', finished)[:2], recorded[::-1], strict=True):
        async with store.reading() as tx:
            seats = {s.user_id: s for s in await tx.seats(result.game_id)}
            expected = []
            for user, place in sorted(zip(result.members, result.places, strict=True), key=lambda m: m[1]):
                history = await tx.league_rating_history(found.league_id, user)
                at = next(i for i, h in enumerate(history) if h.result_id == result.result_id)
                before = Rating(history[at - 1].mu, history[at - 1].sigma).display if at else Rating().display
                expected.append((place, seats[user].final_score, Rating(history[at].mu, history[at].sigma).display
                                 - before))
        page = await get(client, game_html)
        players = page.split('data-testid="players"')[1].split("</ol>")[0]
        shown = [(int(p), int(s)) for p, s in re.findall(r"place (\d+), (\d+) points?", players)]
        assert shown == [(p, s) for p, s, _ in expected]  # the winner first
        assert _deltas(players) == [d for _, _, d in expected]
        assert any(d != 0 for _, _, d in expected)
    line = results[-1]  # the oldest game: each player's first rated game
    assert line.count("<li") == 2 and '<li class="won">' in line and len(_deltas(line)) == 2


async def test_a_player_page_shows_recent_form(client: TestClient[Any, Any], store: GameStore) -> None:
    league = await get(client, f"/l/{await league_slug(store)}")
    for player in hrefs(league, "/p/"):
        html = await get(client, player)
        table = html.split('data-testid="results"')[1].split("</table>")[0] if 'data-testid="results"' in html else ""
        games = len(re.findall(r'<tr>\s*<td>', table))  # (voided ones are not form)
        if not games:
            assert 'data-testid="form"' not in html
            continue
        form = html.split('data-testid="form"')[1].split("</ol>")[0]
        places = re.findall(r'<span class="place">(\d+) of (\d+)</span>', form)
        assert 1 <= len(places) <= 10 and len(places) == min(games, 10)
        assert len(_deltas(form)) == len(places)  # rated games: each with its change


# ------------------------------------------------------------------------------------------------ hold a crowd
async def test_a_league_page_is_built_once_per_moment_compressed_and_revalidated(store: GameStore,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    built = [0]
    original = WebReader.league_games

    async def counted(*args: Any, **kwargs: Any) -> Any:
        built[0] += 1
        return await original(*args, **kwargs)

    monkeypatch.setattr(WebReader, "league_games", counted)
    client = await client_for(store, WebConfig(rate=0, page_ttl=3600))
    try:
        path = f"/l/{await league_slug(store)}"
        first = await client.get(path, headers={"Accept-Encoding": "gzip"})
        body = await first.text()  # (the client inflates it)
        assert first.headers["Content-Encoding"] == "gzip" and "Vary" in first.headers
        calls = built[0]
        plain = await client.get(path, headers={"Accept-Encoding": "identity"})
        assert "Content-Encoding" not in plain.headers and await plain.text() == body
        assert built[0] == calls  # served as built
        etag = plain.headers["ETag"]
        assert first.headers["ETag"] == etag[:-1] + '-gz"' and not etag.startswith("W/")  # each encoding its own
        assert (await client.get(path, headers={"If-None-Match": etag, "Accept-Encoding": "identity"})).status == 304
        again = await client.get(path, headers={"If-None-Match": first.headers["ETag"], "Accept-Encoding": "gzip"})
        assert again.status == 304
        async with store.transaction() as tx:  # turned off: a 404 at once, whatever was kept
            found = await tx.league_by_name(DEMO_GUILD, "Demo League")
            assert found is not None
            await links.set_mode(tx, "league", found.league_id, "off", found.created_at)
        assert (await client.get(path)).status == 404
    finally:
        await client.close()


async def test_an_image_asked_by_many_at_once_is_drawn_once_and_kept_on_disk(store: GameStore, tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio

    from bot.render import pool as render_pool
    from bot.web import Site, make_app

    drawn = [0]
    original = render_pool.render

    async def slow(*args: Any, **kwargs: Any) -> bytes:
        drawn[0] += 1
        await asyncio.sleep(0.05)  # (a drawing takes a while: the others arrive meanwhile)
        return await original(*args, **kwargs)

    monkeypatch.setattr(render_pool, "render", slow)
    first = await client_for(store)
    site = Site(store, image_dir=tmp_path / "images")
    client = TestClient(TestServer(make_app(site, WebConfig(rate=0))))
    await client.start_server()
    try:
        league = await get(first, f"/l/{await league_slug(store)}")
        game = hrefs(league, "/g/")[-1]
        answers = await asyncio.gather(*[client.get(f"{game}/4.png") for _ in range(6)])
        bodies = {await a.read() for a in answers}
        assert [a.status for a in answers] == [200] * 6 and len(bodies) == 1 and drawn[0] == 1
        assert "immutable" in answers[0].headers["Cache-Control"]
        assert len(list((tmp_path / "images").glob("*.png"))) == 1
        other = TestClient(TestServer(make_app(Site(store, image_dir=tmp_path / "images"), WebConfig(rate=0))))
        await other.start_server()  # another web process on the same folder: read, not drawn again
        try:
            response = await other.get(f"{game}/4.png")
            assert response.status == 200 and await response.read() in bodies and drawn[0] == 1
        finally:
            await other.close()
    finally:
        await client.close()
        await first.close()


async def test_a_stale_page_is_rebuilt_once_in_the_background_while_the_old_one_is_served() -> None:
    import asyncio

    from bot.web.pagecache import PageCache

    now = [0.0]
    pages = PageCache(clock=lambda: now[0])
    pages.put("k", "<p>old</p>")
    gate = asyncio.Event()
    builds = [0]

    async def build() -> str:
        builds[0] += 1
        await gate.wait()
        return "<p>new</p>"

    now[0] = 5.0
    kept = pages.get("k")
    assert kept is not None and pages.age(kept) == 5.0
    pages.refresh("k", build)
    pages.refresh("k", build)  # asked again meanwhile: one rebuild
    await asyncio.sleep(0)
    assert builds[0] == 1 and pages.get("k") is kept  # the old page is still served
    gate.set()
    for _ in range(5):
        await asyncio.sleep(0)
    fresh = pages.get("k")
    assert fresh is not None and fresh.body == b"<p>new</p>" and pages.age(fresh) == 0.0
