"""``python -m bot.render OUTDIR [--lang en,es,pt]``: write the gallery of table and hand images."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot.render.gallery import write_gallery


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.render", description=__doc__)
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--lang", default="en", help="comma-separated languages (en, es, pt)")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    langs = tuple(x.strip() for x in args.lang.split(",") if x.strip())
    written = write_gallery(args.outdir, langs)
    for path, size in written:
        print(f"{path}  {size / 1024:.1f} KiB")
    print(f"{len(written)} images in {args.outdir}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
