"""The operator's guide and the README agree with the code: permission arithmetic, every command listed,
every operations setting documented, the deployment files name the paths the bot uses."""

from __future__ import annotations

import re
from pathlib import Path

from bot.admin import COMMANDS
from bot.config import Settings

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "docs" / "operators.md").read_text()
README = (ROOT / "README.md").read_text()


def permissions(text: str) -> tuple[dict[str, int], int, set[int]]:
    rows = re.findall(r"^\| ([A-Z][A-Za-z ]+?) \| 1 << (\d+) \| (\d+) \|", text, re.M)
    table = {}
    for name, bit, value in rows:
        assert 1 << int(bit) == int(value), name
        table[name] = int(value)
    total = int(re.search(r"\| \*\*Total\*\* \| \| \*\*(\d+)\*\* \|", text).group(1))  # type: ignore[union-attr]
    urls = {int(v) for v in re.findall(r"permissions=(\d+)", text)}
    return table, total, urls


def test_permission_tables_add_up_and_agree() -> None:
    readme, total, urls = permissions(README)
    guide, guide_total, guide_urls = permissions(GUIDE)
    assert "View Channel" in readme
    assert readme == guide
    assert sum(readme.values()) == total == guide_total
    assert urls == guide_urls == {total}


def test_every_command_is_in_the_guide() -> None:
    names = set()
    for path in (ROOT / "bot" / "exts").glob("*.py"):
        names |= set(re.findall(r'command\(name=L\("([a-z_]+)"', path.read_text()))
    assert {"new", "take", "abort", "kick"} <= names
    section = GUIDE.split("## Commands, and what moderators can do", 1)[1].split("\n## ", 1)[0]
    missing = [n for n in sorted(names) if not re.search(rf"[/ `]{n}\b", section)]
    assert not missing, f"commands missing from docs/operators.md: {missing}"
    for command in COMMANDS:
        assert f"python -P -m bot {command}" in GUIDE


def test_operations_settings_are_in_the_guide() -> None:
    for name in ("log_format", "health_file", "health_interval_s", "metrics_port", "metrics_address",
                 "render_workers", "database_path", "web_port", "web_host", "web_url",
                 "web_rate", "web_burst", "web_trust_proxy"):
        assert name in Settings.model_fields
        assert f"`SPLENDOR_{name.upper()}`" in GUIDE


def test_deployment_files_use_the_volume_and_the_health_command() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    compose = (ROOT / "compose.yaml").read_text()
    unit = (ROOT / "deploy" / "splendor.service").read_text()
    assert re.search(r"^USER splendor$", dockerfile, re.M) and 'VOLUME ["/data"]' in dockerfile
    assert 'CMD ["python", "-P", "-m", "bot", "health", "--file", "/tmp/splendor-health.json"]' in dockerfile
    assert '"--health-file", "/tmp/splendor-health.json"' in dockerfile
    assert re.search(r"^WORKDIR /data$", dockerfile, re.M)
    assert "splendor-data:/data" in compose
    assert not re.search(r"^\s*SPLENDOR_(DATABASE_PATH|HEALTH_FILE|LOG_FORMAT)", compose, re.M)  # the image's
    assert "User=splendor" in unit and "Restart=on-failure" in unit and "WorkingDirectory=/var/lib/splendor" in unit


def test_every_python_the_deployment_and_its_docs_run_is_isolated_from_the_working_directory() -> None:
    """``-P``, as the main command: the working directory is the writable data folder, which must never land
    on the import path (the Dockerfile's HEALTHCHECK, the compose health checks, the guides' commands)."""
    texts = {name: (ROOT / name).read_text() for name in ("Dockerfile", "compose.yaml", "docs/operators.md",
                                                           "docs/postgresql.md")}
    found = 0
    for name, text in texts.items():
        flat = " ".join(text.split())
        for quoted, typed in re.findall(r'"python3?", "(-[^"]*)"|\bpython3? (-[cP]\b|-m (?!venv\b|pip\b))', flat):
            found += 1
            assert "-P" in (quoted or typed), f"{name}: python {quoted or typed} without -P"
    assert found >= 20


def test_the_postgresql_guide_pins_the_image_compose_pins() -> None:
    pg_guide = (ROOT / "docs" / "postgresql.md").read_text()
    compose = (ROOT / "compose.yaml").read_text()
    pinned = re.search(r"^\s+image: (postgres:\S+)$", compose, re.M)
    assert pinned and "@sha256:" in pinned.group(1)
    images = re.findall(r"^\s+image: (postgres\S*)$", pg_guide, re.M)
    assert images == [pinned.group(1)]


def test_an_older_schema_postgresql_report_says_its_integrity_waits_for_the_migration() -> None:
    from bot.admin import Report, format_report

    older = Report("postgresql://splendor:***@db/splendor", 0, 0, 7, 9, [], checked=False, connected=[],
                   checks=["schema 7: the bot migrates it when it starts; run check again then"])
    assert "integrity: not checked (schema 7: the bot migrates it when it starts; run check again then)" in \
        format_report(older)
    assert "schema: version 7 (this bot: 9, to migrate at start)" in format_report(older)
    assert "integrity: ok" in format_report(Report("x", 0, 0, 9, 9, []))
    guide = " ".join((ROOT / "docs" / "postgresql.md").read_text().split())
    assert "older schema is reported (\"to migrate at start\") and not checked" not in guide
    assert "`integrity: not checked`" in guide
