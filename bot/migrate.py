"""``python -m bot migrate --from sqlite:///FILE --to postgresql://...``: move the bot's data to PostgreSQL.

Stop the bot first (the copy reads the SQLite file as it is).  Every table is copied in one PostgreSQL
transaction (:mod:`bot.store.transfer`), then every game is checked: its row, seats and log read the
same from both databases, and its log replays (``engine.replay``) to the same state on both, which also
matches the game's snapshot.  Any difference is printed and the exit status is 1.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import engine
from bot.admin import AdminError, backup_before_migration
from bot.service import GameService
from bot.store import GameStore, SqliteStore
from bot.store.postgres import PostgresStore
from bot.store.schema import SCHEMA_VERSION
from bot.store.transfer import copy_sqlite_to_postgres
from bot.store.url import parse_database_url


@dataclass
class Report:
    rows: dict[str, int]
    games: int = 0
    replayed: int = 0
    problems: list[str] = field(default_factory=list)
    #: the copy of an older-schema SQLite file taken before the copy upgraded it in place (as a normal start does)
    saved: Path | None = None


async def _replayed(store: GameStore, game_id: int) -> tuple[object, ...]:
    """What the store holds of a game, and the state its log replays to (``None`` for a lobby)."""
    async with store.reading() as tx:
        row = await tx.game(game_id)
        seats = await tx.seats(game_id)
        actions = await tx.actions(game_id)
        undone = await tx.undone_actions(game_id)
        timer = await tx.timer(game_id)
    assert row is not None
    state = None
    if row.config_json is not None:
        config = engine.GameConfig.from_json(json.loads(row.config_json))
        state = json.dumps(engine.to_json(engine.replay(config, [(a.seat, a.code) for a in actions])), sort_keys=True)
    return row, seats, actions, undone, timer, state


async def verify_games(source: GameStore, target: GameStore, game_ids: Sequence[int]) -> tuple[int, list[str]]:
    """Each game the same on both stores and replaying to the same state; returns (replayed, problems)."""
    problems: list[str] = []
    replayed = 0
    checker = GameService(target, lambda: datetime.now(UTC))
    for gid in game_ids:
        try:
            before, after = await _replayed(source, gid), await _replayed(target, gid)
        except engine.EngineError as exc:
            problems.append(f"game {gid}: its log does not replay ({exc})")
            continue
        names = ("game row", "seats", "log", "undone moves", "turn clock", "replayed state")
        problems += [f"game {gid}: {n} differs" for n, a, b in zip(names, before, after, strict=True) if a != b]
        if after[-1] is not None:
            replayed += 1
            if not await checker.verify(gid):  # False also for a snapshot the log cannot even be applied to
                problems.append(f"game {gid}: its snapshot does not match its replayed log")
    return replayed, problems


async def migrate(source_url: str, target_url: str) -> Report:
    src, dst = parse_database_url(source_url), parse_database_url(target_url)
    if src.backend != "sqlite" or dst.backend != "postgres" or src.path is None:
        raise ValueError("migrate copies --from sqlite:///FILE --to postgresql://...")
    if not src.path.exists():
        hint = "" if src.path.is_absolute() else (
            f" ({src.url} is relative to the current directory {Path.cwd()}; an absolute path takes four slashes: "
            f"sqlite:////{src.path})")
        raise ValueError(f"{src.path.absolute()} does not exist{hint}")
    target = await PostgresStore.open(dst.url)
    try:
        try:  # reading the file upgrades it to this release's schema: the old release must still be able to go back
            saved = await asyncio.to_thread(backup_before_migration, src.path, SCHEMA_VERSION)
        except AdminError as exc:
            raise RuntimeError(f"no copy of {src.path.absolute()} could be taken before upgrading it ({exc})") from exc
        rows = await copy_sqlite_to_postgres(src.path, target)
        source = await SqliteStore.open(src.path)
        try:
            game_ids = await target.game_ids()
            report = Report(rows, games=len(game_ids), saved=saved)
            report.replayed, report.problems = await verify_games(source, target, game_ids)
        finally:
            await source.close()
    finally:
        await target.close()
    return report


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot migrate", description=__doc__.splitlines()[0])
    parser.add_argument("--from", dest="source", required=True, help="sqlite:///path/to/splendor.sqlite3")
    parser.add_argument("--to", dest="target", required=True, help="postgresql://user:password@host:5432/db")
    args = parser.parse_args(argv)
    try:
        report = asyncio.run(migrate(args.source, args.target))
    except (ValueError, RuntimeError) as exc:
        sys.stderr.write(f"migrate: {exc}\n")
        return 2
    if report.saved is not None:
        sys.stdout.write(f"the SQLite file was upgraded to schema {SCHEMA_VERSION}; its copy from before: "
                         f"{report.saved.absolute()} (the previous release opens that one)\n")
    for table, count in report.rows.items():
        sys.stdout.write(f"{table:>16}: {count} rows copied\n")
    sys.stdout.write(f"{report.games} games checked, {report.replayed} replayed to the same state on both databases\n")
    for problem in report.problems:
        sys.stderr.write(f"PROBLEM {problem}\n")
    return 1 if report.problems else 0
