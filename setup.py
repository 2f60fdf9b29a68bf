"""Optional compiled build of the engine's hot modules (issue 12); everything else is in pyproject.toml.

By default nothing is compiled: the package is pure Python and installs anywhere.  With
``SPLENDOR_COMPILE=1`` the modules in :data:`COMPILED` are compiled to C extensions with mypyc (shipped
with mypy, a dev dependency; a C compiler and the Python headers are needed), in place::

    SPLENDOR_COMPILE=1 .venv/bin/python setup.py build_ext --inplace --force

The compiled modules play exactly the same games (tests/engine/test_compiled.py compares them with the
pure-Python sources whenever a compiled build is present).  The compiled files (``engine/**/*.so``,
git-ignored) sit beside the sources and shadow them: after editing one of these modules, build again, or
go back to pure Python with ``git clean -fX engine``.
"""

from __future__ import annotations

import os

from setuptools import setup

#: The engine's hot paths in search play-outs: legal moves, applying, the turn's steps, and the computer players'
#: search and position evaluation (engine/ai: half of a hard move's time was the evaluation, interpreted); the
#: same for Spectacle (issue 30), and setting up a Splendor game (a search play-out or a self-play game starts
#: with one: 14% of the compiled self-play's time).  The states (engine/*/state.py) are compiled so that these
#: modules read their fields natively instead of by name; a compiled class's ``__new__`` runs its ``__init__``,
#: so a state's ``copy`` builds through an ``__init__`` that leaves a blank state.  The generator
#: (engine/rng.py) runs on native 64-bit integers compiled, and the random self-play loop (engine/randomplay.py)
#: is compiled with them: interpreted, they were a fifth of the compiled self-play's time (issue 30).
COMPILED = [
    "engine/turns.py",
    "engine/rng.py",
    "engine/randomplay.py",
    "engine/splendor/tables.py",
    "engine/splendor/state.py",
    "engine/splendor/moves.py",
    "engine/splendor/apply.py",
    "engine/splendor/effects.py",
    "engine/splendor/turn.py",
    "engine/splendor/setup.py",
    "engine/ai/heuristics.py",
    "engine/ai/search.py",
    "engine/spectacle/tables.py",
    "engine/spectacle/state.py",
    "engine/spectacle/moves.py",
    "engine/spectacle/buy.py",
    "engine/spectacle/apply.py",
    "engine/spectacle/turn.py",
]

ext_modules = []
if os.environ.get("SPLENDOR_COMPILE") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify(COMPILED, opt_level="3", group_name="engine.compiled")  # engine/compiled__mypyc.so

setup(ext_modules=ext_modules)
