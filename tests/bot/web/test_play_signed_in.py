"""The player's table (bot/web/play.py) behind the real sign-in (bot/web/auth.py), issue 44: every refusal of a
move made with a SIGNED-IN session writes nothing.  The sessions are opened by the whole OAuth2 flow against the
local fake Discord (an Activity's with ``open_session``), over a real SQLite file; after each refusal the games'
rows and action logs, and the sessions table as it is on disk, are what they were.

(tests/bot/web/test_play.py checks the same routes with a test's own visitors; tests/bot/web/test_signin.py the
sign-out forms' refusals.)"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.service import GameService
from bot.store import GameStore, SqliteStore
from bot.web import Site, WebConfig
from bot.web import auth as web_auth
from bot.web.auth import open_session
from bot.web.play import make_playing_app
from tests.bot.web.test_signin import Clock, World, sign_in, sign_in_config
from tests.bot.web.test_signin import fake as fake  # the fake Discord fixture: its OAuth2 signs the players in
from tests.e2e.fakediscord import FakeDiscord, FakeUser

BASE_SEED = 5


@dataclass
class Tables:
    world: World
    service: GameService
    ours: int  # Alice and Bob play it
    movers: int  # the mover of ``ours`` and Carol play it
    theirs: int  # the other seat of ``ours`` and Carol play it: the mover does not sit there
    mover: FakeUser  # who is to act in ``ours``
    waiting: FakeUser  # the other seat of ``ours``

    @property
    def fake(self) -> FakeDiscord:
        return self.world.fake

    async def board(self, game_id: int | None = None) -> int:
        return (await self.service.game(game_id or self.ours)).board

    async def written(self) -> tuple[object, ...]:
        """The three games' rows and action logs, and the sessions table on disk: a refusal leaves all as it was."""
        async with self.world.store.reading() as tx:
            rows = [await tx.game(g) for g in (self.ours, self.movers, self.theirs)]
            logs = [tuple(await tx.actions(g)) for g in (self.ours, self.movers, self.theirs)]
        return (*rows, *logs, tuple(self.world.sessions()))


async def seat_two(service: GameService, a: FakeUser, b: FakeUser, channel: int) -> int:
    for user in (a, b):
        await service.set_name(user.id, user.username.title())
    game = await service.create_game(channel_id=channel, creator_id=a.id, players=2, ruleset="base",
                                     turn_timer=None, seed=BASE_SEED)
    await service.join(game.game_id, b.id)
    await service.start(game.game_id, a.id)
    return game.game_id


async def tables_for(tmp_path: Path, fake: FakeDiscord, **sign_in_kw: Any) -> Tables:
    path = tmp_path / "play.sqlite3"
    store: GameStore = await SqliteStore.open(path)
    clock = Clock()
    service = GameService(store, clock)
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    ours = await seat_two(service, alice, bob, 100)
    config = WebConfig(rate=0, page_ttl=0, play=True,
                       extensions=(web_auth.extension(sign_in_config(fake, clock, **sign_in_kw)),))
    app = make_playing_app(Site(store), config, service=service)
    client = TestClient(TestServer(app), cookie_jar=aiohttp.CookieJar(unsafe=True))
    await client.start_server()
    fake.oauth.register_redirect(str(client.make_url("/signin/callback")))
    info = await service.game(ours)
    state = await service.state(ours)
    assert state is not None and state.to_act is not None
    first = next(p.user_id for p in info.players if p.seat == state.to_act)
    mover, waiting = (alice, bob) if first == alice.id else (bob, alice)
    movers = await seat_two(service, mover, carol, 200)
    theirs = await seat_two(service, waiting, carol, 300)
    return Tables(World(fake, store, path, clock, client), service, ours, movers, theirs, mover, waiting)


@pytest.fixture
async def tables(tmp_path: Path, fake: FakeDiscord) -> AsyncIterator[Tables]:
    t = await tables_for(tmp_path, fake)
    try:
        yield t
    finally:
        await t.world.client.close()
        t.service.close_computers()
        await t.world.store.close()


