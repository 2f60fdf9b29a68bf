"""``python -m bot.bench compare --ref COMMIT [--peers DIR] [--rounds N] [--json]``: this tree against a commit.

Checks issue 30's targets by anyone, on a shared machine: the reference commit is checked out as a git
worktree in a temporary folder outside the repository, then every measurement runs in its own child
process for both trees (this working tree, ``current``, and the ``ref``), alternating which goes first
each round, and timed in CPU time (``time.process_time`` in the child, so other processes' load does not
count).  The printout gives each side's median over the rounds and their ratio (``speedup``: how many times
faster ``current`` is; above 1 is better), and ``speedup_range``: the lowest and highest ratio of a single
round.  Measurements (:data:`PROBES`):

- ``turn <ruleset> <n>p``: one turn as the bot does it: apply the move, the spectator's view, the table PNG,
  after the bot's start-up collector tuning (``gc_tuned``: the tree's ``tune_gc`` ran after warming up);
  p50/p99 CPU ms over seeded random games (the same moves on both sides: picked by code, not by list order),
  and the PNG bytes of the same positions (``same_moves`` says whether both sides played the same codes);
- ``first_render``: a fresh process's first table PNG, ``import bot.render`` included (engine warm);
- ``view_for``: µs per spectator view of a middle-game position;
- ``selfplay_checked``: Spectacle self-play with invariant checks, turns per CPU second;
- ``engine``: base 2p random self-play, no checks, events on (as the service plays), turns per CPU second;
- ``compiled``: the same with events off (search play-outs), measured only on a side whose compiled build
  is present (``--build-ref`` builds the reference's in its worktree; build this tree's yourself); it is also
  compared with the reference's ``engine`` (issue 30's 3.0x: ``--only compiled`` runs ``engine`` too), with
  the range of each round's own ratio, as against the peers.

``--peers DIR``: peers built there beforehand (never inside the repository), measured once each round
beside the two trees, against ``engine`` (events on) and ``compiled`` (events off): kuboyoo/csplendor's
pybind11 module (``_csplendor*.so`` anywhere under DIR, driven by the same random-move loop as ``engine``),
and a native driver ``csplendor-bench`` (a small C++ main linked with csplendor's headers that plays random
games and prints ``{"turns": N, "cpu_s": S}``, its own CPU time).  To build them::

    git clone https://github.com/kuboyoo/csplendor DIR/csplendor   # (or the fetch tool's mirror)
    cmake -S DIR/csplendor -B DIR/csplendor/build -DCMAKE_BUILD_TYPE=Release -Dpybind11_DIR=$(python -c \
        "import pybind11; print(pybind11.get_cmake_dir())") && cmake --build DIR/csplendor/build
  This module imports nothing from the project at module level: it runs as a script in
each child with the tree under test first on ``sys.path``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
ROOT = HERE.parents[2]
NAMES = ["Ana", "Bruno", "Carolina Esmeralda", "Dmitri"]
TURN_RULESETS = (("base", 2), ("base", 4), ("orient+strongholds", 4))
#: probe name -> (metric, "time" (lower is better) or "rate" (higher is better)) of its headline numbers.
PROBES: dict[str, dict[str, str]] = {
    **{f"turn {r} {n}p": {"p50_ms": "time", "p99_ms": "time", "png_bytes": "time"} for r, n in TURN_RULESETS},
    "first_render": {"cpu_ms": "time"},
    "view_for": {"us": "time"},
    "selfplay_checked": {"turns_per_cpu_s": "rate"},
    "engine": {"turns_per_cpu_s": "rate"},
    "compiled": {"turns_per_cpu_s": "rate"},
}
PEER_PROBES: dict[str, dict[str, str]] = {"csplendor-pybind": {"turns_per_cpu_s": "rate"},
                                          "csplendor-native": {"turns_per_cpu_s": "rate"}}


# ------------------------------------------------------------------ in the child: the measurements
def _pick(rng: Any, actions: list[Any]) -> Any:
    """A seeded pick that does not depend on the order the engine lists the actions in."""
    return rng.choice(sorted(actions, key=str)) if len(actions) > 1 else actions[0]


def probe_turn(ruleset: str, players: int, games: int = 3) -> dict[str, Any]:
    import hashlib
    import random

    import engine
    from bot.render import render_table

    names = NAMES[:players]
    times: list[float] = []
    png_bytes = 0
    codes = hashlib.sha256()
    render_table(engine.view_for(engine.new_game(engine.GameConfig(ruleset, players=players, seed=1)), None),
                 names=names)  # imports and fonts: the first render is its own probe
    gc_tuned = _tune_gc_as_the_bot_does()
    for seed in range(1, games + 1):
        rng = random.Random(seed)
        state = engine.new_game(engine.GameConfig(ruleset, players=players, seed=seed))
        for _ in range(2000):
            seat = state.to_act
            if seat is None:
                break
            action = _pick(rng, engine.legal_actions(state))
            codes.update(str(action).encode())
            t0 = time.process_time()
            state = engine.apply(state, seat, action).state
            data = render_table(engine.view_for(state, None), names=names)
            times.append((time.process_time() - t0) * 1000)
            png_bytes += len(data)
    times.sort()
    return {"p50_ms": round(statistics.median(times), 3), "p99_ms": round(times[round(0.99 * (len(times) - 1))], 3),
            "png_bytes": png_bytes, "turns": len(times), "moves": codes.hexdigest()[:16], "gc_tuned": gc_tuned}


def _tune_gc_as_the_bot_does() -> bool:
    """The tree's own start-up collector tuning (``bot.service.runtime.tune_gc``: collect, freeze what start-up
    loaded, collect the young generation less often, and since issue 30 keep freed memory for reuse), which the bot
    runs once its start-up is done
    (``SplendorBot.setup_hook``); without it the turn probe counted full collections walking the warm
    caches, which no bot turn pays.  False for a tree from before the bot tuned its collector."""
    try:
        from bot.service.runtime import tune_gc
    except ImportError:
        return False
    tune_gc()
    return True


def probe_first_render() -> dict[str, Any]:
    import engine

    view = engine.view_for(engine.new_game(engine.GameConfig("base", players=2, seed=1)), None)
    t0 = time.process_time()
    from bot.render import render_table

    render_table(view, names=NAMES[:2])
    return {"cpu_ms": round((time.process_time() - t0) * 1000, 2)}


def probe_view_for(calls: int = 3000) -> dict[str, Any]:
    import random

    import engine

    rng = random.Random(1)
    state = engine.new_game(engine.GameConfig("base", players=2, seed=1))
    for _ in range(30):  # a middle-game position
        seat = state.to_act
        assert seat is not None
        state = engine.apply(state, seat, _pick(rng, engine.legal_actions(state))).state
    engine.view_for(state, None)
    t0 = time.process_time()
    for _ in range(calls):
        engine.view_for(state, None)
    return {"us": round((time.process_time() - t0) / calls * 1e6, 2)}


def _selfplay(ruleset: str, games: int, *, check: bool, quiet: bool = False) -> dict[str, Any]:
    import inspect

    from engine import selfplay

    if quiet and "quiet" not in inspect.signature(selfplay.play).parameters:
        return {"skipped": "no events-off mode"}
    t0 = time.process_time()
    # (``quiet`` only when asked: an older tree's play() has no such parameter)
    summary = selfplay.play(ruleset, 2, games, 1, check=check, quiet=True) if quiet else \
        selfplay.play(ruleset, 2, games, 1, check=check)
    cpu = time.process_time() - t0
    return {"turns_per_cpu_s": round(summary.turns / cpu, 1), "turns": summary.turns, "stuck": summary.stuck,
            "failures": len(summary.failures)}


def probe_selfplay_checked() -> dict[str, Any]:
    """Spectacle self-play with the invariants checked after every action."""
    return _selfplay("spectacle", 60, check=True)


def probe_engine() -> dict[str, Any]:
    return _selfplay("base", 150, check=False)


def probe_compiled() -> dict[str, Any]:
    import importlib.util

    spec = importlib.util.find_spec("engine.turns")  # absent before issue 12: no compiled build either
    if spec is None or not str(spec.origin).endswith(".so"):
        return {"skipped": "no compiled build"}
    return _selfplay("base", 300, check=False, quiet=True)


def probe_csplendor(folder: str, games: int = 300) -> dict[str, Any]:
    """kuboyoo/csplendor through its pybind11 module (``_csplendor*.so`` in ``folder``), driven as ``engine``
    drives ours: list the legal moves, pick one with a seeded generator, apply it."""
    import random

    sys.path.insert(0, folder)
    import _csplendor  # type: ignore[import-not-found]

    rng = random.Random(1)
    turns = stuck = 0
    t0 = time.process_time()
    for seed in range(games):
        game = _csplendor.Game(seed)
        moves = 0
        while not game.is_game_over() and moves < 400:
            legal = game.legal_actions
            if not legal:
                break
            game.apply(legal[rng.randrange(len(legal))])
            moves += 1
        stuck += not game.is_game_over()
        turns += moves
    cpu = time.process_time() - t0
    return {"turns_per_cpu_s": round(turns / cpu, 1), "turns": turns, "stuck": stuck}


def probe_native(program: str) -> dict[str, Any]:
    """A native peer's own driver: prints ``{"turns": N, "cpu_s": S, ...}`` (its CPU time, measured inside)."""
    out = subprocess.run([program], capture_output=True, text=True, check=True)
    data: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    data["turns_per_cpu_s"] = round(data["turns"] / data["cpu_s"], 1)
    return data


