"""The Activity's server side (issue 44) against the fake Discord: the code exchanged with the client secret, the
user learnt from ``/users/@me``, the instance checked with Discord before a session is bound to the game of its
channel; refusals write nothing.  (Its headers: tests/bot/web/test_activity_headers.py.)"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.service import GameService
from bot.store import SqliteStore
from bot.store.sessions import WebSession
from bot.web import Site, WebConfig, activity, auth
from bot.web.play import make_playing_app
from tests.e2e.fakediscord import FAKE_TOKEN, FakeChannel, FakeDiscord, FakeUser

pytestmark = pytest.mark.e2e


def extensions(fake: FakeDiscord) -> tuple[Any, ...]:
    """The sign-in (whose sessions the Activity opens) and the Activity, both on the fake Discord."""
    sign_in = auth.SignInConfig(application_id=fake.application_id, client_secret=fake.oauth.client_secret,
                                discord_url=fake.base_url)
    config = activity.ActivityConfig(client_id=fake.application_id, client_secret=fake.oauth.client_secret,
                                     bot_token=FAKE_TOKEN, api_base=fake.api_base)
    return auth.extension(sign_in), activity.extension(config)


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    opened = await SqliteStore.open(tmp_path / "activity.sqlite3")
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture
async def site(fake_discord: FakeDiscord, store: SqliteStore) -> AsyncIterator[TestClient[Any, Any]]:
    config = WebConfig(rate=0, play=True, extensions=extensions(fake_discord))
    client = TestClient(TestServer(make_playing_app(Site(store), config)))
    await client.start_server()
    try:
        yield client
    finally:
        await client.close()


async def _game_thread(fake: FakeDiscord, store: SqliteStore, parent: str, creator: FakeUser,
                       other: FakeUser) -> tuple[FakeChannel, int]:
    """A started two-player game in a new thread of ``parent``: the thread and the game's id."""
    thread = await fake.create_thread(fake.channel(parent), "Splendor", owner=creator)
    service = GameService(store, lambda: datetime.now(UTC))
    game = await service.create_game(channel_id=thread.id, creator_id=creator.id, players=2, turn_timer=None)
    await service.join(game.game_id, other.id)
    await service.start(game.game_id, creator.id)
    return thread, game.game_id


async def _sign_in(site: TestClient[Any, Any], fake: FakeDiscord, user: FakeUser) -> str:
    """authorize (the client asks Discord for a code) and our token exchange: the access token."""
    code = fake.oauth.issue_code(user)
    answer = await site.post("/activity/api/token", json={"code": code})
    assert answer.status == 200, await answer.text()
    token = (await answer.json())["access_token"]
    assert isinstance(token, str) and token
    return token


async def sessions(store: SqliteStore, *users: FakeUser) -> list[WebSession]:
    """The web sessions the store holds for ``users``."""
    async with store.reading() as tx:
        return [s for u in users for s in await tx.user_web_sessions(u.id)]


async def test_a_player_in_the_games_thread_gets_a_session_bound_to_that_game(
        fake_discord: FakeDiscord, site: TestClient[Any, Any], store: SqliteStore) -> None:
    fake = fake_discord
    alice = fake.user("alice")
    thread, game_id = await _game_thread(fake, store, "general", alice, fake.user("bob"))
    instance = fake.activities.create_instance(thread, [alice.id])
    token = await _sign_in(site, fake, alice)
    answer = await site.post("/activity/api/session", json={
        "access_token": token, "instance_id": instance.instance_id, "channel_id": str(thread.id)})
    assert answer.status == 200, await answer.text()
    body = await answer.json()
    assert body["game"]["id"] == game_id and body["games"] == []
    [session] = await sessions(store, alice)
    assert (session.kind, session.game_id, session.csrf) == ("activity", game_id, body["csrf"])
    # the token opens that session when it comes as a Bearer header (as the page sends it), not as the cookie
    table = await site.get(f"/play/{game_id}", headers={"Authorization": f"Bearer {body['token']}"})
    assert table.status == 200 and 'data-testid="play"' in await table.text()
    cookie = await site.get(f"/play/{game_id}", cookies={"splendor_session": body["token"]})
    assert cookie.status == 401
    # the secret went to Discord's token endpoint, never to the page
    assert fake.oauth.calls_to("/oauth2/token")[-1].status == 200 and fake.oauth.client_secret not in str(body)


