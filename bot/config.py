"""Typed settings of the bot, from the environment (prefix ``SPLENDOR_``) and ``.env``.

Nothing reads the environment at import time: ``Settings()`` does, when called (``python -m bot``);
tests build ``Settings(discord_token="x", database_path=tmp)`` directly.
"""

from __future__ import annotations

import base64
import logging
import re
from datetime import timedelta
from pathlib import Path

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.service.types import DEFAULT_CACHE_SIZE, ServiceSettings
from bot.store.shards import Shards
from bot.store.url import parse_database_url, sqlite_url

#: A bot token is three base64url parts separated by dots (id . timestamp . hmac).
TOKEN_SHAPE = re.compile(r"^[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{10,}$")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
LOG_FORMATS = ("text", "json")


class Settings(BaseSettings):
    """Everything the bot needs to run; ``.env.example`` documents each one."""

    model_config = SettingsConfigDict(
        env_prefix="SPLENDOR_", env_file=".env", env_file_encoding="utf-8", extra="ignore", populate_by_name=True
    )

    discord_token: SecretStr = Field(default=SecretStr(""), description="The bot token (developer portal > Bot).")
    database_path: Path = Field(default=Path("splendor.sqlite3"), description="SQLite file with every game.")
    database_url: str = Field(default="", description="sqlite:///file or postgresql://...; empty: database_path.")
    shard_count: int = Field(default=1, ge=1, le=4096, description="Discord shards of the whole bot.")
    shard_ids: str = Field(default="", description="The shards this process runs, e.g. 0 or 0-3; empty: all.")
    dev_guild_id: int | None = Field(default=None, description="Sync commands to this guild only (instant).")
    log_level: str = Field(default="INFO", description="DEBUG, INFO, WARNING or ERROR.")
    # Asynchronous play (the game service's tunables; defaults suit games that last days).
    reminder_lead_hours: float = Field(default=2.0, ge=0, le=72, description="Remind this long before a timer ends.")
    notify_digest_minutes: int = Field(default=15, ge=0, le=1440,
                                       description="At most one notification per user per this many minutes.")
    vacation_max_days: int = Field(default=14, ge=1, le=60, description="Longest single vacation.")
    vacation_days_per_year: int = Field(default=30, ge=0, le=365, description="Vacation days per rolling year.")
    max_expiries: int = Field(default=3, ge=0, le=100,
                              description="Turn timers a player may let run out before being removed.")
    # Storage (issue 14): bounded memory and disk for a bot that runs for years.
    game_cache_size: int = Field(default=DEFAULT_CACHE_SIZE, ge=16, le=1_000_000,
                                 description="Games kept loaded in memory (about 10 kB each).")
    outbox_retention_days: float = Field(default=7.0, ge=0, le=3650,
                                         description="Delete sent notifications after this many days.")
    notify_max_attempts: int = Field(default=8, ge=1, le=100,
                                     description="Failed sends of a notification before it is given up.")
    lost_thread_abort_days: float = Field(default=7.0, gt=0, le=365,
                                          description="Days a game whose thread was deleted waits to be moved.")
    check_database_at_start: bool = Field(default=True,
                                          description="Run PRAGMA quick_check on the database at start.")
    # Computer players (seconds of search per move; thinking runs in worker processes).
    computer_easy_seconds: float = Field(default=0.0, ge=0, le=60, description="Search time of an easy computer.")
    computer_medium_seconds: float = Field(default=0.5, ge=0, le=60, description="Search time of a medium computer.")
    computer_hard_seconds: float = Field(default=2.0, ge=0, le=60, description="Search time of a hard computer.")
    computer_workers: int = Field(default=1, ge=0, le=64,
                                  description="Processes thinking for computers (0: a thread of the bot).")
    computer_delay_seconds: float = Field(default=1.0, ge=0, le=60,
                                          description="Least time between a move and a computer's answer.")
    # Operations (docs/operators.md): log format, health file, Prometheus metrics, render processes.
    log_format: str = Field(default="text", description="text, or json for one JSON object per line.")
    health_file: Path | None = Field(default=None, description="Heartbeat file for supervisors (empty: none).")
    health_interval_s: float = Field(default=15.0, ge=1, le=3600, description="Seconds between heartbeats.")
    metrics_port: int | None = Field(default=None, ge=1, le=65535,
                                     description="Serve Prometheus metrics on this port (empty: off).")
    metrics_address: str = Field(default="127.0.0.1", description="Address the metrics server listens on.")
    web_port: int | None = Field(default=None, ge=1, le=65535,
                                 description="Serve the web pages in the bot's process on this port (empty: off).")
    web_host: str = Field(default="127.0.0.1", description="Address the web pages listen on.")
    web_rate: float = Field(default=20.0, ge=0, le=10_000,
                            description="Web requests a second per client address, on average (0: no limit).")
    web_burst: int = Field(default=120, ge=1, le=100_000, description="Web requests at once per client address.")
    web_trust_proxy: bool = Field(default=False, description="Take the client's address from X-Forwarded-For "
                                                             "(only behind a reverse proxy that sets it).")
    web_url: str = Field(default="", description="The web pages' public address, for the links the bot posts "
                                                 "(empty: http://WEB_HOST:WEB_PORT when a port is set).")
    # Playing on the web (issue 44): sign-in with Discord (OAuth2), sessions and the playing pages; off by default.
    web_play: bool = Field(default=False, description="Sign-in with Discord and playing on the web pages "
                                                      "(needs SPLENDOR_CLIENT_SECRET and the OAuth2 redirect URL).")
    application_id: int | None = Field(default=None, description="The bot's application id (empty: read from "
                                                                 "the bot token).")
    client_secret: SecretStr = Field(default=SecretStr(""),
                                     description="The application's OAuth2 client secret (developer portal > OAuth2).")
    discord_url: str = Field(default="https://discord.com", description="Discord's address for the sign-in (tests "
                                                                         "point it at a local fake).")
    web_session_days: float = Field(default=30.0, gt=0, le=365, description="A web session ends after this long.")
    web_session_idle_hours: float = Field(default=72.0, gt=0, le=8760,
                                          description="... or after this long unused.")
    web_user_rate: float = Field(default=2.0, ge=0, le=1000,
                                 description="Writes a second per signed-in user, on average (0: no limit).")
    web_user_burst: int = Field(default=30, ge=1, le=10_000, description="Writes at once per signed-in user.")
    render_workers: int | None = Field(default=None, ge=0, le=64,
                                       description="Processes drawing table images (empty: one per core; 0: a thread).")

    def service_settings(self) -> ServiceSettings:
        """The game service's settings from these."""
        return ServiceSettings(
            reminder_lead=timedelta(hours=self.reminder_lead_hours),
            notify_min_interval=timedelta(minutes=self.notify_digest_minutes),
            vacation_max_days=self.vacation_max_days,
            vacation_days_per_year=self.vacation_days_per_year,
            default_max_expiries=self.max_expiries,
            cache_size=self.game_cache_size,
            outbox_retention=timedelta(days=self.outbox_retention_days),
            notify_max_attempts=self.notify_max_attempts,
            lost_thread_abort=timedelta(days=self.lost_thread_abort_days),
            computer_budgets={"random": 0.0, "easy": self.computer_easy_seconds,
                              "medium": self.computer_medium_seconds, "hard": self.computer_hard_seconds},
            computer_workers=self.computer_workers,
            computer_delay=self.computer_delay_seconds,
            user_cache=not self.shared_store,
        )

    @property
    def store_url(self) -> str:
        """The database the bot opens: ``database_url``, else the SQLite file ``database_path``."""
        return self.database_url or sqlite_url(self.database_path)

    @property
    def sqlite_path(self) -> Path:
        """The SQLite file the bot opens (``database_path``, or the file a ``sqlite:///`` URL names); absolute,
        so that every message names the folder for what it is.  Only meaningful when not ``shared_store``."""
        path = parse_database_url(self.store_url).path
        return (path or self.database_path).absolute()

    @property
    def shards(self) -> Shards:
        """The shards this process owns (validated when the settings are read)."""
        return Shards.parse(self.shard_ids, self.shard_count)

    @property
    def shared_store(self) -> bool:
        """Several processes may share the database (PostgreSQL): nothing a user sets is cached."""
        return parse_database_url(self.store_url).backend == "postgres"

    @model_validator(mode="after")
    def _shards(self) -> Settings:
        _ = self.shards  # ValueError names the bad id or range
        return self

    @field_validator("database_url")
    @classmethod
    def _database_url(cls, value: str) -> str:
        text = value.strip()
        if text:
            parse_database_url(text)  # ValueError names the accepted forms
        return text

    @field_validator("dev_guild_id", mode="before")
    @classmethod
    def _empty_guild(cls, value: object) -> object:
        return None if value in ("", None) else value

    @field_validator("health_file", "metrics_port", "render_workers", "application_id", mode="before")
    @classmethod
    def _empty_optional(cls, value: object) -> object:
        return None if value in ("", None) else value

    @field_validator("log_format", mode="before")
    @classmethod
    def _log_format(cls, value: object) -> str:
        text = str(value or "text").strip().lower()
        if text not in LOG_FORMATS:
            raise ValueError(f"must be one of {', '.join(LOG_FORMATS)}")
        return text

    @field_validator("log_level", mode="before")
    @classmethod
    def _level(cls, value: object) -> str:
        text = str(value or "INFO").strip().upper()
        if text not in LOG_LEVELS:
            raise ValueError(f"must be one of {', '.join(LOG_LEVELS)}")
        return text

    def token_problem(self) -> str | None:
        """One clear sentence when the token cannot work, else ``None``."""
        token = self.discord_token.get_secret_value().strip()
        if not token:
            return (
                "SPLENDOR_DISCORD_TOKEN is not set: put your bot token in the environment or in .env "
                "(see .env.example)."
            )
        if not TOKEN_SHAPE.match(token):
            return (
                "SPLENDOR_DISCORD_TOKEN does not look like a Discord bot token (three dot-separated parts); "
                "copy it again from the developer portal (Bot > Reset Token)."
            )
        return None

    @property
    def oauth_application_id(self) -> int | None:
        """The application the web sign-in uses: ``application_id``, else the one the bot token names (a bot
        token's first part is its user's id in base64, and a bot user's id is its application's)."""
        if self.application_id is not None:
            return self.application_id
        first = self.discord_token.get_secret_value().strip().split(".")[0]
        try:
            text = base64.urlsafe_b64decode(first + "=" * (-len(first) % 4)).decode("ascii")
        except (ValueError, UnicodeDecodeError):
            return None
        return int(text) if text.isdecimal() and len(text) <= 20 else None

    def web_play_problem(self) -> str | None:
        """One clear sentence when web play is on but cannot work, else ``None``."""
        if not self.web_play:
            return None
        if not self.client_secret.get_secret_value().strip():
            return ("SPLENDOR_WEB_PLAY is on but SPLENDOR_CLIENT_SECRET is not set: copy the client secret from the "
                    "developer portal (OAuth2 > Client Secret) into the environment (see docs/operators.md).")
        if self.oauth_application_id is None:
            return ("SPLENDOR_WEB_PLAY is on but the application id is unknown: set SPLENDOR_APPLICATION_ID "
                    "(developer portal > General Information > Application ID).")
        return None

    @property
    def log_level_number(self) -> int:
        return logging.getLevelName(self.log_level)  # type: ignore[no-any-return]


def describe_validation_error(error: ValidationError) -> str:
    """Turn pydantic's report into one sentence per bad setting."""
    parts = []
    for item in error.errors():
        name = "SPLENDOR_" + "_".join(str(p) for p in item.get("loc", ())).upper()
        parts.append(f"{name}: {item.get('msg', 'invalid value')}")
    return "Invalid settings: " + "; ".join(parts) + " (see .env.example)."


__all__ = ["Settings", "describe_validation_error"]
