"""The web pages' deployments (docs/operators.md, "The web pages"): the systemd unit for ``python -m bot web`` runs
as the bot's unit does (its user, environment file, working directory and hardening) and serves the bot's own
database on loopback behind a proxy; the compose ``web`` service runs the same image on the bot's volume,
published on the host's loopback only."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.deploy import ROOT, TOKEN, systemd_process, unit_settings
from tests.webserver import free_port, public_league, web_process

UNIT = (ROOT / "deploy" / "splendor.service").read_text()
WEB_UNIT = (ROOT / "deploy" / "splendor-web.service").read_text()
COMPOSE = (ROOT / "compose.yaml").read_text()
GUIDE = (ROOT / "docs" / "operators.md").read_text()
ENV_FILE = {"/etc/splendor.env": f"SPLENDOR_DISCORD_TOKEN={TOKEN}\n"}


def web_args(argv: list[str]) -> object:
    from bot.web.cli import build_parser

    index = argv.index("bot")
    assert argv[index + 1] == "web", argv
    return build_parser().parse_args(argv[index + 2:])


def test_web_unit_runs_as_the_bot_with_its_settings_on_loopback() -> None:
    bot, web = systemd_process(UNIT, ENV_FILE), systemd_process(WEB_UNIT, ENV_FILE)
    assert web.cwd == bot.cwd == "/var/lib/splendor" and "/var/lib/splendor" in web.writable
    assert {k: v for k, v in web.env.items() if k != "RUNTIME_DIRECTORY"} == \
        {k: v for k, v in bot.env.items() if k != "RUNTIME_DIRECTORY"}
    args = web_args(web.argv)
    assert args.host == "127.0.0.1" and args.trust_proxy is True and args.database is None  # type: ignore[attr-defined]
    assert web.argv[:3] == bot.argv[:3] == ["/opt/splendor/.venv/bin/python", "-P", "-m"]
    service, bot_service = unit_settings(WEB_UNIT)["Service"], unit_settings(UNIT)["Service"]
    hardening = {k: v for k, v in bot_service.items()
                 if k not in ("ExecStart", "RuntimeDirectory", "Environment")}
    assert {k: service.get(k) for k in hardening} == hardening, "the web unit keeps the bot unit's settings"
    assert "splendor.service" in unit_settings(WEB_UNIT)["Unit"]["After"][-1]


def test_web_unit_scores_3_or_lower_in_systemd_analyze_security() -> None:
    if shutil.which("systemd-analyze") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI must score the unit: install systemd (systemd-analyze)")
        pytest.skip("systemd-analyze is not installed")
    done = subprocess.run(["systemd-analyze", "security", "--offline=true",
                           str(ROOT / "deploy" / "splendor-web.service")], capture_output=True, text=True, check=False)
    score = re.search(r"Overall exposure level for splendor-web\.service: ([\d.]+)", done.stdout)
    assert score, done.stdout + done.stderr
    assert float(score.group(1)) <= 3.0, done.stdout


def test_web_unit_serves_the_bots_database(tmp_path: Path) -> None:
    """Started as the unit starts it (its command line, environment and working directory: a stand-in for
    /var/lib/splendor), it serves the league of the bot's database there and honours the proxy's address."""
    process = systemd_process(WEB_UNIT, ENV_FILE)
    state = tmp_path / "state"
    state.mkdir()
    slug = asyncio.run(public_league(state / "splendor.sqlite3", "Unit League"))
    argv = [sys.executable, *process.argv[1:]]
    port = free_port()
    argv[argv.index("--port") + 1] = str(port)
    env = {**process.env, "PATH": f"{Path(sys.executable).parent}:{process.env['PATH']}"}
    base = f"http://127.0.0.1:{port}"
    with web_process(argv, base, tmp_path / "web.log", cwd=state, env=env):
        with urllib.request.urlopen(base + "/", timeout=10) as answer:
            home = answer.read().decode()
        assert f"/l/{slug}" in home and "Unit League" in home
        request = urllib.request.Request(base + f"/l/{slug}", headers={"X-Forwarded-For": "203.0.113.9"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert answer.status == 200
    assert (state / "splendor.sqlite3").is_file()


def _compose_service(name: str) -> str:
    block = re.search(rf"^  {name}:\n((?:    .*\n|\s*\n|      .*\n)+)", COMPOSE, re.M)
    assert block, f"no {name} service in compose.yaml"
    return block.group(1)


def test_compose_web_service_reads_the_bots_volume_on_the_hosts_loopback() -> None:
    web = _compose_service("web")
    bot = _compose_service("bot")
    command = re.search(r"^    command: (\[.*\])$", web, re.M)
    assert command
    argv = [w.strip().strip('"') for w in command.group(1).strip("[]").split(",")]
    args = web_args(argv)
    assert args.host == "0.0.0.0" and args.trust_proxy is True  # type: ignore[attr-defined]
    assert re.findall(r'^      - "(.*)"$', web, re.M) == [f"127.0.0.1:{args.port}:{args.port}"]  # type: ignore[attr-defined]
    for line in ("env_file: .env", "- splendor-data:/data", "read_only: true", "- no-new-privileges:true",
                 "- ALL", "image: splendor-discord:latest"):
        assert line in web and line in bot, line
    assert "/healthz" in web and 'profiles: ["web"]' in web


def test_guide_shows_the_proxy_the_unit_and_the_service() -> None:
    section = GUIDE.split("## The web pages", 1)[1].split("\n## ", 1)[0]
    for needle in ("reverse_proxy 127.0.0.1:8080", "proxy_set_header X-Forwarded-For $remote_addr",
                   "proxy_pass http://127.0.0.1:8080", "--trust-proxy", "deploy/splendor-web.service",
                   "docker compose --profile web up -d", "python -P -m bot web --demo", "python -P -m bot.bench web",
                   "`SPLENDOR_WEB_PORT`", "`SPLENDOR_WEB_HOST`", "`SPLENDOR_WEB_URL`"):
        assert needle in section, needle
