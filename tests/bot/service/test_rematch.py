"""Rematches (issue 33): the same players and settings in a new lobby, seats rotated, open to those players only."""

from __future__ import annotations

import asyncio

import pytest

from bot.service import AlreadyStarted, GameService, NotOpenToYou, NotOver, NotSeated
from bot.service.bots import bot_user_id
from tests.bot.service.conftest import started_game


async def _finished(service: GameService, users: tuple[int, ...]) -> int:
    """A finished base game of ``users`` (all but the first resign, in turn order)."""
    gid = await started_game(service, users, turn_timer="72h", options={"target": 10}, timeout_policy="ai", lang="es")
    info = await service.game(gid)
    for p in info.players[1:]:
        await service.resign(gid, p.user_id)
    assert (await service.game(gid)).status == "over"
    return gid


async def test_a_rematch_rotates_the_seats_keeps_the_settings_and_starts_when_all_accepted(
        service: GameService) -> None:
    gid = await _finished(service, (101, 102, 103))
    old = await service.game(gid)
    order = [p.user_id for p in old.players]  # seat order
    new, opened = await service.rematch(gid, 102, channel_id=9100, request_id="r1")
    assert opened and new.status == "lobby" and new.rematch_of == gid and new.channel_id == 9100
    assert list(new.invited) == order[1:] + order[:1]  # the old seat 1 plays first
    assert new.user_ids == (102,) and set(new.waiting_for) == {101, 103} and not new.ready
    assert (new.ruleset, new.options, new.turn_timer, new.timeout_policy, new.lang, new.max_players) == (
        old.ruleset, old.options, old.turn_timer, old.timeout_policy, old.lang, 3)
    # asked again (another player, the button twice): the same lobby
    again, opened_again = await service.rematch(gid, 101, channel_id=9200)
    assert again.game_id == new.game_id and not opened_again
    assert (await service.rematch_open(gid, 103)) == again
    with pytest.raises(NotOpenToYou):
        await service.join(new.game_id, 999)
    await service.join(new.game_id, 103)
    ready = await service.join(new.game_id, 101)
    assert ready.ready and not ready.waiting_for
    out = await service.start(new.game_id, ready.creator_id)
    assert [p.user_id for p in out.game.players] == order[1:] + order[:1]
    assert out.to_act_user == order[1]


async def test_a_rematch_seats_its_computers_at_once(service: GameService) -> None:
    info = await service.create_game(channel_id=1, creator_id=101, players=2, seed=3)
    await service.add_bot(info.game_id, 101, "easy")
    await service.start(info.game_id, 101)
    await service.resign(info.game_id, 101)
    new, _ = await service.rematch(info.game_id, 101, channel_id=2)
    assert set(new.user_ids) == {101, bot_user_id("easy", 1)} and new.ready


async def test_rematch_refusals(service: GameService) -> None:
    gid = await started_game(service, (101, 102))
    with pytest.raises(NotOver):
        await service.rematch(gid, 101, channel_id=9100)
    await service.abort(gid, 101)
    with pytest.raises(NotOver):  # an aborted game has no rematch
        await service.rematch(gid, 101, channel_id=9100)
    done = await _finished(service, (201, 202))
    with pytest.raises(NotSeated):
        await service.rematch(done, 999, channel_id=9300)


async def test_two_rematch_requests_at_once_open_one_lobby(service: GameService) -> None:
    gid = await _finished(service, (101, 102))
    (a, opened_a), (b, opened_b) = await asyncio.gather(service.rematch(gid, 101, channel_id=7001),
                                                        service.rematch(gid, 102, channel_id=7002))
    assert a.game_id == b.game_id and [opened_a, opened_b].count(True) == 1
    await service.join(a.game_id, 102 if a.creator_id == 101 else 101)
    await service.start(a.game_id, a.creator_id)
    with pytest.raises(AlreadyStarted):
        await service.start(a.game_id, a.creator_id)


async def test_three_requests_claiming_in_the_old_thread_open_one_lobby_then_it_moves_to_its_thread(
        service: GameService) -> None:
    """The bot claims the rematch in the old game's thread before creating any thread (one thread, none deleted):
    the requests that lose the race are told the lobby being opened, never a busy channel."""
    gid = await _finished(service, (101, 102))
    old = await service.game(gid)
    results = await asyncio.gather(*(service.rematch(gid, u, channel_id=old.channel_id) for u in (101, 102, 101)))
    assert len({g.game_id for g, _ in results}) == 1 and [opened for _, opened in results].count(True) == 1
    claimed = results[0][0]
    assert claimed.channel_id == old.channel_id
    moved = await service.move_lobby(claimed.game_id, 7777)
    assert moved.channel_id == 7777 and moved.status == "lobby"
    assert (await service.game_for_channel(7777)).game_id == claimed.game_id
    assert (await service.game_for_channel(old.channel_id)).game_id == gid  # the old thread keeps its game
    assert (await service.rematch_open(gid, 102)).channel_id == 7777
