"""The optional compiled build of the engine (setup.py, ``SPLENDOR_COMPILE=1``) plays exactly the games of
its pure-Python sources: the same legal actions in the same order, the same events, the same states, and the
computer players (their search and evaluation are compiled too) make the same choices.

Skipped when no engine module is compiled (the default install).  CI builds the compiled engine after the
test suite and runs this file against it (.ci/run).
"""

from __future__ import annotations

import importlib.machinery
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from engine import GameConfig, new_game, view_for
from engine.ai import choose
from engine.rng import Rng

ENGINE_DIR = Path(engine.__file__).parent

#: Plays seeded random games of every ruleset with the invariants checked after every action, events
#: on and off, and prints where the engine was loaded from and one digest of everything that happened.
FINGERPRINT = """
import hashlib, json
import engine.splendor.moves
from engine import GameConfig, new_game
from engine.rng import Rng

digest = hashlib.sha256()
picker = Rng(12)
for ruleset in ("base", "orient", "strongholds", "orient+strongholds", "spectacle"):
    for players, seed in ((2, 1), (2, 2), (3, 3), (4, 4)):
        state = new_game(GameConfig(ruleset, players, seed))
        quiet = state.copy()
        quiet.set_quiet()
        while not state.is_over:
            acts = state.legal_actions()
            assert acts == quiet.legal_actions()
            action = acts[picker.below(len(acts))]
            seat = state.to_act
            events = state.apply_in_place(seat, action)
            assert quiet.apply_in_place(seat, action) == ()
            state.check_invariants()
            digest.update(f"{seat} {action} {[e.to_json() for e in events]}".encode())
        assert quiet.scores() == state.scores()
        digest.update(json.dumps(state.to_json(), sort_keys=True).encode())
# the computer players' search and evaluation (engine/ai, also compiled): every level, every ruleset
from engine import view_for
from engine.ai import choose
for ruleset in ("base", "orient+strongholds", "spectacle"):
    for players, seed in ((2, 5), (3, 6)):
        state = new_game(GameConfig(ruleset, players, seed))
        turn = 0
        while not state.is_over and turn < 40:
            seat = state.to_act
            level = ("easy", "medium", "hard", "greedy1", "uct")[turn % 5]
            action = choose(view_for(state, seat), level=level, seed=turn, iterations=12)
            state.apply_in_place(seat, action)
            digest.update(f"{seat} {level} {action}".encode())
            turn += 1
print(engine.splendor.moves.__file__)
print(digest.hexdigest())
"""


def compiled_modules() -> list[Path]:
    return sorted(p for suffix in importlib.machinery.EXTENSION_SUFFIXES for p in ENGINE_DIR.rglob(f"*{suffix}"))


def fingerprint(cwd: Path, pythonpath: Path | None) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    out = subprocess.run([sys.executable, "-c", FINGERPRINT], cwd=cwd, env=env, capture_output=True, text=True,
                         check=True, timeout=600)
    return out.stdout.split()


def test_compiled_build_plays_the_same_games_as_the_sources(tmp_path: Path) -> None:
    if not compiled_modules():
        pytest.skip("no compiled build of the engine (SPLENDOR_COMPILE=1, see setup.py)")
    pure = tmp_path / "pure"
    shutil.copytree(ENGINE_DIR, pure / "engine", ignore=shutil.ignore_patterns(
        *(f"*{suffix}" for suffix in importlib.machinery.EXTENSION_SUFFIXES), "__pycache__"))
    compiled_file, compiled_digest = fingerprint(tmp_path, None)
    pure_file, pure_digest = fingerprint(tmp_path, pure)
    assert compiled_file.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)), compiled_file
    assert pure_file == str(pure / "engine" / "splendor" / "moves.py")
    assert compiled_digest == pure_digest


def test_no_compiled_module_is_older_than_its_source() -> None:
    """A compiled module shadows its source: one built before the source last changed plays stale code."""
    built = [p for p in compiled_modules() if not p.name.startswith("compiled__mypyc")]
    if not built:
        pytest.skip("no compiled build of the engine (SPLENDOR_COMPILE=1, see setup.py)")
    stale = [str(p) for p in built
             if p.stat().st_mtime < p.with_name(p.name.split(".")[0] + ".py").stat().st_mtime]
    assert not stale, f"build again (SPLENDOR_COMPILE=1 python setup.py build_ext --inplace --force): {stale}"


