"""The service on the real base Splendor ruleset: random legal play, restart, replay, timeouts."""

from __future__ import annotations

import random
from pathlib import Path

import engine
from bot.service import GameService
from bot.store import SqliteStore
from tests.bot.service.conftest import FakeClock, OpenStore


async def _random_moves(service: GameService, gid: int, count: int, rng: random.Random) -> None:
    for _ in range(count):
        info = await service.game(gid)
        if info.status != "active":
            return
        state = await service.state(gid)
        code = str(rng.choice(engine.legal_actions(state)))
        await service.play(gid, info.to_act_user or 0, code, expected_version=info.version,
                           request_id=f"{gid}:{info.version}")


async def test_base_game_survives_a_restart_and_replays_to_its_snapshot(
    open_store: OpenStore, clock: FakeClock
) -> None:
    store = await open_store()
    service = GameService(store, clock)
    info = await service.create_game(channel_id=1, creator_id=1, ruleset="base", players=3, seed=11)
    for user in (2, 3):
        await service.join(info.game_id, user)
    await service.start(info.game_id, 1)
    rng = random.Random(5)
    await _random_moves(service, info.game_id, 45, rng)
    before = await service.state(info.game_id)
    await store.close()
    store = await open_store()
    try:
        service = GameService(store, clock)
        after = await service.state(info.game_id)
        assert after.rules.state_to_json(after) == before.rules.state_to_json(before)
        assert await service.verify(info.game_id)
        await _random_moves(service, info.game_id, 400, rng)
        final = await service.game(info.game_id)
        assert final.status == "over" and final.end_reason == "finished"
        state = await service.state(info.game_id)
        assert [p.final_score for p in final.players] == list(state.scores())
        assert await service.verify(info.game_id)
    finally:
        await store.close()


async def test_base_timeout_plays_the_engines_minimal_move(service: GameService, clock: FakeClock) -> None:
    info = await service.create_game(channel_id=2, creator_id=1, ruleset="base", players=2, seed=3, turn_timer="12h")
    await service.join(info.game_id, 2)
    await service.start(info.game_id, 1)
    state = await service.state(info.game_id)
    expected = str(engine.default_action(state))
    clock.advance(hours=12)
    (out,) = await service.run_due_timers()
    assert out.applied[0].code == expected and out.applied[0].source == "timeout"
    assert out.to_act_seat == 1


async def test_a_game_stored_before_rules_version_2_loads_replays_and_finishes(db_path: Path, clock: FakeClock) -> None:
    """A config stored without ``rules_version`` (before B-14/O-2 were sharpened) is played on under version 1."""
    import json
    import sqlite3

    store = await SqliteStore.open(db_path)
    service = GameService(store, clock)
    info = await service.create_game(channel_id=1, creator_id=1, ruleset="orient+strongholds", players=2, seed=3)
    await service.join(info.game_id, 2)
    await service.start(info.game_id, 1)
    await _random_moves(service, info.game_id, 30, random.Random(1))
    await store.close()
    with sqlite3.connect(db_path) as db:  # what a database written before the change holds
        (config_json,) = db.execute("SELECT config_json FROM games WHERE game_id = ?", (info.game_id,)).fetchone()
        config = json.loads(config_json)
        assert config.pop("rules_version") == engine.RULES_VERSION
        db.execute("UPDATE games SET config_json = ?, snapshot_json = NULL, snapshot_version = NULL WHERE game_id = ?",
                   (json.dumps(config), info.game_id))
    store = await SqliteStore.open(db_path)
    service = GameService(store, clock)
    state = await service.state(info.game_id)
    assert state is not None and state.config.rules_version == 1
    assert await service.verify(info.game_id)
    await _random_moves(service, info.game_id, 2000, random.Random(2))
    assert (await service.game(info.game_id)).status == "over"
    assert await service.verify(info.game_id)
    await store.close()
