"""Plans (issue 33 §1, ruling B-18): stored on both backends, fired at the start of the author's turn, cancelled
when their card leaves the table, refused while a decision is pending, safe against take-backs and restarts."""

from __future__ import annotations

import asyncio

import pytest

import engine
from bot.service import GameService, StaleBoard, UndoNothing
from bot.service.errors import (
    PlanAsksDecision,
    PlanCardNotFaceUp,
    PlanDecisionPending,
    PlanNotFound,
    PlanOnYourTurn,
    TooManyPlans,
)
from bot.service.plans import plan_key
from bot.store import PlanRow
from tests.bot.service.conftest import FakeClock, OpenStore
from tests.bot.service.test_undo import _game as two_player_game
from tests.bot.service.test_undo import _play

RULESETS = ("base", "orient", "strongholds", "orient+strongholds", "spectacle")


async def _game(service: GameService, ruleset: str = "base") -> tuple[int, list[int]]:
    return await two_player_game(service, ruleset, timer="24h")


async def _takes(service: GameService, gid: int, seat: int, n: int) -> list[str]:
    """``n`` different take moves ``seat`` could make if its turn began now, that end the turn (the ones that take
    most first: three different colours, which another player's take leaves legal)."""
    state = await service.state(gid)
    assert state is not None
    turn = engine.turn_for(state, seat)
    assert turn is not None
    out = []
    for a in engine.legal_actions(turn):
        if a.family == "take" and engine.apply(turn, seat, a).state.pending_kind is None:
            out.append(str(a))
    return sorted(out, key=lambda c: -len(c))[:n]


async def test_a_plan_fires_at_the_start_of_its_authors_turn_and_is_logged_as_theirs(
        open_store: OpenStore, clock: FakeClock) -> None:
    store = await open_store()
    try:
        service = GameService(store, clock)
        gid, users = await _game(service)
        (code,) = await _takes(service, gid, 1, 1)
        plans = await service.add_plan(gid, users[1], code)
        assert [(p.slot, p.code, p.cond, p.target) for p in plans] == [(0, code, None, None)]
        assert await service.plans(gid, users[0]) == []  # private: another player's list is their own
        assert await service.plan_turn(gid) is None  # not the author's turn yet: nothing played
        await _play(service, gid, (await _takes(service, gid, 0, 1))[0])
        out = await service.plan_turn(gid)
        assert out is not None and [(a.user_id, a.code, a.source, a.planned) for a in out.applied] == [
            (users[1], code, "player", True)]
        assert out.to_act_seat == 0 and await service.plans(gid, users[1]) == []
        async with store.reading() as tx:
            last = (await tx.actions(gid))[-1]
            boards = await tx.board_posts(gid)
        assert last.request_id is not None and last.request_id.startswith("plan:") and last.source == "player"
        assert [b.game_version for b in boards] == [2]  # its board is posted like a computer move's
        assert await service.plan_turn(gid) is None  # played once
        assert await service.verify(gid)
    finally:
        await store.close()


@pytest.mark.parametrize("ruleset", RULESETS)
async def test_plans_fire_in_every_ruleset(open_store: OpenStore, clock: FakeClock, ruleset: str) -> None:
    store = await open_store()
    try:
        service = GameService(store, clock)
        gid, users = await _game(service, ruleset)
        for code in await _takes(service, gid, 1, 3):
            await service.add_plan(gid, users[1], code)
        await _play(service, gid, (await _takes(service, gid, 0, 1))[0])
        out = await service.plan_turn(gid)
        assert out is not None and out.applied[0].planned and out.applied[0].user_id == users[1]
        assert await service.plans(gid, users[1]) == []
    finally:
        await store.close()


async def test_a_plan_whose_card_left_the_table_is_cancelled_and_the_next_one_plays(
        open_store: OpenStore, clock: FakeClock) -> None:
    store = await open_store()
    try:
        service = GameService(store, clock)
        gid, users = await _game(service)
        state = await service.state(gid)
        card = engine.view_for(state, 1).face_up()[0]
        first = await service.add_plan(gid, users[1], f"reserve {card.place}", cond=card.card_id)
        assert first[0].target == card.card_id and first[0].place == card.place and first[0].cond == card.card_id
        (fallback,) = await _takes(service, gid, 1, 1)
        await service.add_plan(gid, users[1], fallback)
        await _play(service, gid, f"reserve {card.place}")  # the other player takes that very card
        out = await service.plan_turn(gid)
        assert out is not None and [a.code for a in out.applied] == [fallback]
        after = engine.view_for(out.state, 1).face_up()
        assert card.card_id not in {f.card_id for f in after}
    finally:
        await store.close()