async def browser_of(t: Tables, user: FakeUser) -> tuple[TestClient[Any, Any], str]:
    """A new browser signed in as ``user`` through Discord; the CSRF token its table page carries."""
    client = await t.world.new_client()
    await sign_in(t.world, user, client)
    return client, await csrf_on_table(client, t.ours if user.id in (t.mover.id, t.waiting.id) else t.theirs)


async def csrf_on_table(client: TestClient[Any, Any], game_id: int) -> str:
    response = await client.get(f"/play/{game_id}")
    html = await response.text()
    assert response.status == 200, html[:400]
    found = re.search(r'data-csrf="([^"]+)"', html)
    assert found is not None
    return found.group(1)


def body(code: str, board: int, csrf: str | None, request: str = "signed-in-move-1") -> dict[str, Any]:
    return {"code": code, "board": board, "request": request, "csrf": csrf}


async def post(client: TestClient[Any, Any], game_id: int, payload: dict[str, Any],
               headers: dict[str, str] | None = None) -> tuple[int, str]:
    response = await client.post(f"/play/{game_id}/move", json=payload, headers=headers or {})
    return response.status, await response.text()


async def test_every_refusal_of_a_signed_in_move_writes_nothing(tables: Tables) -> None:
    t = tables
    mover, waiting, carol = t.mover, t.waiting, t.fake.user("carol")
    movers, mine = await browser_of(t, mover)
    phone, on_phone = await browser_of(t, mover)  # the mover's other device: another session, another token
    waiters, theirs = await browser_of(t, waiting)
    carols, carol_csrf = await browser_of(t, carol)
    stranger = await t.world.new_client()  # never signed in
    assert len({mine, on_phone, theirs, carol_csrf}) == 4
    # an Activity's session of the mover, verified for the mover's game with Carol
    bound_token, bound = await open_session(t.world.client.app, user_id=mover.id, name=mover.username, lang="en",
                                            kind="activity", game_id=t.movers)
    bearer = {"Authorization": f"Bearer {bound_token}"}
    try:
        board = await t.board()
        t.world.clock.advance(minutes=6)  # each session's last use is due to be written: by an answer, not a refusal
        before = await t.written()
        cases: list[tuple[str, TestClient[Any, Any], int, dict[str, Any], dict[str, str], int]] = [
            ("no session", stranger, t.ours, body("take wug", board, mine), {}, 401),
            ("another player's session in my seat", waiters, t.ours, body("take wug", board, theirs), {}, 409),
            ("a session of a player not seated here", carols, t.ours, body("take wug", board, carol_csrf), {}, 403),
            ("no CSRF token", movers, t.ours, body("take wug", board, None), {}, 403),
            ("a forged CSRF token", movers, t.ours, body("take wug", board, "forged-" + mine[7:]), {}, 403),
            ("a CSRF token one character off", movers, t.ours, body("take wug", board, mine[:-1] + "A"
                                                                   if mine[-1] != "A" else mine[:-1] + "B"), {}, 403),
            ("the other player's CSRF token", movers, t.ours, body("take wug", board, theirs), {}, 403),
            ("my other device's CSRF token", movers, t.ours, body("take wug", board, on_phone), {}, 403),
            ("my token with the other player's session", waiters, t.ours, body("take wug", board, mine), {}, 403),
            ("a game I do not sit in", movers, t.theirs, body("take wug", await t.board(t.theirs), mine), {}, 403),
            ("a stale board", movers, t.ours, body("take wug", board - 1, mine), {}, 409),
            ("a board from the future", movers, t.ours, body("take wug", board + 1, mine), {}, 409),
            # bound to the mover's other game: not in this one, though the mover sits here and is to move
            ("an Activity's session bound to another game", stranger, t.ours, body("take wug", board, bound.csrf),
             bearer, 403),
            ("an Activity's token as a cookie", stranger, t.ours, body("take wug", board, bound.csrf),
             {"Cookie": f"{web_auth.SESSION_COOKIE}={bound_token}"}, 401),
        ]
        for name, client, game_id, payload, headers, status in cases:
            got, text = await post(client, game_id, payload, headers)
            assert got == status, (name, got, text[:300])
            assert await t.written() == before, name
        # and each refused move would have been played by the right session (the refusals above were the guards')
        sessions = t.world.sessions()
        got, text = await post(movers, t.ours, body("take wug", board, mine))
        assert got == 200, text[:300]
        assert (await t.service.game(t.ours)).version == 1
        assert t.world.sessions() != sessions  # the move's session was used: its last use written (and only then)
    finally:
        for client in (movers, phone, waiters, carols, stranger):
            await client.close()


