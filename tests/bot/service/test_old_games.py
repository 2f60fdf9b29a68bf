"""Games stored by earlier versions keep verifying after an upgrade (issue 27, point 6).

``tests/fixtures/old_games/<commit>/`` holds what the bot of three commits stored (README.md there says how):
``c5aa7fe``, before rules versions existed; ``e3f9183``, where version 2 of the rules was complete; ``1c75cf0``, the
engine of issue 27.  Each has a SQLite database (two games of every ruleset played through that commit's
service, with its action log and its latest snapshot) and snapshots its engine wrote, some with a decision
pending.  An older engine worded events differently (the stronghold event gained the card under it;
Spectacle's last events of a turn are now all of the turn's): verification compares what the rules decide,
and a snapshot that differs only in that presentation is refreshed, never refused.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

import engine
from bot.__main__ import main
from bot.service import GameService
from bot.store import GameStore, SqliteStore
from tests.bot.service.conftest import FakeClock

FIXTURES = Path(__file__).parents[2] / "fixtures" / "old_games"
ERAS = ("c5aa7fe", "e3f9183", "1c75cf0")
RULESETS = {"base", "orient", "strongholds", "orient+strongholds", "spectacle"}


def snapshots(era: str) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(gzip.decompress((FIXTURES / era / "snapshots.json.gz").read_bytes()))
    return data


def database(era: str, tmp_path: Path) -> Path:
    """A copy of the era's database (tests write to it: refreshed snapshots, moves played on)."""
    db = tmp_path / f"{era}.sqlite3"
    db.write_bytes(gzip.decompress((FIXTURES / era / "games.sqlite3.gz").read_bytes()))
    return db


def stored_snapshots(db: Path) -> dict[int, str]:
    with sqlite3.connect(db) as con:
        rows = con.execute("SELECT game_id, snapshot_json FROM games WHERE snapshot_json IS NOT NULL").fetchall()
    con.close()
    return {gid: text for gid, text in rows}


def plays_on(state: engine.GameState, seed: int, moves: int = 8) -> engine.GameState:
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.to_act
        assert seat is not None
        for viewer in [None, *range(state.config.players)]:
            engine.view_for(state, viewer)
        state = engine.apply(state, seat, rng.choice(engine.legal_actions(state))).state
    return state


def test_the_fixtures_cover_every_ruleset_and_decisions_pending() -> None:
    for era in ERAS:
        found = snapshots(era)
        assert {s["config"]["ruleset"] for s in found} == RULESETS == set(engine.ruleset_names()) - {"count"}
        assert sum(1 for s in found if engine.from_json(s).pending_kind is not None) >= 5
    old = snapshots("c5aa7fe")
    assert all("rules_version" not in s["config"] for s in old)  # written before rules versions existed
    assert any(e["kind"] == "stronghold" and "card" not in e["params"] for s in old for e in s["state"]["events"])


@pytest.mark.parametrize("era", ERAS)
def test_old_snapshots_verify_refreshed_and_play_on(era: str) -> None:
    refreshed = 0
    for k, data in enumerate(snapshots(era)):
        loaded = engine.from_json(data)
        again = engine.from_json(data, verify=True)  # before issue 27: "does not match its action log"
        replayed = engine.replay(loaded.config, loaded.history())
        assert engine.to_json(again) == engine.to_json(replayed)  # its presentation recomputed
        assert engine.same_game(loaded, again)
        refreshed += engine.to_json(again) != data
        plays_on(again, seed=k)
    assert refreshed >= (5 if era == "c5aa7fe" else 0)


def test_a_snapshot_differing_in_what_the_rules_decide_is_still_refused() -> None:
    for data in snapshots("c5aa7fe"):
        if engine.from_json(data).is_over:
            continue
        damaged = json.loads(json.dumps(data))
        damaged["history"] = damaged["history"][:-1]  # the log no longer leads to this position
        with pytest.raises(engine.BadSetup) as caught:
            engine.from_json(damaged, verify=True)
        assert caught.value.key == "err.snapshot_mismatch"


async def _verify(store: GameStore, clock: FakeClock) -> list[int]:
    """Every game verifies (twice: the first refreshes what it must); the game ids."""
    service = GameService(store, clock)
    async with store.reading() as tx:
        game_ids = sorted((await tx.games(range(1, 20))).keys())
    assert len(game_ids) == 10
    for gid in game_ids:
        assert await service.verify(gid), gid  # before issue 27: False for the Strongholds and Spectacle games
        assert await GameService(store, clock).verify(gid), gid  # the refreshed snapshot loads and verifies
    return game_ids


async def _verify_and_play(store: GameStore, clock: FakeClock, seed: int) -> None:
    """Every game verifies, then plays on and verifies again."""
    game_ids = await _verify(store, clock)
    service = GameService(store, clock)
    rng = random.Random(seed)
    for gid in game_ids:
        for _ in range(6):
            info = await service.game(gid)
            if info.status != "active":
                break
            state = await service.state(gid)
            assert state is not None
            await service.play(gid, info.to_act_user or 0, str(rng.choice(engine.legal_actions(state))),
                               expected_version=info.version, request_id=f"on:{gid}:{info.version}")
        assert await GameService(store, clock).verify(gid), gid


@pytest.mark.parametrize("era", ERAS)
async def test_an_old_database_opens_verifies_and_plays_on(era: str, tmp_path: Path, clock: FakeClock) -> None:
    db = database(era, tmp_path)
    before = stored_snapshots(db)
    store = await SqliteStore.open(db)  # the schema is brought up to date
    try:
        await _verify(store, clock)
        after = stored_snapshots(db)
        await _verify_and_play(store, clock, seed=1)
    finally:
        await store.close()
    for text in [*after.values(), *stored_snapshots(db).values()]:
        data = json.loads(text)
        assert engine.to_json(engine.from_json(data, verify=True)) == data  # every stored snapshot is current
    # Verifying stored again the snapshots this engine writes differently: c5aa7fe's Splendor games (their
    # configs gain "rules_version": 1; Spectacle's snapshots from c5aa7fe's schema are dropped by the schema
    # upgrade, their codes changed: those games replay their log), e3f9183's Strongholds games (the events).
    refreshed = {gid for gid in after if before[gid] != after[gid]}
    assert after.keys() <= before.keys() and len(refreshed) == {"c5aa7fe": 8, "e3f9183": 4, "1c75cf0": 0}[era]
    for gid in refreshed:
        old, new = json.loads(before[gid]), json.loads(after[gid])
        assert engine.decided(engine.from_json(old)) == engine.decided(engine.from_json(new))


@pytest.mark.parametrize("era", ["c5aa7fe", "e3f9183"])
async def test_migrating_an_old_database_to_postgresql_passes_its_checks(
    era: str, tmp_path: Path, fresh_pg_url: str, clock: FakeClock, capsys: pytest.CaptureFixture[str]
) -> None:
    db = database(era, tmp_path)  # as that bot left it: migrate brings its schema up to date first
    code = await asyncio.to_thread(main, ["migrate", "--from", f"sqlite:///{db}", "--to", fresh_pg_url])
    out, err = capsys.readouterr()
    assert code == 0 and err == "", err  # before issue 27: exit 1, "its snapshot does not match its replayed log"
    assert "10 games checked, 10 replayed" in out
    from bot.store.postgres import PostgresStore

    target = await PostgresStore.open(fresh_pg_url)
    try:
        await _verify_and_play(target, clock, seed=2)
    finally:
        await target.close()
