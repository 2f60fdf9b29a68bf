"""Service paths on real rulesets (SQLite): refusals, retries, failed writes, unusable snapshots, computer
fallbacks played exactly once, user settings, and the background loop's rounds."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest

import engine
from bot.service import (
    BadOption,
    Delivery,
    DuplicateRequest,
    GameFinished,
    GameService,
    NoComputerSeated,
    NotAllowed,
    NotStarted,
    Outcome,
    ServiceSettings,
    parse_turn_timer,
)
from bot.service.bots import bot_user_id, is_bot
from bot.service.computer import fallback_action
from bot.store import GameUpdate, Snapshot, SqliteStore
from engine import TableView
from tests.bot.service.conftest import FakeClock

A, B, C = 101, 102, 103


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    s = await SqliteStore.open(tmp_path / "games.sqlite3")
    yield s
    await s.close()


@pytest.fixture
def svc(store: SqliteStore, clock: FakeClock) -> GameService:
    return GameService(store, clock, ServiceSettings(computer_workers=0, computer_delay=0.0))


async def started(svc: GameService, ruleset: str = "base", users: tuple[int, ...] = (A, B), *, channel: int = 1,
                  **kw: object) -> int:
    info = await svc.create_game(channel_id=channel, creator_id=users[0], ruleset=ruleset, players=len(users),
                                 seed=7, **kw)  # type: ignore[arg-type]
    for u in users[1:]:
        await svc.join(info.game_id, u)
    await svc.start(info.game_id, users[0])
    return info.game_id


async def move(svc: GameService, gid: int, *, request: str | None = None) -> Outcome:
    """The minimal move of whoever is to act."""
    info, state = await svc.game(gid), await svc.state(gid)
    assert state is not None and info.to_act_user is not None
    return await svc.play(gid, info.to_act_user, str(engine.default_action(state)), expected_version=info.version,
                          request_id=request or f"r{info.version}")


def test_turn_timers_parse_every_accepted_form_and_refuse_the_rest() -> None:
    assert parse_turn_timer(None) is None
    assert parse_turn_timer(7200) == timedelta(hours=2)
    assert parse_turn_timer(timedelta(days=2)) == timedelta(days=2)
    assert parse_turn_timer(" 90M ") == timedelta(minutes=90)
    for bad in ("5x", "1m", "400d", 10):
        with pytest.raises(BadOption):
            parse_turn_timer(bad)


async def test_lobby_options_and_finished_games_are_refused(svc: GameService) -> None:
    for kw in ({"timeout_policy": "wait"}, {"max_expiries": 101}, {"max_expiries": -1}, {"players": 5}):
        with pytest.raises(BadOption):
            await svc.create_game(channel_id=1, creator_id=A, ruleset="base", **kw)  # type: ignore[arg-type]
    info = await svc.create_game(channel_id=1, creator_id=A, ruleset="spectacle", players=2)
    with pytest.raises(NoComputerSeated):
        await svc.remove_bot(info.game_id, A)  # no computer to take out
    await svc.add_bot(info.game_id, A, "easy")
    with pytest.raises(NotAllowed):
        await svc.remove_bot(info.game_id, B)  # only the host
    assert not (await svc.remove_bot(info.game_id, A)).has_bots
    await svc.abort(info.game_id, A)
    for refused in (svc.join(info.game_id, B), svc.start(info.game_id, A), svc.abort(info.game_id, A),
                    svc.add_bot(info.game_id, A, "easy")):
        with pytest.raises(GameFinished):
            await refused
    gid = await started(svc, channel=2)
    over = await svc.resign(gid, B)
    assert over.is_over
    with pytest.raises(GameFinished):  # a button of the last board of a finished game
        await svc.play(gid, A, "take:wub", expected_version=over.version, request_id="late")
    assert await svc.verify(info.game_id)  # a lobby that never started has no log to check


async def test_a_request_id_is_one_users_retry_never_anothers(svc: GameService) -> None:
    gid = await started(svc)
    first = await move(svc, gid, request="req-1")
    again = await svc.play(gid, first.applied[0].user_id or 0, "whatever", expected_version=0, request_id="req-1")
    assert again.duplicate and again.applied == first.applied and again.version == 1
    other = B if first.applied[0].user_id == A else A
    with pytest.raises(DuplicateRequest):  # someone else's stale button reusing the id
        await svc.play(gid, other, "whatever", expected_version=0, request_id="req-1")
    assert [a.seq for a in await svc.actions(gid)] == [1]


async def test_a_write_that_fails_changes_nothing_and_the_next_try_succeeds(
    svc: GameService, store: SqliteStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid = await started(svc, "spectacle")
    real = store.commit_plans

    async def failing(plans: object) -> object:
        monkeypatch.setattr(store, "commit_plans", real)
        raise OSError("disk full")

    monkeypatch.setattr(store, "commit_plans", failing)
    with pytest.raises(OSError, match="disk full"):
        await move(svc, gid)
    assert (await svc.game(gid)).version == 0 and await svc.actions(gid) == []
    out = await move(svc, gid)  # the same board again: the cache was dropped with the failed write
    assert out.version == 1 and await svc.verify(gid)


async def test_a_snapshot_at_the_wrong_version_is_ignored_and_the_log_replayed(
    svc: GameService, store: SqliteStore, clock: FakeClock
) -> None:
    gid = await started(svc)
    for _ in range(3):
        await move(svc, gid)
    state = await svc.state(gid)
    assert state is not None
    async with store.transaction() as tx:  # the version-3 state labelled version 2
        await tx.update_game(gid, GameUpdate(snapshot=Snapshot(json.dumps(engine.to_json(state)), 2)))
    fresh = GameService(store, clock)
    reloaded = await fresh.state(gid)
    assert reloaded is not None and engine.to_json(reloaded) == engine.to_json(state)
    assert await fresh.verify(gid)
    async with store.transaction() as tx:  # a row ahead of its log: a damaged game refuses to load
        await tx.update_game(gid, GameUpdate(version=9, snapshot=Snapshot("{}", 9)))
    with pytest.raises(RuntimeError, match="log gives version 3, row says 9"):
        await GameService(store, clock).state(gid)


async def test_the_service_clock_must_be_aware(store: SqliteStore) -> None:
    naive = GameService(store, lambda: datetime(2026, 1, 1))  # noqa: DTZ001 (the mistake under test)
    with pytest.raises(ValueError, match="aware"):
        await naive.create_game(channel_id=1, creator_id=A)


async def test_without_the_user_cache_each_change_by_another_process_is_seen(
    store: SqliteStore, clock: FakeClock
) -> None:
    mine = GameService(store, clock, ServiceSettings(user_cache=False))
    other = GameService(store, clock)
    assert (await mine.user_settings(A)).lang is None
    await other.set_language(A, "pt")
    assert (await mine.user_settings(A)).lang == "pt"


async def test_user_settings_refuse_bad_values_and_keep_names(svc: GameService) -> None:
    with pytest.raises(BadOption):
        await svc.set_language(A, "fr")
    with pytest.raises(BadOption):
        await svc.set_notify(A, "pigeon")  # type: ignore[arg-type]
    for start, end, tz in ((None, 5, None), (25, 3, None), (3, 3, None), (8, 22, None), (22, 6, "Mars/Olympus")):
        with pytest.raises(BadOption):
            await svc.set_quiet_hours(A, start, end, tz)
    quiet = await svc.set_quiet_hours(A, 22, 6, "America/Sao_Paulo")
    assert quiet.quiet_hours == (22, 6) and quiet.tz == "America/Sao_Paulo"
    assert (await svc.set_quiet_hours(A, None, None)).quiet_hours is None
    await svc.set_name(A, "  Ada  ")
    await svc.set_name(A, "   ")  # nothing to remember
    await svc.set_name(B, "Bo")
    assert await svc.known_names() == {A: "Ada", B: "Bo"}


def test_the_fallback_is_the_first_legal_move_when_there_is_no_minimal_one(monkeypatch: pytest.MonkeyPatch) -> None:
    state = engine.new_game(engine.GameConfig("base", 2, 3, {}))
    assert str(fallback_action(state)) == str(engine.default_action(state))

    def none(_: object) -> object:
        raise engine.EngineError("no minimal move here")

    monkeypatch.setattr(engine, "default_action", none)
    assert str(fallback_action(state)) == str(engine.legal_actions(state)[0])


class Failing:
    """A thinker that crashes, answers an illegal move, or overruns its time (the grace is 0)."""

    def __init__(self, how: str) -> None:
        self.how = how
        self.calls = 0

    async def think(self, view: TableView, *, level: str, seed: int, budget: float) -> str:
        self.calls += 1
        if self.how == "crash":
            raise RuntimeError("the search crashed")
        if self.how == "hang":
            return await asyncio.wait_for(asyncio.sleep(60, "never"), timeout=0.01)
        return "buy:999"  # no such card

    async def warm(self) -> None:
        return None

    def close(self) -> None:
        return None


@pytest.mark.parametrize("how", ["crash", "illegal", "hang"])
async def test_a_failing_computer_plays_the_minimal_move_exactly_once(svc: GameService, how: str) -> None:
    """Two runners race for the computer's turn in a real base game: one move is written, the legal fallback."""
    info = await svc.create_game(channel_id=1, creator_id=A, ruleset="base", players=2, seed=7, turn_timer=None)
    await svc.add_bot(info.game_id, A, "hard")
    thinker = Failing(how)
    svc.use_thinker(thinker)
    out = await svc.start(info.game_id, A)
    if out.to_act_user == A:
        out = await move(svc, info.game_id)
    assert is_bot(out.to_act_user or 0)
    state = await svc.state(info.game_id)
    assert state is not None
    expected = str(engine.default_action(state))
    first, second = await asyncio.gather(svc.computer_turn(info.game_id), svc.computer_turn(info.game_id))
    played = [o for o in (first, second) if o is not None]
    assert len(played) == 1 and [(a.source, a.code) for a in played[0].applied] == [("ai", expected)]
    log = await svc.actions(info.game_id)
    assert [(a.seq, a.source) for a in log if a.source == "ai"] == [(out.version + 1, "ai")]
    assert played[0].to_act_user == A and await svc.verify(info.game_id)