async def test_a_card_leaving_cancels_its_plan_at_once(open_store: OpenStore, clock: FakeClock) -> None:
    store = await open_store()
    try:
        service = GameService(store, clock)
        gid, users = await _game(service)
        state = await service.state(gid)
        card = engine.view_for(state, 1).face_up()[1]
        await service.add_plan(gid, users[1], f"reserve {card.place}")
        await _play(service, gid, f"reserve {card.place}")
        assert await service.plan_turn(gid) is None  # nothing left to play: the player is asked as usual
        assert await service.plans(gid, users[1]) == []
        assert (await service.game(gid)).to_act_seat == 1
    finally:
        await store.close()


async def test_plans_are_refused_on_ones_turn_while_a_decision_is_pending_and_beyond_three(
        open_store: OpenStore, clock: FakeClock) -> None:
    store = await open_store()
    try:
        service = GameService(store, clock)
        gid, users = await _game(service)
        with pytest.raises(PlanOnYourTurn):
            await service.add_plan(gid, users[0], (await _takes(service, gid, 0, 1))[0])
        codes = await _takes(service, gid, 1, 3)
        for code in codes:
            made = await service.add_plan(gid, users[1], code)
        keys = [plan_key(p) for p in made]
        with pytest.raises(TooManyPlans):
            await service.add_plan(gid, users[1], codes[0])
        await service.cancel_plan(gid, users[1], 2)
        with pytest.raises(PlanCardNotFaceUp):
            await service.add_plan(gid, users[1], codes[0], cond="9-99")
        left = await service.cancel_plan(gid, users[1], 0)
        assert [(p.slot, p.code) for p in left] == [(1, codes[1])]
        again = await service.add_plan(gid, users[1], codes[0])
        assert [(p.slot, p.code) for p in again] == [(0, codes[1]), (1, codes[0])]  # numbered again, in order
        with pytest.raises(PlanNotFound):  # an old Cancel button (plan 2 then) cancels nothing else now
            await service.cancel_plan(gid, users[1], keys[1])
        assert [p.code for p in await service.cancel_plan(gid, users[1], plan_key(again[0]))] == [codes[0]]
        await service.cancel_plan(gid, users[1])
        # takes (then a reserve) until a player must give tokens back: a decision is pending, plans are refused
        while (state := await service.state(gid)) is not None and state.pending_kind is None:
            seat = state.to_act
            assert seat is not None
            moves = [a for a in engine.legal_actions(state) if a.family == "take"] or [
                a for a in engine.legal_actions(state) if a.family == "reserve"]  # a gold token over ten
            await _play(service, gid, str(max(moves, key=lambda a: len(str(a)))))
        other = 1 - (state.to_act or 0)
        with pytest.raises(PlanDecisionPending):
            await service.add_plan(gid, users[other], codes[0])
        assert await service.plans(gid, users[other]) == []
    finally:
        await store.close()


async def test_a_move_that_leaves_a_decision_is_refused_as_a_plan(open_store: OpenStore, clock: FakeClock) -> None:
    store = await open_store()
    try:
        service = GameService(store, clock)
        gid, users = await _game(service)
        # three rounds of three gems: the waiting player holds 9, and a take of three would leave tokens to give
        # back, which a plan cannot answer
        for _ in range(3):
            for seat in (0, 1):
                await _play(service, gid, (await _takes(service, gid, seat, 1))[0])
        await _play(service, gid, (await _takes(service, gid, 0, 1))[0])
        state = await service.state(gid)
        assert state is not None and state.to_act == 1
        turn = engine.turn_for(state, 0)
        assert turn is not None
        over = [str(a) for a in engine.legal_actions(turn) if a.family == "take"
                and engine.apply(turn, 0, a).state.pending_kind is not None]
        assert over, "seat 0 holds enough tokens for a take to leave a decision"
        with pytest.raises(PlanAsksDecision):
            await service.add_plan(gid, users[0], over[0])
    finally:
        await store.close()


