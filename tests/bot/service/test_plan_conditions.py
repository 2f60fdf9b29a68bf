"""Conditional plans (issue 33, ruling B-18): "play this only if that card is still face up" is played when the card
is still there at the start of the author's turn, whether the condition named the card or its place, and passed
over (the next plan plays) when the card has left the table."""

from __future__ import annotations

import pytest

import engine
from bot.service import GameService
from tests.bot.service.test_plans import _takes
from tests.bot.service.test_undo import _game as two_player_game
from tests.bot.service.test_undo import _play


async def _started(service: GameService) -> tuple[int, list[int]]:
    return await two_player_game(service, "base", timer="24h")


@pytest.mark.parametrize("by", ["card", "place"])
async def test_a_conditional_plan_is_played_when_its_card_is_still_face_up(service: GameService, by: str) -> None:
    gid, users = await _started(service)
    state = await service.state(gid)
    assert state is not None
    card = engine.view_for(state, 1).face_up()[2]
    planned, fallback = await _takes(service, gid, 1, 2)
    made = await service.add_plan(gid, users[1], planned, cond=card.card_id if by == "card" else card.place)
    assert made[0].cond == card.card_id  # a place is stored as the card lying there now
    await service.add_plan(gid, users[1], fallback)
    (other,) = await _takes(service, gid, 0, 1)
    await _play(service, gid, other)  # seat 0 takes chips: the card stays where it was
    now = await service.state(gid)
    assert now is not None and card.card_id in {f.card_id for f in engine.view_for(now, 1).face_up()}
    out = await service.plan_turn(gid)
    assert out is not None
    assert [(a.user_id, a.code, a.planned) for a in out.applied] == [(users[1], planned, True)]
    assert await service.plans(gid, users[1]) == []  # the others are dropped once one is played


async def test_a_conditional_plan_on_the_card_it_buys_or_reserves_is_played(service: GameService) -> None:
    gid, users = await _started(service)
    state = await service.state(gid)
    assert state is not None
    card = engine.view_for(state, 1).face_up()[0]
    (fallback,) = await _takes(service, gid, 1, 1)
    await service.add_plan(gid, users[1], f"reserve {card.place}", cond=card.card_id)
    await service.add_plan(gid, users[1], fallback)
    (other,) = await _takes(service, gid, 0, 1)
    await _play(service, gid, other)
    out = await service.plan_turn(gid)
    assert out is not None and [a.code for a in out.applied] == [f"reserve {card.place}"]
    assert out.state is not None
    assert card.card_id not in {f.card_id for f in engine.view_for(out.state, 1).face_up()}  # into seat 1's hand


async def test_a_conditional_plan_whose_card_left_is_passed_over(service: GameService) -> None:
    gid, users = await _started(service)
    state = await service.state(gid)
    assert state is not None
    card = engine.view_for(state, 1).face_up()[1]
    planned, fallback = await _takes(service, gid, 1, 2)
    await service.add_plan(gid, users[1], planned, cond=card.card_id)
    await service.add_plan(gid, users[1], fallback)
    await _play(service, gid, f"reserve {card.place}")  # seat 0 takes the very card the condition names
    out = await service.plan_turn(gid)
    assert out is not None and [a.code for a in out.applied] == [fallback]
