"""Logging set-up: plain text, or one JSON object per line (``SPLENDOR_LOG_FORMAT=json``).

Every record carries the game, guild and shard it is about, from :func:`log_context` (set where an
interaction, a timer or a delivery starts being handled; a context variable, so it follows the asyncio
task and never leaks into another interaction) or from ``extra={"game": ...}`` on the call itself.
"""

from __future__ import annotations

import enum
import json
import logging
import sys
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import IO, Protocol

FIELDS = ("game", "guild", "shard")
_CONTEXT: dict[str, ContextVar[int | None]] = {name: ContextVar(f"splendor_log_{name}", default=None)
                                               for name in FIELDS}


class _Keep(enum.Enum):
    KEEP = "keep"


KEEP = _Keep.KEEP


def log_context(*, game: int | _Keep | None = KEEP, guild: int | _Keep | None = KEEP,
                shard: int | _Keep | None = KEEP) -> None:
    """Attach these ids to every record logged from now on in this task (a field not given keeps its value;
    None clears it)."""
    for name, value in (("game", game), ("guild", guild), ("shard", shard)):
        if not isinstance(value, _Keep):
            _CONTEXT[name].set(value)


def current_context() -> dict[str, int | None]:
    return {name: var.get() for name, var in _CONTEXT.items()}


class ContextFilter(logging.Filter):
    """Give every record ``game``, ``guild`` and ``shard`` attributes (the call's ``extra`` wins)."""

    def filter(self, record: logging.LogRecord) -> bool:
        for name, var in _CONTEXT.items():
            if getattr(record, name, None) is None:
                setattr(record, name, var.get())
        return True


class JsonFormatter(logging.Formatter):
    """One line of JSON per record: time (UTC, ISO 8601), level, logger, message, game, guild, shard,
    and the traceback when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, object] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "msg": record.getMessage(),
        }
        for name in FIELDS:
            out[name] = getattr(record, name, None)
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        if record.stack_info:
            out["stack"] = self.formatStack(record.stack_info)
        return json.dumps(out, ensure_ascii=False, default=str)


TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
#: Libraries whose DEBUG output floods a log: they stay at INFO when the bot logs at DEBUG.
QUIET_LIBRARIES = ("discord", "aiosqlite", "PIL")


class LogSettings(Protocol):
    @property
    def log_level_number(self) -> int: ...

    @property
    def log_format(self) -> str: ...


def configure_logging(settings: LogSettings, stream: IO[str] | None = None) -> logging.Handler:
    """Replace the root logger's handlers with one that writes text or JSON lines to ``stream`` (stderr)."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.addFilter(ContextFilter())
    handler.setFormatter(JsonFormatter() if settings.log_format == "json" else logging.Formatter(TEXT_FORMAT))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(settings.log_level_number)
    # DEBUG is the bot's own detail (a line per interaction), not the libraries' (every gateway payload,
    # every SQL statement).
    for name in QUIET_LIBRARIES:
        logging.getLogger(name).setLevel(max(settings.log_level_number, logging.INFO))
    return handler


__all__ = ["ContextFilter", "JsonFormatter", "configure_logging", "current_context", "log_context"]
