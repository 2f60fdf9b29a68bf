"""The documented deployments, from the shipped files: the environment systemd and ``docker run --env-file`` give
the bot when the operator copies ``.env.example`` as the guide says (and puts the token in it), the settings the bot
reads from it, the bot started with it where only the deployment's writable paths are writable, and the unit's
hardening (``systemd-analyze security``)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.deploy import (
    ROOT,
    TOKEN,
    Process,
    can_confine,
    confined,
    docker_process,
    syscall_filter,
    systemd_process,
)

UNIT = (ROOT / "deploy" / "splendor.service").read_text()
DOCKERFILE = (ROOT / "Dockerfile").read_text()
ENV_EXAMPLE = (ROOT / ".env.example").read_text()
#: The lines an older .env.example had: an operator's existing /etc/splendor.env or .env may still hold them.
OLD_COPY = ("SPLENDOR_DATABASE_PATH=splendor.sqlite3\nSPLENDOR_DATABASE_URL=\nSPLENDOR_LOG_FORMAT=text\n"
            "SPLENDOR_HEALTH_FILE=\n")
DEPLOYMENT_VARIABLES = ("SPLENDOR_DATABASE_PATH", "SPLENDOR_DATABASE_URL", "SPLENDOR_HEALTH_FILE",
                        "SPLENDOR_LOG_FORMAT")


def operators_copy(extra: str = "") -> str:
    """``.env.example`` as the guide has the operator copy it: the token put in, nothing else changed."""
    text, n = re.subn(r"^SPLENDOR_DISCORD_TOKEN=.*$", f"SPLENDOR_DISCORD_TOKEN={TOKEN}", ENV_EXAMPLE, flags=re.M)
    assert n == 1
    return text + extra


def systemd(extra: str = "") -> Process:
    return systemd_process(UNIT, {"/etc/splendor.env": operators_copy(extra)})


def docker(extra: str = "") -> Process:
    return docker_process(DOCKERFILE, operators_copy(extra))


def settings_of(process: Process, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, str | None]:
    """What the bot started as ``process`` reads: its database (absolute), heartbeat file and log format."""
    from bot.__main__ import build_parser, command_line_settings
    from bot.config import Settings

    for name in [k for k in os.environ if k.startswith("SPLENDOR_")]:
        monkeypatch.delenv(name)
    for name, value in process.env.items():
        if name.startswith("SPLENDOR_"):
            monkeypatch.setenv(name, value)
    monkeypatch.chdir(tmp_path)  # no .env here
    index = process.argv.index("bot")
    args = build_parser().parse_args(process.argv[index + 1:])
    s = Settings(**command_line_settings(args))  # type: ignore[arg-type]
    database = s.database_url or str(Path(process.cwd) / s.database_path)
    return {"database": database, "health_file": str(s.health_file) if s.health_file else None,
            "log_format": s.log_format}


def test_env_example_sets_only_the_token_and_shows_every_other_default() -> None:
    from bot.config import Settings

    assigned = re.findall(r"^(SPLENDOR_\w+)=", ENV_EXAMPLE, re.M)
    assert assigned == ["SPLENDOR_DISCORD_TOKEN"]
    for name, spec in Settings.model_fields.items():
        if name == "discord_token":
            continue
        line = re.search(rf"^# SPLENDOR_{name.upper()}=(.*)$", ENV_EXAMPLE, re.M)
        assert line, f"SPLENDOR_{name.upper()} is not in .env.example"
        shown = line.group(1)
        default = spec.default
        if default is None:
            assert shown == "", name
        elif isinstance(default, bool):
            assert shown == str(default).lower(), name
        elif isinstance(default, float | int):
            assert float(shown) == float(default), name
        else:
            assert shown == str(default), name


@pytest.mark.parametrize("extra", ["", OLD_COPY], ids=["the-example", "an-older-copy"])
def test_systemd_environment_keeps_the_units_paths(extra, monkeypatch, tmp_path) -> None:
    process = systemd(extra)
    assert process.env["SPLENDOR_DISCORD_TOKEN"] == TOKEN
    if not extra:
        assert not [v for v in DEPLOYMENT_VARIABLES if v in process.env]
    assert settings_of(process, monkeypatch, tmp_path) == {
        "database": "/var/lib/splendor/splendor.sqlite3", "health_file": "/run/splendor/health.json",
        "log_format": "json"}
    assert process.cwd == "/var/lib/splendor" and "/var/lib/splendor" in process.writable
    assert "/run/splendor" in process.writable


@pytest.mark.parametrize("extra", ["", OLD_COPY], ids=["the-example", "an-older-copy"])
def test_docker_env_file_keeps_the_images_paths(extra, monkeypatch, tmp_path) -> None:
    process = docker(extra)
    assert process.env["SPLENDOR_DISCORD_TOKEN"] == TOKEN
    assert settings_of(process, monkeypatch, tmp_path) == {
        "database": "/data/splendor.sqlite3", "health_file": "/tmp/splendor-health.json", "log_format": "json"}
    health = process.extra["healthcheck"]
    assert health[:5] == ["python", "-P", "-m", "bot", "health"] and health[health.index("--file") + 1] == \
        "/tmp/splendor-health.json"


def test_a_database_url_in_the_environment_file_still_chooses_postgresql(monkeypatch, tmp_path) -> None:
    url = "postgresql://splendor:pw@db:5432/splendor"
    for process in (systemd(f"SPLENDOR_DATABASE_URL={url}\n"), docker(f"SPLENDOR_DATABASE_URL={url}\n")):
        assert settings_of(process, monkeypatch, tmp_path)["database"] == url


def confinement() -> None:
    why = can_confine()
    if why is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must run the confined deployment tests: {why}")
        pytest.skip(why)


def heartbeat(path: Path) -> dict[str, object]:
    return json.loads(path.read_text())  # type: ignore[no-any-return]


def check_started_and_stopped(bot_run, check, health, db: Path, beat: Path, database: str) -> None:
    """The bot opened (created) its database where the deployment keeps it, wrote its heartbeat, and stopped
    only because there is no network; ``check`` and ``health`` as the operator runs them agree."""
    assert bot_run.code == 2, bot_run.err
    assert "Could not reach Discord" in bot_run.err and "Traceback" not in bot_run.err
    assert db.is_file() and db.stat().st_size > 0
    assert heartbeat(beat)["status"] == "stopped"
    assert check.code == 0, check.err
    assert f"database: {database} " in check.out
    assert health.code == 1 and health.out.startswith("stopped: Could not reach Discord"), health.out + health.err


PROBE = """
import mmap, os
def attempt(name, act):
    try:
        act()
        print(name + ":allowed")
    except OSError:
        print(name + ":refused")
