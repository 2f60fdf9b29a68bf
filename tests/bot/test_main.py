"""``python -m bot`` as a newcomer meets it: help without a token, one sentence when Discord can't be reached,
no voice warnings, and Ctrl-C in the console stopping at once (real processes, real signals)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "MTA1NzY4OTk4ODc2NTQzMjEw.GabcDe.abcdefghijklmnopqrstuvwxyz0123456789ABCD"  # well-formed, not real


def run(args: list[str], tmp_path: Path, *, env: dict[str, str] | None = None, code: str | None = None,
        stdin: str = "", timeout: float = 60) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-c", code, *args] if code else [sys.executable, "-m", "bot", *args]
    base = {k: v for k, v in os.environ.items() if not k.startswith("SPLENDOR_")}
    base["PYTHONPATH"] = str(ROOT)
    return subprocess.run(command, cwd=tmp_path, env={**base, **(env or {})}, capture_output=True, text=True,
                          input=stdin, timeout=timeout, check=False)


def in_process(args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
               capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``python -m bot ARGS`` run in this process (exit code, stdout, stderr): no interpreter start-up, and measured."""
    from bot.__main__ import main

    monkeypatch.chdir(tmp_path)
    for name in [k for k in os.environ if k.startswith("SPLENDOR_")]:
        monkeypatch.delenv(name)
    try:
        code = main(args)
    except SystemExit as exit_:  # argparse: --help, a refused option
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("args", [["--help"], ["--local", "--help"], ["-h"]])
def test_help_documents_both_modes_without_a_token(tmp_path, monkeypatch, capsys, args):
    code, out, err = in_process(args, tmp_path, monkeypatch, capsys)
    assert code == 0, err
    assert "SPLENDOR_DISCORD_TOKEN is not set" not in out + err
    for part in ("--local", "--ruleset", "--players", "--resume", "--list", "--images",
                 "Discord bot mode", "SPLENDOR_DISCORD_TOKEN", "SPLENDOR_DATABASE_PATH"):
        assert part in out
    if args != ["--local", "--help"]:
        assert "python -m bot {backup,restore,check,health,migrate,web} --help" in " ".join(out.split())
    assert not (tmp_path / "local-games.sqlite3").exists()


def test_a_local_option_without_local_is_refused(tmp_path, monkeypatch, capsys):
    code, _, err = in_process(["--players", "3"], tmp_path, monkeypatch, capsys)
    assert code == 2
    assert "--players is a local-mode option: add --local" in err


def test_without_a_token_the_bot_says_so_in_one_sentence(tmp_path, monkeypatch, capsys):
    code, out, err = in_process([], tmp_path, monkeypatch, capsys)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "SPLENDOR_DISCORD_TOKEN" in err and "Traceback" not in err