def test_the_compiled_generator_draws_the_numbers_of_its_source() -> None:
    """Compiled, the generator runs on native 64-bit integers that wrap (engine/rng.py): every draw, for small
    and large bounds, every 64-bit draw, fork and shuffle matches the interpreted source's, from seeds spread
    over the whole 64-bit range."""
    import importlib.util
    import random

    import engine.rng as compiled

    if not compiled.__file__ or not compiled.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
        pytest.skip("engine/rng.py is not compiled (SPLENDOR_COMPILE=1, see setup.py)")
    spec = importlib.util.spec_from_file_location("rng_source", ENGINE_DIR / "rng.py")
    assert spec is not None and spec.loader is not None
    source = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(source)
    assert compiled._NATIVE and not source._NATIVE
    pick = random.Random(5)
    bounds = [1, 2, 3, 7, 255, 256, 257, 1000, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**40 + 3, 2**62, 2**63 + 1]
    for seed in [0, 1, 2**63 - 1, 2**63, 2**64 - 1, 2**70 + 5, -3, *(pick.getrandbits(64) for _ in range(30))]:
        ours, theirs = compiled.Rng(seed), source.Rng(seed)
        for _ in range(300):
            n = pick.choice(bounds) if pick.random() < 0.5 else pick.randrange(1, 10**6)
            assert ours.below(n) == theirs.below(n), (seed, n)
            if pick.random() < 0.1:
                assert ours.next_u64() == theirs.next_u64()
            if pick.random() < 0.05:
                ours, theirs = ours.fork(7), theirs.fork(7)
        mine, other = list(range(60)), list(range(60))
        ours.shuffle(mine)
        theirs.shuffle(other)
        assert mine == other


#: Every kind of decision each ruleset can wait for (engine/splendor/turn.py, apply.py; engine/spectacle/turn.py,
#: buy.py): the test below fails if its games stop reaching one of them.
DECISIONS = {
    "base": {"return", "pay", "noble"},
    "orient": {"return", "pay", "noble", "reserve_noble", "joker", "free", "discard"},
    "strongholds": {"return", "pay", "noble", "stronghold", "conquest"},
    "orient+strongholds": {"return", "pay", "noble", "reserve_noble", "joker", "free", "discard", "stronghold",
                           "conquest"},
    "spectacle": {"return", "pay", "noble", "place", "discard", "free", "destroy", "swap"},
}


@pytest.mark.parametrize("ruleset", sorted(DECISIONS))
def test_every_view_with_a_decision_travels_to_a_worker_process(ruleset: str) -> None:
    """The service pickles a computer's view to a worker process.  Compiled, a class's ``__new__`` runs its
    ``__init__``, so an object pickled by its fields (the default) cannot be rebuilt when its ``__init__`` needs
    arguments: every view holding a pending decision failed so (``Pending``).  Every kind of decision of every
    ruleset, from the deciding seat's view and another seat's, pickles back to the same view and the same
    computer choice; runs pure and, in CI's compiled check (.ci/run), compiled."""
    seen: dict[str, int] = {}
    for seed in range(16):
        state = new_game(GameConfig(ruleset, 2 + seed % 3, seed))
        rng = Rng(seed)
        while not state.is_over:
            kind, seat = state.pending_kind, state.to_act
            assert seat is not None
            if kind is not None and seen.get(kind, 0) < 4:
                seen[kind] = seen.get(kind, 0) + 1
                for viewer in (seat, (seat + 1) % state.n):
                    view = view_for(state, viewer)
                    again = pickle.loads(pickle.dumps(view))
                    assert again == view and again.pending is not None
                    if viewer == seat:
                        assert again.public is not None and view.public is not None
                        assert again.public.canonical().to_json() == view.public.canonical().to_json()
                        assert choose(again, level="easy", seed=seed) == choose(view, level="easy", seed=seed)
            acts = state.legal_actions()
            state.apply_in_place(seat, acts[rng.below(len(acts))])
    assert set(seen) == DECISIONS[ruleset]
