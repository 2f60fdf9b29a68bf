"""The benchmarks run at a tiny size: each still plays, records and checks what it reports.

A benchmark that no test runs rots (an API it uses changes and nobody notices until a release needs the
figure); these runs take a few seconds and assert the counts and consistency checks each report carries,
never a timing.
"""

from __future__ import annotations

import asyncio
import io
import json
import os
import subprocess
from pathlib import Path

import pytest

from bot.bench import main as bench
from bot.bench import multi as multibench
from bot.bench import service as service_bench
from bot.store import SqliteStore, StoreUnavailable
from bot.store.postgres import PostgresStore


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert bench(list(argv)) == 0
    out = capsys.readouterr().out.strip().splitlines()
    result = json.loads(out[-1])
    assert isinstance(result, dict)
    return result


def test_service_bench_plays_exactly_the_actions_asked_and_the_database_checks(
    capsys: pytest.CaptureFixture[str],
) -> None:
    r = _run(capsys, "service", "--games", "3", "--actions", "24", "--inflight", "4", "--rate", "5000",
             "--latency-actions", "6", "--snapshot-every", "5", "--json")
    assert (r["games"], r["ruleset"], r["actions"], r["latency_actions"]) == (3, "base", 24, 6)
    assert r["quick_check_ok"] is True
    assert r["misses_per_action"] == 0.0  # three games fit the cache: every load after the first is a hit


def test_service_bench_prints_its_figures_and_the_targets_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench(["service", "--games", "2", "--actions", "4", "--latency-actions", "2", "--rate", "5000"]) == 0
    out = capsys.readouterr().out
    assert "actions: 4" in out and "quick_check_ok: True" in out
    assert "targets met" in out or "targets NOT met" in out


def test_one_process_bench_on_sqlite_delivers_each_notification_once(capsys: pytest.CaptureFixture[str]) -> None:
    r = _run(capsys, "service", "--backend", "sqlite", "--games", "3", "--actions", "12", "--inflight", "2",
             "--json")
    assert (r["backend"], r["processes"], r["actions"]) == ("sqlite", 1, 12)
    assert r["delivered"] > 0 and r["delivered_twice"] == 0