async def test_a_revoked_or_ended_session_moves_nothing(tables: Tables) -> None:
    t = tables
    laptop, on_laptop = await browser_of(t, t.mover)
    phone, on_phone = await browser_of(t, t.mover)
    try:
        board = await t.board()
        everywhere = await phone.get("/account")
        account = await everywhere.text()
        form_csrf = re.search(r'name="csrf" value="([^"]+)"', account)
        assert form_csrf is not None
        signed_out = await phone.post("/signout/everywhere", data={"csrf": form_csrf.group(1)}, allow_redirects=False)
        assert signed_out.status == 303  # both of the mover's sessions revoked; the laptop still holds its cookie
        assert any(c.key == web_auth.SESSION_COOKIE for c in laptop.session.cookie_jar)
        before = await t.written()
        got, text = await post(laptop, t.ours, body("take wug", board, on_laptop))
        assert got == 401 and await t.written() == before, text[:300]
        assert (await laptop.get(f"/play/{t.ours}")).status == 401  # nor does it see the table any more
        # a session that ended by itself (idle too long) likewise
        later, on_later = await browser_of(t, t.mover)
        try:
            t.world.clock.advance(hours=73)
            before = await t.written()
            got, text = await post(later, t.ours, body("take wug", board, on_later))
            assert got == 401 and await t.written() == before, text[:300]
        finally:
            await later.close()
        assert on_phone != on_laptop
    finally:
        await laptop.close()
        await phone.close()


async def test_the_per_user_limit_refuses_a_move_with_429_and_writes_nothing(tmp_path: Path,
                                                                             fake: FakeDiscord) -> None:
    """The limit is the user's, across their sessions: a move from their second device is refused once the
    first has spent it."""
    t = await tables_for(tmp_path, fake, user_rate=0.01, user_burst=1)
    try:
        laptop, on_laptop = await browser_of(t, t.mover)
        phone, on_phone = await browser_of(t, t.mover)
        waiters, theirs = await browser_of(t, t.waiting)
        try:
            got, text = await post(laptop, t.ours, body("take wug", await t.board(), on_laptop, "first-move-01"))
            assert got == 200, text[:300]
            got, text = await post(waiters, t.ours, body("take wug", await t.board(), theirs, "second-move-1"))
            assert got == 200, text[:300]  # another user: their own allowance
            before = await t.written()
            response = await phone.post(f"/play/{t.ours}/move",
                                        json=body("take wug", await t.board(), on_phone, "third-move-01"))
            assert response.status == 429, (await response.text())[:300]
            assert int(response.headers["Retry-After"]) >= 1
            assert await t.written() == before
        finally:
            for client in (laptop, phone, waiters):
                await client.close()
    finally:
        await t.world.client.close()
        t.service.close_computers()
        await t.world.store.close()


async def test_a_move_from_another_origin_is_refused_even_with_the_right_token(tables: Tables) -> None:
    """The same guard as every other POST of the site (:func:`bot.web.auth.check_csrf`): a browser that says the
    request came from another site is refused, whatever it carries."""
    t = tables
    movers, mine = await browser_of(t, t.mover)
    try:
        board = await t.board()
        own = str(movers.make_url("/")).rstrip("/")
        before = await t.written()
        for headers in ({"Origin": "http://evil.example"}, {"Sec-Fetch-Site": "cross-site"},
                        {"Origin": f"https://{t.fake.application_id}.discordsays.com"}):
            got, text = await post(movers, t.ours, body("take wug", board, mine), headers)
            assert got == 403, (headers, got, text[:300])
            assert await t.written() == before, headers
        got, text = await post(movers, t.ours, body("take wug", board, mine),
                               {"Origin": own, "Sec-Fetch-Site": "same-origin"})
        assert got == 200, text[:300]
    finally:
        await movers.close()


