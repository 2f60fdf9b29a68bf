"""Operator commands on the database file (docs/operators.md):

    python -m bot backup PATH     a consistent copy of the live database (SQLite's online backup API)
    python -m bot restore PATH    put a copy back (refused while a bot has the database open)
    python -m bot check           integrity, schema version and counts (exit 1 when something is wrong)
    python -m bot health          is the running bot's heartbeat fresh? (the Docker HEALTHCHECK)

Each takes ``--database PATH|URL`` (default: the bot's database, ``SPLENDOR_DATABASE_URL`` or
``SPLENDOR_DATABASE_PATH``).  On SQLite these work on the file with :mod:`sqlite3` directly, read-only except
``restore``: they are the operator's tools beside the store, and must work when the bot (and its store) cannot
start.  On PostgreSQL :mod:`bot.pgadmin` does the same with ``pg_dump`` and ``pg_restore``.  The bot itself calls
:func:`backup_before_migration` before the store migrates an older database.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import sqlite3
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from bot.store.stats import integrity_problems, missing_tables, schema_version, sqlite_counts

COMMANDS = ("backup", "restore", "check", "health")



class AdminError(Exception):
    """A refusal or failure of an operator command, as one sentence for the terminal."""


# ---------------------------------------------------------------------- connections and facts
@contextlib.contextmanager
def read_only(path: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection to an existing database file (never creates one)."""
    if not path.is_file():
        raise AdminError(f"{path.absolute()}: no such database file")
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=5)
    except sqlite3.Error as exc:
        raise AdminError(f"{path}: cannot open it ({exc})") from exc
    try:
        yield conn
    finally:
        conn.close()


def counts(conn: sqlite3.Connection, now: datetime | None = None, *, full: bool = True) -> dict[str, int]:
    """What an operator watches (:mod:`bot.store.stats`, the same counts as PostgreSQL's ``db check``): games by
    status, timers (due now), outbox (waiting) and, when ``full``, the log's length and the users (whole-table
    counts: slower on a large database)."""
    return sqlite_counts(conn, now or datetime.now(UTC), full=full)


def in_use(path: Path) -> bool:
    """Whether another connection (a running bot) has the database open.

    In WAL mode every open connection holds a shared lock for as long as it is open, even when idle,
    so taking the database in exclusive locking mode fails exactly when someone else has it open.
    """
    if not path.exists():
        return False
    conn = sqlite3.connect(str(path), timeout=0, isolation_level=None)
    try:
        conn.execute("PRAGMA locking_mode = EXCLUSIVE")
        conn.execute("BEGIN EXCLUSIVE")
        conn.execute("ROLLBACK")
        return False
    except sqlite3.OperationalError as exc:
        if "locked" in str(exc) or "busy" in str(exc):
            return True
        raise AdminError(f"{path}: cannot open it ({exc})") from exc
    except sqlite3.DatabaseError:  # not a database any more (garbage header): ask the system instead
        return bool(holders(path))
    finally:
        conn.close()


def holders(path: Path) -> list[int]:
    """Process ids (other than ours) with the database file open, as far as /proc lets us see (Linux)."""
    target = str(path.resolve())
    names = {target, target + "-wal", target + "-shm"}
    found: list[int] = []
    proc = Path("/proc")
    if not proc.is_dir():
        return found
    for entry in proc.iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        with contextlib.suppress(OSError):
            for fd in (entry / "fd").iterdir():
                with contextlib.suppress(OSError):
                    if os.readlink(fd) in names:
                        found.append(int(entry.name))
                        break
    return sorted(found)


