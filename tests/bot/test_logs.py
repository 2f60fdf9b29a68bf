"""JSON log lines carry the game, guild and shard of the task that logged them, and nothing leaks between tasks."""

from __future__ import annotations

import asyncio
import io
import json
import logging
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from bot.logs import QUIET_LIBRARIES, configure_logging, log_context


@dataclass
class Fake:
    log_format: str = "json"
    log_level_number: int = logging.INFO


@pytest.fixture
def restore_root() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    libraries = {name: logging.getLogger(name).level for name in QUIET_LIBRARIES}
    yield
    for name, old in libraries.items():
        logging.getLogger(name).setLevel(old)
    for h in list(root.handlers):
        root.removeHandler(h)
    for h in handlers:
        root.addHandler(h)
    root.setLevel(level)


async def test_json_lines_with_game_guild_and_shard(restore_root: None) -> None:
    out = io.StringIO()
    configure_logging(Fake("json"), out)
    log = logging.getLogger("splendor.test")

    async def interaction(game: int, guild: int, shard: int) -> None:
        log_context(guild=guild, shard=shard)
        await asyncio.sleep(0)
        log_context(game=game)
        await asyncio.sleep(0)
        log.info("played %s", "take wug")

    await asyncio.gather(interaction(1, 10, 0), interaction(2, 20, 1))

    async def delivery() -> None:
        log_context(game=3, guild=30, shard=0)
        log_context(game=None)  # the next item has no game: cleared, not left from the previous one
        log.info("delivered")

    await asyncio.create_task(delivery())  # its own task, like the background loop
    log.warning("outside", extra={"game": 9})
    try:
        raise ValueError("boom")
    except ValueError:
        log.exception("failed")
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(lines) == 5  # one line per event, even with a traceback
    played = sorted((x["game"], x["guild"], x["shard"], x["msg"]) for x in lines[:2])
    assert played == [(1, 10, 0, "played take wug"), (2, 20, 1, "played take wug")]
    assert (lines[2]["game"], lines[2]["guild"], lines[2]["msg"]) == (None, 30, "delivered")
    assert (lines[3]["game"], lines[3]["guild"], lines[3]["shard"]) == (9, None, None)  # no leak from the tasks
    assert lines[3]["level"] == "WARNING" and lines[3]["logger"] == "splendor.test"
    assert lines[4]["ts"].endswith("+00:00") and "ValueError: boom" in lines[4]["exc"]


def test_text_format_stays_the_default(restore_root: None) -> None:
    out = io.StringIO()
    configure_logging(Fake("text", logging.DEBUG), out)
    logging.getLogger("splendor.test").info("hello")
    assert logging.getLogger("splendor.test").isEnabledFor(logging.DEBUG)
    assert not logging.getLogger("aiosqlite").isEnabledFor(logging.DEBUG)  # every SQL statement
    assert not logging.getLogger("discord.gateway").isEnabledFor(logging.DEBUG)  # every payload
    assert out.getvalue().rstrip().endswith("INFO splendor.test: hello")
    with pytest.raises(json.JSONDecodeError):
        json.loads(out.getvalue())


def test_the_setting_accepts_only_text_or_json(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    from pydantic import ValidationError

    from bot.config import Settings

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SPLENDOR_LOG_FORMAT", "JSON")
    assert Settings().log_format == "json"
    monkeypatch.setenv("SPLENDOR_LOG_FORMAT", "xml")
    with pytest.raises(ValidationError):
        Settings()


def test_json_lines_carry_a_stack_and_the_current_context(restore_root: None) -> None:
    from bot.logs import current_context

    out = io.StringIO()
    configure_logging(Fake("json"), out)
    log_context(game=4, guild=40, shard=None)
    assert current_context() == {"game": 4, "guild": 40, "shard": None}
    logging.getLogger("splendor.test").warning("where am I", stack_info=True)
    line = json.loads(out.getvalue())
    assert (line["game"], line["guild"], line["msg"]) == (4, 40, "where am I")
    assert line["stack"].startswith("Stack (most recent call last):") and "exc" not in line
    log_context(game=None, guild=None)
