"""Service paths no other test reached: an unknown game, the bounded user cache, a guest leaving a lobby, a
failed delivery retried, a computer's worker pool closed and started again, and the multi-process benchmark's
summary, its commit-mode URL and its run on a given PostgreSQL (issue 18: branch coverage of bot/service)."""

from __future__ import annotations

import os

import pytest

import engine
from bot.bench import multi as multibench
from bot.service import Delivery, GameNotFound, GameService, ServiceSettings
from bot.service.pools import PoolThinker
from bot.store import SqliteStore
from tests.bot.service import agents
from tests.bot.service.conftest import FakeClock, outbox, started_game


@pytest.fixture
def backend() -> str:
    return "sqlite"


async def test_an_unknown_game_is_refused_by_number_in_each_language(service: GameService) -> None:
    gid = await started_game(service)
    with pytest.raises(GameNotFound) as refused:
        await service.game(gid + 1)
    assert refused.value.message("en") == f"Game #{gid + 1} does not exist."
    assert refused.value.message("es") == f"La partida #{gid + 1} no existe."
    assert (await service.game(gid)).game_id == gid  # the known game still loads


async def test_the_user_cache_keeps_the_most_recent_users_within_its_bound(store: SqliteStore,
                                                                            clock: FakeClock) -> None:
    service = GameService(store, clock, ServiceSettings(cache_size=1, user_cache=True))  # at most 4 users
    for uid in range(1, 8):
        await service.set_language(uid, "es" if uid % 2 else "pt")
    assert list(service._users) == [4, 5, 6, 7]  # the oldest went first
    assert [(await service.user_settings(uid)).lang for uid in (1, 2, 7)] == ["es", "pt", "es"]  # read again
    assert list(service._users) == [6, 7, 1, 2]


def _result(backend: str, processes: int, per_s: float, *, stale: int = 0) -> dict[str, object]:
    return {"backend": backend, "processes": processes, "synchronous_commit": "on", "actions_per_s": per_s,
            "p50_ms": 2.0, "p99_ms": 9.0, "bot_cpu_ms_per_action": 1.5,
            "db_cpu_ms_per_action": None if backend == "sqlite" else 0.5, "stale": stale,
            "lock_wait_samples": "1/10", "delivered": 100, "delivered_twice": 0}


def test_the_benchmark_summary_gives_medians_and_postgresqls_ratio_to_sqlite_per_round() -> None:
    results = [_result("sqlite", 1, 400.0), _result("postgres", 1, 200.0), _result("postgres", 2, 300.0, stale=3),
               _result("sqlite", 1, 600.0), _result("postgres", 1, 240.0), _result("postgres", 2, 260.0, stale=1)]
    lines = multibench.summary(results)
    assert lines[2] == "| sqlite | 1 | on | 500 | 2.0 | 9.0 | 1.500 | 0.000 | 0 | 1/10, 1/10 | 200 | 0 |"
    assert lines[4] == "| postgres | 2 | on | 280 | 2.0 | 9.0 | 1.500 | 0.500 | 4 | 1/10, 1/10 | 200 | 0 |"
    assert lines[5:] == ["postgres x1 sync=on: 0.44 of SQLite's actions/s (medians of the same rounds)",
                         "postgres x2 sync=on: 0.56 of SQLite's actions/s (medians of the same rounds)",
                         "PG x1 / SQLite per round: 0.50, 0.40"]
    assert multibench.summary([_result("postgres", 1, 200.0)])[3:] == []  # no SQLite run: no ratio to give


def test_a_commit_mode_other_than_on_is_passed_to_the_server_in_the_url() -> None:
    assert multibench._with_commit_mode("postgresql://u@h/db", "on") == "postgresql://u@h/db"
    assert multibench._with_commit_mode("postgresql://u@h/db", "off") == "postgresql://u@h/db?synchronous_commit=off"
    assert (multibench._with_commit_mode("postgresql://u@h/db?sslmode=disable", "off")
            == "postgresql://u@h/db?sslmode=disable&synchronous_commit=off")


async def test_a_guest_leaving_a_lobby_leaves_its_host_in_charge(service: GameService) -> None:
    info = await service.create_game(channel_id=1, creator_id=1, ruleset="base", players=3)
    for user in (2, 3):
        await service.join(info.game_id, user)
    left = await service.leave(info.game_id, 2)
    assert (left.status, left.creator_id, left.user_ids) == ("lobby", 1, (1, 3))
    assert (await service.game(info.game_id)).creator_id == 1  # as stored, not only as returned


async def test_a_delivery_that_fails_stays_in_the_outbox_and_goes_out_next_round(service: GameService,
                                                                                  clock: FakeClock) -> None:
    await started_game(service)
    pending = {r.id for r in await outbox(service) if r.delivered_at is None}
    assert pending
    tried: list[int] = []

    async def refuse(d: Delivery) -> bool:
        tried.extend(d.ids)
        return False  # Discord did not take it: not recorded as delivered

    await service.background_round(refuse)
    assert set(tried) == pending and {r.id for r in await outbox(service) if r.delivered_at is None} == pending
    sent: list[int] = []

    async def accept(d: Delivery) -> bool:
        sent.extend(d.ids)
        return True

    clock.advance(hours=1)
    await service.background_round(accept)
    assert set(sent) == pending and not [r for r in await outbox(service) if r.delivered_at is None]


def test_the_service_bench_on_a_given_postgresql_prints_its_figures_line_by_line(
    fresh_pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--url``: no private server; ``--synchronous-commit off`` reaches the workers' connections; without
    ``--json`` one ``key: value`` line per figure."""
    assert multibench.main(["--url", fresh_pg_url, "--games", "2", "--actions", "4", "--inflight", "1",
                            "--synchronous-commit", "off"]) == 0
    lines = {k.strip(): v for k, v in (line.split(": ", 1) for line in capsys.readouterr().out.splitlines())}
    assert (lines["backend"], lines["synchronous_commit"], lines["processes"]) == ("postgres", "off", "1")
    assert lines["actions"] == "4" and lines["delivered_twice"] == "0"


async def test_a_closed_thinker_closes_once_and_thinks_again_in_new_workers() -> None:
    view = engine.view_for(engine.new_game(engine.GameConfig("base", players=2, seed=3)), 0)
    thinker = PoolThinker(workers=1, grace=30.0, target=agents.where)
    thinker.close()  # nothing started yet: nothing to stop
    try:
        first = int((await thinker.think(view, level="easy", seed=1, budget=30.0)).split()[0])
        thinker.close()
        thinker.close()  # the second close finds no pool
        assert thinker._pool is None
        second = int((await thinker.think(view, level="easy", seed=2, budget=30.0)).split()[0])
        assert first != second and os.getpid() not in (first, second)  # a new worker process thought
    finally:
        thinker.close()
