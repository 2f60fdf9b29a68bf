"""Blocking, reliability and server defaults (issue 33): a blocked pair never joins each other's lobbies; each player's
games finished, turns timed out and games abandoned over 90 days."""

from __future__ import annotations

import pytest

from bot.service import BadOption, CannotBlock, GameService, NotBlocked, NotOpenToYou
from bot.service.bots import bot_user_id
from bot.store import GuildDefaults, Reliability
from tests.bot.service.conftest import FakeClock, started_game


async def test_a_blocked_player_cannot_join_and_cannot_be_joined(service: GameService) -> None:
    assert await service.block(101, 102) == [102]
    assert await service.block(101, 102) == [102]  # twice: once
    assert await service.block(101, 103) == [102, 103]
    lobby = await service.create_game(channel_id=1, creator_id=101, players=4)
    with pytest.raises(NotOpenToYou):  # the blocked one
        await service.join(lobby.game_id, 102)
    other = await service.create_game(channel_id=2, creator_id=102, players=4)
    with pytest.raises(NotOpenToYou):  # the one who blocked
        await service.join(other.game_id, 101)
    assert (await service.join(other.game_id, 104)).user_ids == (102, 104)
    # the league seats its tables itself (its queue kept them apart already)
    assert 101 in (await service.join(other.game_id, 101, placed=True)).user_ids
    assert await service.unblock(101, 102) == [103]
    with pytest.raises(NotBlocked):
        await service.unblock(101, 102)
    assert 102 in (await service.join(lobby.game_id, 102)).user_ids
    assert await service.blocked(101) == [103] and await service.blocked(103) == []
    with pytest.raises(CannotBlock):
        await service.block(101, 101)
    with pytest.raises(CannotBlock):
        await service.block(101, bot_user_id("easy", 1))


async def test_reliability_counts_the_last_90_days(service: GameService, clock: FakeClock) -> None:
    done = await started_game(service, (101, 102), channel=1)
    await service.resign(done, 102)  # 101 finished, 102 abandoned
    clock.advance(days=100)
    recent = await started_game(service, (101, 103), channel=2)
    await service.resign(recent, 101)
    await started_game(service, (104, 103), channel=3, turn_timer="12h")
    clock.advance(hours=13)
    await service.run_due_timers()  # 104's turn timed out
    got = await service.reliability([101, 102, 103, 104, 105, bot_user_id("easy", 1)])
    assert got[101] == Reliability(finished=0, timed_out=0, abandoned=1)  # the game 100 days ago is forgotten
    assert got[102] == Reliability()
    assert got[103] == Reliability(finished=1, timed_out=0, abandoned=0)
    assert got[104] == Reliability(finished=0, timed_out=1, abandoned=0)
    assert got[105] == Reliability() and got[bot_user_id("easy", 1)] == Reliability()


async def test_server_defaults_are_saved_checked_and_replaced(service: GameService) -> None:
    assert await service.server_defaults(7) == GuildDefaults(7)
    saved = await service.set_server_defaults(GuildDefaults(7, "ORIENT", "72h", "pt", "ai", 55))
    assert saved == GuildDefaults(7, "orient", "72h", "pt", "ai", 55) == await service.server_defaults(7)
    await service.set_server_defaults(GuildDefaults(7, turn_timer="none"))
    assert await service.server_defaults(7) == GuildDefaults(7, turn_timer="none")
    assert await service.server_defaults(8) == GuildDefaults(8)
    for bad in (GuildDefaults(7, ruleset="chess"), GuildDefaults(7, turn_timer="1m"), GuildDefaults(7, lang="fr"),
                GuildDefaults(7, timeout_policy="forfeit")):
        with pytest.raises(BadOption):
            await service.set_server_defaults(bad)
    assert await service.server_defaults(7) == GuildDefaults(7, turn_timer="none")
