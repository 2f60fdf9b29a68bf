"""``python -m bot``'s pieces in process: what the command line sets (a path or a URL for ``--database``), which
environment variables it overrides (for the start-up warning), the heartbeat written when a start fails (and a
heartbeat that cannot be written is logged, not a crash), and the exit status a supervisor sees."""

from __future__ import annotations

import json
import logging
import socket
from pathlib import Path

import pytest

from bot.__main__ import build_parser, command_line_settings, exit_now, main, overridden, stop
from bot.config import Settings
from tests.bot.test_main import TOKEN


def _settings(tmp_path: Path, **kw: object) -> Settings:
    return Settings(discord_token=TOKEN, database_path=tmp_path / "bot.sqlite3", **kw)  # type: ignore[arg-type]


def test_the_database_option_is_a_path_or_a_url() -> None:
    parse = build_parser().parse_args
    assert command_line_settings(parse([])) == {}
    assert command_line_settings(parse(["--database", "data/bot.sqlite3"])) == {
        "database_url": "", "database_path": "data/bot.sqlite3"}  # a path replaces a URL from the environment
    assert command_line_settings(parse(["--database", "postgresql://u@h/db", "--health-file", "beat.json",
                                        "--log-format", "json"])) == {
        "database_url": "postgresql://u@h/db", "health_file": "beat.json", "log_format": "json"}


def test_only_environment_values_the_command_line_changes_are_reported() -> None:
    given: dict[str, object] = {"log_format": "json", "database_url": "", "health_file": "beat.json"}
    env = {"SPLENDOR_LOG_FORMAT": "text", "SPLENDOR_DATABASE_URL": "  ", "SPLENDOR_HEALTH_FILE": "beat.json"}
    assert overridden(given, env) == ["SPLENDOR_LOG_FORMAT=text"]  # blank or the same value: nothing to say
    assert overridden(given, {}) == []


def test_a_failed_start_is_one_sentence_and_a_heartbeat(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    beat = tmp_path / "beat.json"
    assert stop(_settings(tmp_path, health_file=beat), "Discord refused the token.", 3) == 3
    assert capsys.readouterr().err == "Discord refused the token.\n"
    written = json.loads(beat.read_text())
    assert (written["status"], written["detail"]) == ("stopped", "Discord refused the token.")
    assert stop(_settings(tmp_path), "No heartbeat file set.") == 2  # none set: only the sentence


def test_a_heartbeat_that_cannot_be_written_is_logged(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      caplog: pytest.LogCaptureFixture) -> None:
    nowhere = tmp_path / "missing-folder" / "beat.json"
    with caplog.at_level(logging.ERROR, logger="bot"):
        assert stop(_settings(tmp_path, health_file=nowhere), "Stopped.") == 2
    assert "cannot write the heartbeat file" in caplog.text and str(nowhere) in caplog.text
    assert capsys.readouterr().err == "Stopped.\n"


@pytest.mark.parametrize("code", [0, 2])
def test_exit_now_exits_with_the_status(code: int) -> None:
    with pytest.raises(SystemExit) as exited:
        exit_now(code)
    assert exited.value.code == code


def test_web_is_dispatched_to_the_web_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["web", "--port", str(port), "--database", str(tmp_path / "w.sqlite3")]) == 2
    assert f"Cannot serve on 127.0.0.1:{port}" in capsys.readouterr().err
