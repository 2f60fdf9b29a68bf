"""A league page at scale (issue 31's benchmark: 1,000 members, 10,000 games): its standings and its finished
games are paged, its standings are made once and kept until something they are made of changes, and the demo's
dates are never after now.  Over the demo league (small) with the page sizes made smaller."""

from __future__ import annotations

import random
import re
import sqlite3
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.leagues.rating import DEFAULT_POLICY, Rating
from bot.leagues.service import LeagueService
from bot.leagues.standings import GameResult, standings, tally
from bot.service import GameService
from bot.store import GameStore
from bot.web import Site, WebConfig, links, make_app
from bot.web import app as web_app
from bot.web.demo import DEMO_GUILD, DEMO_LEAGUE, ensure_demo, play


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[GameStore]:
    store = await ensure_demo(tmp_path / "demo.sqlite3", finished=2, running=1, members=4)
    yield store
    await store.close()


async def serve(site: Site) -> TestClient[Any, Any]:
    client = TestClient(TestServer(make_app(site, WebConfig(rate=0, page_ttl=0))))  # (the standings' own cache)
    await client.start_server()
    return client


async def get(client: TestClient[Any, Any], path: str, status: int = 200) -> str:
    response = await client.get(path)
    text = await response.text()
    assert response.status == status, f"{path}: {response.status} {text[:300]}"
    return text


async def demo_league(store: GameStore) -> tuple[int, str]:
    async with store.reading() as tx:
        league = await tx.league_by_name(DEMO_GUILD, DEMO_LEAGUE)
        assert league is not None
        slug = await links.slug_of_existing(tx, "league", league.league_id)
    assert slug is not None
    return league.league_id, f"/l/{slug}"


def section(html: str, start: str, end: str) -> str:
    return html.split(start, 1)[1].split(end, 1)[0]


def ranks(html: str) -> list[int]:
    return [int(n) for n in re.findall(r"<tr>\s*<td>(\d+)</td>", section(html, 'data-testid="standings"', "</table>"))]


def finished_games(html: str) -> list[str]:
    return re.findall(r'href="(/g/[^"?]+)', section(html, 'id="finished"', "</ul>"))


def pager_links(html: str, testid: str) -> dict[str, str]:
    nav = section(html, f'data-testid="{testid}"', "</nav>")
    return {k: v.replace("&amp;", "&") for v, k in re.findall(r'href="([^"]+)"[^>]*data-testid="pager-(\w+)"', nav)}


