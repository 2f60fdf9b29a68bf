"""Describing a view from several threads at once on a fresh interpreter (a web server's first renders): every
thread waits until the describe modules are imported, none finds its view undescribed (issue 43, item 2)."""

from __future__ import annotations

import subprocess
import sys

# In a fresh interpreter: the first thread's import of a describe module is held until the other threads have asked
# too (and a little longer); without a lock they would look the describer up before it is registered.
SCRIPT = r"""
import importlib, threading, time
import engine
from engine import GameConfig, new_game
from engine.core import describer

views = [new_game(GameConfig(ruleset=name, players=2, seed=1)).view_for(None) for name in ("base", "spectacle")]
asked = threading.Event()
original = importlib.import_module

def slow_import(name, package=None):
    if name.endswith(".describe") and threading.current_thread().name == "first":
        asked.wait(5)
        time.sleep(0.3)
    return original(name, package)

importlib.import_module = slow_import
errors = []

def run(view, mark):
    try:
        if mark:
            asked.set()
        describer(view)
    except Exception as exc:
        errors.append(repr(exc))

threads = [threading.Thread(target=run, args=(views[0], False), name="first")]
threads += [threading.Thread(target=run, args=(views[i % 2], i == 3), name=f"t{i}") for i in range(1, 4)]
threads[0].start()
time.sleep(0.05)
for th in threads[1:]:
    th.start()
for th in threads:
    th.join(10)
print("ERRORS", errors)
"""


def test_concurrent_first_describes_all_succeed() -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=60, check=True)
    assert "ERRORS []" in done.stdout, done.stdout + done.stderr
