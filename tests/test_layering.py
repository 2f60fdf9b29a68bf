"""The engine is pure: importing it (and playing a game) pulls in no Discord, database,
imaging, clock-reading or networking module, and it never uses the global random."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = ("discord", "aiosqlite", "PIL", "sqlite3", "socket", "asyncio", "aiohttp", "pydantic")


def test_engine_imports_nothing_impure():
    code = (
        "import sys, engine\n"
        "from engine import GameConfig, new_game, legal_actions, apply, view_for, ruleset_names\n"
        "for name in ruleset_names():\n"
        "    s = new_game(GameConfig(name, 2, 1))\n"
        "    s = apply(s, s.to_act, legal_actions(s)[0]).state\n"
        "    view_for(s, None)\n"
        f"bad = [m for m in {FORBIDDEN!r} if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_engine_source_has_no_io_clock_or_global_random():
    banned_modules = {"random", "time", "datetime", "os", "io", "pathlib", "socket", *FORBIDDEN}
    banned_calls = {"open", "print", "input"}
    for path in (ROOT / "engine").rglob("*.py"):
        if path.name in ("selfplay.py",) or path.name.startswith("_bench"):
            continue  # the self-play command line tool times itself and prints
        if path.relative_to(ROOT).as_posix() == "engine/ai/clock.py":
            continue  # the computer players' time budget made into a deadline; the search never reads a clock
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [(node.module or "").split(".")[0]]
            else:
                names = []
            assert not set(names) & banned_modules, f"{path}: imports {names}"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in banned_calls, f"{path}: calls {node.func.id}()"
