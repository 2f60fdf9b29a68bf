"""Exactly-once results: a process killed between a league game's end and its rating update (or inside the
update's transaction) leaves, after a restart, exactly one result and one rating update."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.leagues.service import LeagueService
from bot.service import GameService
from bot.store import SqliteStore
from tests.bot.service.conftest import FakeClock
from tests.leagues.helpers import new_league, open_tables, seeds

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("mode", ["after_end", "in_tx"])
async def test_crash_between_game_end_and_rating_gives_one_update(tmp_path: Path, mode: str) -> None:
    db = tmp_path / "crash.sqlite3"
    clock = FakeClock()
    store = await SqliteStore.open(db)
    leagues = LeagueService(store, GameService(store, clock), clock, seed_source=seeds)
    league = await new_league(leagues, members=(1, 2))
    for u in (1, 2):
        await leagues.enqueue(league.league_id, u)
    [info] = await open_tables(leagues, await leagues.seat_queue(league.league_id))
    await store.close()

    proc = subprocess.Popen([sys.executable, "-m", "tests.leagues.crash_recorder", str(db), mode], cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    try:
        assert proc.stdout.readline().strip() == "ENDED", proc.stderr.read() if proc.stderr else ""
        if mode == "in_tx":
            assert proc.stdout.readline().strip() == "IN_TX"
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()

    store = await SqliteStore.open(db)
    try:
        games = GameService(store, clock)
        leagues = LeagueService(store, games, clock, seed_source=seeds)
        assert (await games.game(info.game_id)).status == "over"
        assert await leagues.history(league.league_id) == []  # the crash left no result
        recorded = await leagues.reconcile()
        assert [r.game_id for r in recorded] == [info.game_id]
        assert await leagues.reconcile() == []
        assert {u: r.games for u, r in (await leagues.ratings(league.league_id)).items()} == {1: 1, 2: 1}
        async with store.reading() as tx:
            history = await tx.league_rating_history(league.league_id, 1)
        assert len(history) == 1
    finally:
        await store.close()