async def test_a_plan_and_a_take_back_racing_play_at_most_once(open_store: OpenStore, clock: FakeClock) -> None:
    store = await open_store()
    try:
        service = GameService(store, clock)
        gid, users = await _game(service)
        first, second = await _takes(service, gid, 1, 2)
        await service.add_plan(gid, users[1], first)
        await service.add_plan(gid, users[1], second)
        move = (await _takes(service, gid, 0, 1))[0]
        await _play(service, gid, move)
        # the take-back wins: the plans wait for the turn that really comes
        undo, fire = await asyncio.gather(service.take_back(gid, users[0], expected_version=1),
                                          service.plan_turn(gid))
        assert undo.version == 0 and fire is None
        assert [p.code for p in await service.plans(gid, users[1])] == [first, second]
        await _play(service, gid, move)
        # the plan wins: the mover's move is no longer the last one, so it cannot be taken back
        fire, refused = await asyncio.gather(service.plan_turn(gid),
                                             service.take_back(gid, users[0], expected_version=1),
                                             return_exceptions=True)
        assert not isinstance(fire, BaseException) and fire is not None
        assert [a.code for a in fire.applied] == [first]
        assert isinstance(refused, StaleBoard | UndoNothing)  # the board it was asked on is gone
        twice = await asyncio.gather(service.plan_turn(gid), service.plan_turn(gid))
        assert twice == [None, None]
        async with store.reading() as tx:
            codes = [a.code for a in await tx.actions(gid)]
        assert codes == [move, first]  # nothing played twice, nothing on a position taken back
    finally:
        await store.close()


async def test_plans_survive_a_restart_and_fire_in_the_new_process(open_store: OpenStore, clock: FakeClock) -> None:
    store = await open_store()
    service = GameService(store, clock)
    gid, users = await _game(service)
    (code,) = await _takes(service, gid, 1, 1)
    await service.add_plan(gid, users[1], code)
    await store.close()
    store = await open_store()
    try:
        again = GameService(store, clock)
        assert [p.code for p in await again.plans(gid, users[1])] == [code]
        await _play(again, gid, (await _takes(again, gid, 0, 1))[0])
        out = await again.plan_turn(gid)
        assert out is not None and [a.code for a in out.applied] == [code] and out.applied[0].planned
    finally:
        await store.close()


async def test_a_take_back_cancels_the_takers_own_plans(open_store: OpenStore, clock: FakeClock) -> None:
    store = await open_store()
    try:
        service = GameService(store, clock)
        gid, users = await _game(service)
        await _play(service, gid, (await _takes(service, gid, 0, 1))[0])
        await service.add_plan(gid, users[0], (await _takes(service, gid, 0, 1))[0])
        await service.take_back(gid, users[0], expected_version=1)
        assert await service.plans(gid, users[0]) == []
        assert await service.plan_turn(gid) is None and (await service.game(gid)).version == 0
    finally:
        await store.close()


async def test_a_plan_that_would_leave_a_decision_at_its_turn_is_passed_over(
        open_store: OpenStore, clock: FakeClock) -> None:
    store = await open_store()
    try:
        service = GameService(store, clock)
        gid, users = await _game(service)
        # play (takes, then reserves; decisions answered) until seat 1 begins a turn where one of its moves would
        # leave it a decision (tokens to give back) and another would not
        for _ in range(60):
            state = await service.state(gid)
            assert state is not None and state.to_act is not None
            if state.to_act == 1 and state.pending_kind is None:
                ends = {str(a): engine.apply(state, 1, a).state.pending_kind is None
                        for a in engine.legal_actions(state)}
                if not all(ends.values()) and any(ends.values()):
                    break
            legal = engine.legal_actions(state)
            moves = [a for a in legal if a.family == "take"] or [a for a in legal if a.family == "reserve"] or legal
            await _play(service, gid, str(max(moves, key=lambda a: len(str(a)))))
        else:
            raise AssertionError("no such turn came")
        over = next(code for code, ok in ends.items() if not ok)
        fits = next(code for code, ok in ends.items() if ok)
        async with store.transaction() as tx:  # made earlier; the decision arises only now
            await tx.add_plan(PlanRow(gid, users[1], 0, over, state.version - 1, clock()))
            await tx.add_plan(PlanRow(gid, users[1], 1, fits, state.version - 1, clock()))
        out = await service.plan_turn(gid)
        assert out is not None and [a.code for a in out.applied] == [fits]
        assert out.state is not None and not (out.state.to_act == 1 and out.state.pending_kind is not None)
        assert await service.plans(gid, users[1]) == []
    finally:
        await store.close()


async def test_the_plans_of_a_game_that_ended_are_deleted(open_store: OpenStore, clock: FakeClock) -> None:
    store = await open_store()
    try:
        service = GameService(store, clock)
        gid, users = await _game(service)
        await service.add_plan(gid, users[1], (await _takes(service, gid, 1, 1))[0])
        assert await service.plan_turn(gid) is None  # the scheduler knows the game has plans (its start-up scan)
        await service.resign(gid, users[0])
        assert (await service.game(gid)).status == "over"
        assert await service.plan_turn(gid) is None
        assert await service.plans(gid, users[1]) == []
        async with store.reading() as tx:
            assert await tx.planned_games() == []
    finally:
        await store.close()
