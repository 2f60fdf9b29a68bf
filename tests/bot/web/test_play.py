"""The player's own table (bot/web/play.py, issue 44) over aiohttp's test server and a real SQLite file: a seat sees
its own view only, its legal choices, plays through the game service, and every refusal writes nothing.

Visitors come from a test function at ``app[VISITOR_KEY]`` (the signed-in sessions are another module's): the
``X-User`` header names the user, ``X-Bound`` a game their session is bound to (an Activity's)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

import engine
from bot.service import GameService, Outcome
from bot.store import GameStore, SqliteStore
from bot.web import Site, WebConfig
from bot.web.auth import SESSION_COOKIE, SignInConfig, install_sessions
from bot.web.identity import VISITOR_KEY, Visitor
from bot.web.play import SERVICE_KEY, TABLES_KEY, Tables, make_playing_app
from engine.rng import Rng
from tests.hidden import hidden_from, leaks_in_text

ALICE, BOB, CAROL = 11, 22, 33


def now() -> datetime:
    return datetime.now(UTC)


@dataclass
class Table:
    store: GameStore
    service: GameService
    client: TestClient[Any, Any]
    app: web.Application
    published: list[Outcome]
    game_id: int  # Alice and Bob play it
    other_id: int  # Carol and Bob play it
    seats: dict[int, int]  # the users of the first game by seat

    def user_at(self, seat: int) -> int:
        return self.seats[seat]


def visitor(uid: int, *, lang: str = "en", bound: int | None = None) -> Visitor:
    return Visitor(user_id=uid, name=f"user{uid}", lang=lang, session_id=f"s{uid}", csrf=f"csrf-{uid}-token",
                   kind="discord", game_id=bound)


async def visitors(request: web.Request) -> Visitor | None:
    raw = request.headers.get("X-User")
    if raw is None:
        return None
    bound = request.headers.get("X-Bound")
    return visitor(int(raw), lang=request.headers.get("X-Lang", "en"), bound=int(bound) if bound else None)


async def two_player_game(service: GameService, a: int, b: int, channel: int, *, ruleset: str = "base",
                          seed: int = 5) -> int:
    await service.set_name(a, f"Player {a}")
    await service.set_name(b, f"Player {b}")
    game = await service.create_game(channel_id=channel, creator_id=a, players=2, ruleset=ruleset, turn_timer=None,
                                     seed=seed)
    await service.join(game.game_id, b)
    await service.start(game.game_id, a)
    return game.game_id


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    store = await SqliteStore.open(tmp_path / "play.sqlite3")
    service = GameService(store, now)
    game_id = await two_player_game(service, ALICE, BOB, 100)
    other_id = await two_player_game(service, CAROL, BOB, 200)
    published: list[Outcome] = []

    async def publish(outcome: Outcome) -> None:
        published.append(outcome)

    app = make_playing_app(Site(store), WebConfig(rate=0, play=True), service=service, publish=publish)
    app[VISITOR_KEY] = visitors
    client = TestClient(TestServer(app))
    await client.start_server()
    info = await service.game(game_id)
    seats = {p.seat: p.user_id for p in info.players if p.seat is not None}
    try:
        yield Table(store, service, client, app, published, game_id, other_id, seats)
    finally:
        await client.close()
        service.close_computers()
        await store.close()


def as_user(uid: int, **extra: str) -> dict[str, str]:
    return {"X-User": str(uid), **extra}


async def page(t: Table, uid: int, path: str = "", status: int = 200, extra: dict[str, str] | None = None, *,
               game_id: int | None = None) -> str:
    response = await t.client.get(f"/play/{game_id or t.game_id}{path}", headers=as_user(uid, **(extra or {})))
    text = await response.text()
    assert response.status == status, (response.status, text[:400])
    return text


async def post(t: Table, uid: int | None, body: dict[str, Any], *, game_id: int | None = None, path: str = "/move",
               extra: dict[str, str] | None = None) -> tuple[int, dict[str, Any]]:
    headers = {} if uid is None else as_user(uid, **(extra or {}))
    response = await t.client.post(f"/play/{game_id or t.game_id}{path}", json=body, headers=headers)
    return response.status, await response.json()


def move(t: Table, uid: int, code: str, board: int, request: str = "r0000000001") -> dict[str, Any]:
    return {"code": code, "board": board, "request": request, "csrf": f"csrf-{uid}-token"}


async def written(t: Table) -> tuple[object, ...]:
    """What the database holds of both games (their rows and logs): a refusal must leave it as it was."""
    async with t.store.reading() as tx:
        rows = [await tx.game(g) for g in (t.game_id, t.other_id)]
        logs = [await tx.actions(g) for g in (t.game_id, t.other_id)]
    return tuple(rows) + tuple(tuple(log) for log in logs)


async def test_a_seat_sees_its_table_with_exactly_its_legal_choices(table: Table) -> None:
    t = table
    mover = t.user_at(0)
    html = await page(t, mover)
    state = await t.service.state(t.game_id)
    assert state is not None
    heads = {str(a.head) for a in engine.legal_actions(state)}
    assert offered(html) == heads  # every legal choice, nothing else (ways to pay are asked after)
    assert spotted(html) == heads  # and each one on the drawn table
    assert 'class="spot"' in html and 'data-box="' in html  # buttons over the drawn table
    assert "Your turn." in html and 'src="/play/' in html
    hand = html.split('data-testid="hand"', 1)[1].split("</section>", 1)[0]
    assert "(none)" in hand  # no reserved card yet: said, not an empty list
    image = re.search(r'src="(/play/[^"]+\.png)"', html)
    assert image is not None
    response = await t.client.get(image.group(1), headers=as_user(mover))
    assert response.status == 200 and (await response.read()).startswith(b"\x89PNG")
    assert "no-store" in response.headers["Cache-Control"]
    waiting = await page(t, t.user_at(1))  # the other seat: no choice, waits
    assert "data-code=" not in waiting and 'class="spot"' not in waiting and "Waiting for" in waiting
    spanish = await page(t, mover, extra={"X-Lang": "es"})
    assert "Tu turno." in spanish  # the visitor's language, the bank's spot too (not the page's own word for it)
    assert "Banca: 1" in spanish and "bank:" not in spanish


def offered(html: str) -> set[str]:
    """The moves a table offers: whole moves, and cards whose ways to pay are asked next."""
    return set(re.findall(r'data-code="([^"]+)"', html)) | {
        c.replace("_", " ").replace("-", ".") for c in re.findall(r'data-open="pay-([^"]+)"', html)}


def spotted(html: str) -> set[str]:
    """The moves offered by the buttons over the drawn table (their dialogs)."""
    found: set[str] = set()
    for dialog in re.findall(r'<dialog id="spot-[0-9]+".*?</dialog>', html, re.S):
        found |= offered(dialog)
    return found


async def test_a_spectacle_seat_plays_its_table_too(table: Table) -> None:
    t = table
    game_id = await two_player_game(t.service, ALICE, CAROL, 300, ruleset="spectacle")
    state = await t.service.state(game_id)
    info = await t.service.game(game_id)
    assert state is not None and state.to_act is not None
    mover = next(p.user_id for p in info.players if p.seat == state.to_act)
    html = await page(t, mover, game_id=game_id)
    heads = {str(a.head) for a in engine.legal_actions(state)}
    assert offered(html) == heads and spotted(html) == heads  # every choice also on the table (chips, cards, deck)
    status, answer = await post(t, mover, move(t, mover, sorted(heads)[0], info.board), game_id=game_id)
    assert status == 200, answer


async def test_the_list_of_a_visitors_games(table: Table) -> None:
    t = table
    bob = await (await t.client.get("/play", headers=as_user(BOB))).text()
    assert sorted(re.findall(r'href="/play/([0-9]+)', bob)) == sorted([str(t.game_id), str(t.other_id)])
    alice = await (await t.client.get("/play", headers=as_user(ALICE))).text()
    assert re.findall(r'href="/play/([0-9]+)', alice) == [str(t.game_id)]  # not Carol's and Bob's game
    bound = await (await t.client.get("/play", headers=as_user(BOB, **{"X-Bound": str(t.other_id)}))).text()
    assert re.findall(r'href="/play/([0-9]+)', bound) == [str(t.other_id)]  # a bound session: its game only
    nobody = await t.client.get("/play")
    assert "Sign in with Discord" in await nobody.text() and "/play/" not in await nobody.text()


async def test_visitors_who_are_not_seated_see_a_private_refusal(table: Table) -> None:
    t = table
    assert "Sign in with Discord" in await (await t.client.get(f"/play/{t.game_id}")).text()
    assert (await t.client.get(f"/play/{t.game_id}")).status == 401
    refused = await page(t, CAROL, status=403)
    assert "not" in refused.lower() and 'class="spot"' not in refused
    unknown = await t.client.get("/play/999999", headers=as_user(ALICE))
    assert unknown.status == 403 and await unknown.text() != ""  # an unknown game: the same refusal
    bound = await page(t, t.user_at(0), status=403, extra={"X-Bound": str(t.other_id)})  # an Activity of another game
    assert 'class="spot"' not in bound


async def test_a_move_goes_through_the_service_and_the_thread_gets_its_board(table: Table) -> None:
    t = table
    mover = t.user_at(0)
    info = await t.service.game(t.game_id)
    status, answer = await post(t, mover, move(t, mover, "take wug", info.board, "abcdefgh12345678"))
    assert status == 200 and answer["ok"] and "Played" in answer["message"]
    after = await t.service.game(t.game_id)
    assert after.version == 1 and answer["board"] == after.board
    async with t.store.reading() as tx:
        row = await tx.action_by_request(t.game_id, f"web-{mover}-abcdefgh12345678")
    assert row is not None and row.code == "take wug" and row.user_id == mover and row.source == "player"
    assert [o.version for o in t.published] == [1] and not t.published[0].duplicate
    # the page made before the move still gets an image (its own board's, or the table as it is now)
    stale = await t.client.get(f"/play/{t.game_id}/{info.board}.png", headers=as_user(mover))
    assert stale.status == 200 and (await stale.read()).startswith(b"\x89PNG")
    # the same request again (a double click): the service's answer, nothing played twice
    status, answer = await post(t, mover, move(t, mover, "take wug", info.board, "abcdefgh12345678"))
    assert status == 200 and (await t.service.game(t.game_id)).version == 1


async def test_refusals_write_nothing_and_say_why_in_the_visitors_language(table: Table) -> None:
    t = table
    mover, waiting = t.user_at(0), t.user_at(1)
    board = (await t.service.game(t.game_id)).board
    before = await written(t)
    cases: list[tuple[str, int | None, dict[str, Any], int | None, int, str]] = [
        ("no visitor", None, move(t, mover, "take wug", board), None, 401, "Sign in"),
        ("no CSRF token", mover, {**move(t, mover, "take wug", board), "csrf": None}, None, 403, "out of date"),
        ("a forged CSRF token", mover, {**move(t, mover, "take wug", board), "csrf": "csrf-x-token"}, None, 403,
         "out of date"),
        ("another visitor's token", mover, move(t, waiting, "take wug", board), None, 403, "out of date"),
        ("a stale board", mover, move(t, mover, "take wug", board - 1), None, 409, "out of date"),
        ("not your turn", waiting, move(t, waiting, "take wug", board), None, 409, "turn"),
        ("an illegal move", mover, move(t, mover, "take www", board), None, 409, ""),
        ("an unreadable move", mover, move(t, mover, "fly away", board), None, 409, ""),
        ("a game the visitor does not sit in", ALICE, move(t, ALICE, "take wug", board), t.other_id, 403, "not"),
        ("a bad request id", mover, move(t, mover, "take wug", board, "x"), None, 400, "could not be read"),
    ]
    for name, uid, body, game_id, status, words in cases:
        got, answer = await post(t, uid, body, game_id=game_id)
        assert got == status, (name, got, answer)
        assert words in answer["error"] and answer["error"], name
        assert await written(t) == before, name
    assert not t.published
    got, answer = await post(t, mover, {**move(t, mover, "take wug", board), "csrf": None}, extra={"X-Lang": "pt"})
    assert got == 403 and "Recarregue" in answer["error"]  # Portuguese
    response = await t.client.post(f"/play/{t.game_id}/move", data="code=take+wug", headers=as_user(mover))
    assert response.status == 415 and await written(t) == before  # a form post (no JSON): refused too


async def test_a_decision_is_a_dialog_of_its_options_played_at_once(table: Table) -> None:
    """Tokens to give back (a pending decision): the seat's page opens a dialog of exactly its options, each
    played as it is clicked (as Discord's decision menu), nothing else offered meanwhile."""
    t = table
    for n in range(20):
        state = await t.service.state(t.game_id)
        assert state is not None and state.to_act is not None
        if state.pending_kind is not None:
            break
        takes = [str(a) for a in engine.legal_actions(state) if a.family == "take" and len(str(a)) == 8]
        code = takes[n % len(takes)] if takes else str(engine.legal_actions(state)[0])
        info = await t.service.game(t.game_id)
        await t.service.play(t.game_id, t.user_at(state.to_act), code, expected_board=info.board,
                             request_id=f"fill-{n}")
    assert state.pending_kind == "return" and state.to_act is not None
    uid = t.user_at(state.to_act)
    html = await page(t, uid)
    options = re.findall(r'data-play="([^"]+)"', html)
    assert sorted(options) == sorted(str(a) for a in engine.legal_actions(state))
    assert 'id="decision"' in html and "data-code=" not in html and 'class="spot"' not in html
    info = await t.service.game(t.game_id)
    got, answer = await post(t, uid, move(t, uid, options[0], info.board, "decision-0001"))
    assert got == 200 and (await t.service.game(t.game_id)).version == info.version + 1, answer


async def test_a_visitor_writing_too_fast_is_refused_with_nothing_written(table: Table) -> None:
    t = table
    install_sessions(t.app, SignInConfig(user_rate=0.001, user_burst=1))  # one write, then a long wait
    mover = t.user_at(0)
    board = (await t.service.game(t.game_id)).board
    body = {"board": board, "csrf": f"csrf-{mover}-token"}
    assert (await post(t, mover, body, path="/hint"))[0] == 200
    before = await written(t)
    response = await t.client.post(f"/play/{t.game_id}/move", json=move(t, mover, "take wug", board),
                                    headers=as_user(mover))
    assert response.status == 429 and int(response.headers["Retry-After"]) >= 1
    assert "wait" in (await response.json())["error"] and await written(t) == before and not t.published


async def test_preview_then_take_back(table: Table) -> None:
    t = table
    mover = t.user_at(0)
    board = (await t.service.game(t.game_id)).board
    response = await t.client.get(f"/play/{t.game_id}/preview", params={"board": str(board), "code": "take wug"},
                                  headers=as_user(mover))
    shown = await response.json()
    assert response.status == 200 and shown["code"] == "take wug" and shown["line"]
    image = await t.client.get(shown["image"], headers=as_user(mover))
    assert image.status == 200 and (await image.read()).startswith(b"\x89PNG")
    assert (await t.service.game(t.game_id)).version == 0  # a preview writes nothing
    stale = await t.client.get(f"/play/{t.game_id}/preview", params={"board": str(board + 5), "code": "take wug"},
                               headers=as_user(mover))
    assert stale.status == 409
    await post(t, mover, move(t, mover, "take wug", board))
    html = await page(t, mover)
    assert 'data-testid="undo"' in html
    new_board = (await t.service.game(t.game_id)).board
    got, answer = await post(t, mover, {"board": new_board, "csrf": "bad"}, path="/undo")
    assert got == 403 and (await t.service.game(t.game_id)).version == 1
    got, answer = await post(t, mover, {"board": new_board, "csrf": f"csrf-{mover}-token"}, path="/undo")
    assert got == 200 and answer["ok"], answer
    assert (await t.service.game(t.game_id)).version == 0 and len(t.published) == 2


async def test_a_hint_then_plans_for_the_next_turn(table: Table) -> None:
    t = table
    mover, waiting = t.user_at(0), t.user_at(1)
    board = (await t.service.game(t.game_id)).board
    body = {"board": board, "csrf": f"csrf-{mover}-token"}
    got, answer = await post(t, mover, {**body, "csrf": "forged"}, path="/hint")
    assert got == 403 and await t.service.hints(t.game_id) == []  # refused: no hint used
    got, answer = await post(t, mover, body, path="/hint")
    state = await t.service.state(t.game_id)
    assert state is not None
    assert got == 200 and answer["code"] in {str(a) for a in engine.legal_actions(state)}
    assert "Suggestion" in answer["message"] and "**" not in answer["message"]
    assert len(await t.service.hints(t.game_id)) == 1  # logged, as /splendor hint logs it
    # the player who waits plans their next turn: the page offers moves, a plan is saved, listed, cancelled
    html = await page(t, waiting)
    codes = re.findall(r'data-plan="([^"]+)"', html)
    assert codes and 'data-testid="hint"' not in html
    plan = {"board": board, "csrf": f"csrf-{waiting}-token"}
    got, answer = await post(t, waiting, {**plan, "code": codes[0]}, path="/plan")
    assert got == 200 and "Plan saved" in answer["message"], answer
    cards = re.findall(r'<option value="([^"]+)">', html)
    assert cards  # the face-up cards a plan may depend on
    got, answer = await post(t, waiting, {**plan, "code": codes[0], "cond": cards[0]}, path="/plan")
    assert got == 200, answer
    html = await page(t, waiting)
    keys = re.findall(r'data-unplan="([^"]+)"', html)
    mine = await t.service.plans(t.game_id, waiting)
    assert len(keys) == 2 and [p.cond for p in mine] == [None, cards[0]]
    got, answer = await post(t, waiting, {**plan, "key": keys[1]}, path="/unplan")
    assert got == 200 and len(await t.service.plans(t.game_id, waiting)) == 1
    got, answer = await post(t, mover, {**body, "code": codes[0]}, path="/plan")
    assert got == 409 and "your turn" in answer["error"]  # plans are for a turn to come
    got, answer = await post(t, waiting, {**plan, "key": keys[0]}, path="/unplan")
    assert got == 200 and await t.service.plans(t.game_id, waiting) == []
    assert (await t.service.game(t.game_id)).version == 0  # nothing of this played a move


async def test_the_live_stream_tells_of_a_move_made_elsewhere(table: Table) -> None:
    t = table
    mover, waiting = t.user_at(0), t.user_at(1)
    response = await t.client.get(f"/play/{t.game_id}/events", headers=as_user(waiting))
    assert response.status == 200 and response.headers["Content-Type"].startswith("text/event-stream")
    first = await asyncio.wait_for(response.content.readuntil(b"\n\n"), 10)
    board = (await t.service.game(t.game_id)).board
    assert f"data: {board}".encode() in first
    await t.service.play(t.game_id, mover, "take wug", expected_board=board, request_id="elsewhere-1")
    told = await asyncio.wait_for(response.content.readuntil(b"\n\n"), 10)  # the feed: at once, not the poll
    moved = (await t.service.game(t.game_id)).board
    assert f"data: {moved}".encode() in told
    await t.service.take_back(t.game_id, mover, expected_board=moved)  # no commit hook: the take-back tells it
    told = await asyncio.wait_for(response.content.readuntil(b"\n\n"), 10)
    assert f"data: {(await t.service.game(t.game_id)).board}".encode() in told
    more = [await t.client.get(f"/play/{t.game_id}/events", headers=as_user(waiting)) for _ in range(5)]
    assert [r.status for r in more] == [200] * 5
    newest = await t.client.get(f"/play/{t.game_id}/events", headers=as_user(waiting))
    assert newest.status == 200  # a session holds a few streams at most: a reload is never refused,
    assert await asyncio.wait_for(response.content.read(), 10) == b""  # the oldest stream ends instead
    assert [r.content.at_eof() for r in more] == [False] * 5
    for r in (response, *more, newest):
        r.close()


async def preview_of(t: Table, uid: int, board: int, code: str) -> dict[str, Any]:
    response = await t.client.get(f"/play/{t.game_id}/preview", params={"board": str(board), "code": code},
                                  headers=as_user(uid))
    assert response.status == 200
    answer: dict[str, Any] = await response.json()
    return answer


@pytest.mark.parametrize(("ruleset", "blind"), [("base", "reserve d{n}"), ("spectacle", "reserve deck")])
async def test_a_seat_sees_only_its_own_hidden_cards(table: Table, ruleset: str, blind: str) -> None:
    """Both seats reserve blind (a Splendor reserve, a Spectacle hand); every card hidden from a seat dealt again:
    its page, image and a preview stay the same.  Dealt again with its own blind cards too, they change (the test
    can fail)."""
    t = table
    if ruleset != "base":
        t.game_id = await two_player_game(t.service, ALICE, BOB, 400, ruleset=ruleset)
        info = await t.service.game(t.game_id)
        t.seats = {p.seat: p.user_id for p in info.players if p.seat is not None}
    for n in range(2):
        for seat in (0, 1):
            info = await t.service.game(t.game_id)
            await t.service.play(t.game_id, t.user_at(seat), blind.format(n=1 + n), expected_board=info.board,
                                 request_id=f"blind-{n}-{seat}")
    for seat in (0, 1):
        uid = t.user_at(seat)
        t.app[TABLES_KEY].__init__()  # type: ignore[misc]  # drawn anew
        html = await page(t, uid)
        png = await (await t.client.get(f"/play/{t.game_id}/{(await t.service.game(t.game_id)).board}.png",
                                        headers=as_user(uid))).read()
        g = t.service._games[t.game_id]
        state = g.state
        assert state is not None
        hidden = hidden_from(state, seat)
        own = hidden_from(state, None) - hidden
        assert own, "the seat holds a blind reserve of its own"
        assert not leaks_in_text(html, hidden)
        code = sorted(str(a) for a in engine.legal_actions(state))[0] if state.to_act == seat else None
        board = (await t.service.game(t.game_id)).board
        shown = await preview_of(t, uid, board, code) if code is not None else {}
        assert not leaks_in_text(str(shown), hidden)
        for redeal_seat, same in ((seat, True), (None, False)):
            other = state.copy()
            other.redeal(redeal_seat, Rng(77))  # type: ignore[arg-type]  # None: the seat's own blind cards too
            t.service._games[t.game_id] = replace(g, state=other)
            tables = t.app[TABLES_KEY]
            assert isinstance(tables, Tables)
            tables.__init__()  # type: ignore[misc]
            again = await page(t, uid)
            board = (await t.service.game(t.game_id)).board
            again_png = await (await t.client.get(f"/play/{t.game_id}/{board}.png", headers=as_user(uid))).read()
            assert (again == html and again_png == png) is same, (seat, redeal_seat)
            if code is not None:  # the seat to move: its preview of a move hides the same
                assert (await preview_of(t, uid, board, code) == shown) is same, (seat, redeal_seat)
        t.service._games[t.game_id] = g


async def test_a_web_process_beside_the_bot_shows_the_bots_moves(table: Table) -> None:
    """``python -m bot web`` with web play: its own service reads what the bot (another service on the same
    store) played, on the page and on the live stream (the store polled)."""
    t = table
    app = make_playing_app(Site(t.store), WebConfig(rate=0, play=True))  # no service given: a process of its own
    app[VISITOR_KEY] = visitors
    client = TestClient(TestServer(app))
    await client.start_server()
    try:
        mover, waiting = t.user_at(0), t.user_at(1)
        assert "Waiting for" in await (await client.get(f"/play/{t.game_id}", headers=as_user(waiting))).text()
        stream = await client.get(f"/play/{t.game_id}/events", headers=as_user(waiting))
        await asyncio.wait_for(stream.content.readuntil(b"\n\n"), 10)
        board = (await t.service.game(t.game_id)).board
        await t.service.play(t.game_id, mover, "take wug", expected_board=board, request_id="the-bot-1")
        told = await asyncio.wait_for(stream.content.readuntil(b"\n\n"), 30)  # within the poll
        assert f"data: {(await t.service.game(t.game_id)).board}".encode() in told
        stream.close()
        html = await (await client.get(f"/play/{t.game_id}", headers=as_user(waiting))).text()
        assert "Your turn." in html and "data-code=" in html
    finally:
        await client.close()


async def test_the_demo_gives_each_browser_a_game_against_a_computer_who_answers(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "demo.sqlite3")
    app = make_playing_app(Site(store), WebConfig(rate=0, play=True, demo_seats=True))
    client = TestClient(TestServer(app))
    await client.start_server()
    try:
        home = await (await client.get("/")).text()  # a newcomer opening the demo's home page finds where to play
        assert 'href="/play/demo"' in home and "Play a demo game against the computer" in home
        first = await client.get("/play/demo", allow_redirects=False)
        assert first.status == 303
        cookie = first.cookies[SESSION_COOKIE]  # a demo session of the sign-in's kind, bound to its game
        assert cookie["httponly"] and cookie["samesite"] == "Lax" and cookie["path"] == "/"
        where = first.headers["Location"]
        again = await client.get("/play/demo", allow_redirects=False)  # the same browser: the same game
        assert again.headers["Location"] == where
        game_id = int(where.split("/")[2])
        service = app[SERVICE_KEY]

        async def moves(count: int) -> int:  # the computer plays through the service's scheduler in this process
            for _ in range(400):
                if (await service.game(game_id)).version >= count:
                    break
                await asyncio.sleep(0.05)
            return (await service.game(game_id)).version

        info = await service.game(game_id)
        mine = info.seat_of(next(p.user_id for p in info.players if not p.is_bot))
        assert mine is not None
        assert await moves(mine) == mine  # the computer plays first when it sits first
        html = await (await client.get(where)).text()
        csrf = re.search(r'data-csrf="([^"]+)"', html)
        board = re.search(r'data-board="([0-9]+)"', html)
        assert csrf and board and "Your turn." in html
        response = await client.post(f"/play/{game_id}/move", json={
            "code": "take wug", "board": int(board.group(1)), "request": "demo-move-0001", "csrf": csrf.group(1)})
        assert response.status == 200, await response.text()
        assert await moves(mine + 2) == mine + 2  # and it answers
        client.session.cookie_jar.clear()
        assert (await client.get(where)).status == 401  # without the demo cookie: nobody's table
        other = (await client.get("/play/demo", allow_redirects=False)).headers["Location"]  # another browser
        assert other != where
        client.session.cookie_jar.clear()
        client.session.cookie_jar.update_cookies({SESSION_COOKIE: cookie.value}, client.make_url("/"))
        refused = await client.get(other)  # the first visitor's session on the other's table
        assert refused.status == 403 and "data-code" not in await refused.text()
        client.session.cookie_jar.clear()
        client.session.cookie_jar.update_cookies({SESSION_COOKIE: "forged"}, client.make_url("/"))
        assert (await client.get(where)).status == 401  # a made-up token: nobody either
        async with store.reading() as tx:
            assert len(await tx.actions(game_id)) == mine + 2
    finally:
        await client.close()
        await store.close()


@pytest.mark.parametrize("ruleset", ["base", "orient", "strongholds", "orient+strongholds", "spectacle"])
def test_the_moves_that_name_a_place_are_buttons_on_the_drawn_table(ruleset: str) -> None:
    """Over random positions, every move naming a place (a slot, a deck, a noble, the bank's tokens, a reserved card)
    or a card in the seat's hand opens from a button over that place; the rest (a pass) are in the list."""
    import random

    from bot.web.play import Seated, drawn, table_choices

    for seed in range(2):
        state = engine.new_game(engine.GameConfig(ruleset, players=2, seed=seed))
        rng = random.Random(seed)
        for _ in range(30):
            if state.is_over or state.to_act is None:
                break
            seat = state.to_act
            view = engine.view_for(state, seat)
            table = drawn(view, ["A", "B"], "en")
            info = type("Info", (), {"status": "active"})()
            s = Seated(visitor(1), "en", info, state, seat, view, ["A", "B"])  # type: ignore[arg-type]
            spots, families, _ = table_choices(s, table)
            listed = {c.code for found in families.values() for c in found}
            spotted = {c.code for spot in spots for c in spot.choices}
            assert spotted <= listed
            for code in listed - spotted:
                head = engine.parse_action(state, code).head
                assert not view.describe(head).places, (ruleset, code)
                assert not (ruleset == "spectacle" and head.family == "buy"), code  # a card in hand: a button
            state = engine.apply(state, seat, rng.choice(engine.legal_actions(state))).state
