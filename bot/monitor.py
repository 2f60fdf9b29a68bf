"""What a supervisor and an operator watch: the heartbeat file and the Prometheus metrics (both off by default).

* :class:`Metrics`: moves (a counter, so moves/s is ``rate(splendor_moves_total[1m])``), the time a move
  takes through the service (a histogram: ``histogram_quantile(0.99, rate(splendor_move_seconds_bucket[5m]))``),
  render time, the outbox backlog, due timers, games by status, the game cache's hits and misses, the
  service's hooks that raised (``splendor_hook_failures_total{hook="after_commit:reviews"}``: logged, the move stood)
  and the computer moves played by fallback (``splendor_computer_fallbacks``, by reason: a worker failure is never
  silent).
  :meth:`Metrics.serve` exposes them on ``http://ADDRESS:PORT/metrics`` (``SPLENDOR_METRICS_PORT``).
* :class:`Monitor`: every ``SPLENDOR_HEALTH_INTERVAL_S`` seconds samples the database counts into the gauges
  and rewrites the heartbeat file (``SPLENDOR_HEALTH_FILE``) that ``python -m bot health`` reads.
* :class:`MeteredService`: the game service, timing and counting each move it commits.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from wsgiref.simple_server import WSGIServer

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, start_http_server
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from bot.admin import AdminError, counts, read_only, write_health
from bot.service import GameService, Outcome

log = logging.getLogger(__name__)

#: Move latency buckets (seconds): the service's p99 target is 40 ms.
MOVE_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.02, 0.03, 0.04, 0.06, 0.08, 0.12, 0.25, 0.5, 1.0, 2.5)
RENDER_BUCKETS = (0.005, 0.01, 0.02, 0.03, 0.05, 0.08, 0.12, 0.2, 0.35, 0.6, 1.0, 2.5)


class CacheStats:
    """Reads the game service's cache and hook-failure counters at scrape time."""

    def __init__(self, service: Callable[[], GameService | None]) -> None:
        self._service = service

    def collect(self) -> Iterator[Metric]:
        service = self._service()
        hits = getattr(service, "cache_hits", 0) if service is not None else 0
        misses = getattr(service, "cache_misses", 0) if service is not None else 0
        yield CounterMetricFamily("splendor_game_cache_hits", "Game loads served from the cache", value=hits)
        yield CounterMetricFamily("splendor_game_cache_misses", "Game loads rebuilt from the store", value=misses)
        ratio = hits / (hits + misses) if hits + misses else 1.0
        yield GaugeMetricFamily("splendor_game_cache_hit_ratio", "Hits over all loads since start", value=ratio)
        failed = CounterMetricFamily("splendor_hook_failures", "Service hooks that raised (logged; the move stood)",
                                     labels=["hook"])
        for hook, count in sorted(service.hooks.failures.items()) if service is not None else ():
            failed.add_metric([hook], count)
        yield failed
        fallbacks = CounterMetricFamily("splendor_computer_fallbacks",
                                        "Computer moves played by fallback, by reason (timeout, illegal, worker)",
                                        labels=["reason"])
        counted = service.computer_fallbacks if service is not None else {}
        for reason in sorted({"timeout", "illegal", "worker", *counted}):
            fallbacks.add_metric([reason], counted.get(reason, 0))
        yield fallbacks


