"""The service's hooks (issue 40): registered in one place and in order, a failing one never undoes a committed move,
and no method of the service is defined in two of its classes (nothing is chained through ``super()``)."""

from __future__ import annotations

import logging
from collections import defaultdict
from pathlib import Path

import pytest

from bot.monitor import Metrics
from bot.service import GameService, Outcome, ServiceSettings
from bot.service.hooks import ServiceHooks
from bot.store import SqliteStore
from tests.bot.service.conftest import FakeClock, base_game, minimal_code


def test_no_method_name_is_defined_in_two_classes_of_the_service() -> None:
    owners: defaultdict[str, list[str]] = defaultdict(list)
    for cls in GameService.__mro__:
        if cls is object:
            continue
        for name in vars(cls):
            if not (name.startswith("__") and name.endswith("__")):
                owners[name].append(cls.__qualname__)
    twice = {name: classes for name, classes in owners.items() if len(classes) > 1}
    assert twice == {}, f"defined in more than one class of GameService's MRO (a super() chain): {twice}"


async def test_the_hooks_run_in_the_order_the_service_registers_them(tmp_path: Path, clock: FakeClock) -> None:
    store = await SqliteStore.open(tmp_path / "g.sqlite3")
    try:
        service = GameService(store, clock)
        assert service.hooks.order() == {
            "after_commit": ("pacing", "computers", "reviews", "plans", "watchers"),
            "turn_source": ("computer", "plan"),
            "scan": ("computers", "plans"),
            "closer": ("thinker", "reviewer"),
        }
        with pytest.raises(RuntimeError, match=r"registered in GameService.__init__ only"):
            service.hooks.after_commit("late", lambda outcome: None)  # one place: nothing is added afterwards
    finally:
        await store.close()


async def test_a_failing_listener_is_logged_and_counted_and_the_move_stands(
    tmp_path: Path, clock: FakeClock, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(self: GameService, outcome: Outcome) -> None:
        raise RuntimeError("listener bug")

    monkeypatch.setattr(GameService, "_wake_computer_to_act", broken)  # the second listener, bound at construction
    path = tmp_path / "g.sqlite3"
    store = await SqliteStore.open(path)
    try:
        service = GameService(store, clock, ServiceSettings())
        metrics = Metrics(lambda: service)
        gid = await base_game(service)  # the start commits too: one failure already
        assert service.hooks.failures == {"after_commit:computers": 1}
        service.scheduler.due.clear()
        info = await service.game(gid)
        assert info.to_act_user is not None
        code = await minimal_code(service, gid)
        caplog.clear()
        with caplog.at_level(logging.ERROR, logger="bot.service.hooks"):
            outcome = await service.play(gid, info.to_act_user, code, expected_version=info.version, request_id="m1")
        assert outcome.version == info.version + 1 and not outcome.duplicate  # the player is told the move went in
        assert service.hooks.failures == {"after_commit:computers": 2}
        assert metrics.registry.get_sample_value("splendor_hook_failures_total",
                                                 {"hook": "after_commit:computers"}) == 2
        [record] = [r for r in caplog.records if "'computers' failed" in r.getMessage()]
        assert record.exc_info is not None and "listener bug" in str(record.exc_info[1])
        # The listeners before and after the failing one ran: the game's last move is remembered, and the plans'
        # listener woke the scheduler.
        assert gid in service.scheduler.last_commit and gid in service.scheduler.due
        again = await service.play(gid, info.to_act_user, code, expected_version=info.version, request_id="m1")
        assert again.duplicate and again.version == outcome.version  # a retried click: the same move, once
    finally:
        await store.close()
    store = await SqliteStore.open(path)  # durable: another process reads the move
    try:
        fresh = GameService(store, clock)
        assert (await fresh.game(gid)).version == outcome.version
        assert [a.code for a in await fresh.actions(gid)][-1] == code
    finally:
        await store.close()


async def test_one_failing_scan_or_closer_does_not_stop_the_next() -> None:
    hooks = ServiceHooks()
    ran: list[str] = []

    async def bad_scan(on_outcome: object) -> None:
        raise OSError("store gone")

    async def good_scan(on_outcome: object) -> None:
        ran.append("scan")

    def bad_close() -> None:
        raise OSError("pool gone")

    hooks.periodic_scan("first", bad_scan)
    with pytest.raises(ValueError, match="registered twice"):
        hooks.periodic_scan("first", good_scan)
    hooks.periodic_scan("second", good_scan)
    hooks.closer("first", bad_close)
    hooks.closer("second", lambda: ran.append("close"))
    await hooks.scan()
    hooks.close()
    assert ran == ["scan", "close"]
    assert hooks.failures == {"scan:first": 1, "closer:first": 1}


async def test_the_first_turn_source_with_a_move_wins() -> None:
    hooks = ServiceHooks()
    asked: list[str] = []

    async def nothing(game_id: int) -> Outcome | None:
        asked.append("computer")
        return None

    async def plan(game_id: int) -> Outcome | None:
        asked.append("plan")
        return None

    hooks.turn_source("computer", nothing)
    hooks.turn_source("plan", plan)
    assert await hooks.next_turn(7) is None
    assert asked == ["computer", "plan"]