def test_sqlite_runs_one_process_only(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        bench(["service", "--backend", "sqlite", "--processes", "2"])
    assert "SQLite runs one bot process" in capsys.readouterr().err


def test_leagues_bench_rebuilds_the_same_ratings_and_draws_the_page(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    png = tmp_path / "standings.png"
    r = _run(capsys, "leagues", "--members", "8", "--games", "20", "--records", "3", "--png", str(png), "--json")
    assert (r["members"], r["games"]) == (8, 23)
    assert r["rebuild_same"] is True
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_computers_bench_has_the_computer_play_its_turns(capsys: pytest.CaptureFixture[str]) -> None:
    r = _run(capsys, "computers", "--level", "random", "--games", "1", "--workers", "0", "--max-moves", "6",
             "--json")
    assert (r["games"], r["workers"]) == (1, 0)
    assert r["computer_moves"] == 3  # the person and the computer alternate over six moves


def test_an_unknown_bench_prints_the_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench(["nothing"]) == 2
    assert "usage: python -m bot.bench" in capsys.readouterr().err


async def test_a_bench_worker_plays_its_shards_games_and_delivers_what_they_notify(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The worker a multi-process bench starts, run here in-process: the parent's "go" and "end" on stdin."""
    url = f"sqlite:///{tmp_path}/bench.sqlite3"
    await multibench.setup(url, 3, 1)
    monkeypatch.setattr("sys.stdin", io.StringIO("go\nend\n"))
    result = await multibench.worker(url, 0, 1, 10, 2, 7)
    assert capsys.readouterr().out == "READY\nDONE\n"
    assert result["actions"] == 10 and result["stale"] == 0 and len(result["latencies"]) == 10
    assert len(set(result["delivered"])) == len(result["delivered"]) > 0


def test_the_database_cpu_is_read_from_the_servers_processes(tmp_path: Path) -> None:
    assert multibench._pg_cpu(tmp_path) == 0.0  # no server: nothing to read
    (tmp_path / "postmaster.pid").write_text(f"{os.getpid()}\n{tmp_path}\n")
    assert multibench._pg_cpu(tmp_path) > 0.0  # this process stands in for the postmaster
    assert multibench.guild_on(1, 4, 2) >> 22 == 9 and (multibench.guild_on(1, 4, 2) >> 22) % 4 == 1


def test_the_failed_start_bench_builds_each_fault_it_names(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--failed-start`` times ``python -m bot`` on four broken databases; here the store is opened in-process
    instead (seconds, not half a minute): each file must be refused for the reason the bench names."""
    seen: list[tuple[str, bool]] = []

    def start_in_process(db: Path, cwd: Path, *, unprivileged: bool = False) -> subprocess.CompletedProcess[str]:
        seen.append((db.parent.name, unprivileged))
        if unprivileged:  # root ignores the read-only bits in this process: only the folder's mode is checked
            assert db.parent.stat().st_mode & 0o777 == 0o555
            return subprocess.CompletedProcess([], 3, "", "read-only")

        async def refusal() -> str:
            try:
                store = await SqliteStore.open(db)
            except StoreUnavailable as exc:
                return str(exc)
            await store.close()
            return ""

        return subprocess.CompletedProcess([], 3, "", asyncio.run(refusal()))

    monkeypatch.setattr(service_bench, "start_bot", start_in_process)
    assert bench(["service", "--failed-start"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    causes = {r["fault"]: r["stderr"] for r in rows}
    assert "header is wrong" in causes["garbage header"]
    assert "the file is empty (0 bytes)" in causes["0-byte file"]
    assert "the file is truncated" in causes["truncated file"]
    assert seen[-1] == ("read-only-directory", True) and [u for _, u in seen[:-1]] == [False] * 3


async def test_on_postgres_a_bench_worker_plays_its_shard_and_lock_waits_are_sampled(
    fresh_pg_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    await multibench.setup(fresh_pg_url, 4, 2)  # two shards: games 0 and 2 on shard 0, 1 and 3 on shard 1
    monkeypatch.setattr("sys.stdin", io.StringIO("go\nend\n"))
    stop = asyncio.Event()
    sampler = asyncio.create_task(multibench._lock_waits(fresh_pg_url, stop))
    result = await multibench.worker(fresh_pg_url, 1, 2, 6, 2, 3)
    stop.set()
    samples, waited = await sampler
    assert capsys.readouterr().out == "READY\nDONE\n"
    assert result["actions"] + result["stale"] >= 6 and result["actions"] == len(result["latencies"]) > 0
    assert samples >= 1 and 0 <= waited <= samples
    async with await PostgresStore.open(fresh_pg_url) as store, store.reading() as tx:
        played = {gid: (await tx.game(gid)).version for gid in (1, 2, 3, 4)}  # type: ignore[union-attr]
    assert played[1] == played[3] == 0 and played[2] + played[4] == result["actions"]  # shard 1's games only


def test_computers_bench_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench(["computers", "--level", "random", "--games", "1", "--workers", "0", "--max-moves", "4"]) == 0
    lines = {k.strip(): v for k, v in (line.split(": ", 1) for line in capsys.readouterr().out.splitlines())}
    assert lines["computer_moves"] == "2" and lines["workers"] == "0"


def test_create_bench_opens_games_on_both_backends_in_five_postgresql_round_trips(
    capsys: pytest.CaptureFixture[str],
) -> None:
    r = _run(capsys, "create", "--games", "3", "--rounds", "1", "--json")
    assert (r["games"], r["rounds"], r["sqlite_round_trips"]) == (3, 1, 0.0)
    # create (the game and its seat in one statement), join (blocks, seat), start (users, commit)
    assert r["postgres_round_trips"] == 5.0
    assert r["ratio_range"] == [r["ratio"], r["ratio"]]  # one round: the ratio is that round's, unrounded first
    assert r["postgres_wall_ms"] > 0 and r["sqlite_wall_ms"] > 0