class Metrics:
    """The bot's Prometheus metrics, in their own registry."""

    def __init__(self, service: Callable[[], GameService | None] = lambda: None) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.moves = Counter("splendor_moves", "Moves committed, by source", ["source"], registry=r)
        self.move_seconds = Histogram("splendor_move_seconds", "Time to play one move through the game service",
                                      buckets=MOVE_BUCKETS, registry=r)
        self.render_seconds = Histogram("splendor_render_seconds", "Time to draw one table or hand image",
                                        buckets=RENDER_BUCKETS, registry=r)
        self.outbox_backlog = Gauge("splendor_outbox_backlog", "Notifications due and not yet delivered", registry=r)
        self.timers_due = Gauge("splendor_timers_due", "Turn timers past their deadline, not yet handled", registry=r)
        self.games = Gauge("splendor_games", "Games by status", ["status"], registry=r)
        self.latency = Gauge("splendor_gateway_latency_seconds", "Discord gateway heartbeat latency", registry=r)
        self.sampled = Gauge("splendor_last_sample_timestamp_seconds", "When the database was last sampled",
                             registry=r)
        self.cache: Collector = CacheStats(service)
        r.register(self.cache)
        self._server: WSGIServer | None = None

    def serve(self, port: int, address: str = "127.0.0.1") -> int:
        """Start the HTTP endpoint (a daemon thread); returns the port (useful with port 0)."""
        server, _thread = start_http_server(port, addr=address, registry=self.registry)
        self._server = server
        return int(server.server_port)

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def observe_counts(self, c: dict[str, int]) -> None:
        self.outbox_backlog.set(c["outbox_waiting"])
        self.timers_due.set(c["timers_due"])
        for status in ("lobby", "active", "over", "aborted"):
            self.games.labels(status).set(c[f"games_{status}"])
        self.sampled.set(time.time())


class MeteredService(GameService):
    """The game service, timing each move it commits (``metrics`` None: nothing is measured)."""

    metrics: Metrics | None = None

    async def play(self, game_id: int, user_id: int, code: str, *, expected_version: int | None = None,
                   expected_board: int | None = None, request_id: str) -> Outcome:
        started = time.perf_counter()
        outcome = await super().play(game_id, user_id, code, expected_version=expected_version,
                                     expected_board=expected_board, request_id=request_id)
        if self.metrics is not None and not outcome.duplicate:
            self.metrics.move_seconds.observe(time.perf_counter() - started)
            self.metrics.moves.labels("player").inc()
        return outcome


@dataclass
class BotFacts:
    """What the heartbeat says about the connection."""

    status: str  # "ok" (connected), "connecting", "stopping", or what failed
    shards: int
    guilds: int
    latency: float | None
    detail: str = ""


def sample_counts(database: Path, now: datetime) -> dict[str, int]:
    """The outbox, timer and game counts, on a read-only connection of its own (run it in a thread)."""
    with read_only(database) as conn:
        return counts(conn, now, full=False)


class Monitor:
    """Samples the database into the metrics and rewrites the heartbeat file, every ``interval`` seconds."""

    def __init__(self, facts: Callable[[], BotFacts], database: Path, *, health_file: Path | None,
                 metrics: Metrics | None, interval: float, clock: Callable[[], datetime] | None = None) -> None:
        self.facts = facts
        self.clock = clock or (lambda: datetime.now(UTC))
        self.database = database
        self.health_file = health_file
        self.metrics = metrics
        self.interval = interval

    async def beat(self) -> dict[str, object]:
        facts = self.facts()
        payload: dict[str, object] = {"at": time.time(), "pid": os.getpid(), "status": facts.status,
                                      "shards": facts.shards, "guilds": facts.guilds,
                                      "latency_ms": None if facts.latency is None else round(facts.latency * 1000)}
        if facts.detail:
            payload["detail"] = facts.detail
        if self.metrics is not None:
            if facts.latency is not None:
                self.metrics.latency.set(facts.latency)
            try:
                c = await asyncio.to_thread(sample_counts, self.database, self.clock())
            except (sqlite3.Error, AdminError) as exc:
                log.warning("could not sample the database for metrics: %s", exc)
            else:
                self.metrics.observe_counts(c)
                payload["outbox_backlog"] = c["outbox_waiting"]
                payload["timers_due"] = c["timers_due"]
        if self.health_file is not None:
            try:
                await asyncio.to_thread(write_health, self.health_file, payload)
            except OSError as exc:
                log.warning("could not write the heartbeat file %s: %s", self.health_file, exc)
        return payload

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                await self.beat()
            except Exception:
                log.exception("monitor round failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), timeout=self.interval)

    def stopped(self) -> None:
        """Say so in the heartbeat file at a clean shutdown (a supervisor then sees "stopping", not stale)."""
        if self.health_file is not None:
            with contextlib.suppress(OSError):
                write_health(self.health_file, {"at": time.time(), "pid": os.getpid(), "status": "stopping"})


__all__ = ["BotFacts", "MeteredService", "Metrics", "Monitor", "sample_counts"]
