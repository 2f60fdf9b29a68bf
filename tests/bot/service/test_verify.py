"""``GameService.verify`` answers False, never raises, when a game's snapshot disagrees with its log."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.service import GameService, ServiceSettings
from bot.store import SqliteStore
from tests.bot.service.conftest import FakeClock, base_game, minimal_code


async def play(service: GameService, gid: int, moves: int) -> None:
    for _ in range(moves):
        info = await service.game(gid)
        code = await minimal_code(service, gid)
        await service.play(gid, info.to_act_user or 0, code, expected_version=info.version,
                           request_id=f"{gid}:{info.version}")


async def test_a_snapshot_that_disagrees_with_the_log_is_reported_not_raised(db_path: Path, clock: FakeClock) -> None:
    settings = ServiceSettings(snapshot_every=4)
    store = await SqliteStore.open(db_path)
    try:
        service = GameService(store, clock, settings)
        games = [await base_game(service, channel=9000 + i, seed=40 + i) for i in range(2)]
        await play(service, games[0], 6)
        await play(service, games[1], 10)
        assert [await GameService(store, clock, settings).verify(gid) for gid in games] == [True, True]
    finally:
        await store.close()
    with sqlite3.connect(db_path) as db:  # game 1 gets game 2's later snapshot: past game 1's own log
        db.execute("UPDATE games SET (snapshot_json, snapshot_version) = (SELECT snapshot_json, snapshot_version"
                   " FROM games WHERE game_id = ?) WHERE game_id = ?", (games[1], games[0]))
    db.close()
    store = await SqliteStore.open(db_path)
    try:
        fresh = GameService(store, clock, settings)  # nothing cached: the game is loaded from the bad snapshot
        assert await fresh.verify(games[0]) is False
        assert await fresh.verify(games[1]) is True
    finally:
        await store.close()
