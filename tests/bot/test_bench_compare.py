"""``python -m bot.bench compare``: a reference commit checked out beside this tree, measured in child processes."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from bot.bench import compare as bench_compare


def test_compare_measures_both_trees_and_removes_the_reference(capsys: pytest.CaptureFixture[str]) -> None:
    before = subprocess.run(["git", "-C", str(bench_compare.ROOT), "worktree", "list"], capture_output=True,
                            text=True, check=True).stdout
    assert bench_compare.main(["--ref", "HEAD", "--rounds", "1", "--only", "view_for", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    row = result["results"]["view_for"]
    assert row["current"]["tree"] == str(bench_compare.ROOT)
    assert row["ref"]["tree"] != str(bench_compare.ROOT) and not Path(row["ref"]["tree"]).exists()  # removed
    assert row["current"]["us"] > 0 and row["ref"]["us"] > 0 and row["speedup"]["us"] > 0
    after = subprocess.run(["git", "-C", str(bench_compare.ROOT), "worktree", "list"], capture_output=True,
                           text=True, check=True).stdout
    assert after == before


def test_speedups_are_ratios_of_medians_in_the_better_direction() -> None:
    runs = {"view_for": {"current": [{"us": 10.0}, {"us": 30.0}, {"us": 20.0}], "ref": [{"us": 40.0}]},
            "engine": {"current": [{"turns_per_cpu_s": 300.0}], "ref": [{"turns_per_cpu_s": 100.0}]},
            "compiled": {"current": [{"skipped": "no compiled build"}], "ref": [{"skipped": "no compiled build"}]}}
    out = bench_compare.summarize(runs)
    assert out["view_for"]["current"]["us"] == 20.0 and out["view_for"]["speedup"] == {"us": 2.0}
    assert out["engine"]["speedup"] == {"turns_per_cpu_s": 3.0}
    assert out["compiled"]["speedup"] == {} and out["compiled"]["current"] == {"skipped": "no compiled build"}


def test_the_spread_is_each_rounds_own_ratio() -> None:
    runs = {"view_for": {"current": [{"us": 10.0}, {"us": 30.0}, {"us": 20.0}],
                         "ref": [{"us": 40.0}, {"us": 30.0}, {"us": 30.0}]},
            "engine": {"current": [{"turns_per_cpu_s": 300.0}, {"error": "failed"}],
                       "ref": [{"turns_per_cpu_s": 100.0}, {"turns_per_cpu_s": 100.0}]}}
    out = bench_compare.summarize(runs)
    assert out["view_for"]["speedup_range"] == {"us": [1.0, 4.0]}  # rounds: 4.0, 1.0, 1.5
    assert out["engine"]["speedup_range"] == {"turns_per_cpu_s": [3.0, 3.0]}  # the failed round is left out


def test_peers_are_found_where_they_were_built(tmp_path: Path) -> None:
    (tmp_path / "csplendor" / "build" / "lib").mkdir(parents=True)
    (tmp_path / "csplendor" / "build" / "lib" / "_csplendor.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    driver = tmp_path / "native" / "csplendor-bench"
    driver.parent.mkdir()
    driver.write_text("#!/bin/sh\necho '{\"turns\": 10, \"cpu_s\": 0.5}'\n")
    driver.chmod(0o755)
    assert bench_compare.find_peers(tmp_path) == {"csplendor-pybind": str(tmp_path / "csplendor" / "build" / "lib"),
                                                  "csplendor-native": str(driver)}
    assert bench_compare.probe_native(str(driver))["turns_per_cpu_s"] == 20.0
    assert bench_compare.find_peers(tmp_path / "csplendor" / "build" / "lib" / "nothing") == {}


def test_the_compiled_build_is_compared_with_the_references_engine_round_by_round() -> None:
    """Issue 30's 3.0x: ``--only compiled`` measures the reference's pure engine too, and the range is each
    round's compiled build against the same round's reference engine (a failed round left out)."""
    assert bench_compare.select_probes(["compiled"]) == ["engine", "compiled"]
    assert bench_compare.select_probes(["view_for"]) == ["view_for"]
    row: dict[str, object] = {}
    bench_compare.cross_range(row, "current compiled / ref engine",
                              [{"turns_per_cpu_s": 300.0}, {"turns_per_cpu_s": 360.0}, {"error": "failed"}],
                              [{"turns_per_cpu_s": 100.0}, {"turns_per_cpu_s": 90.0}, {"turns_per_cpu_s": 80.0}])
    assert row == {"speedup_range": {"current compiled / ref engine": [3.0, 4.0]}}
