"""Discord's Embedded App SDK as the Activity ships it (issue 44): one pinned, built browser file served from our own
``/static/`` (never a CDN), its licences beside it, and its bytes the ones ``web-sdk/`` recorded when it built them
(``npm ci && npm run build`` there; CI needs no npm: this test compares the committed file with the recorded sum)."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SDK_DIR = ROOT / "web-sdk"
STATIC = ROOT / "bot" / "web" / "static"


def test_the_built_sdk_is_the_file_recorded_beside_the_lock() -> None:
    sums = dict(reversed(line.split("  ", 1)) for line in (SDK_DIR / "SHA256SUMS").read_text().splitlines() if line)
    assert list(sums) == ["discord-sdk-2.5.0.js"]
    built = STATIC / "discord-sdk-2.5.0.js"
    assert hashlib.sha256(built.read_bytes()).hexdigest() == sums["discord-sdk-2.5.0.js"]


def test_the_sdk_and_the_bundler_are_pinned_exactly() -> None:
    package = json.loads((SDK_DIR / "package.json").read_text())
    lock = json.loads((SDK_DIR / "package-lock.json").read_text())
    for name, version in package["devDependencies"].items():
        assert re.fullmatch(r"[0-9]+\.[0-9]+\.[0-9]+", version), f"{name} {version} is a range"
        locked = lock["packages"][f"node_modules/{name}"]
        assert locked["version"] == version and locked["integrity"].startswith("sha512-")
    assert package["devDependencies"]["@discord/embedded-app-sdk"] == "2.5.0"


def test_the_licences_of_everything_bundled_are_kept() -> None:
    text = (STATIC / "discord-sdk-2.5.0.LICENSE.txt").read_text()
    assert "@discord/embedded-app-sdk 2.5.0 (MIT)" in text and "Copyright (c) 2024 Discord" in text
    for bundled in ("zod", "uuid", "eventemitter3", "big-integer", "decimal.js-light", "lodash.transform"):
        assert f"\n{bundled} " in text


def test_no_script_comes_from_another_host_and_none_needs_eval() -> None:
    template = (ROOT / "bot" / "web" / "templates" / "activity.html").read_text()
    sources = re.findall(r'<script src="([^"]+)"', template)
    assert sources and all(s.startswith("/static/") for s in sources)
    bundle = (STATIC / "discord-sdk-2.5.0.js").read_text()
    assert "eval(" not in bundle
    # lodash's global lookup ``Function("return this")()`` runs only where neither globalThis nor self exists
    assert bundle.count("Function(") == bundle.count('Function("return this")') == 1