attempt("write", lambda: open("/opt/splendor/written", "w"))
attempt("proc", lambda: open("/proc/meminfo"))
attempt("nice", lambda: os.nice(1))
attempt("wx", lambda: mmap.mmap(-1, 4096, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC))
"""


def test_systemd_unit_runs_confined(tmp_path) -> None:
    confinement()
    process = systemd()
    check = Process([*process.argv[:process.argv.index("bot") + 1], "check"], process.env, process.cwd)
    health = Process([process.argv[0], "-m", "bot", "health", "--file", "/run/splendor/health.json"], process.env,
                     process.cwd)
    # The restrictions are real: a write outside the writable paths, /proc beyond the processes, a call outside
    # the filter (setpriority, @resources) and W+X memory are refused.
    probe = Process([process.argv[0], "-c", PROBE], process.env, process.cwd)
    dirs = {"/var/lib/splendor": tmp_path / "state", "/run/splendor": tmp_path / "run"}
    syscalls = syscall_filter(UNIT)
    if syscalls is None and os.environ.get("CI") == "true":
        pytest.fail("CI must apply the unit's system call filter: install systemd (systemd-analyze)")
    bot_run, checked, healthy, probed = confined([process, check, health, probe], tmp_path, dirs,
                                                 code_at=("/opt/splendor",), syscalls=syscalls)
    assert probed.code == 0, probed.err
    refused = probed.out.split()
    assert refused[:2] == ["write:refused", "proc:refused"]
    if syscalls is not None:
        assert refused[2:] == ["nice:refused", "wx:refused"]
    check_started_and_stopped(bot_run, checked, healthy, dirs["/var/lib/splendor"] / "splendor.sqlite3",
                              dirs["/run/splendor"] / "health.json", "/var/lib/splendor/splendor.sqlite3")
    lines = [json.loads(line) for line in bot_run.err.splitlines() if line.startswith("{")]  # --log-format json
    assert any("/var/lib/splendor/splendor.sqlite3" in line["msg"] for line in lines)


def test_docker_image_runs_confined(tmp_path) -> None:
    confinement()
    process = docker()
    check = Process(["python", "-P", "-m", "bot", "check"], process.env, process.cwd)
    health = Process(process.extra["healthcheck"], process.env, process.cwd)
    data = tmp_path / "data"
    bot_run, checked, healthy = confined([process, check, health], tmp_path, {"/data": data},
                                         code_at=("/app", "/opt/venv"))
    # /tmp is the container's tmpfs, gone with the namespace: the health check read the heartbeat meanwhile.
    assert bot_run.code == 2, bot_run.err
    assert "Could not reach Discord" in bot_run.err and "Traceback" not in bot_run.err
    assert (data / "splendor.sqlite3").is_file() and (data / "splendor.sqlite3").stat().st_size > 0
    assert checked.code == 0 and "database: /data/splendor.sqlite3 " in checked.out, checked.out + checked.err
    assert healthy.code == 1 and healthy.out.startswith("stopped: Could not reach Discord"), healthy.out + healthy.err


def test_unit_scores_3_or_lower_in_systemd_analyze_security() -> None:
    if shutil.which("systemd-analyze") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI must score the unit: install systemd (systemd-analyze)")
        pytest.skip("systemd-analyze is not installed")
    done = subprocess.run(["systemd-analyze", "security", "--offline=true", str(ROOT / "deploy" / "splendor.service")],
                          capture_output=True, text=True, check=False)
    score = re.search(r"Overall exposure level for splendor\.service: ([\d.]+)", done.stdout)
    assert score, done.stdout + done.stderr
    assert float(score.group(1)) <= 3.0, done.stdout