def _stamp(now: datetime | None = None) -> str:
    return (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")


def _sibling(path: Path, label: str, now: datetime | None = None) -> Path:
    """``splendor.sqlite3`` -> ``splendor.<label>-<UTC stamp>.sqlite3`` in the same directory."""
    stem = path.name.removesuffix(".sqlite3").removesuffix(".db")
    return path.with_name(f"{stem}.{label}-{_stamp(now)}.sqlite3")


def _size(path: Path) -> int:
    return path.stat().st_size if path.exists() else 0


# ---------------------------------------------------------------------- backup
def backup_database(source: Path, dest: Path, *, now: datetime | None = None) -> Path:
    """Copy ``source`` to ``dest`` with SQLite's online backup API and check the copy.

    The copy is one consistent snapshot even while a bot writes (a read transaction in WAL mode
    never blocks the writer).  ``dest`` may be a directory (a stamped file name is chosen in it);
    an existing file is never overwritten.  The copy is written beside ``dest`` and renamed into
    place only once ``quick_check`` passed, so a failed backup never leaves a file that looks good.
    """
    if dest.is_dir():
        dest = dest / f"{source.name.removesuffix('.sqlite3')}-{_stamp(now)}.sqlite3"
    if dest.exists():
        raise AdminError(f"{dest} exists already: choose another name (a backup never overwrites a file)")
    if dest.resolve() == source.resolve():
        raise AdminError(f"{dest} is the database itself: choose another file")
    dest.parent.mkdir(parents=True, exist_ok=True)
    partial = dest.with_name(dest.name + ".partial")
    partial.unlink(missing_ok=True)
    with read_only(source) as src:
        target = sqlite3.connect(str(partial))
        try:
            src.backup(target)
            target.execute("PRAGMA journal_mode = DELETE")  # one self-contained file, no -wal/-shm beside it
            problems = integrity_problems(target, quick=True)
        except sqlite3.Error as exc:
            raise AdminError(f"backup of {source} to {dest} failed: {exc}") from exc
        finally:
            target.close()
    if problems:
        partial.unlink(missing_ok=True)
        raise AdminError(f"the copy of {source} failed its check ({problems[0]}); run `python -m bot check`")
    with open(partial, "rb+") as handle:
        os.fsync(handle.fileno())
    partial.replace(dest)
    return dest


def backup_before_migration(path: Path, latest: int, *, now: datetime | None = None) -> Path | None:
    """Before the store migrates an existing database to ``latest``, copy it beside itself.

    Returns the copy (``splendor.pre-v3-<stamp>.sqlite3`` for a database at schema 3), or None when
    nothing is to migrate (a new database, or one already at ``latest``).  Going back is restoring
    that copy with the previous release (docs/operators.md, "Upgrading").
    """
    if not path.is_file() or path.stat().st_size == 0:
        return None
    with read_only(path) as conn:
        try:
            current = schema_version(conn)
        except sqlite3.DatabaseError:
            return None  # not readable: the store's start-up check reports it
    if current == 0 or current >= latest:
        return None
    return backup_database(path, _sibling(path, f"pre-v{current}", now), now=now)


# ---------------------------------------------------------------------- check
@dataclass
class Report:
    """What ``check`` found: ``problems`` empty means healthy."""

    path: str
    size: int
    wal_size: int
    schema: int | None
    latest: int
    integrity: list[str]
    counts: dict[str, int] = field(default_factory=dict)
    holders: list[int] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    checks: list[str] = field(default_factory=list)  # PostgreSQL: what the integrity check covered
    connected: list[str] | None = None  # PostgreSQL: the bot processes connected (host:pid)
    checked: bool = True  # PostgreSQL at an older schema: the integrity check waits for the bot's migration


def check_database(path: Path, *, quick: bool = False, now: datetime | None = None) -> Report:
    from bot.store.schema import SCHEMA_VERSION

    path = path.absolute()
    report = Report(str(path), _size(path), _size(Path(str(path) + "-wal")), None, SCHEMA_VERSION, [])
    with read_only(path) as conn:
        report.integrity = integrity_problems(conn, quick=quick)
        if report.integrity:
            report.problems.append(f"damaged: {report.integrity[0]}" + (
                f" (and {len(report.integrity) - 1} more)" if len(report.integrity) > 1 else ""))
            report.problems.append("restore the latest good backup: python -m bot restore PATH")
            return report
        report.schema = schema_version(conn)
        missing = missing_tables(conn)
        if missing:
            report.problems.append(f"not a Splendor database (no {', '.join(missing)} table)")
            return report
        if report.schema > SCHEMA_VERSION:
            report.problems.append(f"schema {report.schema} is newer than this bot ({SCHEMA_VERSION}): "
                                   "run the release that wrote it")
        report.counts = counts(conn, now)
    report.holders = holders(path)
    return report


def _n(value: int) -> str:
    return f"{value:,}"


def format_report(r: Report) -> str:
    mb = 1024 * 1024
    wal = "" if r.connected is not None else f", WAL {r.wal_size / mb:.1f} MB"
    lines = [f"database: {r.path} ({r.size / mb:.1f} MB{wal})",
             "integrity: " + ("not checked" if not r.checked else "ok" if not r.integrity
                              else f"{len(r.integrity)} problem(s)")
             + (f" ({'; '.join(r.checks)})" if r.checks else "")]
    lines += [f"  {line}" for line in r.integrity[:20]]
    if r.schema is not None:
        state = "current" if r.schema == r.latest else ("to migrate at start" if r.schema < r.latest else "NEWER")
        lines.append(f"schema: version {r.schema} (this bot: {r.latest}, {state})")
    c = r.counts
    if c:
        lines.append(f"games: {_n(c['games_lobby'])} in lobby, {_n(c['games_active'])} active, "
                     f"{_n(c['games_over'])} over, {_n(c['games_aborted'])} aborted")
        lines.append(f"actions: {_n(c['actions'])}; users: {_n(c['users'])}")
        lines.append(f"timers: {_n(c['timers'])} ({_n(c['timers_due'])} due now)")
        lines.append(f"outbox: {_n(c['outbox_waiting'])} waiting, {_n(c['outbox_later'])} later, "
                     f"{_n(c['outbox_done'])} delivered or dropped")
    if r.connected is not None:
        lines.append("bots connected: " + (", ".join(r.connected) if r.connected else "none"))
    else:
        lines.append("open by: " + (", ".join(f"pid {p}" for p in r.holders) if r.holders else "no other process"))
    lines += [f"PROBLEM: {p}" for p in r.problems]
    return "\n".join(lines)


# ---------------------------------------------------------------------- restore
def _move_aside(path: Path, dest: Path) -> Path:
    """Rename a database and its -wal/-shm files to ``dest`` (kept together, as they were)."""
    for suffix in ("-wal", "-shm", ""):
        source = Path(str(path) + suffix)
        if source.exists():
            source.replace(Path(str(dest) + suffix))
    return dest


def restore_database(copy: Path, target: Path, *, now: datetime | None = None) -> Path | None:
    """Replace ``target`` with ``copy``; returns the safety copy of what was replaced (None if nothing was).

    Refused, changing nothing, when the copy is damaged, is not a Splendor database, was written by a
    newer release, or when anything has ``target`` open (a running bot).  The copy is written through
    the backup API while this process holds the database's exclusive lock, so a bot starting meanwhile
    waits instead of reading half a restore.
    """
    from bot.store.schema import SCHEMA_VERSION

    copy, target = copy.absolute(), target.absolute()  # every message names absolute paths, as the guides do
    with read_only(copy) as src:
        problems = integrity_problems(src)
        if problems:
            raise AdminError(f"{copy} is damaged ({problems[0]}); nothing was changed: pick another backup")
        missing = missing_tables(src)
        if missing:
            raise AdminError(f"{copy} is not a Splendor database (no {', '.join(missing)} table); nothing was changed")
        version = schema_version(src)
        if version > SCHEMA_VERSION:
            raise AdminError(f"{copy} has schema {version}, newer than this bot ({SCHEMA_VERSION}): "
                             "restore it with the release that wrote it; nothing was changed")
        if target.exists() and copy.resolve() == target.resolve():
            raise AdminError(f"{copy} is the database itself; nothing to do")
        target.parent.mkdir(parents=True, exist_ok=True)
        with _no_bot_running(target):
            return _restore_into(src, copy, target, now)


def _refuse_running(target: Path, pids: list[int]) -> AdminError:
    """The refusal naming what holds ``target``: the bot, the web pages' process (``python -m bot web``), or both,
    and how to stop each."""
    web = [p for p in pids if _is_web(p)]
    bots = [p for p in pids if p not in web]
    parts, stops, composes = [], [], []
    if bots or not web:
        parts.append("a bot" + (f" (pid {', '.join(map(str, bots))})" if bots else ""))
        stops.append("splendor")
        composes.append("bot")
    if web:
        parts.append(f"the web pages' process (pid {', '.join(map(str, web))})")
        stops.append("splendor-web")
        composes.append("web")
    return AdminError(f"{' and '.join(parts)} {'are' if len(parts) > 1 else 'is'} using {target}: stop "
                      f"{'them' if len(parts) > 1 else 'it'} first (systemctl stop {' '.join(stops)}, or docker "
                      f"compose stop {' '.join(composes)}); nothing was changed")


def _is_web(pid: int) -> bool:
    """Whether process ``pid`` is ``python -m bot web`` (the web pages keep the database open to read it)."""
    try:
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().decode("utf-8", "replace").split("\0")
    except OSError:
        return False
    return any(a == "bot" and b == "web" for a, b in itertools.pairwise(argv))


@contextlib.contextmanager
def _no_bot_running(target: Path) -> Iterator[None]:
    """Hold the bot's instance lock (a bot starting meanwhile is refused) and check that nothing else has the
    database open either (an SQLite shell, a bot of an older release)."""
    from bot.store.errors import DatabaseInUse, StoreUnavailable
    from bot.store.lock import InstanceLock

    try:
        lock = InstanceLock.acquire(target)
    except DatabaseInUse as exc:
        raise _refuse_running(target, [exc.pid] if exc.pid else holders(target)) from exc
    except StoreUnavailable as exc:
        raise AdminError(str(exc)) from exc
    try:
        if in_use(target):
            raise _refuse_running(target, holders(target))
        yield
    finally:
        lock.release()


def _restore_into(src: sqlite3.Connection, copy: Path, target: Path, now: datetime | None) -> Path | None:
    """The restore itself, with the instance lock held and the copy checked."""
    saved = None
    if target.exists() and target.stat().st_size > 0:
        keep = _sibling(target, "before-restore", now)
        try:
            saved = backup_database(target, keep, now=now)
        except AdminError:  # too damaged to copy (the usual reason to restore): keep the file as it is
            saved = _move_aside(target, keep)
    dest = sqlite3.connect(str(target), timeout=0, isolation_level=None)
    try:
        dest.execute("PRAGMA locking_mode = EXCLUSIVE")
        dest.execute("BEGIN EXCLUSIVE")  # held until close (exclusive locking mode)
        dest.execute("COMMIT")
        src.backup(dest)
        after = integrity_problems(dest, quick=True)
    except sqlite3.Error as exc:
        raise AdminError(f"restore into {target} from {copy} failed ({exc}); the previous database is in {saved}") \
            from exc
    finally:
        dest.close()
    if after:
        raise AdminError(f"{target} failed its check after the restore ({after[0]}); "
                         f"the previous database is in {saved}")
    return saved


# ---------------------------------------------------------------------- health
def write_health(path: Path, payload: dict[str, object]) -> None:
    """Atomically replace the heartbeat file (a reader never sees half of it)."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(payload, sort_keys=True) + "\n", encoding="utf-8")
    tmp.replace(path)


def read_health(path: Path, max_age: float, *, now: float | None = None) -> tuple[bool, str]:
    """(healthy, one sentence) from the heartbeat file the bot writes."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        at = float(data["at"])
    except FileNotFoundError:
        return False, f"{path}: no heartbeat yet (is the bot running with SPLENDOR_HEALTH_FILE set?)"
    except (OSError, ValueError, KeyError, TypeError) as exc:
        return False, f"{path}: unreadable heartbeat ({exc})"
    age = (time.time() if now is None else now) - at
    status = str(data.get("status", "?"))
    if status != "ok":
        detail = f": {data['detail']}" if data.get("detail") else ""
        return False, f"{status}{detail} (pid {data.get('pid')}, heartbeat {age:.0f} s ago)"
    if age > max_age:
        return False, f"stale: last heartbeat {age:.0f} s ago (pid {data.get('pid')}); the bot is hung or gone"
    return True, f"ok: {data.get('shards', '?')} shard(s), {data.get('guilds', '?')} server(s), " \
                 f"latency {data.get('latency_ms', '?')} ms, heartbeat {age:.0f} s ago"


# ---------------------------------------------------------------------- command line
def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Operator commands (docs/operators.md).")
    sub = parser.add_subparsers(dest="command", required=True)
    database = argparse.ArgumentParser(add_help=False)
    database.add_argument("--database", metavar="PATH|URL",
                          help="the SQLite file or a postgresql:// URL (default: SPLENDOR_DATABASE_URL, else "
                               "SPLENDOR_DATABASE_PATH)")
    b = sub.add_parser("backup", parents=[database], help="copy the live database (safe while the bot runs)")
    b.add_argument("path", help="the new file, or a directory (ending in /) for a dated file name")
    r = sub.add_parser("restore", parents=[database], help="replace the database with a copy (bot stopped)")
    r.add_argument("path", type=Path, help="the backup to restore (PostgreSQL: a pg_dump --format=custom file)")
    c = sub.add_parser("check", parents=[database], help="integrity, schema version and counts")
    c.add_argument("--quick", action="store_true", help="PRAGMA quick_check instead of the full integrity_check")
    c.add_argument("--json", action="store_true", help="print the report as JSON")
    h = sub.add_parser("health", help="exit 0 when the running bot's heartbeat is fresh and connected")
    h.add_argument("--file", type=Path, help="the heartbeat file (default: SPLENDOR_HEALTH_FILE)")
    h.add_argument("--max-age", type=float, help="seconds (default: three heartbeat intervals)")
    return parser


def _settings() -> tuple[str, Path | None, float]:
    """(database URL, health file, heartbeat interval) from the environment and .env."""
    from pydantic import ValidationError

    from bot.config import Settings, describe_validation_error

    try:
        s = Settings()
    except ValidationError as error:
        raise AdminError(describe_validation_error(error)) from error
    return s.store_url if s.database_url else str(s.sqlite_path), s.health_file, s.health_interval_s


def redacted(url: str) -> str:
    """A database URL without its password (for messages and logs)."""
    head, sep, tail = url.partition("://")
    user, at, host = tail.rpartition("@")
    if not at or not user.partition(":")[2]:  # no password
        return url
    return f"{head}{sep}{user.split(':', 1)[0]}:***@{host}"


def _target(database: str) -> tuple[Path | None, str]:
    """(the SQLite file, or None for PostgreSQL; the URL) of ``--database`` or the settings."""
    from bot.store.url import parse_database_url

    if "://" not in database:
        return Path(database).absolute(), database
    try:
        target = parse_database_url(database)
    except ValueError as exc:
        raise AdminError(f"--database: {exc}") from exc
    return (target.path.absolute() if target.path is not None else None), database


#: Runs ``backup``, ``restore`` or ``check`` on a PostgreSQL URL (``bot.pgadmin.run``, given by ``python -m bot``).
PostgresCommand = Callable[[argparse.Namespace, str], int]


def run(args: argparse.Namespace, postgres: PostgresCommand | None = None) -> int:
    if args.command == "health":
        path, interval = args.file, 15.0
        if path is None or args.max_age is None:
            _, file, interval = _settings()
            path = path or file
        if path is None:
            raise AdminError("no heartbeat file: set SPLENDOR_HEALTH_FILE (or pass --file)")
        ok, message = read_health(path, args.max_age if args.max_age is not None else 3 * interval + 5)
        print(message)
        return 0 if ok else 1
    path, url = _target(args.database or _settings()[0])
    if path is None:
        if postgres is None:
            raise AdminError(f"{redacted(url)} is a PostgreSQL database: run this as python -m bot {args.command}")
        return postgres(args, url)
    database = path
    if args.command == "backup":
        started = time.perf_counter()
        target = Path(args.path).absolute()  # the messages name absolute paths, as the guides do
        if args.path.endswith(("/", os.sep)):
            target.mkdir(parents=True, exist_ok=True)
        dest = backup_database(database, target)
        print(f"backed up {database} to {dest} ({_size(dest) / 1024 / 1024:.1f} MB, "
              f"{time.perf_counter() - started:.1f} s, checked)")
        return 0
    if args.command == "restore":
        saved = restore_database(args.path, database)
        kept = f"; the database it replaced is kept as {saved}" if saved else ""
        print(f"restored {database} from {args.path.absolute()} (checked){kept}")
        return 0
    report = check_database(database, quick=args.quick)
    print(json.dumps(report.__dict__, indent=2) if args.json else format_report(report))
    return 1 if report.problems else 0


def main(argv: Sequence[str], *, postgres: PostgresCommand | None = None) -> int:
    """``python -m bot backup|restore|check|health ...``; exit 0 done, 1 refused or unhealthy, 2 usage.

    ``postgres``: what runs the commands on a PostgreSQL database (:func:`bot.pgadmin.run`)."""
    args = _parser().parse_args(list(argv))
    try:
        return run(args, postgres)
    except AdminError as exc:
        print(exc, file=sys.stderr)
        return 1


__all__ = [
    "COMMANDS",
    "AdminError",
    "Report",
    "backup_before_migration",
    "backup_database",
    "check_database",
    "counts",
    "in_use",
    "main",
    "read_health",
    "redacted",
    "restore_database",
    "write_health",
]
