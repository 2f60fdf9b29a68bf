"""Spectacle games stored with the old verbs (``res``/``ret``/``disc``) load, verify and play on (migration 3)."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

import engine
from bot.service import GameService
from bot.store import MIGRATIONS, SCHEMA_VERSION, SqliteStore
from bot.store import sqlite as sqlite_store
from bot.store.schema import Step
from tests.bot.service.conftest import FakeClock, started_game

OLD = (("reserve ", "res "), ("return ", "ret "), ("discard ", "disc "))


def _old(code: str) -> str:
    for new, old in OLD:
        if code.startswith(new):
            return old + code[len(new):]
    return code


def _old_snapshot(text: str) -> str:
    """The snapshot as the engine wrote it before the rename: old verbs, and ``history`` in the state."""
    data: dict[str, Any] = json.loads(text)
    data["history"] = [[seat, _old(code)] for seat, code in data["history"]]
    state = data["state"]
    state["history"] = [[seat, _old(code)] for seat, code in state.pop("actions")]
    return json.dumps(data)


async def _play(service: GameService, gid: int, moves: int, tag: str = "m") -> None:
    rng = random.Random(4)
    for n in range(moves):
        info = await service.game(gid)
        if info.status != "active":
            return
        state = await service.state(gid)
        assert state is not None
        legal = [str(a) for a in engine.legal_actions(state)]
        takes = [c for c in legal if c.startswith("take ")]  # chips pile up: returns above 5 (P-6)
        reserves = [c for c in legal if c.startswith("reserve ")]
        code = rng.choice(reserves if reserves and rng.random() < 0.2 else takes or legal)
        await service.play(gid, info.to_act_user or 0, code, expected_version=info.version, request_id=f"{tag}{n}")


async def test_a_game_stored_with_the_old_codes_is_migrated_and_plays_on(db_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    clock = FakeClock()
    store = await SqliteStore.open(db_path)
    service = GameService(store, clock)
    try:
        gid = await started_game(service, (1, 2), ruleset="spectacle", seed=5)
        await _play(service, gid, 40)
        codes = [a.code for a in await service.actions(gid)]
    finally:
        await store.close()
    assert any(c.startswith("reserve ") for c in codes) and any(c.startswith("return ") for c in codes)

    # Make it the database the old engine wrote: old verbs in the log and in the snapshot, schema 2.
    con = sqlite3.connect(db_path)
    for (code,) in con.execute("SELECT code FROM actions WHERE game_id = ?", (gid,)).fetchall():
        con.execute("UPDATE actions SET code = ? WHERE game_id = ? AND code = ?", (_old(code), gid, code))
    (snapshot,) = con.execute("SELECT snapshot_json FROM games WHERE game_id = ?", (gid,)).fetchone()
    assert snapshot is not None
    old_snapshot = _old_snapshot(snapshot)
    con.execute("UPDATE games SET snapshot_json = ? WHERE game_id = ?", (old_snapshot, gid))
    con.execute("PRAGMA user_version = 2")
    con.commit()
    stored = [c for (c,) in con.execute("SELECT code FROM actions WHERE game_id = ? ORDER BY seq", (gid,))]
    con.close()
    assert stored == [_old(c) for c in codes] and stored != codes

    # The old snapshot alone still reads and matches its own log (the old words parse).
    state = engine.from_json(json.loads(old_snapshot), verify=True)
    assert [c for _, c in state.history()] == codes[: state.version]

    # Rewound to schema 2, the database runs migration 3 again; the later ones are already in its tables.
    monkeypatch.setattr(sqlite_store, "MIGRATIONS", (*MIGRATIONS[:3], *(Step("SELECT 1;"),) * (len(MIGRATIONS) - 3)))
    store = await SqliteStore.open(db_path)
    try:
        assert await store.schema_version() == SCHEMA_VERSION
        service = GameService(store, clock)
        assert [a.code for a in await service.actions(gid)] == codes  # canonical again
        async with store.reading() as tx:
            row = await tx.game(gid)
        assert row is not None and row.snapshot_json is None  # rebuilt from the log on the next snapshot
        assert await service.verify(gid)
        before = (await service.game(gid)).version
        await _play(service, gid, 3, "after")
        assert (await service.game(gid)).version > before and await service.verify(gid)
    finally:
        await store.close()
