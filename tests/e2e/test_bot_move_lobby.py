"""Moving a game whose thread was deleted (issue 34) while it is still a lobby: the lobby is posted in the new
thread with its buttons, and a player joins from there; a game that is over cannot be moved (told privately)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.service.conftest import FakeClock
from tests.e2e.bot_helpers import lobby_button, new_game, reply_of
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FakeDiscord
from tests.e2e.test_bot_threads import game_once, make

pytestmark = pytest.mark.e2e

#: The host's command that moves a game to a new thread here, and the one that ends a lobby (names may change).
MOVE, ABORT = "splendor move", "splendor abort"


async def test_a_lobby_whose_thread_was_deleted_is_moved_with_its_buttons(
    fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path
) -> None:
    fake = fake_discord
    bot = await start_client(make(fake, tmp_path, FakeClock()))
    alice, bob = fake.user("alice"), fake.user("bob")
    thread, _, _ = await new_game(fake, alice)
    await fake.delete_thread(thread)
    await game_once(bot, lambda g: g.thread_state == "lost")  # THREAD_DELETE: the lobby is stranded

    games = fake.channel("games")
    done = await reply_of(await fake.slash(alice, games, MOVE, {"game": 1}))
    new = fake.threads_of(games)[-1]
    assert done.ephemeral and f"<#{new.id}>" in done.content
    lobby = await fake.wait_for_message(new, lambda m: any("join" in c for c in m.custom_ids()))
    assert lobby.content.startswith("Game #1 moved here") and lobby.allowed_mentions == {"parse": []}
    await (await fake.click(bob, lobby, lobby_button(lobby, "join"))).accepted()
    joined = await game_once(bot, lambda g: bob.id in g.user_ids)
    assert joined.channel_id == new.id and joined.thread_state is None and joined.status == "lobby"

    await reply_of(await fake.slash(alice, new, ABORT, {}))
    await game_once(bot, lambda g: g.status != "lobby")
    refused = await reply_of(await fake.slash(alice, games, MOVE, {"game": 1}))
    assert refused.ephemeral and "is over" in refused.content
    assert len(fake.threads_of(games)) == 1  # nothing to move: no thread made
