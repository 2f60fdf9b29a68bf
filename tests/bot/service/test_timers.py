"""Turn clocks, vacations, quiet hours and deliveries on the base ruleset (its minimal move is what a skip plays)."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

import engine
from bot.service import GameService, ServiceSettings, VacationRefused
from bot.store import SqliteStore
from tests.bot.service.conftest import T0, FakeClock, OpenStore, outbox
from tests.bot.service.conftest import base_game as started_game
from tests.bot.service.conftest import minimal_code as _minimal


async def _to_act(service: GameService, gid: int) -> int:
    user = (await service.game(gid)).to_act_user
    assert user is not None
    return user


async def test_deadline_and_reminder_follow_the_turn_timer(service: GameService, clock: FakeClock) -> None:
    gid = await started_game(service)  # 12 h timer, reminder 2 h before
    info = await service.game(gid)
    assert info.deadline == T0 + timedelta(hours=12)
    clock.advance(hours=9, minutes=59)
    assert await service.run_due_timers() == []
    assert await outbox(service, "reminder") == []
    clock.advance(minutes=1)
    assert await service.run_due_timers() == []
    reminders = await outbox(service, "reminder")
    assert [r.user_id for r in reminders] == [info.to_act_user]
    clock.advance(hours=1)
    await service.run_due_timers()
    assert len(await outbox(service, "reminder")) == 1  # only once


async def test_expiry_skips_with_the_minimal_move_then_removes(service: GameService, clock: FakeClock) -> None:
    gid = await started_game(service, (1, 2, 3), max_expiries=2)
    sleeper = await _to_act(service, gid)
    minimal = await _minimal(service, gid)
    clock.advance(hours=12)
    outs = await service.run_due_timers()
    assert len(outs) == 1 and [(a.code, a.source) for a in outs[0].applied] == [(minimal, "timeout")]
    assert outs[0].to_act_user != sleeper
    assert [n.kind for n in outs[0].notifications if n.user_id == sleeper] == ["skipped"]
    # Everyone else plays until it is the sleeper's turn again; then the second expiry removes them.
    while (await service.game(gid)).to_act_user != sleeper:
        info = await service.game(gid)
        state = await service.state(gid)
        await service.play(gid, info.to_act_user or 0, str(engine.default_action(state)),
                           expected_version=info.version, request_id=f"v{info.version}")
    clock.advance(hours=12)
    outs = await service.run_due_timers()
    assert len(outs) == 1
    player = next(p for p in outs[0].game.players if p.user_id == sleeper)
    assert player.status == "removed" and player.expiries == 2
    assert [a.source for a in outs[0].applied] == ["auto"]
    assert not outs[0].is_over  # two players remain


async def test_removal_in_a_two_player_game_ends_it_as_a_loss(service: GameService, clock: FakeClock) -> None:
    gid = await started_game(service, (1, 2), max_expiries=1, ranked=True)
    sleeper = await _to_act(service, gid)
    clock.advance(days=1)
    (out,) = await service.run_due_timers()
    assert out.is_over and out.game.end_reason == "forfeit"
    assert {p.user_id: p.result for p in out.game.players} == {sleeper: "loss", 3 - sleeper: "win"}


async def test_overdue_timers_fire_late_after_downtime(open_store: OpenStore, clock: FakeClock) -> None:
    store = await open_store()
    gid = await started_game(GameService(store, clock))
    await store.close()
    clock.advance(days=3)  # the bot was down for three days
    store = await open_store()
    try:
        service = GameService(store, clock)
        outs = await service.run_due_timers()
        assert [o.game_id for o in outs] == [gid] and outs[0].version == 1
        assert outs[0].game.deadline == clock.now + timedelta(hours=12)  # the next turn's clock starts now
        assert await service.run_due_timers() == []  # fired once, not once per missed period
    finally:
        await store.close()


async def test_a_timer_rebased_by_a_move_does_not_fire(service: GameService, clock: FakeClock) -> None:
    gid = await started_game(service)
    clock.advance(hours=11)
    first = await _to_act(service, gid)
    await service.play(gid, first, await _minimal(service, gid), expected_version=0, request_id="a")
    clock.advance(hours=2)  # 13 h after start, 2 h into the second turn
    assert await service.run_due_timers() == []
    assert (await service.game(gid)).version == 1


async def test_vacation_pauses_clocks_in_all_games_and_resumes(service: GameService, clock: FakeClock) -> None:
    g1 = await started_game(service, (1, 2), channel=1, seed=1)
    g2 = await started_game(service, (1, 3), channel=2, seed=2)
    # Make user 1 the one to act in both games.
    for gid in (g1, g2):
        if await _to_act(service, gid) != 1:
            await service.play(gid, await _to_act(service, gid), await _minimal(service, gid), expected_version=0,
                               request_id=f"m{gid}")
    clock.advance(hours=2)
    settings = await service.start_vacation(1, 5)
    assert settings.vacation_until == clock.now + timedelta(days=5) and settings.vacation_days_left == 25
    assert (await service.game(g1)).deadline is None and (await service.game(g2)).deadline is None
    clock.advance(days=4)
    assert await service.run_due_timers() == []
    clock.advance(days=1)  # vacation over: the 10 h left run again from its end
    assert await service.run_due_timers() == []
    assert (await service.game(g1)).deadline == clock.now + timedelta(hours=10)
    assert (await service.user_settings(1)).vacation_until is None
    clock.advance(hours=10)
    assert len(await service.run_due_timers()) == 2


async def test_vacation_is_bounded(service: GameService, clock: FakeClock) -> None:
    with pytest.raises(VacationRefused):
        await service.start_vacation(1, 15)
    await service.start_vacation(1, 14)
    with pytest.raises(VacationRefused) as already:
        await service.start_vacation(1, 1)  # already on vacation
    for lang in ("en", "es", "pt"):  # says until when, with no template braces left
        assert "2026-03-16 12:00 UTC" in already.value.message(lang) and "{" not in already.value.message(lang)
    clock.advance(days=3)
    left = (await service.end_vacation(1)).vacation_days_left
    assert left == 27  # only the days taken count
    await service.start_vacation(1, 14)
    clock.advance(days=14)
    await service.run_due_timers()
    with pytest.raises(VacationRefused) as err:
        await service.start_vacation(1, 14)
    assert err.value.params["left"] == 13


async def test_quiet_hours_stop_the_clock_and_delay_pings(store: SqliteStore, clock: FakeClock) -> None:
    service = GameService(store, clock, ServiceSettings(reminder_lead=timedelta(hours=1)))
    # Quiet 22:00-08:00 in UTC-3 = 01:00-11:00 UTC.  The game starts at 12:00 UTC.
    for user in (1, 2):
        await service.set_quiet_hours(user, 22, 8, "America/Sao_Paulo")
    gid = await started_game(service, (1, 2))
    # 12 h of clock from 12:00 UTC: 13 h until quiet (01:00), so 00:00 UTC the next day.
    assert (await service.game(gid)).deadline == T0 + timedelta(hours=12)
    clock.advance(hours=12, minutes=30)  # 00:30 UTC: overdue, the first player is skipped
    (out,) = await service.run_due_timers()
    # The second player's 12 h: 30 min until 01:00 UTC, 10 h quiet, then 11.5 h: 22:30 UTC.
    assert out.game.deadline == T0.replace(day=3, hour=22, minute=30)
    clock.advance(minutes=45)  # 01:15 UTC, inside quiet hours: the ping waits until 11:00 UTC
    await service.play(gid, out.to_act_user or 0, await _minimal(service, gid), expected_version=out.version,
                       request_id="q")
    (note,) = [n for n in await outbox(service, "your_turn") if n.game_version == out.version + 1]
    assert note.deliver_after == T0.replace(day=3, hour=11)
    assert await service.take_deliveries() == [] or all(
        n.kind != "your_turn" for d in await service.take_deliveries() for n in d.items)
    with pytest.raises(Exception, match="quiet_hours"):
        await service.set_quiet_hours(1, 8, 23, "UTC")  # more than 12 h


async def test_deliveries_are_digested_rate_limited_and_marked(service: GameService, clock: FakeClock) -> None:
    games = [await started_game(service, (1, 100 + i), channel=i, seed=i) for i in range(4)]
    deliveries = {d.user_id: d for d in await service.take_deliveries()}
    # User 1 has news from four games: one digest, not four messages.
    mine = deliveries[1]
    assert mine.digest and {n.game_id for n in mine.items} == set(games)
    assert mine.via == "mention" and mine.channel_id == mine.items[-1].channel_id
    await service.mark_delivered(mine)
    # More news within the rate-limit window waits...
    for gid in games:
        info = await service.game(gid)
        if info.to_act_user != 1:
            await service.play(gid, info.to_act_user or 0, await _minimal(service, gid), expected_version=0,
                               request_id=f"d{gid}")
    assert 1 not in {d.user_id for d in await service.take_deliveries()}
    clock.advance(minutes=15)
    later = {d.user_id: d for d in await service.take_deliveries()}
    assert 1 in later and all(n.kind == "your_turn" for n in later[1].items)
    await service.mark_delivered(later[1])
    clock.advance(hours=1)
    assert 1 not in {d.user_id for d in await service.take_deliveries()}  # delivered means gone


async def test_preferences_none_dm_and_stale_turn_notices(service: GameService, clock: FakeClock) -> None:
    await service.set_notify(2, "none")
    await service.set_notify(1, "dm")
    await service.set_language(1, "pt")
    gid = await started_game(service, (1, 2))
    assert {n.user_id for n in await outbox(service)} == {1}
    (d,) = await service.take_deliveries()
    assert d.user_id == 1 and d.via == "dm" and d.lang == "pt"
    # A "your turn" for a move already made is dropped, not delivered late.
    if (await service.game(gid)).to_act_user == 1:
        await service.play(gid, 1, await _minimal(service, gid), expected_version=0, request_id="x")
        clock.advance(hours=1)
        assert [n.kind for dd in await service.take_deliveries() for n in dd.items] == ["game_started"]
    with pytest.raises(Exception, match="notify"):
        await service.set_notify(1, "carrier pigeon")  # type: ignore[arg-type]


async def test_a_delivery_does_not_undo_a_settings_change_made_while_it_was_sent(
    service: GameService, store: SqliteStore, clock: FakeClock
) -> None:
    """The background loop marks a delivery while the user changes a setting: both changes stay.

    Before, marking a delivery wrote back the whole (cached, older) user row, so a ``/player settings``
    change made while the message was being sent was lost (the e2e timer test then waited for a DM that
    went to the thread instead).  The rate limit counts from when the delivery was taken, not when the
    (slow) send returned."""
    await started_game(service, (1, 2))
    deliveries = {d.user_id: d for d in await service.take_deliveries()}
    taken_at = clock()
    clock.advance(minutes=10)  # sending was slow: the clock moved on before the mark
    marking = asyncio.create_task(service.mark_delivered(deliveries[2]))
    await service.set_notify(2, "dm")  # runs while the mark waits for the store
    await marking
    async with store.reading() as tx:
        stored = (await tx.users([2]))[2]
    assert (stored.notify, stored.last_notified_at) == ("dm", taken_at)
    assert (await service.user_settings(2)).notify == "dm"