async def test_a_vacation_played_by_a_computer_plays_the_waiting_turn_in_spectacle(svc: GameService) -> None:
    gid = await started(svc, "spectacle", turn_timer="24h")
    info = await svc.game(gid)
    away = info.to_act_user
    assert away is not None
    settings = await svc.start_vacation(away, 3, computer=True)
    assert settings.vacation_computer
    [turn] = await svc.play_computers(gid)
    assert [(a.user_id, a.source) for a in turn.applied] == [(away, "ai")]
    assert turn.to_act_user != away and await svc.play_computers(gid) == []  # the other person's turn now
    await svc.end_vacation(away)
    assert not (await svc.user_settings(away)).vacation_computer


async def test_the_background_loop_fires_clocks_delivers_and_survives_a_failing_round(
    svc: GameService, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    gid = await started(svc, turn_timer="1h")
    late = (await svc.game(gid)).to_act_user
    clock.advance(hours=2)
    outcomes: list[Outcome] = []
    delivered: list[Delivery] = []
    rounds = 0
    real_round = svc.background_round

    async def on_outcome(o: Outcome) -> None:
        outcomes.append(o)

    async def deliver(d: Delivery) -> bool:
        delivered.append(d)
        return True

    async def round_(*args: object, **kw: object) -> None:
        nonlocal rounds
        rounds += 1
        if rounds == 1:
            raise RuntimeError("the database went away for a moment")
        await real_round(*args, **kw)  # type: ignore[arg-type]
        stop.set()

    stop = asyncio.Event()
    svc.background_round = round_  # type: ignore[method-assign]
    with caplog.at_level(logging.ERROR):
        await asyncio.wait_for(svc.run_background(deliver, on_outcome=on_outcome, interval=0.01, stop=stop), 30)
    assert rounds == 2 and "background round failed" in caplog.text
    assert [[(a.user_id, a.source) for a in o.applied] for o in outcomes] == [[(late, "timeout")]]
    kinds = {(d.user_id, n.kind) for d in delivered for n in d.items}
    assert (late, "skipped") in kinds
    assert [n for n in await svc.take_deliveries()] == []  # marked: nothing is sent twice


async def test_one_clock_that_fails_does_not_stop_the_others(
    svc: GameService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    broken = await started(svc, turn_timer="1h", channel=1)
    fine = await started(svc, turn_timer="1h", channel=2, users=(C, B))
    clock.advance(hours=2)
    real = svc._fire

    async def fire(game_id: int, now: datetime) -> Outcome | None:
        if game_id == broken:
            raise RuntimeError("cannot load")
        return await real(game_id, now)

    monkeypatch.setattr(svc, "_fire", fire)
    with caplog.at_level(logging.ERROR):
        outcomes = await svc.run_due_timers()
    assert [o.game_id for o in outcomes] == [fine] and f"timer of game {broken} failed" in caplog.text
    assert (await svc.game(broken)).version == 0


async def test_a_lobby_host_who_leaves_passes_it_on_and_bots_never_host(svc: GameService) -> None:
    info = await svc.create_game(channel_id=1, creator_id=A, ruleset="base", players=4)
    await svc.add_bot(info.game_id, A, "easy")
    await svc.join(info.game_id, B)
    after = await svc.leave(info.game_id, A)
    assert after.creator_id == B and after.status == "lobby"
    assert [p.user_id for p in after.players] == [bot_user_id("easy", 1), B]
    gone = await svc.leave(info.game_id, B)
    assert gone.status == "aborted"  # a computer alone does not keep a lobby open


async def test_time_goes_on_after_a_vacation_that_ended_while_the_bot_was_down(
    svc: GameService, clock: FakeClock
) -> None:
    gid = await started(svc, "spectacle", turn_timer="24h")
    info = await svc.game(gid)
    away = info.to_act_user
    assert away is not None and info.deadline is not None
    await svc.start_vacation(away, 2)
    assert (await svc.game(gid)).deadline is None  # paused
    clock.advance(days=5)  # the bot was down when the vacation ended (day 2)
    outcomes = await svc.run_due_timers()
    # The clock ran again from the vacation's end (day 2), so its 24 hours were over on day 3: the turn is skipped
    # now (a clock restarted at day 5 would still run).
    assert [{(a.user_id, a.source) for a in o.applied} for o in outcomes] == [{(away, "timeout")}]
    assert not (await svc.user_settings(away)).vacation_until


async def test_the_computer_scheduler_survives_its_workers_the_store_and_the_poster_failing(
    svc: GameService, store: SqliteStore, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Workers that do not start, a store scan and a write that fail once, and a board that cannot be posted:
    the computer still plays its turn, once, and the person is next."""
    class NoWorkers(Failing):
        async def warm(self) -> None:
            raise OSError("no processes left")

    info = await svc.create_game(channel_id=1, creator_id=A, ruleset="base", players=2, seed=7, turn_timer=None)
    await svc.add_bot(info.game_id, A, "easy")
    svc.use_thinker(NoWorkers("crash"))
    out = await svc.start(info.game_id, A)
    if out.to_act_user == A:
        out = await move(svc, info.game_id)
    real_reading = store.reading
    scans = 0

    def reading(*, single: bool = False) -> object:
        nonlocal scans
        scans += 1
        if scans == 1:
            raise OSError("database busy")
        return real_reading(single=single)

    monkeypatch.setattr(store, "reading", reading)
    real_commit = store.commit_plans

    async def commit_once_failing(plans: object) -> object:  # the computer's first write is lost
        monkeypatch.setattr(store, "commit_plans", real_commit)
        raise OSError("disk full")

    monkeypatch.setattr(store, "commit_plans", commit_once_failing)
    posted: list[Outcome] = []

    async def post(o: Outcome) -> None:
        posted.append(o)
        raise RuntimeError("discord is down")

    stop = asyncio.Event()
    with caplog.at_level(logging.WARNING):
        runner = asyncio.create_task(svc.run_computers(post, stop=stop, rescan=0.01))
        for _ in range(500):
            if posted:
                break
            await asyncio.sleep(0.01)
        stop.set()
        await asyncio.wait_for(runner, 10)
    # a board whose post failed stays in the outbox and is posted again, with the same nonce (Discord shows it
    # once): how many tries fit before the runner sees ``stop`` depends on the machine's load
    assert posted and all(o.post_nonce == posted[0].post_nonce and o.to_act_user == A for o in posted)
    assert posted[0].post_nonce is not None
    assert "workers did not start" in caplog.text and "scan for computer turns failed" in caplog.text
    assert "posting the computer move" in caplog.text
    assert "computer turn of game" in caplog.text  # the lost write: the next scan played the turn again
    monkeypatch.setattr(store, "reading", real_reading)
    assert [a.source for a in await svc.actions(info.game_id)].count("ai") == 1


async def test_turn_notices_wait_for_the_end_of_a_vacation(svc: GameService, clock: FakeClock) -> None:
    gid = await started(svc, "spectacle", turn_timer="24h")
    info = await svc.game(gid)
    mover = info.to_act_user
    assert mover is not None and info.seat_of(mover) == 0 and info.seat_of(999) is None and info.user_at(None) is None
    away = B if mover == A else A
    until = (await svc.start_vacation(away, 3)).vacation_until
    out = await move(svc, gid)
    assert out.to_act_user == away
    [note] = [n for n in out.notifications if n.kind == "your_turn"]
    assert note.user_id == away and note.deliver_after == until and note.key == "service.notify.your_turn"

    def turn_notices(deliveries: list[Delivery]) -> list[str]:
        return [n.kind for d in deliveries if d.user_id == away for n in d.items if n.kind == "your_turn"]

    assert turn_notices(await svc.take_deliveries()) == []  # held back (the game's start is told at once)
    clock.advance(days=3, minutes=1)
    await svc.run_due_timers()  # the vacation ends: the clock runs again and the notice is due
    assert turn_notices(await svc.take_deliveries()) == ["your_turn"]


async def test_lobby_only_and_running_only_actions_say_which(svc: GameService) -> None:
    info = await svc.create_game(channel_id=1, creator_id=A, ruleset="base", players=2)
    await svc.join(info.game_id, B)
    with pytest.raises(NotStarted):
        await svc.resign(info.game_id, B)
    gid = await started(svc, channel=2)
    first = await move(svc, gid)
    over = await svc.resign(gid, first.to_act_user or 0)
    assert over.is_over
    with pytest.raises(GameFinished):  # an old board of a game that ended since
        await svc.play(gid, A, "take:wub", expected_version=0, request_id="old")


async def test_a_muted_player_gets_no_reminder_and_the_reminder_is_not_tried_again(
    svc: GameService, store: SqliteStore, clock: FakeClock
) -> None:
    gid = await started(svc, turn_timer="12h")
    mover = (await svc.game(gid)).to_act_user
    assert mover is not None
    await svc.set_notify(mover, "none")
    clock.advance(hours=10, minutes=1)  # past the reminder (2 h before the end), before the end
    assert await svc.run_due_timers() == []
    async with store.reading() as tx:
        timer = await tx.timer(gid)
        reminders = [n for n in await tx.notifications(mover) if n.kind == "reminder"]
    assert timer is not None and timer.remind_at is None and timer.due_at is not None and reminders == []
    assert (await svc.game(gid)).version == 0  # a reminder never moves the game


async def test_the_outbox_is_pruned_page_by_page_after_the_retention(svc: GameService, clock: FakeClock) -> None:
    gid = await started(svc, users=(A, B, C))  # three game_started notices and the first player's turn
    for delivery in await svc.take_deliveries():
        await svc.mark_delivered(delivery)
    assert await svc.prune_outbox(batch=2) == 0  # handled just now: kept for the retention period
    clock.advance(days=8)
    assert await svc.prune_outbox(batch=2) == 4  # two full pages, then an empty one
    assert [n.game_id for n in await svc.take_deliveries()] == [] and (await svc.game(gid)).version == 0


def test_computer_ids_exist_only_for_known_levels_and_numbers() -> None:
    for level, number in (("grandmaster", 1), ("easy", 0), ("easy", 100)):
        with pytest.raises(ValueError, match="no computer player"):
            bot_user_id(level, number)


async def test_verify_catches_a_snapshot_that_disagrees_with_its_own_log(
    svc: GameService, store: SqliteStore, clock: FakeClock
) -> None:
    gid = await started(svc)
    await move(svc, gid)
    state = await svc.state(gid)
    assert state is not None
    data = engine.to_json(state)
    row = data["state"]["rows"][0]
    row[0], row[1] = row[1], row[0]  # a well-formed position that the log does not lead to
    async with store.transaction() as tx:
        await tx.update_game(gid, GameUpdate(snapshot=Snapshot(json.dumps(data), state.version)))
    assert await svc.verify(gid) is False
    assert await GameService(store, clock).verify(gid) is False  # loaded from the lying snapshot, still caught
