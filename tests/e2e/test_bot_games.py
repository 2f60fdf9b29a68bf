"""Whole games through the real bot: /splendor new → lobby buttons → slash-command turns → game over."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from tests.e2e.bot_helpers import board_messages, join_and_start, make_bot, new_game, play_to_the_end
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e


async def _full_game(fake: FakeDiscord, start_client: ClientRunner, tmp_path: Path, ruleset: str, players: int,
                     target: int | None) -> None:
    bot = await start_client(make_bot(fake, tmp_path / "games.sqlite3"))
    users = [fake.user(n) for n in ("alice", "bob", "carol", "owner")[:players]]
    thread, lobby, _ = await new_game(fake, users[0], ruleset, players, target=target)
    assert thread.parent_id == fake.channel("general").id
    first = await join_and_start(fake, thread, lobby, users[0], users[1:])
    assert first.attachment("table.png").data.startswith(b"\x89PNG")
    assert lobby.custom_ids() == []  # the lobby lost its buttons once started

    game = await play_to_the_end(fake, bot, thread, {u.id: u for u in users})

    assert game.status == "over"
    assert await bot.service.verify(game.game_id)
    last = board_messages(fake, thread)[-1]
    assert "Game over" in last.content or "The game is over" in last.content
    assert [c.rsplit(":", 1)[-1] for c in last.custom_ids()] == ["rematch"]  # the final board's one button
    recap = await fake.wait_for_message(thread, lambda m: any(a.filename == "recap.png" for a in m.attachments))
    assert recap.attachment("recap.png").data.startswith(b"\x89PNG") and recap.custom_ids() == []
    assert len([m for m in fake.messages_in(thread) if any(a.filename == "recap.png" for a in m.attachments)]) == 1
    state = await bot.service.state(game.game_id)
    assert state.to_act is None
    winners = set(state.winners())
    assert winners and winners <= set(range(players))
    places = {p.seat: p.place for p in game.players}
    assert all(places[w] == 1 for w in winners)
    if ruleset == "base" and target is None:  # the full-length game really went to 15 points
        view = engine.view_for(state, None)
        assert view.target == 15 and max(s.points for s in view.seats) >= 15


async def test_base_two_players_full_length(fake_discord: FakeDiscord, start_client: ClientRunner,
                                            tmp_path: Path) -> None:
    await _full_game(fake_discord, start_client, tmp_path, "base", 2, None)


async def test_base_four_players(fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path) -> None:
    await _full_game(fake_discord, start_client, tmp_path, "base", 4, 6)


async def test_base_orient_strongholds(fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path) -> None:
    await _full_game(fake_discord, start_client, tmp_path, "orient+strongholds", 3, 6)


async def test_spectacle(fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path) -> None:
    await _full_game(fake_discord, start_client, tmp_path, "spectacle", 3, None)
