"""Settings: every variable of .env.example is a setting, and the service tunables reach the service."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from bot.config import Settings

ROOT = Path(__file__).resolve().parents[2]


def test_env_example_documents_exactly_the_settings():
    names = {line.removeprefix("# ").split("=", 1)[0] for line in (ROOT / ".env.example").read_text().splitlines()
             if line.removeprefix("# ").startswith("SPLENDOR_")}  # set (the token) or shown at its default
    fields = {"SPLENDOR_" + name.upper() for name in Settings.model_fields}
    assert names == fields


def test_service_tunables_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)  # no stray .env
    monkeypatch.setenv("SPLENDOR_REMINDER_LEAD_HOURS", "6")
    monkeypatch.setenv("SPLENDOR_NOTIFY_DIGEST_MINUTES", "60")
    monkeypatch.setenv("SPLENDOR_MAX_EXPIRIES", "1")
    monkeypatch.setenv("SPLENDOR_NOTIFY_MAX_ATTEMPTS", "3")
    monkeypatch.setenv("SPLENDOR_LOST_THREAD_ABORT_DAYS", "2")
    service = Settings().service_settings()
    assert service.notify_max_attempts == 3 and service.lost_thread_abort == timedelta(days=2)
    assert service.reminder_lead == timedelta(hours=6)
    assert service.notify_min_interval == timedelta(minutes=60)
    assert service.default_max_expiries == 1
    assert service.vacation_max_days == 14


def test_a_log_level_outside_the_list_is_refused_and_the_number_is_logging_s(monkeypatch, tmp_path):
    import logging

    import pytest
    from pydantic import ValidationError

    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValidationError, match="must be one of DEBUG"):
        Settings(discord_token="x", log_level="chatty")
    assert Settings(discord_token="x", log_level=" warning ").log_level_number == logging.WARNING
    assert Settings(discord_token="x", log_level=None).log_level == "INFO"


def test_the_package_exports_settings_and_create_bot_lazily():
    import pytest

    import bot
    import bot.client

    assert bot.Settings is Settings and bot.create_bot is bot.client.create_bot
    with pytest.raises(AttributeError, match="no_such_name"):
        bot.no_such_name  # noqa: B018



def test_create_bot_of_one_process_lets_discord_choose_the_shards(monkeypatch, tmp_path):
    """Not connected, nothing opened: every shard Discord recommends (the split case: test_database_url.py)."""
    from bot.client import create_bot

    monkeypatch.chdir(tmp_path)
    whole = create_bot(Settings(discord_token="x", database_path=tmp_path / "a"))
    assert (whole.shard_ids, whole.shard_count) == (None, None)
    assert not whole.intents.message_content and not list(tmp_path.iterdir())
