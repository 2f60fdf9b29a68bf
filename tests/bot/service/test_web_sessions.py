"""The web sessions' storage (schema step 18, bot/store/sessions.py), the same on SQLite and PostgreSQL: a new
database has the table (the migration ran), a session is found by its token's hash only, revoking ends one or
every session of a user, and ended sessions are purged."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from bot.store import SCHEMA_VERSION, GameStore, StoreConflict
from bot.store.schema import MIGRATIONS
from bot.store.sessions import WebSession
from tests.bot.service.conftest import T0, OpenStore


def session(session_id: str, user_id: int, **kw: object) -> WebSession:
    values: dict[str, object] = dict(session_id=session_id, user_id=user_id, name=f"user {user_id}", lang="pt",
                                     kind="discord", game_id=None, csrf=f"csrf-{session_id}", created_at=T0,
                                     seen_at=T0, expires_at=T0 + timedelta(days=30), revoked_at=None)
    values.update(kw)
    return WebSession(**values)  # type: ignore[arg-type]


def test_the_sessions_step_is_the_newest_and_creates_the_table() -> None:
    step = MIGRATIONS[17]
    assert SCHEMA_VERSION == 18
    for text in (step.sqlite, step.postgres):
        assert "CREATE TABLE web_sessions" in text and "token_hash TEXT   NOT NULL UNIQUE" in text
    assert "TIMESTAMPTZ" in step.postgres and "TIMESTAMPTZ" not in step.sqlite


async def test_a_session_is_found_by_its_token_hash_and_kept_as_written(store: GameStore) -> None:
    alice = session("s1", 11, kind="activity", game_id=5)
    async with store.transaction() as tx:
        await tx.open_web_session(alice, "hash-1")
        await tx.open_web_session(session("s2", 12), "hash-2")
    async with store.reading() as tx:
        assert await tx.web_session("hash-1") == alice
        assert await tx.web_session("s1") is None  # the row's id is not its token
        assert await tx.web_session("") is None
        assert [s.session_id for s in await tx.user_web_sessions(12)] == ["s2"]


async def test_a_token_hash_is_unique_and_a_bad_kind_is_refused(store: GameStore) -> None:
    async with store.transaction() as tx:
        await tx.open_web_session(session("s1", 11), "hash-1")
    with pytest.raises(StoreConflict):
        async with store.transaction() as tx:
            await tx.open_web_session(session("s2", 12), "hash-1")
    with pytest.raises(StoreConflict):
        async with store.transaction() as tx:
            await tx.open_web_session(replace(session("s3", 12), kind="admin"), "hash-3")  # type: ignore[arg-type]
    async with store.reading() as tx:
        assert await tx.user_web_sessions(12) == []


async def test_revoking_one_or_every_session_of_a_user(store: GameStore) -> None:
    later = T0 + timedelta(hours=1)
    async with store.transaction() as tx:
        for i, user in enumerate((11, 11, 11, 12)):
            await tx.open_web_session(session(f"s{i}", user), f"h{i}")
        await tx.touch_web_session("s0", later)
        assert await tx.revoke_web_session("s0", later) is True
        assert await tx.revoke_web_session("s0", later + timedelta(hours=1)) is False  # already ended
        await tx.touch_web_session("s0", later + timedelta(hours=2))  # a revoked session is not touched
        assert await tx.revoke_user_web_sessions(11, later) == 2  # the two still open
    async with store.reading() as tx:
        mine = await tx.user_web_sessions(11)
        assert [(s.session_id, s.revoked_at, s.seen_at) for s in mine] == [
            ("s0", later, later), ("s1", later, T0), ("s2", later, T0)]
        assert (await tx.user_web_sessions(12))[0].revoked_at is None


async def test_ended_sessions_are_purged_after_a_while(store: GameStore) -> None:
    async with store.transaction() as tx:
        await tx.open_web_session(session("old", 11, expires_at=T0 + timedelta(days=1)), "h1")
        await tx.open_web_session(session("revoked", 11, revoked_at=T0 + timedelta(days=2)), "h2")
        await tx.open_web_session(session("live", 11), "h3")
        assert await tx.purge_web_sessions(T0 + timedelta(days=1, hours=1)) == 1
        assert await tx.purge_web_sessions(T0 + timedelta(days=3)) == 1
    async with store.reading() as tx:
        assert [s.session_id for s in await tx.user_web_sessions(11)] == ["live"]


async def test_the_table_survives_a_restart(open_store: OpenStore) -> None:
    store = await open_store()
    async with store.transaction() as tx:
        await tx.open_web_session(session("s1", 11), "hash-1")
    await store.close()
    store = await open_store()  # migrating again is a no-op
    try:
        async with store.reading() as tx:
            found = await tx.web_session("hash-1")
        assert found is not None and found.lang == "pt"
    finally:
        await store.close()
