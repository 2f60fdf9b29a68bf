"""One bot per database: an exclusive, advisory lock on ``<database>.lock`` naming the holder's pid.

Two bots on one SQLite file would both fire timers and send every notification twice.  The ``flock`` is
released by the kernel when the process dies, even on SIGKILL; a second instance is refused with
:class:`DatabaseInUse` naming the pid.  Tools that must not run beside a bot (a restore) take the same lock.
SQLite's own ``locking_mode = EXCLUSIVE`` would also shut out online backups and checks from other processes.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from bot.store.errors import DatabaseInUse, StoreUnavailable

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: no instance lock
    fcntl = None  # type: ignore[assignment]


def lock_path(database: Path) -> Path:
    return database.with_name(database.name + ".lock")


def _read_pid(fd: int) -> int | None:
    with contextlib.suppress(OSError, ValueError):
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, 32).decode("ascii", "replace").strip()
        return int(text) if text else None
    return None


class InstanceLock:
    """The held lock of one database; ``release()`` (or process exit) frees it."""

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path = path
        self._fd = fd

    @classmethod
    def acquire(cls, database: Path) -> InstanceLock:
        """Lock ``database`` for this process, or raise :class:`DatabaseInUse` (with the holder's pid)."""
        path = lock_path(database)
        if fcntl is None:  # pragma: no cover
            return cls(path, None)
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        except OSError as exc:
            raise StoreUnavailable(str(database), f"its lock file {path} cannot be opened ({exc.strerror})",
                                   "give the bot's user write access to the directory") from exc
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pid = _read_pid(fd)
            os.close(fd)
            raise DatabaseInUse(str(database), pid) from None
        except OSError:
            os.close(fd)
            raise
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
        return cls(path, fd)

    def release(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.ftruncate(self._fd, 0)
            os.close(self._fd)  # closing the descriptor drops the flock
            self._fd = None


def holder(database: Path) -> int | None:
    """The pid holding ``database``'s lock (0 if it is held but the pid is unknown), ``None`` if nobody does."""
    path = lock_path(database)
    if fcntl is None or not path.exists():  # pragma: no cover
        return None
    fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return _read_pid(fd) or 0
        fcntl.flock(fd, fcntl.LOCK_UN)
        return None
    finally:
        os.close(fd)