def run_probe(name: str, arg: str = "") -> dict[str, Any]:
    if name == "csplendor-pybind":
        return probe_csplendor(arg)
    if name == "csplendor-native":
        return probe_native(arg)
    result = _run_own(name)
    import engine

    result["tree"] = str(Path(str(engine.__file__)).parents[1])  # which tree the child really imported
    return result


def _run_own(name: str) -> dict[str, Any]:
    if name.startswith("turn "):
        _, ruleset, players = name.split()
        return probe_turn(ruleset, int(players.rstrip("p")))
    probes: dict[str, Callable[[], dict[str, Any]]] = {
        "first_render": probe_first_render, "view_for": probe_view_for, "selfplay_checked": probe_selfplay_checked,
        "engine": probe_engine, "compiled": probe_compiled}
    return probes[name]()


# ------------------------------------------------------------------ in the parent
def child(root: Path, probe: str, arg: str = "", pycache: Path | None = None) -> dict[str, Any]:
    """Run one probe in a fresh process with ``root`` first on the path; its JSON result.  Bytecode is cached
    in ``pycache`` (outside the trees), as an installed bot has it: a first render must not count compiling."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPATH=str(root), PYTHONHASHSEED="0")
    if pycache is not None:
        env["PYTHONPYCACHEPREFIX"] = str(pycache)
    out = subprocess.run([sys.executable, str(HERE), "--child", probe, str(root), arg], cwd=root, env=env,
                         capture_output=True, text=True, check=False)
    if out.returncode:
        return {"error": (out.stderr.strip().splitlines() or ["failed"])[-1]}
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def find_peers(folder: Path) -> dict[str, str]:
    """The peers built under ``folder``: csplendor's pybind11 module (``_csplendor*.so``, any depth) and a
    native driver named ``csplendor-bench`` (see the module docstring)."""
    found: dict[str, str] = {}
    module = sorted(folder.resolve().rglob("_csplendor*.so"))
    if module:
        found["csplendor-pybind"] = str(module[0].parent)
    native = sorted(p for p in folder.resolve().rglob("csplendor-bench") if os.access(p, os.X_OK))
    if native:
        found["csplendor-native"] = str(native[0])
    return found


def make_worktree(ref: str, build: bool) -> tuple[Path, Path]:
    """A detached worktree of ``ref`` in a new temporary folder (outside the repository)."""
    folder = Path(tempfile.mkdtemp(prefix="splendor-bench-"))
    tree = folder / "ref"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(tree), ref], check=True)
    if build and (tree / "setup.py").exists():
        subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace", "--force"], cwd=tree,
                       env={**os.environ, "SPLENDOR_COMPILE": "1"}, check=True, capture_output=True)
    return folder, tree


def remove_worktree(folder: Path, tree: Path) -> None:
    subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False,
                   capture_output=True)
    shutil.rmtree(folder, ignore_errors=True)


def summarize(runs: dict[str, dict[str, list[dict[str, Any]]]]) -> dict[str, Any]:
    """Per probe: each side's median of each headline metric over the rounds, and current's speedup."""
    out: dict[str, Any] = {}
    for probe, sides in runs.items():
        metrics = PROBES.get(probe) or PEER_PROBES.get(probe, {})
        row: dict[str, Any] = {}
        for side, results in sides.items():
            good = [r for r in results if "error" not in r and "skipped" not in r]
            if not good:
                row[side] = results[-1] if results else {}
                continue
            row[side] = {m: statistics.median(r[m] for r in good) for m in metrics}
            row[side].update({k: v for k, v in good[-1].items() if k not in metrics})
        cur, ref = row.get("current", {}), row.get("ref", {})
        speed: dict[str, float] = {}
        for m, kind in metrics.items():
            if isinstance(cur.get(m), (int, float)) and isinstance(ref.get(m), (int, float)) and cur[m] and ref[m]:
                speed[m] = round(ref[m] / cur[m] if kind == "time" else cur[m] / ref[m], 3)
        row["speedup"] = speed
        spread = _spread(sides.get("current", []), sides.get("ref", []), metrics)
        if spread:
            row["speedup_range"] = spread
        out[probe] = row
    return out


def _spread(current: list[dict[str, Any]], ref: list[dict[str, Any]],
            metrics: dict[str, str]) -> dict[str, list[float]]:
    """Per metric, the lowest and highest of the rounds' own speedups (each round's ``current`` against the same
    round's ``ref``): how far the shared machine moved the ratio the medians give."""
    out: dict[str, list[float]] = {}
    for m, kind in metrics.items():
        ratios = [(r[m] / c[m] if kind == "time" else c[m] / r[m]) for c, r in zip(current, ref, strict=False)
                  if isinstance(c.get(m), (int, float)) and isinstance(r.get(m), (int, float)) and c[m] and r[m]]
        if ratios:
            out[m] = [round(min(ratios), 3), round(max(ratios), 3)]
    return out