async def test_launched_where_no_game_is_played_the_player_gets_their_games(
        fake_discord: FakeDiscord, site: TestClient[Any, Any], store: SqliteStore) -> None:
    fake = fake_discord
    bob = fake.user("bob")
    _elsewhere, game_id = await _game_thread(fake, store, "games", bob, fake.user("carol"))
    instance = fake.activities.create_instance(fake.channel("general"), [bob.id])
    token = await _sign_in(site, fake, bob)
    answer = await site.post("/activity/api/session", json={"access_token": token,
                                                             "instance_id": instance.instance_id})
    body = await answer.json()
    assert answer.status == 200 and body["game"] is None
    assert [g["id"] for g in body["games"]] == [game_id]
    assert [(s.kind, s.game_id) for s in await sessions(store, bob)] == [("activity", None)]


@pytest.mark.parametrize("case", ["other-channel", "user-not-in-instance", "unknown-instance", "forged-channel",
                                  "forged-token", "path-in-instance"])
async def test_refusals_write_nothing(fake_discord: FakeDiscord, site: TestClient[Any, Any], store: SqliteStore,
                                      case: str) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    thread, _game = await _game_thread(fake, store, "general", alice, bob)
    in_thread = fake.activities.create_instance(thread, [alice.id])
    token = await _sign_in(site, fake, alice)
    claim = {"access_token": token, "instance_id": in_thread.instance_id, "channel_id": str(thread.id)}
    expected = {"other-channel": "channel_mismatch", "user-not-in-instance": "not_in_instance",
                "unknown-instance": "unknown_instance", "forged-channel": "channel_mismatch",
                "forged-token": "token_refused", "path-in-instance": "bad_request"}[case]
    if case == "other-channel":  # the page says the game's thread; Discord says the instance is in #general
        claim["instance_id"] = fake.activities.create_instance(fake.channel("general"), [alice.id]).instance_id
    elif case == "user-not-in-instance":  # bob's instance in the same thread, alice not connected to it
        claim["instance_id"] = fake.activities.create_instance(thread, [bob.id]).instance_id
    elif case == "unknown-instance":
        claim["instance_id"] = "i-404-gc-" + str(thread.id)
    elif case == "forged-channel":  # the query's channel_id names another game's thread
        claim["channel_id"] = str(fake.channel("games").id)
    elif case == "forged-token":
        claim["access_token"] = "made-up-token"
    else:  # an instance id that would reach another of Discord's routes with the bot's token
        claim["instance_id"] = ".."
    asked = len([r for r in fake.requests if "/activity-instances/" in r.path])
    answer = await site.post("/activity/api/session", json=claim)
    body = await answer.json()
    assert answer.status == (400 if case == "path-in-instance" else 403)
    assert body["error"] == expected and "token" not in body
    if case == "path-in-instance":
        assert len([r for r in fake.requests if "/activity-instances/" in r.path]) == asked
        assert not [r for r in fake.requests if r.path == f"/applications/{fake.application_id}"]
    assert body["message"] and body["message"] != expected  # a sentence for the page, localized
    assert await sessions(store, alice, bob) == []


async def test_a_code_is_exchanged_once_and_a_form_post_from_another_site_is_refused(
        fake_discord: FakeDiscord, site: TestClient[Any, Any], store: SqliteStore) -> None:
    fake = fake_discord
    alice = fake.user("alice")
    code = fake.oauth.issue_code(alice)
    assert (await site.post("/activity/api/token", json={"code": code})).status == 200
    replayed = await site.post("/activity/api/token", json={"code": code})
    assert replayed.status == 403 and (await replayed.json())["error"] == "code_refused"
    form = await site.post("/activity/api/session", data={"access_token": "x", "instance_id": "y"})
    assert form.status == 415
    assert await sessions(store, alice) == []