async def test_a_take_back_by_another_session_or_token_writes_nothing(tables: Tables) -> None:
    """The take-back passes the same guards: only the mover's own session, with its own token, takes back."""
    t = tables
    movers, mine = await browser_of(t, t.mover)
    phone, on_phone = await browser_of(t, t.mover)
    waiters, theirs = await browser_of(t, t.waiting)
    stranger = await t.world.new_client()
    try:
        got, text = await post(movers, t.ours, body("take wug", await t.board(), mine))
        assert got == 200, text[:300]
        board = await t.board()
        before = await t.written()
        for name, client, payload, status in (
                ("no session", stranger, {"board": board, "csrf": mine}, 401),
                ("a forged token", movers, {"board": board, "csrf": "forged"}, 403),
                ("my other device's token", movers, {"board": board, "csrf": on_phone}, 403),
                ("the other player's token", movers, {"board": board, "csrf": theirs}, 403),
                ("the other player taking my move back", waiters, {"board": board, "csrf": theirs}, 409),
                ("a stale board", movers, {"board": board - 1, "csrf": mine}, 409)):
            response = await client.post(f"/play/{t.ours}/undo", json=payload)
            assert response.status == status, (name, response.status, (await response.text())[:300])
            assert await t.written() == before, name
        response = await phone.post(f"/play/{t.ours}/undo", json={"board": board, "csrf": on_phone})
        assert response.status == 200, (await response.text())[:300]  # the mover, from either device
        assert (await t.service.game(t.ours)).version == 0
    finally:
        for client in (movers, phone, waiters, stranger):
            await client.close()


async def test_a_session_reads_no_table_it_does_not_sit_at(tables: Tables) -> None:
    """A seat's own view (its hidden cards) is read only by its player's sessions: not by a player of another
    game, nor by the player's Activity session bound to another game; every route of the table says the same."""
    t = tables
    carols, _ = await browser_of(t, t.fake.user("carol"))
    movers, _ = await browser_of(t, t.mover)
    stranger = await t.world.new_client()
    token, _ = await open_session(t.world.client.app, user_id=t.mover.id, name=t.mover.username, lang="en",
                                  kind="activity", game_id=t.movers)
    bearer = {"Authorization": f"Bearer {token}"}
    try:
        board = await t.board()
        paths = ("", "/table", f"/{board}.png", f"/preview?board={board}&code=take+wug",
                 f"/preview.png?board={board}&code=take+wug", "/events")
        before = await t.written()
        for client, headers, status in ((carols, {}, 403), (stranger, bearer, 403), (stranger, {}, 401)):
            for path in paths:
                response = await client.get(f"/play/{t.ours}{path}", headers=headers)
                data = await response.read()
                assert response.status == status, (path, headers, response.status, data[:200])
                assert not data.startswith(b"\x89PNG") and b"data: " not in data, path
        for path in paths[:-1]:  # the mover's own session reads them all (the refusals above were the guard's)
            response = await movers.get(f"/play/{t.ours}{path}")
            assert response.status == 200, (path, (await response.text())[:200])
        response = await stranger.get(f"/play/{t.movers}", headers=bearer)
        assert response.status == 200  # the Activity's session reads the game it was bound to
        assert await t.written() == before
    finally:
        for client in (carols, movers, stranger):
            await client.close()


async def test_a_refusal_names_the_player_to_act_as_the_page_does_not_as_a_discord_mention(tables: Tables) -> None:
    """The service's "not your turn" sentence mentions the player to act (``<@id>``, which Discord renders); a web
    page shows text: the refusal names them as the table does."""
    t = tables
    waiters, theirs = await browser_of(t, t.waiting)
    try:
        board = await t.board()
        for path, method, payload in (("/move", "POST", body("take wug", board, theirs)),
                                      (f"/preview?board={board}&code=take+wug", "GET", None)):
            response = await waiters.request(method, f"/play/{t.ours}{path}", json=payload)
            error = (await response.json())["error"]
            assert response.status == 409 and "turn" in error, (path, error)
            assert "<@" not in error and str(t.mover.id) not in error, (path, error)
            assert t.mover.username.title() in error, (path, error)
    finally:
        await waiters.close()