def select_probes(only: list[str] | None) -> list[str]:
    """The probes ``--only`` names (all by default); ``compiled`` brings ``engine``: issue 30's 3.0x compares the
    compiled build with the reference's pure engine, measured in the same rounds."""
    probes = [p for p in PROBES if only is None or p in only or p.split()[0] in only]
    if "compiled" in probes and "engine" not in probes:
        probes.insert(probes.index("compiled"), "engine")
    return probes


def cross_range(row: dict[str, Any], name: str, ours: list[dict[str, Any]], theirs: list[dict[str, Any]]) -> None:
    """``row["speedup_range"][name]``: the lowest and highest of the rounds' own turns-per-CPU-second ratios between
    two probes measured in the same rounds (the compiled build against the reference's engine, or a peer)."""
    rate = "turns_per_cpu_s"
    ratios = [a[rate] / b[rate] for a, b in zip(ours, theirs, strict=False)
              if isinstance(a.get(rate), (int, float)) and isinstance(b.get(rate), (int, float)) and b[rate]]
    if ratios:
        row.setdefault("speedup_range", {})[name] = [round(min(ratios), 3), round(max(ratios), 3)]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.bench compare")
    parser.add_argument("--ref", required=True, help="the commit to compare with (e.g. c5aa7fe, main)")
    parser.add_argument("--peers", type=Path, help="a folder where the peers are built (e.g. DIR/csplendor)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", nargs="*", default=None, help="probe names (default: all)")
    parser.add_argument("--build-ref", action="store_true", help="build the reference's compiled modules")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    probes = select_probes(args.only)
    folder, tree = make_worktree(args.ref, args.build_ref)
    runs: dict[str, dict[str, list[dict[str, Any]]]] = {p: {"current": [], "ref": []} for p in probes}
    peers = find_peers(args.peers) if args.peers is not None else {}
    for peer in peers:
        runs[peer] = {"peer": []}
    pycache = folder / "pycache"
    try:
        for root in (ROOT, tree):  # compile and cache both trees' bytecode once, untimed
            child(root, "first_render", pycache=pycache)
        for round_ in range(max(1, args.rounds)):
            order = [("current", ROOT), ("ref", tree)]
            if round_ % 2:
                order.reverse()
            for probe in probes:
                for side, root in order:
                    runs[probe][side].append(child(root, probe, pycache=pycache))
            for peer, where in peers.items():
                runs[peer]["peer"].append(child(ROOT, peer, where, pycache))
    finally:
        remove_worktree(folder, tree)
    results = summarize(runs)
    for ours, peer in (("engine", "csplendor-pybind"), ("compiled", "csplendor-native")):
        mine = results.get(ours, {}).get("current", {}).get("turns_per_cpu_s")
        theirs = results.get(peer, {}).get("peer", {}).get("turns_per_cpu_s")
        if isinstance(mine, (int, float)) and isinstance(theirs, (int, float)) and theirs:
            results[peer]["speedup"] = {f"current {ours} / peer": round(mine / theirs, 3)}
            cross_range(results[peer], f"current {ours} / peer", runs[ours]["current"], runs[peer]["peer"])
    compiled = results.get("compiled", {}).get("current", {}).get("turns_per_cpu_s")
    pure = results.get("engine", {}).get("ref", {}).get("turns_per_cpu_s")
    if isinstance(compiled, (int, float)) and isinstance(pure, (int, float)) and pure:
        results["compiled"]["speedup"]["current compiled / ref engine"] = round(compiled / pure, 3)  # issue 30's 3.0x
        cross_range(results["compiled"], "current compiled / ref engine", runs["compiled"]["current"],
                     runs["engine"]["ref"])
    result = {"ref": args.ref, "rounds": args.rounds, "clock": "CPU (process_time)", "results": results}
    if args.json:
        sys.stdout.write(json.dumps(result) + "\n")
        return 0
    for probe, row in result["results"].items():
        sides = "  ".join(f"{side} {json.dumps(row[side])}" for side in ("current", "ref", "peer") if side in row)
        sys.stdout.write(f"{probe}: speedup {json.dumps(row['speedup'])}\n    {sides}\n")
    return 0


def sources_only(root: str) -> None:
    """Import the tree under ``root`` from its sources even where a compiled build sits beside them (every
    probe but ``compiled`` measures the pure-Python engine)."""
    import importlib.machinery as m

    source_only = m.FileFinder.path_hook((m.SourceFileLoader, m.SOURCE_SUFFIXES))

    tree = Path(root).resolve()

    def hook(path: str) -> Any:  # (a path entry finder)
        where = Path(path).resolve()
        if where != tree and not any(where.is_relative_to(tree / package) for package in ("engine", "bot")):
            raise ImportError(path)  # elsewhere (a virtualenv inside the tree, Pillow's extension): as usual
        return source_only(path)

    sys.path_hooks.insert(0, hook)
    sys.path_importer_cache.clear()


if __name__ == "__main__" and sys.argv[1:2] == ["--child"]:
    _, _, _probe, _root, _arg = sys.argv
    sys.path[:] = [_root] + [p for p in sys.path if Path(p).resolve() != HERE.parent]
    if _probe != "compiled":
        sources_only(_root)
    sys.stdout.write(json.dumps(run_probe(_probe, _arg)) + "\n")
