"""Print statement and branch coverage per package from the .coverage file the test run wrote."""

from __future__ import annotations

import json
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

import coverage

cov = coverage.Coverage()
cov.load()
with tempfile.TemporaryDirectory() as tmp:
    out = Path(tmp) / "coverage.json"
    cov.json_report(outfile=str(out))
    files = json.loads(out.read_text())["files"]
totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # statements, run, branches, taken
for name, report in files.items():
    rel = Path(name)
    s = report["summary"]
    for package in {str(rel.parent), rel.parts[0]}:
        t = totals[package]
        t[0] += s["num_statements"]
        t[1] += s["covered_lines"]
        t[2] += s["num_branches"]
        t[3] += s["covered_branches"]
lines = [f"{'coverage by package':28} {'statements':>11} {'branches':>9}"]
for package in sorted(totals):
    st, run, br, taken = totals[package]
    lines.append(f"{package:28} {100 * run / max(st, 1):10.1f}% {100 * taken / max(br, 1):8.1f}%")
sys.stdout.write("\n".join(lines) + "\n")
