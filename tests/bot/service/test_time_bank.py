"""Time banks (issue 33): a clock per player, BGA style -- an initial bank, plus an increment after each turn, capped
at the initial bank.  On both backends: spending, increment, cap, expiry under each timeout policy, vacations and
quiet hours stopping the clock, take-backs, and restarts."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.leagues.service import LeagueService
from bot.service import BadOption, GameInfo, GameService, ServiceSettings, parse_clock
from bot.store import GuildDefaults
from tests.bot.service.conftest import T0, FakeClock, OpenStore, outbox
from tests.bot.service.conftest import base_game as started_game
from tests.bot.service.conftest import minimal_code as _minimal
from tests.leagues.helpers import new_league, open_tables, seeds

DAY, HOUR = timedelta(days=1), timedelta(hours=1)


@pytest.fixture
def settings() -> ServiceSettings:
    return ServiceSettings(reminder_lead=timedelta(hours=2), computer_workers=0, computer_delay=0.0,
                           computer_budgets={"medium": 0.05})


def banks(info: GameInfo) -> dict[int, timedelta | None]:
    return {p.user_id: p.bank_left for p in info.players}


async def move(service: GameService, gid: int) -> GameInfo:
    """The player to move plays the minimal move."""
    info = await service.game(gid)
    assert info.to_act_user is not None
    out = await service.play(gid, info.to_act_user, await _minimal(service, gid), expected_board=info.board,
                             request_id=f"b{info.board}")
    return out.game


def test_the_clock_option_reads_turn_timers_and_banks() -> None:
    assert parse_clock("bank:3d+1d").bank == 3 * DAY and parse_clock("bank:3d+1d").increment == DAY
    assert parse_clock("24h").turn == DAY and parse_clock("24h").bank is None
    assert parse_clock(parse_clock("bank:1d+12h").text) == parse_clock("bank:1d+12h")
    for bad in ("bank:5m+1m", "bank:31d+1d", "bank:1d+2d", "bank:", "bank:1x"):
        with pytest.raises(BadOption):
            parse_clock(bad)


async def test_spending_increment_and_cap_survive_a_restart(open_store: OpenStore, clock: FakeClock,
                                                            settings: ServiceSettings) -> None:
    store = await open_store()
    service = GameService(store, clock, settings)
    gid = await started_game(service, turn_timer="bank:1d+12h")
    info = await service.game(gid)
    a, b = info.to_act_user, next(u for u in info.user_ids if u != info.to_act_user)
    assert info.time_bank == (DAY, 12 * HOUR) and info.turn_timer is None
    assert banks(info) == {a: DAY, b: DAY} and info.deadline == T0 + DAY
    clock.advance(hours=2)
    info = await move(service, gid)  # 22 h left + 12 h: capped at the initial day
    assert banks(info) == {a: DAY, b: DAY} and info.deadline == clock.now + DAY
    clock.advance(hours=20)
    info = await move(service, gid)  # b: 4 h left + 12 h
    assert banks(info) == {a: DAY, b: 16 * HOUR}
    clock.advance(hours=1)
    info = await move(service, gid)  # a: 23 h + 12 h, capped
    assert banks(info)[a] == DAY and info.deadline == clock.now + 16 * HOUR
    await store.close()
    store = await open_store()  # a restart: the banks and the running clock are stored
    try:
        again = GameService(store, clock, settings)
        info = await again.game(gid)
        assert banks(info) == {a: DAY, b: 16 * HOUR} and info.deadline == clock.now + 16 * HOUR
        clock.advance(hours=16)
        [out] = await again.run_due_timers()
        assert [x.source for x in out.applied] == ["timeout"]
        assert banks(out.game)[b] == 12 * HOUR  # ran out: the increment alone
    finally:
        await store.close()


async def test_a_bank_that_runs_out_skips_and_leaves_the_increment(service: GameService, clock: FakeClock) -> None:
    gid = await started_game(service, turn_timer="bank:1d+12h", max_expiries=3)
    sleeper = (await service.game(gid)).to_act_user
    minimal = await _minimal(service, gid)
    clock.advance(hours=23, minutes=59)
    assert await service.run_due_timers() == []
    clock.advance(minutes=1)
    [out] = await service.run_due_timers()
    assert [(x.code, x.source) for x in out.applied] == [(minimal, "timeout")]
    assert [n.kind for n in out.notifications if n.user_id == sleeper] == ["skipped"]
    assert banks(out.game)[sleeper] == 12 * HOUR
    await move(service, gid)  # the other player; the sleeper's next turn has 12 h
    assert (await service.game(gid)).deadline == clock.now + 12 * HOUR


async def test_a_bank_that_runs_out_is_played_by_a_computer(service: GameService, clock: FakeClock) -> None:
    gid = await started_game(service, turn_timer="bank:1d+12h", timeout_policy="ai")
    sleeper = (await service.game(gid)).to_act_user
    clock.advance(days=1)
    [out] = await service.run_due_timers()
    assert [(x.source, x.user_id) for x in out.applied] == [("ai", sleeper)]
    assert banks(out.game)[sleeper] == 12 * HOUR
    assert [n.kind for n in await outbox(service) if n.user_id == sleeper][-1] == "taken_over"


async def test_a_bank_that_runs_out_too_often_forfeits(service: GameService, clock: FakeClock) -> None:
    gid = await started_game(service, turn_timer="bank:1d+12h", max_expiries=1, ranked=True)
    sleeper = (await service.game(gid)).to_act_user
    clock.advance(days=1)
    [out] = await service.run_due_timers()
    assert out.is_over and out.game.end_reason == "forfeit"
    assert {p.user_id: p.result for p in out.game.players}[sleeper] == "loss"


async def test_vacation_stops_the_bank(service: GameService, clock: FakeClock) -> None:
    gid = await started_game(service, (1, 2), turn_timer="bank:1d+12h")
    if (await service.game(gid)).to_act_user != 1:
        await move(service, gid)
    clock.advance(hours=4)
    await service.start_vacation(1, 2)
    assert (await service.game(gid)).deadline is None
    clock.advance(days=2)  # back: the 20 h left run again
    assert await service.run_due_timers() == []
    assert (await service.game(gid)).deadline == clock.now + 20 * HOUR
    clock.advance(hours=5)
    info = await move(service, gid)  # 15 h left + 12 h, capped at a day
    assert banks(info)[1] == DAY


async def test_quiet_hours_stop_the_bank(service: GameService, clock: FakeClock) -> None:
    await service.set_quiet_hours(1, 22, 8, "UTC")  # 10 quiet hours a night
    gid = await started_game(service, (1, 2), turn_timer="bank:3d+12h")
    if (await service.game(gid)).to_act_user != 1:
        await move(service, gid)
    # 72 h of clock from 12:00 UTC: 10 h until 22:00, then 14 h a day for four days, then 6 h from 08:00
    assert (await service.game(gid)).deadline == T0 + 5 * DAY + 2 * HOUR
    clock.advance(days=1)  # 24 h, of which 10 quiet: 14 h spent
    info = await move(service, gid)
    assert banks(info)[1] == 3 * DAY - 14 * HOUR + 12 * HOUR
    await move(service, gid)  # the other player, at once
    clock.advance(hours=12)  # 00:00 UTC: 10 h ran, the 2 quiet ones did not (58 h + 12 h would be 70 h)
    info = await move(service, gid)
    assert banks(info)[1] == 3 * DAY  # 60 h + 12 h


async def test_a_take_back_restores_the_bank(service: GameService, clock: FakeClock) -> None:
    gid = await started_game(service, turn_timer="bank:1d+12h")
    mover = (await service.game(gid)).to_act_user
    assert mover is not None
    clock.advance(hours=2)
    info = await move(service, gid)
    assert banks(info)[mover] == DAY  # 22 h + 12 h, capped
    clock.advance(minutes=1)
    out = await service.take_back(gid, mover, expected_board=info.board)
    # what was left when the move was made; the mover's clock runs again from it
    assert banks(out.game)[mover] == 22 * HOUR and out.game.deadline == clock.now + 22 * HOUR
    clock.advance(hours=2)
    info = await move(service, gid)  # 20 h + 12 h, capped again
    assert banks(info)[mover] == DAY
    assert await service.verify(gid)


async def test_a_league_plays_its_games_with_its_time_bank(service: GameService, clock: FakeClock) -> None:
    leagues = LeagueService(service.store, service, clock, seed_source=seeds)
    league = await new_league(leagues, members=(1, 2), turn_timer="bank:3d+1d")
    assert league.turn_timer_s is None and league.settings["time_bank"] == "bank:3d+1d"
    for u in (1, 2):
        await leagues.enqueue(league.league_id, u)
    [info] = await open_tables(leagues, await leagues.seat_queue(league.league_id))
    assert info.time_bank == (3 * DAY, DAY) and info.deadline == clock.now + 3 * DAY
    plain = await new_league(leagues, name="Plain", members=(3, 4))  # a turn timer, as before
    for u in (3, 4):
        await leagues.enqueue(plain.league_id, u)
    [other] = await open_tables(leagues, await leagues.seat_queue(plain.league_id))
    assert other.time_bank is None and other.turn_timer == 12 * HOUR


async def test_a_server_may_default_to_a_time_bank(service: GameService) -> None:
    saved = await service.set_server_defaults(GuildDefaults(7, turn_timer="bank:7d+1d"))
    assert parse_clock(saved.turn_timer).bank == 7 * DAY
    with pytest.raises(BadOption):
        await service.set_server_defaults(GuildDefaults(7, turn_timer="bank:40d+1d"))


async def test_a_rematch_keeps_the_time_bank(service: GameService, clock: FakeClock) -> None:
    gid = await started_game(service, turn_timer="bank:3d+1d")
    info = await service.game(gid)
    await service.resign(gid, info.user_ids[0])
    again, _ = await service.rematch(gid, info.user_ids[1], channel_id=4242)
    assert again.time_bank == (3 * DAY, DAY) and again.clock == parse_clock("bank:3d+1d")
