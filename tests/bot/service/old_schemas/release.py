"""Write ``sqlite-v16-release.sql`` and ``pg-v16-release.sql``: the last release's databases (schema version 16).

Run with the release's code (d2ec2b3), from a checkout of it, with this file's folder as the argument:
``PYTHONPATH=. python path/to/release.py path/to/old_schemas``.  Each database is the web demo's (``python -m bot web
--demo``: a ladder and a rounds league, 4 members, 2 finished games and 1 running), SQLite's as ``iterdump`` plus
its ``user_version``, PostgreSQL's as ``pg_dump --inserts`` of schema ``fixture`` on a server of the ``pgserver``
wheel.  The tests read the dumps only; nothing imports this module.
"""
from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pgserver

import bot
from bot.store import SCHEMA_VERSION
from bot.store.postgres import PostgresStore
from bot.web.demo import ensure_demo, fill


async def main(out: Path) -> None:
    sys.stderr.write(f"{bot.__file__}: schema {SCHEMA_VERSION}\n")
    d = Path(tempfile.mkdtemp())
    store = await ensure_demo(d / "demo.sqlite3", finished=2, running=1, members=4)
    await store.close()
    con = sqlite3.connect(d / "demo.sqlite3")
    body = "\n".join(con.iterdump())
    con.close()
    (out / "sqlite-v16-release.sql").write_text(
        "-- A database written by the last release (schema version 16, commit d2ec2b3): the web demo's two leagues\n"
        "-- (python -m bot web --demo: a ladder and a rounds league, 4 members, 2 finished games and 1 running),\n"
        "-- iterdump plus the user_version; tests/bot/service/test_old_schemas.py.\n"
        f"{body}\nPRAGMA user_version = {SCHEMA_VERSION};\n")
    server = pgserver.get_server(tempfile.mkdtemp(prefix="rel-pg-"), cleanup_mode="delete")
    url = server.get_uri()
    pg = await PostgresStore.open(url, schema="fixture")
    await fill(pg, finished=2, running=1, members=4, seed=7)
    await pg.close()
    bindir = Path(pgserver.__file__).parent / "pginstall" / "bin"
    dump = subprocess.run([str(bindir / "pg_dump"), "--inserts", "--no-owner", "--no-privileges", "-n", "fixture",
                           url], check=True, capture_output=True, text=True).stdout
    lines = [ln for ln in dump.splitlines() if not ln.startswith("--") and ln.strip()]
    (out / "pg-v16-release.sql").write_text(
        "-- pg_dump --inserts of a database written by the last release (schema version 16, commit d2ec2b3) in\n"
        "-- schema \"fixture\": the web demo's two leagues (as sqlite-v16-release.sql);"
        " tests/bot/service/test_old_schemas.py.\n"
        + "\n".join(lines) + "\n")
    server.cleanup()

if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1])))
