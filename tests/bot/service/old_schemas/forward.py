"""Write ``sqlite-vN.sql``: version N-1's fixture brought forward by migration step N.

For steps that only add empty tables, columns and indexes, the bot at version N leaves an old database exactly
as this does.  Run from the repository root after appending step N+1 (the test needs a fixture for every earlier
version): ``python -m tests.bot.service.old_schemas.forward N``.
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

from bot.store.schema import MIGRATIONS

HERE = Path(__file__).parent


def forward(version: int) -> Path:
    con = sqlite3.connect(":memory:")
    try:
        con.executescript((HERE / f"sqlite-v{version - 1}.sql").read_text())
        con.executescript(f"BEGIN;\n{MIGRATIONS[version - 1].sqlite}\nPRAGMA user_version = {version};\nCOMMIT;")
        header = (f"-- A database at SQLite schema version {version}: version {version - 1}'s "
                  f"(sqlite-v{version - 1}.sql) with migration step {version}\n"
                  "-- applied, as the bot at that version left it (the step only adds tables, columns and indexes, "
                  "empty);\n-- tests/bot/service/test_old_schemas.py.\n")
        body = "\n".join(con.iterdump())
        out = HERE / f"sqlite-v{version}.sql"
        out.write_text(f"{header}{body}\nPRAGMA user_version = {version};\n")
        return out
    finally:
        con.close()


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        sys.stdout.write(f"{forward(int(arg))}\n")
