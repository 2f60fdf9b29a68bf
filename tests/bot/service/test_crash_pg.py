"""Two bot processes on one PostgreSQL, each on its own shard, killed with SIGKILL at random points and
restarted: no acknowledged move is lost, no log is half-applied, and no notification is delivered twice
(a second hand-out only follows a process killed between sending and recording it, and it carries the first
one's nonce, so Discord's enforce_nonce posts it once)."""

from __future__ import annotations

import logging
import os
import random
import signal
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import asyncpg

from tests.bot.service.crash_writer import parse_ack
from tests.bot.service.watchdog import killed_after

ROUNDS = 5
ROOT = Path(__file__).resolve().parents[3]


def _start(url: str, shard: int, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.bot.service.crash_pg_writer", url, str(shard), "2", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
        text=True,
    )


def _finish(proc: subprocess.Popen[str]) -> list[str]:
    """SIGKILL (if still running) and every complete line it wrote."""
    proc.send_signal(signal.SIGKILL)
    assert proc.stdout is not None and proc.stderr is not None
    rest = proc.stdout.read()
    proc.wait()
    proc.stdout.close()
    proc.stderr.close()
    return [line for line in rest.splitlines(keepends=True) if line.endswith("\n")]


def _read_until(proc: subprocess.Popen[str], acks: int, lines: list[str]) -> None:
    assert proc.stdout is not None
    seen = 0
    while seen < acks:
        line = proc.stdout.readline()
        assert line, proc.stderr.read() if proc.stderr else ""
        lines.append(line)
        seen += line.startswith("ACK ")


async def test_two_processes_killed_at_random_lose_nothing_and_send_nothing_twice(fresh_pg_url: str) -> None:
    rng = random.Random(20261124)
    runs: list[list[str]] = []  # each process run's lines, in order
    for _ in range(ROUNDS):
        procs = [_start(fresh_pg_url, 0), _start(fresh_pg_url, 1)]
        lines: list[list[str]] = [[], []]
        with killed_after(procs):
            try:
                for i, p in enumerate(procs):
                    assert p.stdout is not None
                    first = p.stdout.readline()
                    assert first == "READY\n", (first, p.stderr.read() if p.stderr else "")
                    lines[i].append(first)
                if not runs:  # a third process claiming a running shard is refused, clearly
                    third = _start(fresh_pg_url, 1, "--once")
                    third_out, _ = third.communicate(timeout=60)
                    assert third.returncode == 3 and "shard 1 of 2 is already run by splendor-bot" in third_out
                victim = rng.randrange(2)
                _read_until(procs[victim], rng.randint(5, 60), lines[victim])
                lines[victim] += _finish(procs[victim])  # one dies mid-play while the other runs on
                other = 1 - victim
                _read_until(procs[other], rng.randint(5, 60), lines[other])
            finally:
                for i, p in enumerate(procs):
                    if p.returncode is None:
                        lines[i] += _finish(p)
        runs += lines
    # Every acknowledged move is in the log; logs have no gap and match their game rows.
    con = await asyncpg.connect(fresh_pg_url)
    try:
        rows = await con.fetch("SELECT game_id, seq, code FROM actions")
        logged = {(r["game_id"], r["seq"]): r["code"] for r in rows}
        acks = [parse_ack(line) for run in runs for line in run if line.startswith("ACK ")]
        for gid, version, code in acks:
            assert logged.get((gid, version)) == code, f"acknowledged move lost: game {gid} v{version}"
        for r in await con.fetch("SELECT game_id, version FROM games"):
            seqs = [x["seq"] for x in await con.fetch("SELECT seq FROM actions WHERE game_id = $1 ORDER BY seq",
                                                      r["game_id"])]
            assert seqs == list(range(1, len(seqs) + 1)) and r["version"] == len(seqs)
        channels = {r["channel_id"] for r in await con.fetch("SELECT channel_id FROM games")}
        assert channels == {1, 2, 101, 102}  # each shard's two channels (a new game follows one that ended)
        assert len(acks) >= ROUNDS * 10
        delivered = {r["id"] for r in await con.fetch("SELECT id FROM outbox WHERE delivered_at IS NOT NULL"
                                                      " AND NOT dropped")}
    finally:
        await con.close()
    # Notifications: a row is handed out again only after its sender died before recording it, and a row
    # recorded as delivered is never handed out again.
    # Handed out again, a row carries the nonce it was first sent with: Discord (enforce_nonce) posts it once.
    sent_by: dict[int, list[tuple[int, bool]]] = defaultdict(list)  # id -> [(run, recorded by that run)]
    nonces: dict[int, set[str]] = defaultdict(set)
    for n, run in enumerate(runs):
        marked = {int(i) for line in run if line.startswith("MARKED ") for i in line.split()[1:]}
        for line in run:
            if line.startswith("SENT "):
                nonce, *ids = line.split()[1:]
                for i in map(int, ids):
                    sent_by[i].append((n, i in marked))
                    nonces[i].add(nonce)
    assert sent_by, "nothing was delivered"
    for note, sends in sent_by.items():
        assert all(not recorded for _, recorded in sends[:-1]), f"notification {note} delivered twice"
        assert len({run for run, _ in sends}) == len(sends), f"notification {note} sent twice by one process"
        assert len(nonces[note]) == 1, f"notification {note} sent again under another nonce: posted twice"
    assert {i for i, sends in sent_by.items() if any(rec for _, rec in sends)} <= delivered
    logging.getLogger(__name__).info(
        "two-process crash test: %d runs, %d kills, %d acknowledged moves all logged, %d notifications delivered,"
        " %d handed out again after a kill between send and record, 0 sent twice otherwise",
        len(runs), len(runs), len(acks), len(sent_by), sum(len(s) > 1 for s in sent_by.values()),
    )
