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


RULESETS = ("base", "orient", "strongholds", "orient+strongholds", "spectacle")


@pytest.mark.parametrize("ruleset", RULESETS)
async def test_a_board_before_a_take_back_never_acts_on_the_board_after_it(open_store: OpenStore, clock: FakeClock,
                                                                           ruleset: str) -> None:
    """Issue 27 §1: A moves; B prepares a move on that board; A takes back and moves again (the log is as long
    as before).  B's move, B's take-back and anything else prepared on the old board are refused as stale, also
    after a restart, and the board identity never repeats."""
    store = await open_store()
    service = GameService(store, clock)
    gid, users = await _game(service, ruleset)
    start = await service.game(gid)
    takes = [str(a) for a in engine.legal_actions(await service.state(gid)) if a.family == "take"]
    seen = [start.board]
    await _play(service, gid, takes[0])
    b_saw = await service.game(gid)  # B prepares a move on this board
    b_code = str(engine.legal_actions(await service.state(gid))[0])
    seen.append(b_saw.board)
    out = await service.take_back(gid, users[0], expected_board=b_saw.board)
    assert out.game.board == b_saw.board + 1 and out.version == 0 and out.game.takebacks == 1
    seen.append(out.game.board)
    with pytest.raises(StaleBoard):  # A's own old board (before the take-back) is gone too
        await service.play(gid, users[0], takes[1], expected_board=start.board, request_id="old-a")
    await _play(service, gid, takes[1])
    now = await service.game(gid)
    assert now.version == b_saw.version and now.to_act_user == users[1]  # the same version: only the board differs
    seen.append(now.board)
    assert len(set(seen)) == len(seen) and seen == sorted(seen)
    with pytest.raises(StaleBoard) as refused:
        await service.play(gid, users[1], b_code, expected_board=b_saw.board, request_id="b-confirm")
    assert refused.value.params == {"expected": b_saw.board, "current": now.board}
    with pytest.raises(StaleBoard):
        await service.take_back(gid, users[0], expected_board=b_saw.board)
    assert [a.code for a in await service.actions(gid)] == [takes[1]]
    await store.close()
    store = await open_store()  # the identity is the game's: a restart knows it
    try:
        again = GameService(store, clock)
        assert (await again.game(gid)).board == now.board
        with pytest.raises(StaleBoard):
            await again.play(gid, users[1], b_code, expected_board=b_saw.board, request_id="b-after-restart")
        b_now = str(engine.legal_actions(await again.state(gid))[0])
        played = await again.play(gid, users[1], b_now, expected_board=now.board, request_id="b-current")
        assert played.game.board == now.board + len(played.applied)
    finally:
        await store.close()


async def test_a_retried_confirm_is_its_earlier_outcome_not_stale(service: GameService) -> None:
    """A request applied before is answered as a duplicate, even though its board is now an old one."""
    gid, users = await _game(service)
    info = await service.game(gid)
    code = _first(await service.state(gid), "take")
    first = await service.play(gid, users[0], code, expected_board=info.board, request_id="once")
    again = await service.play(gid, users[0], code, expected_board=info.board, request_id="once")
    assert again.duplicate and not first.duplicate and again.game.board == first.game.board


async def test_a_move_needs_a_board_or_a_version(service: GameService) -> None:
    gid, users = await _game(service)
    with pytest.raises(ValueError):
        await service.play(gid, users[0], _first(await service.state(gid), "take"), request_id="none")


class _Takes:
    """A thinker that takes the first gems it may (a move that reveals nothing)."""

    async def think(self, view: engine.TableView, *, level: str, seed: int, budget: float) -> str:
        assert view.public is not None
        return next(str(a) for a in view.public.canonical().legal_actions() if a.family == "take")

    async def warm(self) -> None:
        return None

    def close(self) -> None:
        return None


@pytest.mark.parametrize("policy", ["skip", "ai"])
async def test_a_move_the_clock_made_for_the_seat_is_not_the_players_to_take_back(
        service: GameService, clock: FakeClock, policy: str) -> None:
    """B-16 takes back a misclick: a move the turn timer (minimal move) or a computer (policy "ai") made for the
    seat is logged under the player's seat and id, and is still not theirs to take back (only the log row's
    source tells it from the player's own move)."""
    service.use_thinker(_Takes())
    info = await service.create_game(channel_id=1, creator_id=1, ruleset="base", players=2, seed=3,
                                     turn_timer="1h", timeout_policy=policy)  # type: ignore[arg-type]
    await service.join(info.game_id, 2)
    gid = (await service.start(info.game_id, 1)).game.game_id
    sleeper = (await service.game(gid)).to_act_user
    assert sleeper is not None
    clock.advance(hours=2)
    (out,) = await service.run_due_timers()
    (made,) = out.applied
    assert (made.user_id, made.source) == (sleeper, "ai" if policy == "ai" else "timeout")
    assert engine.take_back(await service.state(gid)) is not None  # nothing revealed: only the source refuses
    with pytest.raises(UndoNothing):
        await service.take_back(gid, sleeper, expected_board=out.game.board)
    assert [a.code for a in await service.actions(gid)] == [made.code]
