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


#: What the bot runs: its command line, the client, the processes it starts (computer players, renders) and
#: the web site.  Importing them must not import the benches or the self-play, tuning and fitting tools.
RUN_TIME = ("bot.__main__", "bot.client", "bot.computer_worker", "bot.render.pool", "bot.web.app")
#: The tools: benches and the engine's self-play command line (tuning, fitting, calibration and the review audit are
#: run from it).
TOOLS = ("bot.bench", "engine.selfplay", "engine.ai.tuning", "engine.ai.fitting", "engine.ai.winprob_fit",
         "engine.ai.review_audit")


def _is_tool(name: str) -> bool:
    return any(name == tool or name.startswith(tool + ".") for tool in TOOLS)


def test_the_bots_run_time_imports_no_bench_or_self_play_tool():
    code = (
        "import importlib, sys\n"
        f"for name in {RUN_TIME!r}:\n"
        "    importlib.import_module(name)\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    loaded = out.stdout.split()
    assert "bot.client" in loaded and "engine.ai.search" in loaded  # the run time was imported, the computer too
    assert [m for m in loaded if _is_tool(m)] == []


def test_only_tools_and_tests_import_the_tools():
    """Also a lazy import (inside a function) that the run-time import above would not see."""
    for path in [*(ROOT / "bot").rglob("*.py"), *(ROOT / "engine").rglob("*.py")]:
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        if _is_tool(module):
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""] + [f"{node.module}.{a.name}" for a in node.names]
            else:
                names = []
            assert not [n for n in names if _is_tool(n)], f"{module} imports {names}: a tool, at run time"
