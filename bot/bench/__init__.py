"""Benchmarks: ``python -m bot.bench render|service|leagues|computers|web|compare|create [--json]``.

Every benchmark lives in this package, out of the product's packages: ``render`` (boards drawn),
``service`` (games through the service on SQLite; ``multi``: several processes on SQLite or
PostgreSQL), ``leagues`` (a league's standings and ratings), ``computers`` (computer turns),
``web`` (the web pages over a large league), ``compare`` (CPU-time ratios of this tree against a commit) and
``create`` (opening games, SQLite against PostgreSQL).
Each module exposes ``main(argv: list[str]) -> int``.
"""

from __future__ import annotations

import importlib
import json
import sys
from typing import Any

SUBCOMMANDS = {"render": "bot.bench.render", "service": "bot.bench.service", "leagues": "bot.bench.leagues",
               "computers": "bot.bench.computers", "web": "bot.bench.web",
               "compare": "bot.bench.compare", "create": "bot.bench.create"}


def report(result: dict[str, Any], as_json: bool) -> None:
    """Print a bench's result: one JSON object, or one aligned ``key: value`` line per figure."""
    if as_json:
        sys.stdout.write(json.dumps(result) + "\n")
        return
    width = max(map(len, result), default=0)
    for key, value in result.items():
        sys.stdout.write(f"{key:>{width}}: {value}\n")


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in SUBCOMMANDS:
        print(f"usage: python -m bot.bench {{{'|'.join(SUBCOMMANDS)}}} [--json] [options]", file=sys.stderr)
        return 2
    module = importlib.import_module(SUBCOMMANDS[args[0]])
    return int(module.main(args[1:]))
