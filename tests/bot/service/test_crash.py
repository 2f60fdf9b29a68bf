"""A writer killed with SIGKILL at random points loses no acknowledged action and leaves none half-applied.

Real subprocesses, a real SQLite file.  Each round starts a writer (which resumes the
games from the file, like a restarted bot), reads a random number of acknowledgements,
kills it with SIGKILL mid-stream, then checks the file.
"""

from __future__ import annotations

import logging
import os
import random
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

from bot.service import GameService
from bot.store import SqliteStore
from tests.bot.service.conftest import FakeClock
from tests.bot.service.crash_writer import CHANNELS, parse_ack
from tests.bot.service.watchdog import killed_after

ROUNDS = 8
ROOT = Path(__file__).resolve().parents[3]


def _run_and_kill(db: Path, acks_before_kill: int, extra_lines: int) -> list[tuple[int, int, str]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.bot.service.crash_writer", str(db)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=env, text=True,
    )
    assert proc.stdout is not None
    acks: list[tuple[int, int, str]] = []
    try:
        with killed_after([proc]):
            assert proc.stdout.readline().strip() == "READY", proc.stderr.read() if proc.stderr else ""
            while len(acks) < acks_before_kill:
                line = proc.stdout.readline()
                assert line.startswith("ACK "), (line, proc.stderr.read() if proc.stderr else "")
                acks.append(parse_ack(line))
            for _ in range(extra_lines):  # let the writer run on a little: the kill lands anywhere
                proc.stdout.readline()
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.kill()
        rest = proc.stdout.read()
        proc.wait()
        if proc.stderr:
            proc.stderr.close()
        proc.stdout.close()
    # Acknowledgements printed before the kill count too (complete lines only).
    for line in rest.splitlines(keepends=True):
        if line.startswith("ACK ") and line.endswith("\n"):
            acks.append(parse_ack(line))
    assert proc.returncode == -signal.SIGKILL
    return acks


def _check_file(db: Path, acks: list[tuple[int, int, str]]) -> int:
    con = sqlite3.connect(db)
    try:
        logged = {(g, s): c for g, s, c in con.execute("SELECT game_id, seq, code FROM actions")}
        for gid, version, code in acks:
            assert logged.get((gid, version)) == code, f"acknowledged action lost: game {gid} v{version}"
        for gid, version, status in con.execute("SELECT game_id, version, status FROM games"):
            seqs = [s for (s,) in con.execute("SELECT seq FROM actions WHERE game_id = ? ORDER BY seq", (gid,))]
            assert seqs == list(range(1, len(seqs) + 1)), f"gap in the log of game {gid}"
            assert version == len(seqs), f"game {gid}: row at v{version}, log has {len(seqs)} (half-applied)"
            if status == "active":
                (tv,) = con.execute("SELECT version FROM timers WHERE game_id = ?", (gid,)).fetchone() or (None,)
                assert tv in (None, version)
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        return len(acks)
    finally:
        con.close()


async def test_sigkill_at_random_points_loses_nothing_acknowledged(tmp_path: Path) -> None:
    db = tmp_path / "crash.sqlite3"
    rng = random.Random(20260302)
    all_acks: list[tuple[int, int, str]] = []
    for _ in range(ROUNDS):
        acks = _run_and_kill(db, rng.randint(1, 120), rng.randint(0, 3))
        assert acks, "the writer acknowledged nothing"
        all_acks.extend(acks)
        _check_file(db, all_acks)
    # Every game (the ones that ended too) replays to its snapshot, and a fresh service resumes them.
    store = await SqliteStore.open(db)
    try:
        service = GameService(store, FakeClock())
        games = [g for ch in CHANNELS for g in await service.games_for_user(ch * 10, live_only=False)]
        for info in games:
            assert await service.verify(info.game_id)
            state = await service.state(info.game_id)
            if info.status == "lobby":  # killed between creating a game and starting it: nothing to replay yet
                assert state is None and info.version == 0
                continue
            assert state is not None and state.is_over == (info.status == "over")
        total = sum(info.version for info in games)
        assert total >= len(all_acks) and len({gid for gid, _, _ in all_acks}) >= len(CHANNELS)
    finally:
        await store.close()
    logging.getLogger(__name__).info(
        "crash test: %d kills, %d acknowledged actions checked, %d logged, 0 lost", ROUNDS, len(all_acks), total
    )
