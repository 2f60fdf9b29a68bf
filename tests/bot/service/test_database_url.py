"""SPLENDOR_DATABASE_URL chooses the backend: SQLite with no setting, PostgreSQL for a postgresql:// URL."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot import admin
from bot.client import create_bot
from bot.config import Settings
from bot.service import GameService, ServiceSettings
from bot.store import SqliteStore
from bot.store.pg_schema import PG_SCHEMA_VERSION
from bot.store.postgres import PostgresStore
from bot.store.url import open_store, parse_database_url
from tests.bot.service.conftest import FakeClock


def test_the_accepted_forms_and_a_clear_refusal() -> None:
    assert parse_database_url("sqlite:///games.sqlite3").path == Path("games.sqlite3")
    assert parse_database_url("sqlite:////var/lib/splendor/g.sqlite3").path == Path("/var/lib/splendor/g.sqlite3")
    assert parse_database_url("postgresql://u:p@db:5432/splendor").backend == "postgres"
    assert parse_database_url("postgres://u@db/splendor").backend == "postgres"
    for bad in ("mysql://x", "games.sqlite3", "sqlite:///"):
        with pytest.raises(ValueError, match="sqlite:///"):
            parse_database_url(bad)


def test_settings_default_to_the_sqlite_file_and_take_a_url(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)  # no stray .env
    monkeypatch.delenv("SPLENDOR_DATABASE_URL", raising=False)
    monkeypatch.setenv("SPLENDOR_DATABASE_PATH", "data/g.sqlite3")
    assert Settings().store_url == "sqlite:///data/g.sqlite3"
    monkeypatch.setenv("SPLENDOR_DATABASE_URL", "postgresql://bot@db/splendor")
    assert Settings().store_url == "postgresql://bot@db/splendor"
    monkeypatch.setenv("SPLENDOR_DATABASE_URL", "mongodb://db")
    with pytest.raises(ValidationError, match="postgresql://"):
        Settings()


async def test_open_store_opens_the_named_backend(tmp_path: Path, pg_url: str) -> None:
    lite = await open_store(f"sqlite:///{tmp_path}/g.sqlite3")
    try:
        assert isinstance(lite, SqliteStore) and (tmp_path / "g.sqlite3").exists()
    finally:
        await lite.close()
    pg = await open_store(pg_url)
    try:
        assert isinstance(pg, PostgresStore)
        assert await pg.schema_version() == PG_SCHEMA_VERSION  # migrated on open
    finally:
        await pg.close()


def test_shard_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SPLENDOR_DATABASE_URL", "postgresql://bot@db/splendor")
    monkeypatch.setenv("SPLENDOR_SHARD_COUNT", "4")
    monkeypatch.setenv("SPLENDOR_SHARD_IDS", "2")
    settings = Settings()
    assert settings.shards.ids == {2} and settings.shards.count == 4
    assert settings.shared_store and not settings.service_settings().user_cache
    monkeypatch.setenv("SPLENDOR_SHARD_IDS", "1-2")
    assert Settings().shards.ids == {1, 2}
    assert create_bot(Settings()).shard_ids == [1, 2]  # the process connects its shards and only those
    monkeypatch.setenv("SPLENDOR_SHARD_IDS", "7")
    with pytest.raises(ValidationError, match="outside 0-3"):
        Settings()


async def test_a_setting_changed_in_one_process_is_seen_by_the_other(fresh_pg_url: str) -> None:
    a, b = await PostgresStore.open(fresh_pg_url, min_size=1), await PostgresStore.open(fresh_pg_url, min_size=1)
    try:
        shared = ServiceSettings(user_cache=False)
        one, two = GameService(a, FakeClock(), shared), GameService(b, FakeClock(), shared)
        assert (await two.user_settings(5)).lang is None  # read (and, with a cache, kept) by the second
        await one.set_language(5, "es")
        # the second store caches users and forgets one when PostgreSQL's NOTIFY of the change reaches it, a
        # moment after the first store's commit: wait for that notice (bounded), never for a fixed time
        for _ in range(3000):
            if (await two.user_settings(5)).lang == "es":
                break
            await asyncio.sleep(0.01)
        assert (await two.user_settings(5)).lang == "es"
    finally:
        await a.close()
        await b.close()


def test_operator_commands_follow_the_database_url_to_postgresql(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With SPLENDOR_DATABASE_URL on PostgreSQL, backup works on that database (pg_dump), not on a SQLite file."""
    from bot.__main__ import main

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SPLENDOR_DATABASE_URL", "postgresql://bot:pw@127.0.0.1:9/splendor")
    assert main(["backup", str(tmp_path / "copy.dump")]) == 1
    assert capsys.readouterr().err.startswith("cannot connect to postgresql://bot:***@127.0.0.1:9/splendor (")
    assert not list(tmp_path.iterdir())
    assert admin.main(["check"]) == 1  # without bot.pgadmin (python -m bot passes it): says what to run
    assert capsys.readouterr().err == ("postgresql://bot:***@127.0.0.1:9/splendor is a PostgreSQL database: run "
                                       "this as python -m bot check\n")
