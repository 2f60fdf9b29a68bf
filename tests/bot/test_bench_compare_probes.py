"""``python -m bot.bench compare``'s measurements, run in this process on small inputs (the command runs each in a
child): what each reports, that both trees play the same moves whatever order the engine lists them in, how the
peers are driven, and the printout with peers and the compiled build's ratio against the reference's engine."""

from __future__ import annotations

import gc
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.bench import compare as bench_compare

FAKE_PEER = '''
class Game:
    """A peer's game: seed 0 never ends, seed 1 has no legal move at once, the others end after seed % 3 + 2."""

    def __init__(self, seed):
        self.seed = seed
        self.left = seed % 3 + 2

    def is_game_over(self):
        return self.seed > 1 and self.left <= 0

    @property
    def legal_actions(self):
        return [] if self.seed == 1 else [0, 1, 2]

    def apply(self, action):
        assert action in (0, 1, 2)
        self.left -= 1
'''


def test_a_pick_does_not_depend_on_the_order_the_actions_are_listed_in() -> None:
    actions = [f"take {c}" for c in ("wug", "urk", "gkw", "rwu")]
    picks = {bench_compare._pick(random.Random(7), order) for order in (actions, actions[::-1], sorted(actions))}
    assert len(picks) == 1
    assert bench_compare._pick(random.Random(7), ["pass"]) == "pass"  # one action: no draw from the generator


def test_a_turn_probe_reports_its_times_bytes_and_the_moves_it_played() -> None:
    before = gc.get_threshold()
    try:  # the probe tunes the collector as the bot does: this process's is put back afterwards
        first = bench_compare.probe_turn("base", 2, games=1)
        again = bench_compare.probe_turn("base", 2, games=1)
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
    assert first["turns"] > 10 and first["png_bytes"] > 1000 * first["turns"]
    assert 0 < first["p50_ms"] <= first["p99_ms"]
    assert first["gc_tuned"] is True and len(first["moves"]) == 16
    assert again["moves"] == first["moves"]  # the same moves every time


def test_the_other_probes_report_their_headline_numbers(monkeypatch: pytest.MonkeyPatch) -> None:
    selfplay = bench_compare._selfplay
    monkeypatch.setattr(bench_compare, "_selfplay", lambda ruleset, games, **kw: selfplay(ruleset, 2, **kw))
    for name, headlines in bench_compare.PROBES.items():
        if name.startswith("turn "):
            continue
        got = bench_compare.run_probe(name)
        assert got["tree"] == str(bench_compare.ROOT)  # which tree the measurement imported
        if "skipped" in got:
            assert name == "compiled"
            continue
        for metric in headlines:
            assert got[metric] > 0, (name, got)
    checked = selfplay("spectacle", 2, check=True)
    assert checked["turns"] > 0 and checked["failures"] == 0 and checked["stuck"] == 0


def test_a_pybind_peer_is_driven_as_our_engine_is(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "_csplendor.py").write_text(FAKE_PEER)
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.delitem(sys.modules, "_csplendor", raising=False)
    try:
        got = bench_compare.run_probe("csplendor-pybind", str(tmp_path))
    finally:
        sys.modules.pop("_csplendor", None)
    # seed 0 is cut at 400 moves and seed 1 cannot move: both stuck; the others are played to their end
    assert got["turns"] == 400 + sum(seed % 3 + 2 for seed in range(2, 300)) and got["stuck"] == 2
    assert got["turns_per_cpu_s"] > 0


def test_the_printout_compares_the_peers_and_the_compiled_build(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    rates = {("current", "engine"): 300.0, ("ref", "engine"): 100.0, ("current", "compiled"): 900.0,
             ("ref", "compiled"): 0.0, ("peer", "csplendor-pybind"): 150.0, ("peer", "csplendor-native"): 450.0}
    seen: list[tuple[str, str]] = []

    def child(root: Path, probe: str, arg: str = "", pycache: Path | None = None) -> dict[str, Any]:
        side = "peer" if arg else "current" if root == bench_compare.ROOT else "ref"
        seen.append((side, probe))
        if probe == "first_render":
            return {"cpu_ms": 1.0}
        if (side, probe) == ("ref", "compiled"):
            return {"skipped": "no compiled build"}
        return {"turns_per_cpu_s": rates[side, probe]}

    ref_tree = tmp_path / "ref"
    removed: list[Path] = []
    monkeypatch.setattr(bench_compare, "child", child)
    monkeypatch.setattr(bench_compare, "make_worktree", lambda ref, build: (tmp_path, ref_tree))
    monkeypatch.setattr(bench_compare, "remove_worktree", lambda folder, tree: removed.append(tree))
    monkeypatch.setattr(bench_compare, "find_peers", lambda folder: {"csplendor-pybind": "lib",
                                                                      "csplendor-native": "bench"})
    assert bench_compare.main(["--ref", "HEAD", "--rounds", "2", "--only", "compiled", "--peers",
                               str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert removed == [ref_tree]  # the reference's worktree is removed
    # the two sides alternate which goes first, round by round
    engine_order = [side for side, probe in seen if probe == "engine"]
    assert engine_order == ["current", "ref", "ref", "current"]
    lines = out.splitlines()
    compiled = json.loads(lines[lines.index(next(x for x in lines if x.startswith("compiled:")))]
                          .split("speedup ", 1)[1])
    assert compiled["current compiled / ref engine"] == 9.0
    pybind = next(x for x in lines if x.startswith("csplendor-pybind:"))
    native = next(x for x in lines if x.startswith("csplendor-native:"))
    assert '"current engine / peer": 2.0' in pybind and '"current compiled / peer": 2.0' in native
