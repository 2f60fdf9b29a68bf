"""The seam is typed: mypy rejects what the layers above the engine used to get away with.

The bug that showed the weakness: the board read ``state.pending`` (through ``getattr``), which only
Splendor's state has, so a Spectacle board with a pending decision offered no menu.  With the typed
public API, reading an attribute the ``GameState`` protocol does not promise is a type error.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

GOOD = """
    import engine

    state = engine.new_game(engine.GameConfig("spectacle", 2, 1))
    pending = engine.view_for(state, None).pending
    kind: str | None = None if pending is None else pending.kind
    families: tuple[str, ...] = state.rules.families
"""

BAD = {
    "state.pending": 'engine.new_game(engine.GameConfig("spectacle", 2, 1)).pending',
    "splendor-only view field": 'engine.view_for(engine.new_game(engine.GameConfig("base", 2, 1)), None).rows',
    "an action is not a code": 'engine.apply(engine.new_game(engine.GameConfig("base", 2, 1)), 0, "take wug")',
}


def _mypy(tmp_path: Path, files: dict[str, str]) -> tuple[str, int]:
    """One strict mypy run over ``files`` (name -> source): the engine is checked once, not once per file."""
    paths = []
    for name, body in files.items():
        paths.append(tmp_path / name)
        paths[-1].write_text(textwrap.dedent(body))
    # A process of its own: mypy leaves millions of objects behind, and collecting them in the test process (whose
    # GC thresholds the bot raises) cost minutes of teardown in the whole suite.
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir",
                           str(tmp_path / "cache"), "--config-file", str(ROOT / "pyproject.toml"), *map(str, paths)],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)
    return done.stdout + done.stderr, done.returncode


@pytest.mark.slow
def test_mypy_accepts_the_typed_api_and_rejects_probing(tmp_path: Path) -> None:
    bad = "import engine\n" + "\n".join(f"x{i} = {expr}" for i, expr in enumerate(BAD.values()))
    out, status = _mypy(tmp_path, {"good.py": GOOD, "bad.py": bad})
    assert status != 0
    assert "good.py:" not in out, out  # the typed API is accepted
    for i, what in enumerate(BAD):
        assert f"bad.py:{i + 2}: error" in out, f"mypy accepted {what}:\n{out}"
    assert out.count(": error:") == len(BAD), out  # and nothing else is reported
