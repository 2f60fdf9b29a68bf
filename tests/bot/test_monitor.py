"""Prometheus metrics served on 127.0.0.1 and the heartbeat file, from a real service on a real SQLite file."""

from __future__ import annotations

import urllib.request
from datetime import UTC, datetime, timedelta
from pathlib import Path

import engine
from bot import admin
from bot.monitor import BotFacts, MeteredService, Metrics, Monitor
from bot.store import SqliteStore

T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


def scrape(port: int) -> dict[str, float]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as response:
        text = response.read().decode()
    out = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, value = line.rsplit(" ", 1)
            out[name] = float(value)
    return out


async def test_metrics_endpoint_counts_moves_latency_backlog_and_cache(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    store = await SqliteStore.open(path)
    metrics: Metrics | None = None
    try:
        service = MeteredService(store, lambda: T0)
        metrics = service.metrics = Metrics(lambda: service)
        port = metrics.serve(0, "127.0.0.1")
        assert scrape(port)["splendor_game_cache_hits_total"] == 0
        info = await service.create_game(channel_id=1, creator_id=1, players=2, seed=3)
        await service.join(info.game_id, 2)
        out = await service.start(info.game_id, 1)
        for k in range(3):
            assert out.state is not None and out.game.to_act_user is not None
            out = await service.play(info.game_id, out.game.to_act_user, str(engine.legal_actions(out.state)[0]),
                                     expected_version=out.game.version, request_id=f"r{k}")
        beat = tmp_path / "health.json"
        monitor = Monitor(lambda: BotFacts("ok", 1, 2, 0.05), path, health_file=beat, metrics=metrics, interval=15,
                          clock=lambda: T0 + timedelta(hours=1))
        payload = await monitor.beat()
        assert scrape(port)['splendor_computer_fallbacks_total{reason="worker"}'] == 0
        service.computer_fallbacks["worker"] = 2  # what two failed computer moves leave (tests/bot/service)
        got = scrape(port)
    finally:
        if metrics is not None:
            metrics.stop()
        await store.close()
    assert got['splendor_moves_total{source="player"}'] == 3
    assert got["splendor_move_seconds_count"] == 3
    assert got['splendor_move_seconds_bucket{le="+Inf"}'] == 3
    assert got["splendor_outbox_backlog"] == payload["outbox_backlog"] > 0
    assert got["splendor_timers_due"] == 0
    assert got['splendor_games{status="active"}'] == 1
    assert got["splendor_game_cache_hits_total"] >= 3  # every move after the start found the game cached
    assert 0 < got["splendor_game_cache_hit_ratio"] <= 1
    assert got["splendor_gateway_latency_seconds"] == 0.05
    assert got['splendor_computer_fallbacks_total{reason="worker"}'] == 2
    assert got['splendor_computer_fallbacks_total{reason="timeout"}'] == 0
    ok, message = admin.read_health(beat, 60)
    assert ok and "2 server(s)" in message


async def test_metrics_are_off_by_default(tmp_path: Path) -> None:
    from bot.config import Settings

    settings = Settings(discord_token="x", database_path=tmp_path / "g.sqlite3")
    assert settings.metrics_port is None and settings.health_file is None
    assert settings.metrics_address == "127.0.0.1"


async def test_heartbeat_says_what_is_wrong(tmp_path: Path) -> None:
    beat = tmp_path / "health.json"
    monitor = Monitor(lambda: BotFacts("connecting", 1, 0, None, "not connected to Discord yet"),
                      tmp_path / "absent.sqlite3", health_file=beat, metrics=None, interval=15)
    await monitor.beat()
    ok, message = admin.read_health(beat, 60)
    assert not ok and message.startswith("connecting: not connected")
    monitor.stopped()
    assert admin.read_health(beat, 60)[1].startswith("stopping")


async def test_a_round_that_cannot_sample_or_write_says_so_and_the_loop_goes_on(tmp_path: Path, caplog) -> None:
    """No database file to sample, a heartbeat folder that does not exist, then a failing round: each is a
    warning in the log, the heartbeat still answers, and ``run`` keeps going until it is stopped."""
    import asyncio
    import logging

    metrics = Metrics(lambda: None)
    rounds: list[int] = []
    stop = asyncio.Event()

    def facts() -> BotFacts:
        rounds.append(1)
        if len(rounds) == 2:
            raise RuntimeError("facts unavailable")
        if len(rounds) == 3:
            stop.set()
        return BotFacts("ok", 1, 2, 0.02)

    missing = tmp_path / "no such folder" / "health.json"
    monitor = Monitor(facts, tmp_path / "absent.sqlite3", health_file=missing, metrics=metrics, interval=0)
    with caplog.at_level(logging.WARNING, logger="bot.monitor"):
        payload = await monitor.beat()
        await monitor.run(stop)
    assert payload["status"] == "ok" and payload["latency_ms"] == 20 and "outbox_backlog" not in payload
    assert len(rounds) == 3 and not missing.exists()
    messages = [r.getMessage() for r in caplog.records]
    assert any(m.startswith("could not sample the database for metrics") for m in messages)
    assert any(m.startswith(f"could not write the heartbeat file {missing}") for m in messages)
    assert "monitor round failed" in messages
    Monitor(facts, tmp_path / "absent.sqlite3", health_file=None, metrics=None, interval=0).stopped()
    assert list(tmp_path.iterdir()) == []  # nothing written anywhere
    metrics.stop()  # never served: nothing to stop
