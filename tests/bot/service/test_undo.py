"""Taking back a misclick (ruling B-16) through the real service, store and rulesets."""

from __future__ import annotations

import pytest

import engine
from bot.service import GameService, StaleBoard, UndoNothing, UndoRevealed
from tests.bot.service.conftest import FakeClock, OpenStore


async def _game(service: GameService, ruleset: str = "base", *, timer: str = "none") -> tuple[int, list[int]]:
    info = await service.create_game(channel_id=1, creator_id=1, ruleset=ruleset, players=2, seed=3,
                                     turn_timer=timer)
    await service.join(info.game_id, 2)
    out = await service.start(info.game_id, 1)
    return info.game_id, [p.user_id for p in out.game.players]  # users by seat


async def _play(service: GameService, gid: int, code: str) -> None:
    info = await service.game(gid)
    await service.play(gid, info.to_act_user or 0, code, expected_version=info.version,
                       request_id=f"r{gid}:{info.version}:{code}")


def _first(state: engine.GameState, prefix: str) -> str:
    return next(str(a) for a in engine.legal_actions(state) if str(a).startswith(prefix))


async def test_a_take_is_taken_back_and_the_log_stays_the_game(open_store: OpenStore, clock: FakeClock) -> None:
    store = await open_store()
    service = GameService(store, clock)
    gid, users = await _game(service, timer="24h")
    start = await service.state(gid)
    code = _first(start, "take")
    await _play(service, gid, code)
    assert (await service.game(gid)).to_act_seat == 1
    out = await service.take_back(gid, users[0], expected_version=1)
    assert out.version == 0 and out.to_act_seat == 0 and [a.code for a in out.applied] == [code]
    assert out.state is not None and out.state.to_json() == start.to_json()
    assert out.game.deadline is not None  # the clock is the mover's again
    async with store.reading() as tx:
        assert await tx.actions(gid) == []
        assert [a.code for a in await tx.undone_actions(gid)] == [code]
        assert (await tx.timer(gid)).seat == 0
    # another move at the same version, then a restart: the log replays to the same game
    other = [str(a) for a in engine.legal_actions(start) if str(a).startswith("take")][-1]
    await _play(service, gid, other)
    played = await service.state(gid)
    await store.close()
    store = await open_store()
    try:
        again = GameService(store, clock)
        assert (await again.state(gid)).to_json() == played.to_json()
        assert await again.verify(gid)
        async with store.reading() as tx:
            assert [a.code for a in await tx.actions(gid)] == [other]
    finally:
        await store.close()


async def test_only_the_last_own_move_and_only_before_the_next_player(service: GameService) -> None:
    gid, users = await _game(service)
    await _play(service, gid, _first(await service.state(gid), "take"))
    with pytest.raises(UndoNothing):  # not the other player's to take back
        await service.take_back(gid, users[1], expected_version=1)
    with pytest.raises(StaleBoard):
        await service.take_back(gid, users[0], expected_version=0)
    await _play(service, gid, _first(await service.state(gid), "take"))
    with pytest.raises(UndoNothing):  # the next player has acted
        await service.take_back(gid, users[0], expected_version=2)
    out = await service.take_back(gid, users[1], expected_version=2)
    assert out.version == 1 and out.to_act_user == users[1]
    with pytest.raises(UndoNothing):  # nothing older can be undone
        await service.take_back(gid, users[1], expected_version=1)


@pytest.mark.parametrize(("ruleset", "prefix"), [("base", "reserve d1"), ("base", "reserve 1.1"),
                                                  ("spectacle", "reserve deck")])
async def test_a_move_that_revealed_a_card_cannot_be_taken_back(service: GameService, ruleset: str,
                                                                prefix: str) -> None:
    gid, users = await _game(service, ruleset)
    code = _first(await service.state(gid), prefix)
    await _play(service, gid, code)
    with pytest.raises(UndoRevealed) as refused:
        await service.take_back(gid, users[0], expected_version=1)
    assert "(B-16)" in refused.value.message("en")
    assert (await service.game(gid)).version == 1
    async with service.store.reading() as tx:
        assert [a.code for a in await tx.actions(gid)] == [code]


async def test_spectacle_chips_are_taken_back(service: GameService) -> None:
    gid, users = await _game(service, "spectacle")
    start = await service.state(gid)
    await _play(service, gid, _first(start, "take"))
    out = await service.take_back(gid, users[0], expected_version=1)
    assert out.state is not None and out.state.to_json() == start.to_json()


def test_the_engine_says_what_reveals() -> None:
    state = engine.new_game(engine.GameConfig("base", 2, 3))
    took = engine.apply(state, 0, engine.parse_action(state, _first(state, "take"))).state
    assert engine.take_back(took) is not None and engine.take_back(state) is None
    blind = engine.apply(state, 0, engine.parse_action(state, "reserve d2")).state
    assert engine.take_back(blind) is None


async def test_a_computer_move_decided_before_a_take_back_is_stale(service: GameService) -> None:
    """B-16: a move chosen in a position that was taken back (same version, other position) is refused."""
    gid, users = await _game(service)
    takes = [str(a) for a in engine.legal_actions(await service.state(gid)) if str(a).startswith("take")]
    await _play(service, gid, takes[0])
    decided_on = await service.state(gid)  # the second player's computer thinks here, at version 1
    await service.take_back(gid, users[0], expected_version=1)
    await _play(service, gid, takes[1])  # version 1 again, another position
    code = str(engine.legal_actions(decided_on)[0])
    with pytest.raises(StaleBoard) as err:
        await service._play(gid, users[1], code, expected_version=1, request_id="ai:1", source="ai",
                            decided_on=decided_on)
    assert err.value.params == {"expected": 1, "current": 1}
    assert len(await service.actions(gid)) == 1
