"""Benchmarks: ``python -m bot.bench render|service|leagues|computers|compare [--json]``.

Each subcommand lives with its feature (``bot.render.bench``, ``bot.service.bench``)
and exposes ``main(argv: list[str]) -> int``.
"""

from __future__ import annotations

import importlib
import sys

SUBCOMMANDS = {"render": "bot.render.bench", "service": "bot.service.bench", "leagues": "bot.leagues.bench",
               "computers": "bot.service.bench_computers", "compare": "bot.bench_compare"}


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in SUBCOMMANDS:
        print(f"usage: python -m bot.bench {{{'|'.join(SUBCOMMANDS)}}} [--json] [options]", file=sys.stderr)
        return 2
    module = importlib.import_module(SUBCOMMANDS[args[0]])
    return int(module.main(args[1:]))


if __name__ == "__main__":
    raise SystemExit(main())