@pytest.mark.parametrize(("variable", "value", "expected"), [
    ("SPLENDOR_DISCORD_TOKEN", "not-a-token", "SPLENDOR_DISCORD_TOKEN does not look like a Discord bot token"),
    ("SPLENDOR_SHARD_COUNT", "0", "Invalid settings: SPLENDOR_SHARD_COUNT: "),
])
def test_a_bad_setting_is_one_sentence_before_anything_starts(tmp_path, monkeypatch, capsys, variable, value,
                                                              expected):
    monkeypatch.chdir(tmp_path)
    for name in [k for k in os.environ if k.startswith("SPLENDOR_")]:
        monkeypatch.delenv(name)
    if variable != "SPLENDOR_DISCORD_TOKEN":
        monkeypatch.setenv("SPLENDOR_DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv(variable, value)
    from bot.__main__ import main

    assert main([]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and err.startswith(expected), err
    assert not list(tmp_path.iterdir())  # no database, no log file


def test_no_network_is_one_sentence_and_no_voice_warning(tmp_path):
    """A well-formed token, Discord unreachable (its API pointed at a closed local port)."""
    code = ("import sys, discord.http\n"
            "discord.http.Route.BASE = 'http://127.0.0.1:9/api/v10'\n"
            "from bot.__main__ import main\n"
            "sys.exit(main(sys.argv[1:]))")
    done = run([], tmp_path, code=code, env={"SPLENDOR_DISCORD_TOKEN": TOKEN,
                                             "SPLENDOR_DATABASE_PATH": str(tmp_path / "bot.sqlite3")})
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "voice will NOT be supported" not in done.stderr
    problems = [line for line in done.stderr.splitlines() if " INFO " not in line]
    assert problems == ["Could not reach Discord (ClientConnectorError): check this machine's network connection, "
                        "proxy and firewall (discord.com must be reachable over HTTPS); the token was not checked."]


def test_ctrl_c_at_the_prompt_stops_at_once(tmp_path):
    """A real SIGINT while ``input()`` waits: no further line is read, the game is said to be saved."""
    process = subprocess.Popen([sys.executable, "-u", "-m", "bot", "--local", "--seed", "1", "--bots", "0",
                                "--images", "none"],
                               cwd=tmp_path, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert process.stdout is not None and process.stdin is not None
    seen = ""
    deadline = time.monotonic() + 60  # a bound on waiting for the prompt, not a timing assertion
    while "? to list) > " not in seen and time.monotonic() < deadline:
        char = process.stdout.read(1)
        if not char:
            break
        seen += char
    assert "? to list) > " in seen
    process.send_signal(signal.SIGINT)
    out, err = process.communicate("take wug\n", timeout=60)  # typed after Ctrl-C: must not be played
    assert process.returncode == 130, err
    assert "Traceback" not in err
    assert out.strip().endswith("Stopped. The game is saved: continue it with --resume 1.")
    resumed = run(["--local", "--resume", "1", "--images", "none"], tmp_path, stdin="log\nquit\n")
    assert "== Turn 1 ·" in resumed.stdout and "take wug" not in resumed.stdout


def _refusal(kind: str) -> BaseException:
    import aiohttp
    import discord

    from bot.store import StoreUnavailable

    return {
        "interrupt": KeyboardInterrupt(),
        "database": StoreUnavailable("/srv/bot.sqlite3", "it is read-only", "give the bot write access"),
        "token": discord.LoginFailure("Improper token has been passed."),
        "intents": discord.PrivilegedIntentsRequired(None),
        "network": aiohttp.ClientConnectionError("no route"),
    }[kind]


@pytest.mark.parametrize(("kind", "status", "expected"), [
    ("interrupt", 0, ""),
    ("database", 3, "Cannot use the database /srv/bot.sqlite3: it is read-only; give the bot write access."),
    ("token", 2, "Discord refused the token in SPLENDOR_DISCORD_TOKEN: reset it in the developer portal "
                 "(Bot > Reset Token) and update .env."),
    ("intents", 2, "Discord refused a privileged intent; this bot needs none, check the application settings."),
    ("network", 2, "Could not reach Discord (ClientConnectionError): check this machine's network connection, "
                   "proxy and firewall (discord.com must be reachable over HTTPS); the token was not checked."),
])
def test_each_way_the_bot_fails_to_start_is_one_sentence_and_its_exit_status(tmp_path, monkeypatch, capsys, kind,
                                                                             status, expected):
    """In process: the start-up raises each refusal run_bot answers (no login, no network, no log file)."""
    import bot.client
    import bot.logs

    async def refuse(settings: object) -> None:
        raise _refusal(kind)

    monkeypatch.setattr(bot.client, "open_store", refuse)
    monkeypatch.setattr(bot.logs, "configure_logging", lambda settings: None)
    for name in [k for k in os.environ if k.startswith("SPLENDOR_")]:
        monkeypatch.delenv(name)
    monkeypatch.setenv("SPLENDOR_DATABASE_PATH", str(tmp_path / "bot.sqlite3"))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SPLENDOR_DISCORD_TOKEN", TOKEN)
    from bot.__main__ import run_bot

    assert run_bot() == status
    out, err = capsys.readouterr()
    assert out == "" and err.strip() == expected
    assert not list(tmp_path.iterdir())


def test_the_command_line_wins_over_the_environment_and_says_so(tmp_path):
    """A deployment's options (systemd's ExecStart, the image's CMD) beat an environment file's lines."""
    code = ("import sys, discord.http\n"
            "discord.http.Route.BASE = 'http://127.0.0.1:9/api/v10'\n"
            "from bot.__main__ import main\n"
            "sys.exit(main(sys.argv[1:]))")
    done = run(["--database", "state/bot.sqlite3", "--health-file", "beat.json", "--log-format", "json"], tmp_path,
               code=code, env={"SPLENDOR_DISCORD_TOKEN": TOKEN, "SPLENDOR_DATABASE_PATH": "elsewhere.sqlite3",
                               "SPLENDOR_HEALTH_FILE": "", "SPLENDOR_LOG_FORMAT": "text"})
    assert done.returncode == 2, done.stderr
    assert (tmp_path / "state" / "bot.sqlite3").is_file() and not (tmp_path / "elsewhere.sqlite3").exists()
    beat = json.loads((tmp_path / "beat.json").read_text())
    assert beat["status"] == "stopped" and beat["detail"].startswith("Could not reach Discord")
    lines = [json.loads(line) for line in done.stderr.splitlines() if line.startswith("{")]  # JSON, not text
    messages = [line["msg"] for line in lines]
    assert "SPLENDOR_DATABASE_PATH=elsewhere.sqlite3 from the environment is ignored: the command line says " \
           "otherwise" in messages
    assert "SPLENDOR_LOG_FORMAT=text from the environment is ignored: the command line says otherwise" in messages
    assert f"database: {tmp_path / 'state' / 'bot.sqlite3'}; heartbeat file: beat.json" in messages


def test_local_mode_refuses_the_bots_deployment_options(tmp_path, monkeypatch, capsys):
    code, _, err = in_process(["--local", "--database", "x.sqlite3"], tmp_path, monkeypatch, capsys)
    assert code == 2 and "--database is a bot-mode option: local games use --db." in err