async def test_standings_and_finished_games_are_paged_with_links_in_the_visitors_language(
        store: GameStore, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(web_app, "STANDINGS_LISTED", 3)
    monkeypatch.setattr(web_app, "GAMES_LISTED", 1)
    _, path = await demo_league(store)
    client = await serve(Site(store))
    try:
        first = await get(client, path)
        assert ranks(first) == [1, 2, 3] and "4 members" in first and "Page 1 of 2" in first
        nav = pager_links(first, "standings-pager")
        assert set(nav) == {"next", "last"} and nav["next"] == f"{path}?page=2"
        second = await get(client, nav["next"])
        assert ranks(second) == [4] and set(pager_links(second, "standings-pager")) == {"first", "previous"}
        assert len(set(re.findall(r'href="(/p/[^"?]+)', first + second))) == 4  # every member, once

        assert "2 in all" in first and len(finished_games(first)) == 1
        older = pager_links(first, "games-pager")["next"]
        assert older == f"{path}?games=2" and "Older games" in first
        previous = await get(client, older)
        assert len(finished_games(previous)) == 1 and finished_games(previous) != finished_games(first)
        assert "Newer games" in previous and ranks(previous) == [1, 2, 3]  # the standings stay on their page
        for html in (first, previous):  # the running game is listed on every page of the finished ones
            assert len(re.findall(r'href="/g/', section(html, "Games in progress", "</ul>"))) == 1

        spanish = await get(client, f"{path}?lang=es&page=2&games=2")
        assert "Página 2 de 2" in spanish and "Partidas más recientes" in spanish and "4 miembros" in spanish
        assert all("lang=es" in link for link in pager_links(spanish, "games-pager").values())
        assert pager_links(spanish, "standings-pager")["previous"] == f"{path}?lang=es&games=2"
        portuguese = await get(client, f"{path}?lang=pt")
        assert "Próxima" in portuguese and "Partidas anteriores" in portuguese

        for bad in ("?page=3", "?page=0", "?page=x", "?games=3", "?games=-1"):
            await get(client, path + bad, status=404)
    finally:
        await client.close()


async def test_the_standings_are_made_once_until_a_result_a_member_or_a_day_changes_them(
        store: GameStore) -> None:
    league_id, path = await demo_league(store)
    clock = [datetime.now(UTC)]
    site = Site(store, clock=lambda: clock[0])
    made = [0]
    original = site._leagues.standing_lines

    async def counted(*args: Any, **kwargs: Any) -> Any:
        made[0] += 1
        return await original(*args, **kwargs)

    site._leagues.standing_lines = counted  # type: ignore[method-assign]
    client = await serve(site)
    games = GameService(store, lambda: clock[0])
    bot = LeagueService(store, games, lambda: clock[0])  # the bot's own service (another process, as it were)
    try:
        page = await get(client, path)
        await get(client, path + "?page=1")
        assert made[0] == 1 and "4 members" in page

        await games.set_name(2001, "Newcomer")
        await bot.join(league_id, 2001)
        page = await get(client, path)
        assert made[0] == 2 and "5 members" in page and "Newcomer" in page

        async with store.reading() as tx:
            running = [g for g, *_ in await tx.league_games(league_id, 1, status="active")]
        await play(games, running[0], random.Random(5), moves=None, now=[clock[0]])
        assert await bot.record(running[0]) is not None
        page = await get(client, path)
        assert made[0] == 3 and "3 in all" in page

        async with store.reading() as tx:
            ratings = await tx.league_ratings(league_id)
        fades = min(at for r in ratings.values()
                    if (at := Rating(r.mu, r.sigma, r.games, r.last_played).decay_changes_at(clock[0])) is not None)
        clock[0] = fades - timedelta(seconds=1)
        await get(client, path)
        assert made[0] == 3  # nothing faded yet
        clock[0] = fades
        await get(client, path)
        assert made[0] == 4  # a rating fades further: the standings are made again
    finally:
        await client.close()


def test_a_rating_fades_next_at_the_day_decay_changes_it() -> None:
    played = datetime(2026, 3, 1, 12, tzinfo=UTC)
    rating = Rating(30.0, 2.0, 5, played)
    now = played + timedelta(days=2, hours=3)
    at = rating.decay_changes_at(now)
    assert at == played + timedelta(days=DEFAULT_POLICY.grace_days + 1)
    assert rating.decayed(at - timedelta(seconds=1)) == rating.decayed(now)
    assert rating.decayed(at).sigma > rating.decayed(now).sigma
    later = at + timedelta(days=3, hours=5)
    assert rating.decay_changes_at(later) == played + timedelta(days=DEFAULT_POLICY.grace_days + 5)
    assert Rating(30.0, 2.0).decay_changes_at(now) is None  # never played: nothing fades
    assert Rating(30.0, 8.0, 5, played).decay_changes_at(played + timedelta(days=10_000)) is None  # faded fully


def test_standings_from_a_tally_are_the_standings_and_leave_the_tally_as_it_was() -> None:
    rng = random.Random(3)
    members = list(range(1, 13))
    results = []
    for n in range(40):
        table = rng.sample([*members, 99], 4)  # 99 left the league: counted for the others, not listed
        results.append(GameResult(n, tuple(table), tuple(rng.choice([(1, 2, 3, 4), (1, 1, 3, 4), (2, 1, 4, 3)]))))
    counted = tally(results)

    def rating(uid: int) -> tuple[int, bool]:
        return 1500 + uid, uid % 5 == 0

    expected = standings(members, results, rating=rating)
    for _ in range(2):
        got = standings(members, counted, rating=rating)
        assert [(ln.user_id, ln.rank, ln.points, ln.head_to_head, ln.rating) for ln in got] == [
            (ln.user_id, ln.rank, ln.points, ln.head_to_head, ln.rating) for ln in expected]
    assert all(ln.rank == 0 and ln.rating == 0 for ln in counted.lines.values())


async def test_the_demo_shows_no_date_after_now(tmp_path: Path) -> None:
    """Every time the demo writes (games, moves, results, ratings, rounds) is in the past; a round's deadline alone
    is ahead, as in a real league."""
    path = tmp_path / "demo.sqlite3"
    store = await ensure_demo(path, finished=3, running=1, members=4)
    await store.close()
    now = datetime.now(UTC)
    future = []
    with sqlite3.connect(path) as db:
        for (table,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
            for column in [c[1] for c in db.execute(f"PRAGMA table_info({table})")]:
                if (table, column) == ("league_rounds", "deadline"):
                    continue
                for (value,) in db.execute(f"SELECT {column} FROM {table}"):  # names from the schema
                    if (isinstance(value, str) and re.fullmatch(r"\d{4}-\d\d-\d\dT[0-9:.]+\+00:00", value)
                            and datetime.fromisoformat(value) > now):
                        future.append((table, column, value))
    assert not future, future[:5]
